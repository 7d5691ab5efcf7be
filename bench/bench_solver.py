"""The solver against DDS, the bridge double-dummy solver, in one run (issue 8, item 7).

    .venv/bin/python bench/bench_solver.py [--deals N] [--games malilla,tute,...] [--no-dds] [--core]
    .venv/bin/python bench/bench_solver.py --dump FILE [--from-log LOG]

For every trick game (and seat count) it solves N whole hands (default 30) exactly
with the C core (`tapete_core.solve`: the value of the whole hand for the leader's
side, both sides perfect; card and trick points where the game counts points,
tricks where it does not), and N whole 13-trick bridge deals with DDS (PyPI
`endplay`, `solve_board`: every card of the opening leader scored), the two
alternating deal by deal so both see the same load. Per game it prints the medians
and the worsts of both and the ratios tapete / DDS (the goal: both <= 1).

`tapete_core.solve` is the host solver (firmware/native/host/); with `--core`
each deal is also solved by `solve_core` (the small core's search, the Pico's, the
host's before the host solver), values checked equal, and its figures printed
after the ratios, so before and after compare in one run.

`--dump FILE` writes the deals for firmware/native/test/solve_driver.c instead of
solving them; with `--from-log LOG` they are the hands of a match log whose every
card is known, at their first lead (the whole-hand solves `tapete report` starts
each hand with), for team 0.

The deals are random but fixed (seeded), so runs compare. The C core searches with
a 128 MB transposition table (DDS's own is 95 MB a thread by default, up to 160:
dds.h's THREADMEM_LARGE_*), kept across deals as the table keeps its own (DDS
keeps its own memory across calls too).
"""
import argparse
import os
import random
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests"))

import tapete_core as core  # noqa: E402
from tapete.rules import cards as C  # noqa: E402
from tapete.rules import games  # noqa: E402
from native import bridge as B  # noqa: E402

# (game, seats): every trick game of the registry at every seat count it is played at
GAMES = (("malilla", 4), ("manille", 4), ("manille", 3), ("botifarra", 4), ("tute", 4),
         ("envite", 4), ("envite", 6), ("envite", 8), ("envite", 10), ("envite", 12), ("truc", 4))
# 128 MB of entries, as solve_driver's and the report's, and the table's 8-byte header
# (the core uses the largest power of two of entries that fits: 1 << 27 bytes alone
# would give it 64 MB). Solve_driver on the 10 Botifarra deals of --deals 10: 326M
# nodes in 36.7 s with 32 MB, 278M in 31.8 s with 64 MB, 259M in 29.1 s with 128 MB.
TABLE = bytearray(8 + (1 << 27) + 64)  # and 64 bytes to put the entries on cache lines


