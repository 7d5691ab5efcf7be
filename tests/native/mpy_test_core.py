"""tapete_core as a MicroPython native module (x64 build) inside the unix port:
the same API as the CPython extension, the same answers as the pure-Python rules for
every game of the catalogue, and no heap allocation on the per-play path."""
import gc

import tapete_core as core

from . import bridge as B
from . import catalogue
from . import diffcheck as D

NAMES = ("legal", "winner", "points", "verdict", "forbidden", "playouts", "solve", "claim", "club",
         "API", "DESC_VERSION", "DESC_SIZE", "POINTS", "TRICKS", "DRAWN", "PLAY_RULES",
         "OUT_OF_BUDGET", "TOO_DEEP", "MAX_DEPTH", "STACK")


def test_module_has_the_whole_api():
    for name in NAMES:
        assert hasattr(core, name), name


def test_rules_agree_for_every_game():
    for name in catalogue.NAMES:
        assert D.check_rules(core, name, 600, 5) == 600, name


def test_solver_agrees_for_every_game():
    for name in catalogue.NAMES:
        assert D.check_solver(core, name, 100, 7, 2, bytearray(4096)) == 100, name


def test_claims_agree_for_every_game():
    for name in catalogue.NAMES:
        assert D.check_claims(core, name, 40, 9, bytearray(4096) if len(name) & 1 else None) == 40, name


def test_club_claims_agree_for_every_game():
    for name in catalogue.NAMES:
        assert D.check_club(core, name, 40, 43, bytearray(8192 if len(name) & 1 else 2200)) == 40, name


def test_a_play_allocates_nothing():
    for name in catalogue.NAMES:
        game, trump = catalogue.make(name, B.Rng(3))
        desc = B.describe(core, game)
        hands, trick, _ = B.random_position(game, B.Rng(4), trump, 2, 2)
        hand = hands[trick.to_play]
        out = [0, 0, 0, 0]
        sets = [0] * 28
        trump, leader, n, cards, led = B.trick_args(trick)
        core.legal(desc, trump, leader, n, cards, led, hand, out)
        gc.collect()
        before = gc.mem_alloc()
        for _ in range(100):
            core.legal(desc, trump, leader, n, cards, led, hand, out)
            core.forbidden(desc, trump, leader, n, cards, led, 6, sets)
            core.verdict(desc, trump, leader, n, cards, led, hand, 6)
            core.winner(desc, trump, leader, n, cards)
        assert gc.mem_alloc() == before, (name, gc.mem_alloc() - before)


def test_a_new_trump_rewrites_the_descriptor_without_allocating_it_anew():
    game, _ = catalogue.make("envite-like", B.Rng(5))
    desc = game.hot.desc
    game.set_trump(1)
    assert game.hot.desc is desc
