"""Malilla, seed 000: one test per rule sentence, named after it."""
from game_rules.kit import (cards, explain, full_deal, games, legal, of, play, playout, raises, start,
                            TableError)

M = games.get("malilla")


# -- Setup ------------------------------------------------------------------------
def test_deck_is_forty_cards_without_tens_nines_eights():
    deck = cards.cards_of(M.deck)
    assert len(deck) == 40
    for c in deck:
        assert cards.face_of(c) not in (8, 9, 10)


def test_partners_sit_opposite_and_play_alternates_partnerships():
    assert [s % 2 for s in (0, 1, 2, 3)] == [0, 1, 0, 1]
    assert M.next_seat(0) == 1 and M.next_seat(3) == 0


def test_ten_cards_dealt_to_each_player():
    hands, turnup = full_deal(M, 0, 5)
    assert sorted(len(h) for h in hands.values()) == [10, 10, 10, 10]
    assert turnup == hands[0][-1]


def test_fortieth_card_dealt_face_up_to_dealer_fixes_trump():
    m, out = start("malilla", dealer=2, turnup="4C")
    assert of(out, "trump") == [{"ev": "trump", "suit": "C", "hand": 1}]
    assert m.trump == cards.SUITS.index("C")


# -- Card ranking -------------------------------------------------------------------
def test_seven_is_highest_then_a_k_q_j_6_5_4_3_2():
    order = [7, 1, 13, 12, 11, 6, 5, 4, 3, 2]
    for hi, lo in zip(order, order[1:]):
        assert M.strength[cards.card(0, hi)] > M.strength[cards.card(0, lo)]


def test_point_values_seven_5_ace_4_king_3_queen_2_jack_1_others_0():
    want = {7: 5, 1: 4, 13: 3, 12: 2, 11: 1, 6: 0, 5: 0, 4: 0, 3: 0, 2: 0}
    for f in want:
        assert M.points(cards.card(0, f)) == want[f]


# -- Turn-up bonus --------------------------------------------------------------------
def test_point_scoring_turnup_scores_dealers_team_bonus_at_once():
    m, out = start("malilla", dealer=1, turnup="7D")
    assert of(out, "trump")[0]["bonus"] == {"team": 1, "points": 5, "held": False}
    assert m.totals == [0, 5]


def test_no_bonus_for_a_turnup_worth_nothing():
    m, out = start("malilla", dealer=1, turnup="5D")
    assert "bonus" not in of(out, "trump")[0]
    assert m.totals == [0, 0]


def _bonus_hand(totals, turnup):
    """Hand 1 of a Malilla match dealt by seat 0, the totals already at `totals`
    (as if earlier hands had been played), then the turn-up: (match, its events)."""
    m, _ = start("malilla", dealer=0)
    m.totals = list(totals)
    return m, m.apply({"ev": "turnup", "card": turnup})


def _score(m, card_points, tricks_won):
    """Score the hand as if its ten tricks gave these card points and tricks."""
    m.card_points = list(card_points)
    m.tricks_won = list(tricks_won)
    m.last_team = 1
    return m._score_hand()


def test_bonus_that_would_win_the_game_is_held_until_after_the_hands_result():
    m, out = _bonus_hand([33, 20], "AH")        # the ace's 4 would take team 0 to 37
    assert of(out, "trump")[0]["bonus"] == {"team": 0, "points": 4, "held": True}
    assert m.totals == [33, 20]


def test_held_bonus_scored_after_the_result_and_wins_when_opponents_do_not_reach_35():
    m, _ = _bonus_hand([33, 20], "AH")
    assert _score(m, [20, 20], [5, 5]) is True      # a 35-35 hand: nobody scores from play
    assert m.totals == [37, 20] and m.winner == 0 and m.score == [4, 0]


def test_held_bonus_never_scored_when_the_opponents_win_the_game_with_the_hand():
    m, _ = _bonus_hand([33, 30], "AH")
    assert _score(m, [10, 50], [2, 8]) is True      # team 1: 58 points, scores 23
    assert m.winner == 1 and m.totals == [33, 53]


