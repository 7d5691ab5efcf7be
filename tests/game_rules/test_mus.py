"""Mus, seed 004 and PROTOCOL 1.1's Mus rows: one test per rule sentence, named after it.

Seats for dealer 0: the dealer's right is seat 3, then 2, 1, 0 (anticlockwise).
Team 0 holds seats 0 and 2, team 1 seats 1 and 3. Calls are written "seat:word"
("3:mus", "2:bid=4", "1:raise=6", "0:pares=y", "3:discard=2" or "3:discard=KS,QS").
"""
from game_rules.kit import raises

try:
    from tapete.rules import cards, errors
    from tapete.rules.games.mus import hands as H
    from tapete.rules.games.mus import description, hand_alone, next_dealer, options_of
    from tapete.rules.games.mus.hand import MusHand, parse_card
except ImportError:     # MicroPython: the rule module is the package `rules`
    from rules import cards, errors
    from rules.games.mus import hands as H
    from rules.games.mus import description, hand_alone, next_dealer, options_of
    from rules.games.mus.hand import MusHand, parse_card

OrderError = errors.OrderError
EventError = errors.EventError
CardError = errors.CardError


def cs(text):
    """Card numbers from codes: cs("KS 3H AD 2C")."""
    return [parse_card(t) for t in text.split()]


def run(h, script):
    """Feed "seat:word[=arg]" calls to a MusHand; return the derived events."""
    out = []
    for item in script.split():
        seat, word = item.split(":")
        ev = {}
        if "=" in word:
            word, arg = word.split("=")
            if word in ("pares", "juego"):
                ev["has"] = arg == "y"
            elif word == "discard":
                if arg.isdigit():
                    ev["count"] = int(arg)
                else:
                    ev["cards"] = arg.split(",")
            else:
                ev["amount"] = int(arg)
        out += h.call(int(seat), word, ev)
    return out


def show(h, hands):
    """Lay the hands {seat: "codes"} on the readers; return the derived events."""
    out = []
    for seat in hands:
        out += h.show(seat, hands[seat].split())
    return out


def betting(dealer=0, totals=(0, 0), target=40, options=None):
    """A hand whose drawing was cut at once: grande's betting is open."""
    h = hand_alone(dealer, totals, target, options)
    run(h, "%d:no-mus" % ((dealer - 1) % 4))
    return h


def of(events, name):
    return [e for e in events if e["ev"] == name]


PASS4 = "3:pass 2:pass 1:pass 0:pass"
# Mus practice (the `mus-practice` profile): a round declared by one side alone is not
# bet, and the winning side collects both partners' bonuses.
PRACTICE = {"lone_side": "only", "bonus": "side"}
# Hands for the showdown with no pares and no juego anywhere: seat 3 (team 1) has the
# best grande (K Q 6 4) and punto (30), seat 2 (team 0) the best chica (A 4 5 J).
NO_PARES = {3: "KS QS 6S 4S", 2: "JS 5S 4H AS", 1: "KH 7H 5H AH", 0: "QH 7S 6H 2S"}


# -- Object, setup ------------------------------------------------------------------
def test_first_partnership_to_forty_wins():
    h = betting(totals=(0, 39))
    assert h.target == 40
    run(h, PASS4 + " " + PASS4 + " 3:pares=n 2:pares=n 1:pares=n 0:pares=n"
        " 3:juego=n 2:juego=n 1:juego=n 0:juego=n " + PASS4)
    out = show(h, NO_PARES)
    assert h.game_over and h.winner == 1 and h.totals == [0, 40]     # seat 3 wins grande: 1
    assert [e["round"] for e in of(out, "x-mus-result")] == ["grande"]


def test_forty_card_spanish_deck_without_eights_nines_tens():
    pack = [c for c in range(64) if H.in_pack(c)]
    assert len(pack) == 40
    assert sorted(set(cards.face_of(c) for c in pack)) == [1, 2, 3, 4, 5, 6, 7, 11, 12, 13]
    for code in ("8S", "9H", "10D"):
        raises(CardError, parse_card, code)


def test_partners_sit_across_and_the_turn_alternates_partnerships():
    h = hand_alone(0)
    assert h.order == [3, 2, 1, 0]
    assert [s % 2 for s in h.order] == [1, 0, 1, 0]


def test_four_cards_each_and_the_rest_is_the_stock():
    h = hand_alone(0)
    assert h.stock == 24 and h.pile == 0 and h.stock + 4 * 4 == 40


# -- Game play ----------------------------------------------------------------------
def test_threes_count_as_kings_and_twos_as_aces():
    assert H.grande(cs("3S 3H 2D 2C")) == H.grande(cs("KS KH AD AC"))
    assert H.chica(cs("3S 3H 2D 2C")) == H.chica(cs("KS KH AD AC"))
    assert H.pares(cs("KS 3H 7D 5C")) == H.pares(cs("KS KH 7D 5C")) != 0     # K-3 is a pair
    assert H.pares(cs("AS 2H 7D 5C")) >> 12 == 1


def test_cards_rank_in_their_usual_order_aces_low():
    order = "K Q J 7 6 5 4 A".split()
    for hi, lo in zip(order, order[1:]):
        assert H.rank(parse_card(hi + "S")) > H.rank(parse_card(lo + "S"))


def test_play_is_always_conducted_to_the_right():
    assert hand_alone(1).order == [0, 3, 2, 1]
    assert next_dealer(1) == 0
    assert hand_alone(1, options={"direction": "cw"}).order == [2, 3, 0, 1]


# -- Mus or no mus ----------------------------------------------------------------------
def test_player_to_the_dealers_right_goes_first():
    h = hand_alone(2)
    assert h.awaiting() == {"phase": "draw", "seats": [1], "round": None, "calls": ["mus", "no-mus"]}
    raises(OrderError, h.call, 2, "mus")


def test_next_player_to_the_right_then_makes_the_same_determination():
    h = hand_alone(0)
    run(h, "3:mus")
    assert h.awaiting()["seats"] == [2]
    run(h, "2:mus 1:mus")
    assert h.awaiting()["seats"] == [0]


