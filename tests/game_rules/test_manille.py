"""Classical Manille, seed 003: one test per rule sentence, named after it."""
from game_rules.kit import (Match, call, cards, explain, full_deal, games, legal, of, play, playout, raises, start,
                            TableError)

G = games.get("manille")


# -- Players and deck ------------------------------------------------------------------
def test_deal_rotates_one_seat_to_the_right_anticlockwise():
    assert G.next_dealer(2) == 1 and G.next_dealer(0) == 3


def test_piquet_pack_of_32_cards_a_k_q_j_10_9_8_7():
    deck = cards.cards_of(G.deck)
    assert len(deck) == 32
    assert sorted(set(cards.face_of(c) for c in deck)) == [1, 7, 8, 9, 10, 11, 12, 13]


def test_ranking_10_above_ace_then_k_q_j_9_8_7():
    order = [10, 1, 13, 12, 11, 9, 8, 7]
    for hi, lo in zip(order, order[1:]):
        assert G.strength[cards.card(0, hi)] > G.strength[cards.card(0, lo)]


def test_pips_10_5_ace_4_king_3_queen_2_jack_1_sixty_in_all():
    want = {10: 5, 1: 4, 13: 3, 12: 2, 11: 1, 9: 0, 8: 0, 7: 0}
    for f in want:
        assert G.points(cards.card(1, f)) == want[f]
    assert G.total_points == 60


# -- Setup and deal ---------------------------------------------------------------------
def test_each_player_ends_with_eight_cards():
    hands, turnup = full_deal(G, 0, 3)
    assert sorted(len(h) for h in hands.values()) == [8, 8, 8, 8]


def test_dealer_turns_own_last_card_and_its_suit_is_trump():
    m, out = start("manille", dealer=1, turnup="9D", hands={1: "AS KS QS JS 10S 9S 8S 9D"})
    assert of(out, "trump") == [{"ev": "trump", "suit": "D", "hand": 1}]


def test_turnup_not_in_the_dealers_known_hand_is_refused():
    m, _ = start("manille", dealer=1, hands={1: "AS KS QS JS 10S 9S 8S 9D"})
    raises(TableError, m.apply, {"ev": "turnup", "card": "7H"})


def test_player_to_the_dealers_right_leads_the_first_trick():
    m, _ = start("manille", dealer=2, turnup="7C")
    assert m.turn == 1


# -- Gameplay ------------------------------------------------------------------------
def test_opening_leader_plays_any_card():
    assert legal(G, "C", 1, "", "AS 7H 10C") == ["10C", "7H", "AS"]


def test_follow_suit_strictly():
    assert legal(G, "C", 1, "KH", "7H 9S 10C") == ["7H"]


def test_following_without_a_higher_card_still_must_follow():
    assert legal(G, "C", 1, "10H", "7H AH 9S") == ["7H", "AH"]


def test_unable_to_follow_must_play_a_trump():
    assert legal(G, "C", 1, "KH", "9S 7C") == ["7C"]


def test_must_play_a_trump_higher_than_any_trump_in_the_trick_if_able():
    # ccw: seat 1 leads, seat 0 trumps with the KC, seat 3 to play
    assert legal(G, "C", 1, "KH KC", "7C 10C 9S") == ["10C"]


def test_under_trumping_is_forced_when_no_overtrump_is_available():
    assert legal(G, "C", 1, "KH 10C", "7C 8C 9S") == ["7C", "8C"]


def test_classical_game_enforces_overtrump_against_everyone():
    # seat 1 leads, seat 0 plays low, seat 3 (partner of 1, who is winning) void
    assert legal(G, "C", 1, "KH 7H", "7C 9S") == ["7C"]


def test_partner_exemption_exempts_a_player_from_overtrumping_when_their_partner_is_winning():
    g = games.get("manille", {"partner_exemption": True})
    # seat 2 leads, seat 1 trumps, seat 0 follows, seat 3 (partner of 1) is void
    assert legal(G, "C", 2, "KH 9C 7H", "7C 10C 9S") == ["10C"]          # the classical game
    assert legal(g, "C", 2, "KH 9C 7H", "7C 10C 9S") == ["10C", "7C"]    # any trump
    assert legal(g, "C", 1, "KH 7H", "7C 9S") == ["7C"]        # still a duty to trump
    assert legal(g, "C", 1, "KH 9C", "8C 10C 9S") == ["10C"]   # opponent winning: overtrump


