"""Wiezen (../shared/rules/wiezen.md): one test per rule sentence, named after it.
The bidding, the contracts' partners, trump and leads, the play, and the hand's end."""
from game_rules.kit import TableError, cards, legal, raises, trick

try:
    from tapete.rules.games.wiezen import Wiezen, auction as A, contracts as K
except ImportError:     # MicroPython: the rule module is the package `rules`
    from rules.games.wiezen import Wiezen, auction as A, contracts as K

G = Wiezen()
HEARTS, DIAMONDS = 1, 2


def bid(calls, dealer=0, turnup=DIAMONDS, options=None):
    """An Auction after `calls`: "seat:word" or (seat, word, keys)."""
    game = Wiezen(options) if options else G
    a = game.new_auction(dealer, turnup)
    for c in calls:
        if isinstance(c, str):
            seat, word = c.split(":")
            c = (int(seat), word, {})
        a.call(c[0], c[1], c[2] if len(c) > 2 else {})
    return a


def state(a):
    """Everything an Auction holds, to see that a refused call changed nothing."""
    return (a.stage, a.turn, a.passed, a.spoke, a.waited, a.high, a.declarers, a.asker,
            a.acceptor, a.ask_key, a.target, a.trump, a.card, a.partner)


def refused(a, seat, word, keys=None):
    before = state(a)
    raises(TableError, a.call, seat, word, keys or {})
    assert state(a) == before


# -- 1, 2: players, deck, ranking ------------------------------------------------------
def test_four_players_each_scoring_for_himself():
    assert G.seats == 4 and G.teams == 4 and list(G.team_of) == [0, 1, 2, 3]


def test_fifty_two_cards_thirteen_each_ace_high_to_two():
    assert cards.count(G.deck) == 52 and G.hand_size == 13 and G.tricks == 13
    order = (1, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2)
    for hi, lo in zip(order, order[1:]):
        assert G.strength[cards.card(3, hi)] > G.strength[cards.card(3, lo)]


def test_no_card_points_only_tricks_count():
    assert G.total_points == 13 and G.points(cards.parse("AS")) == 0


def test_the_deal_passes_to_the_left_clockwise():
    assert G.next_dealer(3) == 0 and G.next_seat(1) == 2


def test_the_turnup_is_the_dealers_thirteenth_card():
    assert G.turnup and G.turnup_held


# -- 5.2 the auction -----------------------------------------------------------------------
def test_the_bidding_starts_left_of_the_dealer():
    assert bid([], dealer=2).turn == 3


def test_a_call_out_of_turn_is_refused_and_changes_nothing():
    refused(bid([]), 2, "vraag")


def test_a_pass_is_final():
    a = bid(["1:pass", "2:vraag", "3:pass", "0:pass"])
    assert a.stage == A.ALONE       # seat 1 was not asked again
    refused(a, 1, "mee")


def test_an_unknown_call_is_refused():
    err = raises(TableError, bid([]).call, 1, "grand-slam", {})
    assert "grand-slam" in str(err)


def test_only_the_first_speaker_may_wait_at_his_first_call():
    a = bid(["1:wait"])
    assert a.waited == 1 and a.turn == 2
    refused(bid(["1:pass"]), 2, "wait")


def test_the_waiting_player_may_accept_a_later_ask():
    a = bid(["1:wait", "2:vraag", "3:pass", "0:pass", "1:mee"])
    assert a.done and a.high == K.VRAAG and A.Auction.declarers_seat(a) == 1
    assert a.declarers == (1 << 1) | (1 << 2)


def test_the_waiting_player_may_not_ask_himself_afterwards():
    a = bid(["1:wait", "2:pass", "3:pass", "0:pass"])
    assert a.turn == 1
    refused(a, 1, "vraag")


def test_ask_and_accept_play_eight_tricks_with_the_turnups_trump():
    a = bid(["1:vraag", "2:pass", "3:mee", "0:pass"], turnup=DIAMONDS)
    assert a.done and a.high == K.VRAAG and a.trump == DIAMONDS
    assert a.contract_target() == 8 and a.declarers == 0b1010


def test_there_is_at_most_one_open_ask():
    refused(bid(["1:vraag"]), 2, "vraag")


def test_only_one_player_may_accept():
    a = bid(["1:vraag", "2:mee"])
    assert a.turn == 3
    refused(a, 3, "mee")


def test_the_asker_may_not_accept_his_own_ask():
    a = bid(["1:vraag", "2:pass", "3:pass", "0:pass"])
    refused(a, 1, "mee")


