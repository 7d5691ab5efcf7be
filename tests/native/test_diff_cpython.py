"""tapete_core (the CPython extension) agrees with the pure-Python rules on every game
of the catalogue: legal, forbidden (every rule), verdict, winner (draws), points, the
solver on small endings and claims; and the layers share one numbering."""
import os
import re

import pytest

from tapete.rules import cards as C
from tapete.rules import duties, native
from tapete.rules.trick import Trick

from . import bridge as B
from . import catalogue
from . import diffcheck as D

core = pytest.importorskip("tapete_core", reason="the C extension is not built (pip install -e .)")

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HEADER = os.path.join(ROOT, "firmware", "native", "core", "tapete_desc.h")


def header_constants():
    """The #define NAME number lines of tapete_desc.h."""
    out = {}
    with open(HEADER) as f:
        for m in re.finditer(r"^#define (TC_\w+) \(?(-?(?:0x)?[0-9A-Fa-f]+)\)?", f.read(), re.M):
            out[m.group(1)] = int(m.group(2), 0)
    return out


def test_duties_and_rules_are_numbered_alike_in_every_layer():
    h = header_constants()
    for name in ("FOLLOW", "HEAD_OPPONENT", "HEAD_ALWAYS", "TRUMP", "OVERTRUMP", "UNDERTRUMP", "SEVEN",
                 "LOW_CARD", "EXEMPT", "TRAWL", "EXEMPT_TRUMP", "TRUMP_LEAD", "REVOKE", "MUST_BEAT", "SEVEN_DISCARD", "MUST_TRUMP",
                 "MUST_OVERTRUMP", "PLAY_RULES"):
        assert h["TC_" + name] == getattr(duties, name), name
    assert h["TC_LOW_CARD_RULE"] == duties.LOW_CARD_RULE
    assert h["TC_TRAWL_RULE"] == duties.TRAWL_RULE
    assert h["TC_SEVEN_SLOT"] == 6 and duties.SEVEN_BIT == 1 << 6
    assert core.PLAY_RULES == duties.PLAY_RULES


def test_the_descriptor_layout_is_the_headers():
    h = header_constants()
    assert h["TC_MAGIC"] == native.MAGIC and h["TC_DESC_VERSION"] == native.VERSION == core.DESC_VERSION
    assert h["TC_DESC_SIZE"] == native.SIZE == core.DESC_SIZE
    assert h["TC_MAX_SEATS"] == native.MAX_SEATS
    assert h["TC_SUITLESS"] == native.SUITLESS and h["TC_DRAWS"] == native.DRAWS
    for name in ("MAGIC", "VERSION", "DUTIES", "SEATS", "STEP", "FLAGS", "TRICK_POINT", "LAST_TRICK",
                 "HAND_SIZE", "TEAM", "STRENGTH", "POINTS"):
        assert h["TC_D_" + name] == getattr(native, "D_" + name), name


def test_every_game_is_bound_to_the_core_by_its_description():
    for name in catalogue.NAMES:
        game, _ = catalogue.make(name, B.Rng(1))
        assert isinstance(game.hot, native.Native), name
        assert game.hot.desc == native.describe(game), name


def test_a_trump_that_changes_the_tables_rewrites_the_descriptor_in_place():
    game, _ = catalogue.make("envite-like", B.Rng(2))
    desc = game.hot.desc
    game.set_trump(0)
    spades = bytes(desc)
    game.set_trump(2)
    assert game.hot.desc is desc and bytes(desc) != spades
    assert desc == native.describe(game)


