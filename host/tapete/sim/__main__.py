"""`python -m tapete.sim` (`make sim`): a whole Malilla match on the simulated table.

The controller firmware runs unmodified inside the MicroPython unix port against
firmware/sim's chip models (table/board.py picks the simulator off a Pico), with
four scripted players (players.py) laying cards on the readers through flicker,
crosstalk and corrupted replies. This side is the host: it talks to the
controller over its stdin/stdout exactly as over USB serial (tapete.link),
starts the match with a `new` command, prints and stores the log, and audits it.
Exit status 1 when the audit disagrees with the controller or finds errors.

The match option irregularity=report keeps the match going after the scripted
illegal play (seat to play in hand 2, trick 3 revokes), so the log shows the
violation proven later, with its proof, and the match still ends at 35.
"""
import json
import os
import shutil
import subprocess
import sys

from ..audit import audit_file
from ..link import LogFile, Recorder
from ..report import render

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
FIRMWARE = os.path.join(ROOT, "firmware")
NEW = {"cmd": "new", "game": "malilla", "options": {"irregularity": "report"}, "dealer": 0}


def micropython():
    here = os.path.join(os.path.dirname(sys.executable), "micropython")
    return here if os.path.exists(here) else shutil.which("micropython")


class Pipes:
    """The controller process's stdout/stdin as a serial port."""

    def __init__(self, proc):
        self.proc = proc

    def readline(self):
        return self.proc.stdout.readline()

    def write(self, data):
        try:
            self.proc.stdin.write(data)
            self.proc.stdin.flush()
        except (BrokenPipeError, ValueError):
            pass


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    seed = int(argv[0]) if argv else 2026
    out = os.path.join("out", "sim")
    frames = os.path.join(out, "frames")
    flash = os.path.join(out, "flash")
    for d in (frames, flash):
        shutil.rmtree(d, ignore_errors=True)
    os.makedirs(frames, exist_ok=True)
    mpy = micropython()
    if not mpy:
        print("micropython not found: run `make setup`", file=sys.stderr)
        return 2
    env = dict(os.environ)
    env["MICROPYPATH"] = os.pathsep.join([FIRMWARE, HERE, ".frozen"])
    cmd = [mpy, "-X", "heapsize=2M", os.path.join(HERE, "table_sim.py"), flash, frames, str(seed)]
    proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env)
    path = os.path.join(out, "table.jsonl")
    log = LogFile(path)
    emitted = []

    def store(ev):
        log(ev)
        emitted.append(ev)
        print(json.dumps(ev), flush=True)

    def reply(obj):
        if obj.get("reply") == "boot" and obj.get("phase") == "idle":
            rec.send(NEW)
        elif "error" in obj:
            print("controller error: " + json.dumps(obj), flush=True)

    rec = Recorder(Pipes(proc), store, reply)
    rec.run()
    log.close()
    code = proc.wait()
    print()
    if code != 0:
        print("the controller exited with status %d" % code)
        return 1
    result = audit_file(path)
    report = render(result)
    sys.stdout.write(report)
    out_dir = os.path.dirname(path)
    with open(os.path.join(out_dir, "audit.txt"), "w") as f:
        f.write(report)
    with open(os.path.join(out_dir, "audit.json"), "w") as f:
        json.dump(result, f, indent=1, ensure_ascii=False)
    derived = sum(1 for e in emitted if e["ev"] in ("trick", "violation", "hand_end", "match_end"))
    violations = [e for e in emitted if e["ev"] == "violation"]
    print("log: %s (%d events, %d derived by the controller, %d violation(s)); frames: %s (%d PNG)"
          % (path, len(emitted), derived, len(violations), frames, len(os.listdir(frames))))
    print("audit: %s and %s" % (os.path.join(out_dir, "audit.txt"), os.path.join(out_dir, "audit.json")))
    print("link: %d resends asked, %d bad lines, %d gaps" % (rec.resends, rec.bad_lines, rec.gaps))
    bad = len(result["errors"]) + len(result["disagreements"])
    if not emitted or emitted[-1]["ev"] != "match_end":
        print("FAIL: the match did not end")
        return 1
    if bad:
        print("FAIL: %d audit errors, %d disagreements with the controller"
              % (len(result["errors"]), len(result["disagreements"])))
        return 1
    print("audit: zero disagreements with the controller, zero errors")
    return 0


if __name__ == "__main__":
    sys.exit(main())