def test_all_four_mus_then_discard_one_to_four_and_the_dealer_replaces_them():
    h = hand_alone(0)
    run(h, "3:mus 2:mus 1:mus 0:mus")
    assert h.awaiting()["phase"] == "discard" and h.awaiting()["seats"] == [3]
    out = run(h, "3:discard=1 2:discard=4 1:discard=KS,QS 0:discard=3")
    assert of(out, "x-mus-draw") == [{"ev": "x-mus-draw", "draw": 1, "served": [3, 2, 4, 1],
                                      "stock": 24 - 10, "discards": 10, "reshuffled": False}]
    assert h.stock == 14 and h.pile == 10


def test_another_round_of_mus_or_no_mus_takes_place_after_the_replacements():
    h = hand_alone(0)
    run(h, "3:mus 2:mus 1:mus 0:mus 3:discard=1 2:discard=1 1:discard=1 0:discard=1")
    assert h.awaiting()["phase"] == "draw" and h.awaiting()["seats"] == [3]
    run(h, "3:mus 2:no-mus")
    assert h.awaiting()["phase"] == "bet" and h.draws == 1


def test_depleted_stock_is_reshuffled_from_the_discards():
    h = hand_alone(0)
    draw = "3:mus 2:mus 1:mus 0:mus 3:discard=4 2:discard=4 1:discard=4 0:discard=4"
    out = run(h, draw)                  # 16 served from 24
    assert h.stock == 8 and h.pile == 16 and not of(out, "x-mus-draw")[0]["reshuffled"]
    out = run(h, draw)                  # seats 3 and 2 take the last 8; seat 1 gets a new stock
    ev = of(out, "x-mus-draw")[0]
    assert ev["reshuffled"] and h.pile == 0
    assert h.stock == 16 + 16 - 8       # every discard so far, less seats 1's and 0's 8
    assert h.stock + h.pile + 16 == 40


def test_reshuffle_sets_the_last_seats_own_discards_aside():
    h = hand_alone(0)
    run(h, "3:mus 2:mus 1:mus 0:mus 3:discard=4 2:discard=4 1:discard=4 0:discard=4")
    run(h, "3:mus 2:mus 1:mus 0:mus 3:discard=4 2:discard=4 1:discard=1 0:discard=AS,2S,4S")
    # 8 in the stock: seats 3 and 2 take them, seat 1 cannot be served, reshuffle of all
    assert h.pile == 0 and h.stock == 16 + 8 + 1 + 3 - 1 - 3
    h = hand_alone(0)
    run(h, "3:mus 2:mus 1:mus 0:mus 3:discard=4 2:discard=4 1:discard=4 0:discard=4")
    out = run(h, "3:mus 2:mus 1:mus 0:mus 3:discard=4 2:discard=3 1:discard=1 0:discard=AS,2S,4S")
    # 8: seat 3 takes 4, seat 2 3, seat 1 1; the dealer (last) finds none: its own 3 stay aside
    assert of(out, "x-mus-draw")[0]["reshuffled"]
    assert h.pile == 3 and h.stock == 16 + 4 + 3 + 1 - 3
    run(h, "3:mus 2:mus 1:mus 0:mus")
    assert "among the discards" in str(raises(CardError, h.call, 3, "discard", {"cards": ["2S"]}))


def test_the_drawing_continues_until_a_player_calls_no_mus():
    h = hand_alone(0)
    for _ in range(5):
        run(h, "3:mus 2:mus 1:mus 0:mus 3:discard=2 2:discard=2 1:discard=2 0:discard=2")
    assert h.draws == 5 and h.stock + h.pile + 16 == 40
    run(h, "3:mus 2:mus 1:no-mus")
    assert h.awaiting()["phase"] == "bet" and h.round_name() == "grande"


# -- Betting --------------------------------------------------------------------------
def test_four_rounds_of_betting_always_in_the_same_order():
    h = betting()
    names = [h.round_name()]
    run(h, PASS4)
    names.append(h.round_name())
    run(h, PASS4 + " 3:pares=y 2:pares=y 1:pares=y 0:pares=y")
    names.append(h.round_name())
    run(h, PASS4 + " 3:juego=y 2:juego=y 1:juego=y 0:juego=y")
    names.append(h.round_name())
    run(h, PASS4)
    assert names == ["grande", "chica", "pares", "juego"] and h.awaiting()["phase"] == "show"


def test_betting_begins_with_the_dealers_right_opening_bid_at_least_two_or_pass():
    h = betting()
    raises(OrderError, h.call, 2, "bid", {"amount": 2})
    assert "at least 2" in str(raises(EventError, h.call, 3, "bid", {"amount": 1}))
    run(h, "3:bid=2")
    assert h.context()["stake"] == {"proposed": 2, "accepted": 1, "by": 3}


def test_after_a_pass_the_next_player_to_the_right_has_the_same_option():
    h = betting()
    run(h, "3:pass")
    assert h.awaiting()["seats"] == [2] and h.awaiting()["calls"] == ["pass", "bid", "ordago"]
    run(h, "2:pass 1:bid=3")
    assert h.context()["stake"]["by"] == 1


def test_the_opponent_to_the_bidders_right_answers_first_and_bids_are_for_the_partnership():
    h = betting()
    run(h, "3:pass 2:bid=2")
    assert h.awaiting()["seats"] == [1, 3]      # seat 1 asked first; its partner may answer
    raises(OrderError, h.call, 0, "see")        # the bidder's partner does not answer
    run(h, "1:fold")
    assert h.awaiting()["seats"] == [3]


def test_see_agrees_to_the_bid_won_by_the_best_cards_for_the_category():
    h = betting()
    out = run(h, "3:bid=5 2:see")
    assert of(out, "x-mus-round")[0]["how"] == "see" and h.rounds[0]["stake"] == 5
    run(h, PASS4 + " 3:pares=n 2:pares=n 1:pares=n 0:pares=n 3:juego=n 2:juego=n 1:juego=n 0:juego=n " + PASS4)
    show(h, {3: "JS 5S 4H AS", 2: "KS QS 6S 4S", 1: "KH 7H 5H AH", 0: "QH 7S 6H 2S"})
    assert h.rounds[0]["winner"] == 0 and h.rounds[0]["points"] == 5     # seat 2's grande