def test_after_an_ask_the_others_accept_pass_or_bid_higher():
    a = bid(["1:vraag", (2, "abondance", {"tricks": 9})])
    assert a.high == K.ABONDANCE_9 and a.declarers == 1 << 2


def test_an_ask_overbid_may_no_longer_be_accepted():
    refused(bid(["1:vraag", (2, "abondance", {"tricks": 9})]), 3, "mee")


def test_an_overbid_asker_may_bid_higher_at_his_next_turn():
    a = bid(["1:vraag", (2, "abondance", {"tricks": 9}), "3:pass", "0:pass", (1, "abondance", {"tricks": 10})])
    assert a.high == K.ABONDANCE_10 and a.declarers == 1 << 1 and a.turn == 2


def test_the_holders_of_the_highest_bid_are_not_asked_again():
    a = bid(["1:vraag", "2:mee", "3:pass"])
    assert a.turn == 0
    a.call(0, "pass", {})
    assert a.done


def test_an_unanswered_ask_lets_the_asker_play_alone_for_five():
    a = bid(["1:vraag", "2:pass", "3:pass", "0:pass"])
    assert a.stage == A.ALONE and a.awaiting() == 1 << 1
    refused(a, 2, "alleen")
    a.call(1, "alleen", {})
    assert a.done and a.high == K.ALLEEN and a.contract_target() == 5 and a.trump == DIAMONDS


def test_an_unanswered_asker_who_passes_makes_it_all_pass():
    a = bid(["1:vraag", "2:pass", "3:pass", "0:pass", "1:pass"])
    assert a.stage == A.PASSED and G.describe(a) == {"contract": "pass"}


def test_all_pass_is_no_contract():
    assert bid(["1:pass", "2:pass", "3:pass", "0:pass"]).stage == A.PASSED


def test_all_pass_readings():
    assert G.all_pass() == "next" and G.multiplier_after(True) == 1
    assert Wiezen({"all_pass": "double"}).multiplier_after(True) == 2
    assert Wiezen({"all_pass": "double"}).multiplier_after(False) == 1
    assert Wiezen({"all_pass": "redeal"}).all_pass() == "redeal"


def test_a_call_after_the_bidding_is_refused():
    a = bid(["1:vraag", "2:mee", "3:pass", "0:pass"])
    refused(a, 1, "pass")


# -- 5.3 the ladder ----------------------------------------------------------------------
LADDER = [("abondance", 9), ("abondance", 10), ("miserie", None), ("abondance", 11),
          ("abondance", 12), ("troel", "AH"), ("troela", "KH"), ("open-miserie", None), ("solo", None),
          ("solo-slim", None)]


def _special(word, arg):
    if word == "abondance":
        return {"tricks": arg}
    return {"card": arg} if arg else {}


def test_each_contract_overbids_the_one_below_it_on_the_iwwa_ladder():
    for i in range(1, len(LADDER)):
        lo, hi = LADDER[i - 1], LADDER[i]
        calls = [(1, lo[0], _special(*lo))]
        if hi[0] in ("troel", "troela"):        # the troel round: a first call
            a = bid(calls)
            a.call(2, hi[0], _special(*hi))
        else:
            a = bid(calls + [(2, hi[0], _special(*hi))])
        assert a.declarers == 1 << 2, (lo, hi)


def test_no_contract_overbids_one_above_or_equal_to_it():
    for i in range(len(LADDER)):
        for j in range(i, len(LADDER)):
            hi, lo = LADDER[j], LADDER[i]
            if hi[0] == lo[0] and hi[0] in ("miserie", "open-miserie"):
                continue        # that joins (ook miserie)
            refused(bid([(1, hi[0], _special(*hi))]), 2, lo[0], _special(*lo))


def test_abondance_is_for_nine_to_twelve_tricks():
    for t in (8, 13, None, "9", True):
        refused(bid([]), 1, "abondance", {"tricks": t})


def test_troel_stands_unless_open_miserie_solo_or_solo_slim_is_bid():
    for word, keys in (("abondance", {"tricks": 12}), ("miserie", {})):
        refused(bid([(1, "troel", {"card": "AH"})]), 2, word, keys)
    for word in ("open-miserie", "solo", "solo-slim"):
        assert bid([(1, "troel", {"card": "AH"}), (2, word)]).declarers == 1 << 2