def test_option_exempt_trump_frees_a_player_whose_partner_wins_from_trumping_too():
    g = games.get("manille", {"partner_exemption": True, "exempt_trump": True})
    assert legal(g, "C", 1, "KH 7H", "7C 9S") == ["7C", "9S"]
    assert legal(g, "C", 2, "KH 9C 7H", "7C 10C 9S") == ["10C", "7C", "9S"]
    assert legal(g, "C", 1, "KH 9C", "8C 10C 9S") == ["10C"]   # opponent winning: overtrump


def test_beat_in_suit_option_an_opponent_winning_with_the_suit_led_must_be_beaten():
    g = games.get("manille", {"beat_in_suit": True})
    assert legal(G, "C", 1, "KH", "7H AH 9S") == ["7H", "AH"]     # the text: follow is enough
    assert legal(g, "C", 1, "KH", "7H AH 9S") == ["AH"]
    assert legal(g, "C", 1, "KH 7H", "8H AH") == ["8H", "AH"]     # the partner is winning
    assert legal(g, "C", 1, "KC", "7C 10C 9S") == ["10C"]         # a trump lead too
    assert legal(g, "C", 1, "KH 7C", "7H AH") == ["7H", "AH"]     # trumped: any heart
    assert legal(g, "C", 1, "10H", "7H AH") == ["7H", "AH"]       # nothing higher held


def test_beat_in_suit_a_lower_card_then_a_higher_one_proves_must_beat():
    m, _ = start("manille", dealer=2, turnup="7C", options={"beat_in_suit": True})
    play(m, "1:KH 0:8H 3:9H 2:JH")              # seat 0 did not beat the KH...
    out = play(m, "1:7D 0:AH")                  # ... yet held the AH
    v = [e for e in of(out, "violation") if e["seat"] == 0]
    assert v and v[0]["rule"] == "must-beat" and v[0]["card"] == "8H"


def test_holding_neither_led_suit_nor_trump_may_throw_off_any_card():
    assert legal(G, "C", 1, "KH", "9S 7D") == ["7D", "9S"]


def test_a_throw_off_cannot_win():
    m, _ = start("manille", dealer=2, turnup="7C")
    out = play(m, "1:7H 0:10S 3:AD 2:8H")
    assert of(out, "trick")[0]["winner"] == 2


def test_highest_trump_wins_else_highest_of_led_suit_tens_outrank_aces():
    m, _ = start("manille", dealer=2, turnup="7C")
    out = play(m, "1:AH 0:10H 3:KH 2:8H")
    assert of(out, "trick")[0]["winner"] == 0
    out = play(m, "0:9D 3:8C 2:10D 1:7D")
    assert of(out, "trick")[0]["winner"] == 3


def test_trick_winner_leads_the_next_trick():
    m, _ = start("manille", dealer=2, turnup="7C")
    play(m, "1:AH 0:10H 3:KH 2:8H")
    assert m.turn == 0


def test_not_trumping_when_able_is_must_trump():
    m, _ = start("manille", dealer=2, turnup="7C", hands={0: "9S 7C 8D 9D 10D AD KD QD"})
    out = play(m, "1:AH 0:9S")
    assert of(out, "violation")[0]["rule"] == "must-trump"


def test_undertrumping_while_able_to_overtrump_is_must_overtrump():
    m, _ = start("manille", dealer=2, turnup="7C", hands={3: "8C 10C 8D 9D 10D AD KD QD"})
    out = play(m, "1:AH 0:KC 3:8C")
    assert of(out, "violation")[0]["rule"] == "must-overtrump"


# -- Scoring -------------------------------------------------------------------------
def test_side_with_more_than_30_pips_scores_the_difference_losers_score_0():
    assert explain.hand_score(G, [36, 24]) == [6, 0]


def test_30_30_nobody_scores():
    assert explain.hand_score(G, [30, 30]) == [0, 0]


def test_last_trick_bonus_adds_one_pip_61_in_all():
    g = games.get("manille", {"last_trick_bonus": True})
    assert g.total_points == 61
    assert explain.hand_points(g, [30, 30], [4, 4], 1) == [30, 31]
    assert explain.hand_score(g, [30, 31]) == [0, 1]


def test_no_last_trick_bonus_by_default():
    assert explain.hand_points(G, [30, 30], [4, 4], 1) == [30, 30]


# -- Winning ------------------------------------------------------------------------
def test_match_won_by_first_side_to_101():
    assert G.winner_at([100, 40]) is None and G.winner_at([101, 40]) == 0


