"""The serial link: table-log lines out (seq + crc), host command lines in
(docs/protocol.md; host.py parses and acts on them).

Out: every table-log event gets the next `seq` and a `crc` key, the CRC-32 (zlib
polynomial, 8 lower-case hex digits) of the line's JSON text without that key:
    body = json.dumps(event)                       # '{"ev": "play", ...}'
    line = body[:-1] + ', "crc": "%08x"}' % crc32(body)
The last `ring` event lines are kept for resends. Replies to commands carry no
`seq` (they are not part of the log) but do carry a `crc`.

Writing never blocks reading: `pump()` writes at most one chunk, and only when the
stream polls writable. Lines older than the ring (a host that stopped reading, or
one restarted that asks for what it missed) come from `replay(seq)`, when the
table gives one: the journal replayed through the rules (table/io/resend.py), one
line at a time. Only what neither holds is lost (another match's lines): a resend
of it is refused with an error naming the oldest seq held.
"""
import gc
import json

try:
    import binascii
    _HAVE_CRC32 = hasattr(binascii, "crc32")
except ImportError:     # a port built without binascii
    _HAVE_CRC32 = False

MAX_LINE = 300          # longest command line accepted
CHUNK = 64              # bytes per write: one USB CDC packet


def crc32(data):
    """CRC-32 as zlib computes it, of bytes or str."""
    if isinstance(data, str):
        data = data.encode()
    if _HAVE_CRC32:
        return binascii.crc32(data) & 0xFFFFFFFF
    crc = 0xFFFFFFFF
    for b in data:
        crc ^= b
        for _ in range(8):
            crc = (crc >> 1) ^ (0xEDB88320 if crc & 1 else 0)
    return crc ^ 0xFFFFFFFF


def seal(body):
    """The wire line (with '\\n') for the JSON text `body` of an object."""
    return body[:-1] + ', "crc": "%08x"}\n' % crc32(body)


SUFFIX_LEN = len(', "crc": "00000000"}')


def unseal(line):
    """(body, crc status) for a received line: status 1 good, 0 no crc, -1 bad."""
    line = line.strip()
    k = len(line) - SUFFIX_LEN
    if k > 0 and line[k:k + 10] == ', "crc": "' and line.endswith('"}'):
        body = line[:k] + "}"
        try:
            want = int(line[k + 10:k + 18], 16)
        except ValueError:
            return body, -1
        return body, 1 if crc32(body) == want else -1
    return line, 0


