"""Envite, seed 004: one test per rule sentence, named after it."""
from game_rules.kit import Match, call, cards, games, of, play, playout, raises, TableError

SPADE_HAND = {3: "KH KS KD", 2: "2H 2S 2D", 1: "3H 3S 3D", 0: "4H 4S 4D"}


def dealt(seats=4, dealer=0, turnup="4C", hands=None, options=None, totals=None):
    """A hand of Envite dealt by `dealer`, the `turnup` turned from the stock."""
    m = Match()
    ev = {"ev": "match", "game": "envite", "seats": seats}
    if options:
        ev["options"] = options
    m.apply(ev)
    if totals:
        m.totals[0], m.totals[1] = totals
    m.apply({"ev": "deal", "dealer": dealer})
    for seat in (hands or {}):
        m.apply({"ev": "hand", "seat": seat, "cards": hands[seat].split()})
    m.apply({"ev": "turnup", "card": turnup})
    return m


def legal_now(m, seat):
    """The legal cards of `seat`'s known hand now (printed codes, sorted)."""
    return sorted(m.name(c) for c in cards.cards_of(m.game.legal(m.holding[seat], m.trick)))


def ranked(seats, trump):
    """Printed cards of the trump suit (added ones included), highest first."""
    g = games.get("envite", None, seats)
    g.set_trump(cards.parse_suit(trump))
    suit = cards.parse_suit(trump)
    codes = [c for c in range(64) if g.strength[c] and c >> 4 == suit]
    codes.sort(key=lambda c: -g.strength[c])
    return [cards.name(g.outer[c]) for c in codes]


# -- Teams, seats, captains ----------------------------------------------------------------
def test_four_to_twelve_players_in_two_teams_taking_turns_alternately():
    for seats in (4, 6, 8, 10, 12):
        g = games.get("envite", None, seats)
        assert [g.team_of[s] for s in range(seats)] == [s % 2 for s in range(seats)]
    raises(TableError, games.get, "envite", None, 2)
    raises(TableError, games.get, "envite", None, 14)


def test_an_odd_number_of_players_adds_a_dummy_seat_its_captain_plays():
    g = games.get("envite", {"dummy": 5}, 6)        # five players and a dummy
    assert g.dummy == 5
    raises(TableError, games.get, "envite", {"dummy": 6}, 6)


def test_each_team_has_a_captain_who_speaks_for_it():
    g = games.get("envite", {"captains": [2, 5]}, 6)
    assert g.captains == [2, 5]
    raises(TableError, games.get, "envite", {"captains": [1, 2]}, 6)      # team 0's captain on team 1
    raises(TableError, games.get, "envite", {"captains": [2, 5], "dummy": 5}, 6)


def test_only_a_captain_may_raise_or_answer():
    m = dealt(hands=SPADE_HAND)
    err = raises(TableError, call, m, "2:raise")
    assert "captain" in str(err)


# -- The deal ---------------------------------------------------------------------------------
def test_three_cards_each_and_the_next_card_turned_up_fixes_trump():
    g = games.get("envite")
    hands, turnup = playout.deal(g, 0, __import__("random"))
    assert sorted(len(h) for h in hands.values()) == [3, 3, 3, 3]
    assert all(turnup not in h for h in hands.values())
    m = dealt(turnup="5D")
    assert m.trump == cards.parse_suit("D")


def test_the_turned_up_card_takes_no_part_in_play():
    m = Match()
    m.apply({"ev": "match", "game": "envite", "seats": 4})
    m.apply({"ev": "deal", "dealer": 0})
    m.apply({"ev": "hand", "seat": 2, "cards": ["5D", "2H", "3S"]})
    raises(TableError, m.apply, {"ev": "turnup", "card": "5D"})
    m = dealt(turnup="5D")
    out = play(m, "3:5D")
    assert of(out, "violation")[0]["rule"] == "duplicate-card"


# -- Card ranking -----------------------------------------------------------------------------
def test_four_players_trumps_rank_2_k_q_j_a_7_6_5_4_3():
    assert ranked(4, "H") == ["2H", "KH", "QH", "JH", "AH", "7H", "6H", "5H", "4H", "3H"]


def test_plain_suits_rank_k_q_j_a_7_6_5_4_3_2():
    g = games.get("envite")
    g.set_trump(1)
    order = [13, 12, 11, 1, 7, 6, 5, 4, 3, 2]
    for hi, lo in zip(order, order[1:]):
        assert g.strength[cards.card(0, hi)] > g.strength[cards.card(0, lo)]