def test_short_game_50_and_long_game_201():
    assert games.get("manille", {"target": 50}).winner_at([50, 0]) == 0
    assert games.get("manille", {"target": 201}).winner_at([150, 0]) is None


def test_both_sides_crossing_the_same_deal_higher_total_wins_tie_continues():
    assert G.winner_at([105, 103]) == 0
    assert G.winner_at([103, 103]) is None


# -- Variants (readings documented in manille.py) -------------------------------------------
def test_spanish_40_card_variant_7_is_manille_60_pips_ten_tricks():
    g = games.get("manille", {"deck": "spanish40"})
    assert len(cards.cards_of(g.deck)) == 40 and g.tricks == 10 and g.total_points == 60
    assert g.strength[cards.card(0, 7)] > g.strength[cards.card(0, 1)] > g.strength[cards.card(0, 13)]


def test_mexican_40_card_variant_9_is_manille_without_10s_8s_2s():
    g = games.get("manille", {"deck": "mexican40"})
    faces = sorted(set(cards.face_of(c) for c in cards.cards_of(g.deck)))
    assert faces == [1, 3, 4, 5, 6, 7, 9, 11, 12, 13]
    assert g.total_points == 60 and g.strength[cards.card(0, 9)] > g.strength[cards.card(0, 1)]


def test_unknown_option_is_refused_with_its_name():
    err = raises(TableError, games.get, "manille", {"decks": "piquet32"})
    assert "decks" in str(err)


def test_a_whole_hand_ends_with_hand_end_and_pips_sum_to_60():
    import random
    m, _ = start("manille", dealer=0)
    hands, turnup = full_deal(m.game, 0, 11)
    m.apply({"ev": "turnup", "card": cards.name(turnup)})
    out = playout.play_hand(m, hands, random)
    end = of(out, "hand_end")[0]
    assert sum(end["points"]) == 60 and len(of(out, "trick")) == 8


# -- Variations: three-handed Manille ------------------------------------------------------
T3 = games.get("manille", None, 3)


def test_three_handed_each_player_plays_alone():
    assert T3.teams == 3 and [T3.team_of[s] for s in range(3)] == [0, 1, 2]


def test_three_handed_two_worthless_cards_removed_thirty_cards_ten_each():
    deck = cards.cards_of(T3.deck)
    assert len(deck) == 30 and T3.tricks == 10
    assert cards.parse("7S") not in deck and cards.parse("7C") not in deck
    hands, _ = full_deal(T3, 0, 2)
    assert sorted(len(h) for h in hands.values()) == [10, 10, 10]


def test_three_handed_spanish_and_mexican_packs_lose_one_card_thirteen_each():
    for deck, gone in (("spanish40", "2S"), ("mexican40", "3S")):
        g = games.get("manille", {"deck": deck}, 3)
        assert g.tricks == 13 and cards.parse(gone) not in cards.cards_of(g.deck)


def test_three_handed_scores_each_players_pips_against_twenty():
    assert explain.hand_score(T3, [26, 20, 14]) == [6, 0, 0]
    assert T3.total_points == 60


def test_three_handed_totals_and_the_winner_are_per_player():
    import random
    for seed in range(8):
        random.seed(seed)
        log, derived, m = playout.random_match("manille", {"target": 30}, random, seats=3)
        ends = of(derived, "hand_end")
        assert all(len(e["totals"]) == 3 and sum(e["points"]) == 60 for e in ends)
        assert m.over and m.totals[m.winner] >= 30
        assert not of(derived, "violation")


def test_three_handed_has_no_partner_to_be_exempt_for():
    g = games.get("manille", {"partner_exemption": True}, 3)
    # seat 0 leads KH, seat 2 trumps, seat 1 void must overtrump whoever wins
    assert legal(g, "C", 0, "KH 8C", "7D 10C 9S") == ["10C"]


def test_five_seats_are_refused():
    raises(TableError, games.get, "manille", None, 5)


# -- Variations: Manille aux enchères (auction) ---------------------------------------------
def auction(dealer=0, calls=(), options=None):
    opts = {"auction": True}
    opts.update(options or {})
    return start("manille", dealer=dealer, options=opts, calls=calls)


def test_auction_there_is_no_turn_up_bidding_precedes_trumps():
    m, _ = auction()
    assert m.phase == 3 and m.awaiting() == 1 << 3        # CALLS; the dealer's right speaks
    raises(TableError, m.apply, {"ev": "turnup", "card": "7H"})


