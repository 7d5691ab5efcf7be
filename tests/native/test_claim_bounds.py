"""Claims have a bound (issue 7, item 8): one node budget covers the whole check (the
deals tried, their searches, the refuting line), the C core refuses searches deeper
than its build allows, and whatever the core raises becomes a ruling or one clear
error line, never a traceback."""
import random

import pytest

from tapete.rules import cards as C
from tapete.rules import claims, native, playout, solver
from tapete.rules.errors import EventError
from tapete.rules.match import Match

from game_rules.kit import hand_until

from . import bridge as B
from . import catalogue

core = pytest.importorskip("tapete_core", reason="the C extension is not built (pip install -e .)")


def trick_one(name="malilla", seed=1):
    """A match at the first card of its first hand, every hand hidden, its claims judged
    double-dummy (the core's `claim`; club law's `club` has its bounds tested in
    tests/game_rules/test_club_claims.py)."""
    rng = random.Random(seed)
    m = Match()
    m.apply({"ev": "match", "game": name, "seats": 4, "options": {"claims": "double-dummy"}})
    m.apply({"ev": "deal", "dealer": 0})
    hands, turnup = playout.deal(m.game, 0, rng)
    m.apply({"ev": "turnup", "card": C.name(turnup)})
    return m, hands


def claim_first(m, hands):
    seat = m.turn
    out = m.apply({"ev": "call", "seat": seat, "call": "claim", "cards": [C.name(c) for c in hands[seat]]})
    return [e for e in out if e["ev"] == "x-claim"][0]


def core_claim(game, trick, hands, claimer, budget, target=None):
    """The core's claim with every hand but the claimer's hidden; (answer, nodes)."""
    seats = game.seats
    shown = [0, 0, 0, 0] * seats
    shown[4 * claimer:4 * claimer + 4] = hands[claimer]
    unseen = [0, 0, 0, 0]
    for s in range(seats):
        if s != claimer:
            for x in range(4):
                unseen[x] |= hands[s][x]
    out = [0] * (4 * seats + 65)
    a = B.trick_args(trick)
    r = core.claim(B.describe(core, game), a[0], a[1], a[2], a[3], a[4], shown, 1 << claimer, unseen,
                   [0] * (4 * seats), game.team_of[claimer], core.TRICKS,
                   game.hand_size if target is None else target, bytearray(1 << 16), budget, out)
    return r, out[4 * seats + 64]


@pytest.mark.parametrize("name", catalogue.NAMES)
def test_a_claim_at_trick_one_with_hidden_hands_returns_within_its_budget(name):
    rng = B.Rng(8)
    game, trump = catalogue.make(name, rng)
    hands, trick, _ = B.random_position(game, rng, trump, game.hand_size, 0)
    for budget in (1, 100, 10000, 200000):
        r, nodes = core_claim(game, trick, hands, trick.leader, budget)
        assert r in (1, 0, core.OUT_OF_BUDGET, core.TOO_DEEP), r
        assert nodes <= budget + 1, (budget, nodes)


def test_a_claim_at_trick_one_at_the_table_is_refused_or_undecided_within_its_budget(monkeypatch):
    monkeypatch.setattr(claims, "NATIVE_BUDGET", 100000)
    m, hands = trick_one()
    assert isinstance(m.game.hot, native.Native)
    ev = claim_first(m, hands)
    assert ev["sound"] in (None, False)
    assert not m.over and m.turn is not None        # play goes on


def test_the_pure_python_check_at_trick_one_is_bounded_too(monkeypatch):
    monkeypatch.setattr(native, "ENABLED", False)
    monkeypatch.setattr(claims, "PY_BUDGET", 3000)
    m, hands = trick_one()
    assert not isinstance(m.game.hot, native.Native)
    ev = claim_first(m, hands)
    assert ev["sound"] in (None, False)


def test_deals_the_table_rules_out_still_cost_the_budget():
    """Knowledge that no deal fits (every hidden seat 'cannot hold' every card) must
    not let the enumeration run free: it spends the budget, in C and in Python."""
    rng = B.Rng(4)
    game, trump = catalogue.make("malilla", rng)
    hands, trick, _ = B.random_position(game, rng, trump, 6, 0)
    claimer = trick.leader
    unseen = []
    for s in range(4):
        if s != claimer:
            unseen.extend(C.cards_of(hands[s]))
    # each hidden seat is barred from the last four unseen cards: no deal fits, but
    # that shows only at the last card placed, after every other choice is tried
    bar = C.hand_of(unseen[-4:])
    cant = [list(bar) for _ in range(4)]
    cant[claimer] = [0, 0, 0, 0]
    sizes = dict((s, C.count(hands[s])) for s in range(4) if s != claimer)
    with pytest.raises(solver.OutOfBudget):
        solver.check_claim(game, {claimer: hands[claimer]}, trick, game.team_of[claimer], 6, solver.TRICKS,
                           unseen, sizes, cant, budget=2000)
    shown = [0, 0, 0, 0] * 4
    shown[4 * claimer:4 * claimer + 4] = hands[claimer]
    out = [0] * (16 + 65)
    a = B.trick_args(trick)
    flat_cant = []
    for s in range(4):
        flat_cant.extend(cant[s])
    r = core.claim(B.describe(core, game), a[0], a[1], a[2], a[3], a[4], shown, 1 << claimer,
                   C.hand_of(unseen), flat_cant, game.team_of[claimer], core.TRICKS, 6, None, 2000, out)
    assert r == core.OUT_OF_BUDGET and out[16 + 64] <= 2001