def test_raise_accepts_the_opening_bid_and_proposes_an_increased_bet():
    h = betting()
    run(h, "3:bid=2 2:raise=5")
    assert h.context()["stake"] == {"proposed": 5, "accepted": 2, "by": 2}
    assert h.awaiting()["seats"] == [1, 3] and h.awaiting()["min"] == 6
    out = run(h, "1:fold 3:fold")
    assert of(out, "x-mus-round")[0]["stake"] == 2 and h.totals == [2, 0]


def test_fold_the_side_that_did_not_fold_collects_the_previously_accepted_bid_at_once():
    h = betting()
    run(h, "3:bid=2 2:raise=4 1:raise=7")
    out = run(h, "0:fold 2:fold")
    assert of(out, "x-mus-round") == [{"ev": "x-mus-round", "round": "grande", "how": "fold",
                                       "stake": 4, "winner": 1, "totals": [0, 4]}]
    assert h.score == [0, 4] and h.round_name() == "chica"


def test_all_players_fold_to_an_opening_bid_the_previously_accepted_bid_is_one():
    h = betting()
    run(h, "3:pass 2:bid=6 1:fold")
    assert h.totals == [0, 0]       # one fold is not enough: the partner answers too
    run(h, "3:fold")
    assert h.totals == [1, 0] and h.rounds[0]["stake"] == 1


def test_all_four_pass_the_round_is_worth_one_to_the_better_cards():
    h = betting()
    out = run(h, PASS4)
    assert of(out, "x-mus-round")[0]["how"] == "pass"
    run(h, PASS4 + " 3:pares=n 2:pares=n 1:pares=n 0:pares=n 3:juego=n 2:juego=n 1:juego=n 0:juego=n " + PASS4)
    show(h, NO_PARES)
    grande = h.rounds[0]
    assert grande["winner"] == 1 and grande["points"] == 1


def test_ordago_accepted_decides_the_whole_game_on_the_current_round():
    h = betting(totals=(3, 30))
    out = run(h, "3:pass 2:ordago 1:see")
    assert of(out, "x-mus-round")[0]["how"] == "ordago"
    assert h.awaiting()["phase"] == "show" and h.awaiting()["round"] == "grande"
    raises(OrderError, h.call, 0, "pass")       # the hands are revealed immediately: no chica
    out = show(h, NO_PARES)
    assert h.game_over and h.winner == 1 and h.ended == "ordago" and h.done
    assert h.totals == [3, 30]
    assert of(out, "x-mus-result")[0]["round"] == "grande"


def test_ordago_folded_pays_the_previously_accepted_bid():
    h = betting()
    run(h, "3:bid=3 2:ordago")
    assert h.awaiting()["calls"] == ["see", "fold"]
    raises(OrderError, h.call, 1, "raise", {"amount": 10})
    run(h, "1:fold 3:fold")
    assert h.totals == [3, 0] and not h.game_over


def test_all_bids_are_for_the_partnership():
    h = betting()
    run(h, "3:bid=4 2:see")
    run(h, PASS4 + " 3:pares=n 2:pares=n 1:pares=n 0:pares=n 3:juego=n 2:juego=n 1:juego=n 0:juego=n " + PASS4)
    show(h, {3: "JS 5S 4H AS", 2: "QH 7S 6H 2S", 1: "KS QS 6S 4S", 0: "KH 7H 5H AH"})
    assert h.rounds[0]["winner"] == 1         # seat 3 bid with nothing; its partner's grande wins


def test_hands_stay_concealed_until_all_four_rounds_are_concluded():
    h = betting()
    raises(OrderError, h.show, 3, "KS QS 7S 6S".split())
    run(h, PASS4 + " " + PASS4 + " 3:pares=n 2:pares=n 1:pares=n 0:pares=n 3:juego=n 2:juego=n 1:juego=n")
    raises(OrderError, h.show, 3, "KS QS 7S 6S".split())
    run(h, "0:juego=n " + PASS4)
    assert h.show(3, "KS QS 7S 6S".split()) == []


# -- The rounds ---------------------------------------------------------------------------
def test_grande_compares_the_highest_card_then_the_second_the_third_and_the_lowest():
    assert H.grande(cs("KS 4S 5S 6S")) > H.grande(cs("QS QH QD QC"))
    assert H.grande(cs("KS QS 4S AS")) > H.grande(cs("KH JH 7H 6H"))
    assert H.grande(cs("KS QS JS AS")) > H.grande(cs("KH QH 7H 6H"))
    assert H.grande(cs("KS QS JS 5S")) > H.grande(cs("KH QH JH 4H"))


def test_chica_compares_the_lowest_card_then_the_second_lowest():
    assert H.chica(cs("AS KS KH KD")) > H.chica(cs("4S 4H 5S 5H"))
    assert H.chica(cs("AS 2S 4S KS")) > H.chica(cs("AH 2H 5H 6H"))
    assert H.chica(cs("AS 4S 5S 7S")) > H.chica(cs("AH 4H 5H JH"))


def test_pares_players_declare_in_turn_before_betting():
    h = betting()
    run(h, PASS4 + " " + PASS4)
    assert h.awaiting() == {"phase": "declare", "seats": [3], "round": "pares", "calls": ["pares"]}
    raises(OrderError, h.call, 2, "pares", {"has": True})
    raises(OrderError, h.call, 3, "juego", {"has": True})
    raises(OrderError, h.call, 3, "pass")
    run(h, "3:pares=y 2:pares=n")
    assert h.context()["declarations"]["pares"] == [None, None, False, True]


def test_pares_betting_takes_place_when_both_sides_have_pares():
    h = betting()
    run(h, PASS4 + " " + PASS4 + " 3:pares=n 2:pares=y 1:pares=y 0:pares=n")
    w = h.awaiting()
    assert w["phase"] == "bet" and w["round"] == "pares" and w["seats"] == [2]
    run(h, "2:bid=2")
    assert h.awaiting()["seats"] == [1]     # only the seats with pares speak
    run(h, "1:fold")
    assert h.totals == [1, 0] and h.awaiting()["phase"] == "declare" and h.round_name() == "juego"


