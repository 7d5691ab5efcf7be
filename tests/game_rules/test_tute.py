"""Tute, seed 004: one test per rule sentence, named after it."""
from game_rules.kit import (call, cards, explain, full_deal, games, legal, of, play, playout,
                            raises, start, TableError)

G = games.get("tute")


def clubs(hands=None, options=None):
    """A hand dealt by seat 0 with the 2C turned up: clubs are trumps; seat 3 leads."""
    return start("tute", dealer=0, turnup="2C", hands=hands, options=options)


def won_by_3(m):
    """Trick 1, won by seat 3 with the AH."""
    return play(m, "3:AH 2:2H 1:4H 0:5H")


# -- Setup --------------------------------------------------------------------------------
def test_spanish_forty_card_deck_without_eights_nines_tens():
    deck = cards.cards_of(G.deck)
    assert len(deck) == 40 and all(cards.face_of(c) not in (8, 9, 10) for c in deck)


def test_ten_cards_to_each_player_the_whole_deck():
    hands, turnup = full_deal(G, 1, 3)
    assert sorted(len(h) for h in hands.values()) == [10] * 4


def test_the_last_card_dealt_is_the_dealers_shown_and_its_suit_is_trump():
    hands, turnup = full_deal(G, 1, 3)
    assert turnup == hands[1][-1]
    m, out = start("tute", dealer=1, turnup="7D")
    assert of(out, "trump")[0]["suit"] == "D"


def test_partners_sit_across_so_turns_alternate():
    assert [G.team_of[s] for s in range(4)] == [0, 1, 0, 1]


# -- Card ranking ----------------------------------------------------------------------------
def test_ace_high_then_three_then_k_q_j_7_6_5_4_2():
    order = [1, 3, 13, 12, 11, 7, 6, 5, 4, 2]
    for hi, lo in zip(order, order[1:]):
        assert G.strength[cards.card(1, hi)] > G.strength[cards.card(1, lo)]


def test_ace_11_three_10_king_4_queen_3_jack_2_others_nothing():
    want = {1: 11, 3: 10, 13: 4, 12: 3, 11: 2, 7: 0, 2: 0}
    for f in want:
        assert G.points_of[cards.card(3, f)] == want[f]
    assert 4 * sum(G.face_points.values()) == 120


# -- Game play ---------------------------------------------------------------------------------
def test_counter_clockwise_the_dealers_right_leads_the_first_trick():
    m, _ = clubs()
    assert m.turn == 3 and G.next_seat(3) == 2


def test_players_must_always_follow_suit_if_possible():
    assert legal(G, "C", 0, "5H", "2H 3S 4D") == ["2H"]


def test_players_must_head_the_trick_when_following():
    assert legal(G, "C", 0, "5H", "2H KH 3S") == ["KH"]


def test_heading_is_owed_even_when_the_partner_is_winning():
    # anticlockwise: seat 0 leads the 5H, seat 3 plays the 2H; seat 2, partner of 0
    assert legal(G, "C", 0, "5H 2H", "6H 4H") == ["6H"]


def test_once_the_trick_is_trumped_any_card_of_the_suit_led_follows():
    assert legal(G, "C", 0, "5H 4C", "6H 4H") == ["4H", "6H"]


def test_unable_to_follow_a_player_must_trump():
    assert legal(G, "C", 0, "5H", "2C 3S") == ["2C"]


def test_and_must_overtrump_if_possible():
    assert legal(G, "C", 0, "5H 4C", "2C 6C 3S") == ["6C"]


def test_unable_to_overtrump_a_player_still_plays_a_trump():
    assert legal(G, "C", 0, "5H 7C", "2C 6C 3S") == ["2C", "6C"]


def test_only_with_neither_the_suit_led_nor_a_trump_is_the_card_free():
    assert legal(G, "C", 0, "5H", "3S 2D") == ["2D", "3S"]


def test_the_highest_trump_wins_else_the_highest_card_of_the_suit_led():
    m, _ = clubs()
    assert of(play(m, "3:AH 2:2C 1:4H 0:3C"), "trick")[0]["winner"] == 0
    assert of(play(m, "0:KS 3:3S 2:AD 1:2S"), "trick")[0]["winner"] == 3


def test_the_player_who_won_the_trick_leads_the_next():
    m, _ = clubs()
    play(m, "3:AH 2:2C 1:4H 0:3C")
    assert m.turn == 0


# -- Declarations ---------------------------------------------------------------------------
def test_after_winning_a_trick_a_player_may_declare_las_veinte_for_twenty():
    m, _ = clubs()
    won_by_3(m)
    call(m, (3, "declare", {"cards": ["KS", "QS"]}))
    assert m.ctx.declarations[0]["points"] == 20


def test_las_cuarenta_the_king_and_queen_of_trumps_are_forty():
    m, _ = clubs()
    won_by_3(m)
    call(m, (3, "declare", {"cards": ["QC", "KC"]}))
    assert m.ctx.declarations[0]["points"] == 40


