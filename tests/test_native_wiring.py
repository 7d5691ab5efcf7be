"""The rule module with and without the C core gives identical results: whole
judged hands (verdicts, proofs, trick winners, drawn tricks, hands that end early,
scores) and claims, compared through the match itself, for every trick game of the
registry and every seat count it is played with."""
import random

import pytest

from tapete.rules import cards, games, native, playout
from tapete.rules.match import PLAY, Match

from game_rules.kit import hand_until

pytestmark = pytest.mark.skipif(native.core is None, reason="tapete_core not built")


def trick_games():
    """(name, seats) of every game of the registry written so far that plays tricks."""
    out = []
    for name in games.names():
        try:
            cls = games.game_class(name)
        except ImportError:         # a game whose file is not written yet
            continue
        for seats in cls.seat_counts:
            if games.get(name, {}, seats).faces:
                out.append((name, seats))
    return out


def _with(enabled, fn, *args):
    saved = native.ENABLED
    native.ENABLED = enabled
    try:
        return fn(*args)
    finally:
        native.ENABLED = saved


def _judged(name, seats, seed, with_hands):
    """Derived events of one hand with some illegal plays, and the path used."""
    rng = random.Random(seed)
    m = Match()
    m.apply({"ev": "match", "game": name, "seats": seats, "options": _report(name)})
    dealer = seed % seats
    events, hands = playout.hand_events(m.game, dealer, rng, with_hands)
    out = []
    for ev in events:
        out += m.apply(ev)
    caller = getattr(m.game, "random_call", None)
    while playout.in_hand(m) and not m.over:
        playout.refill(m, hands, rng)       # a game with a stock: the draws
        ev = caller(m, hands, rng) if caller is not None else None
        if ev is None:
            if m.phase != PLAY:
                break
            seat = m.turn
            held = playout.holding_of(m, hands[seat])
            pool = held if rng.getrandbits(2) == 0 else m.game.legal(held, m.trick)
            c = playout.pick(pool, rng)
            printed = m.game.outer[c] if m.game.outer is not None else c
            hands[seat].remove(printed)
            ev = {"ev": "play", "seat": seat, "card": cards.name(printed)}
        out += m.apply(ev)
    return out, type(m.game.hot).__name__


def _report(name):
    """Options that keep a match going after a proven foul, where the game has one."""
    return {"irregularity": "report"} if "irregularity" in games.info(name)["options"] else {}


@pytest.mark.parametrize("name,seats", trick_games())
def test_judged_hands_are_identical_with_and_without_the_core(name, seats):
    for seed in range(80):
        c_out, c_path = _with(True, _judged, name, seats, seed, seed % 2 == 0)
        p_out, p_path = _with(False, _judged, name, seats, seed, seed % 2 == 0)
        # Wiezen's troel: the core's descriptor cannot name the hand's lead card (the
        # fourth ace), so the core gives way to the Python rules for that hand
        troel = [e for e in c_out if e["ev"] == "hand_end" and e.get("contract") == "troel"]
        assert (c_path == "Native") != bool(troel) and p_path != "Native", (name, seed, c_path)
        assert c_out == p_out, (name, seats, seed)


def _claim(name, seed, left):
    m, holding = hand_until(name, seed, left)
    seat = m.turn
    shown = [cards.name(c) for c in cards.cards_of(holding[seat])]
    out = m.apply({"ev": "call", "seat": seat, "call": "claim", "cards": shown})
    return [e for e in out if e["ev"] == "x-claim"][0]


def test_claim_rulings_agree_with_and_without_the_core():
    for name in ("malilla", "manille"):
        for seed in range(60):
            left = 1 + seed % 3
            a = _with(True, _claim, name, seed, left)
            b = _with(False, _claim, name, seed, left)
            # the refuting deal and line may differ (any defeating one will do); the ruling may not
            assert a["sound"] == b["sound"], (name, seed)
