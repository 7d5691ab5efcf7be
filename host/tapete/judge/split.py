"""A hand's independent searches shared among processes forked from the hand's own
(analysis.py: the first lead's cards, and the second pass's other cards; measured in
docs/solver-experiments.md, stop 37).

Each helper is forked at the moment it starts, so it has the hand's transposition
table as the hand's process has it then (copy-on-write: what the hand's searches so
far learnt) and the C core's guesses of the last search. The searches are numbered
in the order one process would make them; each process makes a run of them in that
order (the hand's own from the first), and one whose run is done takes the back half
of the longest run left (its own at first, for a helper): a dear search holds up its
own process alone, and each makes neighbours one after the other, which learn from
each other as in one process (stop 37: hand 6's shared searches 282.95M nodes in one
process, 353.73M in two taking the next one in turn, 302.08M in runs). A helper sends each
(number, value) back on a pipe of its own. A helper that dies, or hangs, is ended,
and the searches it had taken are made by the hand's own process.

The time limit: every process counts its own CPU time against the time the hand had
left when it was forked (the hand's own goes on with its own clock); a process whose
time is spent takes no more searches, and those nobody took are cut like it."""
import fcntl
import mmap
import os
import pickle
import select
import signal
import struct
import tempfile
import time

CUT = "cut"             # a search's result when its process's time ran out
STALL = 30.0            # seconds of wall time a helper may use no CPU before it is taken
                        # as hung (a helper waiting for a core at any load gets some)
SLACK = 10.0            # CPU seconds past the time it was given before a helper is hung
_WORD = struct.Struct("<I")
_RUN = struct.Struct("<ii")     # a process's run of searches still to make: [first, end)


class Cores:
    """The cores a report may use, counted across its processes (a semaphore of the
    idle ones): a worker holds one while it weighs a hand, a helper while it lives,
    so that a hand forks a helper only where a core would otherwise wait."""

    def __init__(self, ctx, n):
        self._idle = ctx.Semaphore(n)

    def take(self):
        """One idle core, or False when none is."""
        return self._idle.acquire(False)

    def wait(self):
        """One core, once one is idle."""
        self._idle.acquire()

    def give(self):
        self._idle.release()


def share(count, work, helpers, cores=None, on_result=None, clock=None):
    """{i: work(i)} for i in range(count), made by this process and up to `helpers`
    forked ones. `work(i)` returns a value that pickles, or CUT when its process's
    time ran out (that process then takes no more). `cores` (Cores): a helper is
    forked only when a core is idle, looked for before each search this process
    takes; None: `helpers` are forked at once. `on_result(i, value)`: called in this
    process as each value comes in, whoever made it. `clock` (the hand): `left()`,
    the CPU seconds the hand has left (None: no limit), and `restart(left)`, run in
    a helper as it starts, so that it counts its own CPU time against them."""
    got = {}

    def note(i, value):
        got[i] = value
        if on_result is not None:
            on_result(i, value)
    if helpers < 1 or count < 2:
        for i in range(count):      # one process: in order, stopping where the time ran out
            value = work(i)
            note(i, value)
            if value == CUT:
                for j in range(i + 1, count):
                    note(j, CUT)
                break
        return got
    runs = _Runs(helpers + 1, count)
    kids = {}           # read end of a helper's pipe -> _Helper
    try:
        if cores is None:
            for _ in range(min(helpers, count - 1)):
                _fork(kids, runs, work, clock, False)
        while True:
            while cores is not None and len(kids) < helpers and cores.take():
                _fork(kids, runs, work, clock, True)
            _collect(kids, note, cores, 0)
            i = runs.take(0)
            if i is None:
                break
            value = work(i)
            note(i, value)
            if value == CUT:
                break
        while kids:
            _collect(kids, note, cores, 1.0)
            _end_hung(kids)
        while True:         # the searches nobody took (every process's time ran out)
            i = runs.take(0)
            if i is None:
                break
            note(i, CUT)
        for i in range(count):      # a helper's that died with it: made here
            if i not in got:
                note(i, work(i))
    finally:
        for k in list(kids.values()):
            k.end(cores)
        kids.clear()
        runs.close()
    return got


