"""Enrolment and the deck check (runs under MicroPython)."""
import scratch
import os
from reader.enrol import (Enroller, Deck, DeckCheck, order, name, requested_at_boot, CONTROLS,
                   ACCEPTED, REPEATED, DUPLICATE, DONE, CONTROL_BASE, DECKS, PACK_ORDER,
                   pack_codes, rewrite)
from reader import deck as play_deck
from chips.bus import FakePin
from chips.clock import SimClock
from chips.tags import ntag213
from reader.seats import PLACED, UNKNOWN
from firmware.reader.simkit import table_with_readers, uid7


def test_canonical_order_is_suits_shdc_faces_a_to_k_then_controls():
    o = order("spanish40")
    assert len(o) == 40 + len(CONTROLS)
    assert [name(c) for c in o[:11]] == ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "JS", "QS", "KS", "AH"]
    assert o[0] == 0 and o[10] == 16 and o[39] == 3 * 16 + 12
    assert name(o[40]) == "claim" and o[40] == CONTROL_BASE
    assert len(order("french52")) == 52 + len(CONTROLS)
    assert [name(c) for c in order("piquet32")[:8]] == ["AS", "7S", "8S", "9S", "10S", "JS", "QS", "KS"]


def test_unknown_deck_is_refused():
    try:
        order("tarot78")
    except ValueError as e:
        assert "tarot78" in str(e)
        return
    raise AssertionError("accepted")


def test_a_whole_deck_in_one_pass_with_duplicates_refused_and_repeats_ignored():
    e = Enroller("piquet32", controls=("claim",))
    assert e.offer(uid7(0), 7) == ACCEPTED
    assert e.offer(uid7(0), 7) == REPEATED          # the same card read again
    assert e.expected() == 6                          # 7S next
    assert e.offer(uid7(1), 7) == ACCEPTED
    assert e.offer(uid7(0), 7) == DUPLICATE         # AS again: refused
    assert e.expected() == 7
    for i in range(2, 33):
        assert e.offer(uid7(i), 7) == ACCEPTED, i
    assert e.done() and e.offer(uid7(99), 7) == DONE
    assert e.deck.lookup(uid7(0), 7) == 0
    assert e.deck.lookup(uid7(31), 7) == 3 * 16 + 12  # KC
    assert e.deck.lookup(uid7(32), 7) == CONTROL_BASE
    assert e.deck.lookup(uid7(33), 7) == -1


def test_undo_steps_back_one_card():
    e = Enroller("piquet32")
    e.offer(uid7(0), 7)
    e.offer(uid7(1), 7)
    e.undo()
    assert e.expected() == 6 and e.deck.lookup(uid7(1), 7) == -1
    assert e.offer(uid7(5), 7) == ACCEPTED and e.deck.lookup(uid7(5), 7) == 6


def test_saved_atomically_and_loaded_back():
    e = Enroller("piquet32", controls=())
    for i in range(32):
        e.offer(uid7(i), 7)
    path = scratch.path("tapete_enrol_test.json")
    e.deck.save(path)
    assert "tapete_enrol_test.json.tmp" not in os.listdir("/tmp")
    d = Deck.load(path)
    assert d.count == 32 and d.name == "piquet32"
    for i in range(32):
        assert d.lookup(uid7(i), 7) == e.deck.lookup(uid7(i), 7)
    e.deck.save(path)  # replacing an existing file works too
    os.remove(path)


def test_a_bad_file_is_refused():
    path = scratch.path("tapete_bad_enrol.json")
    with open(path, "w") as f:
        f.write('{"version": 7}')
    try:
        Deck.load(path)
    except ValueError:
        os.remove(path)
        return
    raise AssertionError("accepted")


def test_deck_check_finds_missing_and_foreign_tags():
    chk = DeckCheck("manille", order("piquet32"))       # control codes are left out
    assert len(chk.expected) == 32 and chk.count() == 0
    for c in order("piquet32")[:31]:
        chk.seen(c)
    chk.seen(3 * 16)            # AC twice: a card laid again is no fault
    chk.seen(CONTROL_BASE + 1)  # a control tag: not a card of the pack
    chk.foreign_tag(uid7(77), 7)
    chk.foreign_tag(uid7(77), 7)
    rep = chk.report()
    assert rep["missing"] == ["KC"] and chk.count() == 31
    assert rep["foreign"] == ["".join("%02x" % b for b in uid7(77))]
    assert not chk.ok()
    chk.seen(3 * 16 + 12)
    assert chk.missing() == [] and chk.count() == 32


