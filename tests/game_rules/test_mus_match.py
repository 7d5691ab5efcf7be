"""Mus played through the match (rules/mus.py): the deal, the calls and showdown of
a hand, `hand_end` with each round, and the match's end."""
from game_rules.kit import Match, call, games, of, playout, raises, TableError


def dealt(dealer=0, totals=None, options=None):
    m = Match()
    ev = {"ev": "match", "game": "mus", "seats": 4}
    if options:
        ev["options"] = options
    m.apply(ev)
    if totals:
        m.totals[0], m.totals[1] = totals
    m.apply({"ev": "deal", "dealer": dealer})
    return m


def test_mus_is_four_players_in_partnerships_with_the_spanish_forty():
    g = games.get("mus")
    assert g.seats == 4 and g.pack == "spanish40" and g.target == 40
    raises(TableError, games.get, "mus", None, 6)


def test_the_seat_to_the_dealers_right_speaks_first():
    m = dealt(dealer=2)
    assert m.awaiting() == 1 << 1


def test_mus_has_no_tricks_to_play_claim_or_concede():
    m = dealt()
    raises(TableError, m.apply, {"ev": "play", "seat": 3, "card": "4H"})
    raises(TableError, call, m, "3:concede")


def test_a_call_out_of_turn_is_refused():
    m = dealt()
    raises(TableError, call, m, "1:mus")


def test_a_bid_below_two_is_refused():
    m = dealt()
    call(m, "3:no-mus")
    raises(TableError, call, m, (3, "bid", {"amount": 1}))


def test_a_whole_hand_ends_with_each_rounds_result_in_hand_end():
    m = dealt()
    out = call(m, "3:no-mus")
    for seat in (3, 2, 1, 0):               # grande and chica: all pass
        out += call(m, "%d:pass" % seat)
    for seat in (3, 2, 1, 0):
        out += call(m, "%d:pass" % seat)
    hands = {3: "KH KS 7D 6C", 2: "2H 4S 5D 6H", 1: "QH QS JD 3C", 0: "AH 4D 5C 7S"}
    for seat in (3, 2, 1, 0):
        word = m.ctx.talk.awaiting()
        if word["phase"] != "declare":
            break
        out += call(m, (seat, "pares", {"has": seat in (3, 1)}))
    for seat in (3, 2, 1, 0):
        w = m.ctx.talk.awaiting()
        if w["phase"] != "declare":
            break
        out += call(m, (seat, "juego", {"has": seat in (3, 1)}))
    while m.ctx.talk.awaiting()["phase"] == "bet":
        seat = m.ctx.talk.awaiting()["seats"][0]
        out += call(m, "%d:pass" % seat)
    while not m.ctx.talk.done:
        seat = m.ctx.talk.awaiting()["seats"][0]
        out += m.apply({"ev": "hand", "seat": seat, "cards": hands[seat].split()})
    end = of(out, "hand_end")[0]
    names = [r["name"] for r in end["rounds"]]
    assert names[:2] == ["grande", "chica"] and end["totals"] == list(m.totals)
    assert m.phase == 1         # waiting for the next deal


def test_random_matches_end_at_forty_or_an_accepted_ordago():
    import random
    for seed in range(20):
        random.seed(seed)
        log, derived, m = playout.random_match("mus", None, random)
        end = of(derived, "match_end")
        assert m.over and len(end) == 1
        if end[0]["reason"] == "target":
            assert max(m.totals) >= 40
        else:
            assert end[0]["reason"] == "ordago"
        totals = [0, 0]
        for e in of(derived, "hand_end"):
            assert e["totals"][0] >= totals[0] and e["totals"][1] >= totals[1]
            totals = e["totals"]


def test_the_hand_plays_by_the_matchs_description_and_the_match_keeps_the_totals():
    m = dealt(dealer=0, totals=(5, 7), options={"direction": "cw", "bonus": "best"})
    h = m.ctx.talk
    assert h.game is m.game and h.options["bonus"] == "best"
    assert h.order == [1, 2, 3, 0]          # clockwise: the dealer's left speaks first
    call(m, "1:no-mus")
    call(m, (1, "bid", {"amount": 3}))
    call(m, "2:fold")
    call(m, "0:fold")                       # both opponents out: seat 1's side takes 1
    assert h.totals == [5, 8] and m.totals == [5, 7]    # paid in the hand, not yet the match's
    out = []
    while not h.done:
        w = h.awaiting()
        if w["phase"] == "show":
            break
        word = w["calls"][0]
        extra = {"has": False} if w["phase"] == "declare" else {}
        out += call(m, (w["seats"][0], word, extra))
    hands = {0: "AS 2S 4S 5S", 1: "6S 7S 4H 5H", 2: "6H 7H 4D 5D", 3: "6D 7D 4C 5C"}
    for seat in h.awaiting()["seats"]:
        out += m.apply({"ev": "hand", "seat": seat, "cards": hands[seat].split()})
    end = of(out, "hand_end")[0]
    assert m.totals == [5 + end["score"][0], 7 + end["score"][1]] == end["totals"]


def test_an_option_value_the_game_refuses_is_refused_with_the_match_not_at_every_deal():
    m = Match()
    raises(TableError, m.apply, {"ev": "match", "game": "mus", "options": {"lone_stake": True}})
    m = Match()
    m.apply({"ev": "match", "game": "mus", "options": {"lone_stake": 0}})
    m.apply({"ev": "deal", "dealer": 0})
    assert m.ctx.talk.options["lone_stake"] == 0
