"""Wiezen's hand score (../shared/rules/wiezen.md §10), zero-sum, as named tables.

`v` is what each declarer wins (2 v 2) or what each defender pays (1 v 3): a made
contract moves `v` from each defender to each declarer (2 v 2) or `v` from each of the
three defenders to the lone declarer (+3v); a failed one moves it the other way.
Several miserie players settle each on his own against the three others (§10.3).

A table row per contract: (made, per overtrick, failed, per further undertrick).
Made: v = made + over * (tricks - target); failed: v = -(failed + under * (target - 1 -
tricks)); all 13 tricks doubles v where the table says (`DOUBLE_13`). Miserie: made when
no trick is taken. Rows for contracts without overtricks have 0 there.

Tables (option `score_table`; sheet W1, W2):
- "iwwa" (default): the IWWA score sheet as two open-source scorers implement it
  (martijnckx/wiezen, KimDebroye/Wiezen-Score; tests/game_rules/wiezen_scorers.py
  compares it with the first).
- "kleuren": the Kleurenwiezen app's: samen 2 (+1 a trick), alleen 3 (+1), troel 4
  (+1), abondance 6, miserie 7, open miserie 14, solo slim 25, 13 tricks double. Its
  failures are read as the same values lost with 1 a further undertrick (the app
  names no other), troela as troel, and solo as solo slim (the app has no solo).
- "light": the IWWA sheet but a failed vraag costs 2, then 1 a further undertrick
  (several clubs and apps, sheet W2).
"""
from . import contracts as K

_IWWA = (
    (0, 0, 0, 0),       # NONE
    (2, 1, 6, 2),       # vraag & mee (8)
    (2, 1, 4, 2),       # alleen (5)
    (5, 0, 5, 0),       # abondance 9
    (6, 0, 6, 0),       # abondance 10
    (7, 0, 7, 0),       # miserie
    (8, 0, 8, 0),       # abondance 11
    (9, 0, 9, 0),       # abondance 12
    (4, 2, 6, 2),       # troel (8)
    (4, 2, 6, 2),       # troela (9)
    (14, 0, 14, 0),     # open miserie
    (25, 0, 25, 0),     # solo
    (30, 0, 30, 0),     # solo slim
)
_KLEUREN = (
    (0, 0, 0, 0), (2, 1, 2, 1), (3, 1, 3, 1), (6, 0, 6, 0), (6, 0, 6, 0), (7, 0, 7, 0),
    (6, 0, 6, 0), (6, 0, 6, 0), (4, 1, 4, 1), (4, 1, 4, 1), (14, 0, 14, 0), (25, 0, 25, 0),
    (25, 0, 25, 0),
)
_LIGHT = _IWWA[:1] + ((2, 1, 2, 1),) + _IWWA[2:]

TABLES = {"iwwa": _IWWA, "kleuren": _KLEUREN, "light": _LIGHT}
DOUBLE_13 = {"iwwa": True, "kleuren": True, "light": True}


def value(table, contract, tricks, target=0):
    """`v` for the declaring side taking `tricks` (its total; a miserie declarer's
    own): positive made, negative failed. `target` overrides the contract's own (a
    Kleurenwiezen ask bid at more than 8)."""
    made, over, failed, under = TABLES[table][contract]
    if K.is_miserie(contract):
        return made if tricks == 0 else -failed
    target = target or K.TARGET[contract]
    if tricks >= target:
        v = made + over * (tricks - target)
        if tricks == 13 and over and DOUBLE_13[table]:
            v *= 2
        return v
    return -(failed + under * (target - 1 - tricks))


def score_into(table, contract, declarers, tricks, out, target=0, multiplier=1):
    """Each seat's score for the hand into `out` (4 ints, zero-sum). `declarers`: a
    bit per declaring seat (the pair for vraag and troel, every miserie player);
    `tricks`: tricks taken per seat. `multiplier`: the hand counts double after an
    all-pass (option all_pass "double")."""
    for s in range(4):
        out[s] = 0
    if K.is_miserie(contract):
        for d in range(4):
            if (declarers >> d) & 1:
                v = value(table, contract, tricks[d]) * multiplier
                for s in range(4):
                    out[s] += 3 * v if s == d else -v
        return out
    side = 0
    n = 0
    for s in range(4):
        if (declarers >> s) & 1:
            side += tricks[s]
            n += 1
    v = value(table, contract, side, target) * multiplier
    for s in range(4):
        if (declarers >> s) & 1:
            out[s] = v if n == 2 else 3 * v
        else:
            out[s] = -v
    return out
