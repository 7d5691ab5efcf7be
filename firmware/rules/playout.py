"""Random deals and random legal play: for tests, benchmarks and the simulator.

Runs under MicroPython too (whose `random` has no `shuffle`). Not needed on the
table itself; the deploy step leaves it out. Games with calls answer
`game.random_call(match, hands, rng)` with a legal call event, so one loop plays
every game.
"""
import random

from . import cards as C
from .match import Match
from .phases import CALLS, PLAY, SHOW, TURNUP
from .shuffle import shuffle  # noqa: F401 (callers name it here too)


def deal(game, dealer, rng=random, size=None):
    """Deal `size` cards (the game's hand size by default) to each seat from a
    shuffled pack: ({seat: [printed cards]} in the order dealt, turn-up or None).
    The turn-up is the dealer's last card (Malilla, Manille, Tute), or the next card
    of the stock (Envite), or None when the game turns none up."""
    pack = C.cards_of(game.pack_set)
    shuffle(pack, rng)
    per = size or game.hand_size
    hands = {}
    seat = game.next_seat(dealer)
    for i in range(game.seats):
        hands[seat] = pack[i * per:(i + 1) * per]
        seat = game.next_seat(seat)
    turnup = None
    if game.turnup:
        turnup = hands[dealer][-1] if game.turnup_held else pack[game.seats * per]
    return hands, turnup


def refill(match, hands, rng=random):
    """The draws from the stock (a `draw` stage), which the table never sees: each seat
    short of the cards it holds now (rules/stock.py `cards_held`) draws a random card not yet
    seen; the seat that drew the last round takes the turn-up (rules/stock.py `draw`).
    A random card is as good as the stock's next one: nobody saw the stock's order."""
    if match.game is None or "draw" not in match.game.stages:
        return
    from .stock import cards_held
    game = match.game
    taken = [match.played[s] for s in range(4)]
    for s in hands:
        for c in hands[s]:
            taken[c >> 4] |= 1 << (c & 15)
    up = match.turnup
    if up is not None:
        taken[up >> 4] |= 1 << (up & 15)
    pool = C.cards_of([game.pack_set[s] & ~taken[s] for s in range(4)])
    last = match.turnup_seat
    for seat in [s for s in range(match.seats) if s != last] + ([last] if last >= 0 else []):
        held = hands.setdefault(seat, [])
        while len(held) < cards_held(match, seat):
            if seat == match.turnup_seat and up is not None and not pool:
                held.append(up)
                up = None
                continue
            held.append(pool.pop(rng.getrandbits(16) % len(pool)))


def pick(bits_by_suit, rng=random):
    """A random card from a hand-shaped set of suit sets (which must not be empty)."""
    options = C.cards_of(bits_by_suit)
    return options[rng.getrandbits(16) % len(options)]


def revoke_card(match, hand):
    """A card of `hand` (hand codes) that fails to follow the suit led (and is not a
    trump) while the hand could follow: a deliberate revoke for simulations. None
    when there is none (nothing led yet, void in the led suit, or only trumps)."""
    t = match.trick
    if not t.n or not hand[t.led]:
        return None
    for c in C.cards_of(hand):
        if c >> 4 != t.led and c >> 4 != match.trump:
            return c
    return None


def hand_events(game, dealer, rng=random, with_hands=True, size=None):
    """The input events of one random deal: deal, hands, turn-up (when the game
    turns one up); and the hands dealt ({seat: [printed cards]})."""
    hands, turnup = deal(game, dealer, rng, size)
    ev = {"ev": "deal", "dealer": dealer}
    if size is not None:
        ev["cards"] = size
        ev["cut"] = False       # a dealer's choice of size follows a refused cut (Truc)
    events = [ev]
    if with_hands:
        for seat in range(game.seats):
            events.append({"ev": "hand", "seat": seat, "cards": [C.name(c) for c in hands[seat]]})
    if turnup is not None:
        events.append({"ev": "turnup", "card": C.name(turnup)})
    return events, hands


def holding_of(match, printed):
    """A seat's printed cards still held, as hand codes (suit sets)."""
    return match._codes(printed)


def in_hand(match):
    """True while the current hand goes on (calls, play or showdown)."""
    return match.phase in (CALLS, PLAY, SHOW, TURNUP)


def play_until(match, hands, tricks_left=0, extra=0, rng=random, log=None, derived=None):
    """Play random legal cards and calls in the current hand of `match` until
    `tricks_left` tricks remain (the current one counted) with `extra` cards on it,
    or the hand ends. `hands` is {seat: [printed cards]} as dealt (kept up to date:
    played cards leave it). Returns {seat: hand still held, as hand codes}.
    `log` receives the input events, `derived` the events they cause."""
    game = match.game
    while in_hand(match) and not match.over:
        refill(match, hands, rng)
        if match.phase == PLAY and match.hand_tricks - match.trick.number + 1 <= tricks_left \
                and match.trick.n >= extra:
            break
        caller = getattr(game, "random_call", None)
        ev = caller(match, hands, rng) if caller is not None else None
        if ev is None:
            if match.phase != PLAY:
                break
            seat = match.turn
            held = holding_of(match, hands[seat])
            c = pick(game.legal(held, match.trick), rng)
            printed = game.outer[c] if game.outer is not None else c
            hands[seat].remove(printed)
            ev = {"ev": "play", "seat": seat, "card": C.name(printed)}
        if log is not None:
            log.append(ev)
        out = match.apply(ev)
        if derived is not None:
            derived.extend(out)
    return dict((s, holding_of(match, hands[s])) for s in hands)


def play_hand(match, hands, rng=random, log=None):
    """Play the current hand of `match` to its end with random legal cards and
    calls; return the derived events. `log`, a list, receives the input events."""
    derived = []
    play_until(match, hands, 0, 0, rng, log, derived)
    return derived


def random_match(game_name, options=None, rng=random, with_hands=True, max_hands=400, seats=None):
    """Input events and derived events of a whole random match played legally."""
    m = Match()
    first = {"ev": "match", "game": game_name}
    if seats is not None:
        first["seats"] = seats
    if options:
        first["options"] = options
    m.apply(first)
    first["seats"] = m.seats
    log = [first]
    derived = []
    dealer = rng.getrandbits(8) % m.seats
    for _ in range(max_hands):
        if m.over:
            break
        sizer = getattr(m.game, "random_deal_size", None)
        size = sizer(m, rng) if sizer is not None else None
        events, hands = hand_events(m.game, dealer, rng, with_hands, size)
        for ev in events:
            log.append(ev)
            derived.extend(m.apply(ev))
        derived.extend(play_hand(m, hands, rng, log))
        dealer = m.next_dealers()[0]
    return log, derived, m
