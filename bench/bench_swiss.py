"""Swiss pairings at the size of ButiNET's casino tournament: 200 pairs, 7 rounds.

    .venv/bin/python bench/bench_swiss.py [--pairs 200] [--rounds 7] [--seed 1]

Each round pairs the entries by score with tapete.event.swiss.pair (networkx's
maximum weight matching), then gives each table a winner at random. Prints the CPU
seconds of each round's pairing and the rematches made (0 while another pairing
exists, which at 200 pairs and 7 rounds it always does). CPU time, not wall time:
the machines these run on are shared.
"""
import argparse
import random
import time

from tapete.event import swiss


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pairs", type=int, default=200)
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    ids = list(range(1, args.pairs + 1))
    score, met, had_bye = dict.fromkeys(ids, 0), set(), set()
    for rnd in range(1, args.rounds + 1):
        ranked = sorted(ids, key=lambda e: -score[e])
        start = time.process_time()
        tables, bye = swiss.pair(ranked, score, met, had_bye)
        took = time.process_time() - start
        rematches = sum(frozenset(t) in met for t in tables)
        for a, b in tables:
            met.add(frozenset((a, b)))
            score[rng.choice((a, b))] += 1
        if bye is not None:
            had_bye.add(bye)
            score[bye] += 1
        print("round %d: %d tables paired in %.2f s CPU, %d rematches" % (rnd, len(tables), took, rematches))


if __name__ == "__main__":
    main()
