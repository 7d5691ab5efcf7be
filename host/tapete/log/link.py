"""Host side of the serial link (docs/protocol.md): verify, de-duplicate, store, resend.

Each line from the controller is a JSON object ending in `, "crc": "xxxxxxxx"}`:
the CRC-32 (zlib) of the line without that suffix plus the closing brace. Lines
with an `ev` key are table-log events with a `seq`; the others are replies.
The Recorder stores events in `seq` order without the crc, and asks for a resend
(`{"cmd": "resend", "from": N}`) when a line is damaged or a seq is missing.
"""
import json
import re
import time
import zlib

from .intake import SeqIntake

SUFFIX = ', "crc": "'
SUFFIX_LEN = len(', "crc": "00000000"}')


def crc32(text):
    """CRC-32 (zlib) of a str's UTF-8 bytes."""
    return zlib.crc32(text.encode("utf-8")) & 0xFFFFFFFF


def seal(body):
    """The wire line (no newline) for the JSON text of an object."""
    return body[:-1] + SUFFIX + "%08x" % crc32(body) + '"}'


def unseal(line):
    """(body, status) for a received line: 1 crc good, 0 no crc, -1 crc bad."""
    line = line.strip()
    k = len(line) - SUFFIX_LEN
    if k > 0 and line[k:k + len(SUFFIX)] == SUFFIX and line.endswith('"}'):
        body = line[:k] + "}"
        try:
            want = int(line[k + len(SUFFIX):k + len(SUFFIX) + 8], 16)
        except ValueError:
            return body, -1
        return body, 1 if crc32(body) == want else -1
    return line, 0


def command(obj):
    """A host command as the bytes to send (sealed, newline-terminated)."""
    return (seal(json.dumps(obj)) + "\n").encode("utf-8")


NOT_HELD = re.compile(r"seq (\d+) is not held \(oldest (\d+), next (\d+)\)")
REASK_S = 0.5       # a resend not answered within this long is asked again


