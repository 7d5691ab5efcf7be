"""Benchmarks of the C rule core under CPython (not timed tests; figures to read).

    .venv/bin/python bench/bench_core.py [--quick]

1. random playouts of whole Malilla hands: C core vs the pure-Python rules, in this
   process (budget: C >= 50x);
2. the solver: median for 5 tricks left (budget 10 ms) and for a whole 10-trick
   Malilla hand (budget 2 s);
3. a claim check with 3 tricks left and the other hands hidden;
4. the armv6m code size of the core at -Os (budget 8 KB) and the .mpy sizes.
"""
import os
import random
import shutil
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests"))

import tapete_core as core  # noqa: E402
from tapete.rules import cards as C  # noqa: E402
from tapete.rules import games  # noqa: E402
from tapete.rules.trick import Trick  # noqa: E402
from native import bridge as B  # noqa: E402

QUICK = "--quick" in sys.argv


def median(xs):
    xs = sorted(xs)
    return xs[len(xs) // 2]


def deal(game, rng):
    """Four hand-shaped hands of a random deal, the leader and the trump."""
    hands, trick, _ = B.random_position(game, rng, game.tricks, 0, trump=rng.below(4))
    return hands, trick.leader, trick.trump


def python_playout(game, hands, leader, trump, rnd):
    """One random legal playout with the pure-Python rules: team 0's points."""
    h = [list(x) for x in hands]
    t = Trick(game)
    t.start_hand(leader, trump)
    out = [0, 0, 0, 0]
    got = 0
    for _ in range(game.tricks):
        for _ in range(4):
            seat = t.to_play
            game.legal_into(h[seat], t, out)
            options = C.cards_of(out)
            c = options[rnd.randrange(len(options))]
            h[seat][c >> 4] &= ~C.bit(c)
            t.add(seat, c)
        if t.winner % 2 == 0:
            got += game.trick_point
            for i in range(4):
                got += game.points(t.cards[i])
        t.start(t.winner)
    return got


def bench_playouts():
    game = games.get("malilla")
    desc = B.describe(core, game)
    rng = B.Rng(1)
    rnd = random.Random(1)
    deals = [deal(game, rng) for _ in range(20)]
    per = 50 if QUICK else 200
    t0 = time.perf_counter()
    py_sum = 0
    for hands, leader, trump in deals:
        for _ in range(per):
            py_sum += python_playout(game, hands, leader, trump, rnd)
    py = (time.perf_counter() - t0) / (len(deals) * per)
    cper = per * 50
    t0 = time.perf_counter()
    c_sum = 0
    for hands, leader, trump in deals:
        c_sum += core.playouts(desc, trump, leader, 0, b"", 0, B.flat(hands), core.POINTS, cper, 7)
    c = (time.perf_counter() - t0) / (len(deals) * cper)
    print("playouts of a whole Malilla hand: pure Python %.1f us, C core %.2f us: %.0fx (budget >= 50x)"
          % (py * 1e6, c * 1e6, py / c))
    print("  mean points for team 0 over the same deals: Python %.2f, C %.2f (should agree)"
          % (py_sum / (len(deals) * per), c_sum / (len(deals) * cper)))


def bench_solver():
    game = games.get("malilla")
    desc = B.describe(core, game)
    table = bytearray(1 << 24)
    rng = B.Rng(2)
    for left, count, budget in ((5, 31, "10 ms"), (10, 5 if QUICK else 11, "2 s")):
        times = []
        for _ in range(count):
            hands, trick, _ = B.random_position(game, rng, left, 0, trump=rng.below(4))
            a = B.trick_args(trick)
            t0 = time.perf_counter()
            core.solve(desc, a[0], a[1], a[2], a[3], a[4], B.flat(hands), 0, core.POINTS, table, 0)
            times.append(time.perf_counter() - t0)
        print("solve Malilla, %d tricks left: median %.2f ms, max %.2f ms over %d deals (budget %s; 16 MB table)"
              % (left, median(times) * 1e3, max(times) * 1e3, count, budget))


def bench_claims():
    game = games.get("malilla")
    desc = B.describe(core, game)
    table = bytearray(1 << 22)
    rng = B.Rng(3)
    refuted, sound, deals_seen = [], [], []
    for _ in range(21):
        hands, trick, _ = B.random_position(game, rng, 3, 0, trump=rng.below(4))
        claimer = trick.leader
        team = claimer % 2
        known = [0] * 16
        known[claimer * 4:claimer * 4 + 4] = hands[claimer]
        unseen = [0, 0, 0, 0]
        for s in range(4):
            if s != claimer:
                for x in range(4):
                    unseen[x] |= hands[s][x]
        a = B.trick_args(trick)
        out = [0] * 68
        args = (desc,) + a + (known, 1 << claimer, unseen, [0] * 16, team, core.TRICKS)
        t0 = time.perf_counter()
        r = core.claim(*(args + (3, table, 0, out)))   # "the rest are ours"
        refuted.append(time.perf_counter() - t0)
        # the strongest claim that holds on every deal: every deal is searched
        target = 3
        while target > 0 and core.claim(*(args + (target, table, 0, out))) != 1:
            target -= 1
        t0 = time.perf_counter()
        assert core.claim(*(args + (target, table, 0, out))) == 1
        sound.append(time.perf_counter() - t0)
        deals_seen.append(r)
    print("claim, 3 tricks left, 3 hands hidden (1680 deals): 'the rest are ours' median %.2f ms "
          "(%d of 21 sound); the strongest sound claim median %.2f ms, max %.2f ms"
          % (median(refuted) * 1e3, sum(deals_seen), median(sound) * 1e3, max(sound) * 1e3))


def bench_sizes():
    src = os.path.join(ROOT, "firmware", "native", "tapete_core.c")
    gcc = shutil.which("arm-none-eabi-gcc")
    if gcc:
        obj = os.path.join(ROOT, "build", "native", "tapete_core_m0.o")
        os.makedirs(os.path.dirname(obj), exist_ok=True)
        for flags, what in (([], "whole core"), (["-DTAPETE_NO_SOLVER", "-DTAPETE_NO_PLAYOUT"], "no solver, no playouts")):
            subprocess.run([gcc, "-std=c99", "-mcpu=cortex-m0plus", "-mthumb", "-Os", "-fno-jump-tables",
                            "-c", src, "-o", obj] + flags, check=True)
            size = subprocess.run(["arm-none-eabi-size", obj], capture_output=True, text=True, check=True)
            text = int(size.stdout.splitlines()[1].split()[0])
            print("armv6m -Os code size, %s: %d bytes (budget 8192)" % (what, text))
    else:
        print("armv6m code size: arm-none-eabi-gcc not installed")
    found = False
    for arch in ("x64", "armv6m", "armv7emsp"):
        p = os.path.join(ROOT, "build", "natmod", arch, "tapete_core.mpy")
        if os.path.exists(p):
            found = True
            print("tapete_core.mpy, %s: %d bytes" % (arch, os.path.getsize(p)))
    if not found:
        print(".mpy sizes: none built (make natmod MPY_DIR=...)")


if __name__ == "__main__":
    bench_playouts()
    bench_solver()
    bench_claims()
    bench_sizes()
