"""Differential checks: tapete_core against the pure-Python rules on random positions
of every game of the catalogue (tests/native/catalogue.py).

Shared by the CPython tests (the extension) and the MicroPython ones (the native
module): each check raises AssertionError quoting the position where they differ.
"""
try:
    from tapete.rules import cards as C
    from tapete.rules import club
    from tapete.rules import duties as D
    from tapete.rules import solver as reference
    from tapete.rules.trick import Trick
except ImportError:
    from rules import cards as C
    from rules import club
    from rules import duties as D
    from rules import solver as reference
    from rules.trick import Trick

from . import bridge as B
from . import catalogue

PER_GAME = 25       # positions of one game instance before the next (options, seats, trump)


def where(game, hands, trick):
    return "%s seats=%d %r trump=%d leader=%d plays=%r led_suits=%d hands=%r" % (
        game.name, game.seats, game.options, trick.trump, trick.leader,
        [C.name(c) for c in trick.card_list()], trick.led_suits, hands)


def python_verdict(game, hand, c, trick, out):
    """The first rule whose forbidden set the hand meets (duties.py), or -1."""
    game.forbid_into(c, trick, out)
    return D.broken_rule(out, 0, hand)


def check_rules(core, name, positions, seed):
    """legal, forbidden, verdict, winner (draws) and points agree on `positions`
    positions of the game called `name`, and the core's own legal is exactly the
    cards whose forbidden holdings the hand does not meet."""
    rng = B.Rng(seed)
    out4 = [0, 0, 0, 0]
    got = [0] * (4 * D.PLAY_RULES)
    want = [0] * (4 * D.PLAY_RULES)
    game = None
    for k in range(positions):
        if k % PER_GAME == 0:
            game, trump = catalogue.make(name, rng)
            desc = B.describe(core, game)
        hands, trick, _ = B.random_position(game, rng, trump, 1 + rng.below(game.hand_size),
                                            rng.below(game.seats))
        trump, leader, n, cards, led = B.trick_args(trick)
        hand = hands[trick.to_play]
        want_legal = game.legal(hand, trick)
        got_legal = core.legal(desc, trump, leader, n, cards, led, hand, out4)
        assert got_legal == want_legal, "legal %r != %r at %s" % (got_legal, want_legal, where(game, hands, trick))
        tried = C.cards_of(hand)
        for _ in range(2):                  # and cards the seat does not hold
            tried.append(B.pick(rng, game.deck))
        for c in tried:
            wv = python_verdict(game, hand, c, trick, want)
            rules = core.forbidden(desc, trump, leader, n, cards, led, c, got)
            assert got == want, "forbidden %s: %r != %r at %s" % (C.name(c), got, want, where(game, hands, trick))
            bits = 0
            for r in range(D.PLAY_RULES):
                if want[r * 4] | want[r * 4 + 1] | want[r * 4 + 2] | want[r * 4 + 3]:
                    bits |= 1 << r
            assert rules == bits
            gv = core.verdict(desc, trump, leader, n, cards, led, hand, c)
            assert gv == wv, "verdict %s: %d != %d at %s" % (C.name(c), gv, wv, where(game, hands, trick))
            if (hand[c >> 4] >> (c & 15)) & 1:  # the contract, in C
                assert (gv == -1) == bool((got_legal[c >> 4] >> (c & 15)) & 1), \
                    "legal != not forbidden for %s at %s" % (C.name(c), where(game, hands, trick))
        if n:
            w = core.winner(desc, trump, leader, n, cards)
            assert w & 15 == trick.winner and bool(w & core.DRAWN) == trick.drawn, \
                "winner %d != %d%s at %s" % (w, trick.winner, " drawn" if trick.drawn else "", where(game, hands, trick))
        else:
            assert core.winner(desc, trump, leader, 0, cards) == -1
        total = 0
        for c in C.cards_of(hand):
            total += game.points(c)
        assert core.points(desc, hand) == total
    return positions


def random_team(game, rng):
    return game.team_of[rng.below(game.seats)]