def test_five_or_six_players_add_3c_qc_jd_above_the_trumps():
    assert ranked(6, "H")[:4] == ["3C", "QC", "JD", "2H"]


def test_seven_or_eight_players_add_the_5d_above_those():
    assert ranked(8, "S")[:5] == ["5D", "3C", "QC", "JD", "2S"]


def test_nine_or_ten_players_add_the_2d():
    assert ranked(10, "S")[:6] == ["2D", "5D", "3C", "QC", "JD", "2S"]


def test_eleven_or_twelve_players_add_the_ad():
    top = ranked(12, "S")
    assert top[:7] == ["AD", "2D", "5D", "3C", "QC", "JD", "2S"] and len(top) == 16


def test_an_added_card_of_the_trump_suit_ranks_once_at_its_higher_place():
    top = ranked(10, "D")
    assert top[:5] == ["2D", "5D", "3C", "QC", "JD"] and top.count("2D") == 1
    assert top[5] == "KD"


def test_added_cards_belong_to_the_trump_suit_not_their_printed_suit():
    # six players, hearts trump: the JD is a trump
    hands = {5: "3H 4S 5S", 4: "JD 7S 2C", 3: "6D 6S 6C", 2: "7D 7C 3S", 1: "4D 4C 5C", 0: "AS AC 2S"}
    m = dealt(seats=6, hands=hands, turnup="KH")
    play(m, "5:3H")                  # a trump lead: seat 4 must follow with the JD
    assert legal_now(m, 4) == ["JD"]
    m2 = dealt(seats=6, hands={5: "5D 4S 5S", 4: "JD 7S 2C"}, turnup="KH")
    play(m2, "5:5D")                 # diamonds led: the JD is no diamond, seat 4 is void
    assert legal_now(m2, 4) == ["2C", "7S", "JD"]


# -- Play of the hand ---------------------------------------------------------------------------
def test_the_player_to_the_dealers_right_leads_then_play_goes_to_the_right():
    m = dealt(dealer=2)
    assert m.turn == 1
    play(m, "1:5H")
    assert m.turn == 0


def test_each_player_must_follow_suit_if_able():
    m = dealt(hands=SPADE_HAND)
    play(m, "3:KH")
    assert legal_now(m, 2) == ["2H"]


def test_unable_to_follow_any_card_may_be_played_including_a_trump():
    m = dealt(hands={3: "KH KS KD", 2: "2C 2S 2D"})
    play(m, "3:KH")
    assert legal_now(m, 2) == ["2C", "2D", "2S"]


def test_the_highest_card_of_the_suit_led_or_the_highest_trump_wins():
    m = dealt()
    assert of(play(m, "3:7H 2:KH 1:2C 0:QH"), "trick")[0]["winner"] == 1


def test_the_winner_of_a_trick_leads_the_next():
    m = dealt()
    play(m, "3:7H 2:KH 1:5H 0:QH")
    assert m.turn == 2


def test_the_first_team_to_win_two_tricks_wins_the_hand_and_scores_its_value():
    m = dealt(hands=SPADE_HAND)
    play(m, "3:KH 2:2H 1:3H 0:4H")
    out = play(m, "3:KS 2:2S 1:3S 0:4S")
    end = of(out, "hand_end")[0]
    assert end["score"] == [0, 2] and end["stake"] == 2 and m.phase == 1


# -- Trawling ---------------------------------------------------------------------------------
def test_leading_a_trump_is_trawling_everyone_able_must_play_a_trump():
    m = dealt(hands={3: "5C KS KD", 2: "2C 2S 2D"})
    play(m, "3:5C")
    assert legal_now(m, 2) == ["2C"]


def test_a_player_without_a_trump_to_play_makes_the_team_lose_the_hand_plus_two_stones():
    m = dealt(hands={3: "5C KS KD", 2: "2H 2S 2D"})
    out = play(m, "3:5C 2:2H")
    end = of(out, "hand_end")[0]
    assert end["ended"] == "trawl" and end["score"] == [0, 4]
    assert not of(out, "violation")      # seat 2 had no trump: no foul


