"""Random whole Mus hands and matches: for tests, benchmarks and the simulator.

`play_hand` plays one whole hand alone (rules/games/mus/__init__.py's `hand_alone`) with random
calls (a `lie` chance of a false declaration, órdagos included) on the real cards
of rules/games/mus/random_play.py's `Table`, and returns its PROTOCOL input events;
`match_events` plays a whole match of them. Runs under MicroPython too. Not needed
on the table itself.
"""
import random

from ... import cards as C
from . import hand_alone
from .hand import DISCARD
from .random_play import Table, speak


def play_hand(dealer, totals=(0, 0), rng=random, target=40, options=None, lie=0, mus=6, ordago=40,
              check=None):
    """One random hand. Returns (events, hand, table): the `call` and `hand` input
    events in order (no `deal`), the finished MusHand, and the Table.

    `lie`: one declaration in `lie` is false (0: never); `mus`: one seat in `mus`
    says no-mus (so four mus come often enough to redraw and reshuffle); `ordago`:
    one bet in `ordago` is an órdago. `check(hand, table)` is called after every
    event, for tests."""
    h = hand_alone(dealer, totals, target, options)
    table = Table(h.order, rng)
    thrown = [[] for _ in h.order]
    events = []
    while not h.done:
        w = h.awaiting()
        phase = w["phase"]
        if phase == "show":
            seat = w["seats"][rng.getrandbits(8) % len(w["seats"])]
            ev = {"ev": "hand", "seat": seat, "cards": [C.name(c) for c in table.hands[seat]]}
            events.append(ev)
            h.show(seat, ev["cards"])
            if check:
                check(h, table)
            continue
        seat = w["seats"][0]
        ev = {"ev": "call", "seat": seat}
        if phase == "draw":
            ev["call"] = "no-mus" if rng.getrandbits(8) % mus == 0 else "mus"
        else:
            speak(ev, w, table, thrown, rng, lie, ordago)
        events.append(ev)
        h.call(seat, ev["call"], ev)
        if phase == "discard" and h.stage != DISCARD:     # the last discard: the dealer served
            table.serve(thrown)
            thrown = [[], [], [], []]
        if check:
            check(h, table)
    return events, h, table


def match_events(rng=random, target=40, options=None, lie=0, dealer=0, hands=200):
    """A whole random match: (events, finished MusHands). The events are PROTOCOL
    input events from `match` on: each hand's `deal`, its calls and its showdown;
    the deal passes to the right. Stops when a side wins (or after `hands` hands)."""
    opts = dict(options or {})
    opts["target"] = target
    events = [{"ev": "match", "game": "mus", "seats": 4, "options": opts}]
    played = []
    totals = (0, 0)
    for n in range(hands):
        events.append({"ev": "deal", "dealer": dealer})
        evs, h, _ = play_hand(dealer, totals, rng, target, options, lie=lie)
        h.hand_no = n + 1
        events += evs
        played.append(h)
        totals = (h.totals[0], h.totals[1])
        if h.game_over:
            break
        dealer = h.game.next_dealer(dealer)
    return events, played
