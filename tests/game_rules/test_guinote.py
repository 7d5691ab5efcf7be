"""Guiñote (../shared/rules/guinote.md): one test per rule point of the sheet, on
hand-made logs: the stock without duties, the arrastre with them, cantes, the 7
exchange, las diez de últimas, idas and vueltas, the coto."""
from game_rules.kit import (call, cards, errors, games, legal, of, play, playout, raises, start)

OrderError, CardError, EventError = errors.OrderError, errors.CardError, errors.EventError
G = games.get("guinote")


def _seeded(n):
    """The module `random`, seeded (MicroPython's has no Random class)."""
    import random
    random.seed(n)
    return random


def four(turnup="4C", hands=None, options=None):
    """Four players, seat 0 deals; clubs are trumps (the 4 turned); seat 3 leads, then
    2, 1, 0 (anticlockwise); partners 3 and 1, 2 and 0."""
    return start("guinote", dealer=0, turnup=turnup, hands=hands, options=options, seats=4)


def to_arrastre(m):
    """Play the stock out with cards nobody checks (no duty while it lasts)."""
    free = ["2S", "4S", "5S", "6S", "2H", "4H", "5H", "6H", "2D", "4D", "5D", "6D",
            "7S", "7H", "7D", "QS"]
    while m.stock:
        seat = m.turn
        m.apply({"ev": "play", "seat": seat, "card": free.pop(0)})


# -- 1-3: seats, pack, ranking, points ------------------------------------------------
def test_four_in_partnerships_or_two_and_no_six_without_a_rule_text():
    assert list(G.team_of) == [0, 1, 0, 1]
    assert games.get("guinote", None, 2).teams == 2
    raises(EventError, games.get, "guinote", None, 6)


def test_as_tres_rey_sota_caballo_the_sota_above_the_caballo():
    order = [1, 3, 13, 11, 12, 7, 6, 5, 4, 2]
    for hi, lo in zip(order, order[1:]):
        assert G.strength[cards.card(2, hi)] > G.strength[cards.card(2, lo)]


def test_one_hundred_twenty_card_points_and_ten_for_the_last_trick():
    assert [G.points_of[cards.card(0, f)] for f in (1, 3, 13, 11, 12, 7)] == [11, 10, 4, 3, 2, 0]
    assert G.total_points == 130 and G.last_trick == 10


# -- 4-5: the deal, the stock, the lead ----------------------------------------------------
def test_six_cards_each_the_pinta_from_the_stock_ten_tricks_four_with_draws():
    m, _ = four()
    assert (m.hand_cards, m.hand_tricks, m.stock) == (6, 10, 16)
    m2, _ = start("guinote", dealer=0, turnup="4C", seats=2)
    assert (m2.hand_tricks, m2.stock) == (20, 28)


def test_anticlockwise_the_dealers_right_leads():
    m, _ = four()
    assert m.turn == 3 and G.next_seat(3) == 2


# -- 6: no duty with the stock, the arrastre's duties after it ------------------------------
def test_no_duty_while_the_stock_lasts():
    m, _ = four(hands={2: "AS 3S 2H 4H 5H 6H"})
    out = play(m, "3:KS 2:2H")      # seat 2 holds spades and does not follow: free
    assert not of(out, "violation")


def test_in_the_arrastre_follow_and_beat_an_opponent():
    m, _ = four()
    to_arrastre(m)
    G4 = m.game
    assert m.stock == 0 and G4.duties & 1
    t = m.trick
    assert legal(G4, "C", 0, "5H", "7H 4H 2S") == ["7H"]                  # beat the 5H: the 7H
    assert legal(G4, "C", 0, "5H", "4H 2S") == ["4H"]                  # follow, cannot beat
    assert t is m.trick


def test_in_the_arrastre_void_trump_and_overtrump_an_opponent_else_free():
    m, _ = four()
    to_arrastre(m)
    g = m.game
    assert legal(g, "C", 0, "5H", "2C 4S") == ["2C"]                   # void: trump
    assert legal(g, "C", 0, "5H 6C", "2C 7C 4S") == ["7C"]             # overtrump the 6
    assert legal(g, "C", 0, "5H 6C", "2C 4S") == ["2C", "4S"]          # cannot: free (no under-trumping)


def test_the_partner_winning_frees_from_beating_and_trumping_and_strict_does_not():
    m, _ = four()
    to_arrastre(m)
    g = m.game
    assert legal(g, "C", 1, "AH 5H", "2C 4S") == ["2C", "4S"]         # seat 3's partner seat 1 wins
    m, _ = four(options={"partner_exemption": False})
    to_arrastre(m)
    assert legal(m.game, "C", 1, "AH 5H", "2C 4S") == ["2C"]


def test_a_revoke_in_the_arrastre_is_proven_when_the_suit_shows_and_loses_the_partida():
    m, _ = four()
    to_arrastre(m)
    lead = m.turn
    nxt = m.game.next_seat(lead)
    out = play(m, "%d:AH %d:2C" % (lead, nxt))      # nxt does not follow...
    assert not of(out, "violation")
    rest = [m.game.next_seat(nxt), m.game.next_seat(m.game.next_seat(nxt))]
    play(m, "%d:4C %d:3C" % tuple(rest))
    w = m.turn
    seq = []
    s = w
    for c in ("JD", "KD", "QD", "AD"):
        seq.append("%d:%s" % (s, c))
        s = m.game.next_seat(s)
    play(m, " ".join(seq))
    order = []
    s = m.turn
    cards_ = {nxt: "3H"}
    for i in range(4):
        order.append("%d:%s" % (s, cards_.get(s, ["JS", "KS", "AS", "3S"][i])))
        s = m.game.next_seat(s)
    out = play(m, " ".join(order))                  # ... and later shows a heart: proven
    v = of(out, "violation")
    assert v and v[0]["rule"] == "revoke" and v[0]["seat"] == nxt
    end = of(out, "hand_end")
    assert end and end[0]["ended"] == "revoke" and end[0]["score"][m.game.team_of[nxt]] == 0


