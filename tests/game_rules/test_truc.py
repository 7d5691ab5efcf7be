"""Truc, seed 004: one test per rule sentence, named after it."""
from game_rules.kit import Match, call, cards, games, hand, names, of, play, playout, raises, TableError

G = games.get("truc")


def dealt(dealer=0, cards_each=None, totals=None, hands=None, options=None):
    """A hand of Truc dealt by `dealer` (the dealer's right, seat dealer-1, leads)."""
    m = Match()
    m.apply({"ev": "match", "game": "truc", "seats": 4, "options": options or {}})
    if totals:
        m.totals[0], m.totals[1] = totals
    ev = {"ev": "deal", "dealer": dealer}
    if cards_each is not None:
        ev["cards"] = cards_each
        ev["cut"] = False
    m.apply(ev)
    for seat in (hands or {}):
        m.apply({"ev": "hand", "seat": seat, "cards": hands[seat].split()})
    return m


# -- Setup -----------------------------------------------------------------------------------
def test_spanish_forty_card_deck():
    assert len(cards.cards_of(G.deck)) == 40


def test_three_cards_to_each_player_when_the_deck_is_cut():
    m = dealt()
    assert m.hand_cards == 3 and m.game.tricks == 3


def test_the_cut_refused_the_dealer_may_deal_one_card_each():
    m = dealt(cards_each=1)
    assert m.hand_cards == 1


def test_after_a_cut_three_cards_are_dealt_one_card_is_refused():
    for cut in (None, True, 0):
        m = Match()
        m.apply({"ev": "match", "game": "truc", "seats": 4})
        ev = {"ev": "deal", "dealer": 0, "cards": 1}
        if cut is not None:
            ev["cut"] = cut
        refused = of(m.apply(ev), "x-refused")
        assert m.hand_cards == 3 and "cut was refused" in refused[0]["message"], cut


def test_a_deal_of_cards_the_game_refuses_is_reported_and_the_hand_played_with_three():
    m = Match()
    m.apply({"ev": "match", "game": "truc", "seats": 4})
    out = m.apply({"ev": "deal", "dealer": 0, "cards": 2})
    refused = of(out, "x-refused")
    assert refused and "cards=2" in refused[0]["message"] and m.hand_cards == 3 and m.hand_no == 1
    play(m, "3:3H 2:4S 1:5C 0:6D")
    assert m.trick.number == 2          # the hand goes on, dealt with three cards


def test_partners_sit_opposite():
    assert [G.team_of[s] for s in range(4)] == [0, 1, 0, 1]


# -- Card ranking ----------------------------------------------------------------------------
def test_3_2_a_k_q_j_7_6_5_4_whatever_the_suit():
    order = [3, 2, 1, 13, 12, 11, 7, 6, 5, 4]
    for hi, lo in zip(order, order[1:]):
        assert G.beats(cards.card(0, hi), cards.card(1, lo), 4)
        assert not G.beats(cards.card(0, lo), cards.card(1, hi), 4)


# -- Game play --------------------------------------------------------------------------------
def test_the_player_on_the_right_of_the_dealer_leads_and_play_goes_to_the_right():
    m = dealt(dealer=1)
    assert m.turn == 0
    play(m, "0:4S")
    assert m.turn == 3


def test_there_is_no_requirement_to_follow_suit():
    m = dealt(hands={2: "5H 3S 2C"})
    play(m, "3:7H")
    assert names(m.game.legal(m.holding[2], m.trick)) == ["2C", "3S", "5H"]


def test_the_highest_card_wins_the_trick():
    m = dealt()
    assert of(play(m, "3:7H 2:KS 1:2C 0:AD"), "trick")[0]["winner"] == 1


def test_opponents_tying_for_high_card_draw_the_trick():
    m = dealt()
    t = of(play(m, "3:3H 2:3S 1:4C 0:5D"), "trick")[0]
    assert t["winner"] is None


def test_partners_tying_for_high_card_the_first_played_wins():
    m = dealt()
    t = of(play(m, "3:3H 2:4S 1:3C 0:5D"), "trick")[0]
    assert t["winner"] == 3