def test_miserie_low_ladder_puts_miserie_just_above_vraag():
    o = {"ladder": "miserie-low"}
    assert bid(["1:vraag", "2:miserie"], options=o).high == K.MISERIE
    assert bid(["1:miserie", (2, "abondance", {"tricks": 9})], options=o).high == K.ABONDANCE_9
    refused(bid([(1, "abondance", {"tricks": 9})], options=o), 2, "miserie")


# -- miserie, several players --------------------------------------------------------------
def test_several_players_may_play_miserie_in_the_same_deal():
    a = bid(["1:miserie", "2:miserie", "3:pass", "0:miserie"])
    assert a.done and a.high == K.MISERIE and a.declarers == 0b0111
    assert a.trump == cards.NO_TRUMP


def test_an_overbid_miserie_player_may_bid_higher():
    a = bid(["1:miserie", "2:miserie", (3, "abondance", {"tricks": 11}), "0:pass", "1:open-miserie"])
    assert a.high == K.OPEN_MISERIE and a.declarers == 1 << 1 and a.turn == 2


def test_open_miserie_may_be_joined_too():
    a = bid(["1:open-miserie", "2:pass", "3:open-miserie", "0:pass"])
    assert a.done and a.declarers == 0b1010 and a.shown() == 0b1010


def test_miserie_with_the_turnup_trump_by_option():
    a = bid(["1:miserie", "2:pass", "3:pass", "0:pass"], options={"miserie_trump": "turnup"})
    assert a.trump == DIAMONDS


# -- 5.1, 6: troel and troela ---------------------------------------------------------------
def test_troel_is_announced_at_the_first_call_or_not_at_all():
    refused(bid(["1:wait", "2:pass", "3:pass", "0:pass"]), 1, "troel", {"card": "AH"})
    refused(bid(["1:vraag", (2, "abondance", {"tricks": 9}), "3:pass", "0:pass"]), 1, "troel", {"card": "AH"})
    assert bid(["1:pass", "2:vraag", (3, "troel", {"card": "AH"})]).high == K.TROEL     # his first call


def test_troel_names_the_ace_its_holder_lacks():
    for bad in ("KH", "2S", None, "ZZ"):
        refused(bid([]), 1, "troel", {"card": bad})


def test_troel_partner_is_the_fourth_ace_holder_who_makes_himself_known():
    a = bid([(1, "troel", {"card": "AC"}), "2:pass", "3:pass", "0:pass"])
    assert a.stage == A.PARTNER and a.awaiting() == 0b1101
    refused(a, 1, "partner")
    refused(a, 3, "pass")
    a.call(3, "partner", {})
    assert a.done and a.partner == 3 and a.declarers == 0b1010


def test_troel_trump_is_the_suit_of_the_fourth_ace():
    a = bid([(1, "troel", {"card": "AC"}), "2:pass", "3:pass", "0:pass", "0:partner"])
    assert a.trump == 3 and a.contract_target() == 8


def test_the_fourth_ace_holder_leads_and_must_lead_that_ace():
    a = bid([(1, "troel", {"card": "AC"}), "2:pass", "3:pass", "0:pass", "0:partner"])
    assert G.leader(a) == 0
    assert G.first_lead_rule(a, 0, cards.parse("KC"), 1, 0) == "troel-lead"
    assert G.first_lead_rule(a, 0, cards.parse("AC"), 1, 0) is None
    assert G.first_lead_rule(a, 1, cards.parse("KC"), 1, 1) is None      # not the lead
    assert G.first_lead_rule(a, 1, cards.parse("KC"), 2, 0) is None      # not the first trick


def test_troela_partner_holds_the_highest_heart_lacking_and_hearts_are_trump():
    a = bid([(1, "troela", {"card": "KH"}), "2:pass", "3:pass", "0:pass", "2:partner"])
    assert a.done and a.trump == HEARTS and a.partner == 2 and a.contract_target() == 9
    assert G.leader(a) == 1         # the dealer's left (sheet: not found otherwise)


def test_troela_names_a_heart_other_than_the_ace():
    for bad in ("AH", "KS"):
        refused(bid([]), 1, "troela", {"card": bad})


# -- 6: trump and leads -----------------------------------------------------------------------
def test_abondance_names_its_trump_once_won():
    a = bid([(1, "abondance", {"tricks": 10}), "2:pass", "3:pass", "0:pass"])
    assert a.stage == A.TRUMP and a.awaiting() == 1 << 1
    refused(a, 2, "trump", {"suit": "S"})
    refused(a, 1, "trump", {"suit": "none"})
    a.call(1, "trump", {"suit": "S"})
    assert a.done and a.trump == 0 and a.contract_target() == 10


