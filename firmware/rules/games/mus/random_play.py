"""Random Mus talk with the real cards: for tests, benchmarks and the simulator.

`Table` holds the physical cards (the four hands, the stock, the discards) and
serves a draw as a dealer does, so a test can hold the MusHand's counting against
real cards. `speak` fills in a random legal call of the seat a hand waits for, and
`random_call` is Mus's `random_call` (rules/playout.py's random matches, the
simulator's players): rules/games/mus/__init__.py loads this file inside that function, so this
file never imports rules/games/mus/__init__.py (whole random hands and matches, which need a
description, are in rules/games/mus/playout.py). Runs under MicroPython too (whose
`random` has no `shuffle` or `choice`). Not needed on the table itself.
"""
import random

from ... import cards as C
from . import hands as H
from .hand import DISCARD, STOCK
from ...phases import CALLS, SHOW
from ...shuffle import shuffle


def pack():
    """The 40 card numbers of Mus's Spanish pack."""
    return [c for c in range(64) if H.in_pack(c)]


class Table:
    """The cards of one hand as they lie: `hands` by seat, `stock`, `pile`."""

    def __init__(self, order, rng=random):
        """Dealt one at a time to the seats of `order`, the hand's turn order (the
        description's: first the dealer's right), four cards each."""
        cards = pack()
        shuffle(cards, rng)
        self.rng = rng
        self.order = list(order)
        self.hands = [None] * len(order)
        for i, seat in enumerate(self.order):
            self.hands[seat] = cards[4 * i:4 * i + 4]
        self.stock = cards[4 * len(order):]
        self.pile = []
        assert len(self.stock) == STOCK

    def serve(self, thrown):
        """Serve a draw: `thrown[seat]` lists the cards each seat discarded (already
        out of its hand). The same reshuffle as MusHand: when the stock runs short,
        every discard is shuffled into a new stock, except the last seat's own."""
        for s in range(len(self.order)):        # by seat number: the pile's order decides a reshuffle
            self.pile += thrown[s]
        for i, seat in enumerate(self.order):
            need = len(thrown[seat])
            if len(self.stock) < need:
                got = self.stock
                self.stock = []
                aside = thrown[seat] if i == len(self.order) - 1 else []
                fresh = [c for c in self.pile if c not in aside]
                shuffle(fresh, self.rng)
                self.stock = fresh
                self.pile = list(aside)
                self.hands[seat] += got
                need -= len(got)
            self.hands[seat] += self.stock[:need]
            self.stock = self.stock[need:]


def _pick(items, rng):
    return items[rng.getrandbits(16) % len(items)]


def speak(ev, w, table, thrown, rng, lie=0, ordago=40):
    """Fill `ev`, a call of the seat w awaits, with a random discard (its cards taken
    from the seat's hand in `table` into thrown[seat]), a declaration of what the hand
    holds (false one time in `lie`) or a bet; returns it."""
    seat = ev["seat"]
    phase = w["phase"]
    if phase == "discard":
        ev["call"] = "discard"
        hand = table.hands[seat]
        out = [hand.pop(rng.getrandbits(8) % len(hand)) for _ in range(1 + rng.getrandbits(8) % 4)]
        thrown[seat] = out
        if rng.getrandbits(1):
            ev["cards"] = [C.name(c) for c in out]
        else:
            ev["count"] = len(out)
    elif phase == "declare":
        word = w["calls"][0]
        ks = H.keys(table.hands[seat], getattr(table, "kings", 8), getattr(table, "real31", False))
        has = ks[H.PARES if word == "pares" else H.JUEGO] > 0
        if lie and rng.getrandbits(8) % lie == 0:
            has = not has
        ev["call"] = word
        ev["has"] = has
    else:
        ev.update(_bet(w, rng, ordago))
    return ev


def _bet(w, rng, ordago):
    """A random betting call among those allowed."""
    calls = w["calls"]
    if "ordago" in calls and ordago and rng.getrandbits(8) % ordago == 0:
        return {"call": "ordago"}
    if calls == ["see", "fold"]:
        return {"call": _pick(calls, rng)}
    word = _pick([c for c in calls if c != "ordago"], rng)
    if word in ("bid", "raise"):
        low, high = w["min"], w["max"]
        if low > high:      # no room below the target: answer or pass instead
            return {"call": "pass" if "pass" in calls else "see"}
        return {"call": word, "amount": low + rng.getrandbits(8) % (min(high, low + 4) - low + 1)}
    return {"call": word}


def random_call(game, match, hands, rng=random):
    """A random legal call (or showdown hand) of the Mus hand in play in `match`
    (rules/playout.py's random matches, the simulator's players), with the real
    cards: `hands` as dealt; the stock and the draws kept on the hand."""
    h = match.ctx.talk
    if match.phase not in (CALLS, SHOW) or h is None or h.done:
        return None
    table = getattr(h, "playout_cards", None)
    if table is None:       # the cards as dealt by rules/playout.py, and the stock
        table = Table(h.order, rng)
        table.kings, table.real31 = game.kings, game.real31
        table.hands = [list(hands[s]) for s in range(game.seats)]
        dealt = []
        for s in range(game.seats):
            dealt += hands[s]
        table.stock = [c for c in C.cards_of(game.pack_set) if c not in dealt]
        h.playout_cards = table
        h.playout_thrown = [[], [], [], []]
    if h.stage != DISCARD and any(h.playout_thrown):    # the dealer has served the draw
        table.serve(h.playout_thrown)
        h.playout_thrown = [[], [], [], []]
    w = h.awaiting()
    phase = w["phase"]
    if phase == "show":
        seat = w["seats"][0]
        return {"ev": "hand", "seat": seat, "cards": [C.name(c) for c in table.hands[seat]]}
    ev = {"ev": "call", "seat": w["seats"][0]}
    if phase == "draw":
        ev["call"] = "no-mus" if rng.getrandbits(2) == 0 else "mus"
        return ev
    return speak(ev, w, table, h.playout_thrown, rng)
