"""Undo and restart: the rules state rebuilt from the journal.

Loaded by the controller for an undo or a resume at boot and dropped after it, so
it takes no heap during play. Which events are inputs, what an undo and a refusal
do: the rule module's one log fold (rules/fold.py), streamed from flash here.
"""
from rules import cards as C
from rules import fold      # a rare part too: controller._unload drops it after
from rules.match import Match
from . import signals
from .panel.say import say

_NONE = -1


def undo(t):
    """Undo the last play of table `t` (a misread): logged as `x-undo`; the rules
    state is rebuilt from the journal without it. False when the last input is no
    play."""
    last = None
    for ev in t.journal.events():
        if fold.is_input(ev) and ev.get("seq") not in t.undone:
            last = ev
    if last is None or last.get("ev") != "play" or t.match.over:
        t._warn(None, say("nothing to undo"))
        return False
    ev = {"ev": "x-undo", "undo": last["seq"], "seat": last["seat"],
          "card": last["card"], "t": t.now()}
    t._input(ev)
    undone(t, ev)
    return True


def undone(t, ev):
    """Rebuild the rules state without the play the `x-undo` event `ev` names."""
    t.undone.append(ev["undo"])
    t.match = None      # the old state goes before the new one is built
    t.match = rebuild(t.journal, ev["seq"], t.undone, t.overrides)
    seat = ev["seat"]
    if t.lying[seat] == C.parse(ev["card"]):
        t.lying[seat] = _NONE
    t.sync()


def rebuild(journal, stop_seq, undone, overrides=None):
    """The rules state of the journal's events before seq `stop_seq`, without the
    plays whose seqs are in `undone` (an undo; a resend from the journal), under the
    director's `overrides`."""
    return fold.replay(journal.events(stop_seq), undone, None, overrides or None)


def overrule(t, ruling, penalty, by, reason):
    """The director's override (table/controller.py `overrule`): the reason it is
    refused, or None once it is logged and the match rebuilt under it. The tag's
    override (no penalty named) gives the last ruling its other reading: condone and
    take-back swap, a penalty is waived (report), a report takes the law's penalty."""
    from rules.errors import EventError
    from rules.rulings import check_hand, check_override
    if ruling is None:
        ruling = t.ruling["seq"] if t.ruling is not None else None
    key = t.ruled.get(ruling)
    if key is None:
        t.message = say("no ruling")        # the director's tag: no seat's light to blame
        t.changed = True
        return EventError("no ruling of this match has seq " + repr(ruling))
    if penalty is None:
        was = t.overrides.get(key) or (t.ruling["penalty"] if t.ruling is not None
                                       and t.ruling["seq"] == ruling else "report")
        law = t.match.game.revoke_penalty
        penalty = {"condone": "take-back", "take-back": "condone",
                   "report": law if law != "report" else "hand"}.get(was, "report")
    try:
        check_override(penalty, key[3])
        check_hand(t.match, key)
    except EventError as err:
        return err
    ev = {"ev": "x-override", "ruling": ruling, "penalty": penalty, "t": t.now()}
    if by is not None:
        ev["by"] = by
    if reason is not None:
        ev["reason"] = reason
    t._input(ev)
    overridden(t, ev)
    return None


def overridden(t, ev):
    """Rebuild the rules state under the override `ev` (live, or replayed at boot),
    and log the hand's end as it now stands (rules/rulings.py `closing`: the
    `hand_end` of a hand it ended, the `x-reopen` of one it reopened)."""
    from rules.rulings import closing, ending
    key = t.ruled.get(ev.get("ruling"))
    if key is None:
        return
    before = ending(t.match)
    t.overrides[key] = ev["penalty"]
    t.match = None
    t.match = rebuild(t.journal, ev["seq"], t.undone, t.overrides)
    t.violation = None
    for d in closing(before, t.match):
        t._derived(d)
    if not t.replaying:
        t.sync()        # (at boot, resume syncs once the journal is replayed: no deal from here)
    # The panel says the director's ruling until the next card (docs/referee.md)
    from .panel.screen_notes import penalty_text
    game = t.match.game
    team = game.team_of[key[2]]
    score = [0] * game.teams
    score[1 - team] = game.revoke_score or 0
    t.message = (say("OVERRULED") + " S" + str(key[2]) + ": "
                 + penalty_text({"penalty": ev["penalty"], "team": team, "score": score}))
    t.changed = True


def resume(t):
    """Replay the journal after a restart; True when a match was resumed."""
    if not t.journal.recover():
        return False
    t.replaying = True
    t.link.muted = True
    try:
        for ev in t.journal.events():
            _replay(t, ev)
    finally:
        t.replaying = False
        t.link.muted = False
    m = t.match
    if m.game is None:
        return False
    t.sync()
    # The last trick may still lie on the readers: its cards are adopted as they
    # are seen again, and `settled()` ends the wait for the rest (the phase reads
    # COLLECT meanwhile).
    t.booting = True
    return True


def _replay(t, ev):
    name = ev.get("ev")
    if name == "match":
        t.match = None
        t.match = Match()
        t.match.apply(ev)
        t.first_dealer = ev.get("first_dealer", 0)
        t.match_names = ev.get("names")
        if "names" in ev:
            t.names = ev["names"]   # the names come back with their match after a power cut
        t.undone = []
        t.ruled = {}
        t.overrides = {}
        t.link.event(ev)
        return
    if name == "x-override":
        t.link.event(ev)
        overridden(t, ev)
        return
    if name == "x-undo":
        t.link.event(ev)
        undone(t, ev)
        return
    accepted, derived = fold.apply(t.match, ev) if fold.is_input(ev) else (False, ())
    if not accepted:
        derived = ()    # the same refusal as when it came (or an extension: no rules)
    elif name == "play" and t.match.pend_seat == ev.get("seat"):
        t.pend_seq = ev.get("seq", -1)     # held out of turn: its lifting is logged again
    t.link.event(ev)
    for d in derived:
        t._derived(d)