def test_the_winner_leads_the_next_trick_the_leader_of_a_drawn_one_leads_again():
    m = dealt()
    play(m, "3:3H 2:3S 1:4C 0:5D")
    assert m.turn == 3
    play(m, "3:4H 2:KS 1:5C 0:6D")
    assert m.turn == 2


def test_the_hand_ends_once_one_partnership_has_won_the_first_two_tricks():
    m = dealt()
    play(m, "3:3H 2:4S 1:5C 0:6D")
    out = play(m, "3:3S 2:4H 1:5H 0:6H")
    end = of(out, "hand_end")[0]
    assert end["score"] == [0, 1] and end["ended"] == "decided"


def test_the_hand_ends_as_soon_as_no_trick_left_can_change_its_winner():
    # dealer 0: team 1 (seats 1, 3) are the dealer's opponents; they win the first
    # trick, the second is drawn: whatever the third, team 1 wins (2-0 or 1-1)
    m = dealt()
    play(m, "3:3H 2:4S 1:5C 0:6D")
    out = play(m, "3:4H 2:KS 1:KC 0:6H")
    assert of(out, "hand_end")[0]["score"] == [0, 1]


def test_a_level_hand_goes_to_the_dealers_opponents():
    m = dealt(dealer=1)         # the dealer's opponents: team 0
    play(m, "0:3H 3:4S 2:5C 1:3D")     # drawn
    play(m, "0:4H 3:3S 2:5H 1:6D")     # team 1 (seat 3)
    out = play(m, "3:4D 2:3C 1:5S 0:6S")   # team 0 (seat 2): one each and a draw
    assert of(out, "hand_end")[0]["score"] == [1, 0]


def test_a_one_card_hand_is_decided_by_its_only_trick():
    m = dealt(cards_each=1)
    out = play(m, "3:4H 2:3S 1:5C 0:6D")
    assert of(out, "hand_end")[0]["score"] == [1, 0]


def test_the_winners_of_a_plain_hand_score_one_point():
    m = dealt()
    play(m, "3:3H 2:4S 1:5C 0:6D")
    end = of(play(m, "3:3S 2:4H 1:5H 0:6H"), "hand_end")[0]
    assert end["stake"] == 1


# -- Raising the stakes --------------------------------------------------------------------------
def test_truc_raises_the_hand_to_two_points():
    m = dealt()
    call(m, "3:truc")
    assert m.awaiting() == 1 << 2
    call(m, "2:accept")
    assert m.ctx.stake == 2


def test_the_next_player_in_turn_answers_the_truc():
    m = dealt()
    call(m, "3:truc")
    err = raises(TableError, call, m, "0:accept")       # the raiser's other opponent
    assert "seat 2" in str(err) and m.ctx.talk.stakes.pending
    raises(TableError, call, m, "0:reject")
    call(m, "2:accept")
    play(m, "3:4H")
    call(m, "2:retruc")
    raises(TableError, call, m, "3:accept")
    assert of(call(m, "1:reject"), "hand_end")[0]["score"] == [2, 0]


def test_option_answer_side_any_seat_of_the_other_side_answers():
    m = dealt(options={"answer": "side"})
    call(m, "3:truc")
    assert m.awaiting() == (1 << 0) | (1 << 2)
    call(m, "0:accept")
    assert m.ctx.stake == 2


def test_truc_may_be_called_before_or_after_playing_a_card_on_the_players_turn():
    m = dealt()
    play(m, "3:4H")
    call(m, "3:truc")           # just played
    m = dealt()
    raises(TableError, call, m, "1:truc")      # not seat 1's turn


def test_playing_a_card_accepts_the_raise():
    m = dealt()
    play(m, "3:4H")
    call(m, "3:truc")
    play(m, "2:5S")
    assert m.ctx.stake == 2 and not m.ctx.talk.stakes.pending