def test_duples_two_pair_compared_by_higher_pair_then_lower_bonus_three():
    assert H.pares_name(H.pares(cs("KS 3H 4S 4H"))) == "duples"
    assert H.pares_name(H.pares(cs("7S 7H 2S 2H"))) == "duples"
    assert H.pares(cs("KS KH 4S 4H")) > H.pares(cs("QS QH JS JH"))
    assert H.pares(cs("KS KH 5S 5H")) > H.pares(cs("KD KC 4S 4H"))
    assert H.pares_bonus(H.pares(cs("KS 3H 4S 4H"))) == 3
    assert H.pares_name(H.pares(cs("KS KH 3D 3C"))) == "duples"     # four alike


def test_medias_three_of_a_kind_with_an_unmatched_card_bonus_two():
    assert H.pares_name(H.pares(cs("5S 5H 5D QS"))) == "medias"
    assert H.pares_name(H.pares(cs("AS AH 2S 6S"))) == "medias"
    assert H.pares(cs("6S 6H 6D AS")) > H.pares(cs("5S 5H 5D KS"))     # the three first
    assert H.pares(cs("5S 5H 5D KS")) > H.pares(cs("5C 4H 4D 4S")) > 0
    assert H.pares(cs("5S 5H 5D KS")) > H.pares(cs("5C 5H 5D QS"))      # then the kicker
    assert H.pares_bonus(H.pares(cs("5S 5H 5D QS"))) == 2


def test_par_simple_compared_by_pair_then_higher_kicker_then_lower_bonus_one():
    assert H.pares_name(H.pares(cs("KS 3H 7S AS"))) == "par"
    assert H.pares_name(H.pares(cs("JS JH 6S 4S"))) == "par"
    assert H.pares(cs("QS QH 4S AS")) > H.pares(cs("JS JH KS 7S"))
    assert H.pares(cs("JS JH KS 4S")) > H.pares(cs("JD JC 7S 6S"))
    assert H.pares(cs("JS JH 7S 5S")) > H.pares(cs("JD JC 7H 4S"))
    assert H.pares_bonus(H.pares(cs("JS JH 6S 4S"))) == 1
    assert H.pares(cs("KS QS JS 7S")) == 0


def test_pares_combinations_from_highest_duples_medias_par():
    duples, medias, par = H.pares(cs("4S 4H AS 2H")), H.pares(cs("KS KH KD QS")), H.pares(cs("KS KH QS JS"))
    assert duples > medias > par > 0


def test_juego_values_aces_one_faces_and_threes_ten_others_face_value():
    assert H.total(cs("AS 2S 3S KS")) == 1 + 1 + 10 + 10
    assert H.total(cs("JS QS 7S 4S")) == 10 + 10 + 7 + 4
    assert H.total(cs("5S 6S 7S 4H")) == 22


def test_juego_players_declare_in_turn_31_or_more():
    h = betting()
    run(h, PASS4 + " " + PASS4 + " 3:pares=n 2:pares=n 1:pares=n 0:pares=n")
    assert h.awaiting()["calls"] == ["juego"] and h.awaiting()["seats"] == [3]
    raises(EventError, h.call, 3, "juego", {"has": "yes"})
    run(h, "3:juego=y 2:juego=n 1:juego=n 0:juego=y")
    assert h.awaiting()["round"] == "juego" and h.awaiting()["seats"] == [3]
    assert H.juego(cs("KS QS JS AS")) > 0 and H.juego(cs("KS QS 7S 2S")) == 0


def test_juego_31_is_best_then_32_then_40_then_down_to_33():
    order = ["KS QS JS AS", "KS QS 7S 5S", "KS QS JS KH", "KS QS JS 7S", "KS QS JS 6S",
             "KS QS JS 5S", "KS QS JS 4S", "KS QS 7S 6S"]
    totals = [H.total(cs(x)) for x in order]
    assert totals == [31, 32, 40, 37, 36, 35, 34, 33]
    ks = [H.juego(cs(x)) for x in order]
    assert ks == sorted(ks, reverse=True) and len(set(ks)) == len(ks)


def test_juego_31_bonus_three_others_two():
    assert H.juego_bonus(H.juego(cs("KS QS JS AS"))) == 3
    for hand in ("KS QS 7S 5S", "KS QS JS KH", "KS QS 7S 6S"):
        assert H.juego_bonus(H.juego(cs(hand))) == 2


def test_punto_is_played_only_if_nobody_holds_juego():
    h = betting()
    run(h, PASS4 + " " + PASS4 + " 3:pares=n 2:pares=n 1:pares=n 0:pares=n 3:juego=n 2:juego=n 1:juego=n 0:juego=n")
    assert h.awaiting()["round"] == "punto" and h.awaiting()["seats"] == [3]
    h = betting()
    run(h, PASS4 + " " + PASS4 + " 3:pares=n 2:pares=n 1:pares=n 0:pares=n 3:juego=n 2:juego=n 1:juego=y 0:juego=n")
    assert h.awaiting()["round"] == "juego"         # juego is bet: no punto
    run(h, PASS4)
    assert h.awaiting()["phase"] == "show" and [r["name"] for r in h.rounds][-1] == "juego"
    assert H.showdown([cs("KS QS JS AS"), cs("4S 5S 6S 7S"), cs("AH 2H 4H 5H"), cs("KH QH 7H 6H")], 0)[H.PUNTO] is None


def test_punto_highest_total_thirty_best_bonus_one():
    assert H.punto(cs("KS QS 6S 4S")) == 30 > H.punto(cs("KS QS 5S 4S")) == 29
    assert H.punto(cs("AS 2S AH 2H")) == 4 and H.punto(cs("KS QS JS AS")) == 0
    h = betting()
    run(h, PASS4 + " " + PASS4 + " 3:pares=n 2:pares=n 1:pares=n 0:pares=n 3:juego=n 2:juego=n 1:juego=n 0:juego=n")
    run(h, "3:bid=2 2:see")
    show(h, NO_PARES)       # seat 3's 30 (team 1)
    punto = h.rounds[-1]
    assert punto["name"] == "punto" and punto["winner"] == 1 and punto["bonus"] == 1 and punto["points"] == 3


def test_identical_hands_go_to_whoever_comes_first_in_turn_order():
    hands = [cs("KS QS 7S 6S"), cs("KH QH 7H 6H"), cs("JS 5S 4S AS"), cs("KD QD 7D 6D")]
    # dealer 0: order 3, 2, 1, 0; seats 3, 1 and 0 tie at grande: seat 3 is first
    assert H.round_winner(H.GRANDE, hands, 0) == 3
    assert H.round_winner(H.GRANDE, hands, 2) == 1     # dealer 2: order 1, 0, 3, 2
    assert H.round_winner(H.GRANDE, hands, 3) == 1     # dealer 3: order 2, 1, 0, 3