class _Runs:
    """Each process's run of searches still to make, in memory the processes share,
    and their lock: a POSIX record lock on a file, a process's own, which the system
    gives back when the process ends (a helper killed while it holds it holds up
    nothing)."""

    def __init__(self, slots, count):
        self.slots = slots
        self.memory = mmap.mmap(-1, _RUN.size * slots)     # shared with the forked ones
        for s in range(slots):
            _RUN.pack_into(self.memory, _RUN.size * s, 0, 0)
        _RUN.pack_into(self.memory, 0, 0, count)          # the hand's process: every one
        self.file = tempfile.TemporaryFile()

    def take(self, slot):
        """The next search of `slot`'s run, or, that run done, of the back half of the
        longest run left, which becomes `slot`'s; None when none is left."""
        fcntl.lockf(self.file, fcntl.LOCK_EX)
        try:
            first, end = _RUN.unpack_from(self.memory, _RUN.size * slot)
            if first >= end:
                longest, size = None, 0
                for s in range(self.slots):
                    a, b = _RUN.unpack_from(self.memory, _RUN.size * s)
                    if b - a > size:
                        longest, size = s, b - a
                if longest is None:
                    return None
                a, end = _RUN.unpack_from(self.memory, _RUN.size * longest)
                first = end - max(1, size // 2)
                _RUN.pack_into(self.memory, _RUN.size * longest, a, first)
            _RUN.pack_into(self.memory, _RUN.size * slot, first + 1, end)
            return first
        finally:
            fcntl.lockf(self.file, fcntl.LOCK_UN)

    def close(self):
        self.file.close()
        self.memory.close()


class _Helper:
    """A forked helper as the hand's process sees it."""

    def __init__(self, pid, fd, given, holds_core, slot):
        self.pid = pid
        self.slot = slot            # its run's place in _Runs
        self.fd = fd
        self.given = given          # CPU seconds it was given (None: no limit)
        self.holds_core = holds_core
        self.buffer = b""
        self.cpu = 0.0
        self.since = time.monotonic()   # when its CPU time last grew

    def end(self, cores):
        """Gone or to go: killed if it still runs, reaped, its pipe closed, its core
        given back."""
        try:
            os.kill(self.pid, signal.SIGKILL)
        except OSError:
            pass
        try:
            os.waitpid(self.pid, 0)
        except OSError:
            pass
        os.close(self.fd)
        if self.holds_core and cores is not None:
            cores.give()


def _fork(kids, runs, work, clock, holds_core):
    left = clock.left() if clock is not None else None
    used = {k.slot for k in kids.values()}
    slot = next(s for s in range(1, runs.slots) if s not in used)
    back, out = os.pipe()
    pid = os.fork()
    if pid == 0:
        code = 1
        try:
            os.close(back)
            for fd in kids:         # the other helpers' lines are not this one's
                os.close(fd)
            if clock is not None:
                clock.restart(left)
            while True:
                i = runs.take(slot)
                if i is None:
                    break
                value = work(i)
                data = pickle.dumps((i, value))
                _write(out, _WORD.pack(len(data)) + data)
                if value == CUT:
                    break
            code = 0
        finally:
            os._exit(code)      # never back into the caller: it is the hand's process's
    os.close(out)
    kids[back] = _Helper(pid, back, left, holds_core, slot)


def _write(fd, data):
    while data:
        data = data[os.write(fd, data):]


def _collect(kids, note, cores, wait):
    """Every value the helpers have sent, waiting up to `wait` seconds for one; a
    helper whose pipe is closed has ended (done, or died: what it had not sent is
    missing from the results)."""
    if not kids:
        return
    ready, _w, _x = select.select(list(kids), [], [], wait)
    for fd in ready:
        k = kids[fd]
        data = os.read(fd, 65536)
        if not data:
            del kids[fd]
            k.end(cores)
            continue
        k.buffer += data
        while len(k.buffer) >= _WORD.size:
            n = _WORD.unpack_from(k.buffer)[0]
            if len(k.buffer) < _WORD.size + n:
                break
            i, value = pickle.loads(k.buffer[_WORD.size:_WORD.size + n])
            k.buffer = k.buffer[_WORD.size + n:]
            note(i, value)


def _end_hung(kids):
    """Kill a helper that has used no CPU for STALL seconds, or SLACK more than it was
    given: its pipe then closes, and _collect ends it."""
    now = time.monotonic()
    for k in kids.values():
        cpu = _cpu(k.pid)
        if cpu is None:
            continue
        if cpu > k.cpu:
            k.cpu, k.since = cpu, now
        if now - k.since > STALL or (k.given is not None and cpu > k.given + SLACK):
            try:
                os.kill(k.pid, signal.SIGKILL)
            except OSError:
                pass


def _cpu(pid):
    """A process's CPU seconds so far (Linux's /proc), None where it cannot be read."""
    try:
        with open("/proc/%d/stat" % pid) as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None
