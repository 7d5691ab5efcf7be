"""A room of tables on one MQTT broker (docs/protocol.md 1.2, "Rooms"): topic names,
and each table's intake, which turns the lines a broker delivers into the table's log
in `seq` order, each line once.

Topics (`<room>` and `<table>`: letters, digits, `-` and `_`; the templates are
firmware/room_topics, read by the table too):
  tapete/<room>/<table>/log      the table publishes each log line, unchanged, QoS 1
  tapete/<room>/<table>/resend   the room asks the table again: {"cmd": "resend", "from": N}
                                 (the serial link's own command, docs/protocol.md)
  tapete/<room>/<table>/notice   the room tells the table's players: {"cmd": "notice",
                                 "what": "misboard", "board": N, "hand": H} (a host command,
                                 docs/protocol.md: the panel shows it until the next deal)
A table that no longer holds a line it is asked for says so on its log topic with
`{"ev": "x-held", "oldest": O}` (no seq: it is not part of the log).

QoS 1 means "at least once": a line can arrive twice (a publisher that did not see
the broker's ack sends it again) and, across a reconnect, after a later one. The
intake stores a line once (by its seq), holds lines that arrive early until the gap
before them is filled, and asks the table for the gap again until it is.
"""
import json
import re

from ..log import validate
from ..log.intake import MAX_HELD, SeqIntake
from ..log.link import unseal
from ..log.validate import MAX_BYTES
from ..room_topics import LOG, NOTICE, RESEND, parse, topic

NAME = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
REASK_S = 1.0           # a gap still open is asked again after this, then twice as long each time
REASK_MAX_S = 8.0       # ... up to this (an answer the broker dropped in a flood is not waited for long)
HELD_WINDOW_S = 120.0   # an `x-held` is taken only this long after an ask


class RoomError(ValueError):
    """A bad room or table name, a bad broker address (a user's mistake: exit 2)."""

    exit_code = 2


def check_name(name, what="table"):
    """`name` when it is a valid room or table name, else RoomError quoting it."""
    if not isinstance(name, str) or not NAME.match(name):
        raise RoomError("%s name %r: use 1 to 64 letters, digits, '-' or '_'" % (what, name))
    return name


def log_topic(room, table):
    return topic(check_name(room, "room"), check_name(table), LOG)


def resend_topic(room, table):
    return topic(check_name(room, "room"), check_name(table), RESEND)


def notice_topic(room, table):
    return topic(check_name(room, "room"), check_name(table), NOTICE)


def misboard_notice(board, hand):
    """The notice a table gets when its hand did not match its duplicate board."""
    return {"cmd": "notice", "what": "misboard", "board": board, "hand": hand}


def parse_topic(topic):
    """(room, table, kind) of a room topic, or None when it is not one."""
    parts = parse(topic)
    if parts is None or not (NAME.match(parts[0]) and NAME.match(parts[1])):
        return None
    return parts


def parse_line(payload):
    """(event dict, body text) of a published line, crc checked and stripped, checked
    against the protocol (log/validate.py); or (None, why) when it is not a valid
    table-log line."""
    ev, body, why = check_line(payload)
    if why is not None:
        return None, why
    return ev, body


def check_line(payload):
    """(event, body, None) of a valid line; (event or None, body, why) of a refused
    one, the event when its seq can still take its place in the log."""
    if len(payload) > 2 * MAX_BYTES:
        return None, "", "longer than %d bytes" % MAX_BYTES     # not even decoded
    if isinstance(payload, bytes):
        try:
            payload = payload.decode("utf-8")
        except UnicodeDecodeError:
            return None, repr(payload[:80]), "not UTF-8"
    body, status = unseal(payload)
    if status < 0:
        return None, payload, "bad crc"
    ev, why = validate.check(body)
    return ev, body, why


class TableIntake(SeqIntake):
    """One table's lines from the broker in, its log out in seq order (the shared
    intake, log/intake.py), with the room's own lines: `x-held` and refused ones.

    `offer(ev, now)` returns the events now ready to store, in order; `ask(now)` the
    (first, last) seqs to ask a resend of, or None (no gap open, or an ask still
    awaited). `run` numbers the table's runs (room/store.py), `ident` is the run id
    the table gave on its `match` line, if any.
    """

    def __init__(self, expected=None, run=0, ident=None):
        super().__init__(expected, MAX_HELD)
        self.bad = 0
        self.run = run
        self.ident = ident
        self.highest = None if expected is None else expected - 1
        self.tries = 0              # asks of the open gap so far (the back-off)
        self.asked_to = None
        self.held_refused = 0       # `x-held` lines unasked or out of range

    def starts_run(self, ev, stored, idents):
        """True when the valid line `ev` starts a new run of the table: a `match`
        with a run id not seen before (`idents`: the table's earlier ones), or,
        from a table that gives none, a `match` at a seq already stored whose text
        (`stored(seq)`: the stored body, or None) differs: the numbering started
        again. The same `match` again is a line received twice; an earlier run's
        id is a replayed old line."""
        if ev.get("ev") != "match" or self.expected is None:
            return False
        ident = ev.get("run")
        if isinstance(ident, str):
            if ident == self.ident or ident in idents:
                return False
            return self.ident is not None or ev["seq"] < self.expected
        if ev["seq"] >= self.expected:
            return False
        was = stored(ev["seq"])
        return was is None or json.loads(was) != ev

    def start_run(self, run, ident, seq):
        """Follow the table's new run from `seq`."""
        self.renumber(seq)
        self.run, self.ident = run, ident
        self.highest = seq - 1
        self.tries = 0
        self.asked_to = None

    def offer(self, ev, now=0.0):
        """Take one parsed line; the events ready to store (possibly none)."""
        seq = ev.get("seq")
        if ev.get("ev") == "x-held":
            oldest = ev.get("oldest")
            if not isinstance(oldest, int) or isinstance(oldest, bool):
                self.bad += 1
                return []
            # only as the answer to an ask, and within what the table could have held
            asked = self.asked_at is not None and now - self.asked_at < HELD_WINDOW_S
            top = (self.highest if self.highest is not None else -1) + 1
            if not asked or oldest > top:
                self.held_refused += 1
                return []
            return self.lost_before(oldest)
        if not isinstance(seq, int) or isinstance(seq, bool) or seq < 0:
            self.bad += 1
            return []
        if self.highest is None or seq > self.highest:
            self.highest = seq
        return super().offer(ev)

    def gap_end(self):
        """The last seq of the open gap (before the first held line after it)."""
        first = self.gap()
        after = [s for s in self.held if s > first]
        return min(after) - 1 if after else None

    def asked_all(self, now):
        """The room asked the table for everything from `expected` (after a reconnect):
        an `x-held` may answer it."""
        super().ask(now, self.expected, 0, force=True)
        self.asked_to = None

    def ask(self, now):
        """(first, last) of the gap to ask a resend of now, or None: a gap is asked
        once, and again only when its answer has not come after REASK_S, then twice
        as long each time (up to REASK_MAX_S); a gap past the one asked is asked at once."""
        first = self.gap()
        if first is None:
            self.tries = 0
            self.asked_to = None
            return None
        last = self.gap_end()
        if self.asked_from is not None and self.asked_to is not None and first <= self.asked_to:
            wait = min(REASK_S * 2 ** max(self.tries - 1, 0), REASK_MAX_S)
            if now - self.asked_at < wait:
                return None         # the answer to the last ask may still be coming
        else:
            self.tries = 0          # a new gap
        super().ask(now, first, 0, force=True)
        self.tries += 1
        self.asked_to = last if last is not None else first
        return first, last
