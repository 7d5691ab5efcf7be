"""Brisca (../shared/rules/brisca.md): one test per rule point of the sheet, on hand-made
logs, and the stock's draws as the table takes them (rules/stages.py, rules/match.py)."""
from game_rules.kit import (Match, call, cards, errors, games, of, play, playout, raises, start)

OrderError, CardError, EventError = errors.OrderError, errors.CardError, errors.EventError
try:
    from tapete.rules import stock
except ImportError:     # MicroPython: the rule module is the package `rules`
    from rules import stock


def _seeded(n):
    """The module `random`, seeded (MicroPython's has no Random class)."""
    import random
    random.seed(n)
    return random


def two(turnup="KC", hands=None, options=None):
    """Two players, seat 0 deals; clubs are trumps (the rey turned); seat 1 leads."""
    return start("brisca", dealer=0, turnup=turnup, hands=hands, options=options, seats=2)


# -- 1. Players, 2. pack and ranking, 3. points --------------------------------------
def test_two_and_three_play_each_for_themselves_four_in_partnerships():
    assert games.get("brisca", None, 2).teams == 2
    three = games.get("brisca", None, 3)
    assert three.teams == 3 and list(three.team_of) == [0, 1, 2]
    four = games.get("brisca", None, 4)
    assert list(four.team_of) == [0, 1, 0, 1]
    raises(EventError, games.get, "brisca", None, 5)


def test_forty_cards_and_thirty_six_at_three_without_the_twos():
    assert len(cards.cards_of(games.get("brisca", None, 2).deck)) == 40
    three = cards.cards_of(games.get("brisca", None, 3).deck)
    assert len(three) == 36 and all(cards.face_of(c) != 2 for c in three)


def test_as_tres_rey_caballo_sota_then_seven_down_to_two():
    g = games.get("brisca", None, 2)
    order = [1, 3, 13, 12, 11, 7, 6, 5, 4, 2]
    for hi, lo in zip(order, order[1:]):
        assert g.strength[cards.card(0, hi)] > g.strength[cards.card(0, lo)]


def test_eleven_ten_four_three_two_and_one_hundred_twenty_a_deal_no_last_trick():
    for seats in (2, 3, 4):
        g = games.get("brisca", None, seats)
        assert g.total_points == 120 and g.last_trick == 0 and g.trick_point == 0
    g = games.get("brisca", None, 2)
    assert [g.points_of[cards.card(1, f)] for f in (1, 3, 13, 12, 11, 7, 2)] == [11, 10, 4, 3, 2, 0, 0]


# -- 4. The deal and the stock -----------------------------------------------------------
def test_three_cards_each_and_the_stock_makes_the_tricks_of_the_sheets_table():
    want = {2: (20, 34), 3: (12, 27), 4: (10, 28)}      # tricks, stock with the turn-up
    for seats in want:
        m, _ = start("brisca", dealer=0, turnup="KC", seats=seats)
        assert m.hand_cards == 3 and (m.hand_tricks, m.stock) == want[seats], seats
        assert m.game.stages == ("deal", "turnup", "draw", "tricks", "score")


def test_the_turn_up_is_from_the_stock_not_a_dealt_card():
    m, _ = start("brisca", dealer=0, seats=2, hands={0: "AD 2D 3D"})
    raises(CardError, m.apply, {"ev": "turnup", "card": "AD"})
    out = m.apply({"ev": "turnup", "card": "KC"})
    assert of(out, "trump")[0]["suit"] == "C"
    assert not m.played[3] & cards.bit(cards.parse("KC"))      # in play: drawn last


# -- 5. Who leads, 6. no duty, 7. the trick -------------------------------------------
def test_anticlockwise_the_dealers_right_leads_then_the_winner():
    m, _ = start("brisca", dealer=0, turnup="KC", seats=4)
    assert m.turn == 3
    play(m, "3:AH 2:2H 1:3H 0:4H")
    assert m.turn == 3


def test_no_duty_to_follow_or_to_trump_ever():
    m, _ = two(hands={0: "AD 2S 3S", 1: "2H 4H 5H"})
    out = play(m, "1:2H 0:2S")       # seat 0 holds no heart; any card goes: 2S discarded
    assert not of(out, "violation") and of(out, "trick")[0]["winner"] == 1
    assert m.game.legal(cards.hand_of([cards.parse(c) for c in ("AD", "2H", "5C")]), m.trick) \
        == cards.hand_of([cards.parse(c) for c in ("AD", "2H", "5C")])


def test_a_trump_beats_any_plain_card_and_a_third_suit_never_wins():
    m, _ = two()
    assert of(play(m, "1:AH 0:2C"), "trick")[0]["winner"] == 0
    assert of(play(m, "0:4S 1:AD"), "trick")[0]["winner"] == 0


# -- 6.2 Drawing: the table never sees it ----------------------------------------------
def test_each_trick_draws_a_round_until_the_stock_is_out_then_the_arrastre():
    m, _ = two()
    assert m.stock == 34
    play(m, "1:AH 0:2H")
    assert m.stock == 32 and stock.cards_held(m, 0) == 3 and stock.cards_held(m, 1) == 3


def test_a_known_hand_is_no_longer_known_after_a_draw_but_its_cards_stay_held():
    m, _ = two(hands={0: "AD 2S 3S", 1: "2H 4H 5H"})
    assert m.known[0] and m.known[1]
    play(m, "1:2H 0:2S")
    assert not m.known[0] and not m.known[1]
    assert cards.holds(m.holding[0], cards.parse("AD"))     # dealt and not played: still held
    out = play(m, "1:7C 0:4C")       # a card drawn: no not-in-hand violation
    assert not of(out, "violation")


