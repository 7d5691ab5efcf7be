"""From the rule module's objects to tapete_core's integer arguments, and random
positions to compare them on. Runs under CPython and MicroPython alike.

`describe(core, game)` is the rule module's own descriptor (rules/native.py);
`trick_args(trick)` gives the per-call trick arguments (no allocation but the tuple).
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
    """The core's game descriptor (bytes) for a rule-module Game: the rule module's
    own wiring (rules/native.py), so the tests check the descriptor it really uses."""
    assert native.core is core
    return native.Native(game).desc


def trick_args(trick):
    """(trump, leader, n, cards, led_suits) of a rule-module Trick."""
    return trick.trump, trick.leader, trick.n, trick.cards, trick.led_suits


def flat(hands):
    """Four hand-shaped lists as the 16 suit sets the core takes."""
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


def random_position(game, rng, tricks_left, extra, trump=None):
    """Deal the pack, play legally (random cards) until `tricks_left` tricks remain,
    then `extra` cards of the next trick. Returns (hands, trick, history) where
    hands are four hand-shaped lists and history the suit sets already played."""
    pack = C.cards_of(game.deck)
    for i in range(len(pack) - 1, 0, -1):
        j = rng.below(i + 1)
        pack[i], pack[j] = pack[j], pack[i]
    per = len(pack) // 4
    hands = []
    for s in range(4):
        h = [0, 0, 0, 0]
        for c in pack[s * per:(s + 1) * per]:
            h[c >> 4] |= C.bit(c)
        hands.append(h)
    t = Trick(game)
    t.start_hand(rng.below(4), rng.below(5) if trump is None else trump)
    played = [0, 0, 0, 0]
    for _ in range(per - tricks_left):
        for _ in range(4):
            play(game, t, hands, pick(rng, game.legal(hands[t.to_play], t)), played)
        t.start(t.winner)
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


def brute(game, hands, trick, team, measure=0):
    """Plain minimax over the rule module's legal cards: the best `team` gets from
    here (the cards on the trick included). Small endings only."""
    if trick.done():
        last = not any(h[0] | h[1] | h[2] | h[3] for h in hands)
        if measure:
            gain = 1
        else:
            gain = game.trick_point + (game.last_trick if last else 0)
            for i in range(trick.n):
                gain += game.points(trick.cards[i])
        here = gain if trick.winner % 2 == team else 0
        if last:
            return here
        nxt = Trick(game)
        nxt.copy_from(trick)
        nxt.start(trick.winner)
        return here + brute(game, hands, nxt, team, measure)
    seat = trick.to_play
    best = None
    for c in C.cards_of(game.legal(hands[seat], trick)):
        t = Trick(game)
        t.copy_from(trick)
        hands[seat][c >> 4] &= ~C.bit(c)
        t.add(seat, c)
        v = brute(game, hands, t, team, measure)
        hands[seat][c >> 4] |= C.bit(c)
        if best is None or (v > best if seat % 2 == team else v < best):
            best = v
    return best
