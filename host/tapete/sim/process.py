"""The simulated table as a process: `micropython table_sim.py` and its three wires.

`SimProcess(config)` starts the controller firmware on the simulated table:
its stdin/stdout are the serial link (as USB is on a Pico), a pipe carries the
players' commands (`command(text)`, `wait_done(n)`), and its stderr brings the
simulator's notes ("sim: ...") and command acknowledgements ("sim-done: N ...").

The micropython process never outlives the Python process that started it (a test
run killed, `tapete sim` terminated): see `ends_with_parent`.

`PtyBridge(proc)` puts the serial link on a pseudo-terminal: `tapete record` opens
its path as it would open /dev/ttyACM0. It can be unplugged (the terminal closed,
output dropped as a Pico's USB drops it with no host) and plugged in again (a new
terminal; `link` is a symlink kept pointing at the current one, as udev's
/dev/serial/by-id names are).
"""
import json
import os
import random
import select
import shutil
import signal
import subprocess
import sys
import threading
import time
import tty

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
FIRMWARE = os.path.join(ROOT, "firmware")


class SimError(Exception):
    """The simulator cannot start (one line for the user)."""

    exit_code = 2


def micropython():
    here = os.path.join(os.path.dirname(sys.executable), "micropython")
    found = here if os.path.exists(here) else shutil.which("micropython")
    if not found:
        raise SimError("micropython not found: run `make setup` (it installs the MicroPython unix port)")
    return found


PR_SET_PDEATHSIG = 1    # <linux/prctl.h>


def ends_with_parent(sig=signal.SIGKILL):
    """A `preexec_fn` for subprocess.Popen by which the child gets `sig` from the
    kernel when its parent dies (Linux's prctl(PR_SET_PDEATHSIG)), or None where that
    cannot be had (another system; a thread other than the main one)."""
    # The kernel's signal reaches the child however its parent ends (SIGKILL too,
    # where no handler or finally of the parent runs) and whatever the child is
    # doing: stuck writing a full pipe, stopped, busy. Two limits: it is tied to the
    # thread that forked, not the process (a short-lived thread's child would die
    # with the thread: hence the main thread only), and a parent dead before prctl
    # runs sends nothing (hence the check of getppid after it). Everything is looked
    # up here, before the fork: between fork and exec the child only makes the call.
    if not sys.platform.startswith("linux") or threading.current_thread() is not threading.main_thread():
        return None
    try:
        import ctypes
        prctl = ctypes.CDLL(None, use_errno=True).prctl
    except (ImportError, OSError, AttributeError):
        return None
    option, arg = ctypes.c_int(PR_SET_PDEATHSIG), ctypes.c_ulong(int(sig))
    parent = os.getpid()

    def arm():
        prctl(option, arg)
        if os.getppid() != parent:      # the parent died before the call
            os._exit(1)
    return arm


class SimProcess:
    """The controller on the simulated table, in a micropython process."""

    def __init__(self, config, heapsize="2M", on_note=None):
        self.config = dict(config)
        r, w = os.pipe()
        self.config["control"] = "/dev/fd/%d" % r
        # The host's end of this pipe closes when the host process goes, however it
        # goes: the table then stops itself (table_sim.py), on any system and from
        # any thread. Beside it on Linux, the kernel's SIGKILL when the parent dies
        # (ends_with_parent) ends even a table that no longer reads the pipe. SIGKILL:
        # to the table it is a power cut, which its journal is made for, and it also
        # ends a stopped process.
        self.config["control_closed"] = "exit"
        env = dict(os.environ)
        env["MICROPYPATH"] = os.pathsep.join([FIRMWARE, HERE, ".frozen"])
        # The config is read from a pipe (the unix port fails on a command-line
        # argument of 256 characters or more, "FATAL: uncaught NLR"), not from a
        # temporary file, which a killed host could not remove.
        cr, cw = os.pipe()
        cmd = [micropython(), "-X", "heapsize=" + heapsize, os.path.join(HERE, "table_sim.py"),
               "/dev/fd/%d" % cr]
        try:
            self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         stderr=subprocess.PIPE, env=env, pass_fds=[r, cr],
                                         bufsize=0, preexec_fn=ends_with_parent())
            data = json.dumps(self.config).encode()
            while data:
                data = data[os.write(cw, data):]
        except BrokenPipeError:
            pass        # the table ended before it read its config: its stderr says why
        except BaseException:
            os.close(w)
            raise
        finally:
            for fd in (r, cr, cw):
                os.close(fd)
        self.control = os.fdopen(w, "wb", buffering=0)
        self.notes = []
        self.done = 0
        self.on_note = on_note
        self._cond = threading.Condition()
        self._err = threading.Thread(target=self._read_stderr, daemon=True)
        self._err.start()

    # -- the serial link ----------------------------------------------------------------
    def readline(self):
        return self.proc.stdout.readline()

    def write(self, data):
        try:
            self.proc.stdin.write(data)
            self.proc.stdin.flush()
        except (BrokenPipeError, ValueError, OSError):
            pass

    # -- the players ----------------------------------------------------------------------
    def command(self, text):
        """Send one command to the players (table_sim.py's list); its number."""
        self.control.write((text.strip() + "\n").encode())
        with self._cond:
            self.sent = getattr(self, "sent", 0) + 1
            return self.sent

    def wait_done(self, n, timeout=600):
        """Wait until command number `n` is done; False on timeout or exit."""
        deadline = time.monotonic() + timeout
        with self._cond:
            while self.done < n:
                if self.proc.poll() is not None and not self._err.is_alive():
                    return False
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self._cond.wait(min(left, 0.5))
        return True

    def run(self, text, timeout=600):
        """Send a command and wait for it to be done."""
        return self.wait_done(self.command(text), timeout)

    def _read_stderr(self):
        for raw in self.proc.stderr:
            text = raw.decode("utf-8", "replace").rstrip("\n")
            with self._cond:
                if text.startswith("sim-done: "):
                    self.done = int(text.split()[1])
                else:
                    self.notes.append(text)
                self._cond.notify_all()
            if self.on_note is not None and not text.startswith("sim-done: "):
                self.on_note(text)
        with self._cond:
            self._cond.notify_all()

    def wait(self, timeout=None):
        code = self.proc.wait(timeout)
        self._err.join(5)
        return code

    def stop(self):
        """End the process (the sim's own quit is `command("quit")`)."""
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        try:
            self.control.close()
        except OSError:
            pass