# -- 8: cantes and the exchange -------------------------------------------------------------
def test_a_cante_by_either_member_of_the_pair_that_won_the_trick():
    m, _ = four(hands={1: "KD JD 2S 4S 5S 6S"})
    raises(OrderError, call, m, (1, "declare", {"cards": ["KD", "JD"]}))   # nothing won yet
    play(m, "3:AH 2:2H 1:2S 0:4H")                  # seat 3 wins: its pair is 3 and 1
    raises(OrderError, call, m, (0, "declare", {"cards": ["KS", "JS"]}))   # the other pair
    raises(EventError, call, m, (1, "declare", {"cards": ["KD", "QD"]}))   # rey and caballo: no
    out = call(m, (1, "declare", {"cards": ["KD", "JD"]}))
    assert not of(out, "violation")
    assert m.ctx.declarations[0]["points"] == 20
    raises(OrderError, call, m, (1, "declare", {"cards": ["KS", "JS"]}))   # once per trick won
    call(m, (3, "declare", {"cards": ["KC", "JC"]}))                       # the partner too: 40
    assert m.ctx.declarations[1]["points"] == 40


def test_each_suit_is_sung_once_and_a_sung_card_played_elsewhere_voids_the_cante():
    m, _ = four()
    play(m, "3:AH 2:2H 1:2S 0:4H")
    call(m, (3, "declare", {"cards": ["KD", "JD"]}))
    play(m, "3:3H 2:5H 1:4S 0:6H")
    raises(OrderError, call, m, (1, "declare", {"cards": ["KD", "JD"]}))
    out = play(m, "3:5S 2:KD")                      # seat 2 plays the sung rey
    v = of(out, "violation")
    assert v and v[0]["rule"] == "false-declaration"
    assert not m.ctx.declarations[0]["valid"]


def test_the_seven_of_trumps_takes_the_pinta_even_a_low_one_but_not_a_turned_seven():
    m, _ = four(turnup="4C")
    play(m, "3:AH 2:2H 1:2S 0:4H")
    raises(OrderError, call, m, (0, "exchange", {"card": "7C"}))     # the losing pair
    call(m, (1, "exchange", {"card": "7C"}))
    assert m.turnup == cards.parse("7C")
    m, _ = four(turnup="7C")
    play(m, "3:AH 2:2H 1:2S 0:4H")
    raises(OrderError, call, m, (3, "exchange", {"card": "7C"}))


# -- 10-11: scoring -----------------------------------------------------------------------
def _deal_end(m, points, last_team, card_points=None):
    """Score a deal whose points are `points`, the last trick to `last_team`."""
    m.last_team = last_team
    for t in range(2):
        m.card_points[t] = card_points[t] if card_points else points[t]
    m.ctx.ended = None
    m.game.hand_score_into(m, points, m.score)
    return list(m.score)


def test_one_pair_past_one_hundred_wins_the_partida_in_the_idas():
    m, _ = four()
    assert _deal_end(m, [101, 29], 0) == [1, 0]
    assert _deal_end(m, [80, 50], 0) == [0, 0]          # neither: vueltas


def test_both_past_one_hundred_las_diez_de_ultimas_decide_with_thirty_card_points():
    m, _ = four()
    assert _deal_end(m, [110, 120], 0, [60, 60]) == [1, 0]
    assert _deal_end(m, [110, 120], 0, [10, 60]) == [0, 1]      # treinta malas: under 30
    m, _ = four(options={"both_over": "higher"})
    assert _deal_end(m, [110, 120], 0, [60, 60]) == [0, 1]


def test_vueltas_carry_the_idas_points_and_a_coto_is_three_partidas():
    log, derived, m = playout.random_match("guinote", None, _seeded(1), seats=4)
    ends = of(derived, "hand_end")
    assert m.over and max(m.totals) == 3
    carried = None
    for e in ends:
        if e.get("vueltas"):
            assert carried is not None
            assert e["partida"] == [carried[t] + e["points"][t] for t in range(2)]
        carried = e["partida"] if e["score"] == [0, 0] and not e.get("ended") else None
        assert sum(e["points"]) >= 130 or e.get("ended")


def test_the_winner_of_the_last_trick_deals_next():
    log, derived, m = playout.random_match("guinote", None, _seeded(2), seats=2)
    tricks = [e for e in derived if e["ev"] == "trick"]
    deals = [e for e in log if e["ev"] == "deal"]
    last_winners = [t["winner"] for t in tricks if t["n"] == 20]
    assert [d["dealer"] for d in deals[1:]] == last_winners[:len(deals) - 1]


def test_a_claim_waits_for_the_arrastre():
    m, _ = four()
    err = raises(OrderError, call, m, (3, "claim", {"cards": ["AH"]}))
    assert "not yet" in str(err)
