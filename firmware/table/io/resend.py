"""Resends from the journal: the lines of events that have left the resend ring.

The journal holds the match's input events exactly as they were sent (with their
seq). The derived events between them are the rules' answers to those inputs, so
replaying the journal through a fresh Match gives each of them again, with the
same seq and the same content (the boot's resume does the same into the ring).

Streamed, never gathered: the link asks for one line at a time as it writes, so
the heap holds the replay's Match, the open journal file and one line, not the
match's lines. The replay's Match lives only while the link writes lines older
than its ring; the link drops it as soon as it reaches the ring.
Loaded for such a resend (or a host that fell behind the ring) and dropped after.
"""
import json

from rules import fold
from rules.match import Match
from .link import seal


class Replay:
    """The journal's events as sealed lines, in seq order, one at a time."""

    def __init__(self, journal):
        self.journal = journal
        self.seq = -1           # seq of the line made last
        self._text = None
        self._lines = self._events()

    def line(self, seq):
        """The sealed line of event `seq` (asked in increasing order), or None when
        the journal does not hold it (another match's, or not yet made)."""
        while self.seq < seq:
            try:
                self.seq, self._text = next(self._lines)
            except StopIteration:
                return None
        if self.seq != seq:
            return None
        return seal(self._text)

    def close(self):
        """Stop reading (the journal file is closed)."""
        self._lines.close()

    def _events(self):
        # The rule module's one log fold decides what is an input and what an undo
        # or a refusal does (rules/fold.py): the same as the restore at boot.
        m = None
        undone = []  # type: list[int]
        ruled = {}  # type: dict  # seq of an x-ruling -> its key (rules/rulings.py)
        overrides = {}  # type: dict[tuple, str]  # a director's overrides: key -> penalty
        for text in self.journal.lines():
            try:
                ev = json.loads(text)
            except ValueError:
                continue        # a line the resume drops too
            if not isinstance(ev, dict) or not isinstance(ev.get("seq"), int):
                continue
            seq = ev["seq"]
            name = ev.get("ev")
            if name == "match":
                m = None        # the old state goes before the new one is built
                m = Match()
                fold.apply(m, ev)
                undone = []
                ruled = {}
                overrides = {}
                yield seq, text
            elif m is None:
                continue        # nothing before the match's own line was sent from it
            elif name == fold.UNDO:
                # The undone play's derived lines were sent before this one and are
                # already behind us; the state after it is rebuilt as the table did.
                undone.append(ev["undo"])
                m = None
                m = fold.replay(self.journal.events(seq), undone, None, overrides or None)
                yield seq, text
            elif name == fold.OVERRIDE:
                # a director's override (table/restore.py `overridden`): the match
                # rebuilt under it, and the hand's end as it now stands, as sent
                from rules import rulings
                key = ruled.get(ev.get("ruling"))
                yield seq, text
                if key is None:
                    continue
                before = rulings.ending(m)
                overrides[key] = ev["penalty"]
                m = None
                m = fold.replay(self.journal.events(seq), undone, None, overrides)
                for d in rulings.closing(before, m):
                    seq += 1
                    d["seq"] = seq
                    yield seq, json.dumps(d)
            elif fold.is_input(ev):
                accepted, derived = fold.apply(m, ev)
                yield seq, text
                if not accepted:
                    continue    # the same refusal as when it came: nothing derived
                for d in derived:
                    seq += 1
                    d["seq"] = seq      # as Link.event numbers it: seq the last key
                    if d["ev"] == fold.RULING:
                        ruled[seq] = (d["hand"], d["trick"], d["seat"], d["rule"])
                    yield seq, json.dumps(d)
            else:
                yield seq, text         # an extension the rules ignore, sent as it was