# -- Resolution ---------------------------------------------------------------------------
def test_payouts_in_the_order_of_the_betting_rounds_after_all_four():
    h = betting()
    run(h, "3:bid=2 2:see 3:pass 2:pass 1:pass 0:pass 3:pares=y 2:pares=n 1:pares=n 0:pares=y "
           "3:bid=3 0:see 3:juego=n 2:juego=n 1:juego=n 0:juego=n 3:pass 2:pass 1:pass 0:pass")
    assert h.totals == [0, 0]
    out = show(h, {3: "KS KH AS 4S", 2: "JS 5S 4D 2S", 1: "QH 7H 6H 5H", 0: "QS QD 4H AH"})
    assert [(e["round"], e["how"]) for e in of(out, "x-mus-result")] == [
        ("grande", "see"), ("chica", "pass"), ("pares", "see"), ("punto", "pass")]
    res = dict((e["round"], (e["winner"], e["points"])) for e in of(out, "x-mus-result"))
    assert res["grande"] == (1, 2)      # seat 3's K K
    assert res["chica"] == (0, 1)       # seat 2's A 4 5 J beats seat 0's A 4 Q Q
    assert res["pares"] == (1, 3 + 1)   # seat 3's kings beat seat 0's queens, plus its par
    assert res["punto"] == (1, 1 + 1)   # seat 1's 28, plus punto's bonus
    assert h.score == [1, 8] and h.totals == [1, 8] and not of(out, "violation")


def test_forty_points_stop_immediately_even_if_a_later_round_would_pass_them():
    h = betting(totals=(38, 38))
    run(h, "3:pass 2:pass 1:pass 0:pass 3:bid=2 2:see 3:pares=n 2:pares=n 1:pares=n 0:pares=n "
           "3:juego=n 2:juego=n 1:juego=n 0:juego=n 3:pass 2:pass 1:pass 0:pass")
    out = show(h, NO_PARES)
    # grande (1 point) to team 1 (seat 3): 39; chica (2) to team 0 (seat 2, A 4 5 J): 40, stop
    assert h.game_over and h.winner == 0 and h.totals == [40, 39]
    assert [e["round"] for e in of(out, "x-mus-result")] == ["grande", "chica"]
    assert [r["paid"] for r in h.rounds] == [True, True, True, False]     # pares was skipped


def test_no_forty_after_four_rounds_the_deal_passes_to_the_right():
    h = betting()
    run(h, PASS4 + " " + PASS4 + " 3:pares=n 2:pares=n 1:pares=n 0:pares=n 3:juego=n 2:juego=n 1:juego=n 0:juego=n " + PASS4)
    show(h, NO_PARES)
    assert h.done and not h.game_over and h.winner is None and h.ended is None
    assert next_dealer(0) == 3


# -- Readings where the seed is silent -------------------------------------------------------
def test_if_at_least_one_person_answers_yes_the_betting_round_takes_place():
    h = betting()
    out = run(h, PASS4 + " " + PASS4 + " 3:pares=y 2:pares=n 1:pares=n 0:pares=n")
    assert len(of(out, "x-mus-round")) == 2 and h.awaiting()["round"] == "pares"
    assert h.awaiting()["seats"] == [3]             # every seat speaks, in turn
    run(h, "3:bid=2 2:see")                         # the other side may see the bet
    assert h.rounds[2]["how"] == "see" and h.rounds[2]["stake"] == 2
    run(h, "3:juego=n 2:juego=n 1:juego=n 0:juego=n " + PASS4)
    show(h, {3: "KS KH AS 4S", 2: "JS 5S 4D 2S", 1: "QH 6S AH 4H", 0: "JH 7H 4C AC"})
    assert h.rounds[2]["winner"] == 1 and h.rounds[2]["points"] == 2 + 1


def test_practice_a_round_declared_by_one_side_alone_is_not_bet_and_goes_to_that_side():
    h = betting(options=PRACTICE)
    out = run(h, PASS4 + " " + PASS4 + " 3:pares=y 2:pares=n 1:pares=y 0:pares=n")
    assert of(out, "x-mus-round")[-1]["how"] == "only" and h.awaiting()["round"] == "juego"
    run(h, "3:juego=n 2:juego=n 1:juego=n 0:juego=n " + PASS4)
    out = show(h, {3: "KS KH AS 4S", 2: "JS 5S 4D 2S", 1: "QH QS AH 4H", 0: "JH 7H 4C AC"})
    assert not of(out, "violation")
    pares = h.rounds[2]
    assert pares["winner"] == 1 and pares["bonus"] == 2 and pares["points"] == 1 + 2
    h = betting(options={"lone_side": "only", "lone_stake": 0})
    run(h, PASS4 + " " + PASS4 + " 3:pares=y 2:pares=n 1:pares=n 0:pares=n")
    assert h.rounds[2]["stake"] == 0


def test_reading_nobody_declares_pares_the_round_is_skipped():
    h = betting()
    out = run(h, PASS4 + " " + PASS4 + " 3:pares=n 2:pares=n 1:pares=n 0:pares=n")
    assert of(out, "x-mus-round")[-1]["how"] == "skip"
    assert h.awaiting()["round"] == "juego"


def test_practice_the_winning_side_collects_both_partners_bonuses():
    h = betting(options={"bonus": "side"})
    run(h, PASS4 + " " + PASS4 + " 3:pares=y 2:pares=y 1:pares=y 0:pares=n 3:pass 2:pass 1:pass")
    run(h, "3:juego=n 2:juego=n 1:juego=n 0:juego=n " + PASS4)
    out = show(h, {3: "KS KH AS 4S", 2: "JS JH 4D 2S", 1: "5H 5S 5D 6H", 0: "QH 7H 4H AH"})
    assert not of(out, "violation")
    pares = h.rounds[2]
    assert pares["winner"] == 1 and pares["bonus"] == 1 + 2 and pares["points"] == 1 + 3


