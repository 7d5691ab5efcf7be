"""Random deals and random legal play: for tests, benchmarks and the simulator.

Runs under MicroPython too (whose `random` has no `shuffle`). Not needed on the
table itself; the deploy step leaves it out.
"""
import random

from . import cards as C


def shuffle(items, rng=random):
    """Shuffle a list in place (Fisher-Yates)."""
    for i in range(len(items) - 1, 0, -1):
        j = rng.getrandbits(16) % (i + 1)
        items[i], items[j] = items[j], items[i]


def deal(game, dealer, rng=random):
    """Deal the whole pack: {seat: [cards]} in the order they were dealt, and the
    turn-up, which is the dealer's last card (Malilla and Manille)."""
    pack = C.cards_of(game.deck)
    shuffle(pack, rng)
    per = len(pack) // game.seats
    hands = {}
    seat = game.next_seat(dealer)
    for i in range(game.seats):
        hands[seat] = pack[i * per:(i + 1) * per]
        seat = game.next_seat(seat)
    return hands, hands[dealer][-1]


def pick(bits_by_suit, rng=random):
    """A random card from a hand-shaped set of suit sets (which must not be empty)."""
    options = C.cards_of(bits_by_suit)
    return options[rng.getrandbits(16) % len(options)]


def revoke_card(match, hand):
    """A card of `hand` that fails to follow the suit led (and is not a trump) while
    the hand could follow: a deliberate revoke for simulations. None when there is
    none (nothing led yet, void in the led suit, or only trumps to throw)."""
    t = match.trick
    if not t.n or not hand[t.led]:
        return None
    for c in C.cards_of(hand):
        if c >> 4 != t.led and c >> 4 != match.trump:
            return c
    return None


def hand_events(game, dealer, rng=random, with_hands=True):
    """The input events of one random hand played legally: deal, hands, turn-up."""
    hands, turnup = deal(game, dealer, rng)
    events = [{"ev": "deal", "dealer": dealer}]
    if with_hands:
        for seat in range(game.seats):
            events.append({"ev": "hand", "seat": seat, "cards": [C.name(c) for c in hands[seat]]})
    events.append({"ev": "turnup", "card": C.name(turnup)})
    return events, hands


def play_until(match, hands, tricks_left=0, extra=0, rng=random, log=None, derived=None):
    """Play random legal cards in the current hand of `match` until `tricks_left`
    tricks remain (the current one counted) with `extra` cards on it, or the hand
    ends. `hands` is {seat: [cards]} as dealt. Returns {seat: hand still held}.
    `log` receives the input `play` events, `derived` the events they cause."""
    game = match.game
    holding = dict((s, C.hand_of(hands[s])) for s in hands)
    while match.turn is not None and not match.over and (
            game.tricks - match.trick.number + 1 > tricks_left or match.trick.n < extra):
        seat = match.turn
        c = pick(game.legal(holding[seat], match.trick), rng)
        holding[seat][c >> 4] &= ~C.bit(c)
        ev = {"ev": "play", "seat": seat, "card": C.name(c)}
        if log is not None:
            log.append(ev)
        out = match.apply(ev)
        if derived is not None:
            derived.extend(out)
    return holding


def play_hand(match, hands, rng=random, log=None):
    """Play the current hand of `match` to its end with random legal cards; return
    the derived events. `log`, a list, receives the input `play` events."""
    derived = []
    play_until(match, hands, 0, 0, rng, log, derived)
    return derived


def random_match(game_name, options=None, rng=random, with_hands=True, max_hands=200):
    """Input events and derived events of a whole random match played legally."""
    from .match import Match
    m = Match()
    first = {"ev": "match", "game": game_name, "seats": 4}
    if options:
        first["options"] = options
    log = [first]
    m.apply(first)
    derived = []
    dealer = rng.getrandbits(8) % m.seats
    for _ in range(max_hands):
        if m.over:
            break
        events, hands = hand_events(m.game, dealer, rng, with_hands)
        for ev in events:
            log.append(ev)
            derived.extend(m.apply(ev))
        derived.extend(play_hand(m, hands, rng, log))
        dealer = m.game.next_dealer(dealer)
    return log, derived, m
