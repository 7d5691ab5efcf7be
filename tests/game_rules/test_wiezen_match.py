"""Wiezen on the real stage driver (rules/match.py): whole random matches agree deal by
deal with the mini-driver that is the executable form of docs/wiezen.md's hook list
(tests/game_rules/wiezen_driver.py): the same contracts, tricks, scores, violations and
totals; and hand-made logs for what the driver adds (the contract's trump and leader,
all pass, the session's end, a refused call changing nothing, claims refused)."""
import random

from game_rules import wiezen_driver
from game_rules.kit import Match, TableError, match, of, playout, raises

PLAY, SHOW = match.PLAY, match.SHOW

OPTION_SETS = ({}, {"bid_trump": True, "score_table": "kleuren", "all_pass": "redeal"},
               {"all_pass": "double", "ladder": "miserie-low"}, {"score_table": "light", "deals": 4},
               {"trump_with_bid": True, "abondance_lead": "declarer", "miserie_trump": "turnup"})


Driver = wiezen_driver.Driver     # its open-miserie check too: the driver waits for the hand

def _inputs(log):
    return [e for e in log if e["ev"] in ("match", "deal", "turnup", "call", "hand", "play")]


def test_random_matches_agree_with_the_hook_list_driver():
    seed = 0
    for options in OPTION_SETS:
        for i in range(2):
            seed += 1
            random.seed(300 + seed)
            log, derived, m = playout.random_match("wiezen", options, random, i == 0)
            assert m.over and of(derived, "match_end")[0]["reason"] == "deals"
            d = Driver()
            for ev in _inputs(log):
                d.apply(ev)
            want = of(d.out, "hand_end")
            got = of(derived, "hand_end")
            assert len(want) == len(got), (options, len(want), len(got))
            for w, g in zip(want, got):
                assert g["score"] == w["score"] and g["totals"] == w["totals"], (options, w, g)
                assert g["tricks"] == w["tricks"], (options, w, g)
                assert g["contract"] == w["contract"], (options, w, g)
                for key in ("declarers", "partner", "trump", "target"):
                    assert g.get(key) == w.get(key), (options, key, w, g)
                # all pass: the driver says why the deal ended (`ended` "pass")
                assert g.get("ended") == ("pass" if w["contract"] == "pass" else w.get("ended")), (w, g)
                assert sum(g["score"]) == 0
            assert [v["rule"] for v in of(derived, "violation")] == [v["rule"] for v in of(d.out, "violation")]
            scored = len([e for e in got if e["contract"] != "pass"])
            assert scored == m.game.deals, (options, scored)
            assert m.totals == got[-1]["totals"]


def _match(options=None):
    m = Match()
    ev = {"ev": "match", "game": "wiezen", "seats": 4}
    if options:
        ev["options"] = options
    m.apply(ev)
    return m


def test_the_contract_fixes_trump_side_and_leader():
    m = _match()
    m.apply({"ev": "deal", "dealer": 0})
    assert m.apply({"ev": "turnup", "card": "3S"})[0]["suit"] == "S"
    assert m.awaiting() == 1 << 1
    out = m.apply({"ev": "call", "seat": 1, "call": "miserie"})
    assert out == []
    for seat in (2, 3, 0):
        out = m.apply({"ev": "call", "seat": seat, "call": "pass"})
    assert out == [{"ev": "trump", "suit": "none", "hand": 1}]     # miserie: no trump
    assert m.ctx.contract == (1 << 1, 0)
    assert m.turn == 1          # the dealer's left leads
    assert m.hand_tricks == 13 and m.awaiting() == 1 << 1


def test_a_contract_with_the_turnups_trump_logs_no_second_trump_event():
    m = _match()
    m.apply({"ev": "deal", "dealer": 0})
    m.apply({"ev": "turnup", "card": "3S"})
    m.apply({"ev": "call", "seat": 1, "call": "solo-slim"})
    for seat in (2, 3):
        assert m.apply({"ev": "call", "seat": seat, "call": "pass"}) == []
    assert m.apply({"ev": "call", "seat": 0, "call": "pass"}) == []
    assert m.trump == 0 and m.turn == 1 and m.ctx.contract == (1 << 1, 13)


def test_a_refused_call_changes_nothing():
    m = _match()
    m.apply({"ev": "deal", "dealer": 0})
    m.apply({"ev": "turnup", "card": "3S"})
    raises(TableError, m.apply, {"ev": "call", "seat": 2, "call": "vraag"})     # out of turn
    raises(TableError, m.apply, {"ev": "call", "seat": 1, "call": "abondance", "tricks": 8})
    raises(TableError, m.apply, {"ev": "play", "seat": 1, "card": "2S"})        # bidding first
    assert m.awaiting() == 1 << 1 and m.ctx.talk.high == 0


