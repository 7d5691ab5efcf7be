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


def test_a_contract_made_in_the_talk_gives_the_side_trump_and_target():
    try:
        from tapete.rules import contract
    except ImportError:
        from rules import contract
    from game_rules.kit import Match, of, play, raises
    m = Match()
    m.apply({"ev": "match", "game": "brisca", "seats": 3})      # each seat its own team
    m.apply({"ev": "deal", "dealer": 0})
    m.phase = 3     # CALLS: as a game with an auction would wait (Brisca has none)
    out = contract.make(m, 0b011, 1, 2, by=1)
    assert out == {"ev": "trump", "suit": "H", "hand": 1} and m.phase == 4 and m.trump == 1
    assert m.ctx.contract == (0b011, 2) and m.ctx.trump_by == 1
    out = play(m, "2:AS 1:4S 0:4H")             # seat 0 trumps: the side's trick
    assert of(out, "trick")[0]["winner"] == 0
    assert contract.side_tricks(m, 0b011) == 1 and contract.side_tricks(m, 0b100) == 0
    assert contract.side_points(m, 0b011) == 11
    raises(ValueError, contract.make, m, 0b1000, 1, 2)
