"""The log fold: a match's input events fed to a Match, with undo, carrying on after
a refused one. The audit, the live views, the replay, the analysis and the
controller's restore after a power cut all read a log through it, so they agree on
which events are inputs and on what an undo or a refusal does.

- `INPUTS` are the events that happen at the table (docs/protocol.md, input events) once
  a `match` is under way; `match` starts a new fold. `x-undo` (firmware/table) takes
  back the play whose `seq` it names. Every other event is derived (the rules
  recompute it) or an extension the rules ignore.
- A refused input changes nothing but itself (docs/protocol.md 1.2): the rules raise
  before they change anything, so the fold carries on with the next. A fault inside
  the rules (any other exception) may have left them half-way, so the match is
  rebuilt from the inputs kept before it.
- An undo rebuilds the match from the kept inputs without the undone play: the
  rules keep no history to step back through, and a rebuild gives exactly the
  state the table would have reached had the play never come.
- A director's override (`x-override`: `ruling`, the seq of a logged `x-ruling`, and
  its new `penalty`) rebuilds the match the same way, with that ruling's penalty
  replaced (`Match.overrides`, read by rules/rulings.py): what followed is judged
  under the director's ruling. One naming no ruling of the match, a penalty that
  ruling cannot have, or a ruling of a hand before the last, is refused and changes
  nothing. What it derives is the hand's end as it now stands (rules/rulings.py
  `closing`): a `hand_end` when it ended the hand, an `x-reopen` when it reopened it.

`apply` and `replay` keep nothing (the controller streams its journal from flash);
`Fold` keeps the accepted inputs, for an undo in memory, and tells a subclass what
each input produced through its hooks (`accepted`, `refused`, `restarting`,
`rebuilt`).
Runs under MicroPython (the controller's restore): no f-strings, typing or
dataclasses.
"""
from .errors import TableError
from .match import Match

# The events that happen at the table once a match is under way (docs/protocol.md).
INPUTS = ("deal", "misdeal", "hand", "turnup", "play", "call", "cap")
UNDO = "x-undo"
RULING = "x-ruling"
OVERRIDE = "x-override"


def is_input(event):
    """True for an event the rules take as an input: a `match` or one of `INPUTS`."""
    name = event.get("ev")
    return name == "match" or name in INPUTS


def apply(m, event):
    """Feed one event to Match `m`: (True, derived) when accepted, (False, error)
    when the rules refuse it (the match unchanged). Faults inside the rules are
    not caught here: `Fold` rebuilds after one; the controller lets them show."""
    try:
        return True, m.apply(event)
    except TableError as err:
        return False, err


def replay(events, undone=(), m=None, overrides=None):
    """The Match after `events` (any iterable: a journal read from flash), skipping
    extensions and the plays whose `seq` is in `undone`, refused ones carried past
    as they were when they came, rulings overruled as `overrides` says (a ruling's
    key, rules/rulings.py `key`, -> penalty). Keeps nothing but the match."""
    if m is None:
        m = Match()
    m.overrides = overrides
    for ev in events:
        name = ev.get("ev")
        if name == "match":
            m = None            # the old match goes before the new one is built
            m = Match()
            m.overrides = overrides
        elif name not in INPUTS or (name == "play" and ev.get("seq") in undone):
            continue
        apply(m, ev)
    return m


def without_undone(events, also=()):
    """(index, event) of the inputs of `events` (a whole log in memory), and of the
    events named in `also`, leaving out every play an `x-undo` anywhere in it took
    back: what a replay steps through."""
    undone = set()
    for ev in events:
        if ev.get("ev") == UNDO and ev.get("undo") is not None:
            undone.add(ev.get("undo"))
    out = []
    for i, ev in enumerate(events):
        if not is_input(ev) and ev.get("ev") not in also:
            continue
        if ev.get("ev") == "play" and ev.get("seq") is not None and ev.get("seq") in undone:
            continue
        out.append((i, ev))
    return out