def test_a_refuting_line_runs_on_the_claims_budget_in_python():
    """The least budget that still refutes the claim leaves nothing for the line: the
    refusal stands, with an empty line."""
    rng = B.Rng(6)
    for _ in range(20):
        game, trump = catalogue.make("manille", rng)
        if game.seats != 4:
            continue
        hands, trick, _ = B.random_position(game, rng, trump, 2, 1)
        claimer = trick.to_play
        unseen = []
        for s in range(4):
            if s != claimer:
                unseen.extend(C.cards_of(hands[s]))
        sizes = dict((s, C.count(hands[s])) for s in range(4) if s != claimer)
        args = (game, {claimer: hands[claimer]}, trick, game.team_of[claimer], 2, solver.TRICKS, unseen, sizes, None)
        ok, deal, line = solver.check_claim(*args)
        if ok:
            continue
        assert line
        lo, hi = 1, 1 << 20
        while lo < hi:
            mid = (lo + hi) // 2
            try:
                solver.check_claim(*args, budget=mid)
                hi = mid
            except solver.OutOfBudget:
                lo = mid + 1
        ok, deal, line = solver.check_claim(*args, budget=lo)
        assert not ok and deal and line == []
        return
    raise AssertionError("no refuted claim found")


def test_an_error_from_the_core_is_one_clear_line(monkeypatch):
    m, hands = trick_one(seed=3)

    def broken(*args):
        raise TypeError("tapete_core: something unexpected")
    monkeypatch.setattr(native.core, "claim", broken)
    with pytest.raises(EventError, match="the claim cannot be checked: tapete_core: something unexpected"):
        claim_first(m, hands)
    assert m.turn is not None


def test_a_claim_too_deep_for_the_core_is_undecided(monkeypatch):
    m, hands = trick_one(seed=4)
    monkeypatch.setattr(native.core, "claim", lambda *args: core.TOO_DEEP)
    assert claim_first(m, hands)["sound"] is None


def test_a_claim_without_cards_for_a_hidden_hand_is_an_event_error():
    m, hands = trick_one(seed=5)
    with pytest.raises(EventError, match="claim shows the claimer's cards"):
        m.apply({"ev": "call", "seat": m.turn, "call": "claim"})


def test_a_claim_with_too_little_c_stack_left_is_undecided(monkeypatch):
    """On the Pico the core is not called with less stack left than its deepest claim
    needs (the rp2 port's 7936 bytes, less what MicroPython already uses)."""
    m, hands = trick_one(seed=6)
    called = []
    monkeypatch.setattr(claims, "C_STACK", 7936)
    monkeypatch.setattr(native.core, "STACK", 3840)
    monkeypatch.setattr(native.core, "claim", lambda *args: called.append(1) or 0)
    monkeypatch.setattr(claims, "_stack_use", lambda: 4200)
    assert claim_first(m, hands)["sound"] is None and not called
    monkeypatch.setattr(claims, "_stack_use", lambda: 4000)
    claim_first(m, hands)
    assert called


def test_the_core_says_what_its_deepest_claim_needs():
    assert core.MAX_DEPTH == 64 and core.STACK == 0     # a desktop build: every card, stack not counted


def test_a_position_the_core_refuses_is_judged_by_the_python_rules(monkeypatch):
    m, holding = hand_until("malilla", 3, 2)
    seat = m.turn
    shown = [C.name(c) for c in C.cards_of(holding[seat])]

    def refuses(*args):
        raise ValueError("tapete_core: hands, unseen cards and trick do not fit together")
    monkeypatch.setattr(native.core, "claim", refuses)
    ev = [e for e in m.apply({"ev": "call", "seat": seat, "call": "claim", "cards": shown}) if e["ev"] == "x-claim"]
    assert ev and ev[0]["sound"] in (True, False)


def known_claim(game, trick, hands, budget, table):
    """The core's claim of the leader's side with every hand known; (answer, line)."""
    seats = game.seats
    flat = [x for s in range(seats) for x in hands[s]]
    out = [0] * (4 * seats + 65)
    a = B.trick_args(trick)
    left = C.count(hands[trick.leader])
    r = core.claim(B.describe(core, game), a[0], a[1], a[2], a[3], a[4], flat, (1 << seats) - 1,
                   [0, 0, 0, 0], [0] * (4 * seats), game.team_of[trick.leader], core.TRICKS, left,
                   bytearray(table), budget, out)
    return r, [c for c in out[4 * seats:4 * seats + 64] if c >= 0]


@pytest.mark.parametrize("seed", range(4))
def test_a_claim_with_ten_tricks_left_every_hand_known_is_decided_within_the_picos_budget(seed):
    """The Pico's search keeps its depth on the heap (no depth cap), and its budget and
    table (claims.py's figures for the rp2 port) settle a 10-trick claim: a refusal
    comes with a legal line that finishes the hand short of the claim."""
    from tapete.rules import games
    from .diffcheck import play_line
    rng = B.Rng(1000 * 10 + seed + 1)          # bench/bench_claim_pico.py's positions
    game = games.get("malilla")
    trump = rng.below(4)
    game.set_trump(trump)
    hands, trick, _ = B.random_position(game, rng, trump, 10, 0)
    r, line = known_claim(game, trick, hands, 55000, 1 << 15)
    assert r in (0, 1), r
    if r == 0:
        assert play_line(game, hands, trick, line, game.team_of[trick.leader], core.TRICKS) < 10


def test_a_claim_without_heap_for_the_search_is_undecided(monkeypatch):
    """The native module takes the search's frames from the heap: a MemoryError there
    leaves the claim undecided and play goes on."""
    m, hands = trick_one(seed=6)

    def full(*args):
        raise MemoryError("memory allocation failed, allocating 2340 bytes")
    monkeypatch.setattr(native.core, "claim", full)
    assert claim_first(m, hands)["sound"] is None
