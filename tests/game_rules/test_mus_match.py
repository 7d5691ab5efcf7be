"""Mus played through the match (rules/games/mus/): the deal, the calls and showdown of
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
    # pares and juego: seats 3 and 1 say yes, the rounds are bet (all pass); then the showdown
    while not m.ctx.talk.done:
        w = m.ctx.talk.awaiting()
        seat = w["seats"][0]
        if w["phase"] == "declare":
            out += call(m, (seat, w["calls"][0], {"has": seat in (3, 1)}))
        elif w["phase"] == "bet":
            out += call(m, "%d:pass" % seat)
        else:
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
            assert max(m.totals) >= 40 > min(m.totals) and m.winner == m.totals.index(max(m.totals))
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


SHOWN = {0: "AS 2S 4S 5S", 1: "6S 7S 4H 5H", 2: "6H 7H 4D 5D", 3: "6D 7D 4C 5C"}
CALLS, SHOW, DEAL = 3, 5, 1     # rules/phases.py


def to_showdown(m):
    """Every seat passes and says it holds no pares or juego: the betting ends."""
    call(m, "3:no-mus")
    while m.ctx.talk.awaiting()["phase"] != "show":
        w = m.ctx.talk.awaiting()
        extra = {"has": False} if w["phase"] == "declare" else {}
        assert m.phase == CALLS and m.snapshot()["phase"] == "calls"
        call(m, (w["seats"][0], w["calls"][0], extra))


def test_the_seats_speak_in_the_engines_calls_phase_and_show_in_its_show_phase():
    m = dealt()
    assert m.phase == CALLS and m.ctx.talk.stage == 0       # the draw first
    to_showdown(m)
    assert m.phase == SHOW and m.snapshot()["phase"] == "show"
    assert m.awaiting() == 0b1111 and m.snapshot()["context"]["round"] == "show"
    for seat in (3, 2, 1):
        assert m.apply({"ev": "hand", "seat": seat, "cards": SHOWN[seat].split()}) == []
        assert m.phase == SHOW and not (m.awaiting() >> seat) & 1
    out = m.apply({"ev": "hand", "seat": 0, "cards": SHOWN[0].split()})
    assert of(out, "hand_end") and m.phase == DEAL and m.awaiting() == 0


def test_a_call_at_the_showdown_is_refused_and_changes_nothing():
    m = dealt()
    to_showdown(m)
    m.apply({"ev": "hand", "seat": 3, "cards": SHOWN[3].split()})
    before = m.snapshot()
    for spec in ("2:pass", "2:mus", (2, "bid", {"amount": 2}), "2:see"):
        try:
            call(m, spec)
            raise AssertionError("accepted at the showdown: " + repr(spec))
        except TableError as err:
            assert "the betting is over" in str(err)
    raises(TableError, m.apply, {"ev": "play", "seat": 2, "card": "4H"})
    assert m.snapshot() == before and m.phase == SHOW


def test_an_accepted_ordago_goes_straight_to_the_showdown():
    m = dealt()
    call(m, "3:no-mus")
    call(m, "3:ordago")
    assert m.phase == CALLS
    call(m, "2:see")
    assert m.phase == SHOW and m.ctx.talk.awaiting()["round"] == "grande"
    out = []
    for seat in (3, 2, 1, 0):
        out += m.apply({"ev": "hand", "seat": seat, "cards": SHOWN[seat].split()})
    assert m.over and of(out, "match_end")[0]["reason"] == "ordago"


def test_a_misdeal_at_the_showdown_stands_by_default():
    m = dealt()
    to_showdown(m)
    phase = m.phase
    out = m.apply({"ev": "misdeal"})
    assert [e["ev"] for e in out] == ["x-ruling"] and out[0]["penalty"] == "stands" and m.phase == phase


def test_late_misdeal_void_a_misdeal_at_the_showdown_voids_the_hand_and_the_same_dealer_deals():
    m = dealt(options={"late_misdeal": "void"})
    to_showdown(m)
    out = m.apply({"ev": "misdeal"})
    assert of(out, "hand_end")[0]["ended"] == "misdeal" and m.phase == DEAL and m.totals == [0, 0]
    m.apply({"ev": "deal", "dealer": 0})
    assert m.phase == CALLS and m.ctx.talk.stage == 0


def test_a_fold_that_reaches_the_target_ends_the_hand_in_the_calls():
    m = dealt(totals=(0, 39))
    call(m, "3:no-mus")
    call(m, (3, "bid", {"amount": 2}))      # seat 3 is team 1, one short of 40
    call(m, "2:fold")
    out = call(m, "0:fold")
    assert m.over and of(out, "match_end")[0]["winner"] == 1 and m.ctx.talk.ended == "fold"


def test_the_driver_walks_the_hand_through_the_stages_mus_declares():
    # rules/stages.py: the draw, grande, chica, pares, juego, the showdown, the score
    m = dealt()
    g = m.game
    assert g.stages == ("deal", "calls", "calls", "calls", "calls", "calls", "show", "score")
    seen = [m.stage]
    call(m, "3:mus")
    assert m.stage == 1             # the draw lasts until a no-mus
    call(m, "2:no-mus")
    while m.phase == CALLS:
        if m.stage != seen[-1]:
            seen.append(m.stage)
            assert m.ctx.talk.round_name() == ("grande", "chica", "pares", "juego")[m.stage - 2]
        w = m.ctx.talk.awaiting()
        extra = {"has": False} if w["phase"] == "declare" else {}
        call(m, (w["seats"][0], w["calls"][0], extra))
    assert seen == [1, 2, 3, 4, 5] and m.stage == 6 and m.phase == SHOW
    out = []
    for seat in (3, 2, 1, 0):
        out += m.apply({"ev": "hand", "seat": seat, "cards": SHOWN[seat].split()})
    assert m.stage == 7 and m.phase == DEAL and m.ctx.talk.done and of(out, "hand_end")


def test_an_ordago_seen_skips_to_the_showdown_and_a_fold_at_the_target_to_the_score():
    m = dealt()
    call(m, "3:no-mus")
    call(m, "3:ordago")
    call(m, "2:see")                # in grande: chica, pares and juego are skipped
    assert m.stage == 6 and m.phase == SHOW
    m = dealt(totals=(0, 39))
    call(m, "3:no-mus")
    call(m, (3, "bid", {"amount": 2}))
    call(m, "2:fold")
    out = call(m, "0:fold")         # the showdown is skipped: the game is won
    assert m.stage == 7 and m.over and [e["ev"] for e in out] == ["x-mus-round", "hand_end", "match_end"]


def test_a_hand_played_alone_is_driven_through_the_same_stages():
    try:
        from tapete.rules.games.mus import hand_alone
    except ImportError:
        from rules.games.mus import hand_alone
    h = hand_alone(0, (0, 39))
    h.call(3, "no-mus")
    assert h.match.ctx.talk is h and h.match.stage == 2 and h.match.phase == CALLS
    h.call(3, "bid", {"amount": 2})
    h.call(2, "fold")
    out = h.call(0, "fold")         # the stake before the bid (1) reaches the target
    assert h.done and h.ended == "fold" and h.totals == [0, 40] and h.match.stage == 7
    assert [e["ev"] for e in out] == ["x-mus-round"]       # no match kept: no hand_end
