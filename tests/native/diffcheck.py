"""Differential checks: tapete_core against the pure-Python rules on random positions.

Shared by the CPython tests (the extension) and the MicroPython ones (the native
module): each check raises AssertionError quoting the position where they differ.
"""
try:
    from tapete.rules import cards as C
    from tapete.rules import games
except ImportError:
    from rules import cards as C
    from rules import games

try:
    try:
        from tapete.rules import solver as reference
    except ImportError:
        from rules import solver as reference
except ImportError:                 # no pure-Python solver yet: plain minimax
    reference = None

from . import bridge as B

DECKS = ("piquet32", "spanish40", "mexican40")


def random_game(name, rng):
    """The named game with random options (every variant the rules declare)."""
    opts = {"direction": ("cw", "ccw")[rng.below(2)]}
    if name == "manille":
        opts["deck"] = DECKS[rng.below(3)]
        opts["partner_exemption"] = rng.below(2) == 1
        opts["last_trick_bonus"] = rng.below(2) == 1
    return games.get(name, opts)


def where(game, hands, trick):
    return "%s %r trump=%d leader=%d plays=%r led_suits=%d hands=%r" % (
        game.name, game.options, trick.trump, trick.leader,
        [C.name(c) for c in trick.card_list()], trick.led_suits, hands)