def test_either_opponent_may_answer_a_bid():
    h = betting()
    run(h, "3:bid=2")
    assert h.awaiting()["seats"] == [2, 0]
    out = run(h, "0:see")                       # the second opponent answers first
    assert of(out, "x-mus-round")[0]["how"] == "see" and h.round_name() == "chica"
    h = betting()
    run(h, "3:bid=2 0:fold")                    # one opponent folds ...
    assert h.awaiting()["seats"] == [2]
    raises(OrderError, run, h, "0:see")         # ... and is out of the answer
    run(h, "2:raise=5")                         # ... the other raises
    assert h.awaiting()["seats"] == [1, 3]


def test_after_one_opponent_folds_every_later_call_of_the_hand_is_judged():
    h = betting()
    run(h, "3:bid=2 2:fold 0:see")              # grande seen at 2 after a fold
    run(h, "3:bid=3 2:fold 0:fold")             # chica folded by both: 1 collected at once
    assert [r["how"] for r in h.rounds] == ["see", "fold"] and h.totals == [0, 1]
    run(h, "3:pares=n 2:pares=n 1:pares=n 0:pares=n 3:juego=n 2:juego=n 1:juego=n 0:juego=n")
    run(h, "3:pass 2:bid=2 1:fold 3:see")       # punto: seat 3 answers after seat 1 folded
    assert [r["how"] for r in h.rounds] == ["see", "fold", "skip", "see"]
    out = show(h, NO_PARES)
    assert h.done and not of(out, "violation")


def test_the_player_with_the_best_combination_is_entitled_to_a_bonus():
    h = betting()           # the text, the default (option bonus "best")
    run(h, PASS4 + " " + PASS4 + " 3:pares=y 2:pares=y 1:pares=y 0:pares=n 3:pass 2:pass 1:pass")
    run(h, "3:juego=n 2:juego=n 1:juego=n 0:juego=n " + PASS4)
    show(h, {3: "KS KH AS 4S", 2: "JS JH 4D 2S", 1: "5H 5S 5D 6H", 0: "QH 7H 4H AH"})
    pares = h.rounds[2]
    assert pares["winner"] == 1 and pares["bonus"] == 2 and pares["points"] == 1 + 2   # seat 1's medias
    raises(EventError, options_of, {"bonus": "both"})


def test_reading_bonuses_are_paid_even_when_the_round_was_won_by_a_fold():
    script = (PASS4 + " " + PASS4 + " 3:pares=y 2:pares=y 1:pares=n 0:pares=n 3:bid=2 2:fold "
              "3:juego=n 2:juego=n 1:juego=n 0:juego=n " + PASS4)
    hands = {3: "7S 7H AS 4S", 2: "6S 6H 6D 2D", 1: "QH 7C 6C 5H", 0: "QS 5S 4H AH"}
    h = betting()
    run(h, script)
    assert h.totals == [0, 1]
    show(h, hands)
    assert h.rounds[2]["winner"] == 1 and h.rounds[2]["bonus"] == 1 and h.rounds[2]["points"] == 2
    h = betting(options={"fold_bonus": False})
    run(h, script)
    show(h, hands)
    assert h.rounds[2]["points"] == 1 and h.rounds[2]["bonus"] == 0


def test_reading_a_fold_that_reaches_forty_ends_the_game_at_once():
    h = betting(totals=(0, 39))
    run(h, "3:bid=2 2:fold 0:fold")
    assert h.game_over and h.winner == 1 and h.ended == "fold" and h.done
    raises(OrderError, h.call, 3, "pass")


def test_reading_ordago_can_open_and_only_be_seen_or_folded():
    h = betting()
    run(h, "3:ordago")
    assert h.awaiting()["calls"] == ["see", "fold"]
    raises(OrderError, h.call, 2, "ordago")


def test_reading_bets_are_at_most_the_target():
    h = betting()
    assert "ordago" in str(raises(EventError, h.call, 3, "bid", {"amount": 41}))
    run(h, "3:bid=40")
    assert h.awaiting()["calls"] == ["see", "fold", "ordago"]
    raises(EventError, h.call, 2, "raise", {"amount": 41})


# -- False declarations ---------------------------------------------------------------------
def test_false_declaration_of_pares_is_proven_at_the_showdown():
    h = betting()
    run(h, PASS4 + " " + PASS4 + " 3:pares=y 2:pares=y 1:pares=n 0:pares=n 3:pass 2:pass")
    run(h, "3:juego=n 2:juego=n 1:juego=n 0:juego=n " + PASS4)
    out = show(h, {3: "KS QS 6S 4S", 2: "JS JH 4D AS", 1: "KH 7H 5H AH", 0: "QD 7D 4C AC"})
    v = of(out, "violation")
    assert v == [{"ev": "violation", "hand": None, "trick": None, "seat": 3, "card": None,
                  "rule": "false-declaration", "proven": "showdown", "declaration": "pares",
                  "said": True, "cards": ["KS", "QS", "6S", "4S"]}]
    assert h.violations == v
    pares = h.rounds[2]
    assert pares["winner"] == 0 and pares["bonus"] == 1     # the lying side loses the round


def test_false_declaration_of_no_juego_keeps_the_seat_out_of_the_round():
    h = betting(options=PRACTICE)
    run(h, PASS4 + " " + PASS4 + " 3:pares=n 2:pares=n 1:pares=n 0:pares=n")
    run(h, "3:juego=n 2:juego=y 1:juego=n 0:juego=n")       # seat 3 hides a 31
    out = show(h, {3: "KS QS JS AS", 2: "KH QH JH 4S", 1: "7H 6H 5H 4H", 0: "7S 6S 5S AH"})
    v = of(out, "violation")
    assert [(e["seat"], e["declaration"], e["said"]) for e in v] == [(3, "juego", False)]
    juego = h.rounds[3]
    assert juego["how"] == "only" and juego["winner"] == 0 and juego["bonus"] == 2


def test_false_declaration_of_juego_by_both_sides_leaves_an_ordago_undecided():
    h = betting()
    run(h, PASS4 + " " + PASS4 + " 3:pares=n 2:pares=n 1:pares=n 0:pares=n")
    run(h, "3:juego=y 2:juego=y 1:juego=n 0:juego=n 3:ordago 2:see")
    show(h, NO_PARES)
    assert len(h.violations) == 2 and h.ended == "ordago" and not h.game_over
    assert h.rounds[3]["winner"] is None


