"""Random playouts through Python: tapete's door for bots (tapete_core.Hand) beside
OpenSpiel's hearts through its Python API, in one process (issue 16, item 4).

    .venv/bin/python bench/bench_playouts.py [--seconds S]

Each row plays whole hands from one dealt position to the last card, a uniformly
random legal card at each turn chosen in Python (random.choice over the legal
actions), the state cloned from the deal for every playout, and prints the card
plays per second:
- OpenSpiel hearts (pyspiel, `pip install open_spiel`): 52 card plays a hand, from
  the state after the deal and the pass; legal_actions, apply_action, clone;
- tapete_core.Hand for every trick game of the registry (legal, apply, clone);
- the rule module's own API (Game.legal on hand-shaped suit sets, a Trick), the
  path bots had before the door;
- Hand.playouts: the same playouts in C (one call for all), for scale.
The ratio tapete / hearts is the budget line (goal >= 1). Rows alternate in rounds
so both see the same load.
"""
import os
import random
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests"))

import tapete_core as core  # noqa: E402
from tapete.rules import games  # noqa: E402
from native import bridge as B  # noqa: E402

GAMES = (("malilla", 4), ("manille", 4), ("botifarra", 4), ("tute", 4), ("envite", 6), ("truc", 4))
ROUNDS = 3


def arg(name, default):
    if name in sys.argv:
        return sys.argv[sys.argv.index(name) + 1]
    return default


def hearts_start(rng):
    """OpenSpiel hearts after the deal and the pass, or None without open_spiel."""
    try:
        import pyspiel
    except ImportError:
        return None
    s = pyspiel.load_game("hearts").new_initial_state()
    while s.is_chance_node() or len(s.legal_actions()) and len(s.history()) < 52 + 1 + 12:
        if s.is_chance_node():
            s.apply_action(rng.choice([o for o, _ in s.chance_outcomes()]))
        else:
            s.apply_action(rng.choice(s.legal_actions()))
    return s


def hearts_rate(start, seconds, rng):
    choice = rng.choice
    plays, t0 = 0, time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        s = start.clone()
        while not s.is_terminal():
            s.apply_action(choice(s.legal_actions()))
            plays += 1
    return plays / (time.perf_counter() - t0)


def deal_of(name, seats, rng):
    """A dealt hand of the game: (game, Hand at its first lead, trump, hands)."""
    game = games.get(name, {}, seats)
    trump = 4 if game.suitless else rng.below(4)
    game.set_trump(trump)
    hands = B.deal(game, rng)
    leader = rng.below(seats)
    return game, core.Hand(B.describe(core, game), trump, leader, 0, b"", 0, B.flat(hands)), trump, hands


def door_rate(start, seconds, rng):
    choice = rng.choice
    plays, t0 = 0, time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        h = start.clone()
        while not h.over:
            h.apply(choice(h.legal()))
            plays += 1
    return plays / (time.perf_counter() - t0)


def rules_rate(game, trump, hands, seconds, rng):
    """The same playouts through the rule module's API (hand-shaped suit sets)."""
    from tapete.rules import cards as C
    from tapete.rules.trick import Trick
    choice = rng.choice
    plays, t0 = 0, time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        work = [list(h) for h in hands]
        t = Trick(game)
        t.start_hand(0, trump)
        for _ in range(game.hand_size):
            for _ in range(game.seats):
                c = choice(C.cards_of(game.legal(work[t.to_play], t)))
                B.play(game, t, work, c)
                plays += 1
            t.start(B.next_leader(t))
    return plays / (time.perf_counter() - t0)


def c_rate(start, game, seconds):
    count, plays, t0 = 1000, 0, time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        start.playouts(core.POINTS, count, 7)
        plays += count * game.hand_size * game.seats
    return plays / (time.perf_counter() - t0)


def main():
    seconds = float(arg("--seconds", "1"))
    rng = random.Random(16)
    hearts = hearts_start(rng)
    if hearts is None:
        print("OpenSpiel: pyspiel is not installed (pip install open_spiel); tapete alone")
    rows = {}
    for _ in range(ROUNDS):
        if hearts is not None:
            rows.setdefault("OpenSpiel hearts", []).append(hearts_rate(hearts, seconds, rng))
        for name, seats in GAMES:
            game, start, trump, hands = deal_of(name, seats, B.Rng(seats + len(name)))
            rows.setdefault("Hand %s %d" % (name, seats), []).append(door_rate(start, seconds, rng))
        game, start, trump, hands = deal_of("malilla", 4, B.Rng(8))
        rows.setdefault("rule module malilla 4", []).append(rules_rate(game, trump, hands, seconds, rng))
        rows.setdefault("Hand.playouts malilla 4 (C)", []).append(c_rate(start, game, seconds))
    ref = max(rows["OpenSpiel hearts"]) if hearts is not None else None
    print("random playouts through Python, card plays per second (best of %d rounds of %.1f s)" % (ROUNDS, seconds))
    for name, rates in rows.items():
        line = "%-30s %10.0f/s" % (name, max(rates))
        if ref:
            line += "  x%.2f hearts" % (max(rates) / ref)
        print(line)


if __name__ == "__main__":
    main()
