"""Random playouts through the pure-Python rules: hands per second, per game.

Runs under CPython (`python bench/bench_rules.py`) and under the MicroPython unix
port (`MICROPYPATH=firmware micropython bench/bench_rules.py`). Two doors are timed:
the checked door (`Match.apply` with docs/protocol.md event dicts, as the audit uses) and
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


MATCH = {"irregularity": "report", "target": 1000000}     # a match that never ends here


def prepare(name, hands):
    """The input events of `hands` random hands of one long match (dealer rotating),
    played legally: made outside the timing, replayed by `replay`."""
    random.seed(1)
    m = Match()
    first = {"ev": "match", "game": name, "seats": 4, "options": MATCH}
    m.apply(first)
    log = [first]
    dealer = 0
    for _ in range(hands):
        events, dealt = playout.hand_events(m.game, dealer, random, with_hands=False)
        for ev in events:
            m.apply(ev)
        log += events
        playout.play_hand(m, dealt, random, log)
        dealer = m.game.next_dealer(dealer)
    return log


def replay(log, fast):
    """Seconds to replay `log` through a new Match: every event through `apply`
    (the checked door), or the plays through `play` (the fast door)."""
    if fast:
        log = [(e["seat"], cards.parse(e["card"])) if e["ev"] == "play" else e for e in log]
    m = Match()
    t0 = ticks()
    for ev in log:
        if type(ev) is tuple:
            m.play(ev[0], ev[1])
        else:
            m.apply(ev)
    return elapsed_s(t0)


def main():
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    impl = sys.implementation.name
    print("pure-Python rules under %s, %d random hands per game (hidden hands)" % (impl, hands))
    for name in ("malilla", "manille"):
        log = prepare(name, hands)
        plays = sum(1 for e in log if e["ev"] == "play")
        checked = replay(log, False)
        fast = replay(log, True)
        print("  %-8s checked door: %7.0f hands/s (%6.1f us/play)   fast door: %7.0f hands/s (%6.1f us/play)"
              % (name, hands / checked, checked * 1e6 / plays, hands / fast, fast * 1e6 / plays))


main()
