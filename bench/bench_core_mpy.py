"""The native module vs the pure-Python rules inside MicroPython (unix port): the
legal-card check (budget: native >= 10x). Not a timed test; figures to read.

    .venv/bin/micropython bench/bench_core_mpy.py     (after make natmod MPY_DIR=...)
    .venv/bin/python bench/bench_core_mpy.py          (re-runs itself under micropython)
"""
import sys

if sys.implementation.name != "micropython":
    import os
    import subprocess
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    mod = os.path.join(root, "build", "natmod", "x64")
    if not os.path.exists(os.path.join(mod, "tapete_core.mpy")):
        print("bench_core_mpy: no build/natmod/x64/tapete_core.mpy (make natmod MPY_DIR=...): skipped")
        sys.exit(0)
    exe = os.path.join(os.path.dirname(sys.executable), "micropython")
    env = dict(os.environ)
    env["MICROPYPATH"] = os.pathsep.join([mod, os.path.join(root, "tests"), os.path.join(root, "firmware")])
    sys.exit(subprocess.run([exe, "-X", "heapsize=8M", os.path.abspath(__file__)], env=env).returncode)

for _p in sys.path:     # tests/native (the bridge) before firmware/native (the C sources)
    if _p.endswith("tests"):
        sys.path.insert(0, _p)
        break

import time  # noqa: E402

import tapete_core as core  # noqa: E402
from rules import games  # noqa: E402
from native import bridge as B  # noqa: E402


def positions(game, trump, count):
    rng = B.Rng(5)
    out = []
    for _ in range(count):
        hands, trick, _ = B.random_position(game, rng, trump, 1 + rng.below(game.hand_size), rng.below(game.seats))
        out.append((hands[trick.to_play], trick))
    return out


def run(game, desc, pos, rounds):
    out = [0, 0, 0, 0]
    t0 = time.ticks_us()
    for _ in range(rounds):
        for hand, trick in pos:
            game.legal_into(hand, trick, out)
    py = time.ticks_diff(time.ticks_us(), t0)
    legal = core.legal
    t0 = time.ticks_us()
    for _ in range(rounds):
        for hand, trick in pos:
            legal(desc, trick.trump, trick.leader, trick.n, trick.cards, trick.led_suits, hand, out)
    c = time.ticks_diff(time.ticks_us(), t0)
    calls = rounds * len(pos)
    return py / calls, c / calls


def main():
    for name, seats in (("malilla", 4), ("manille", 4), ("manille", 3), ("botifarra", 4), ("tute", 4),
                        ("envite", 12), ("truc", 4)):
        game = games.get(name, {}, seats)
        trump = 4 if game.suitless else 1
        game.set_trump(trump)
        desc = B.describe(core, game)
        pos = positions(game, trump, 200)
        py, c = run(game, desc, pos, 20)
        print("micropython legal-card check, %-9s %2d seats: pure Python %.2f us, native module %.2f us: "
              "%.1fx (budget >= 10x)" % (name, seats, py, c, py / c))
    game = games.get("malilla")
    game.set_trump(1)
    desc = B.describe(core, game)
    rng = B.Rng(9)
    hands, trick, _ = B.random_position(game, rng, 1, 5, 0)
    a = B.trick_args(trick)
    t0 = time.ticks_us()
    core.solve(desc, a[0], a[1], a[2], a[3], a[4], B.flat(hands), 0, core.POINTS, bytearray(1 << 14), 0)
    print("micropython native solve, Malilla 5 tricks left, 16 KB table: %.2f ms"
          % (time.ticks_diff(time.ticks_us(), t0) / 1000))


main()
