"""A table session on the emulated Pico, with the real host tools (CPython).

`deploy(rig)` copies the firmware with `make deploy PORT=<the rig's pty>` (mpremote)
and the deck's enrolment file; `Recording` runs `tapete record` on the pty;
`play(...)` runs the players and checks the outcome: every card laid is logged
once, in order, nothing else is played, and `tapete audit` agrees with the controller.
"""
import json
import os
import signal
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)

from rig import uid7  # noqa: E402

SPANISH40 = (1, 2, 3, 4, 5, 6, 7, 11, 12, 13)
CONTROLS = 10
NEW_OPTIONS = {"irregularity": "report"}


def venv_bin(name):
    """A command of the project's venv (beside this Python), else from PATH."""
    here = os.path.join(os.path.dirname(sys.executable), name)
    return here if os.path.exists(here) else name


def enrol_file(path):
    """The enrolment of the players' deck (Spanish 40 and the control tags)."""
    codes = [s * 16 + f - 1 for s in range(4) for f in SPANISH40] + [64 + i for i in range(CONTROLS)]
    tags = dict(("".join("%02x" % b for b in uid7(c)), c) for c in codes)
    with open(path, "w") as f:
        json.dump({"version": 1, "deck": "spanish40", "tags": tags}, f)
    return path


def deploy(rig, out, log=print):
    """`make deploy PORT=<pty>` and the enrolment file, with mpremote; waits for the app."""
    os.makedirs(out, exist_ok=True)
    enrol = enrol_file(os.path.join(out, "enrol.json"))
    rig.send(b"\r\n")
    rig.wait_text(">>> ", 0, 120)        # the REPL of a Pico with no main.py yet
    t0 = time.monotonic()
    mp = venv_bin("mpremote")
    run([mp, "connect", rig.port, "fs", "cp", enrol, ":enrol.json"], "copying enrol.json")
    boots = sum(1 for r in rig.replies if r.get("reply") == "boot")
    run(["make", "-s", "deploy", "PORT=" + rig.port], "make deploy")
    rig.wait_boot(boots + 1, 180)
    log("deployed with mpremote in %.0f s (wall); the controller booted" % (time.monotonic() - t0))


def run(cmd, what):
    proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=1200)
    if proc.returncode != 0:
        raise RuntimeError("%s failed (%d):\n%s\n%s" % (what, proc.returncode,
                                                     proc.stdout[-2000:], proc.stderr[-2000:]))
    return proc.stdout


class Recording:
    """`tapete record PORT --out LOG --new malilla` as a subprocess."""

    def __init__(self, rig, path, game="malilla", options=NEW_OPTIONS):
        self.path = path
        self.rig = rig
        # Each recording is of a fresh emulated board: a log left by an earlier run would be
        # appended to (record never truncates) and counted as this run's events.
        # Its match database beside it: a demo never writes into the user's own.
        self.db = os.path.splitext(path)[0] + ".sqlite"
        for old in (path, self.db):
            if os.path.exists(old):
                os.remove(old)
        # Its "where are you?" after a second of silence, in emulated time: at wall-clock
        # pace it would reach the emulated board ten or more times an emulated second,
        # work a real table never sees, in front of the players' verdicts.
        cmd = [venv_bin("tapete"), "record", rig.port, "--out", path, "--db", self.db, "--new", game,
               "--options", json.dumps(options), "--look-every", "%.1f" % rig.slowness()]
        self.proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                     text=True, cwd=ROOT)

    def lines(self):
        try:
            with open(self.path) as f:
                return [json.loads(x) for x in f if x.strip()]
        except (OSError, ValueError):
            return []

    def stop(self, expect=None, timeout=120):
        """Wait until the file holds `expect` events, then end it as Ctrl-C would."""
        if expect is not None:
            end = time.monotonic() + timeout
            while len(self.lines()) < expect and time.monotonic() < end and self.proc.poll() is None:
                time.sleep(0.1)
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
        try:
            _, err = self.proc.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            _, err = self.proc.communicate()
        self.summary = (err or "").strip()
        return self.lines()


def audit(path):
    """`tapete audit LOG --json` as the user runs it: the result object."""
    out = run([venv_bin("tapete"), "audit", path, "--json"], "tapete audit")
    return json.loads(out)


def check(players, events, result):
    """Problems (a list of lines) between what was laid, what was logged and the audit."""
    problems = []
    seqs = [e["seq"] for e in events]
    if seqs != list(range(len(seqs))):
        problems.append("the log's seqs are not 0..%d in order: %s" % (len(seqs) - 1, seqs[:20]))
    plays = [(e["seat"], e["card"]) for e in events if e["ev"] == "play"]
    if plays != players.placed:
        for i, (a, b) in enumerate(zip(plays, players.placed)):
            if a != b:
                problems.append("play %d: logged %s, laid %s" % (i, a, b))
                break
        if len(plays) != len(players.placed):
            problems.append("%d plays logged, %d cards laid" % (len(plays), len(players.placed)))
    if result["errors"] or result["disagreements"]:
        problems.append("audit: %d errors, %d disagreements: %s" % (
            len(result["errors"]), len(result["disagreements"]),
            (result["errors"] + result["disagreements"])[:3]))
    return problems