def check_solver(core, name, positions, seed, max_tricks=3, table=None):
    """solve agrees with the pure-Python solver on small endings."""
    rng = B.Rng(seed)
    game = None
    done = 0
    for k in range(positions):
        if k % PER_GAME == 0:
            game, trump = catalogue.make(name, rng)
            desc = B.describe(core, game)
            # endings small enough for plain minimax: fewer tricks at big tables
            tricks = max(1, min(max_tricks, 12 // game.seats))
        left = 1 + rng.below(tricks)
        hands, trick, _ = B.random_position(game, rng, trump, left, rng.below(game.seats))
        team = random_team(game, rng)
        measure = core.TRICKS if rng.below(4) == 0 else core.POINTS
        trump, leader, n, cards, led = B.trick_args(trick)
        got = core.solve(desc, trump, leader, n, cards, led, B.flat(hands), team, measure,
                         table if rng.below(2) else None, 0)
        want = reference.solve(game, hands, trick, team, measure)[0]
        assert got == want, "solve %d != %d (team %d, measure %d) at %s" % (
            got, want, team, measure, where(game, hands, trick))
        done += 1
    return done


def check_host_solver(core, name, positions, seed, max_tricks=6, table=None):
    """solve (the host's search, CPython only) agrees with solve_core (the small
    core's, itself proven against rules/solver.py by check_solver) on endings too deep
    for the pure-Python search."""
    rng = B.Rng(seed)
    game = None
    other = bytearray(len(table)) if table is not None else None
    for k in range(positions):
        if k % PER_GAME == 0:
            game, trump = catalogue.make(name, rng)
            desc = B.describe(core, game)
            tricks = max(1, min(max_tricks, 36 // game.seats))
        left = 1 + rng.below(tricks)
        hands, trick, _ = B.random_position(game, rng, trump, left, rng.below(game.seats))
        team = random_team(game, rng)
        measure = core.TRICKS if rng.below(4) == 0 else core.POINTS
        args = list(B.trick_args(trick)) + [B.flat(hands), team, measure]
        got = core.solve(desc, *(args + [table, 0]))
        want = core.solve_core(desc, *(args + [other, 0]))
        assert got == want, "solve %d != solve_core %d (team %d, measure %d) at %s" % (
            got, want, team, measure, where(game, hands, trick))
    return positions


def check_claims(core, name, positions, seed, table=None):
    """claim agrees with the pure-Python check_claim on endings of one or two tricks,
    and a refuting line is legal, finishes the hand and falls short."""
    rng = B.Rng(seed)
    game = None
    for k in range(positions):
        if k % PER_GAME == 0:
            game, trump = catalogue.make(name, rng)
            desc = B.describe(core, game)
        seats = game.seats
        left = 1 + (rng.below(2) if seats <= 4 else 0)
        hands, trick, _ = B.random_position(game, rng, trump, left, rng.below(seats))
        claimer = rng.below(seats)
        team = game.team_of[claimer]
        known = {claimer: hands[claimer]}
        if rng.below(4) == 0:
            other = rng.below(seats)
            known[other] = hands[other]
        while seats - len(known) > 3:       # at most three hidden hands: every deal is tried
            other = rng.below(seats)
            known[other] = hands[other]
        measure = core.TRICKS if rng.below(3) == 0 else core.POINTS
        unseen = []
        sizes = {}
        cant = [[0, 0, 0, 0] for _ in range(seats)]
        for s in range(seats):
            if s not in known:
                unseen.extend(C.cards_of(hands[s]))
                sizes[s] = C.count(hands[s])
        for s in range(seats):
            if s not in known and unseen:
                for _ in range(rng.below(3)):
                    c = unseen[rng.below(len(unseen))]
                    if not (hands[s][c >> 4] >> (c & 15)) & 1:
                        cant[s][c >> 4] |= C.bit(c)
        total = _total(game, hands, trick, measure)
        target = rng.below(total + 2)
        want = reference.check_claim(game, known, trick, team, target, measure, unseen, sizes, cant)[0]
        shown = [known.get(s, [0, 0, 0, 0]) for s in range(seats)]
        kbits = 0
        for s in known:
            kbits |= 1 << s
        trump, leader, n, cards, led = B.trick_args(trick)
        out = [0] * (4 * seats + 64)
        got = core.claim(desc, trump, leader, n, cards, led, B.flat(shown), kbits,
                         C.hand_of(unseen), B.flat(cant), team, measure, target, table, 0, out)
        assert got == (1 if want else 0), "claim %d != %r (team %d target %d measure %d) at %s" % (
            got, want, team, target, measure, where(game, hands, trick))
        if got == 0:
            deal = [out[4 * s:4 * s + 4] for s in range(seats)]
            line = [c for c in out[4 * seats:] if c >= 0]
            for s in known:
                assert deal[s] == list(known[s])
            for s in range(seats):
                assert not (deal[s][0] & cant[s][0] or deal[s][1] & cant[s][1] or deal[s][2] & cant[s][2]
                            or deal[s][3] & cant[s][3]), "the deal gives seat %d a card it cannot hold" % s
            v = play_line(game, deal, trick, line, team, measure)
            assert v < target, "refuting line reaches %d >= %d" % (v, target)
    return positions


def _total(game, hands, trick, measure):
    """Everything still to be won from the position."""
    tricks = C.count(hands[trick.leader]) + (1 if trick.n else 0)
    if measure:
        return tricks
    v = tricks * game.trick_point + (game.last_trick if tricks else 0)
    for h in hands:
        for c in C.cards_of(h):
            v += game.points(c)
    for i in range(trick.n):
        v += game.points(trick.cards[i])
    return v


def play_line(game, deal, trick, line, team, measure):
    """Play `line` from the position with the rules' own checks; what `team` gets."""
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
            if not t.drawn and game.team_of[t.winner] == team:
                if measure:
                    got += 1
                else:
                    got += game.trick_point + (game.last_trick if last else 0)
                    for i in range(t.n):
                        got += game.points(t.cards[i])
            nxt = Trick(game)
            nxt.copy_from(t)
            nxt.start(B.next_leader(t))
            t = nxt
    assert not any(h[0] | h[1] | h[2] | h[3] for h in hands), "line does not finish the hand"
    return got


def check_club(core, name, positions, seed, memory):
    """club (the claim check by club law) agrees with rules/club.py on endings of one
    to three tricks, every hand but the claimer's hidden (at most three; the others
    known), some cards ruled out, a stated order or none; a refutation is a deal the
    knowledge allows and a legal line, the claimer's cards as the check lets him play,
    that ends with a trick his side does not take."""
    rng = B.Rng(seed)
    game = None
    for k in range(positions):
        if k % PER_GAME == 0:
            game, trump = catalogue.make(name, rng)
            desc = B.describe(core, game)
        seats = game.seats
        left = 1 + rng.below(3 if seats <= 4 else 1)
        hands, trick, _ = B.random_position(game, rng, trump, left, rng.below(seats))
        claimer = rng.below(seats)
        known = {claimer: hands[claimer]}
        while seats - len(known) > 3:
            other = rng.below(seats)
            known[other] = hands[other]
        unseen = [0, 0, 0, 0]
        sizes = {}
        cant = [0] * seats
        for s in range(seats):
            if s not in known:
                for x in range(4):
                    unseen[x] |= hands[s][x]
                sizes[s] = C.count(hands[s])
        pool = C.cards_of(unseen)
        for s in range(seats):
            if s not in known and pool:
                for _ in range(rng.below(3)):
                    c = pool[rng.below(len(pool))]
                    if not (hands[s][c >> 4] >> (c & 15)) & 1:
                        cant[s] |= 1 << c
        order = None
        if rng.below(3) == 0:
            order = C.cards_of(hands[claimer])
            for i in range(len(order) - 1, 0, -1):
                j = rng.below(i + 1)
                order[i], order[j] = order[j], order[i]
        shown = [known.get(s) for s in range(seats)]
        want = club.check(game, claimer, shown, trick, club.mask_of(unseen), sizes, cant, order, 0)[0]
        kbits = 0
        for s in known:
            kbits |= 1 << s
        flat_cant = []
        for s in range(seats):
            flat_cant.extend([(cant[s] >> (16 * x)) & 0xFFFF for x in range(4)])
        trump_, leader, n, cards, led = B.trick_args(trick)
        out = [0] * (4 * seats + 65)
        got = core.club(desc, trump_, leader, n, cards, led, B.flat([known.get(s, [0, 0, 0, 0])
                        for s in range(seats)]), kbits, unseen, flat_cant, claimer,
                        bytes(order or ()), memory, 0, out)
        assert got == (1 if want else 0), "club %d != %r (claimer %d order %r) at %s" % (
            got, want, claimer, order, where(game, hands, trick))
        if got == 0:
            deal = [out[4 * s:4 * s + 4] for s in range(seats)]
            line = [c for c in out[4 * seats:4 * seats + 64] if c >= 0]
            for s in range(seats):
                if s in known:
                    assert deal[s] == list(known[s])
                else:
                    assert C.count(deal[s]) == sizes[s] and not club.mask_of(deal[s]) & cant[s], \
                        "the deal gives seat %d a card it cannot hold, or the wrong count" % s
            _club_line(game, deal, trick, line, claimer, order)
    return positions


def _club_line(game, deal, trick, line, claimer, order):
    """Play a club refutation's line: every card legal, the claimer's as the check
    lets him play them, the last trick not taken by his side."""
    hands = [list(h) for h in deal]
    t = Trick(game)
    t.copy_from(trick)
    check = club.ClubCheck(game, claimer, hands, 0, {}, [0] * game.seats, order, 0)
    for i, c in enumerate(line):
        seat = t.to_play
        legal = game.legal(hands[seat], t)
        assert (legal[c >> 4] >> (c & 15)) & 1, "line plays an illegal " + C.name(c)
        if seat == claimer:
            assert c in check.moves(seat, t), "the claimer's " + C.name(c) + " is not his line's"
        B.play(game, t, hands, c)
        if t.done():
            lost = t.drawn or game.team_of[t.winner] != game.team_of[claimer]
            assert lost == (i == len(line) - 1), "the line goes on past a lost trick, or loses none"
            nxt = Trick(game)
            nxt.copy_from(t)
            nxt.start(B.next_leader(t))
            t = nxt
    assert line and t.n == 0
