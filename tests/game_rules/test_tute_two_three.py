"""Tute for two (habanero) and three (../shared/rules/tute-two-three-subastado.md §1, §2,
readings T1-T3): one test per rule point of the sheet, on hand-made logs."""
from game_rules.kit import (call, cards, errors, games, legal, of, play, playout, raises, start)

OrderError, CardError, EventError = errors.OrderError, errors.CardError, errors.EventError


def _seeded(n):
    """The module `random`, seeded (MicroPython's has no Random class)."""
    import random
    random.seed(n)
    return random


def two(turnup="4C", hands=None, options=None):
    """Habanero, seat 0 deals; clubs are trumps (the 4 turned from the stock); seat 1 leads."""
    return start("tute", dealer=0, turnup=turnup, hands=hands, options=options, seats=2)


def three(turnup="4C", hands=None, options=None):
    """Tute for three, seat 0 deals; the 40th card turned (clubs); seat 2 leads, then 1, 0."""
    return start("tute", dealer=0, turnup=turnup, hands=hands, options=options, seats=3)


def to_arrastre(m):
    """Play the stock out: 12 tricks of cards nobody checks (no trump led)."""
    free = ["2S", "4S", "5S", "6S", "7S", "JS", "2H", "4H", "5H", "6H", "7H", "JH",
            "2D", "4D", "5D", "6D", "7D", "JD", "QS", "KS", "QH", "KH", "QD", "KD"]
    while m.stock:
        m.apply({"ev": "play", "seat": m.turn, "card": free.pop(0)})


# -- Tute for four is unchanged -------------------------------------------------------------
def test_four_seats_keep_the_partnership_game_and_its_file():
    g = games.get("tute")
    assert type(g).__name__ == "Tute" and g.seats == 4 and list(g.team_of) == [0, 1, 0, 1]
    assert "draw" not in g.stages and g.hand_size == 10
    raises(EventError, games.get, "tute", None, 5)


# -- §1 habanero: deal, stock, draws ----------------------------------------------------------
def test_habanero_deals_eight_each_a_stock_of_twenty_four_and_twenty_tricks():
    m, _ = two()
    assert (m.hand_cards, m.hand_tricks, m.stock) == (8, 20, 24)
    assert list(m.game.team_of) == [0, 1] and m.turn == 1


def test_habanero_the_loser_of_the_twelfth_trick_takes_the_turn_up():
    m, _ = two(turnup="AC")
    to_arrastre(m)
    assert m.stock == 0 and m.trick.number == 13
    taker = m.turnup_seat
    assert taker == 1 - m.last.winner
    assert m.holding[taker][cards.parse_suit("C")] & (1 << 0)       # the As of trumps is held


# -- T1: the stock's one duty, the arrastre's full ones --------------------------------------------
def test_t1_while_the_stock_lasts_a_trump_lead_is_followed_with_a_trump_and_nothing_else():
    m, _ = two()
    g = m.game
    assert legal(g, "C", 1, "5C", "2C 7C AH") == ["2C", "7C"]          # no duty to beat it
    assert legal(g, "C", 1, "5H", "2C 7H AH 4S") == ["2C", "4S", "7H", "AH"]   # another lead: free


def test_t1_a_seat_known_to_hold_a_trump_that_does_not_follow_a_trump_lead_revokes():
    m, _ = two(hands={0: "KC QC 2S 4S 5S 6S 7S JS"})
    out = play(m, "1:5C 0:2S")
    v = of(out, "violation")
    assert v and v[0]["rule"] == "revoke" and v[0]["seat"] == 0


def test_t1_option_none_no_duty_while_the_stock_lasts():
    m, _ = two(options={"stock_duty": "none"})
    assert legal(m.game, "C", 1, "5C", "2C AH") == ["2C", "AH"]


def test_in_the_arrastre_follow_beat_trump_and_overtrump():
    m, _ = two()
    to_arrastre(m)
    g = m.game
    assert legal(g, "C", 1, "5H", "7H 4H 2S") == ["7H"]             # follow and beat
    assert legal(g, "C", 1, "5H", "2C 4S") == ["2C"]                 # void: trump
    assert legal(g, "C", 1, "5C", "7C 4C 2S") == ["7C"]              # a trump lead: beat it


