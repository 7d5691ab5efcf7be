"""One table's lines in, its log out in seq order: the intake the serial link
(link.Recorder) and the room (room/lines.TableIntake) share.

A line is stored once, by its seq; a line past a gap is held until the gap is
filled (or, with `max_held` 0 as on the serial link, whose controller resends in
order from its ring, dropped to come again); lines the table no longer holds become
one `x-gap` event and the log goes on; a table whose numbering starts again is
followed from its new seq.
"""

MAX_HELD = 5000     # lines held behind a gap before the newest are dropped (asked again later)


class SeqIntake:
    """`expected`: the next seq to store (None: nothing stored yet, the first line
    offered sets it). `offer(ev)` returns the events now ready to store, in order."""

    def __init__(self, expected=None, max_held=MAX_HELD):
        self.expected = expected
        self.max_held = max_held
        self.held = {}          # seq -> event, arrived past a gap
        self.duplicates = 0     # lines received again (dropped)
        self.early = 0          # lines that arrived past a gap
        self.lost = 0           # seqs the table said it no longer held
        self.asked_at = None
        self.asked_from = None
        self.resends = 0

    def offer(self, ev):
        """Take one event with a whole-number seq; the events ready to store."""
        seq = ev["seq"]
        if self.expected is None:
            if seq == 0 or ev.get("ev") == "match":
                self.expected = seq         # a table's first line, or a match's start
            else:
                # Joined mid-match: keep it, and ask the table for what came before.
                self.held[seq] = ev
                return []
        if seq < self.expected or seq in self.held:
            self.duplicates += 1
            return []
        self.held[seq] = ev
        if seq > self.expected:
            self.early += 1
            if len(self.held) > self.max_held:
                del self.held[max(self.held)]   # it will be asked for again with the gap
            return []
        return self._ready()

    def lost_before(self, oldest):
        """The table no longer holds seqs before `oldest`: they are lost, one `x-gap`
        event says so, and the log goes on from `oldest`. Returns the events to store."""
        start = 0 if self.expected is None else self.expected
        if oldest <= start:
            return []
        out = []
        if self.expected is not None:
            self.lost += oldest - start
            out.append({"ev": "x-gap", "from": start, "to": oldest - 1})
        for seq in [s for s in self.held if s < oldest]:
            del self.held[seq]
        self.expected = oldest
        self.asked_from = None
        return out + self._ready()

    def renumber(self, seq):
        """The table's numbering starts again at `seq` (a fresh flash): follow it."""
        self.expected = seq
        self.held.clear()
        self.asked_from = None

    def _ready(self):
        out = []
        while self.expected in self.held:
            out.append(self.held.pop(self.expected))
            self.expected += 1
        if not self.held:
            self.asked_from = None
        return out

    def gap(self):
        """The first seq missing before a held line, or None."""
        if not self.held:
            return None
        return 0 if self.expected is None else self.expected

    def ask(self, now, first, every, force=False):
        """Whether to ask a resend from `first` now: not asked from there within
        `every` seconds (or `force`). Counts the asks."""
        if not force and self.asked_at is not None and self.asked_from == first and now - self.asked_at < every:
            return False
        self.asked_from = first
        self.asked_at = now
        self.resends += 1
        return True