def test_all_pass_ends_the_deal_unscored_and_the_next_dealer_deals():
    m = _match()
    m.apply({"ev": "deal", "dealer": 0})
    m.apply({"ev": "turnup", "card": "3S"})
    for seat in (1, 2, 3):
        assert m.apply({"ev": "call", "seat": seat, "call": "pass"}) == []
    end = m.apply({"ev": "call", "seat": 0, "call": "pass"})
    assert end[0]["ev"] == "hand_end" and end[0]["contract"] == "pass" and end[0]["ended"] == "pass"
    assert end[0]["score"] == [0, 0, 0, 0] and m.next_dealers() == (1,)


def test_all_pass_redeal_keeps_the_dealer_and_double_doubles_the_next_deal():
    m = _match({"all_pass": "redeal"})
    m.apply({"ev": "deal", "dealer": 2})
    m.apply({"ev": "turnup", "card": "3S"})
    for seat in (3, 0, 1, 2):
        m.apply({"ev": "call", "seat": seat, "call": "pass"})
    assert m.next_dealers() == (2,)
    m = _match({"all_pass": "double"})
    m.apply({"ev": "deal", "dealer": 0})
    m.apply({"ev": "turnup", "card": "3S"})
    for seat in (1, 2, 3, 0):
        m.apply({"ev": "call", "seat": seat, "call": "pass"})
    m.apply({"ev": "deal", "dealer": 1})
    assert m.ctx.multiplier == 2


def test_claims_are_refused_and_say_why():
    m = _match()
    m.apply({"ev": "deal", "dealer": 0})
    m.apply({"ev": "turnup", "card": "3S"})
    m.apply({"ev": "call", "seat": 1, "call": "solo-slim"})
    for seat in (2, 3, 0):
        m.apply({"ev": "call", "seat": seat, "call": "pass"})
    err = raises(TableError, m.apply, {"ev": "call", "seat": 1, "call": "claim"})
    assert "wiezen" in str(err)


def test_kleurenwiezen_has_no_turnup_stage():
    m = _match({"bid_trump": True})
    assert "turnup" not in m.game.stages
    m.apply({"ev": "deal", "dealer": 3})
    assert m.awaiting() == 1 << 0
    raises(TableError, m.apply, {"ev": "turnup", "card": "3S"})


def test_wiezen_is_played_clockwise():
    err = raises(TableError, _match, {"direction": "ccw"})
    assert "clockwise" in str(err)
    assert _match({"direction": "cw"}).game.next_seat(0) == 1


# One suit a seat: seat 0 spades, 1 hearts, 2 diamonds, 3 clubs.
SUITS = [[f + s for f in "A K Q J 10 9 8 7 6 5 4 3 2".split()] for s in "SHDC"]


def _plays(m, *cards):
    """Apply `seat:card` plays; the derived events."""
    out = []
    for text in cards:
        seat, card = text.split(":")
        out += m.apply({"ev": "play", "seat": int(seat), "card": card})
    return out


def test_a_troel_lead_violation_is_written_at_the_play_with_its_trick_seat_and_card():
    # The game's own proofs go through the match's proofs (rules/evidence.py), like a revoke's
    m = _match()
    _troel(m)
    assert m.turn == 2
    out = _plays(m, "2:KC")
    assert out == [{"ev": "violation", "hand": 1, "trick": 1, "seat": 2, "card": "KC",
                    "rule": "troel-lead", "proven": "at-play"}]
    assert _plays(m, "3:2C") == []      # the card stood: play goes on


def test_kleurenwiezen_the_acceptor_without_the_suit_is_proven_at_the_hands_end():
    m = _match({"bid_trump": True})
    m.apply({"ev": "deal", "dealer": 0})
    m.apply({"ev": "call", "seat": 1, "call": "vraag", "suit": "S"})
    m.apply({"ev": "call", "seat": 2, "call": "mee"})       # seat 2 holds no spade
    for seat in (3, 0):
        m.apply({"ev": "call", "seat": seat, "call": "pass"})
    out = _plays(m, "1:AH", "2:AD", "3:AC", "0:2S")
    for i in range(12):
        out += _plays(m, "0:" + SUITS[0][i], "1:" + SUITS[1][i + 1], "2:" + SUITS[2][i + 1],
                      "3:" + SUITS[3][i + 1])
    violations = of(out, "violation")
    assert violations == [{"ev": "violation", "hand": 1, "trick": 13, "seat": 2, "rule": "mee-suit",
                           "proven": "hand-end"}]
    assert of(out, "hand_end")[0]["tricks"] == [13, 0, 0, 0]


