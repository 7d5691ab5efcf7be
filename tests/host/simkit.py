"""`tapete sim --pty` and `tapete record` as processes, for the integration tests."""
import json
import os
import signal
import subprocess
import sys
import time

from tapete.sim.process import ends_with_parent

TAPETE = [sys.executable, "-m", "tapete.cli"]


def read_jsonl(path):
    if not os.path.exists(path):
        return []
    out = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.strip():
                out.append(json.loads(line))
    return out


class Table:
    """A simulated table on a pseudo-terminal (its stable path: `self.port`)."""

    def __init__(self, folder, *extra, script=None, seed=11):
        self.folder = str(folder)
        self.port = os.path.join(self.folder, "ttyTAPETE")
        self.emitted = os.path.join(self.folder, "emitted.jsonl")
        args = ["sim", "--pty", "--link", self.port, "--dir", os.path.join(self.folder, "sim"),
                "--emitted", self.emitted, "--seed", str(seed), "--quiet"] + list(extra)
        if script is not None:
            path = os.path.join(self.folder, "scenario.txt")
            with open(path, "w") as f:
                f.write(script)
            args += ["--script", path]
        # A test run killed outright still ends its table: the kernel sends `tapete sim`
        # SIGTERM when this process dies (Linux), and it stops its own table then.
        self.proc = subprocess.Popen(TAPETE + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     text=True, preexec_fn=ends_with_parent(signal.SIGTERM))
        deadline = time.time() + 60
        while not os.path.exists(self.port):
            assert time.time() < deadline and self.proc.poll() is None, self.proc.stderr.read()
            time.sleep(0.05)

    def events(self):
        return read_jsonl(self.emitted)

    def finish(self, timeout=600):
        out, err = self.proc.communicate(timeout=timeout)
        return out, err

    def stop(self):
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.communicate(timeout=30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.communicate()


def record(port, out, db, *extra, timeout=900):
    """Run `tapete record --plain` to the match's end; (returncode, stdout, stderr)."""
    proc = subprocess.run(TAPETE + ["record", port, "--plain", "--until-end", "--out", str(out),
                                    "--db", str(db), "--reconnect", "120"] + list(extra),
                          capture_output=True, text=True, timeout=timeout)
    return proc.returncode, proc.stdout, proc.stderr
