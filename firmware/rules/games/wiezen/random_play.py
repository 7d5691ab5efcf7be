"""Random Wiezen talk with the real cards: for tests, benchmarks and the simulator.

`speak(auction, hands, rng)` is a legal call for the seat the bidding waits for, as a
plain player would make it from his cards (troel when he holds three aces, as the
troel round compels; an ask with a fair hand; abondance with a long suit; miserie
with no high card), with some chance thrown in so every path is walked. `hands` is
{seat: [printed cards]}. Runs under MicroPython too (only `getrandbits`). Not needed
on the table itself.
"""
from ... import cards as C
from ...phases import SHOW
from . import contracts as K


def _aces(hand):
    return [c for c in hand if (c & 15) == 0]


def _longest(hand):
    n = [0, 0, 0, 0]
    for c in hand:
        n[c >> 4] += 1
    best = 0
    for s in range(4):
        if n[s] > n[best]:
            best = s
    return best, n[best]


def _high(hand):
    """Aces and kings held."""
    return len([c for c in hand if (c & 15) in (0, 12)])


def speak(auction, hands, rng):
    """(seat, word, keys) of a legal call, or None when the bidding waits for nobody."""
    bits = auction.awaiting()
    if not bits:
        return None
    if auction.stage == 2:              # PARTNER: the holder of the named card
        for s in range(4):
            if auction.card in hands[s]:
                return (s, "partner", {})
        return None
    seat = 0
    while not (bits >> seat) & 1:
        seat += 1
    hand = hands[seat]
    allowed = auction.allowed(seat)
    if "trump" in allowed:
        return (seat, "trump", {"suit": C.SUITS[_longest(hand)[0]]})
    if "alleen" in allowed:
        return (seat, "alleen" if rng.getrandbits(1) else "pass", {})
    aces = _aces(hand)
    if len(aces) == 3 and "troel" in allowed:
        lacking = [C.card(s, 1) for s in range(4) if C.card(s, 1) not in aces][0]
        return (seat, "troel", {"card": C.name(lacking)})
    if len(aces) == 4 and "troela" in allowed:
        for face in (13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2):
            if C.card(1, face) not in hand:
                return (seat, "troela", {"card": C.name(C.card(1, face))})
    suit, length = _longest(hand)
    high = _high(hand)
    roll = rng.getrandbits(4)
    rare = rng.getrandbits(7)       # a solo now and then, whatever the cards
    keys = {"suit": C.SUITS[suit]} if auction.options.get("trump_with_bid") else {}
    if rare == 0 and "solo-slim" in allowed:
        return (seat, "solo-slim", {})
    if (rare == 1 or length >= 9) and "solo" in allowed:
        return (seat, "solo", keys)
    if high <= 1 and "miserie" in allowed and roll < 4:
        return (seat, "open-miserie" if roll == 0 and "open-miserie" in allowed else "miserie", {})
    if length >= 6 and "abondance" in allowed:
        for tricks in (9, 10, 11, 12):
            c = K.abondance(tricks)
            if auction.rank[c] > auction.rank[auction.high]:
                keys["tricks"] = tricks
                return (seat, "abondance", keys)
    if "mee" in allowed and high >= 3 and roll < 12 \
            and (not auction.kleuren or [c for c in hand if c >> 4 == auction.trump]):
        return (seat, "mee", {})
    if "vraag" in allowed and high >= 3 and roll < 12:
        if auction.kleuren:
            return (seat, "vraag", _colour_ask(auction, suit))
        return (seat, "vraag", {})
    if "wait" in allowed and roll < 4:
        return (seat, "wait", {})
    return (seat, "pass", {})


def _colour_ask(auction, suit):
    """Kleurenwiezen: the fewest tricks (from 8) at which `suit` outranks the ask standing."""
    from .auction import COLOUR_RANK
    for tricks in range(8, 14):
        if tricks * 4 + COLOUR_RANK[suit] > auction.ask_key:
            return {"suit": C.SUITS[suit], "tricks": tricks}
    return {"suit": "H", "tricks": 13}


def random_call(game, match, hands, rng):
    """The description's `random_call` (rules/playout.py's shape) over the hand's talk;
    while an open miserie hand is due, its declarer's `hand` event (the cards he holds)."""
    a = match.ctx.talk
    if a is None:
        return None
    if match.phase == SHOW:
        bits = game.awaiting(match)
        seat = 0
        while not (bits >> seat) & 1:
            seat += 1
        return {"ev": "hand", "seat": seat, "cards": [C.name(c) for c in hands[seat]]}
    said = speak(a, hands, rng)
    if said is None:
        return None
    ev = {"ev": "call", "seat": said[0], "call": said[1]}
    ev.update(said[2])
    return ev