class Link:
    """Sequenced, sealed output with a resend ring; line-assembled input."""

    def __init__(self, out=None, inp=None, ring=64):
        self.out = out              # stream with write(); None: nothing is sent
        self.inp = inp              # stream with readinto() or read(1)
        self.lines = [None] * ring  # sealed event lines, by seq % ring
        self.next_seq = 0
        self.sent = 0               # seq of the next event line to write
        self.replies = []           # sealed reply lines waiting, before events
        self.muted = False          # replaying the journal: nothing goes out
        self.lost = 0               # lines that fell out of the ring unsent
        self.replay = None          # replay(seq): a source of lines older than the ring, or None
        self.behind = None          # ... the one being written from (table/resend.Replay)
        self._cur = None            # the line being written, and how far
        self._off = 0
        self._inbuf = bytearray(MAX_LINE)
        self._inlen = 0
        self._overflow = False
        self._byte = bytearray(1)
        self._poll_in = None
        self._poll_out = None
        self._unpollable = False    # a stream select cannot poll (a test double)
        self.inbox = []             # host lines from elsewhere (a room's notices: table/mqtt_pub.py),
                                    # read before the stream's, between plays like them
        self.run = None             # this boot's run id while the table is in a room (mqtt_pub.py)

    # -- out -------------------------------------------------------------------
    def mark(self, ev):
        """Give `ev` the next seq (unless it has one) and, a `match` in a room, this
        boot's run id (docs/protocol.md: the room tells a table's runs apart by it). A
        match replayed from the journal keeps the id it was made with: only a new one
        (not muted) is marked."""
        if ev.get("seq") is None:
            ev["seq"] = self.next_seq
        if self.run is not None and not self.muted and ev.get("ev") == "match" and "run" not in ev:
            ev["run"] = self.run
        return ev

    def event(self, ev):
        """Give `ev` its seq and run id (mark), seal and queue it; the line."""
        seq = self.mark(ev)["seq"]
        self.next_seq = seq + 1
        line = seal(json.dumps(ev))
        self.lines[seq % len(self.lines)] = line
        if self.muted:
            self.sent = self.next_seq
        return line

    def reply(self, obj):
        """Queue a reply (not a log event: no seq)."""
        if len(self.replies) < 16:
            self.replies.append(seal(json.dumps(obj)))

    def oldest(self):
        """The oldest seq still in the ring (the journal may hold older ones)."""
        return max(0, self.next_seq - len(self.lines))

    def resend(self, first):
        """Send again every event from seq `first`; False when neither the ring nor
        the journal behind it holds it."""
        if first > self.next_seq or first < 0:
            return False
        if first < self.oldest():
            self._stop_behind()
            behind = self._replay(first)
            if behind is None:
                return False
            self.behind = behind
            self.sent = first
            return True
        if first < self.sent:
            self.sent = first
        return True

    def _replay(self, first):
        """The journal's replay from `first`, or None. The replay holds a Match: on a
        fragmented heap (the Pico, just after a restart) it may not fit; one
        collection, one more try, then the resend is refused as before the journal
        could answer (the host hears the documented error and records a gap) rather
        than the command failing again at every retry."""
        if self.replay is None:
            return None
        for _ in range(2):
            try:
                return self.replay(first)
            except MemoryError:
                gc.collect()
        return None

    def _stop_behind(self):
        if self.behind is not None:
            self.behind.close()
            self.behind = None

    def pending(self):
        """True when something waits to be written."""
        return self._cur is not None or bool(self.replies) or self.sent < self.next_seq

    def _next_line(self):
        if self.replies:
            return self.replies.pop(0)
        if self.sent < self.oldest():
            if self.behind is None:
                self.behind = self._replay(self.sent)   # fallen out unsent: from the journal
            line = self.behind.line(self.sent) if self.behind is not None else None
            if line is not None:
                self.sent += 1
                return line
            self.lost += self.oldest() - self.sent
            self.sent = self.oldest()
        self._stop_behind()         # the ring has the rest: the replay's Match goes
        if self.sent < self.next_seq:
            line = self.lines[self.sent % len(self.lines)]
            self.sent += 1
            return line
        return None

    def pump(self, writable=True):
        """Write one chunk if the stream can take it; True when something was written."""
        if self.out is None or not writable:
            return False
        if self._cur is None:
            line = self._next_line()
            if line is None:
                return False
            self._cur = line.encode()
            self._off = 0
        end = min(self._off + CHUNK, len(self._cur))
        n = self.out.write(self._cur[self._off:end])
        self._off += n if n else 0
        if self._off >= len(self._cur):
            self._cur = None
        if hasattr(self.out, "flush"):
            self.out.flush()
        return True

    def drain(self):
        """Write everything now (tests and the simulator's end)."""
        while self.pending():
            self.pump()

    # -- in --------------------------------------------------------------------
    def feed(self, b):
        """Add one received byte; a complete line (str) or None."""
        if b == 10 or b == 13:
            if self._overflow:
                self._overflow = False
                self._inlen = 0
                return "\x00too long"
            if not self._inlen:
                return None
            n = self._inlen
            self._inlen = 0
            try:
                return bytes(self._inbuf[:n]).decode()
            except UnicodeError:
                return "\x00not UTF-8"
        if self._inlen >= MAX_LINE:
            self._overflow = True
        else:
            self._inbuf[self._inlen] = b
            self._inlen += 1
        return None

    def poll_lines(self, handle, limit=MAX_LINE):
        """Read what the input stream has now (never waits); `handle(line)` each line,
        the inbox's first."""
        inbox = self.inbox
        while inbox:
            handle(inbox.pop(0))
        if self.inp is None:
            return
        if self._poll_in is None:
            import select
            self._poll_in = select.poll()
            self._poll_in.register(self.inp, select.POLLIN)
        for _ in range(limit):
            ready = self._poll_in.poll(0)
            if not ready:
                return
            if ready[0][1] & ~1:    # hang-up or error: no more input
                self.inp = None
                return
            n = self.inp.readinto(self._byte)
            if not n:
                self.inp = None
                return
            line = self.feed(self._byte[0])
            if line is not None:
                handle(line)

    def writable(self):
        """Can the output stream take a chunk now (polled, never waits)?"""
        if self.out is None:
            return False
        if self._unpollable:
            return True     # a stream that cannot be polled (tests): always ready
        if self._poll_out is None:
            import select
            p = select.poll()
            try:
                p.register(self.out, select.POLLOUT)
            except (TypeError, OSError, AttributeError):
                self._unpollable = True
                return True
            self._poll_out = p
        return bool(self._poll_out.poll(0))