class Recorder:
    """Reads a controller's lines from `port` and keeps the table log in seq order.

    port: anything with readline() -> bytes and write(bytes) (a pyserial Serial,
    a pipe pair, a test double). `store(event)` is called for each event, in order,
    once, without its crc; `on_reply(obj)` for replies and errors; `on_problem(text)`
    for every problem on the link (a damaged line, a gap, a restart), as it happens.

    The controller resends from its ring and, behind it, from its journal (the
    whole current match). Events it no longer holds (an earlier match's, or a
    controller whose flash was wiped) cannot be had: they are reported
    (`on_problem`, `lost`) and stored as one `{"ev": "x-gap", "from": A, "to": B}`
    event (the audit marks the hands it touches as incomplete), and recording goes
    on from the oldest held.

    `fresh`: nothing of the controller's current match is recorded yet (a new log,
    or one whose match is over): recording starts at the next `match` event it
    sends, and the lines before it (an earlier match's tail) are passed over, not
    stored as a headless match nor as a gap.
    """

    def __init__(self, port, store, on_reply=None, first_seq=0, require_crc=True,
                 on_problem=None, clock=time.monotonic, fresh=False):
        self.port = port
        self.store = store
        self.on_reply = on_reply
        self.on_problem = on_problem
        # The shared seq intake; the controller resends in order from its ring, so a
        # line past a gap is not held but asked again with the gap.
        self.intake = SeqIntake(first_seq, max_held=0)
        self.require_crc = require_crc
        self.clock = clock
        self.bad_lines = 0
        self.gaps = 0
        self.restarts = 0
        self.events = 0
        self.last_event = None
        self.fresh = fresh
        self.passed_over = 0    # lines before the match recording started at (fresh)

    @property
    def expected(self):
        """The next seq to store."""
        return self.intake.expected

    @property
    def duplicates(self):
        return self.intake.duplicates

    @property
    def resends(self):
        return self.intake.resends

    @property
    def lost(self):
        """Events the controller no longer held when asked."""
        return self.intake.lost

    def problem(self, text):
        if self.on_problem is not None:
            self.on_problem(text)

    def send(self, obj):
        """Send one command to the controller."""
        self.port.write(command(obj))
        if hasattr(self.port, "flush"):
            self.port.flush()

    def ask_resend(self, force=False):
        if self.intake.ask(self.clock(), self.expected, REASK_S, force):
            self.send({"cmd": "resend", "from": self.expected})

    def idle(self):
        """The port was silent for a while: ask again for a gap still open, else ask
        the controller where it is (a lost last line shows up as a gap)."""
        if self.intake.asked_from is not None:
            self.ask_resend(force=True)
        else:
            self.send({"cmd": "status"})

    def reconnected(self):
        """The port came back after an unplug: ask for everything after the last event."""
        self.problem("port back: asking the controller for every event from seq %d" % self.expected)
        self.ask_resend(force=True)

    def feed(self, raw):
        """Handle one received line (bytes or str). Returns the event stored, or None."""
        if isinstance(raw, bytes):
            try:
                raw = raw.decode("utf-8")
            except UnicodeDecodeError:
                raw = None
        if raw is None:
            self.bad_lines += 1
            self.problem("a line that is not UTF-8 (damaged bytes): asking to resend from seq %d"
                         % self.expected)
            self.ask_resend()
            return None
        if not raw.strip():
            return None
        body, status = unseal(raw)
        obj = None
        if status > 0 or (status == 0 and not self.require_crc):
            try:
                obj = json.loads(body)
            except ValueError:
                obj = None
        if not isinstance(obj, dict):
            self.bad_lines += 1
            why = ("bad crc" if status < 0 else "no crc (truncated or garbled)" if status == 0
                   else "not a JSON object")
            self.problem("damaged line (%s): %r; asking to resend from seq %d"
                         % (why, raw.strip()[:50], self.expected))
            self.ask_resend()
            return None
        if "ev" not in obj:
            self._reply(obj)
            return None
        seq = obj.get("seq")
        if not isinstance(seq, int):
            self.bad_lines += 1
            self.problem("an event without a seq: %r" % body[:50])
            return None
        if seq > self.expected:
            self.gaps += 1
            if self.intake.asked_from != self.expected:
                self.problem("gap: seq %d arrived, expected %d; asking to resend" % (seq, self.expected))
            self.intake.offer(obj)
            self.ask_resend()
            return None
        if not self.intake.offer(obj):
            return None         # received twice
        if self.fresh:
            if obj.get("ev") != "match":
                self.passed_over += 1
                return None
            self.fresh = False
        self.events += 1
        self.last_event = obj
        self.store(obj)
        return obj

    def _reply(self, obj):
        next_seq = obj.get("next_seq")
        if obj.get("reply") == "boot" and obj.get("crash"):
            self.problem("the controller restarted after an error: %s" % obj["crash"])
        if obj.get("reply") == "boot" and isinstance(next_seq, int):
            if self.events == 0 and next_seq <= self.expected:
                pass        # the controller came up before anything was recorded: no news
            elif self.events == 0:
                self.ask_resend(force=True)     # a match under way: everything from ours on
            elif next_seq > self.expected:
                self.restarts += 1
                self.problem("the controller restarted (next seq %d): asking for seq %d on"
                             % (next_seq, self.expected))
                self.ask_resend(force=True)     # restarted after sending less than it journalled
            elif next_seq < self.expected:
                self.restarts += 1
                # Its numbering starts again below ours: a controller with a fresh flash.
                self.problem("the controller restarted with seq %d, below the %d recorded: "
                             "its numbering starts again" % (next_seq, self.expected))
                self.intake.renumber(next_seq)
            else:
                self.restarts += 1
                self.problem("the controller restarted; nothing was lost")
        elif obj.get("reply") == "status" and isinstance(next_seq, int) and next_seq > self.expected:
            # Often only a line still on its way; a real loss shows as a gap or "not held".
            self.ask_resend(force=True)
        elif "error" in obj:
            m = NOT_HELD.match(str(obj["error"]))
            if m and int(m.group(1)) == self.expected and self.fresh and (
                    int(m.group(2)) > self.expected or int(m.group(3)) < self.expected):
                # Not ours: an earlier match's, or a controller numbering from 0 again.
                self.intake.renumber(int(m.group(2)))
                self.ask_resend(force=True)
            elif m and int(m.group(1)) == self.expected and int(m.group(2)) > self.expected:
                oldest = int(m.group(2))
                self.problem("LOST seq %d..%d: they left the controller's resend ring before "
                             "they could be asked for again" % (self.expected, oldest - 1))
                for ev in self.intake.lost_before(oldest):
                    self.store(ev)
                self.ask_resend(force=True)
        if self.on_reply is not None:
            self.on_reply(obj)

    def run(self, stop=None):
        """Read lines until the port gives no more (EOF) or `stop(event)` is true."""
        while True:
            raw = self.port.readline()
            if not raw:
                return
            ev = self.feed(raw)
            if ev is not None and stop is not None and stop(ev):
                return


class LogAppender:
    """Appends stored events to a JSON Lines file, flushed per event. It never
    truncates: an existing log is added to (a file may hold several matches)."""

    def __init__(self, path):
        self.f = open(path, "a", encoding="utf-8")

    def __call__(self, ev):
        self.f.write(json.dumps(ev) + "\n")
        self.f.flush()

    def close(self):
        self.f.close()
