"""`tapete audit` on a big log: MB/s and peak memory, before and after streaming.

    .venv/bin/python bench/bench_audit.py [--mb 50] [--before REV]

Makes (once, cached in build/bench/) a log of about `--mb` MB of whole Malilla and
Manille matches, one after another, as a controller logs them (input and derived
events; tapete.rules.playout through tests/host/fixtures.py). Then audits it in
child processes, one after the other, each measuring its own CPU time and peak
resident memory (getrusage):

- after: the streaming audit, exactly as `tapete audit LOG --json` runs it;
- before: the audit of revision REV (default: the one before host/tapete/log/read.py
  was added), loaded from git, as its `tapete audit LOG --json` ran it: the whole
  file read at once. It audits the first match and reports the rest as errors (it
  knew one match per log), so its MB/s is not the same work;
- before, each match alone: REV's audit fed one match at a time (split here), the
  same work as "after", for a fair MB/s.

MB/s is over CPU time (user + system): the machines these run on are shared.
"""
import argparse
import json
import os
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests"))

CHILD = r"""
import json, os, resource, sys, time
which, path, source = sys.argv[1], sys.argv[2], sys.argv[3]
t0 = time.perf_counter()
sink = open(os.devnull, "w")
matches = None
if which == "after":
    from tapete.judge.audit import audit_matches
    from tapete.log.read import LogFile
    from tapete.views.report import JsonOut, write
    matches = write(audit_matches(LogFile(path)), JsonOut(sink))
else:
    import types
    code = open(source).read().replace("from .rules", "from tapete.rules")
    old = types.ModuleType("audit_before")
    exec(compile(code, "audit_before", "exec"), old.__dict__)
    if which == "before":
        json.dump(old.audit_file(path), sink, indent=1, ensure_ascii=False)
    else:                       # each match alone
        matches = 0
        lines = []

        def flush():
            global matches
            if lines:
                json.dump(old.audit_lines(lines), sink, indent=1, ensure_ascii=False)
                matches += 1
                del lines[:]
        with open(path, encoding="utf-8") as f:
            for n, text in enumerate(f, 1):
                if text.startswith('{"ev": "match"'):
                    flush()
                lines.append((n, text.rstrip("\n")))
        flush()
usage = resource.getrusage(resource.RUSAGE_SELF)
print(json.dumps({"cpu": usage.ru_utime + usage.ru_stime, "wall": time.perf_counter() - t0,
                  "peak_kb": usage.ru_maxrss, "matches": matches}))
"""


def make_log(path, mb):
    """A log of about `mb` MB of whole matches, alternating the two games."""
    from host.fixtures import controller_log, whole_match
    os.makedirs(os.path.dirname(path), exist_ok=True)
    size = matches = seed = 0
    with open(path + ".part", "w") as f:
        while size < mb * 1e6:
            for game in ("malilla", "manille"):
                text = "".join(json.dumps(e) + "\n" for e in controller_log(whole_match(game, seed)))
                f.write(text)
                size += len(text)
                matches += 1
            seed += 1
    os.rename(path + ".part", path)


def git(*args):
    return subprocess.run(["git", "-C", ROOT] + list(args), capture_output=True, text=True)


def before_revision():
    """The revision just before the streaming audit, or None without git history."""
    added = git("log", "--diff-filter=A", "--format=%H", "--", "host/tapete/log/read.py")
    if added.returncode or not added.stdout.split():
        return None
    return added.stdout.split()[-1] + "^"


def run(which, path, source=""):
    proc = subprocess.run([sys.executable, "-c", CHILD, which, path, source],
                          capture_output=True, text=True, cwd=ROOT)
    if proc.returncode:
        raise SystemExit(which + " failed:\n" + proc.stderr[-2000:])
    return json.loads(proc.stdout.strip().splitlines()[-1])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--mb", type=float, default=50, help="size of the log (default 50)")
    parser.add_argument("--before", help="the revision to compare with (default: before streaming)")
    args = parser.parse_args()
    path = os.path.join(ROOT, "build", "bench", "audit_%gmb.jsonl" % args.mb)
    if not os.path.exists(path):
        t0 = time.perf_counter()
        make_log(path, args.mb)
        print("made %s in %.0f s" % (os.path.relpath(path, ROOT), time.perf_counter() - t0))
    mb = os.path.getsize(path) / 1e6
    with open(path, "rb") as f:
        lines = sum(block.count(b"\n") for block in iter(lambda: f.read(1 << 20), b""))
    rows = [("after (streaming)", run("after", path))]
    rev = args.before or before_revision()
    old = git("show", rev + ":host/tapete/judge/audit.py") if rev else None
    if old is None or old.returncode:
        print("no 'before' figures: git history of host/tapete/judge/audit.py not found")
    else:
        source = os.path.join(ROOT, "build", "bench", "audit_before.py")
        with open(source, "w") as f:
            f.write(old.stdout)
        name = git("rev-parse", "--short", rev).stdout.strip()
        rows.insert(0, ("before (%s, whole file)" % name, run("before", path, source)))
        rows.insert(1, ("before (%s, each match alone)" % name, run("alone", path, source)))
    print("tapete audit of a %.1f MB log: %d lines, %d matches (%s)"
          % (mb, lines, rows[-1][1]["matches"], os.path.relpath(path, ROOT)))
    for label, r in rows:
        print("  %-34s %5.2f MB/s (CPU %5.1f s, wall %5.1f s), peak RSS %6.1f MB"
              % (label, mb / r["cpu"], r["cpu"], r["wall"], r["peak_kb"] / 1024))
    if len(rows) == 3:
        before, alone, after = rows[0][1], rows[1][1], rows[2][1]
        print("  after / before: %.2fx the MB/s (%.2fx against each match alone), "
              "1/%.0f of the peak memory"
              % (before["cpu"] / after["cpu"], alone["cpu"] / after["cpu"],
                 before["peak_kb"] / after["peak_kb"]))


if __name__ == "__main__":
    main()