def test_abondance_names_its_trump_with_the_bid_by_option():
    o = {"trump_with_bid": True}
    a = bid([(1, "abondance", {"tricks": 9, "suit": "C"}), "2:pass", "3:pass", "0:pass"], options=o)
    assert a.done and a.trump == 3
    refused(bid([], options=o), 1, "abondance", {"tricks": 9})


def test_the_dealers_left_leads_in_abondance_or_the_declarer_by_option():
    calls = [(2, "abondance", {"tricks": 9})]
    a = bid(["1:pass"] + calls + ["3:pass", "0:pass", (2, "trump", {"suit": "H"})])
    assert G.leader(a) == 1
    o = {"abondance_lead": "declarer"}
    a = bid(["1:pass"] + calls + ["3:pass", "0:pass", (2, "trump", {"suit": "H"})], options=o)
    assert Wiezen(o).leader(a) == 2


def test_solo_declarer_names_trump_and_leads():
    a = bid(["1:pass", "2:solo", "3:pass", "0:pass", (2, "trump", {"suit": "H"})])
    assert a.done and a.trump == HEARTS and G.leader(a) == 2 and a.contract_target() == 13


def test_solo_slim_plays_the_turnups_trump_or_names_one_by_option():
    a = bid(["1:solo-slim", "2:pass", "3:pass", "0:pass"])
    assert a.done and a.trump == DIAMONDS and G.leader(a) == 1
    a = bid(["1:solo-slim", "2:pass", "3:pass", "0:pass", (1, "trump", {"suit": "S"})],
            options={"solo_slim": "choice"})
    assert a.done and a.trump == 0


def test_miserie_is_led_from_the_dealers_left():
    assert G.leader(bid(["1:pass", "2:miserie", "3:pass", "0:pass"])) == 1


# -- 7, 8: legal play and the trick -----------------------------------------------------------
def test_follow_suit_if_able():
    assert legal(G, "D", 0, "KH", "2H 9H AS 3D") == ["2H", "9H"]


def test_void_any_card_no_duty_to_trump_or_beat():
    assert legal(G, "D", 0, "KH", "AS 3D 4C") == ["3D", "4C", "AS"]
    assert legal(G, "D", 0, "KH AH", "2H 9H") == ["2H", "9H"]


def test_the_highest_trump_wins_the_trick():
    assert trick(G, "D", 0, "AH 2D KH 3D").winner == 3


def test_else_the_highest_card_of_the_suit_led():
    assert trick(G, "D", 0, "10H AS KH 2H").winner == 2


def test_miserie_has_no_trump_the_highest_of_the_suit_led_wins():
    assert trick(G, "none", 0, "10H 2D KH 2H").winner == 2


# -- 9: ending play early ------------------------------------------------------------------------
def test_a_single_miserie_declarer_who_takes_a_trick_has_lost():
    a = bid(["1:miserie", "2:pass", "3:pass", "0:pass"])
    assert not G.settled(a, [1, 0, 0, 0], 1)
    assert G.settled(a, [1, 1, 0, 0], 2)


def test_several_miserie_players_play_on_until_each_took_a_trick():
    a = bid(["1:miserie", "2:miserie", "3:pass", "0:pass"])
    assert not G.settled(a, [0, 1, 0, 2], 3)
    assert G.settled(a, [0, 1, 1, 2], 4)


def test_a_solo_declarer_who_loses_a_trick_has_lost():
    a = bid(["1:solo-slim", "2:pass", "3:pass", "0:pass"])
    assert not G.settled(a, [0, 5, 0, 0], 5)
    assert G.settled(a, [0, 5, 1, 0], 6)


def test_abondance_is_settled_at_its_target_or_at_fourteen_minus_target_lost():
    a = bid([(1, "abondance", {"tricks": 10}), "2:pass", "3:pass", "0:pass", (1, "trump", {"suit": "S"})])
    assert not G.settled(a, [1, 9, 1, 1], 12)
    assert G.settled(a, [0, 10, 0, 0], 10)
    assert G.settled(a, [2, 5, 1, 1], 9)        # the defenders took 4 = 14 - 10


def test_vraag_alleen_troel_play_on_to_the_thirteenth_trick():
    a = bid(["1:vraag", "2:mee", "3:pass", "0:pass"])
    assert not G.settled(a, [0, 8, 4, 0], 12) and G.settled(a, [0, 8, 5, 0], 13)