def test_the_duties_return_to_the_stocks_at_the_next_hand():
    log, derived, m = playout.random_match("tute", None, _seeded(3), seats=2)
    assert m.over and m.game.duties == m.game.stock_duties


# -- cantes, tute, the exchange -------------------------------------------------------------------
def test_habanero_cantes_by_the_winner_of_the_last_trick_forty_and_twenty():
    m, _ = two(hands={1: "KD QD KC QC AH 2S 4S 5S"})
    raises(OrderError, call, m, (1, "declare", {"cards": ["KD", "QD"]}))   # nothing won yet
    play(m, "1:AH 0:2H")
    raises(OrderError, call, m, (0, "declare", {"cards": ["KS", "QS"]}))   # the loser
    out = call(m, (1, "declare", {"cards": ["KC", "QC"]}))
    assert not of(out, "violation") and m.ctx.declarations[0]["points"] == 40
    raises(OrderError, call, m, (1, "declare", {"cards": ["KD", "QD"]}))   # one per trick won
    play(m, "1:2S 0:3S")
    play(m, "0:6H 1:4S")
    raises(OrderError, call, m, (1, "declare", {"cards": ["KD", "QD"]}))   # seat 0 won that one


def test_t2_no_tute_in_habanero_unless_the_option():
    m, _ = two()
    play(m, "1:AH 0:2H")
    raises(EventError, call, m, (1, "declare", {"cards": ["KC", "KD", "KH", "KS"]}))
    m, _ = two(options={"tute": True})
    play(m, "1:AH 0:2H")
    out = call(m, (1, "declare", {"cards": ["KC", "KD", "KH", "KS"]}))
    end = of(out, "hand_end")
    assert end and end[0]["ended"] == "tute" and end[0]["score"] == [0, 1]


def test_the_seven_of_trumps_takes_a_high_turn_up_and_the_two_a_low_one():
    m, _ = two(turnup="AC")
    play(m, "1:AH 0:2H")
    raises(OrderError, call, m, (0, "exchange", {"card": "7C"}))       # the loser
    raises(CardError, call, m, (1, "exchange", {"card": "2C"}))        # an As: the 7 takes it
    call(m, (1, "exchange", {"card": "7C"}))
    assert m.turnup == cards.parse("7C")
    m, _ = two(turnup="5C")
    play(m, "1:AH 0:2H")
    call(m, (1, "exchange", {"card": "2C"}))
    assert m.turnup == cards.parse("2C")
    m, _ = two(turnup="2C")
    play(m, "1:AH 0:2H")
    raises(OrderError, call, m, (1, "exchange", {"card": "7C"}))       # a turned 2: nothing


def test_no_exchange_once_the_turn_up_is_drawn():
    m, _ = two(turnup="AC")
    to_arrastre(m)
    play(m, "%d:3S %d:3H" % (m.turn, 1 - m.turn))
    raises(OrderError, call, m, (m.last.winner, "exchange", {"card": "7C"}))


# -- hand result: past 100, the second deal -------------------------------------------------------
def _deal_end(m, points):
    m.ctx.ended = None
    m.ctx.winner = -1
    m.game.hand_score_into(m, points, m.score)
    return list(m.score)


def test_past_one_hundred_wins_both_the_higher_neither_a_second_deal():
    m, _ = two()
    assert _deal_end(m, [101, 29]) == [1, 0]
    assert _deal_end(m, [150, 120]) == [1, 0]            # cantes: both past 100, the higher
    assert _deal_end(m, [120, 120]) == [0, 0]            # level: nobody
    assert _deal_end(m, [80, 50]) == [0, 0]              # neither: a second deal


