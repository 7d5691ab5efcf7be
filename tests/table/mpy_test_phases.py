"""Every phase of the table, its lights and its e-ink (runs under MicroPython)."""
import scratch
import tablekit   # first: it puts firmware/ ahead of tests/ on the path
from drivers.buttons import MENU, CONFIRM, UNDO
from drivers.leds import TURN, ACCEPTED, ILLEGAL, WINNER, OFF
from table import phases as P
from rules import cards as C

ROOT = scratch.path("tapete-phases")


def _kit(options='{"irregularity": "report"}'):
    k = tablekit.Kit(ROOT)
    k.command('{"cmd": "new", "game": "malilla", "options": ' + options + '}')
    return k


def _lit(k, seat):
    return k.app.lights.meaning[seat]


def _names(k):
    return [e["ev"] for e in k.events()]


def test_setup_with_buttons_starts_a_match():
    k = tablekit.Kit(ROOT)
    assert k.table.phase == P.IDLE
    k.press(MENU)
    assert k.table.phase == P.SETUP
    k.press(MENU)                   # next game
    assert k.table.game_name == "manille"
    k.press(MENU)
    assert k.table.game_name == "malilla"
    k.press(MENU, long=True)        # next option preset
    assert k.table.preset == 1
    k.press(UNDO)                   # next first dealer
    assert k.table.first_dealer == 1
    k.app.draw()
    k.press(CONFIRM)
    ev = k.events()
    assert ev[0]["ev"] == "match" and ev[0]["options"] == {"irregularity": "report"}
    import sys
    assert "table.menu" not in sys.modules      # the menu is dropped when play starts
    assert ev[1] == {"ev": "deal", "dealer": 1, "seq": 1, "t": ev[1]["t"]}
    assert k.table.phase == P.TURNUP
    assert _lit(k, 1) == TURN      # the dealer turns up


def test_turnup_is_the_dealers_first_card():
    k = _kit()
    k.place(2, "5C")                # not the dealer: refused, not logged
    assert k.table.phase == P.TURNUP
    k.remove("5C")
    k.place(0, "4H")
    assert k.table.phase == P.PLAY
    ev = k.events()
    assert ev[-2]["ev"] == "turnup" and ev[-2]["card"] == "4H"
    assert ev[-1]["ev"] == "trump" and ev[-1]["suit"] == "H"
    k.remove("4H")                  # back into the dealer's hand: nothing happens
    assert k.table.match.turn == 1 and _lit(k, 1) == TURN


def _to_play(k, turnup="4H"):
    k.place(0, turnup)
    k.remove(turnup)


def test_accepted_play_lights_and_next_turn():
    k = _kit()
    _to_play(k)
    k.place(1, "2S")
    assert _lit(k, 1) == ACCEPTED and _lit(k, 2) == TURN
    assert k.events()[-1]["ev"] == "play"


def test_out_of_turn_is_refused_at_once_and_lit():
    k = _kit()
    _to_play(k)
    k.place(3, "2S")
    assert _lit(k, 3) == ILLEGAL and k.app.lights.blinking[3]
    v = k.events()[-1]
    assert v["ev"] == "violation" and v["rule"] == "out-of-turn" and v["proven"] == "at-play"
    k.remove("2S")                  # taken back
    assert _lit(k, 1) == TURN and _lit(k, 3) == OFF


def test_trick_winner_lit_until_collected():
    k = _kit()
    _to_play(k, "4D")               # diamonds trump
    for seat, card in ((1, "2S"), (2, "KS"), (3, "3S"), (0, "7S")):
        k.place(seat, card)
    assert k.table.phase == P.COLLECT
    assert _lit(k, 0) == WINNER and k.app.lights.blinking[0]
    t = k.events()[-1]
    assert t["ev"] == "trick" and t["winner"] == 0 and t["cards"] == ["2S", "KS", "3S", "7S"]
    k.collect()
    assert k.table.phase == P.PLAY and _lit(k, 0) == TURN


def test_a_flickering_card_is_not_played_twice():
    k = _kit()
    _to_play(k)
    k.place(1, "2S")
    n = len(k.events())
    k.remove("2S")                  # the reader lost it for a while
    k.place(1, "2S")
    assert len(k.events()) == n and k.table.match.turn == 2


def test_violation_proven_later_points_at_the_offender_and_shows_proof():
    k = _kit()
    _to_play(k, "4D")
    for seat, card in ((1, "2S"), (2, "KC"), (3, "3S"), (0, "7S")):   # seat 2 discards
        k.place(seat, card)
    k.collect()
    for seat, card in ((0, "AS"), (1, "4S"), (2, "5S")):                # ... holding a spade
        k.place(seat, card)
    assert _lit(k, 2) == ILLEGAL and k.app.lights.blinking[2]
    v = [e for e in k.events() if e["ev"] == "violation"][-1]
    assert v["seat"] == 2 and v["card"] == "KC" and v["proven"] == 2 and v["proof"]["card"] == "5S"
    assert k.table.violation["rule"] == v["rule"]
    k.app.draw()                    # the violation box: a black frame at the bottom
    panel = k.board.panel
    assert panel.pixel(0, 200) == 0 and panel.pixel(1, 245) == 0   # the frame
    assert panel.pixel(4, 245) == 1                                 # inside it


