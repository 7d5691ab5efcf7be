"""Claims by club law decided by the armv6m native module on MicroPython for the Pico,
run in the rp2040js emulator (shared/pico, v1.28.0): for 2 to 10 tricks left, the
claim of the seat to lead that its side takes every trick, the claimer's hand alone
shown (every other hand hidden), as `rules/claims.py` calls the core on the Pico
(`core.club`, its memory CLUB_BYTES and node budget CLUB_NATIVE_BUDGET). The positions
are claims a player would make: random endings where the claimer's side takes every
trick with every hand seen (double dummy, checked on the host), so club law decides
whether one line does it without seeing them. Figures to read, not a timed test;
emulated time is at 125 MHz (the emulator's README calls it optimistic).

    .venv/bin/python bench/bench_claim_pico.py [--games malilla,manille] [--seeds 3]

Needs `make pico-ready` (rp2040js in tools/pico/node_modules, and
build/natmod/armv6m/tapete_core.mpy); without them it says so and stops.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests"))
sys.path.insert(0, os.path.join(ROOT, "bench"))
sys.path.insert(0, os.path.join(ROOT, "firmware"))

from bench_core_pico import DRIVER, MPY, PICO  # noqa: E402

NPM = os.path.join(ROOT, "tools", "pico")

# Runs on the Pico: each claim as rules/claims.py makes it there (its table, its budget).
CODE = """
import gc, time
import tapete_core as core
import cases
memory = bytearray(%(table)d)
for k, args in enumerate(cases.CASES):
    out = [0] * (4 * cases.SEATS[k] + 65)
    gc.collect()
    t0 = time.ticks_us()
    r = core.club(*(args + [memory, %(budget)d, out]))
    us = time.ticks_diff(time.ticks_us(), t0)
    print("CASE", k, r, out[4 * cases.SEATS[k] + 64], us)
