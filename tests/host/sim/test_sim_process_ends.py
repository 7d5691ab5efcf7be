"""The simulator's `micropython table_sim.py` never outlives the Python process that
started it (host/tapete/sim/process.py): killed outright (SIGKILL, nothing of it
runs), terminated (SIGTERM, `tapete sim --pty` cleans up first), or gone in any way
that closes its end of the players' pipe. A table left running would hold its
pseudo-terminal, its scratch flash and a core of the machine after every killed
test run. Linux: the processes are found through /proc."""
import os
import signal
import subprocess
import sys
import textwrap
import time

import pytest

from host.simkit import Table

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")


def running(pid):
    """Is `pid` a live process (a zombie waiting for its reaper counts as gone)?"""
    try:
        with open("/proc/%d/stat" % pid) as f:
            state = f.read().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state not in ("Z", "X")


def is_table(pid):
    try:
        with open("/proc/%d/cmdline" % pid, "rb") as f:
            words = f.read().split(b"\0")
    except OSError:
        return False
    return any(w.endswith(b"micropython") for w in words) and any(w.endswith(b"table_sim.py") for w in words)


def gone_within(pid, seconds):
    deadline = time.monotonic() + seconds
    while running(pid):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def children(pid):
    """The PIDs whose parent is `pid`."""
    out = []
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                with open("/proc/%s/stat" % name) as f:
                    if int(f.read().rsplit(")", 1)[1].split()[1]) == pid:
                        out.append(int(name))
            except (OSError, IndexError, ValueError):
                pass
    return out


def end_the_table(pid):
    """A table that outlived the test (the failure): ended here, never left behind."""
    if running(pid) and is_table(pid):
        os.kill(pid, signal.SIGKILL)


PARENT = textwrap.dedent("""
    import sys, time
    from tapete.sim.process import SimProcess
    p = SimProcess({"root": sys.argv[1], "frames": None, "seed": 1, "seats": 4, "commands": []})
    print(p.proc.pid, flush=True)
    time.sleep(600)
""")


def parent_with_a_table(tmp_path):
    """A Python process holding a SimProcess; (the parent, the table's PID)."""
    env = dict(os.environ, TMPDIR=str(tmp_path / "tmp"))    # where tempfile would write
    os.makedirs(env["TMPDIR"])
    parent = subprocess.Popen([sys.executable, "-c", PARENT, str(tmp_path / "flash")],
                              stdout=subprocess.PIPE, text=True, env=env)
    pid = int(parent.stdout.readline())
    assert running(pid) and is_table(pid)
    return parent, pid


@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGTERM])
def test_the_table_ends_with_the_python_process_that_started_it(tmp_path, sig):
    parent, pid = parent_with_a_table(tmp_path)
    try:
        time.sleep(0.5)                 # the table is up and idle, waiting for commands
        parent.send_signal(sig)
        parent.wait(10)
        assert gone_within(pid, 5), "micropython table_sim.py (PID %d) outlived its parent" % pid
        assert os.listdir(str(tmp_path / "tmp")) == []     # no config file left behind
    finally:
        if parent.poll() is None:
            parent.kill()
            parent.wait()
        end_the_table(pid)


def test_the_table_stops_when_its_host_closes_the_players_pipe(tmp_path):
    # The watchdog beside the kernel's: the pipe's end is the host's (any platform,
    # whichever thread started the table).
    from tapete.sim.process import SimProcess
    p = SimProcess({"root": str(tmp_path / "flash"), "frames": None, "seed": 1, "seats": 4,
                    "commands": []})
    try:
        time.sleep(0.5)
        p.control.close()
        p.proc.wait(10)
        assert p.proc.returncode is not None
    finally:
        p.stop()
        end_the_table(p.proc.pid)


def test_tapete_sim_terminated_ends_its_table_and_cleans_up(tmp_path):
    table = Table(tmp_path, "--linger", "600")
    pids = []
    try:
        deadline = time.monotonic() + 30
        while not pids:
            pids = [c for c in children(table.proc.pid) if is_table(c)]
            assert time.monotonic() < deadline, "no micropython under tapete sim"
            time.sleep(0.05)
        table.proc.send_signal(signal.SIGTERM)
        out, err = table.proc.communicate(timeout=60)
        assert "Traceback" not in err, err
        assert gone_within(pids[0], 5)
        assert not os.path.lexists(table.port), "the --link symlink was left behind"
    finally:
        table.stop()
        for pid in pids:
            end_the_table(pid)


KILLED_TEST = textwrap.dedent("""
    import sys, time
    sys.path.insert(0, sys.argv[2])
    from host.simkit import Table
    table = Table(sys.argv[1], "--linger", "600")
    print(table.proc.pid, flush=True)
    time.sleep(600)
""")


def test_a_test_run_killed_outright_ends_tapete_sim_and_its_table(tmp_path):
    # A stand-in for pytest holding a `tapete sim --pty` (tests/host/simkit.py), killed.
    tests = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    run = subprocess.Popen([sys.executable, "-c", KILLED_TEST, str(tmp_path), tests],
                           stdout=subprocess.PIPE, text=True)
    sim = int(run.stdout.readline())
    tables = []
    try:
        deadline = time.monotonic() + 30
        while not tables:
            tables = [c for c in children(sim) if is_table(c)]
            assert time.monotonic() < deadline, "no micropython under tapete sim"
            time.sleep(0.05)
        run.kill()
        run.wait(10)
        assert gone_within(sim, 30), "tapete sim (PID %d) outlived the test run" % sim
        assert gone_within(tables[0], 5)
        assert not os.path.lexists(os.path.join(str(tmp_path), "ttyTAPETE"))
    finally:
        if run.poll() is None:
            run.kill()
            run.wait()
        if running(sim):
            with open("/proc/%d/cmdline" % sim, "rb") as f:
                if b"tapete.cli" in f.read():       # that very process, not a reused PID
                    os.kill(sim, signal.SIGKILL)
        for pid in tables:
            end_the_table(pid)