def test_default_penalty_ends_the_match():
    k = _kit("{}")
    _to_play(k, "4D")
    for seat, card in ((1, "2S"), (2, "KC"), (3, "3S"), (0, "7S")):
        k.place(seat, card)
    k.collect()
    for seat, card in ((0, "AS"), (1, "4S"), (2, "5S")):
        k.place(seat, card)
    assert k.table.phase == P.OVER
    end = k.events()[-1]
    assert end["ev"] == "match_end" and end["reason"] == "irregularity" and end["winner"] == 1
    assert _lit(k, 1) == WINNER and _lit(k, 3) == WINNER


def test_whole_match_hand_end_next_deal_and_match_end():
    k = _kit()
    p = tablekit.Players(k, seed=3)
    p.play_hand()
    assert k.table.phase == P.TURNUP    # the last trick collected: the next deal
    names = _names(k)
    assert names.count("hand_end") == 1 and names[-1] == "deal"
    assert k.events()[-1]["dealer"] == 1
    p.play_match()
    assert k.table.phase == P.OVER and _names(k)[-1] == "match_end"
    k.app.draw()
    assert k.board.eink.refreshes >= 1


def test_undo_button_takes_back_the_last_play():
    k = _kit()
    _to_play(k)
    k.place(1, "2S")
    k.place(2, "KS")
    k.press(UNDO)
    ev = k.events()
    assert ev[-1]["ev"] == "x-undo" and ev[-1]["card"] == "KS" and ev[-1]["undo"] == ev[-2]["seq"]
    assert k.table.match.turn == 2 and k.table.match.trick.n == 1
    k.remove("KS")
    k.place(2, "3S")
    assert k.table.match.trick.n == 2 and k.events()[-1]["card"] == "3S"


def test_control_tags_confirm_and_calls():
    k = _kit()
    _to_play(k)
    n = len(k.events())
    k.control(1, "double")          # Malilla has no calls: warned, not logged
    assert len(k.events()) == n and k.table.message == "double?"


def test_enrol_a_deck_on_any_reader():
    k = tablekit.Kit(ROOT, deck=False)
    k.press(CONFIRM, long=True)
    assert k.table.phase == P.ENROL
    k.app.draw()
    import enrol
    order = enrol.order("spanish40")
    for code in order[:3]:
        k.place(0, code)
        k.remove(code)
    assert k.table.enroller.pos == 3
    k.press(UNDO)
    assert k.table.enroller.pos == 2
    k.press(CONFIRM)                # save what is enrolled
    assert k.table.phase == P.SETUP and k.table.deck.count == 2
    replies = [e for e in k.log() if e.get("reply") == "enrol"]
    assert replies[0]["result"] == "accepted" and replies[-1]["result"] == "saved"


def test_screens_of_every_phase_draw():
    k = tablekit.Kit(ROOT)
    for press in (None, MENU):
        if press is not None:
            k.press(press)
        k.app.draw()
    k.press(CONFIRM)
    k.app.draw()
    _to_play(k)
    k.app.draw()
    assert k.board.eink.refreshes >= 4 and k.app.screen.frames == 4


def test_concede_tag_ends_the_hand_and_claim_tag_is_ruled():
    k = _kit()
    p = tablekit.Players(k, seed=3)
    p.deal()
    p.turn_up()
    for _ in range(3):
        p.play_trick()
        k.collect()
    seat = k.table.match.turn
    k.control(seat, "claim")        # hands hidden: the claimer shows its hand, card by card
    assert not [e for e in k.events() if e["ev"] == "x-claim"] and "claim: 0/7" in k.table.message
    for c in C.cards_of(p.hands[seat]):
        k.place(seat, c)
        k.remove(c)
    claim = [e for e in k.events() if e["ev"] == "x-claim"]
    call = [e for e in k.events() if e["ev"] == "call"][-1]
    assert len(call["cards"]) == 7 and call["seat"] == seat
    assert claim and claim[-1]["seat"] == seat and claim[-1]["call"] == "claim"
    if k.table.phase == P.HAND_END:     # a sound claim: the hand is over
        return
    # refused (with its line), or too large for the pure-Python check: play goes on
    assert claim[-1]["sound"] is None or claim[-1]["line"]
    assert k.table.phase == P.PLAY and k.table.match.turn == seat
    k.control(seat, "concede")
    ev = k.events()
    assert ev[-2]["ev"] == "x-claim" and ev[-2]["call"] == "concede" and ev[-1]["ev"] == "hand_end"
    assert k.table.phase == P.HAND_END
