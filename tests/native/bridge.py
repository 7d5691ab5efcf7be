"""From the rule module's objects to tapete_core's integer arguments, and random
positions to compare them on. Runs under CPython and MicroPython alike.

`describe(core, game)` is the descriptor the rule module really uses (the game's
`hot` handle, rules/native.py); `trick_args(trick)` gives the per-call trick
arguments (no allocation but the tuple).
"""
try:
    from tapete.rules import cards as C
    from tapete.rules import native
    from tapete.rules.trick import Trick
except ImportError:                     # MicroPython: the rule module is `rules`
    from rules import cards as C
    from rules import native
    from rules.trick import Trick


def describe(core, game):
    """The core's descriptor for a rule-module Game: the one its `hot` handle keeps
    (so the tests check the wiring, `retable` included), or a fresh one."""
    assert native.core is core
    desc = getattr(game.hot, "desc", None)
    return desc if desc is not None else native.describe(game)


def trick_args(trick):
    """(trump, leader, n, cards, led_suits) of a rule-module Trick."""
    return trick.trump, trick.leader, trick.n, trick.cards, trick.led_suits


def flat(hands):
    """Hand-shaped lists, one per seat, as the suit sets the core takes."""
    out = []
    for h in hands:
        out.extend(h)
    return out


class Rng:
    """xorshift32: the same stream under CPython and MicroPython."""

    def __init__(self, seed):
        self.x = (seed * 2654435761 + 12345) & 0xFFFFFFFF or 1

    def below(self, n):
        x = self.x
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        self.x = x
        return x % n


def pick(rng, sets):
    """A random card of hand-shaped `sets` (not empty)."""
    cards = C.cards_of(sets)
    return cards[rng.below(len(cards))]


def deal(game, rng, size=None):
    """Deal `size` cards (the game's hand size) to every seat from the game's pack
    as it stands (hand codes): a list of hand-shaped hands."""
    pack = C.cards_of(game.deck)
    for i in range(len(pack) - 1, 0, -1):
        j = rng.below(i + 1)
        pack[i], pack[j] = pack[j], pack[i]
    per = size or game.hand_size
    hands = []
    for s in range(game.seats):
        hands.append(C.hand_of(pack[s * per:(s + 1) * per]))
    return hands


def next_leader(trick):
    """Who leads after a finished trick: its winner, or its leader when drawn."""
    return trick.leader if trick.drawn else trick.winner


def random_position(game, rng, trump, tricks_left, extra):
    """Deal, play legally (random cards) until `tricks_left` tricks remain, then
    `extra` cards of the next trick (fewer than the seats). Returns (hands, trick,
    played): hands hand-shaped per seat, played the suit sets already played."""
    hands = deal(game, rng)
    t = Trick(game)
    t.start_hand(rng.below(game.seats), trump)
    played = [0, 0, 0, 0]
    for _ in range(game.hand_size - tricks_left):
        for _ in range(game.seats):
            play(game, t, hands, pick(rng, game.legal(hands[t.to_play], t)), played)
        t.start(next_leader(t))
    for _ in range(extra):
        play(game, t, hands, pick(rng, game.legal(hands[t.to_play], t)), played)
    return hands, t, played


def play(game, trick, hands, c, played=None):
    """The seat to play plays card c (legal: the caller checked)."""
    seat = trick.to_play
    hands[seat][c >> 4] &= ~C.bit(c)
    if played is not None:
        played[c >> 4] |= C.bit(c)
    trick.add(seat, c)
