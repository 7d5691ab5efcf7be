"""tapete_core.Hand, the door for bots (docs/rules-api.md): the same legal cards as the
rule module at every turn of random hands of every game, the same points and tricks
won, a refused card changes nothing, clones are independent, and its solver and
playouts are the module's."""
import pytest

from tapete.rules import cards as C

from . import bridge as B
from . import catalogue

core = pytest.importorskip("tapete_core", reason="the C extension is not built (pip install -e .)")


def start(name, rng, extra=0):
    game, trump = catalogue.make(name, rng)
    hands, trick, _ = B.random_position(game, rng, trump, game.hand_size - rng.below(2), extra)
    hand = core.Hand(B.describe(core, game), *B.trick_args(trick), B.flat(hands))
    return game, hands, trick, hand


@pytest.mark.parametrize("name", catalogue.NAMES)
def test_a_hand_plays_as_the_rule_module_plays_it(name):
    rng = B.Rng(61)
    for _ in range(12):
        game, hands, trick, hand = start(name, rng, rng.below(2))
        points = [0] * game.seats
        tricks = [0] * game.seats
        while any(any(h) for h in hands):
            assert hand.to_play == trick.to_play and not hand.over
            legal = C.cards_of(game.legal(hands[trick.to_play], trick))
            assert hand.legal() == sorted(legal)
            c = B.pick(rng, game.legal(hands[trick.to_play], trick))
            B.play(game, trick, hands, c)
            hand.apply(c)
            if trick.done():
                if not trick.drawn:
                    last = not any(any(h) for h in hands)
                    points[trick.winner] += (sum(game.points(x) for x in trick.cards[:trick.n])
                                             + game.trick_point + (game.last_trick if last else 0))
                    tricks[trick.winner] += 1
                trick.start(B.next_leader(trick))
        assert hand.over and hand.to_play == -1 and hand.legal() == []
        assert hand.points == points and hand.tricks == tricks
        for team in set(game.team_of):
            seats = [s for s in range(game.seats) if game.team_of[s] == team]
            assert hand.result(team, core.POINTS) == sum(points[s] for s in seats)
            assert hand.result(team, core.TRICKS) == sum(tricks[s] for s in seats)


def test_a_refused_card_changes_nothing_and_clones_are_independent():
    rng = B.Rng(62)
    game, hands, trick, hand = start("malilla", rng, 1)
    before = (hand.legal(), hand.to_play, hand.hands, hand.trick, hand.points)
    mine = C.cards_of(hands[trick.to_play])
    illegal = [c for c in range(64) if c not in hand.legal()]
    for c in illegal[:5] + [-1, 64]:
        with pytest.raises(ValueError, match="not a legal play"):
            hand.apply(c)
    with pytest.raises(TypeError):
        hand.apply("7S")
    assert (hand.legal(), hand.to_play, hand.hands, hand.trick, hand.points) == before
    twin = hand.clone()
    twin.apply(twin.legal()[0])
    assert (hand.legal(), hand.to_play, hand.hands, hand.trick) == before[:4]
    assert twin.hands != hand.hands and mine
    while not twin.over:
        twin.apply(twin.legal()[-1])
    with pytest.raises(ValueError, match="over"):
        twin.apply(0)


def test_a_position_that_does_not_fit_is_refused():
    rng = B.Rng(63)
    game, hands, trick, _ = start("tute", rng)
    flat = B.flat(hands)
    flat[0], flat[4] = flat[4], flat[0] | flat[4]      # a card in two hands
    with pytest.raises(ValueError, match="do not fit"):
        core.Hand(B.describe(core, game), *B.trick_args(trick), flat)
    with pytest.raises(ValueError, match="not a game descriptor"):
        core.Hand(b"x", *B.trick_args(trick), B.flat(hands))


@pytest.mark.parametrize("name", ("malilla", "botifarra", "tute", "truc"))
def test_solve_and_playouts_from_a_hand_are_the_modules(name):
    rng = B.Rng(64)
    for _ in range(5):
        game, trump = catalogue.make(name, rng)
        hands, trick, _ = B.random_position(game, rng, trump, 1 + rng.below(3), rng.below(game.seats))
        desc = B.describe(core, game)
        args = B.trick_args(trick)
        hand = core.Hand(desc, *args, B.flat(hands))
        team = game.team_of[rng.below(game.seats)]
        for measure in (core.POINTS, core.TRICKS):
            assert hand.solve(team, measure) == core.solve(desc, *args, B.flat(hands), team, measure, None, 0)
            assert hand.playouts(measure, 50, 9) == core.playouts(desc, *args, B.flat(hands), measure, 50, 9)
