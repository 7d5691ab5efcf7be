"""Random playouts through the pure-Python rules: hands per second, per game.

Runs under CPython (`python bench/bench_rules.py`) and under the MicroPython unix
port (`MICROPYPATH=firmware micropython bench/bench_rules.py`). Two doors are timed:
the checked door (`Match.apply` with PROTOCOL.md event dicts, as the audit uses) and
the fast door (`Match.play`, as the controller uses), both with the hands hidden so
the hidden-hand bookkeeping runs on every play.
"""
import random
import sys
import time

try:
    from tapete.rules import cards, native, playout
    from tapete.rules.match import Match
except ImportError:
    from rules import cards, native, playout
    from rules.match import Match

native.ENABLED = False      # this bench measures the pure-Python rules (the C core's is bench_core)

try:
    ticks, diff = time.ticks_us, time.ticks_diff

    def elapsed_s(t0):
        return diff(ticks(), t0) / 1e6
except AttributeError:
    ticks = time.perf_counter

    def elapsed_s(t0):
        return time.perf_counter() - t0


def prepare(name, hands):
    """Deals and the legal random plays for `hands` hands, made outside the timing."""
    random.seed(1)
    m = Match()
    m.apply({"ev": "match", "game": name, "seats": 4, "options": {"irregularity": "report"}})
    game = m.game
    scripts = []
    for _ in range(hands):
        dealt, turnup = playout.deal(game, 0, random)
        m2 = Match()
        m2.apply({"ev": "match", "game": name, "seats": 4, "options": {"irregularity": "report"}})
        m2.apply({"ev": "deal", "dealer": 0})
        m2.apply({"ev": "turnup", "card": cards.name(turnup)})
        log = []
        playout.play_hand(m2, dealt, random, log)
        scripts.append((cards.name(turnup), [(e["seat"], e["card"]) for e in log]))
    return scripts


def run_checked(name, scripts):
    m = Match()
    m.apply({"ev": "match", "game": name, "seats": 4, "options": {"irregularity": "report", "target": 100000}})
    t0 = ticks()
    for turnup, plays in scripts:
        m.phase = 1
        m.hand_no = 0
        m.apply({"ev": "deal", "dealer": 0})
        m.apply({"ev": "turnup", "card": turnup})
        for seat, code in plays:
            m.apply({"ev": "play", "seat": seat, "card": code})
    return elapsed_s(t0)


def run_fast(name, scripts):
    m = Match()
    m.apply({"ev": "match", "game": name, "seats": 4, "options": {"irregularity": "report", "target": 100000}})
    coded = [(t, [(s, cards.parse(c)) for s, c in p]) for t, p in scripts]
    t0 = ticks()
    for turnup, plays in coded:
        m.phase = 1
        m.hand_no = 0
        m.apply({"ev": "deal", "dealer": 0})
        m.apply({"ev": "turnup", "card": turnup})
        for seat, c in plays:
            m.play(seat, c)
    return elapsed_s(t0)


def main():
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    impl = sys.implementation.name
    print("pure-Python rules under %s, %d random hands per game (hidden hands)" % (impl, hands))
    for name in ("malilla", "manille"):
        scripts = prepare(name, hands)
        plays = sum(len(p) for _t, p in scripts)
        checked = run_checked(name, scripts)
        fast = run_fast(name, scripts)
        print("  %-8s checked door: %7.0f hands/s (%6.1f us/play)   fast door: %7.0f hands/s (%6.1f us/play)"
              % (name, hands / checked, checked * 1e6 / plays, hands / fast, fast * 1e6 / plays))


main()