def test_a_truc_called_before_the_callers_card_lets_him_play_it_and_the_next_player_answers():
    m = dealt()
    call(m, "3:truc")
    out = play(m, "3:4H")                       # his own card of the turn: no refusal
    assert not of(out, "violation") and m.ctx.talk.stakes.pending and m.ctx.stake == 1
    play(m, "2:5S")                             # the next player's card accepts
    assert m.ctx.stake == 2 and not m.ctx.talk.stakes.pending
    m = dealt()
    call(m, "3:truc")
    play(m, "3:4H")
    end = of(call(m, "2:reject"), "hand_end")[0]
    assert end["ended"] == "reject" and end["score"] == [0, 1]


def test_the_raising_side_plays_no_other_card_while_its_raise_awaits_an_answer():
    m = dealt()
    play(m, "3:4H 2:3S 1:5C")
    call(m, "0:truc")
    play(m, "0:6D")                             # seat 2 took the trick with the 3S...
    assert m.turn == 2 and m.ctx.talk.stakes.pending
    assert of(play(m, "2:4S"), "violation")[0]["rule"] == "out-of-turn"     # ... and waits
    call(m, "3:accept")
    assert not of(play(m, "2:4S"), "violation") and m.ctx.stake == 2


def test_rejecting_a_truc_ends_the_hand_and_the_raisers_score_the_last_agreed_point():
    m = dealt()
    call(m, "3:truc")
    end = of(call(m, "2:reject"), "hand_end")[0]
    assert end["ended"] == "reject" and end["score"] == [0, 1]


def test_an_accepted_truc_may_be_re_raised_to_three_by_the_other_side():
    m = dealt()
    call(m, "3:truc")
    call(m, "2:accept")
    play(m, "3:4H")
    call(m, "2:retruc")
    call(m, "1:accept")
    assert m.ctx.stake == 3


def test_only_an_opponent_of_the_first_raiser_may_retruc():
    m = dealt()
    call(m, "3:truc")
    call(m, "2:accept")
    play(m, "3:4H 2:5H")
    err = raises(TableError, call, m, "1:retruc")
    assert "opponent" in str(err)


def test_retruc_comes_only_after_an_accepted_truc():
    m = dealt()
    raises(TableError, call, m, "3:retruc")
    call(m, "3:truc")
    raises(TableError, call, m, "2:retruc")


def test_a_retruc_may_come_on_a_later_trick():
    m = dealt()
    call(m, "3:truc")
    call(m, "2:accept")
    play(m, "3:3H 2:4S 1:5C 0:6D")       # seat 3 wins; seat 2 to play later
    play(m, "3:4H")
    call(m, "2:retruc")


def test_a_rejected_retruc_gives_the_raisers_the_two_agreed_points():
    m = dealt()
    call(m, "3:truc")
    call(m, "2:accept")
    play(m, "3:4H")
    call(m, "2:retruc")
    assert of(call(m, "1:reject"), "hand_end")[0]["score"] == [2, 0]


def test_the_winners_of_a_raised_hand_score_the_agreed_amount():
    m = dealt()
    call(m, "3:truc")
    call(m, "2:accept")
    play(m, "3:3H 2:4S 1:5C 0:6D")
    end = of(play(m, "3:3S 2:4H 1:5H 0:6H"), "hand_end")[0]
    assert end["score"] == [0, 2] and end["stake"] == 2


def test_a_call_after_the_hand_ended_is_refused():
    m = dealt()
    call(m, "3:truc")
    call(m, "2:reject")
    raises(TableError, call, m, "3:truc")


# -- A score of eleven ----------------------------------------------------------------------------
def test_at_eleven_a_full_three_card_hand_must_be_dealt():
    m = Match()
    m.apply({"ev": "match", "game": "truc", "seats": 4})
    m.totals[0], m.totals[1] = 11, 3
    out = m.apply({"ev": "deal", "dealer": 0, "cards": 1, "cut": False})
    assert m.hand_cards == 3 and "full three-card hand" in of(out, "x-refused")[0]["message"]