def _open_miserie(options=None, hands=False):
    """Dealer 0 (turn-up 2S, his), seat 1 plays open miserie, seat 1 to lead."""
    m = _match(options)
    m.apply({"ev": "deal", "dealer": 0})
    if hands:
        for seat in range(4):
            m.apply({"ev": "hand", "seat": seat, "cards": SUITS[seat]})
    m.apply({"ev": "turnup", "card": "2S"})
    m.apply({"ev": "call", "seat": 1, "call": "open-miserie"})
    for seat in (2, 3, 0):
        m.apply({"ev": "call", "seat": seat, "call": "pass"})
    return m


def test_open_miserie_the_hand_waits_for_the_open_hand_after_the_lead():
    m = _open_miserie()
    assert _plays(m, "1:2H") == [] and m.phase == SHOW and m.awaiting() == 1 << 1
    raises(TableError, m.apply, {"ev": "play", "seat": 2, "card": "AD"})   # not before it
    assert m.knowledge.count == 1 and m.phase == SHOW
    bad = ([{"ev": "hand", "seat": 2, "cards": SUITS[2]}],                     # not due
           [{"ev": "hand", "seat": 1, "cards": SUITS[1][:11]}],                # a card short
           [{"ev": "hand", "seat": 1, "cards": SUITS[1][:11] + ["2H"]}],       # a card played
           [{"ev": "hand", "seat": 1, "cards": SUITS[1][:11] + ["AH"]}],       # twice
           [{"ev": "hand", "seat": 1, "cards": SUITS[1][:11] + ["2S"]}])       # the dealer's turn-up
    for evs in bad:
        raises(TableError, m.apply, evs[0])
        assert m.phase == SHOW and not m.known[1]
    assert m.apply({"ev": "hand", "seat": 1, "cards": SUITS[1][:12]}) == []
    assert m.phase == PLAY and m.known[1] and m.turn == 2
    assert m.holding[1][1] == sum(1 << f for f in range(13)) & ~(1 << 1)     # all hearts but the 2
    out = _plays(m, "2:2D", "3:2C", "0:AS")
    assert of(out, "trick")[0]["winner"] == 1 and of(out, "hand_end")[0]["ended"] == "decided"


def test_open_miserie_by_option_after_the_first_trick_and_then_judged_against_it():
    m = _open_miserie({"open_miserie_shown": "trick"})
    assert _plays(m, "1:2H", "2:AH", "3:2C") == [] and m.phase == PLAY
    assert of(_plays(m, "0:2S"), "trick")[0]["winner"] == 2 and m.phase == SHOW
    shown = "KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H AD".split()
    assert m.apply({"ev": "hand", "seat": 1, "cards": shown}) == [] and m.phase == PLAY
    out = _plays(m, "2:KD", "3:3C", "0:3S", "1:4C")    # not in his open hand: proven at once
    v = of(out, "violation")
    assert [(x["seat"], x["card"], x["rule"], x["proven"]) for x in v] == [(1, "4C", "not-in-hand", "at-play")]


def test_open_miserie_a_hand_the_table_knows_is_not_waited_for():
    m = _open_miserie(hands=True)
    assert _plays(m, "1:2H") == [] and m.phase == PLAY and m.awaiting() == 1 << 2


def _troel(m):
    """Dealer 3, seat 0 troel naming AC, seat 2 the partner: seat 2 leads."""
    m.apply({"ev": "deal", "dealer": 3})
    m.apply({"ev": "turnup", "card": "2C"})
    m.apply({"ev": "call", "seat": 0, "call": "troel", "card": "AC"})
    for seat in (1, 2, 3):
        m.apply({"ev": "call", "seat": seat, "call": "pass"})
    m.apply({"ev": "call", "seat": 2, "call": "partner"})


def test_troels_lead_is_a_duty_of_the_rules_and_the_c_core_gives_way_for_that_hand():
    m = _match()
    game = m.game
    bound = game.hot
    _troel(m)
    held = [0, 0, 0, 1 | 1 << 12]      # AC and KC (clubs are suit 3)
    held[1] = 1 << 5
    assert game.legal(held, m.trick) == [0, 0, 0, 1]      # the fourth ace, nothing else
    # The core's descriptor is the game's, the same every hand: it cannot name the
    # hand's lead card, so the hand is the Python rules' (native.py `bind`)
    assert game.hot is game
    out = [0, 0, 0, 0]
    game.hot.legal_into(held, m.trick, out)
    assert out == [0, 0, 0, 1]
    _plays(m, "2:AC")
    assert game.legal([0, 1 << 5, 0, 1 << 12], m.trick) == [0, 0, 0, 1 << 12]     # then FOLLOW
    m.apply({"ev": "misdeal"})          # the next deal binds the C core again (if there is one)
    m.apply({"ev": "deal", "dealer": 0})
    assert game.hot is bound