def test_a_corrupt_descriptor_is_refused_with_a_clear_error():
    game, _ = catalogue.make("malilla", B.Rng(3))
    bad = bytearray(game.hot.desc)
    bad[native.D_SEATS] = 13
    with pytest.raises(ValueError, match="not a game descriptor"):
        core.legal(bad, 0, 0, 0, b"", 0, [1, 0, 0, 0], [0, 0, 0, 0])
    with pytest.raises(ValueError, match="not a game descriptor"):
        core.legal(bytes(native.SIZE - 1), 0, 0, 0, b"", 0, [1, 0, 0, 0], [0, 0, 0, 0])
    with pytest.raises(ValueError, match="trick out of range"):
        core.legal(game.hot.desc, 0, 4, 0, b"", 0, [1, 0, 0, 0], [0, 0, 0, 0])
    with pytest.raises(ValueError, match="suit sets"):
        core.legal(game.hot.desc, 0, 0, 0, b"", 0, [1 << 16, 0, 0, 0], [0, 0, 0, 0])


@pytest.mark.parametrize("name", catalogue.NAMES)
def test_legal_forbidden_verdict_winner_points_agree(name):
    assert D.check_rules(core, name, 4000, seed=11) == 4000


@pytest.mark.parametrize("name", catalogue.NAMES)
def test_solver_agrees_on_small_endings(name):
    table = bytearray(1 << 16)
    assert D.check_solver(core, name, 1500, seed=23, table=table) == 1500


@pytest.mark.parametrize("name", catalogue.NAMES)
def test_the_host_solver_agrees_with_the_small_core_on_deeper_endings(name):
    assert D.check_host_solver(core, name, 300, seed=29, table=bytearray(1 << 18)) == 300


def _positions(name, seed, n):
    """n random positions of game `name` with up to 5 tricks left: (game, its
    descriptor, hands, trick, the team solved for), and the Rng that made them."""
    rng = B.Rng(seed)
    for _ in range(n):
        game, trump = catalogue.make(name, rng)
        desc = B.describe(core, game)
        hands, trick, _ = B.random_position(game, rng, trump, min(game.hand_size, 5), 0)
        yield game, desc, hands, trick, D.random_team(game, rng), rng


@pytest.mark.parametrize("name", ("malilla", "botifarra", "tute", "manille", "envite", "truc"))
def test_the_host_solver_keeps_its_table_through_the_plays_of_one_hand(name):
    """solve(..., keep=1) along a hand (the report's analysis) = fresh solves."""
    table = bytearray(1 << 18)
    for game, desc, hands, trick, team, rng in _positions(name, 31, 3):
        first = True
        while any(any(h) for h in hands):
            args = list(B.trick_args(trick)) + [B.flat(hands), team, core.POINTS]
            got = core.solve(desc, *(args + [table, 0, 0, 0 if first else 1]))
            assert got == core.solve_core(desc, *(args + [None, 0])), D.where(game, hands, trick)
            first = False
            B.play(game, trick, hands, B.pick(rng, game.legal(hands[trick.to_play], trick)))
            if trick.done():
                trick.start(B.next_leader(trick))


@pytest.mark.parametrize("name", ("malilla", "botifarra", "tute", "manille", "envite"))
def test_the_host_solver_keeps_its_table_through_every_card_of_every_play(name):
    """The report's order of solves: a hand's first position fresh, then per play,
    with keep=1, the position after each legal card (the bound from the position
    before it given, as the report does) and then the position after the card
    played: each = solve_core's value."""
    table = bytearray(1 << 18)
    for game, desc, hands, trick, team, rng in _positions(name, 43, 3):
        args = list(B.trick_args(trick)) + [B.flat(hands), team, core.POINTS]
        before = core.solve(desc, *(args + [table, 0, 0, 0]))
        assert before == core.solve_core(desc, *(args + [None, 0])), D.where(game, hands, trick)
        while any(any(h) for h in hands):
            seat = trick.to_play
            ours = game.team_of[seat] == team
            legal = game.legal(hands[seat], trick)
            for c in C.cards_of(legal):
                h2 = [list(h) for h in hands]
                t2 = Trick(game)
                t2.copy_from(trick)
                B.play(game, t2, h2, c)
                left = any(any(h) for h in h2)
                gain = 0
                if t2.done():
                    if not t2.drawn and game.team_of[t2.winner] == team:
                        gain = game.trick_point + (0 if left else game.last_trick) + \
                            sum(game.points_of[x] for x in t2.cards[:t2.n])
                    t2.start(B.next_leader(t2))
                if not left:
                    continue
                a2 = list(B.trick_args(t2)) + [B.flat(h2), team, core.POINTS]
                bound = max(before - gain, 0)
                lo, hi = (0, bound) if ours else (bound, 32767)
                v = core.solve_core(desc, *(a2 + [None, 0]))
                assert core.solve(desc, *(a2 + [table, 0, 0, 1, lo, hi])) == v, D.where(game, h2, t2)
            B.play(game, trick, hands, B.pick(rng, legal))
            if trick.done():
                trick.start(B.next_leader(trick))
            if any(any(h) for h in hands):
                args = list(B.trick_args(trick)) + [B.flat(hands), team, core.POINTS]
                before = core.solve(desc, *(args + [table, 0, 0, 1]))
                assert before == core.solve_core(desc, *(args + [None, 0])), D.where(game, hands, trick)


