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
