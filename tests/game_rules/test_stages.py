"""The hand as declared stages (rules/stages.py): every game's declaration is well
formed, and the hand's shape (tricks, stock) comes from it."""
from game_rules.kit import games, raises

try:
    from tapete.rules import stages
except ImportError:     # MicroPython: the rule module is the package `rules`
    from rules import stages


def test_every_game_declares_its_hand_from_the_deal_to_the_score():
    for name in games.names():
        cls = games.game_class(name)
        for seats in cls.seat_counts:
            g = games.get(name, None, seats)
            assert stages.check(g.stages) == g.stages, name
            tricks, stock = g.shape(g.hand_size)
            assert (tricks, stock) == (g.tricks, stock)
            if "draw" not in g.stages:
                assert stock == 0 and tricks in (g.hand_size, 0), name


def test_a_hand_without_tricks_has_none_and_a_stock_adds_a_trick_per_draw_round():
    assert games.get("mus").tricks == 0
    assert games.get("malilla").tricks == 10
    assert stages.shape(("deal", "turnup", "draw", "tricks", "score"), 40, 4, 6) == (10, 16)
    assert stages.shape(("deal", "turnup", "tricks", "score"), 40, 4, 10) == (10, 0)


def test_a_malformed_declaration_is_refused():
    raises(ValueError, stages.check, ("deal", "tricks"))
    raises(ValueError, stages.check, ("turnup", "tricks", "score"))
    raises(ValueError, stages.check, ("deal", "bidding", "score"))


def test_the_options_change_the_stages_manilles_auction_replaces_the_turn_up():
    g = games.get("manille", {"auction": True})
    assert g.stages == ("deal", "calls", "tricks", "score")
    assert games.get("manille").stages == ("deal", "turnup", "tricks", "score")
