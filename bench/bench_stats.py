"""`tapete stats` over a season: a database of simulated matches (default 1,000), and
how long the statistics take over it (budget: under a second, issue 11).

    .venv/bin/python bench/bench_stats.py [MATCHES]

The matches are random legal matches from the rules' own playout (tests/host/
matchkit.py: Malilla and Manille, a revoke in one match in three, a claim in one in
four), stored event by event as `tapete record` stores them. It prints the time to
fill the database, `stats.gather` (median of 5) and the whole `tapete stats` command
(a new process: Python's start-up included), each as a figure and against the budget.
"""
import os
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "tests"))

from host.matchkit import controller_match  # noqa: E402
from tapete.views.stats import gather  # noqa: E402
from tapete.log.store import Store  # noqa: E402

GAMES = (("malilla", {"irregularity": "report"}), ("manille", {"target": 50}))


def fill(path, count):
    """A database of `count` simulated matches; (events stored, seconds)."""
    store = Store(path)
    store.start("bench")
    events = 0
    t0 = time.perf_counter()
    with store.bulk():
        for i in range(count):
            name, options = GAMES[i % len(GAMES)]
            log = controller_match(name, i, options,
                                   revoke_at=(1, 3) if i % 3 == 0 else None,
                                   claim_at=(2, 3) if i % 4 == 0 else None)
            for ev in log:
                store.add(ev)
            events += len(log)
    store.close()
    return events, time.perf_counter() - t0


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "season.sqlite")
        events, filled = fill(path, count)
        size = os.path.getsize(path)
        print("database: %d matches, %d events, %.1f MB, filled in %.1f s"
              % (count, events, size / 1e6, filled))
        times = []
        for _ in range(5):
            store = Store(path, create=False)
            t0 = time.perf_counter()
            figs = gather(store)
            times.append(time.perf_counter() - t0)
            store.close()
        matches = sum(g["matches"] for g in figs.values())
        assert matches == count, (matches, count)
        print("stats.gather over %d matches: median %.1f ms, max %.1f ms (budget 1000 ms)"
              % (matches, statistics.median(times) * 1e3, max(times) * 1e3))
        tapete = os.path.join(os.path.dirname(sys.executable), "tapete")
        for flag in ([], ["--json"]):
            t0 = time.perf_counter()
            proc = subprocess.run([tapete, "stats", "--db", path] + flag, capture_output=True, text=True)
            took = time.perf_counter() - t0
            assert proc.returncode == 0, proc.stderr
            print("`tapete stats%s` end to end (a new process): %.0f ms (budget 1000 ms)"
                  % (" " + flag[0] if flag else "", took * 1e3))


if __name__ == "__main__":
    main()