def test_only_the_winner_of_the_trick_declares():
    m, _ = clubs()
    won_by_3(m)
    raises(TableError, call, m, (1, "declare", {"cards": ["KS", "QS"]}))


def test_a_declaration_comes_before_leading_to_the_next_trick():
    m, _ = clubs()
    won_by_3(m)
    play(m, "3:3H")
    raises(TableError, call, m, (3, "declare", {"cards": ["KS", "QS"]}))


def test_marriages_are_declared_one_at_a_time_one_per_won_trick():
    m, _ = clubs()
    won_by_3(m)
    call(m, (3, "declare", {"cards": ["KS", "QS"]}))
    raises(TableError, call, m, (3, "declare", {"cards": ["KD", "QD"]}))
    play(m, "3:3H 2:6H 1:7H 0:JH")         # seat 3 wins again
    call(m, (3, "declare", {"cards": ["KD", "QD"]}))
    assert [d["points"] for d in m.ctx.declarations] == [20, 20]


def test_las_cuarenta_may_no_longer_be_declared_once_las_veinte_was():
    m, _ = clubs()
    won_by_3(m)
    call(m, (3, "declare", {"cards": ["KS", "QS"]}))
    play(m, "3:3H 2:6H 1:7H 0:JH")
    err = raises(TableError, call, m, (3, "declare", {"cards": ["KC", "QC"]}))
    assert "cuarenta" in str(err)


def test_a_players_cuarenta_is_allowed_after_his_partners_veinte():
    m, _ = clubs()
    won_by_3(m)
    call(m, (3, "declare", {"cards": ["KS", "QS"]}))
    play(m, "3:4S 2:5S 1:AS 0:6S")                 # seat 1, seat 3's partner, wins
    call(m, (1, "declare", {"cards": ["KC", "QC"]}))
    assert [d["points"] for d in m.ctx.declarations] == [20, 40]


def test_option_cuarenta_bar_side_a_partners_veinte_bars_the_cuarenta():
    m, _ = clubs(options={"cuarenta_bar": "side"})
    won_by_3(m)
    call(m, (3, "declare", {"cards": ["KS", "QS"]}))
    play(m, "3:4S 2:5S 1:AS 0:6S")
    err = raises(TableError, call, m, (1, "declare", {"cards": ["KC", "QC"]}))
    assert "side has declared las veinte" in str(err) and len(m.ctx.declarations) == 1


def test_a_declaration_shows_the_king_and_queen_of_one_suit():
    m, _ = clubs()
    won_by_3(m)
    raises(TableError, call, m, (3, "declare", {"cards": ["KS", "QD"]}))
    raises(TableError, call, m, (3, "declare", {"cards": ["KS", "JS"]}))
    raises(TableError, call, m, (3, "declare", {"cards": ["KS"]}))


def test_a_declaration_without_the_cards_is_refused_when_the_hand_is_known():
    hands = {3: "AH KS JS 7S 6S 5S 4S 2S 3D 4D"}
    m, _ = clubs(hands=hands)
    won_by_3(m)
    err = raises(TableError, call, m, (3, "declare", {"cards": ["KS", "QS"]}))
    assert "does not hold QS" in str(err)


def test_declaring_a_card_already_played_is_refused():
    m, _ = clubs()
    play(m, "3:KS 2:2S 1:4S 0:AS")
    raises(TableError, call, m, (0, "declare", {"cards": ["KS", "QS"]}))


def test_a_tute_of_four_kings_wins_the_hand_at_once():
    m, _ = clubs()
    won_by_3(m)
    out = call(m, (3, "declare", {"cards": ["KS", "KH", "KD", "KC"]}))
    end = of(out, "hand_end")[0]
    assert end["ended"] == "tute" and end["score"] == [0, 1]


def test_a_declared_card_played_by_another_seat_proves_a_false_declaration():
    m, _ = clubs()
    won_by_3(m)
    call(m, (3, "declare", {"cards": ["KS", "QS"]}))
    out = play(m, "3:3H 2:6H 1:7H 0:JH")
    out = play(m, "3:2D 2:4D 1:QS")         # seat 1 plays the QS seat 3 declared
    v = of(out, "violation")
    assert v and v[0]["rule"] == "false-declaration" and v[0]["seat"] == 3 and v[0]["card"] == "QS"
    assert not m.ctx.declarations[0]["valid"]


def test_declared_cards_are_known_so_a_duty_they_prove_is_judged_at_the_play():
    m, _ = clubs()
    won_by_3(m)
    call(m, (3, "declare", {"cards": ["KS", "QS"]}))
    play(m, "3:3H 2:6H 1:7H 0:JH")
    play(m, "3:2D 2:4D 1:5D 0:6D")          # seat 0 wins with the 6D? no: 2D led, 6D highest
    out = play(m, "0:AS 3:QH")              # seat 3 showed spades, yet plays a heart
    v = of(out, "violation")
    assert v and v[0]["rule"] == "revoke" and v[0]["proven"] == "at-play"


