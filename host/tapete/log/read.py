"""Reading a table log file as numbered lines, a chunk at a time.

The audit streams: a log of any size is read in fixed chunks and handed on line by
line, so memory does not grow with the file. A line longer than any table event
could be is skipped without being held (a binary file may have no newline at all).
A file that is not text at all is refused before anything is audited.
"""
import json
import os
import sys
import time

CHUNK = 1 << 16         # bytes read at a time
MAX_LINE = 1 << 16      # a table event is a few hundred bytes; far longer is not one


class LogError(Exception):
    """The log could not be read at all (`tapete audit` exits with status 2)."""


class BadLine:
    """Stands in for a line that cannot be text: its reason is the audit's error."""

    def __init__(self, reason):
        self.reason = reason


def _looks_binary(block):
    """True when the first block of a file is not text a log could hold: NUL bytes,
    and not one line in it is a JSON object."""
    if b"\0" not in block:
        return False
    for raw in block.split(b"\n")[:-1]:
        try:
            if isinstance(json.loads(raw.decode("utf-8")), dict):
                return False
        except (ValueError, RecursionError):
            continue
    return True


class LogFile:
    """A log file to iterate as (line number, text) pairs; the text is None for a line
    that is not UTF-8 and a BadLine for one too long to be an event. `done` is how
    many bytes have been read, `size` the file's size. LogError when the file cannot
    be opened or is binary."""

    def __init__(self, path, progress=None):
        self.path = path
        self.progress = progress
        self.done = 0
        try:
            self.file = open(path, "rb")
            self.size = os.fstat(self.file.fileno()).st_size
        except OSError as err:
            raise LogError("cannot read " + repr(path) + ": " + (err.strerror or str(err)))

    def _chunks(self):
        first = True
        try:
            while True:
                block = self.file.read(CHUNK)
                if first and _looks_binary(block):
                    raise LogError(repr(self.path) + " is a binary file, not a table log "
                                   "(JSON Lines text, docs/protocol.md)")
                first = False
                if not block:
                    return
                self.done += len(block)
                if self.progress:
                    self.progress.update(self.done, self.size)
                yield block
        except OSError as err:
            raise LogError("cannot read " + repr(self.path) + ": " + (err.strerror or str(err)))
        finally:
            self.file.close()

    def __iter__(self):
        number = 0
        rest = b""          # the start of a line that goes on in the next chunk
        skipping = 0        # bytes of an over-long line read so far (0: none)
        for block in self._chunks():
            parts = block.split(b"\n")
            tail = parts.pop()
            if parts:
                number += 1
                size = skipping + len(rest) + len(parts[0])
                if skipping or size > MAX_LINE:
                    yield number, BadLine(_long(size))
                else:
                    yield number, _text(rest + parts[0] if rest else parts[0])
                skipping = 0
                rest = b""
                for raw in parts[1:]:   # whole lines inside one chunk: never too long
                    number += 1
                    try:
                        text = raw.decode("utf-8")
                    except UnicodeDecodeError:
                        text = None
                    yield number, text
            if skipping:
                skipping += len(tail)
            elif len(rest) + len(tail) > MAX_LINE:
                skipping = len(rest) + len(tail)
                rest = b""
            else:
                rest += tail
        if skipping:
            yield number + 1, BadLine(_long(skipping))
        elif rest:
            yield number + 1, _text(rest)


def _text(raw):
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return None


def _long(size):
    return ("a line of %d bytes, far longer than any table event (a few hundred): "
            "skipped; is this a table log?" % size)


class Progress:
    """A progress line on a terminal (stderr) while a long file is read: shown after
    half a second, redrawn at most five times a second, cleared at the end."""

    def __init__(self, stream=None, label="tapete audit"):
        self.stream = stream or sys.stderr
        self.label = label
        self.start = time.monotonic()
        self.last = 0.0
        self.shown = False

    def update(self, done, size):
        now = time.monotonic()
        if now - self.start < 0.5 or now - self.last < 0.2:
            return
        self.last = now
        mb = done / 1e6
        rate = mb / max(now - self.start, 1e-9)
        text = "%s: %.1f of %.1f MB" % (self.label, mb, size / 1e6)
        if size:
            text += " (%d%%)" % (100 * done // size)
        text += ", %.1f MB/s" % rate
        self.stream.write("\r" + text + " ")
        self.stream.flush()
        self.shown = True

    def clear(self):
        """Wipe the line (before other output, and at the end)."""
        if self.shown:
            self.stream.write("\r\033[K")
            self.stream.flush()
            self.shown = False
