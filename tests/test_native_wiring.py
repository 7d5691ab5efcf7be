"""The rule module with and without the C core gives identical results: whole
judged hands (verdicts, proofs) and claims, compared through the match itself."""
import random

import pytest

from tapete.rules import cards, games, native, playout
from tapete.rules.match import Match

from game_rules.kit import hand_until

pytestmark = pytest.mark.skipif(native.core is None, reason="tapete_core not built")


def _with(enabled, fn, *args):
    saved = native.ENABLED
    native.ENABLED = enabled
    try:
        return fn(*args)
    finally:
        native.ENABLED = saved


def _judged(name, seed, with_hands):
    """Derived events of one hand with some illegal plays, and the path used."""
    random.seed(seed)
    m = Match()
    m.apply({"ev": "match", "game": name, "seats": 4, "options": {"irregularity": "report"}})
    m.apply({"ev": "deal", "dealer": seed % 4})
    hands, turnup = playout.deal(m.game, seed % 4, random)
    if with_hands:
        for s in hands:
            m.apply({"ev": "hand", "seat": s, "cards": [cards.name(c) for c in hands[s]]})
    out = m.apply({"ev": "turnup", "card": cards.name(turnup)})
    holding = dict((s, cards.hand_of(hands[s])) for s in hands)
    while m.turn is not None:
        seat = m.turn
        pool = holding[seat] if random.getrandbits(2) == 0 else m.game.legal(holding[seat], m.trick)
        c = playout.pick(pool, random)
        holding[seat][c >> 4] &= ~cards.bit(c)
        out += m.apply({"ev": "play", "seat": seat, "card": cards.name(c)})
    return out, type(m.game.hot).__name__


def test_judged_hands_are_identical_with_and_without_the_core():
    for name in ("malilla", "manille"):
        for seed in range(150):
            c_out, c_path = _with(True, _judged, name, seed, seed % 2 == 0)
            p_out, p_path = _with(False, _judged, name, seed, seed % 2 == 0)
            assert (c_path, p_path) == ("Native", name.capitalize())
            assert c_out == p_out, (name, seed)


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