@pytest.mark.parametrize("name", ("malilla", "botifarra", "tute", "manille"))
def test_the_host_solver_starts_from_bounds_that_hold(name):
    """solve(..., lo, hi) with the value within [lo, hi] (the report's bound from the
    position a card is played from) = the value."""
    table = bytearray(1 << 18)
    for game, desc, hands, trick, team, _ in _positions(name, 41, 6):
        args = list(B.trick_args(trick)) + [B.flat(hands), team, core.POINTS]
        v = core.solve_core(desc, *(args + [None, 0]))
        for lo, hi in ((v, 32767), (0, v), (max(v - 3, 0), v + 2), (v, v)):
            assert core.solve(desc, *(args + [table, 0, 0, 1, lo, hi])) == v, (lo, hi, D.where(game, hands, trick))


@pytest.mark.parametrize("name", catalogue.NAMES)
def test_claims_agree(name):
    assert D.check_claims(core, name, 400, seed=37, table=bytearray(1 << 14)) == 400


@pytest.mark.parametrize("name", catalogue.NAMES)
def test_club_claims_agree(name):
    assert D.check_club(core, name, 300, 41, bytearray(1 << 14)) == 300


def test_the_envite_stand_in_ranks_exactly_as_envite_does():
    from tapete.rules import games
    for seats in (4, 6, 8, 10, 12):
        for trump in range(4):
            real = games.get("envite", {}, seats)
            real.set_trump(trump)
            like = catalogue.EnlargedTrawl({}, seats)
            like.set_trump(trump)
            assert bytes(like.strength) == bytes(real.strength), (seats, trump)
            assert bytes(like.inner) == bytes(real.inner), (seats, trump)


def test_a_double_dummy_claim_on_a_core_without_the_solver_agrees(monkeypatch):
    """The Pico's core has the club check and no solver: a double-dummy claim there
    stands at once when it stands by club law, and is the Python rules' otherwise;
    either way the ruling is the one the solver gives."""
    import sys
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
    from game_rules.kit import hand_until, of
    from tapete.rules import claims

    class NoSolver:
        def __getattr__(self, name):
            if name in ("claim", "solve"):
                raise AttributeError(name)
            return getattr(core, name)

    answers = set()
    for name in ("malilla", "botifarra"):
        for seed in range(12):
            rulings = []
            for c in (core, NoSolver()):
                monkeypatch.setattr(claims.native, "core", c)
                m, holding = hand_until(name, seed, 2 + seed % 2, options={"claims": "double-dummy"})
                seat = m.turn
                shown = [C.name(x) for x in C.cards_of(holding[seat])]
                x = of(m.apply({"ev": "call", "seat": seat, "call": "claim", "cards": shown}), "x-claim")[0]
                rulings.append(x["sound"])
            assert rulings[0] == rulings[1], (name, seed, rulings)
            answers.add(rulings[0])
    assert answers >= {True, False}