# -- Play of the hand -----------------------------------------------------------------
def test_player_to_dealers_left_leads_first_trick():
    m, out = start("malilla", dealer=3, turnup="2S")
    assert m.turn == 0          # seats are clockwise: the dealer's left is the next seat


def test_other_players_contribute_in_turn_clockwise():
    m, out = start("malilla", dealer=0, turnup="2S")
    out = play(m, "2:3H")       # seat 2 is not the dealer's left (seat 1 is)
    assert of(out, "violation")[0]["rule"] == "out-of-turn"
    play(m, "1:3H")
    assert m.turn == 2


def test_highest_trump_wins_the_trick():
    m, _ = start("malilla", dealer=0, turnup="2S")
    out = play(m, "1:7H 2:3S 3:4S 0:AH")
    assert of(out, "trick")[0]["winner"] == 3


def test_highest_card_of_the_suit_led_wins_if_no_trump_played():
    m, _ = start("malilla", dealer=0, turnup="2S")
    out = play(m, "1:KH 2:7D 3:7H 0:AH")
    assert of(out, "trick")[0]["winner"] == 3


def test_you_must_follow_suit():
    assert legal(M, "S", 1, "AH", "2H 6H 7C AS") == ["2H", "6H"]


def test_not_following_suit_when_able_is_a_revoke():
    m, _ = start("malilla", dealer=0, turnup="2S", hands={2: "2H 6H 7C AS 3D 4D 5D 6D QD KD"},
                 options={"irregularity": "report"})
    out = play(m, "1:4H 2:AS")
    v = of(out, "violation")[0]
    assert (v["rule"], v["seat"], v["card"], v["proven"]) == ("revoke", 2, "AS", "at-play")


def test_if_you_cannot_follow_you_may_play_almost_any_card_including_a_trump():
    # partner (seat 0) leads; seat 2 plays third with partner... seat 1 is opponent.
    # Partner winning: no duty to beat, so anything but an unled non-trump 7.
    assert legal(M, "S", 0, "4H 2H", "3S 5D KC", led_before="") == ["3S", "5D", "KC"]


def test_cannot_discard_a_seven_of_a_non_trump_suit_not_yet_led():
    assert legal(M, "S", 0, "4H 2H", "7D 5C") == ["5C"]


def test_seven_of_a_suit_already_led_this_hand_may_be_discarded():
    assert legal(M, "S", 0, "4H 2H", "7D 5C", led_before="D") == ["5C", "7D"]


def test_seven_of_trumps_is_not_banned():
    assert legal(M, "S", 0, "4H 2H", "7S 5C") == ["5C", "7S"]


def test_seven_ban_waived_when_it_is_the_only_card_available():
    assert legal(M, "S", 0, "4H 2H", "7D") == ["7D"]
    assert legal(M, "S", 0, "4H 2H", "7D 7C") == ["7C", "7D"]


def test_it_is_always_ok_to_lead_a_seven():
    assert legal(M, "S", 0, "", "7D 5C") == ["5C", "7D"]


def test_discarding_an_unled_seven_is_reported_as_seven_discard():
    m, _ = start("malilla", dealer=0, turnup="2S",
                 hands={2: "7D 5C 2D 3D 4D 5D 6D QD KD AD"}, options={"irregularity": "report"})
    out = play(m, "1:4H 2:7D")
    assert of(out, "violation")[0]["rule"] == "seven-discard"


def test_must_beat_an_opponents_winning_card_when_legal_in_suit():
    # seat 1 leads 5H, seat 2 (opponent of 1) holds 6H and 2H: must play 6H.
    assert legal(M, "S", 1, "5H", "6H 2H KC") == ["6H"]


def test_following_without_a_higher_card_any_card_of_the_suit():
    assert legal(M, "S", 1, "AH", "6H 2H KC") == ["2H", "6H"]


