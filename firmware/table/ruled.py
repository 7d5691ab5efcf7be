"""The panel's line for a ruling that has no violation box (docs/referee.md): a refused
claim, a concession cancelled by the partner, a misdeal called after the first card
that stands. Loaded only when one is made, dropped with the other rare parts
(controller._unload): the controller at boot stays as small as before."""
from .panel.say import say


def aloud(t, d):
    """Set table `t`'s message for the derived event `d` (an x-claim or x-ruling)."""
    if d["ev"] == "x-claim":
        if d.get("objected") is not None:
            text = "S" + str(d["objected"]) + ": " + say("objects: concession cancelled")
        else:
            text = "S" + str(d["seat"]) + ": " + say("claim refused, play on")
    elif d.get("short") is not None:
        text = ("S" + str(d["short"]) + ": " + say("a card short, its trick to team")
                + " " + str(1 - t.match.game.team_of[d["short"]]))
    else:
        text = say("late misdeal: play on")
    t.message = text
    t.changed = True
