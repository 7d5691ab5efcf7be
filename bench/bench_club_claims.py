"""Club-law claims on the host: random claims of every game with 2 to 10 tricks left,
the claimer showing his hand and every other hand hidden; how many a budget decides
and the slowest check. The C core's check (`core.club`), or with `python` the pure
Python one (rules/club.py).

    .venv/bin/python bench/bench_club_claims.py [budget] [python] [pico]
    (default 20000 nodes; pico: the Pico's 32 KB memory for the C check)
"""
import sys, time
import os
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests"))
from game_rules.kit import hand_until, cards, of
from tapete.rules import claims, native
BUDGET = int(sys.argv[1]) if len(sys.argv) > 1 else 20000
claims.CLUB_BUDGET = claims.CLUB_NATIVE_BUDGET = BUDGET
native.ENABLED = "python" not in sys.argv
if "pico" in sys.argv:          # the Pico's memory for the C check (32 KB)
    claims.CLUB_BYTES = 1 << 15
for name in ("botifarra", "manille", "malilla", "tute"):
    for left in (2, 4, 6, 8, 10):
        res = {True: 0, False: 0, None: 0}; worst = 0
        for seed in range(10):
            try:
                m, holding = hand_until(name, seed, left)
            except Exception as e:
                continue
            seat = m.turn
            shown = [cards.name(c) for c in cards.cards_of(holding[seat])]
            t0 = time.time()
            x = of(m.apply({"ev": "call", "seat": seat, "call": "claim", "cards": shown}), "x-claim")[0]
            worst = max(worst, time.time() - t0)
            res[x["sound"]] += 1
        print(name, left, res, "worst %.2fs" % worst, flush=True)