"""


def cases(games, seeds, lefts):
    """(label, seats, core.club's first 12 arguments) for each game, tricks left and
    seed: a random ending (the seat to lead claiming), as play left it ("dealt": most
    such claims fail), or dealt again so that the claimer holds the strongest cards
    (trumps first: "top", a claim that stands), or those with his weakest card swapped
    for another seat's weakest ("swapped": a claim that may need a guess, or fail).
    The claimer's hand alone shown; the others hidden."""
    import tapete_core as host_core
    from tapete.rules import cards as C
    from tapete.rules import games as G
    from native import bridge as B
    out = []
    for name in games:
        for left in lefts:
            for seed in range(seeds):
                rng = B.Rng(1000 * left + seed + 1)
                game = G.get(name)
                trump = rng.below(4)
                game.set_trump(trump)
                if left > game.hand_size:
                    break
                hands, trick, _ = B.random_position(game, rng, trump, left, 0)
                claimer = trick.leader
                seats = game.seats
                pool = []
                for s in range(seats):
                    pool += C.cards_of(hands[s])
                power = lambda c: (c >> 4 == trump, game.strength[c])  # noqa: E731
                pool.sort(key=power, reverse=True)
                mine, rest = pool[:left], pool[left:]
                kind = ("top", "swapped", "dealt")[seed % 3]
                if kind == "swapped":
                    low = min(rest, key=power)
                    rest.remove(low)
                    rest.append(mine.pop())
                    mine.append(low)
                for i in range(len(rest) - 1, 0, -1):     # "dealt" keeps the hands as they are
                    j = rng.below(i + 1)
                    rest[i], rest[j] = rest[j], rest[i]
                others = [s for s in range(seats) if s != claimer]
                if kind != "dealt":
                    hands = [[0, 0, 0, 0] for _ in range(seats)]
                    hands[claimer] = C.hand_of(mine)
                    for i, c in enumerate(rest):
                        hands[others[i % len(others)]][c >> 4] |= C.bit(c)
                shown = [0, 0, 0, 0] * seats
                unseen = [0, 0, 0, 0]
                shown[4 * claimer:4 * claimer + 4] = hands[claimer]
                for s in others:
                    for x in range(4):
                        unseen[x] |= hands[s][x]
                args = [bytes(B.describe(host_core, game)), trick.trump, trick.leader, trick.n,
                        bytes(trick.cards), trick.led_suits, shown, 1 << claimer, unseen,
                        [0] * (4 * seats), claimer, b""]
                out.append(((name, left, kind), seats, args))
    return out


def run(case_list):
    """The emulated Pico's answers: (r, nodes, emulated us) per case."""
    with tempfile.TemporaryDirectory() as tmp:
        with open(os.path.join(tmp, "cases.py"), "w") as f:
            f.write("CASES = %r\nSEATS = %r\n" % ([c[2] for c in case_list], [c[1] for c in case_list]))
        driver = os.path.join(tmp, "driver.mjs")
        put = "pico.putFile(%s, 'cases.py');" % json.dumps(os.path.join(tmp, "cases.py"))
        code = CODE % {"table": pico_figure("CLUB_BYTES"), "budget": pico_figure("CLUB_NATIVE_BUDGET")}
        with open(driver, "w") as f:
            f.write(DRIVER.replace("pico.putFile(%(cases)s, 'cases.py');", put) % {
                "pico": json.dumps("file://" + os.path.join(PICO, "pico.mjs")),
                "fw": json.dumps(os.path.join(PICO, "firmware.uf2")),
                "rom": json.dumps(os.path.join(PICO, "rp2040-bootrom-b1.bin")),
                "mpy": json.dumps(MPY), "code": json.dumps(code)})
        proc = subprocess.run(["node", driver], capture_output=True, text=True, cwd=NPM, timeout=3600)
    if proc.returncode:
        raise SystemExit("the emulated Pico failed:\n" + proc.stdout[-3000:] + proc.stderr[-3000:])
    got = {}
    for line in proc.stdout.splitlines():
        if line.startswith("CASE"):
            k, r, nodes, us = (int(x) for x in line.split()[1:])
            got[k] = (r, nodes, us)
    return got


def pico_figure(name):
    """A figure of rules/claims.py as the Pico takes it (read from its source: the
    host's import gives the desktop's): `NAME = desktop if _DESKTOP else pico`."""
    import re
    with open(os.path.join(ROOT, "firmware", "rules", "claims.py")) as f:
        m = re.search(name + r" = .+? if _DESKTOP else (.+)$", f.read(), re.M)
    return int(eval(m.group(1), {}))


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", default="malilla,botifarra")
    p.add_argument("--seeds", type=int, default=6)     # seed % 3: top, swapped, dealt
    p.add_argument("--lefts", default="2,3,4,5,6,7,8,9,10")
    args = p.parse_args(argv)
    if not os.path.exists(os.path.join(NPM, "node_modules", "rp2040js")) or not os.path.exists(MPY):
        print("bench_claim_pico: skipped (make pico-ready: rp2040js and the armv6m module)")
        return 0
    lefts = [int(x) for x in args.lefts.split(",")]
    case_list = cases(args.games.split(","), args.seeds, lefts)
    got = run(case_list)
    words = {1: "True", 0: "False", -1: "None", -3: "None (too deep)"}
    print("claims by club law on the emulated Pico (armv6m module, %d KB memory, %d-node budget), "
          "the claimer's hand alone shown; emulated ms per claim:"
          % (pico_figure("CLUB_BYTES") >> 10, pico_figure("CLUB_NATIVE_BUDGET")))
    rows = {}
    for k, (key, _, _) in enumerate(case_list):
        rows.setdefault(key, []).append(got.get(k, (None, 0, 0)))
    for key in sorted(rows, key=lambda x: (x[0], x[2], x[1])):
        name, left, kind = key
        rs = rows[key]
        ms = [us / 1000 for _, _, us in rs]
        decided = sum(1 for r, _, _ in rs if r in (0, 1))
        print("%-9s %-7s %2d tricks left: decided %d of %d, median %7.1f ms, worst %7.1f ms, nodes worst "
              "%7d, %5.0f nodes/s; %s" % (name, kind, left, decided, len(rs), statistics.median(ms), max(ms),
                                     max(n for _, n, _ in rs),
                                     sum(n for _, n, _ in rs) / max(sum(ms) / 1000, 1e-9),
                                     " ".join(words.get(r, str(r)) for r, _, _ in rs)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