def test_the_last_drawer_takes_the_turn_up_a_card_it_must_hold():
    rng = _seeded(5)
    m, _ = two(turnup="KC")
    hands = {0: [], 1: []}
    playout.refill(m, hands, rng)
    while m.stock:
        seat = m.turn
        c = hands[seat].pop()
        out = m.apply({"ev": "play", "seat": seat, "card": cards.name(c)})
        assert not of(out, "violation")
        playout.refill(m, hands, rng)
    last = m.last.winner
    drew = 1 - last         # the winner draws first, the other seat takes the turn-up
    assert m.turnup_seat == drew and cards.parse("KC") in hands[drew]
    assert cards.holds(m.holding[drew], cards.parse("KC"))
    assert m.stock_out == m.trick.number - 1 and m.hand_tricks - m.trick.number + 1 == 3


# -- 8. The exchange of the turn-up ---------------------------------------------------------
def test_the_seven_of_trumps_takes_a_high_turn_up_after_its_side_won_a_trick():
    m, _ = two(turnup="KC", hands={0: "7C 3H 3S", 1: "2H 4H 5H"})
    raises(OrderError, call, m, (0, "exchange", {"card": "7C"}))     # no trick won yet
    play(m, "1:2H 0:3H")             # seat 0 wins
    raises(OrderError, call, m, (1, "exchange", {"card": "7C"}))     # seat 1 lost it
    raises(CardError, call, m, (0, "exchange", {"card": "2C"}))      # the 7 takes a rey
    assert call(m, (0, "exchange", {"card": "7C"})) == []
    assert m.turnup == cards.parse("7C") and cards.holds(m.holding[0], cards.parse("KC"))
    assert not cards.holds(m.holding[0], cards.parse("7C"))


def test_the_two_of_trumps_takes_a_seven_or_lower_turn_up():
    m, _ = two(turnup="5C", hands={0: "2C 3H 3S", 1: "2H 4H 5H"})
    play(m, "1:2H 0:3H")
    raises(CardError, call, m, (0, "exchange", {"card": "7C"}))
    call(m, (0, "exchange", {"card": "2C"}))
    assert m.turnup == cards.parse("2C")
    raises(OrderError, call, m, (0, "exchange", {"card": "2C"}))     # nothing takes the 2


def test_no_exchange_once_the_turn_up_has_been_drawn_nor_during_a_trick():
    m, _ = two(turnup="KC")
    play(m, "1:2H 0:3H")
    play(m, "0:4S")
    raises(OrderError, call, m, (1, "exchange", {"card": "7C"}))     # a trick under way
    m.stock = 0
    m.stock_out = 1
    play(m, "1:5S")
    raises(OrderError, call, m, (1, "exchange", {"card": "7C"}))


def test_a_played_seven_cannot_be_exchanged_and_the_option_off_has_no_call():
    m, _ = two(turnup="KC")
    play(m, "1:7C 0:3H")
    raises(CardError, call, m, (1, "exchange", {"card": "7C"}))
    m, _ = two(turnup="KC", options={"exchange": "off"})
    play(m, "1:2H 0:3H")
    raises(EventError, call, m, (1, "exchange", {"card": "7C"}))


def test_only_the_two_under_the_house_rule_for_any_turn_up():
    m, _ = two(turnup="KC", options={"exchange": "two"})
    play(m, "1:2H 0:3H")
    raises(CardError, call, m, (0, "exchange", {"card": "7C"}))
    call(m, (0, "exchange", {"card": "2C"}))
    assert m.turnup == cards.parse("2C")


# -- 10. Hand scoring, 11. the match --------------------------------------------------------
def _game_points(m, points):
    """Score a hand whose card points are `points` (the last card ends it)."""
    for t in range(m.teams):
        m.card_points[t] = points[t]
    m.tricks_won[0] = 1
    m.ctx.ended = None
    m.game.hand_points_into(m, m.points)
    m.game.hand_score_into(m, m.points, m.score)
    return list(m.score)


def test_more_than_sixty_wins_the_game_sixty_sixty_annuls_it():
    m, _ = two()
    assert _game_points(m, [61, 59]) == [1, 0]
    assert _game_points(m, [60, 60]) == [0, 0]
    assert m.game.redeal(m)         # replayed by the same dealer
    m3, _ = start("brisca", dealer=0, turnup="KC", seats=3)
    assert _game_points(m3, [50, 40, 30]) == [1, 0, 0]
    assert _game_points(m3, [50, 50, 20]) == [0, 0, 0]


def test_a_match_is_three_games_won_by_default():
    assert games.info("brisca")["options"]["target"]["default"] == 3
    log, derived, m = playout.random_match("brisca", None, _seeded(3), seats=2)
    ends = of(derived, "hand_end")
    assert m.over and max(m.totals) == 3 and sum(m.totals) == sum(sum(e["score"]) for e in ends)
    for e in ends:
        assert sum(e["points"]) == 120


def test_a_claim_waits_for_the_arrastre():
    m, _ = two(turnup="KC", hands={0: "7C 2S 3S", 1: "2H 4H 5H"})
    err = raises(OrderError, call, m, (1, "claim", {"cards": ["2H", "4H", "5H"]}))
    assert "not yet" in str(err)


def test_every_card_once_and_the_audit_of_a_random_match_at_every_seat_count():
    for seats in (2, 3, 4):
        log, derived, m = playout.random_match("brisca", None, _seeded(seats), seats=seats)
        again = Match()
        out = []
        for ev in log:
            out += again.apply(ev)
        assert out == derived, seats
        hand = []
        for ev in log:
            if ev["ev"] == "deal":
                hand = []
            elif ev["ev"] == "play":
                assert ev["card"] not in hand
                hand.append(ev["card"])
                assert len(hand) <= 40
