"""What of a table's log its room has not had yet, kept across restarts: the
recorder's own log (JSON Lines, only ever added to) is the store, and a small state
file beside it, `<log>.acked`, says how far into it every line has been acknowledged
by the room's broker (a byte offset; made 0600, rewritten whole: private.replace).

A recorder killed while the broker is away loses what paho held in memory, never
what is in its log: started again, it publishes every line after that offset first
(the room stores a line once, so one published twice costs nothing), then the new
ones. A state file of another room's topic, or none (a log recorded without the
room), starts at the log's end: what the room never had of it is not sent.
"""
import collections
import json
import os
import threading
import time

from . import private

SAVE_S = 0.5        # the state written at most this often (a later one only publishes again)


def state_path(log_path):
    return log_path + ".acked"


class Backlog:
    """The log's lines in flight to the room, in log order; `offset`: every line
    before it is acknowledged (or no table line)."""

    def __init__(self, log_path, topic):
        self.log = log_path
        self.path = state_path(log_path)
        self.topic = topic
        self.lock = threading.Lock()
        self.entries = collections.deque()      # [end offset in the log, acknowledged]
        self.saved_at = 0.0
        size = os.path.getsize(log_path) if os.path.exists(log_path) else 0
        self.offset = self._state(size)
        self.dirty = True       # written at once: a restart finds it even if nothing is acked

    def _state(self, size):
        try:
            with open(self.path, encoding="utf-8") as f:
                st = json.load(f)
            offset = st["offset"]
        except (OSError, ValueError, TypeError, KeyError):
            return size         # no state: the log's past is not the room's
        if st.get("topic") != self.topic or not isinstance(offset, int) or not 0 <= offset <= size:
            return size
        return offset

    def read(self):
        """(kept, waiting) from the log: kept, [(seq, text)] of its last run (from its
        last seq that does not follow the one before), for the room's asks; waiting,
        [(end offset, seq, text)] of every line after `offset` (seq None: no table line)."""
        kept, waiting = [], []
        if not os.path.exists(self.log):
            return kept, waiting
        pos, last = 0, None
        with open(self.log, "rb") as f:
            for raw in f:
                pos += len(raw)
                seq, text = _seq(raw)
                if seq is not None:
                    if last is not None and seq <= last:
                        kept = []       # the table started again (a new run)
                    last = seq
                    kept.append((seq, text))
                if pos > self.offset:
                    waiting.append((pos, seq, text))
        return kept, waiting

    def line(self, end, acked=False):
        """A line of the log ending at `end`, in flight (or done, `acked`): its entry."""
        entry = [end, acked]
        with self.lock:
            self.entries.append(entry)
        return entry

    def advance(self):
        """Move `offset` over the lines acknowledged in a row; save (at most every SAVE_S)."""
        with self.lock:
            while self.entries and self.entries[0][1]:
                self.offset = self.entries.popleft()[0]
                self.dirty = True
        self.save()

    def waiting(self):
        """Lines of the log the room has not acknowledged yet."""
        with self.lock:
            return sum(1 for e in self.entries if not e[1])

    def save(self, force=False):
        with self.lock:
            if not self.dirty or (not force and time.monotonic() - self.saved_at < SAVE_S):
                return
            self.dirty = False
            self.saved_at = time.monotonic()
            text = json.dumps({"topic": self.topic, "offset": self.offset})
        private.replace(self.path, text + "\n")


def _seq(raw):
    """(seq, the line's text) of a log line; seq None when it has none (the recorder's
    own notes) or is no line at all."""
    text = raw.decode("utf-8", "replace").rstrip("\n")
    try:
        ev = json.loads(text)
    except ValueError:
        return None, text
    seq = ev.get("seq") if isinstance(ev, dict) else None
    return (seq if isinstance(seq, int) and not isinstance(seq, bool) else None), text
