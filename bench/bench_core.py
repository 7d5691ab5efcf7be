"""Benchmarks of the C rule core under CPython (not timed tests; figures to read).

    .venv/bin/python bench/bench_core.py [--quick]

1. random playouts of whole hands: C core vs the pure-Python rules in this process,
   Malilla (the budget line: C >= 50x) and every other trick game;
2. the solver: median for 5 tricks left (budget 10 ms) per game, and for a whole
   10-trick Malilla hand (budget 2 s);
3. the claim check with 5 tricks left (the claimer's hand shown, the others hidden:
   every deal the table allows), under the table's own node budget;
4. the armv6m code size of the core at -Os (budget 8 KB) and the .mpy sizes.
"""
import glob
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
from tapete.rules import claims, games  # noqa: E402
from tapete.rules.trick import Trick  # noqa: E402
from native import bridge as B  # noqa: E402

QUICK = "--quick" in sys.argv
GAMES = (("malilla", 4), ("manille", 4), ("manille", 3), ("botifarra", 4), ("tute", 4), ("envite", 4),
         ("envite", 12), ("truc", 4))


def median(xs):
    xs = sorted(xs)
    return xs[len(xs) // 2]


def game_of(name, seats, trump):
    game = games.get(name, {}, seats)
    game.set_trump(trump)
    return game


def trump_for(game, rng):
    return C.NO_TRUMP if game.suitless else rng.below(4)


def python_playout(game, hands, leader, trump, rnd):
    """One random legal playout with the pure-Python rules: team 0's points."""
    h = [list(x) for x in hands]
    t = Trick(game)
    t.start_hand(leader, trump)
    out = [0, 0, 0, 0]
    got = 0
    for _ in range(game.hand_size):
        for _ in range(game.seats):
            seat = t.to_play
            game.legal_into(h[seat], t, out)
            options = C.cards_of(out)
            c = options[rnd.randrange(len(options))]
            h[seat][c >> 4] &= ~C.bit(c)
            t.add(seat, c)
        if not t.drawn and game.team_of[t.winner] == 0:
            got += game.trick_point
            for i in range(t.n):
                got += game.points(t.cards[i])
        t.start(B.next_leader(t))
    return got


def bench_playouts():
    print("random playouts of whole hands, C core vs pure Python (same process):")
    for name, seats in GAMES:
        rng = B.Rng(1)
        rnd = random.Random(1)
        deals = []
        for _ in range(10):
            probe = games.get(name, {}, seats)
            trump = trump_for(probe, rng)
            game = game_of(name, seats, trump)
            hands, trick, _ = B.random_position(game, rng, trump, game.hand_size, 0)
            deals.append((game, hands, trick.leader, trump))
        per = 30 if QUICK else 150
        t0 = time.perf_counter()
        for game, hands, leader, trump in deals:
            for _ in range(per):
                python_playout(game, hands, leader, trump, rnd)
        py = (time.perf_counter() - t0) / (len(deals) * per)
        cper = per * 50
        t0 = time.perf_counter()
        for game, hands, leader, trump in deals:
            core.playouts(B.describe(core, game), trump, leader, 0, b"", 0, B.flat(hands), core.POINTS, cper, 7)
        c = (time.perf_counter() - t0) / (len(deals) * cper)
        note = " (budget >= 50x)" if name == "malilla" else ""
        print("  %-9s %2d seats: pure Python %7.1f us, C core %6.2f us: %5.0fx%s"
              % (name, seats, py * 1e6, c * 1e6, py / c, note))


def bench_solver():
    table = bytearray(1 << 24)
    print("solve the rest of a hand exactly (every hand known, 16 MB table):")
    for name, seats in GAMES:
        rng = B.Rng(2)
        times = []
        probe = games.get(name, {}, seats)
        left = min(5, probe.hand_size)
        for _ in range(11 if QUICK else 31):
            trump = trump_for(probe, rng)
            game = game_of(name, seats, trump)
            hands, trick, _ = B.random_position(game, rng, trump, left, 0)
            a = B.trick_args(trick)
            t0 = time.perf_counter()
            core.solve(B.describe(core, game), a[0], a[1], a[2], a[3], a[4], B.flat(hands), 0, core.POINTS,
                       table, 0)
            times.append(time.perf_counter() - t0)
        print("  %-9s %2d seats, %d tricks left: median %7.3f ms, max %7.3f ms over %d deals%s"
              % (name, seats, left, median(times) * 1e3, max(times) * 1e3, len(times),
                 " (budget 10 ms)" if left == 5 else ""))
    rng = B.Rng(3)
    times = []
    for _ in range(5 if QUICK else 11):
        trump = rng.below(4)
        game = game_of("malilla", 4, trump)
        hands, trick, _ = B.random_position(game, rng, trump, 10, 0)
        a = B.trick_args(trick)
        t0 = time.perf_counter()
        core.solve(B.describe(core, game), a[0], a[1], a[2], a[3], a[4], B.flat(hands), 0, core.POINTS, table, 0)
        times.append(time.perf_counter() - t0)
    print("  malilla    4 seats, a whole 10-trick hand: median %.0f ms, max %.0f ms over %d deals (budget 2 s)"
          % (median(times) * 1e3, max(times) * 1e3, len(times)))


def bench_claims():
    table = bytearray(claims.TABLE_BYTES)
    print("claim 'the rest are ours', 5 tricks left, the claimer's hand shown and the others hidden "
          "(node budget %d, as the table):" % claims.NATIVE_BUDGET)
    for name, seats in (("malilla", 4), ("manille", 4), ("manille", 3), ("botifarra", 4), ("tute", 4)):
        rng = B.Rng(4)
        times, answers = [], {}
        for _ in range(11 if QUICK else 21):
            probe = games.get(name, {}, seats)
            trump = trump_for(probe, rng)
            game = game_of(name, seats, trump)
            hands, trick, _ = B.random_position(game, rng, trump, 5, 0)
            claimer = trick.leader
            shown = [0, 0, 0, 0] * seats
            shown[4 * claimer:4 * claimer + 4] = hands[claimer]
            unseen = [0, 0, 0, 0]
            for s in range(seats):
                if s != claimer:
                    for x in range(4):
                        unseen[x] |= hands[s][x]
            a = B.trick_args(trick)
            out = [0] * (4 * seats + 65)
            t0 = time.perf_counter()
            r = core.claim(B.describe(core, game), a[0], a[1], a[2], a[3], a[4], shown, 1 << claimer, unseen,
                           [0] * (4 * seats), game.team_of[claimer], core.TRICKS, 5, table, claims.NATIVE_BUDGET, out)
            times.append(time.perf_counter() - t0)
            word = {1: "sound", 0: "refused"}.get(r, "undecided")
            answers[word] = answers.get(word, 0) + 1
        print("  %-9s %2d seats: median %7.2f ms, max %8.2f ms over %d deals (%s)"
              % (name, seats, median(times) * 1e3, max(times) * 1e3, len(times),
                 ", ".join("%d %s" % (answers[k], k) for k in sorted(answers))))


def bench_sizes():
    native = os.path.join(ROOT, "firmware", "native")
    gcc = shutil.which("arm-none-eabi-gcc")
    if gcc:
        os.makedirs(os.path.join(ROOT, "build", "native"), exist_ok=True)
        for flags, what in (([], "whole core"), (["-DTAPETE_NO_PLAYOUT"], "no playouts"),
                            (["-DTAPETE_NO_SOLVER", "-DTAPETE_NO_PLAYOUT"], "no solver, no playouts")):
            total = 0
            for src in sorted(glob.glob(os.path.join(native, "core", "*.c"))):  # what the Pico builds
                obj = os.path.join(ROOT, "build", "native", os.path.basename(src) + "_m0.o")
                subprocess.run([gcc, "-std=c99", "-mcpu=cortex-m0plus", "-mthumb", "-Os", "-fno-jump-tables",
                                "-c", src, "-o", obj] + flags, check=True)
                size = subprocess.run(["arm-none-eabi-size", obj], capture_output=True, text=True, check=True)
                total += int(size.stdout.splitlines()[1].split()[0])
            print("armv6m -Os code size, %s: %d bytes (budget 8192)" % (what, total))
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