def test_a_trawl_not_answered_while_holding_a_trump_is_proven_at_the_play_when_the_hand_is_known():
    m = dealt(hands={3: "5C KS KD", 2: "2C 2S 2D"})
    out = play(m, "3:5C 2:2S")
    v = of(out, "violation")
    assert v and v[0]["rule"] == "trawl" and v[0]["proven"] == "at-play" and v[0]["seat"] == 2
    assert of(out, "hand_end")[0]["ended"] == "trawl"


def test_a_hidden_trawl_foul_is_proven_by_the_cards_laid_down_after_the_hand():
    m = dealt()
    play(m, "3:5C 2:2S")             # the hand ends: seat 2 says it has no trump
    out = m.apply({"ev": "hand", "seat": 2, "cards": ["2C", "2D"]})
    v = of(out, "violation")
    assert v and v[0]["rule"] == "trawl" and v[0]["proof"]["card"] == "2C" and v[0]["proof"]["shown"]


# -- Stakes ------------------------------------------------------------------------------------
def test_a_hand_is_worth_two_stones_if_neither_captain_acts():
    m = dealt()
    assert m.ctx.stake == 2


def test_a_captain_may_challenge_to_four_and_a_refusal_gives_the_challengers_two():
    m = dealt()
    call(m, "0:raise")
    assert m.awaiting() == 1 << 1
    out = call(m, "1:reject")
    end = of(out, "hand_end")[0]
    assert end["ended"] == "reject" and end["score"] == [2, 0]


def test_an_accepted_challenge_plays_the_hand_for_four():
    m = dealt(hands=SPADE_HAND)
    call(m, "1:raise")
    call(m, "0:accept")
    play(m, "3:KH 2:2H 1:3H 0:4H")
    end = of(play(m, "3:KS 2:2S 1:3S 0:4S"), "hand_end")[0]
    assert end["score"] == [0, 4] and end["stake"] == 4


def test_the_challenged_captain_may_raise_further_to_seven_then_nine_then_the_game():
    m = dealt()
    call(m, "0:raise")          # 4 proposed
    call(m, "1:raise")          # accepts 4, proposes 7
    assert m.ctx.stake == 4
    out = call(m, "0:reject")   # the raisers of 7 win at 4
    assert of(out, "hand_end")[0]["score"] == [0, 4]
    m = dealt()
    for c in ("0:raise", "1:raise", "0:raise", "1:raise"):
        call(m, c)
    assert m.ctx.talk.stakes.proposed == "game"
    raises(TableError, call, m, "0:raise")     # nothing above the whole game
    call(m, "0:accept")
    assert m.ctx.stake == "game"


def test_after_an_accepted_raise_only_the_other_side_raises_again():
    m = dealt()
    call(m, "0:raise")
    call(m, "1:accept")
    raises(TableError, call, m, "0:raise")
    call(m, "1:raise")


def test_no_card_is_played_while_a_raise_awaits_its_answer():
    m = dealt()
    call(m, "0:raise")
    out = play(m, "3:5H")
    assert of(out, "violation")[0]["rule"] == "out-of-turn"


def test_a_hand_won_at_the_whole_game_wins_the_game():
    m = dealt(hands=SPADE_HAND, options={"games": 1})
    for c in ("1:raise", "0:raise", "1:raise", "0:raise", "1:accept"):
        call(m, c)
    play(m, "3:KH 2:2H 1:3H 0:4H")
    out = play(m, "3:KS 2:2S 1:3S 0:4S")
    assert of(out, "match_end")[0]["winner"] == 1 and m.totals == [0, 12]


def test_a_raise_by_the_side_that_made_it_an_answer_by_the_raisers_and_calls_after_the_hand_are_refused():
    m = dealt()
    call(m, "0:raise")
    raises(TableError, call, m, "0:accept")
    raises(TableError, call, m, "0:raise")
    call(m, "1:reject")
    raises(TableError, call, m, "0:raise")     # the hand is over


# -- Lying down -----------------------------------------------------------------------------------
def test_points_past_eleven_are_ignored():
    m = dealt(hands=SPADE_HAND, totals=(3, 9))
    call(m, "1:raise")
    call(m, "0:accept")
    play(m, "3:KH 2:2H 1:3H 0:4H")
    end = of(play(m, "3:KS 2:2S 1:3S 0:4S"), "hand_end")[0]
    assert end["score"] == [0, 2] and m.totals == [3, 11]