def test_auction_players_bid_how_many_pips_their_partnership_will_make():
    m, _ = auction(calls=[(3, "bid", {"amount": 34})])
    assert m.ctx.talk.high == 34 and m.ctx.talk.high_seat == 3


def test_auction_a_bid_must_be_above_the_last_and_the_neutral_share():
    m, _ = auction(calls=[(3, "bid", {"amount": 34})])
    raises(TableError, call, m, (2, "bid", {"amount": 34}))
    raises(TableError, call, m, (2, "bid", {"amount": 61}))
    m, _ = auction()
    raises(TableError, call, m, (3, "bid", {"amount": 30}))


def test_auction_bids_go_in_turn_from_the_dealers_right():
    m, _ = auction()
    err = raises(TableError, call, m, (1, "bid", {"amount": 40}))
    assert "out of turn" in str(err)


def test_auction_the_highest_bidder_names_trumps_and_play_starts():
    m, _ = auction(calls=[(3, "bid", {"amount": 34}), "2:pass", (1, "bid", {"amount": 38}), "0:pass",
                          "3:pass"])
    raises(TableError, call, m, (3, "trump", {"suit": "S"}))     # seat 1 won it
    out = call(m, (1, "trump", {"suit": "D"}))
    assert of(out, "trump")[0]["suit"] == "D" and m.turn == 3     # the dealer's right leads


def test_auction_trumps_are_a_suit():
    m, _ = auction(calls=[(3, "bid", {"amount": 34}), "2:pass", "1:pass", "0:pass"])
    raises(TableError, call, m, (3, "trump", {"suit": "none"}))


def test_auction_four_passes_throw_the_hand_in():
    m, _ = auction()
    out = []
    for c in ("3:pass", "2:pass", "1:pass", "0:pass"):
        out += call(m, c)
    end = of(out, "hand_end")[0]
    assert end["ended"] == "pass" and end["score"] == [0, 0] and m.phase == 1   # DEAL


def test_auction_a_made_bid_scores_the_pips_above_thirty():
    m, _ = auction(calls=[(3, "bid", {"amount": 34}), "2:pass", "1:pass", "0:pass",
                          (3, "trump", {"suit": "S"})])
    out = [0, 0]
    m.game.hand_score_into(m, [22, 38], out)
    assert out == [0, 8]


def test_auction_a_failed_bid_gives_the_opponents_the_bid_above_thirty():
    m, _ = auction(calls=[(3, "bid", {"amount": 40}), "2:pass", "1:pass", "0:pass",
                          (3, "trump", {"suit": "S"})])
    out = [0, 0]
    m.game.hand_score_into(m, [25, 35], out)
    assert out == [10, 0]


def test_auction_is_played_by_four():
    raises(TableError, games.get, "manille", {"auction": True}, 3)


def test_auction_random_matches_keep_the_invariants():
    import random
    for seed in range(6):
        random.seed(seed)
        log, derived, m = playout.random_match("manille", {"auction": True}, random)
        for e in of(derived, "hand_end"):
            assert e.get("ended") == "pass" or sum(e["points"]) == 60
        assert m.over and not of(derived, "violation")


def level_hand(options):
    """A Manille match whose first hand split the pips 30-30 (random legal play,
    the first seed that gives one): the match after that hand."""
    import random
    for seed in range(400):
        random.seed(seed)
        m = Match()
        m.apply({"ev": "match", "game": "manille", "options": options})
        events, hands = playout.hand_events(m.game, 0, random, True)
        for ev in events:
            m.apply(ev)
        playout.play_hand(m, hands, random)
        if m.points == [30, 30]:
            return m
    raise AssertionError("no 30-30 hand in 400 deals")


def test_a_deal_split_30_30_scores_nothing_and_the_deal_passes_on():
    m = level_hand({})
    assert m.score == [0, 0] and m.next_dealers() == (m.game.next_dealer(0),)


def test_option_level_redeal_a_deal_split_30_30_is_dealt_again_by_the_same_dealer():
    m = level_hand({"level_redeal": True})
    assert m.score == [0, 0] and m.next_dealers() == (0,)
    raises(TableError, m.apply, {"ev": "deal", "dealer": m.game.next_dealer(0)})
    m.apply({"ev": "deal", "dealer": 0})
    assert m.hand_no == 2
