"""An open-source Wiezen scorer's table, written by hand from reading it (never its code):
martijnckx/wiezen, content/_data/rounds.mjs (commit 1256924e507ea8972613d7140b1070e8128c94e2),
whose README links the IWWA rules and score sheet. It scores a contract as team points P
for the declaring side: made, P = success + (tricks - target) * per_over; failed,
P = failure - (target - 1 - tricks) * per_under; all 13 tricks doubles P where marked.
Each declarer gets P / declarers and each defender -P / defenders; miserie is P =
+success with no trick taken, -success otherwise, per miserie player.

Rows: contract word -> (declarers, target, success, failure, per_over, per_under, doubled at 13),
as read from its classes Alleen, VragenEnMeegaan, Abondance(9..12), Troel, Troela, Solo,
SoloSlim, Misery, OpenMisery.
"""
MARTIJNCKX = {
    "alleen": (1, 5, 6, 12, 3, 6, True),
    "vraag": (2, 8, 4, 12, 2, 4, True),
    "abondance-9": (1, 9, 15, 15, 0, 0, False),
    "abondance-10": (1, 10, 18, 18, 0, 0, False),
    "abondance-11": (1, 11, 24, 24, 0, 0, False),
    "abondance-12": (1, 12, 27, 27, 0, 0, False),
    "troel": (2, 8, 8, 12, 4, 4, True),
    "troela": (2, 9, 8, 12, 4, 4, True),
    "solo": (1, 13, 75, 75, 0, 0, False),
    "solo-slim": (1, 13, 90, 90, 0, 0, False),
    "miserie": (1, 0, 21, 21, 0, 0, False),
    "open-miserie": (1, 0, 42, 42, 0, 0, False),
}


def team_points(word, tricks):
    """P for the declaring side taking `tricks`, by the rows above."""
    n, target, success, failure, over, under, double = MARTIJNCKX[word]
    if word in ("miserie", "open-miserie"):
        return success if tricks == 0 else -failure
    if tricks >= target:
        p = success + (tricks - target) * over
    else:
        p = -failure - (target - 1 - tricks) * under
    return p * 2 if double and tricks == 13 else p


# KimDebroye/Wiezen-Score, src/lib/scoring.ts (commit 93e16225c88f6ea543ec5bf84c89e2eadd02c7c5),
# which claims the IWWA sheet: its miserie matrix for 1, 2 or 3 miserie players, read
# by hand. (successes, failures) -> (each succeeding player, each failing player, each
# other player), in units of B (7 for miserie, 14 for open miserie).
KIMDEBROYE_MISERIE = {
    (1, 0): (3, None, -1), (0, 1): (None, -3, 1),
    (2, 0): (2, None, -2), (1, 1): (4, -4, 0), (0, 2): (None, -2, 2),
    (3, 0): (1, None, -3), (2, 1): (3, -5, -1), (1, 2): (5, -3, 1), (0, 3): (None, -1, 3),
}
# Its other per-opponent values (1 v 3) and per-player values (2 v 2) at its defaults:
# abondance 9/10/11/12 = 5/6/8/9, solo slim 30, miserie 7, open miserie 14; vraag failed
# = 3 * base (6) + 2 a further undertrick; alleen failed = 2 * base (4) + 2 a further one.
KIMDEBROYE_FIXED = {"abondance-9": 5, "abondance-10": 6, "abondance-11": 8, "abondance-12": 9,
                    "solo-slim": 30, "miserie": 7, "open-miserie": 14}