def median(xs):
    xs = sorted(xs)
    n = len(xs)
    return xs[n // 2] if n % 2 else (xs[n // 2 - 1] + xs[n // 2]) / 2


class Dds:
    """Random bridge deals solved by DDS (None when endplay is not installed)."""

    def __init__(self, seed):
        try:
            from endplay.dds import solve_board
            from endplay.types import Deal, Denom, Player
        except ImportError:
            self.solve_board = None
            return
        self.solve_board, self.Deal, self.Denom, self.Player = solve_board, Deal, Denom, Player
        self.rnd = random.Random(seed)

    def one(self):
        """Solve one random deal (random leader and strain); its time in seconds."""
        cards = [r + s for s in "SHDC" for r in "AKQJT98765432"]
        self.rnd.shuffle(cards)
        hands = []
        for h in range(4):
            mine = cards[13 * h:13 * h + 13]
            hands.append(".".join("".join(r for r in "AKQJT98765432" if r + s in mine) for s in "SHDC"))
        deal = self.Deal("N:" + " ".join(hands))
        deal.first = self.Player.find("NESW"[self.rnd.randrange(4)])
        deal.trump = self.Denom.find("SHDCN"[self.rnd.randrange(5)])
        t0 = time.perf_counter()
        self.solve_board(deal)
        return time.perf_counter() - t0


def game_of(name, seats, rng):
    """The game at `seats` with a random trump it can have: (game, trump)."""
    game = games.get(name, {}, seats)
    trumps = (C.NO_TRUMP,) if game.suitless else (0, 1, 2, 3, C.NO_TRUMP) if name == "botifarra" else (0, 1, 2, 3)
    trump = trumps[rng.below(len(trumps))]
    game.set_trump(trump)
    return game, trump


def measure_of(game):
    """Points where the game counts them, else tricks (Envite, Truc)."""
    has_points = any(game.points_of[c] for c in range(64)) or game.trick_point or game.last_trick
    return core.POINTS if has_points else core.TRICKS


def hand_of(name, seats, rng):
    """One random whole hand of the game: the arguments of `core.solve` but the table
    and the budget, the leader's team searched for."""
    game, trump = game_of(name, seats, rng)
    hands, trick, _ = B.random_position(game, rng, trump, game.hand_size, 0)
    a = B.trick_args(trick)
    return (B.describe(core, game),) + tuple(a) + (B.flat(hands), game.team_of[trick.leader], measure_of(game))


def dump_hand(name, seats, args, out):
    """One line for test/solve_driver.c (the same deal solved in C alone)."""
    flat = args[6]
    masks = [flat[i] | flat[i + 1] << 16 | flat[i + 2] << 32 | flat[i + 3] << 48 for i in range(0, len(flat), 4)]
    out.write("%s%d %s %d %d %d %d %s\n" % (name, seats, bytes(args[0]).hex(), args[1], args[2], args[7], args[8],
                                           " ".join("%x" % m for m in masks)))


def dump_log(path, out):
    """The first lead of every hand of the log at `path` whose cards are all known,
    as dump_hand lines: the report's analysis (host/tapete/judge/analysis.py) is followed
    with its searches answered 0, and each hand's first one is written."""
    from tapete.judge import analysis
    from tapete.judge.history import History
    from tapete.log.source import load
    inputs = [ev for _i, ev in History(load(path, None).events)._inputs()]
    count = [0]

    def first(game, hands, trick, team, seconds=0, keep=False, **_bounds):
        if not keep:
            args = (game.hot.desc, trick.trump, trick.leader, trick.n, trick.cards, trick.led_suits,
                    [x for h in hands for x in h], team, core.POINTS)
            dump_hand(game.name.lower(), game.seats, args, out)
            count[0] += 1
        return 0
    analysis.solve_position = first
    analysis.analyse(inputs)
    return count[0]


def tapete_one(args, solve=None):
    """Solve one whole hand: (seconds, value)."""
    t0 = time.perf_counter()
    v = (solve or core.solve)(*(args + (TABLE, 0)))
    return time.perf_counter() - t0, v


def options(argv=None):
    """The command line (an unknown option is an error, not a 30-deal run)."""
    p = argparse.ArgumentParser(description="The solver against DDS, in one run.")
    p.add_argument("--deals", type=int, default=30, help="deals per game (default 30)")
    p.add_argument("--games", default="", help="games to run, comma-separated: a name "
                   "(manille) or a name and seat count (manille3); default every one")
    p.add_argument("--no-dds", action="store_true", help="tapete alone")
    p.add_argument("--core", action="store_true", help="also solve_core, values checked equal")
    p.add_argument("--dump", metavar="FILE", help="write the deals for solve_driver instead")
    p.add_argument("--from-log", metavar="LOG", help="with --dump: a match log's hands")
    o = p.parse_args(argv)
    if o.from_log and not o.dump:
        p.error("--from-log needs --dump FILE")
    known = {n for n, _ in GAMES} | {"%s%d" % g for g in GAMES}
    wrong = [g for g in o.games.split(",") if g and g not in known]
    if wrong:
        p.error("no such game: %s (games: %s)" % (", ".join(wrong), ", ".join(sorted(known))))
    return o


def main():
    o = options()
    n = o.deals
    only = o.games
    chosen = [g for g in GAMES if not only or g[0] in only.split(",") or "%s%d" % g in only.split(",")]
    dump = open(o.dump, "w") if o.dump else None
    if dump is not None and o.from_log:
        print("%d hands written" % dump_log(o.from_log, dump))
        return
    dds = Dds(1) if not o.no_dds and dump is None else None
    if dds is not None and dds.solve_board is None:
        print("DDS: endplay is not installed (pip install endplay); tapete alone")
        dds = None
    try:
        load = os.getloadavg()[0]
    except OSError:
        load = -1
    print("whole hands solved exactly, %d deals per game, load average %.2f at start" % (n, load))
    print("%-12s %10s %10s %10s %10s %8s %8s" % ("game", "median", "worst", "DDS med", "DDS worst",
                                                "med x", "worst x"))
    for name, seats in chosen:
        rng = B.Rng(100 + seats)
        mine, theirs, small = [], [], []
        for _ in range(n):
            args = hand_of(name, seats, rng)
            if dump is not None:
                dump_hand(name, seats, args, dump)
                continue
            t, v = tapete_one(args)
            assert v >= 0, v
            mine.append(t)
            if o.core:
                t, w = tapete_one(args, core.solve_core)
                assert w == v, (name, seats, v, w)
                small.append(t)
            if dds is not None:
                theirs.append(dds.one())
        if dump is not None:
            continue
        line = "%-12s %8.1fms %8.1fms" % ("%s %d" % (name, seats), median(mine) * 1e3, max(mine) * 1e3)
        if theirs:
            line += " %8.1fms %8.1fms %8.2f %8.2f" % (median(theirs) * 1e3, max(theirs) * 1e3,
                                                    median(mine) / median(theirs), max(mine) / max(theirs))
        if small:
            line += "   solve_core %8.1fms %8.1fms" % (median(small) * 1e3, max(small) * 1e3)
        print(line, flush=True)
    try:
        print("load average %.2f at the end" % os.getloadavg()[0])
    except OSError:
        pass


if __name__ == "__main__":
    main()