# -- Scoring ------------------------------------------------------------------------------------
def test_ten_points_for_taking_the_last_trick():
    assert G.last_trick == 10 and G.total_points == 130
    assert explain.hand_points(G, [60, 60], [5, 5], 1) == [60, 70]


def test_declarations_add_their_points_and_the_higher_total_wins_the_hand():
    import random
    random.seed(5)
    m, _ = start("tute", dealer=0)
    hands, turnup = playout.deal(m.game, 0, random)
    m.apply({"ev": "turnup", "card": cards.name(turnup)})
    out = playout.play_hand(m, hands, random)
    end = of(out, "hand_end")[0]
    declared = [0, 0]
    for d in end["declarations"]:
        if d["valid"]:
            declared[d["seat"] % 2] += d["points"]
    assert sum(end["points"]) == 130 + sum(declared)
    a, b = end["points"]
    assert end["score"] == ([1, 0] if a > b else [0, 1] if b > a else [0, 0])


def test_a_match_of_a_number_of_hands_goes_to_the_side_that_won_more_of_them():
    import random
    for seed in range(6):
        random.seed(seed)
        log, derived, m = playout.random_match("tute", {"hands": 3}, random)
        ends = of(derived, "hand_end")
        assert len(ends) == 3 and m.over
        a, b = m.totals
        assert m.winner == (0 if a > b else 1 if b > a else None)
        assert of(derived, "match_end")[0]["reason"] == "hands"


# -- Hidden hands: proofs of each duty -------------------------------------------------------
def test_a_failure_to_overtrump_is_proven_by_the_higher_trump_played_later():
    m, _ = clubs()
    play(m, "3:5H 2:4C 1:2C 0:6H")          # seat 1 under-trumped the 4C...
    out = play(m, "2:AS 1:6C")              # ... and held the 6C
    v = [e for e in of(out, "violation") if e["seat"] == 1]
    assert v and v[0]["rule"] == "must-overtrump" and v[0]["card"] == "2C"


def test_a_failure_to_head_is_proven_by_the_higher_card_played_later():
    m, _ = clubs()
    play(m, "3:5H 2:4H 1:2H 0:6H")          # seat 2 did not head the 5H...
    out = play(m, "0:AS 3:2S 2:7H")         # ... and held the 7H
    v = [e for e in of(out, "violation") if e["seat"] == 2]
    assert v and v[0]["rule"] == "must-beat" and v[0]["card"] == "4H"


def test_random_matches_keep_every_invariant():
    import random
    for seed in range(20):
        random.seed(seed)
        log, derived, m = playout.random_match("tute", {"hands": 2}, random, with_hands=seed % 2 == 0)
        for ev in derived:
            assert ev["ev"] != "violation", ev
            if ev["ev"] == "hand_end" and ev.get("ended") != "tute":
                valid = sum(d["points"] for d in ev["declarations"] if d["valid"])
                assert sum(ev["points"]) == 130 + valid
        assert m.over and sum(m.totals) <= 2


# -- Las cuarenta must be the first declaration ------------------------------------------------
def test_a_veinte_by_a_seat_known_to_hold_las_cuarenta_is_refused():
    hands = {3: "AH KS QS KC QC 7S 6S 5S 3D 4D"}
    m, _ = clubs(hands=hands)
    won_by_3(m)
    err = raises(TableError, call, m, (3, "declare", {"cards": ["KS", "QS"]}))
    assert "cuarenta" in str(err) and not m.ctx.declarations
    call(m, (3, "declare", {"cards": ["KC", "QC"]}))     # the cuarenta first is accepted
    assert m.ctx.declarations[0]["points"] == 40


def test_a_veinte_then_both_trump_marriage_cards_played_by_that_seat_proves_cuarenta_first():
    m, _ = clubs()
    won_by_3(m)
    call(m, (3, "declare", {"cards": ["KS", "QS"]}))
    out = play(m, "3:KC 2:2C 1:4C 0:5C")                  # the first of the two: nothing yet
    assert not of(out, "violation") and m.ctx.declarations[0]["valid"]
    out = play(m, "3:QC")
    v = of(out, "violation")
    assert len(v) == 1 and v[0]["rule"] == "cuarenta-first" and v[0]["seat"] == 3
    assert v[0]["trick"] == 1 and v[0]["declared"] == ["KS", "QS"] and v[0]["proven"] == 3
    assert v[0]["proof"]["plays"] == [{"trick": 2, "card": "KC"}, {"trick": 3, "card": "QC"}]
    assert not m.ctx.declarations[0]["valid"]


def test_the_trump_king_or_queen_played_by_another_seat_clears_the_veinte():
    m, _ = clubs()
    won_by_3(m)
    call(m, (3, "declare", {"cards": ["KS", "QS"]}))
    out = play(m, "3:KC 2:QC 1:4C 0:5C")                  # the partner held the queen
    out += play(m, "3:3H 2:6H 1:7H 0:JH")
    assert not of(out, "violation") and m.ctx.declarations[0]["valid"]
