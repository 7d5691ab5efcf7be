"""Enrolment and the deck check (runs under MicroPython)."""
import scratch
import os
from enrol import (Enroller, Deck, DeckCheck, order, name, requested_at_boot, CONTROLS,
                   ACCEPTED, REPEATED, DUPLICATE, DONE, CONTROL_BASE)
from sim.bus import FakePin
from sim.clock import SimClock
from sim.tags import ntag213
from reader import PLACED, UNKNOWN
from firmware.simkit import table_with_readers, uid7


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


def test_deck_check_finds_missing_duplicate_and_foreign():
    e = Enroller("piquet32", controls=())
    for i in range(32):
        e.offer(uid7(i), 7)
    chk = DeckCheck(e.deck, order("piquet32", ()))
    for i in range(31):
        chk.offer(uid7(i), 7)
    chk.offer(uid7(3), 7)
    chk.offer(uid7(77), 7)
    rep = chk.report()
    assert rep["missing"] == ["KC"]
    assert rep["duplicate"] == ["9S"]
    assert rep["foreign"] == ["".join("%02x" % b for b in uid7(77))]
    assert not chk.ok()


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
