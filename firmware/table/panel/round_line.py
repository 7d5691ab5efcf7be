"""The panel's line of a round with a clock (table/io/clock.py keeps the round):
ROUND 3, TABLE 5, 12 min, and LAST DEAL once the time is up."""
from .say import say

NONE = -1       # as table/io/clock.py: a number the round does not give


def text(t):
    """The panel's line: ROUND 3, TABLE 5, 12 min (LAST DEAL once the time is up)."""
    r = t.round
    out = say("ROUND") + " " + str(r[0])
    if r[1] != NONE:
        out += ", " + say("TABLE") + " " + str(r[1])
    if r[2] != NONE:
        ms = r[2] - t.now()
        if ms > 0:
            out += ", " + str((ms + 59999) // 60000) + " min"
        else:
            out += ", " + say("LAST DEAL")
    return out
