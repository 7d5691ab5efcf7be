"""The rare parts of the referee at the table (docs/referee.md): the panel's line for a
ruling that has no violation box (a refused claim, a concession cancelled by the
partner, a misdeal called after the first card that stands), and the short hand a
late misdeal tag names. Loaded only when one is made, dropped with the other rare
parts (controller._unload): the controller at boot stays as small as before."""
from .panel.say import say


def short(t, ev, seat):
    """The misdeal tag laid on `seat`'s reader: after the hand's first card under the
    law `late_misdeal: stands`, that seat's hand is the short one (`short`: its missing
    trick goes to the other side). The rules refuse it where the game has no such
    trick or on the hand's last trick; the controller then lets it stand without."""
    m = t.match
    game = m.game
    if game is not None and game.late_misdeal == "stands" and game.play_begun(m):
        ev["short"] = seat


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