def python_verdict(game, hand, c, trick, out):
    """The first rule (game.py numbering) whose forbidden set the hand meets, or -1."""
    game.forbid_into(c, trick, out)
    for r in range(len(out) // 4):
        for s in range(4):
            if out[r * 4 + s] & hand[s]:
                return r
    return -1


def check_rules(core, name, positions, seed):
    """legal, forbidden, verdict, winner and points agree on `positions` positions."""
    rng = B.Rng(seed)
    out4 = [0, 0, 0, 0]
    got20 = [0] * 20
    want28 = [0] * 28       # the Python rules name 7 play rules; this core knows the first 5
    checked = 0
    game = None
    for k in range(positions):
        if k % 50 == 0:
            game = random_game(name, rng)
            desc = B.describe(core, game)
        per = game.tricks
        hands, trick, _ = B.random_position(game, rng, 1 + rng.below(per), rng.below(4))
        trump, leader, n, cards, led = B.trick_args(trick)
        hand = hands[trick.to_play]
        want = game.legal(hand, trick)
        got = core.legal(desc, trump, leader, n, cards, led, hand, out4)
        assert got == want, "legal %r != %r at %s" % (got, want, where(game, hands, trick))
        tried = C.cards_of(hand)
        for _ in range(2):                  # and cards the seat does not hold
            tried.append(B.pick(rng, game.deck))
        for c in tried:
            wv = python_verdict(game, hand, c, trick, want28)
            want20 = want28[:20]
            assert not any(want28[20:])
            rules = core.forbidden(desc, trump, leader, n, cards, led, c, got20)
            assert got20 == want20, "forbidden %s: %r != %r at %s" % (
                C.name(c), got20, want20, where(game, hands, trick))
            bits = 0
            for r in range(5):
                if want20[r * 4] | want20[r * 4 + 1] | want20[r * 4 + 2] | want20[r * 4 + 3]:
                    bits |= 1 << r
            assert rules == bits
            gv = core.verdict(desc, trump, leader, n, cards, led, hand, c)
            assert gv == wv, "verdict %s: %d != %d at %s" % (C.name(c), gv, wv, where(game, hands, trick))
            if (hand[c >> 4] >> (c & 15)) & 1:
                assert (wv == -1) == bool((want[c >> 4] >> (c & 15)) & 1)
        if n:
            assert core.winner(desc, trump, leader, n, cards) == trick.winner, where(game, hands, trick)
        total = 0
        for c in C.cards_of(hand):
            total += game.points(c)
        assert core.points(desc, hand) == total
        checked += 1
    return checked


def reference_value(game, hands, trick, team, measure):
    if reference is not None:
        return reference.solve(game, hands, trick, team, measure)[0]
    return B.brute(game, [list(h) for h in hands], trick, team, measure)


def check_solver(core, name, positions, seed, max_tricks=3, table=None):
    """solve agrees with the pure-Python solver (or plain minimax) on small endings."""
    rng = B.Rng(seed)
    game = None
    for k in range(positions):
        if k % 50 == 0:
            game = random_game(name, rng)
            desc = B.describe(core, game)
        left = 1 + rng.below(max_tricks)
        hands, trick, _ = B.random_position(game, rng, left, rng.below(4))
        team = rng.below(2)
        measure = core.TRICKS if rng.below(4) == 0 else core.POINTS
        trump, leader, n, cards, led = B.trick_args(trick)
        got = core.solve(desc, trump, leader, n, cards, led, B.flat(hands), team, measure,
                         table if rng.below(2) else None, 0)
        want = reference_value(game, hands, trick, team, measure)
        assert got == want, "solve %d != %d (team %d, measure %d) at %s" % (
            got, want, team, measure, where(game, hands, trick))
    return positions


def check_claims(core, name, positions, seed, table=None):
    """claim agrees with the pure-Python check_claim on endings of one or two tricks."""
    rng = B.Rng(seed)
    game = None
    for k in range(positions):
        if k % 50 == 0:
            game = random_game(name, rng)
            desc = B.describe(core, game)
        hands, trick, _ = B.random_position(game, rng, 1 + rng.below(2), rng.below(4))
        claimer = rng.below(4)
        team = claimer % 2
        known = {claimer: hands[claimer]}
        if rng.below(4) == 0:
            known[(claimer + 2) % 4] = hands[(claimer + 2) % 4]
        measure = core.TRICKS if rng.below(3) == 0 else core.POINTS
        unseen = []
        sizes = {}
        cant = [[0, 0, 0, 0] for _ in range(4)]
        for s in range(4):
            if s not in known:
                unseen.extend(C.cards_of(hands[s]))
                sizes[s] = len(C.cards_of(hands[s]))
        for s in range(4):
            if s not in known and unseen:
                for _ in range(rng.below(3)):
                    c = unseen[rng.below(len(unseen))]
                    if not (hands[s][c >> 4] >> (c & 15)) & 1:
                        cant[s][c >> 4] |= C.bit(c)
        total = reference.solve(game, hands, trick, 0, measure)[0] + reference.solve(game, hands, trick, 1, measure)[0]
        target = rng.below(total + 2)
        want = reference.check_claim(game, known, trick, team, target, measure, unseen, sizes, cant)[0]
        hidden_hands = [known.get(s, [0, 0, 0, 0]) for s in range(4)]
        kbits = 0
        for s in known:
            kbits |= 1 << s
        trump, leader, n, cards, led = B.trick_args(trick)
        out = [0] * 68
        got = core.claim(desc, trump, leader, n, cards, led, B.flat(hidden_hands), kbits,
                         C.hand_of(unseen), B.flat(cant), team, measure, target, table, 0, out)
        assert got == (1 if want else 0), "claim %d != %r (team %d target %d measure %d) at %s" % (
            got, want, team, target, measure, where(game, hands, trick))
        if got == 0:
            deal = [out[4 * s:4 * s + 4] for s in range(4)]
            line = [c for c in out[16:] if c >= 0]
            for s in known:
                assert deal[s] == list(known[s])
            v = play_line(game, deal, trick, line, team, measure)
            assert v < target, "refuting line reaches %d >= %d" % (v, target)
    return positions


def play_line(game, deal, trick, line, team, measure):
    """Play `line` from the position with the rules' own checks; what `team` gets."""
    from .bridge import Trick
    hands = [list(h) for h in deal]
    t = Trick(game)
    t.copy_from(trick)
    got = 0
    for c in line:
        seat = t.to_play
        legal = game.legal(hands[seat], t)
        assert (legal[c >> 4] >> (c & 15)) & 1, "line plays an illegal " + C.name(c)
        B.play(game, t, hands, c)
        if t.done():
            last = not any(h[0] | h[1] | h[2] | h[3] for h in hands)
            if t.winner % 2 == team:
                if measure:
                    got += 1
                else:
                    got += game.trick_point + (game.last_trick if last else 0)
                    for i in range(t.n):
                        got += game.points(t.cards[i])
            nxt = Trick(game)
            nxt.copy_from(t)
            nxt.start(t.winner)
            t = nxt
    assert not any(h[0] | h[1] | h[2] | h[3] for h in hands), "line does not finish the hand"
    return got