# -- PROTOCOL 1.1's Mus rows -------------------------------------------------------------------
def test_protocol_mus_and_no_mus_each_seat_in_turn_one_no_mus_ends_the_drawing():
    h = hand_alone(0)
    run(h, "3:mus 2:mus")
    raises(OrderError, h.call, 0, "mus")
    run(h, "1:no-mus")
    assert h.awaiting()["phase"] == "bet"
    raises(OrderError, h.call, 0, "mus")


def test_protocol_discard_with_cards_or_count_each_seat_after_four_mus():
    h = hand_alone(0)
    assert "before four 'mus'" in str(raises(OrderError, h.call, 3, "discard", {"count": 1}))
    run(h, "3:mus 2:mus 1:mus")
    raises(OrderError, h.call, 3, "discard", {"count": 1})
    run(h, "0:mus")
    raises(EventError, h.call, 3, "discard", {})
    raises(EventError, h.call, 3, "discard", {"count": 5})
    raises(EventError, h.call, 3, "discard", {"count": 0})
    raises(EventError, h.call, 3, "discard", {"count": True})
    raises(EventError, h.call, 3, "discard", {"cards": "KS"})
    raises(EventError, h.call, 3, "discard", {"cards": ["KS"], "count": 2})
    raises(CardError, h.call, 3, "discard", {"cards": ["KS", "KS"]})
    raises(CardError, h.call, 3, "discard", {"cards": ["9S"]})
    raises(OrderError, h.call, 2, "discard", {"count": 1})
    run(h, "3:discard=KS,QS 2:discard=1")
    raises(CardError, h.call, 1, "discard", {"cards": ["QS"]})   # seat 3 threw it
    run(h, "1:discard=4 0:discard=AH")
    assert h.stock == 24 - 8 and h.pile == 8


def test_protocol_pares_and_juego_with_has_each_seat_in_turn_before_the_round():
    h = betting()
    raises(OrderError, h.call, 3, "pares", {"has": True})
    run(h, PASS4 + " " + PASS4)
    raises(EventError, h.call, 3, "pares", {})
    run(h, "3:pares=y 2:pares=n 1:pares=n 0:pares=n")
    raises(OrderError, h.call, 3, "pares", {"has": True})
    run(h, PASS4)                   # pares is bet: seat 3 said yes
    run(h, "3:juego=y 2:juego=n 1:juego=n 0:juego=n")
    assert h.context()["declarations"] == {"pares": [False, False, False, True],
                                           "juego": [False, False, False, True]}


def test_protocol_betting_words_in_the_current_round_amount_is_the_whole_stake():
    h = betting()
    raises(OrderError, h.call, 3, "see")
    raises(OrderError, h.call, 3, "raise", {"amount": 4})
    raises(OrderError, h.call, 3, "fold")
    raises(EventError, h.call, 3, "bid", {})
    raises(EventError, h.call, 3, "bid", {"amount": "4"})
    run(h, "3:bid=4")
    raises(OrderError, h.call, 2, "bid", {"amount": 6})
    raises(OrderError, h.call, 2, "pass")
    assert "not above" in str(raises(OrderError, h.call, 2, "raise", {"amount": 4}))
    run(h, "2:raise=9")
    assert h.context()["stake"] == {"proposed": 9, "accepted": 4, "by": 2}
    run(h, "1:see")
    assert h.rounds[0]["stake"] == 9 and h.round_name() == "chica"


def test_protocol_hands_are_read_at_the_showdown_as_hand_events():
    h = betting()
    run(h, PASS4 + " " + PASS4 + " 3:pares=n 2:pares=n 1:pares=n 0:pares=n 3:juego=n 2:juego=n 1:juego=n 0:juego=n " + PASS4)
    assert h.awaiting() == {"phase": "show", "seats": [3, 2, 1, 0], "round": None, "calls": []}
    raises(EventError, h.show, 3, ["KS", "QS", "7S"])
    raises(CardError, h.show, 3, ["KS", "QS", "7S", "8S"])
    raises(CardError, h.show, 3, ["KS", "QS", "7S", "KS"])
    raises(OrderError, h.call, 3, "pass")
    assert h.show(3, ["KS", "QS", "7S", "6S"]) == []
    raises(OrderError, h.show, 3, ["KH", "QH", "7H", "6H"])
    raises(CardError, h.show, 2, ["KS", "QH", "7H", "6H"])
    assert h.awaiting()["seats"] == [2, 1, 0]
    show(h, {2: "JS 5S 4S AS", 1: "KH QH 6H 5H", 0: "JH 7H 4H AH"})
    assert h.done
    raises(OrderError, h.show, 0, ["KC", "QC", "7C", "6C"])


# -- Bad calls: errors quoting them, nothing changed ---------------------------------------------
def test_bad_calls_are_errors_and_change_nothing():
    h = betting()
    before = h.context()
    for seat, word, ev, exc in ((2, "bid", {"amount": 2}, OrderError),      # out of turn
                                (3, "bid", {"amount": 1}, EventError),      # below 2
                                (3, "envido", {}, EventError),              # unknown word
                                (4, "pass", {}, EventError),                # no such seat
                                (3, "mus", {}, OrderError)):                # the draw is over
        err = raises(exc, h.call, seat, word, ev)
        assert repr(word) in str(err) or "seat" in str(err)
        assert h.context() == before


def test_a_call_after_the_hand_ended_is_refused():
    h = betting()
    run(h, PASS4 + " " + PASS4 + " 3:pares=n 2:pares=n 1:pares=n 0:pares=n 3:juego=n 2:juego=n 1:juego=n 0:juego=n " + PASS4)
    show(h, NO_PARES)
    assert "after the hand ended" in str(raises(OrderError, h.call, 3, "pass"))


def test_options_are_checked():
    raises(EventError, options_of, {"direction": "up"})
    raises(EventError, options_of, {"fold_bonus": 1})
    raises(EventError, options_of, {"lone_stake": 2})
    raises(EventError, options_of, {"lone_stake": True})      # true == 1 in Python, not a stake
    raises(EventError, hand_alone, 4)
    raises(EventError, hand_alone, 0, (0,))
    raises(EventError, hand_alone, 0, 5)
    raises(EventError, hand_alone, 0, (0, -1))
    raises(EventError, hand_alone, 0, (0, 0), 0)
    assert options_of({"target": 30, "direction": "cw"})["direction"] == "cw"


