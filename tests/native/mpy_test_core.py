"""tapete_core as a MicroPython native module (x64 build) inside the unix port:
the same API as the CPython extension, the same answers as the pure-Python rules,
and no heap allocation on the per-play path."""
import gc

import tapete_core as core

from . import bridge as B
from . import diffcheck as D

try:
    from rules import games
except ImportError:
    from tapete.rules import games

NAMES = ("game", "legal", "winner", "points", "verdict", "forbidden", "playouts", "solve", "claim",
         "MALILLA", "MANILLE", "PARTNER_EXEMPTION", "LAST_TRICK_BONUS", "TRICK_POINT",
         "POINTS", "TRICKS", "API")


def test_module_has_the_whole_api():
    for name in NAMES:
        assert hasattr(core, name), name


def test_rules_agree_malilla():
    assert D.check_rules(core, "malilla", 2000, 5) == 2000


def test_rules_agree_manille():
    assert D.check_rules(core, "manille", 2000, 6) == 2000


def test_solver_agrees_malilla():
    assert D.check_solver(core, "malilla", 300, 7, 2, bytearray(4096)) == 300


def test_solver_agrees_manille():
    assert D.check_solver(core, "manille", 300, 8, 2, bytearray(4096)) == 300


def test_claims_agree():
    if D.reference is None:
        return
    assert D.check_claims(core, "malilla", 100, 9, bytearray(4096)) == 100
    assert D.check_claims(core, "manille", 100, 10, None) == 100


def test_a_play_allocates_nothing():
    game = games.get("malilla")
    desc = B.describe(core, game)
    hands, trick, _ = B.random_position(game, B.Rng(3), 6, 2)
    hand = hands[trick.to_play]
    out = [0, 0, 0, 0]
    trump, leader, n, cards, led = B.trick_args(trick)
    core.legal(desc, trump, leader, n, cards, led, hand, out)
    gc.collect()
    before = gc.mem_alloc()
    for _ in range(100):
        core.legal(desc, trump, leader, n, cards, led, hand, out)
        core.verdict(desc, trump, leader, n, cards, led, hand, 6)
        core.winner(desc, trump, leader, n, cards)
    assert gc.mem_alloc() == before, gc.mem_alloc() - before