def test_a_side_alone_at_eleven_decides_to_play_for_three_points():
    m = dealt(totals=(3, 11))
    assert m.phase == 3 and m.awaiting() == (1 << 1) | (1 << 3)
    raises(TableError, call, m, "0:play")
    call(m, "1:play")
    assert m.phase == 4
    raises(TableError, call, m, "3:truc")       # no raising at eleven
    play(m, "3:3H 2:4S 1:5C 0:6D")
    end = of(play(m, "3:3S 2:4H 1:5H 0:6H"), "hand_end")[0]
    assert end["score"] == [0, 3] and m.totals == [3, 14] and m.over


def test_a_side_at_eleven_that_simply_plays_has_chosen_to_play():
    m = dealt(dealer=1, totals=(11, 3))         # seat 0 leads, for the side at eleven
    out = play(m, "0:3H")
    assert not of(out, "violation") and m.phase == 4 and m.ctx.talk.deciding == -1
    raises(TableError, call, m, "0:fold")       # the card was the choice
    m = dealt(totals=(11, 3))                   # seat 3 (the opponents) leads first
    play(m, "3:4H")
    assert m.ctx.talk.deciding == 0 and m.awaiting() == 1 << 2
    play(m, "2:5S")                             # the side at eleven plays: its choice
    assert m.ctx.talk.deciding == -1
    raises(TableError, call, m, "2:fold")
    m = dealt(totals=(11, 3))
    play(m, "3:4H")
    end = of(call(m, "0:fold"), "hand_end")[0]  # before its own first card it may still fold
    assert end["ended"] == "fold" and end["score"] == [0, 1]


def test_a_card_out_of_turn_while_the_side_at_eleven_decides_changes_nothing():
    m = dealt(totals=(11, 3))
    raises(TableError, play, m, "2:4H")        # seat 3 leads
    assert m.phase == 3 and m.ctx.talk.deciding == 0 and m.knowledge.count == 0


def test_a_fold_at_eleven_gives_the_opponents_one_point():
    m = dealt(totals=(11, 3))
    end = of(call(m, "0:fold"), "hand_end")[0]
    assert end["ended"] == "fold" and end["score"] == [0, 1]


def test_tied_at_eleven_the_hand_is_played_and_its_winner_wins_the_game():
    m = dealt(totals=(11, 11))
    assert m.phase == 4
    play(m, "3:3H 2:4S 1:5C 0:6D")
    out = play(m, "3:3S 2:4H 1:5H 0:6H")
    assert of(out, "match_end")[0]["winner"] == 1 and m.totals == [11, 12]


def test_eleven_is_one_point_short_of_the_target():
    m = dealt(totals=(11, 11), options={"target": 24})
    assert m.phase == 4                         # 11-11 of 24: an ordinary hand
    call(m, "3:truc")                           # raising allowed
    m = dealt(totals=(23, 11), options={"target": 24})
    assert m.phase == 3 and m.awaiting() == (1 << 0) | (1 << 2)
    assert dealt(0, 1, (23, 3), None, {"target": 24}).hand_cards == 3
    m = dealt(totals=(23, 23), options={"target": 24})
    play(m, "3:3H 2:4S 1:5C 0:6D")
    out = play(m, "3:3S 2:4H 1:5H 0:6H")
    assert of(out, "match_end")[0]["winner"] == 1 and m.totals == [23, 24]


def test_the_first_partnership_to_twelve_wins():
    assert G.target == 12
    import random
    one_card = 0
    for seed in range(30):
        random.seed(seed)
        log, derived, m = playout.random_match("truc", None, random, with_hands=seed % 2 == 0)
        assert m.over and max(m.totals) >= 12 and m.totals[m.winner] >= 12
        assert not of(derived, "violation")
        for e in of(derived, "hand_end"):
            assert sum(1 for x in e["score"] if x) == 1 and 1 <= max(e["score"]) <= 12
        one_card += sum(1 for e in log if e["ev"] == "deal" and e.get("cards") == 1)
    assert one_card > 10        # one-card hands were played too