def test_the_second_deal_adds_the_first_and_a_match_counts_partidas():
    log, derived, m = playout.random_match("tute", {"hands": 2}, _seeded(1), seats=2)
    ends = of(derived, "hand_end")
    assert m.over and sum(m.totals) <= 2
    carried = None
    decided = 0
    for e in ends:
        if e.get("vueltas"):
            assert carried is not None
            assert e["partida"] == [carried[t] + e["points"][t] for t in range(2)]
        else:
            assert e["partida"] == e["points"]
        if max(e["partida"]) < 101 and not e.get("ended"):
            carried = e["partida"]
            assert e["score"] == [0, 0]
        else:
            carried = None
            decided += 1
    assert decided == 2 and len(ends) >= 2


def test_las_diez_de_ultimas_and_130_points_a_deal():
    m, _ = two()
    assert m.game.last_trick == 10 and m.game.total_points == 130


# -- §2 Tute for three ------------------------------------------------------------------------------
def test_t3_three_each_for_himself_thirteen_each_and_the_fortieth_out_of_play():
    m, _ = three(turnup="AC")
    assert (m.hand_cards, m.hand_tricks, m.stock) == (13, 13, 0)
    assert list(m.game.team_of) == [0, 1, 2] and m.teams == 3 and m.turn == 2
    assert m.played[cards.parse_suit("C")] & 1          # the turned As is out of play
    v = of(play(m, "2:AC"), "violation")
    assert v and v[0]["rule"] == "duplicate-card"


def test_t3_option_no_twos_twelve_each_the_dealers_last_card():
    m, _ = three(turnup=None, options={"pack": "no-twos"},
                 hands={0: "AC 3C KC QC JC 7C 6C 5C 4C AH 3H KH"})
    assert m.hand_cards == 12 and m.game.turnup_held
    m.apply({"ev": "turnup", "card": "KH"})
    assert m.trump == cards.parse_suit("H")
    assert not m.game.in_deck(cards.parse("2C"))


def test_three_full_duties_from_the_first_trick():
    m, _ = three()
    g = m.game
    assert legal(g, "C", 2, "5H", "7H 4H 2S") == ["7H"]
    assert legal(g, "C", 2, "5H 6C", "2C 7C 4S") == ["7C"]


def test_three_las_cuarenta_before_any_veinte_and_a_tute_wins():
    m, _ = three(hands={2: "KC QC KD QD KH KS AH 2S 4S 5S 6S 7S JS"})
    play(m, "2:AH 1:2H 0:3H")
    raises(OrderError, call, m, (2, "declare", {"cards": ["KD", "QD"]}))   # holds las cuarenta
    call(m, (2, "declare", {"cards": ["KC", "QC"]}))
    play(m, "2:2S 1:3S 0:4H")
    assert m.last.winner == 1
    m, _ = three(hands={2: "KC KD KH KS AH 2S 4S 5S 6S 7S JS QS 2D"})
    play(m, "2:AH 1:2H 0:3H")
    out = call(m, (2, "declare", {"cards": ["KC", "KD", "KH", "KS"]}))
    end = of(out, "hand_end")
    assert end and end[0]["ended"] == "tute" and end[0]["score"] == [0, 0, 1]


def test_three_the_highest_total_wins_a_tie_for_it_nobody():
    m, _ = three()
    assert _deal_end(m, [60, 50, 20]) == [1, 0, 0]
    assert _deal_end(m, [55, 55, 20]) == [0, 0, 0]


def test_three_a_match_of_hands_to_the_most_won():
    log, derived, m = playout.random_match("tute", {"hands": 3}, _seeded(2), seats=3)
    assert m.over and len(of(derived, "hand_end")) == 3 and len(m.totals) == 3
    assert sum(m.totals) <= 3


# -- §3 Tute subastado (option subastado at three) ---------------------------------------------
def subasta(hands=None, options=None):
    """Tute subastado, seat 0 deals: no turn-up; seat 2 (the mano) speaks first, then 1, 0."""
    o = {"subastado": True}
    o.update(options or {})
    return start("tute", dealer=0, hands=hands, options=o, seats=3)