# -- open miserie: the hand laid open ------------------------------------------------------------
def test_open_miserie_hand_is_shown_after_the_first_lead():
    a = bid(["1:open-miserie", "2:pass", "3:pass", "0:pass"])
    assert [G.shown_due(a, n) for n in range(6)] == [0, 2, 0, 0, 0, 0]


def test_open_miserie_hand_is_shown_after_the_first_trick_by_option():
    g = Wiezen({"open_miserie_shown": "trick"})
    a = bid(["1:open-miserie", "2:pass", "3:pass", "0:pass"])
    assert [g.shown_due(a, n) for n in range(6)] == [0, 0, 0, 0, 2, 0]


def test_no_hand_is_shown_in_plain_miserie():
    a = bid(["1:miserie", "2:pass", "3:pass", "0:pass"])
    assert G.shown_due(a, 1) == 0


# -- 15: Kleurenwiezen ----------------------------------------------------------------------------
KW = {"bid_trump": True}


def test_kleurenwiezen_turns_nothing_up():
    assert not Wiezen(KW).turnup and Wiezen().turnup


def test_kleurenwiezen_ask_names_its_suit():
    a = bid([(1, "vraag", {"suit": "C"}), "2:mee", "3:pass", "0:pass"], turnup=DIAMONDS, options=KW)
    assert a.done and a.trump == 3 and a.contract_target() == 8
    refused(bid([], options=KW), 1, "vraag")
    refused(bid([], options=KW), 1, "vraag", {"suit": "none"})


def test_kleurenwiezen_a_higher_suit_outranks_at_the_same_level():
    a = bid([(1, "vraag", {"suit": "C"}), (2, "vraag", {"suit": "H"})], options=KW)
    assert a.asker == 2 and a.trump == HEARTS and a.declarers == 1 << 2


def test_kleurenwiezen_a_lower_suit_must_bid_one_trick_more():
    a = bid([(1, "vraag", {"suit": "H"})], options=KW)
    refused(a, 2, "vraag", {"suit": "S"})
    a.call(2, "vraag", {"suit": "S", "tricks": 9})
    assert a.asker == 2 and a.contract_target() == 9


def test_kleurenwiezen_a_proposer_of_a_lower_suit_may_join_a_higher_one():
    a = bid([(1, "vraag", {"suit": "C"}), (2, "vraag", {"suit": "H"}), "3:pass", "0:pass", "1:mee"], options=KW)
    assert a.done and a.declarers == 0b0110 and a.trump == HEARTS


def test_kleurenwiezen_alone_keeps_the_asked_suit_for_five_tricks():
    a = bid([(1, "vraag", {"suit": "S", "tricks": 9}), "2:pass", "3:pass", "0:pass", "1:alleen"], options=KW)
    assert a.done and a.high == K.ALLEEN and a.trump == 0 and a.contract_target() == 5


def test_kleurenwiezen_solo_slim_names_its_trump():
    a = bid(["1:solo-slim", "2:pass", "3:pass", "0:pass"], options=KW)
    assert a.stage == A.TRUMP


# -- the contract as data -------------------------------------------------------------------------
def test_the_contract_described_for_the_log_and_the_views():
    a = bid([(1, "troel", {"card": "AC"}), "2:pass", "3:pass", "0:pass", "3:partner"])
    assert G.describe(a) == {"contract": "troel", "declarers": [1, 3], "trump": "C", "target": 8, "partner": 3}
    a = bid(["1:miserie", "2:miserie", "3:pass", "0:pass"])
    assert G.describe(a) == {"contract": "miserie", "declarers": [1, 2], "trump": "none"}


def test_bad_options_are_refused():
    for o in ({"score_table": "bridge"}, {"ladder": "x"}, {"all_pass": "again"}, {"deals": 0}):
        raises(TableError, Wiezen, o)


# -- 13: what the cards played prove ------------------------------------------------------------
try:
    from tapete.rules.games.wiezen.proofs import Proofs
except ImportError:
    from rules.games.wiezen.proofs import Proofs


def proofs(a, plays):
    """The rule words proved by `plays` ("seat:card" ...), in order."""
    p = Proofs()
    out = []
    for x in plays.split():
        seat, c = x.split(":")
        r = p.play(a, int(seat), cards.parse(c))
        if r:
            out.append(r)
    return out, p