def test_every_pack_enrols_and_the_table_grows_with_the_control_tags():
    sizes = {"spanish40": 40, "spanish48": 48, "piquet32": 32, "french52": 52}
    assert sorted(PACK_ORDER) == sorted(DECKS) == sorted(sizes)
    many = tuple("call-%d" % i for i in range(40))     # more calls than today's tags
    for pack in PACK_ORDER:
        for controls in (CONTROLS, many):
            e = Enroller(pack, controls=controls)
            assert len(e.order) == sizes[pack] + len(controls)
            for i in range(len(e.order)):
                assert e.offer(uid7(i), 7) == ACCEPTED, (pack, i)
            assert e.done() and e.deck.count == sizes[pack] + len(controls)
    d = Deck()                  # the default table grows too (host/tapete/sim/players)
    for i in range(52 + len(many)):
        d.add(uid7(i), 7, i % 64)
    assert d.count == 52 + len(many)


def test_a_pack_holds_every_game_pack_it_should():
    from rules import games
    from rules.games.manille import Manille
    packs = [games.get(n).deck for n in games.names()]
    packs += [games.get("manille", {"deck": d}).deck for d in Manille.OPTIONS["deck"][1]]
    full = Enroller("french52", controls=()).deck
    for i, code in enumerate(order("french52", ())):
        full.add(uid7(i), 7, code)
    for p in packs:
        assert full.lacks(p) == []        # a French 52 covers every game
    for n in games.names():
        g = games.get(n)
        own = [k for k in DECKS if sorted(pack_codes(g.deck)) ==
               sorted(c for c in order(k, ()))]
        assert own, n                     # and each game's own pack can be enrolled


def test_a_deck_names_the_cards_a_game_lacks():
    from rules import games
    e = Enroller("spanish40", controls=())
    for i in range(40):
        e.offer(uid7(i), 7)
    assert e.deck.lacks(games.get("malilla").deck) == []
    lacks = [name(c) for c in e.deck.lacks(games.get("manille").deck)]
    assert lacks == ["8S", "9S", "10S", "8H", "9H", "10H", "8D", "9D", "10D", "8C", "9C", "10C"]


def test_suit_signs_are_saved_with_the_deck_and_can_be_switched():
    e = Enroller("spanish40", controls=(), signs=1)
    for i in range(40):
        e.offer(uid7(i), 7)
    path = scratch.path("tapete_enrol_signs.json")
    e.deck.save(path)
    d = play_deck.Deck.load(path)
    assert d.signs == 1 and d.count == 40 and d.capacity == 40
    d.signs = 0
    rewrite(d, path)
    d2 = play_deck.Deck.load(path)
    assert d2.signs == 0 and d2.count == 40 and d2.lookup(uid7(39), 7) == 3 * 16 + 12
    os.remove(path)


def test_enrolment_through_the_reader_layer():
    t, rd, sr = table_with_readers(4)
    e = Enroller("piquet32", controls=("claim",))
    tags = [ntag213(uid7(100 + i)) for i in range(33)]
    for tag in tags:
        t.place(0, tag)
        for _ in range(2):
            sr.scan()
        t.remove(tag)
        for _ in range(5):
            sr.scan()
        while True:
            ev = sr.events.get()
            if ev is None:
                break
            if ev.kind in (PLACED, UNKNOWN):
                assert e.offer(ev.uid, ev.uid_len) == ACCEPTED
    assert e.done()
    sr.deck = e.deck
    t.place(2, tags[9])   # AS 7S 8S 9S 10S JS QS KS AH 7H
    sr.scan()
    ev = sr.events.get()
    assert ev.kind == PLACED and ev.seat == 2 and name(ev.card) == "7H"


def test_enrolment_only_when_the_button_is_held_at_boot():
    c = SimClock()
    pin = FakePin(20, FakePin.IN, FakePin.PULL_UP)
    assert not requested_at_boot(pin, sleep_ms=c.sleep_ms)
    pin.value(0)
    assert requested_at_boot(pin, sleep_ms=c.sleep_ms)
    # A press released early is not a request.
    c2 = SimClock()

    def sleep(ms):
        c2.sleep_ms(ms)
        if c2.ticks_ms() > 500:
            pin.value(1)
    assert not requested_at_boot(pin, sleep_ms=sleep)
