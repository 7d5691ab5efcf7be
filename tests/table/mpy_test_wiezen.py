"""Wiezen at the table: its calls made with control tags, troel and troela with the
cards they announce laid on the reader (firmware/table/showing.py), under micropython."""
import scratch
import tablekit
from drivers.buttons import CONFIRM
from table import phases as P

ROOT = scratch.path("tapete-wiezen")


def _kit():
    k = tablekit.Kit(ROOT, deck="french52")
    k.command('{"cmd": "new", "game": "wiezen"}')
    return k


def _calls(k):
    return [e for e in k.events() if e["ev"] == "call"]


def _turn_up(k, card):
    k.place(k.table.match.dealer, card)
    k.remove(card)


def test_troel_names_the_fourth_ace_from_the_three_shown():
    k = _kit()
    assert k.table.match.game.name == "wiezen"
    _turn_up(k, "2S")
    assert k.table.phase == P.CALLS
    seat = k.table.match.ctx.talk.turn
    k.control(seat, "troel")
    for c in ("AS", "AH", "2C", "AD"):      # a card not an ace is refused on the way
        k.place(seat, c)
        k.remove(c)
    call = _calls(k)[-1]
    assert call["call"] == "troel" and call["seat"] == seat and call["card"] == "AC", call
    assert k.table.match.ctx.talk.high


def test_troela_names_the_highest_heart_not_shown_on_confirm():
    k = _kit()
    _turn_up(k, "2S")
    seat = k.table.match.ctx.talk.turn
    k.control(seat, "troela")
    for c in ("AS", "AH", "AD", "AC", "KH", "QH"):
        k.place(seat, c)
        k.remove(c)
    assert not [e for e in _calls(k) if e["call"] == "troela"]
    k.press(CONFIRM)
    call = _calls(k)[-1]
    assert call["call"] == "troela" and call["card"] == "JH", call


def test_the_bidding_by_tags_makes_the_contract():
    k = _kit()
    _turn_up(k, "2S")
    m = k.table.match
    first = m.ctx.talk.turn
    k.control(first, "solo-slim")
    for i in (1, 2, 3):
        k.control((first + i) % 4, "pass")
    assert [c["call"] for c in _calls(k)] == ["solo-slim", "pass", "pass", "pass"]
    assert m.ctx.contract == (1 << first, 13) and m.turn == first and k.table.phase == P.PLAY


def test_open_miserie_waits_for_the_declarers_hand_laid_on_his_reader():
    k = _kit()
    _turn_up(k, "2S")
    m = k.table.match
    first = m.ctx.talk.turn         # the dealer's left: he leads too
    k.control(first, "open-miserie")
    for i in (1, 2, 3):
        k.control((first + i) % 4, "pass")
    k.place(first, "2H")            # the lead: now his hand is laid open
    assert k.table.phase == P.SHOW and m.awaiting() == 1 << first
    k.remove("2H")
    nxt = (first + 1) % 4
    k.place(nxt, "2D")              # not yet: the table waits for the open hand
    k.remove("2D")
    assert m.knowledge.count == 1
    hearts = ("AH", "KH", "QH", "JH", "10H", "9H", "8H", "7H", "6H", "5H", "4H", "3H")
    for c in hearts:
        k.place(first, c)
        k.remove(c)
    shown = [e for e in k.events() if e["ev"] == "hand"]
    assert len(shown) == 1 and shown[0]["seat"] == first and sorted(shown[0]["cards"]) == sorted(hearts)
    assert k.table.phase == P.PLAY and m.known[first] and m.turn == nxt and k.table.showing < 0
    k.place(nxt, "2D")
    assert m.knowledge.count == 2