def test_a_hand_plays_by_the_description_it_is_given():
    err = raises(TypeError, MusHand, 0)
    assert "hand_alone" in str(err)
    game = description({"direction": "cw"}, 30)
    h = MusHand(1, (0, 0), game=game)
    assert h.game is game and h.target == 30 and h.order == [2, 3, 0, 1]
    alone = hand_alone(1, target=30, options={"direction": "cw"})
    assert alone.game is game and alone.order == h.order
    assert description() is description() and description() is not game


def test_context_shows_the_round_the_stake_and_who_must_answer():
    h = betting()
    run(h, "3:bid=2 2:see 3:pass 2:bid=3")
    c = h.context()
    assert c["round"] == "chica" and c["awaiting"] == [1, 3] and c["phase"] == "bet"
    assert c["stake"] == {"proposed": 3, "accepted": 1, "by": 2}
    assert c["bets"] == [{"round": "grande", "how": "see", "stake": 2, "winner": None}]


def test_apply_takes_the_protocol_call_and_hand_events():
    h = hand_alone(0)
    assert h.apply({"ev": "call", "seat": 3, "call": "no-mus"}) == []
    h.apply({"ev": "call", "seat": 3, "call": "bid", "amount": 3})
    assert h.context()["stake"]["proposed"] == 3
    raises(EventError, h.apply, {"ev": "play", "seat": 2, "card": "KS"})
    raises(EventError, h.apply, {"ev": "call", "seat": 2})
    raises(OrderError, h.apply, {"ev": "hand", "seat": 2, "cards": ["KS", "QS", "JS", "7S"]})


def test_the_best_seat_in_the_hands_turn_order_is_the_best_from_the_dealers_right():
    """MusHand ranks the showdown over its description's turn order (best_in_turn):
    the same seat as counting from the dealer's right (best), ties included."""
    import random
    random.seed(7)
    for _ in range(300):
        keys = [random.getrandbits(2) for _ in range(4)]
        eligible = [random.getrandbits(1) == 1 for _ in range(4)]
        for dealer in range(4):
            for direction in ("ccw", "cw"):
                order = hand_alone(dealer, options={"direction": direction}).order
                step = -1 if direction == "ccw" else 1
                first = H.first_seat(dealer, step)
                assert H.best_in_turn(keys, order) == H.best(keys, first, step)
                assert H.best_in_turn(keys, order, eligible) == H.best(keys, first, step, eligible)


# -- House rules (issue 35): 8 kings or 4, 31 real ------------------------------------------
def test_with_eight_kings_the_3s_are_kings_and_the_2s_aces():
    assert H.pares(cs("KS 3H 6S 4S")) >> 12 == 1            # K-3 is a pair
    assert H.keys(cs("KS 3H 6S 4S"), 8)[H.PARES] >> 12 == 1
    assert H.juego_total(H.keys(cs("3S 3H KS AS"), 8)[H.JUEGO]) == 31


def test_option_kings_4_the_3s_and_2s_are_their_own_ranks():
    k = H.keys(cs("KS 3H 6S 4S"), 4)
    assert k[H.PARES] == 0                                  # no pair any more
    assert H.keys(cs("3S 3H 6S 4S"), 4)[H.PARES] >> 12 == 1
    assert k[H.JUEGO] == 0 and k[H.PUNTO] == 10 + 3 + 6 + 4     # a 3 counts 3
    # grande: a 3 is below the 4, above the 2, above the ace
    assert H.keys(cs("4S AH AD AC"), 4)[H.GRANDE] > H.keys(cs("3S AS 2D AC"), 4)[H.GRANDE]
    assert H.keys(cs("3S AH AD AC"), 4)[H.GRANDE] > H.keys(cs("2S AS 2D AC"), 4)[H.GRANDE]
    # chica: A A A 2 beats A A 2 2 with four kings (equal with eight)
    assert H.keys(cs("AS AH AD 2C"), 4)[H.CHICA] > H.keys(cs("AC 2H 2D 4C"), 4)[H.CHICA]


def test_option_kings_4_at_the_showdown():
    h = betting(options={"kings": 4})
    run(h, PASS4 + " " + PASS4 + " 3:pares=n 2:pares=y 1:pares=n 0:pares=n " + PASS4)
    run(h, "3:juego=n 2:juego=n 1:juego=n 0:juego=n " + PASS4)
    out = show(h, {3: "KS 3H AS 4S", 2: "5S 5H 6D 7S", 1: "QH 7H 6H AH", 0: "JH 4H 4C 2C"})
    v = of(out, "violation")
    assert [(e["seat"], e["declaration"]) for e in v] == [(0, "pares")], v   # 4 4 is a pair: seat 0 hid it
    assert h.rounds[2]["winner"] == 0
    raises(EventError, options_of, {"kings": 6})


def test_option_real31_three_sevens_and_a_jack_beat_every_other_31():
    real = cs("7S 7H 7D JS")
    other = cs("KS QS JH AS")
    assert H.keys(real)[H.JUEGO] == H.keys(other)[H.JUEGO] == H.JUEGO_31     # the text: two 31s
    assert H.keys(real, 8, True)[H.JUEGO] > H.keys(other, 8, True)[H.JUEGO]
    assert H.juego_bonus(H.keys(real, 8, True)[H.JUEGO]) == 3
    assert H.juego_total(H.keys(real, 8, True)[H.JUEGO]) == 31
    for opts, winner in (({}, 1), ({"real31": True}, 0)):
        h = betting(options=opts)
        run(h, PASS4 + " " + PASS4 + " 3:pares=n 2:pares=y 1:pares=n 0:pares=n " + PASS4)
        run(h, "3:juego=y 2:juego=y 1:juego=n 0:juego=n 3:pass 2:pass")
        show(h, {3: "KS QS JH AS", 2: "7S 7H 7D JS", 1: "QH 6H 5H 4H", 0: "JD 6D 5C 4C"})
        assert h.rounds[3]["winner"] == winner, opts     # the mano (seat 3) wins the tie of 31s