class Fold:
    """One log folded event by event into `match`.

    `feed(event, tag)` returns what the event produced: ("accepted", derived),
    ("refused", error), ("undone", (tag, play)) for an undo that took back a play,
    ("overruled", derived) for a director's override, or ("ignored", None) for a
    derived event or an extension. `tag` is the caller's
    name for the event (a line number); it comes back in the hooks and in `kept`.

    Hooks, for a subclass: `accepted(tag, event, derived, live)` and
    `refused(tag, event, error, live)` after each input (`live` False while a
    rebuild replays the kept ones: the caller saw them the first time), and
    `restarting()` before a rebuild replays them (the caller drops what it folded),
    `rebuilt()` once it has.
    `step(event, match)` is how an input reaches the rules; a subclass may take an input
    of its own there (the audit's resync after a gap)."""

    def __init__(self):
        self.match = Match()
        self.kept = []          # (tag, event) of every input the rules accepted
        self.rebuilding = False
        self.ruled = {}         # seq of a logged x-ruling -> its key (this match's)
        self.overrides = {}     # key -> the director's penalty (this match's)

    def feed(self, event, tag=None):
        name = event.get("ev")
        if name == UNDO:
            taken = self.undo(event.get("undo"))
            return ("undone", taken) if taken is not None else ("refused", None)
        if name == "match" or name in INPUTS:
            return self.take(event, tag, True)
        if name == RULING or name == OVERRIDE:
            from . import rulings   # loaded for a ruling's line: a replay streams past them
            return rulings.fold_line(self, event, tag)
        return "ignored", None

    def overrule(self, event, tag=None):
        """A director's `x-override`: ("overruled", derived) with the match rebuilt
        under it, or ("refused", error) changing nothing (rules/rulings.py `overrule`)."""
        from . import rulings
        return rulings.overrule(self, event, tag)

    def take(self, event, tag=None, live=True):
        """Feed one input (also one the caller mended or made); see `feed`."""
        m = self.match
        if event.get("ev") == "match" and m.game is not None:
            m = Match()     # a new match, taken up only once the rules accept it
        try:
            derived = self.step(event, m)
        except TableError as err:
            self.refused(tag, event, err, live)
            return "refused", err
        except Exception as err:    # a fault in the rules: their state is not trusted
            if not self.rebuilding:
                self.rebuild()
            self.refused(tag, event, err, live)
            return "refused", err
        if m is not self.match:
            self.match = m      # the inputs of the last match are done with
            self.kept = []
            self.ruled = {}
            self.overrides = {}
            m.overrides = self.overrides
        self.kept.append((tag, event))
        self.accepted(tag, event, derived, live)
        return "accepted", derived

    def step(self, event, m):
        return m.apply(event)

    def undo(self, seq):
        """Take back the kept play whose `seq` is `seq` and rebuild without it: its
        (tag, event), or None when no kept play has that seq (nothing changes)."""
        if seq is None:
            return None
        for i in range(len(self.kept) - 1, -1, -1):
            ev = self.kept[i][1]
            if ev.get("ev") == "play" and ev.get("seq") == seq:
                taken = self.kept.pop(i)
                self.rebuild()
                return taken
        return None

    def rebuild(self):
        """A new Match fed the kept inputs again (after an undo or a fault)."""
        kept = self.kept
        self.rebuilding = True
        self.restarting()
        self.match = None       # the old state goes before the new one is built
        self.match = Match()
        self.match.overrides = self.overrides
        self.kept = []
        try:
            for tag, ev in kept:
                self.take(ev, tag, False)
        finally:
            self.rebuilding = False
        self.rebuilt()

    # -- hooks ---------------------------------------------------------------------------
    def accepted(self, tag, event, derived, live):
        pass

    def refused(self, tag, event, error, live):
        pass

    def restarting(self):
        pass

    def rebuilt(self):
        pass
