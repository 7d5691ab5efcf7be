"""Botifarra, seed 004: one test per rule sentence, named after it."""
from game_rules.kit import (call, cards, explain, full_deal, games, judged_hand, legal, of, play,
                            playout, raises, start, TableError)

G = games.get("botifarra")
CW = games.get("botifarra", {"direction": "cw"})


def named(dealer=0, suit="S", doubles=(), options=None):
    """A hand dealt by `dealer` with trump named by the dealer and `doubles` calls.
    The multiplier's tests let either player of a side speak (`doubling` "side"); the
    order of speaking (the text, `doubling` "turn") has its own tests below."""
    options = dict({"doubling": "side"}, **(options or {}))
    return start("botifarra", dealer=dealer, options=options,
                 calls=[(dealer, "trump", {"suit": suit})] + list(doubles))


# -- Setup ----------------------------------------------------------------------------
def test_forty_eight_card_spanish_deck_without_the_tens():
    deck = cards.cards_of(G.deck)
    assert len(deck) == 48 and all(cards.face_of(c) != 10 for c in deck)


def test_twelve_cards_dealt_to_each_player_the_whole_pack():
    hands, turnup = full_deal(G, 0, 4)
    assert sorted(len(h) for h in hands.values()) == [12] * 4 and turnup is None
    assert G.tricks == 12


def test_nine_is_highest_then_a_k_q_j_8_7_6_5_4_3_2():
    order = [9, 1, 13, 12, 11, 8, 7, 6, 5, 4, 3, 2]
    for hi, lo in zip(order, order[1:]):
        assert G.strength[cards.card(2, hi)] > G.strength[cards.card(2, lo)]


def test_traditionally_anticlockwise_by_default_clockwise_as_written_is_an_option():
    assert G.next_seat(0) == 3 and G.next_dealer(0) == 3
    assert CW.next_seat(0) == 1


def test_partners_sit_across_and_turns_alternate_partnerships():
    assert [G.team_of[s] for s in range(4)] == [0, 1, 0, 1]


# -- Determining trumps and doubling --------------------------------------------------
def test_the_dealer_chooses_the_trump_suit():
    m, out = named(dealer=2, suit="H")
    assert of(out, "trump") == [{"ev": "trump", "suit": "H", "hand": 1}]
    assert m.phase == 4 and m.ctx.multiplier == 1      # PLAY


def test_botifarra_selects_no_trumps():
    m, out = named(dealer=2, suit="none")
    assert of(out, "trump")[0]["suit"] == "none"


def test_no_play_before_trump_is_named():
    m, _ = start("botifarra", dealer=0)
    raises(TableError, m.apply, {"ev": "play", "seat": 3, "card": "2S"})


def test_only_the_dealer_names_trump():
    m, _ = start("botifarra", dealer=0)
    err = raises(TableError, call, m, (1, "trump", {"suit": "S"}))
    assert "seat 0" in str(err)


def test_the_dealer_may_pass_the_choice_to_the_partner():
    m, _ = start("botifarra", dealer=0, calls=["0:delegate"])
    raises(TableError, call, m, (0, "trump", {"suit": "S"}))      # no longer the dealer's
    out = call(m, (2, "trump", {"suit": "C"}))
    assert of(out, "trump")[0]["suit"] == "C" and m.ctx.trump_by == 2


def test_the_partner_cannot_pass_the_decision_back():
    m, _ = start("botifarra", dealer=0, calls=["0:delegate"])
    err = raises(TableError, call, m, "2:delegate")
    assert "may not pass it back" in str(err)


def test_a_second_delegation_by_the_dealer_is_refused():
    m, _ = start("botifarra", dealer=0, calls=["0:delegate"])
    raises(TableError, call, m, "0:delegate")


def test_the_dealers_opponents_may_double():
    m, _ = named(dealer=0, doubles=["1:double"])
    assert m.ctx.multiplier == 2


def test_a_double_by_the_dealers_side_first_is_refused():
    m, _ = named(dealer=0)
    err = raises(TableError, call, m, "2:double")
    assert "opponents" in str(err)
    assert m.ctx.multiplier == 1


def test_the_dealers_side_may_redouble_multiplying_by_four():
    m, _ = named(dealer=0, doubles=["3:double", "2:double"])
    assert m.ctx.multiplier == 4


def test_the_opponents_may_then_redouble_to_eight_the_highest_multiplier():
    m, _ = named(dealer=0, doubles=["3:double", "0:double", "1:double"])
    assert m.ctx.multiplier == 8
    raises(TableError, call, m, "2:double")     # at most three doubles


def test_the_same_side_cannot_double_twice_in_a_row():
    m, _ = named(dealer=0, doubles=["1:double"])
    raises(TableError, call, m, "3:double")


def test_option_doubling_side_one_pass_closes_the_doubling():
    m, _ = named(dealer=0, doubles=["1:pass"])
    raises(TableError, call, m, "1:double")
    raises(TableError, call, m, "3:double")


