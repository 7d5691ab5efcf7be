"""Host side of the serial link (docs/serial.md): verify, de-duplicate, store, resend.

Each line from the controller is a JSON object ending in `, "crc": "xxxxxxxx"}`:
the CRC-32 (zlib) of the line without that suffix plus the closing brace. Lines
with an `ev` key are table-log events with a `seq`; the others are replies.
The Recorder stores events in `seq` order without the crc, and asks for a resend
(`{"cmd": "resend", "from": N}`) when a line is damaged or a seq is missing.
"""
import json
import zlib

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


class Recorder:
    """Reads a controller's lines from `port` and keeps the table log in seq order.

    port: anything with readline() -> bytes and write(bytes) (a pyserial Serial,
    a pipe pair, a test double). `store(event)` is called for each event, in order,
    once, without its crc; `on_reply(obj)` for replies and errors.
    """

    def __init__(self, port, store, on_reply=None, first_seq=0, require_crc=True):
        self.port = port
        self.store = store
        self.on_reply = on_reply
        self.expected = first_seq
        self.require_crc = require_crc
        self.bad_lines = 0
        self.gaps = 0
        self.duplicates = 0
        self.resends = 0
        self._asked = None      # the seq a resend was last asked from
        self.events = 0

    def send(self, obj):
        """Send one command to the controller."""
        self.port.write(command(obj))
        if hasattr(self.port, "flush"):
            self.port.flush()

    def ask_resend(self):
        if self._asked != self.expected:
            self._asked = self.expected
            self.resends += 1
            self.send({"cmd": "resend", "from": self.expected})

    def feed(self, raw):
        """Handle one received line (bytes or str). Returns the event stored, or None."""
        if isinstance(raw, bytes):
            try:
                raw = raw.decode("utf-8")
            except UnicodeDecodeError:
                raw = None
        if raw is None:
            self.bad_lines += 1
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
            self.ask_resend()
            return None
        if "ev" not in obj:
            if obj.get("reply") == "boot" and isinstance(obj.get("next_seq"), int) \
                    and obj["next_seq"] > self.expected:
                self.ask_resend()   # restarted after sending less than it journalled
            if self.on_reply is not None:
                self.on_reply(obj)
            return None
        seq = obj.get("seq")
        if not isinstance(seq, int):
            self.bad_lines += 1
            return None
        if seq < self.expected:
            self.duplicates += 1
            return None
        if seq > self.expected:
            self.gaps += 1
            self.ask_resend()
            return None
        self.expected += 1
        self._asked = None
        self.events += 1
        self.store(obj)
        return obj

    def run(self, stop=None):
        """Read lines until the port gives no more (EOF) or `stop(event)` is true."""
        while True:
            raw = self.port.readline()
            if not raw:
                return
            ev = self.feed(raw)
            if ev is not None and stop is not None and stop(ev):
                return


class LogFile:
    """Appends stored events to a JSON Lines file, flushed per event."""

    def __init__(self, path):
        self.f = open(path, "w", encoding="utf-8")

    def __call__(self, ev):
        self.f.write(json.dumps(ev) + "\n")
        self.f.flush()

    def close(self):
        self.f.close()