class PtyBridge:
    """The simulator's serial link on a pseudo-terminal, with unplug and replug."""

    def __init__(self, proc, link=None, on_note=None, seed=1, drop_closed=False):
        self.proc = proc
        self.drop_closed = drop_closed  # output dropped while the host has the port closed
        self.garble = 0             # permille of chunks damaged on the way to the host
        self.damaged = 0
        self._rng = random.Random(seed)
        self.link = link
        self.on_note = on_note or (lambda text: None)
        self.master = None
        self.path = None
        self.plugged = False
        self.dropped = 0            # bytes the controller sent while unplugged
        self.running = True
        self._lock = threading.Lock()
        self.plug()
        self._out = threading.Thread(target=self._to_host, daemon=True)
        self._in = threading.Thread(target=self._to_controller, daemon=True)
        self._out.start()
        self._in.start()

    def plug(self):
        """A new pseudo-terminal (a USB cable plugged in)."""
        master, slave = os.openpty()
        tty.setraw(slave)       # no echo, no line discipline: bytes as a USB CDC port
        path = os.ttyname(slave)
        os.close(slave)
        # Keep the master writable without a reader yet: the kernel buffers it.
        with self._lock:
            self.master = master
            self.path = path
            self.plugged = True
            self.opened = False     # no host has opened this terminal yet
        if self.link:
            tmp = self.link + ".new"
            try:
                os.remove(tmp)
            except OSError:
                pass
            os.symlink(path, tmp)
            os.replace(tmp, self.link)
        return path

    def unplug(self):
        """Close the terminal: the host's reads fail; output is dropped until `plug`."""
        with self._lock:
            master, self.master = self.master, None
            self.plugged = False
        if master is not None:
            os.close(master)

    def _to_host(self):
        fd = self.proc.proc.stdout.fileno()
        while self.running:
            try:
                data = os.read(fd, 4096)
            except OSError:
                data = b""
            if not data:
                return          # the controller exited
            if self.garble and self._rng.randrange(1000) < self.garble:
                data = self._damage(data)
            while data and self.running:
                with self._lock:
                    master = self.master
                if master is None or (self.drop_closed and self._closed_by_host(master)):
                    self.dropped += len(data)   # no host: a Pico's USB drops output
                    break
                try:
                    _r, w, _x = select.select([], [master], [], 0.2)
                    if w:
                        n = os.write(master, data)
                        data = data[n:]
                except OSError:
                    time.sleep(0.05)    # unplugged under us: the loop sees master None

    def _closed_by_host(self, master):
        """No program has the terminal open (the master polls as hung up): a port
        closed by the host drops the DTR line, and the Pico's USB then drops its
        output, as when the cable is out. Before any host has opened it the kernel
        buffers what is written (the first recorder reads the boot reply)."""
        if not self.opened:
            p = select.poll()
            p.register(master, select.POLLOUT)
            self.opened = not any(ev & select.POLLHUP for _fd, ev in p.poll(0))
            return False
        p = select.poll()
        p.register(master, select.POLLOUT)
        return any(ev & select.POLLHUP for _fd, ev in p.poll(0))

    def _damage(self, data):
        """A flipped bit, a dropped byte, or a line cut short (a noisy cable)."""
        self.damaged += 1
        rng = self._rng
        i = rng.randrange(len(data))
        kind = rng.randrange(3)
        if kind == 0:
            return data[:i] + bytes((data[i] ^ (1 << rng.randrange(7)),)) + data[i + 1:]
        if kind == 1:
            return data[:i] + data[i + 1:]
        end = data.find(b"\n", i)
        return data[:i] + (data[end:] if end >= 0 else b"")

    def _to_controller(self):
        while self.running:
            with self._lock:
                master = self.master
            if master is None:
                time.sleep(0.05)
                continue
            try:
                r, _w, _x = select.select([master], [], [], 0.2)
                if not r:
                    continue
                data = os.read(master, 4096)
            except OSError:
                # No host has the terminal open (EIO): wait for one.
                time.sleep(0.05)
                continue
            if data:
                self.proc.write(data)

    def close(self):
        self.running = False
        self.unplug()
        if self.link:
            try:
                os.remove(self.link)
            except OSError:
                pass