TROEL_AC = [(1, "troel", {"card": "AC"}), "2:pass", "3:pass", "0:pass", "3:partner"]


def test_a_false_troel_is_proved_when_another_seat_plays_a_claimed_ace():
    assert proofs(bid(TROEL_AC), "3:AC 0:AH 1:2C")[0] == ["false-troel"]
    assert proofs(bid(TROEL_AC), "3:AC 0:2C 1:AH 2:3C")[0] == []


def test_a_wrong_troel_partner_is_proved_when_another_seat_plays_the_fourth_ace():
    assert proofs(bid(TROEL_AC), "3:KC 0:AC")[0] == ["troel-partner"]


def test_troela_partner_and_aces():
    a = bid([(1, "troela", {"card": "KH"}), "2:pass", "3:pass", "0:pass", "2:partner"])
    assert proofs(a, "1:2S 2:KH 3:AS")[0] == ["false-troel"]
    assert proofs(a, "1:2S 0:KH")[0] == ["troel-partner"]


def test_an_unannounced_troel_is_proved_by_a_seats_third_ace():
    a = bid(["1:vraag", "2:mee", "3:pass", "0:pass"])
    assert proofs(a, "1:AS 1:AH 0:AD 1:AD 1:AC")[0] == ["troel-unannounced"]     # once, at the third
    assert proofs(bid(TROEL_AC), "1:AS 1:AH 1:AD")[0] == []


def test_a_solo_declarer_with_three_aces_had_no_troel_to_announce():
    a = bid(["1:solo-slim", "2:pass", "3:pass", "0:pass"])
    assert proofs(a, "1:AS 1:AH 1:AD")[0] == []


def test_after_a_contract_above_troel_the_later_seats_could_not_announce_it():
    a = bid(["1:solo-slim", "2:pass", "3:pass", "0:pass"])
    assert proofs(a, "2:AS 2:AH 2:AD")[0] == []
    a = bid(["1:pass", "2:solo-slim", "3:pass", "0:pass"])
    assert proofs(a, "1:AS 1:AH 1:AD")[0] == ["troel-unannounced"]      # he spoke before the solo


def test_kleurenwiezen_the_acceptor_must_hold_the_asked_suit():
    a = bid([(1, "vraag", {"suit": "H"}), "2:mee", "3:pass", "0:pass"], options=KW)
    assert proofs(a, "2:2S 2:3D")[1].hand_end(a) == "mee-suit"
    assert proofs(a, "2:2S 2:3H")[1].hand_end(a) is None
    b = bid(["1:vraag", "2:mee", "3:pass", "0:pass"])      # plain Wiezen: the turn-up's suit
    assert proofs(b, "2:2S")[1].hand_end(b) is None


# -- the table's control tags -------------------------------------------------------------------
class _Ctx:
    def __init__(self, talk):
        self.talk = talk


class _Match:
    def __init__(self, talk):
        self.ctx = _Ctx(talk)


def test_control_tags_make_wiezen_calls():
    a = bid(["1:vraag"])
    m = _Match(a)
    assert G.tag_call(m, 2, "mee") == {"call": "mee"}
    assert G.tag_call(m, 2, "pass") == {"call": "pass"}
    assert G.tag_call(m, 2, "bid") == {"call": "abondance", "tricks": 9}
    a.call(2, "abondance", {"tricks": 10})
    assert G.tag_call(m, 3, "bid") == {"call": "abondance", "tricks": 11}
    assert G.tag_call(m, 3, "trump-H") == {"call": "trump", "suit": "H"}
    assert G.tag_call(m, 3, "troel") is None        # its card is named from the host
    assert G.tag_call(_Match(bid(["1:solo-slim"])), 2, "bid") is None


def test_kleurenwiezen_only_the_acceptor_bids_further_for_the_pair():
    calls = [(1, "vraag", {"suit": "D"}), "2:mee", (3, "vraag", {"suit": "H"}), "0:pass"]
    a = bid(calls + [(1, "vraag", {"suit": "D", "tricks": 9})], options=KW)
    assert a.declarers == 1 << 1 and a.acceptor == -1       # the proposer raising asks anew, alone
    a = bid(calls + ["1:pass", (2, "vraag", {"suit": "D", "tricks": 9})], options=KW)
    assert a.declarers == 0b0110 and a.asker == 1 and a.acceptor == 2 and a.contract_target() == 9
    a.call(3, "pass", {})
    assert a.done and a.trump == DIAMONDS