def test_must_beat_by_trumping_when_void_and_an_opponent_wins():
    assert legal(M, "S", 1, "5H", "2S KC 3D") == ["2S"]


def test_must_overtrump_an_opponents_trump_when_able():
    # seat 1 leads 5H, seat 2 trumps 4S, seat 3 (opponent of 2) void in hearts
    assert legal(M, "S", 1, "5H 4S", "6S 2S KC") == ["6S"]


def test_no_duty_to_overtrump_when_unable_any_card_but_unled_sevens():
    assert legal(M, "S", 1, "5H AS", "6S 2S KC 7D") == ["2S", "6S", "KC"]


def test_no_duty_to_beat_when_partner_is_winning():
    # seat 1 leads 5H, seat 2 plays 2H, seat 3 (partner of 1, who wins) may play low
    assert legal(M, "S", 1, "5H 2H", "6H 3H") == ["3H", "6H"]
    assert legal(M, "S", 1, "5H 2H", "2S KC") == ["2S", "KC"]


def test_duty_to_beat_holds_on_a_trump_lead():
    assert legal(M, "S", 1, "5S", "6S 2S") == ["6S"]


def test_once_a_trick_is_won_the_winner_leads_the_next_one():
    m, _ = start("malilla", dealer=0, turnup="2S")
    play(m, "1:KH 2:7D 3:7H 0:AH")
    assert m.turn == 3


# -- Scoring ------------------------------------------------------------------------
def test_points_are_card_points_plus_one_per_trick_seventy_a_hand():
    assert M.total_points == 70
    assert explain.hand_points(M, [30, 30], [6, 4], 0) == [36, 34]


def test_more_points_wins_the_hand_and_scores_points_minus_35():
    assert explain.hand_score(M, [41, 29]) == [6, 0]
    assert explain.hand_score(M, [20, 50]) == [0, 15]


def test_tie_35_35_scores_nothing():
    assert explain.hand_score(M, [35, 35]) == [0, 0]


def test_capote_all_ten_tricks_scores_35_and_wins_the_game():
    assert explain.hand_points(M, [60, 0], [10, 0], 0) == [70, 0]
    assert explain.hand_score(M, [70, 0]) == [35, 0]
    assert M.winner_at([35, 0]) == 0


def test_deal_passes_to_the_left():
    assert M.next_dealer(0) == 1


def test_game_continues_until_a_partnership_ends_a_hand_with_35_or_more():
    assert M.winner_at([34, 34]) is None
    assert M.winner_at([35, 10]) == 0
    assert games.get("malilla", {"target": 50}).winner_at([35, 10]) is None


def test_wrong_dealer_is_refused():
    import random
    m, _ = start("malilla", dealer=0)
    hands, turnup = full_deal(M, 0, 7)
    m.apply({"ev": "turnup", "card": cards.name(turnup)})
    m.game.irregularity = "report"
    playout.play_hand(m, hands, random)
    err = raises(TableError, m.apply, {"ev": "deal", "dealer": 3})
    assert "wrong dealer" in str(err) and "seat 1" in str(err)


# -- Irregularities -------------------------------------------------------------------
def test_a_proven_illegal_play_loses_the_entire_game():
    m, _ = start("malilla", dealer=0, turnup="2S", hands={2: "2H 6H 7C AS 3D 4D 5D 6D QD KD"})
    out = play(m, "1:4H 2:AS")
    end = of(out, "match_end")[0]
    assert end["winner"] == 1 and end["reason"] == "irregularity"
    assert m.over
    raises(TableError, m.apply, {"ev": "play", "seat": 3, "card": "2C"})


def test_irregularity_option_report_only_warns():
    m, _ = start("malilla", dealer=0, turnup="2S", hands={2: "2H 6H 7C AS 3D 4D 5D 6D QD KD"},
                 options={"irregularity": "report"})
    out = play(m, "1:4H 2:AS")
    assert of(out, "violation") and not of(out, "match_end") and not m.over
