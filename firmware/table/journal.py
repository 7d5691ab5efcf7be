"""The match journal in flash: the input events of the current match, one per line.

Write-ahead: an input event is appended (and flushed) before anything is sent or
drawn for it, so a controller restarted at any moment replays the file through the
rules and is exactly where it was; `seq` is stored in each line, so it continues.
A play's verdict light comes first (controller.py: `_play` lights, `flush` journals
right after, in the same step): a power cut between the two leaves a lit card that
is not in the journal; it still lies on its reader, so after the restart it is read
in the first rounds, is no card of the journal's trick, and is judged again, to the
same verdict (tests/pico: cuts at random instants and inside flash programs and
erases). Nobody can lift it in between: the append takes one flash program (0.4 ms)
or, every few plays, an erase (45 ms typical, 400 ms at most: W25Q16JV).

Flash wear: append-only, one small write (~60 bytes) per play, one file per match
(removed when the next match starts); on the rp2 LittleFS copies-on-write the
tail block and spreads erases over the whole filesystem (wear levelling).

A power cut in the middle of a write leaves a torn last line: it is dropped (the
event was never shown or sent) and the file is rewritten without it, once, at boot.
"""
import json
import os

NAME = "journal.jsonl"


def _join(root, name):
    return name if not root else root.rstrip("/") + "/" + name


class Journal:
    """Append-only JSON-lines file of one match's input events."""

    def __init__(self, root=""):
        self.path = _join(root, NAME)
        self._f = None
        self.torn = 0           # torn or unreadable lines dropped at the last recover()

    def exists(self):
        try:
            os.stat(self.path)
            return True
        except OSError:
            return False

    def start(self):
        """A new match: the old journal goes, a new one begins."""
        self.close()
        try:
            os.remove(self.path)
        except OSError:
            pass
        self._f = open(self.path, "w")

    def append(self, ev):
        """Write one input event and flush it to flash."""
        if self._f is None:
            self._f = open(self.path, "a")
        self._f.write(json.dumps(ev))
        self._f.write("\n")
        self._f.flush()

    def close(self):
        if self._f is not None:
            self._f.close()
            self._f = None

    def events(self, stop_seq=None):
        """Every whole event in the file (up to, not including, seq `stop_seq`)."""
        try:
            f = open(self.path)
        except OSError:
            return
        with f:
            for line in f:
                if not line.endswith("\n"):
                    return      # torn by a power cut
                try:
                    ev = json.loads(line)
                except ValueError:
                    continue
                if not isinstance(ev, dict):
                    continue
                if stop_seq is not None and ev.get("seq", -1) >= stop_seq:
                    return
                yield ev

    def lines(self):
        """The JSON text of every whole line (no newline), in order: each input event
        exactly as it was sent, for resends from the journal (table/io/resend.py)."""
        try:
            f = open(self.path)
        except OSError:
            return
        try:
            for line in f:
                if not line.endswith("\n"):
                    return      # torn by a power cut
                yield line[:-1]
        finally:
            f.close()

    def first_seq(self):
        """The seq of the file's first event (its `match`), or None (no journal)."""
        for ev in self.events():
            seq = ev.get("seq")
            return seq if isinstance(seq, int) else None
        return None

    def recover(self):
        """Drop a torn last line (rewriting the file once); the number of good lines."""
        self.close()
        good = 0
        bad = False
        size = 0
        try:
            f = open(self.path)
        except OSError:
            return 0
        with f:
            for line in f:
                size += 1
                if not line.endswith("\n"):
                    bad = True
                    break
                try:
                    if not isinstance(json.loads(line), dict):
                        raise ValueError
                except ValueError:
                    bad = True
                    continue
                good += 1
        self.torn = size - good
        if bad:
            tmp = self.path + ".tmp"
            with open(tmp, "w") as out:
                for ev in self.events():
                    out.write(json.dumps(ev))
                    out.write("\n")
            os.remove(self.path)
            os.rename(tmp, self.path)
        return good