def test_subastado_36_cards_12_each_no_turn_up_the_mano_speaks_first():
    m, _ = subasta()
    assert (m.hand_cards, m.hand_tricks) == (12, 12) and not m.game.in_deck(cards.parse("2C"))
    assert m.game.awaiting(m) == 1 << 2
    raises(OrderError, call, m, (1, "bid", {"amount": 60}))            # out of turn


def test_t4_bids_multiples_of_five_from_60_each_above_the_last_one_round():
    m, _ = subasta()
    raises(EventError, call, m, (2, "bid", {"amount": 55}))
    raises(EventError, call, m, (2, "bid", {"amount": 62}))
    call(m, (2, "bid", {"amount": 60}))
    raises(EventError, call, m, (1, "bid", {"amount": 60}))            # must exceed
    call(m, (1, "bid", {"amount": 70}))
    call(m, "0:pass")
    assert m.game.awaiting(m) == 1 << 1                                 # one round: 70 wins
    raises(OrderError, call, m, (2, "bid", {"amount": 80}))
    raises(OrderError, call, m, (2, "trump", {"suit": "C"}))
    out = call(m, (1, "trump", {"suit": "C"}))
    assert of(out, "trump")[0]["suit"] == "C" and m.ctx.contract == (1 << 1, 70)
    assert m.turn == 2                                                  # the mano leads


def test_t4_option_open_auction_until_the_others_pass():
    m, _ = subasta(options={"auction": "open"})
    call(m, (2, "bid", {"amount": 60}))
    call(m, (1, "bid", {"amount": 65}))
    call(m, "0:pass")
    call(m, (2, "bid", {"amount": 75}))                                 # speaks again
    call(m, "1:pass")
    assert m.game.awaiting(m) == 1 << 2


def test_all_passing_throws_the_deal_in():
    m, _ = subasta()
    call(m, "2:pass")
    call(m, "1:pass")
    out = call(m, "0:pass")
    end = of(out, "hand_end")
    assert end and end[0]["ended"] == "pass" and end[0]["score"] == [0, 0, 0]


def test_t5_only_the_declarers_cantes_and_no_tute():
    m, _ = subasta(hands={1: "KC QC KD KH KS AH 3H 4S 5S 6S 7S JS"})
    call(m, (2, "bid", {"amount": 60}))
    call(m, (1, "bid", {"amount": 70}))
    call(m, "0:pass")
    call(m, (1, "trump", {"suit": "C"}))
    play(m, "2:5H 1:AH 0:4H")
    raises(EventError, call, m, (1, "declare", {"cards": ["KC", "KD", "KH", "KS"]}))
    out = call(m, (1, "declare", {"cards": ["KC", "QC"]}))
    assert m.ctx.declarations[0]["points"] == 40 and not of(out, "violation")
    play(m, "1:3H 0:7H 2:6H")
    m2, _ = subasta(hands={0: "KD QD AH 3H 4S 5S 6S 7S JS QS KS 4C"})
    call(m2, (2, "bid", {"amount": 60}))
    call(m2, "1:pass")
    call(m2, "0:pass")
    call(m2, (2, "trump", {"suit": "C"}))
    play(m2, "2:5H 1:4H 0:AH")
    raises(OrderError, call, m2, (0, "declare", {"cards": ["KD", "QD"]}))   # a defender


def test_the_declarer_makes_the_bid_or_each_defender_scores():
    m, _ = subasta()
    call(m, (2, "bid", {"amount": 80}))
    call(m, "1:pass")
    call(m, "0:pass")
    call(m, (2, "trump", {"suit": "C"}))
    assert _deal_end(m, [30, 20, 80]) == [0, 0, 1]
    assert _deal_end(m, [30, 21, 79]) == [1, 1, 0]


def test_subastado_a_thrown_in_deal_is_not_one_of_the_hands_and_a_tie_plays_on():
    for seed in range(4):
        log, derived, m = playout.random_match("tute", {"subastado": True, "hands": 2},
                                               _seeded(seed), seats=3)
        ends = of(derived, "hand_end")
        dealt = [e for e in ends if e.get("ended") != "pass"]
        assert m.over and len(dealt) >= 2
        top = max(m.totals)
        assert [t for t in m.totals if t == top] == [top]