def test_a_lying_down_captain_chooses_to_play_or_fold_and_nobody_raises():
    m = dealt(totals=(11, 4))
    assert m.phase == 3 and m.awaiting() == 1 << 0
    raises(TableError, call, m, "1:play")
    call(m, "0:play")
    assert m.phase == 4
    raises(TableError, call, m, "1:raise")


def test_a_lying_down_team_whose_player_simply_plays_has_chosen_to_play():
    m = dealt(hands=SPADE_HAND, totals=(4, 11), options={"games": 1})     # seat 3 leads, team 1
    out = play(m, "3:KH")
    assert not of(out, "violation") and m.phase == 4 and m.ctx.talk.deciding == -1
    raises(TableError, call, m, "1:fold")                                 # the card chose
    play(m, "2:2H 1:3H 0:4H")
    out = play(m, "3:KS 2:2S 1:3S 0:4S")
    assert of(out, "match_end")[0]["winner"] == 1


def test_the_opponents_may_lead_while_the_lying_captain_decides_until_its_team_plays():
    m = dealt(hands=SPADE_HAND, totals=(11, 4))                           # team 0 lies down
    play(m, "3:KH")
    assert m.ctx.talk.deciding == 0 and m.awaiting() == 1 << 2
    end = of(call(m, "0:fold"), "hand_end")[0]
    assert end["ended"] == "fold" and end["score"] == [0, 1]
    m = dealt(hands=SPADE_HAND, totals=(11, 4))
    raises(TableError, play, m, "2:2H")                                   # not seat 2's lead
    assert m.phase == 3 and m.knowledge.count == 0
    play(m, "3:KH 2:2H")
    assert m.ctx.talk.deciding == -1
    raises(TableError, call, m, "0:fold")


def test_a_fold_gives_the_opponents_one_stone():
    m = dealt(totals=(11, 4))
    end = of(call(m, "0:fold"), "hand_end")[0]
    assert end["ended"] == "fold" and end["score"] == [0, 1]


def test_a_lying_down_team_that_plays_and_loses_gives_three_stones():
    m = dealt(hands=SPADE_HAND, totals=(11, 4))
    call(m, "0:play")
    play(m, "3:KH 2:2H 1:3H 0:4H")
    end = of(play(m, "3:KS 2:2S 1:3S 0:4S"), "hand_end")[0]
    assert end["score"] == [0, 3] and end["lying"] == [True, False]


def test_a_lying_down_team_that_wins_the_hand_wins_the_game():
    m = dealt(hands=SPADE_HAND, totals=(4, 11), options={"games": 1})
    call(m, "1:play")
    play(m, "3:KH 2:2H 1:3H 0:4H")
    out = play(m, "3:KS 2:2S 1:3S 0:4S")
    assert m.totals == [4, 12] and of(out, "match_end")[0]["winner"] == 1


def test_both_teams_lying_down_play_the_hand_and_its_winner_takes_the_game():
    m = dealt(hands=SPADE_HAND, totals=(11, 11), options={"games": 1})
    assert m.phase == 4
    play(m, "3:KH 2:2H 1:3H 0:4H")
    out = play(m, "3:KS 2:2S 1:3S 0:4S")
    assert of(out, "match_end")[0]["winner"] == 1


# -- Winning -------------------------------------------------------------------------------------
def test_twelve_wins_a_game_and_the_match_is_the_best_of_three():
    import random
    for seed in range(10):
        random.seed(seed)
        log, derived, m = playout.random_match("envite", None, random)
        games_won = of(derived, "hand_end")[-1]["games"]
        assert max(games_won) == 2 and m.winner == games_won.index(2)
        for e in of(derived, "hand_end"):
            assert all(0 <= t <= 12 for t in e["totals"])


def test_random_matches_at_every_table_size_keep_the_invariants():
    import random
    for seats in (4, 6, 8, 10, 12):
        for seed in range(8):
            random.seed(seats * 100 + seed)
            opts = {"dummy": seats - 1} if seed % 2 else None   # odd players: a dummy
            log, derived, m = playout.random_match("envite", opts, random, with_hands=seed % 3 == 0,
                                                   seats=seats)
            assert m.over and not of(derived, "violation")
            for t in of(derived, "trick"):
                assert len(t["cards"]) == seats
            for e in of(derived, "hand_end"):
                assert e.get("ended") in (None, "decided", "reject", "fold", "trawl")
                assert sum(1 for x in e["score"] if x) <= 1