def test_players_speak_in_turn_order_from_the_last_player_to_make_a_declaration():
    # dealer 0 names trump; anticlockwise the next is seat 3, an opponent, then seat 1
    m, _ = named(dealer=0, options={"doubling": "turn"})
    assert m.awaiting() == 1 << 3
    err = raises(TableError, call, m, "1:double")
    assert "seat 3 speaks" in str(err) and m.ctx.multiplier == 1
    call(m, "3:pass")                   # one opponent's pass ...
    assert m.awaiting() == 1 << 1       # ... leaves the word to his partner
    call(m, "1:double")
    assert m.ctx.multiplier == 2
    assert m.awaiting() == 1 << 0       # from seat 1, the next of the dealer's side: seat 0
    call(m, "0:pass")
    call(m, "2:double")
    assert m.ctx.multiplier == 4 and m.awaiting() == 1 << 1     # from seat 2: seat 1
    call(m, "1:pass")
    call(m, "3:pass")                   # both opponents passed: the doubling is closed
    raises(TableError, call, m, "1:double")
    assert m.ctx.multiplier == 4


def test_the_doubling_in_turn_starts_after_the_partner_who_named_trump():
    m = start("botifarra", dealer=0, calls=[(0, "delegate", {}), (2, "trump", {"suit": "C"})])[0]
    assert m.awaiting() == 1 << 1       # after seat 2, anticlockwise: seat 1
    call(m, "1:pass")
    call(m, "3:pass")
    raises(TableError, call, m, "3:double")


def test_the_first_card_played_closes_the_doubling():
    m, _ = named(dealer=0)
    play(m, "3:2S")
    raises(TableError, call, m, "1:double")


def test_doubling_before_trump_is_named_is_refused():
    m, _ = start("botifarra", dealer=0)
    raises(TableError, call, m, "1:double")


def test_a_botifarra_bid_doubles_the_value_by_itself():
    m, _ = named(dealer=0, suit="none", doubles=["1:double"])
    assert m.ctx.multiplier == 4


def test_eight_is_the_highest_multiplier_a_botifarra_included():
    m, _ = named(dealer=0, suit="none", doubles=["1:double", "0:double"])
    assert m.ctx.multiplier == 8
    err = raises(TableError, call, m, "3:double")
    assert "closed" in str(err) and m.ctx.multiplier == 8


def test_the_option_max_multiplier_16_lets_a_botifarra_take_three_doubles():
    m, _ = named(dealer=0, suit="none", doubles=["1:double", "0:double", "3:double"],
                 options={"max_multiplier": 16})
    assert m.ctx.multiplier == 16
    raises(TableError, call, m, "2:double")
    raises(TableError, named, 0, "S", (), {"max_multiplier": 32})


# -- Play of the hand -----------------------------------------------------------------
def test_the_player_after_the_dealer_leads_dealers_left_when_clockwise():
    m, _ = named(dealer=0, options={"direction": "cw"})
    assert m.turn == 1
    m, _ = named(dealer=0)
    assert m.turn == 3          # anticlockwise: the dealer's right


def test_highest_trump_wins_else_the_highest_card_of_the_suit_led():
    m, _ = named(dealer=0, suit="C")
    out = play(m, "3:AH 2:9H 1:2C 0:KH")
    assert of(out, "trick")[0]["winner"] == 1
    out = play(m, "1:8S 0:9S 3:AS 2:2S")
    assert of(out, "trick")[0]["winner"] == 0


def test_in_botifarra_no_card_trumps():
    m, _ = named(dealer=0, suit="none")
    out = play(m, "3:2H 2:9C 1:9S 0:3H")
    assert of(out, "trick")[0]["winner"] == 0


def test_you_must_always_follow_suit_if_you_can():
    assert legal(G, "C", 0, "AH", "2H 9S 9C") == ["2H"]


def test_you_must_head_the_trick_if_you_are_able():
    # seat 0 leads the 8H; seat 3 (an opponent) must beat it when able
    assert legal(G, "C", 0, "8H", "9H 2H 3S") == ["9H"]


def test_unable_to_head_a_player_still_follows_with_any_card_of_the_suit():
    assert legal(G, "C", 0, "9H", "AH 2H 3S") == ["2H", "AH"]


def test_void_heading_means_trumping_an_opponents_card():
    assert legal(G, "C", 0, "8H", "2C 3S 9S") == ["2C"]


def test_void_over_an_opponents_trump_must_overtrump_when_able():
    # anticlockwise: seat 0 leads the 8H, seat 3 trumps with the 5C; seat 2 to play
    assert legal(G, "C", 0, "8H 5C", "2C 7C 3S") == ["7C"]


def test_void_and_unable_to_beat_a_player_plays_any_card():
    assert legal(G, "C", 0, "8H 9C", "2C 3S") == ["2C", "3S"]


