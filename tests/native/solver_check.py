"""The long proof of the host solver (make solver-check; seconds-fast counts run in
make test, tests/native/test_diff_cpython.py):

    .venv/bin/python -m tests.native.solver_check [POSITIONS]

For every game of the catalogue, POSITIONS (default 3000) random endings of up to
three tricks solved by tapete_core.solve against rules/solver.py (plain minimax over
the rule module's own legal cards), and as many of up to six tricks against
tapete_core.solve_core (the small core's search, the Pico's). Prints a line per game
and stops at the first disagreement with the position.
"""
import sys
import time

import tapete_core as core

from . import catalogue
from . import diffcheck as D


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 3000
    for name in catalogue.NAMES:
        t0 = time.perf_counter()
        a = D.check_solver(core, name, n, seed=101, table=bytearray(1 << 18))
        b = D.check_host_solver(core, name, n, seed=103, table=bytearray(1 << 18))
        print("%-16s %5d endings = rules/solver.py, %5d deeper = solve_core (%.1f s)"
              % (name, a, b, time.perf_counter() - t0), flush=True)


if __name__ == "__main__":
    main()