def test_when_the_partner_is_winning_there_is_no_duty_to_head():
    # seat 0 leads AH (winning), seat 3 plays 2H, seat 2 (partner of 0) to play
    assert legal(G, "C", 0, "AH 2H", "9H KH 5S") == ["9H", "KH"]


def test_partner_winning_any_card_worth_points_may_be_played():
    assert legal(G, "C", 0, "AH 2H", "KH QH JH") == ["JH", "KH", "QH"]


def test_partner_winning_a_card_worth_nothing_must_be_the_lowest_held_of_its_suit():
    assert legal(G, "C", 0, "AH 2H", "3H 6H 8H") == ["3H"]
    assert legal(G, "C", 0, "AH 2H", "3H 6H KH") == ["3H", "KH"]


def test_partner_winning_a_void_player_discards_points_or_the_lowest_of_a_suit():
    assert legal(G, "C", 0, "AH 2H", "4S 7S QS 5D 8D") == ["4S", "5D", "QS"]


def test_opponent_winning_the_low_card_rule_does_not_apply():
    assert legal(G, "C", 0, "AH", "4S 7S") == ["4S", "7S"]


def test_the_winner_of_a_trick_leads_the_next():
    m, _ = named(dealer=0, suit="C")
    out = play(m, "3:AH 2:9H 1:2H 0:KH")
    assert of(out, "trick")[0]["winner"] == 2 and m.turn == 2


# -- Scoring ------------------------------------------------------------------------------
def test_one_point_per_trick_plus_card_points_72_in_all():
    assert G.total_points == 72
    assert explain.hand_points(G, [30, 30], [7, 5], 0) == [37, 35]
    want = {9: 5, 1: 4, 13: 3, 12: 2, 11: 1, 8: 0, 2: 0}
    for f in want:
        assert G.points_of[cards.card(0, f)] == want[f]


def test_the_larger_side_scores_its_points_minus_36_times_the_multiplier():
    m, _ = named(dealer=0, doubles=["1:double"])
    assert explain.hand_score(G, [50, 22]) == [14, 0]
    out = [0, 0]
    G.hand_score_into(m, [50, 22], out)
    assert out == [28, 0]


def test_at_36_36_neither_side_scores():
    assert explain.hand_score(G, [36, 36]) == [0, 0]


def test_the_first_side_to_reach_101_wins():
    assert G.winner_at([101, 80]) == 0 and G.winner_at([100, 80]) is None
    assert G.winner_at([110, 105]) == 0 and G.winner_at([105, 105]) is None


def test_hand_end_reports_the_multiplier_and_who_named_trump():
    import random
    random.seed(11)
    m, _ = start("botifarra", dealer=1, calls=["1:delegate", (3, "trump", {"suit": "none"}), "2:double",
                                              "1:pass", "3:pass"])
    hands, _ = playout.deal(m.game, 1, random)
    # the cards dealt do not matter for the context: play the hand out randomly with
    # the cards the players hold
    out = playout.play_hand(m, hands, random)
    end = of(out, "hand_end")[0]
    assert end["multiplier"] == 4 and end["trump_by"] == 3 and end["doubles"] == 1
    assert sum(end["points"]) == 72


# -- Hidden hands: proofs of each duty ------------------------------------------------
def test_a_low_card_foul_is_proven_when_a_lower_card_of_the_suit_is_played_later():
    m, _ = named(dealer=0, suit="C")
    # seat 3 leads the AH; seat 1, whose partner 3 is winning, plays the 6H (worth
    # nothing) while holding the lower 4H, which it shows in the next trick
    play(m, "3:AH 2:2H 1:6H 0:KH")
    out = play(m, "3:9S 2:2S 1:4H")
    v = [e for e in of(out, "violation") if e["rule"] == "low-card"]
    assert v and v[0]["seat"] == 1 and v[0]["card"] == "6H" and v[0]["proof"]["card"] == "4H"


def test_a_failure_to_head_is_proven_when_the_higher_card_is_played_later():
    m, _ = named(dealer=0, suit="C")
    play(m, "3:8H 2:2H 1:3H 0:KH")       # seat 2 did not head the opponent's 8H
    out = play(m, "0:9S 3:2S 2:9H")      # ... and held the 9H
    v = of(out, "violation")
    assert v and v[0]["rule"] == "must-beat" and v[0]["seat"] == 2 and v[0]["card"] == "2H"


def test_random_matches_keep_every_invariant():
    import random
    for seed in range(12):
        random.seed(seed)
        log, derived, m = playout.random_match("botifarra", None, random, with_hands=seed % 2 == 0)
        totals = [0, 0]
        for ev in derived:
            assert ev["ev"] != "violation"
            if ev["ev"] == "hand_end":
                assert sum(ev["points"]) == 72
                mult = ev["multiplier"]
                assert mult in (1, 2, 4, 8, 16)
                for t in (0, 1):
                    totals[t] += ev["score"][t]
                    assert ev["score"][t] % mult == 0
                assert ev["totals"] == totals
        assert m.over and max(totals) >= 101
