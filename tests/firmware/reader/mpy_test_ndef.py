"""Decks that carry their own names: the NDEF record, the tag's pages and their
timing, reading a deck with no enrolment, writing one (MicroPython)."""
from chips.tags import ntag213, mifare_classic, WRITE_US
from drivers.mfrc522 import OK, ERROR
from reader import ndef
from reader.enrol import CONTROL_BASE, CONTROLS     # every tag of a set, Wiezen's too
from firmware.reader.simkit import table_with_readers, drain, uid7, ListDeck


def _raises(exc, f, *a):
    try:
        f(*a)
    except exc:
        return
    raise AssertionError("no %s" % exc.__name__)


def _rounds(t, sr, n):
    out = []
    for _ in range(n):
        sr.scan()
        out += drain(sr)
        t.clock.advance_ms(10)
    return out


def test_a_record_names_its_card_and_pack_and_reads_back():
    for pack, code in (("spanish40", 6), ("french52", 9), ("french52", 3 * 16 + 12),
                       ("spanish48", CONTROL_BASE + CONTROLS.index("delegate")),
                       ("mexican40", CONTROL_BASE + len(CONTROLS) - 1)):
        b = ndef.encode(pack, code)
        assert len(b) % 4 == 0 and len(b) <= 28, (pack, code, len(b))
        assert ndef.decode(b) == (pack, code)
        assert ndef.length(b) <= len(b)
    b = ndef.encode("spanish40", 6)
    # the text record as any phone app writes it: 03 L D1 01 P 'T' 02 'en' text FE
    assert b[:2] == bytes((0x03, 19)) and b[2:9] == b"\xd1\x01\x0fT\x02en"
    assert b[9:19] == b"spanish40 " and b[19:21] == b"7S" and b[21] == 0xFE


def test_what_is_not_a_tapete_record_is_none_and_bad_input_is_refused():
    b = bytearray(ndef.encode("french52", 0))
    assert ndef.decode(bytes(16)) is None               # a blank tag
    assert ndef.decode(b"\x03\x00\xfe" + bytes(13)) is None     # an empty message
    for i, v in ((5, 0x55), (6, 0x82), (2, 0xC1)):      # a URI, UTF-16, no SR
        bad = bytearray(b)
        bad[i] = v
        assert ndef.decode(bad) is None, i
    other = bytearray(b)
    other[9:18] = b"bridge52 "
    assert ndef.decode(other) is None
    assert ndef.decode(b[:12]) is None                  # cut short
    _raises(ValueError, ndef.encode, "tarot78", 0)
    _raises(ValueError, ndef.encode, "french52", 13)
    _raises(ValueError, ndef.encode, "french52", CONTROL_BASE + len(CONTROLS))


def test_a_page_write_takes_the_eeprom_time_and_reads_back():
    t, rd, sr = table_with_readers(1)
    r = rd[0]
    tag = ntag213(uid7(1))
    t.place(0, tag)
    r.antenna(True)
    t.clock.advance_ms(2)
    assert r.request() == OK and r.select() == OK
    t0 = t.clock.us
    assert r.write_page(4, b"\x03\x00\xfe\x00") == OK
    took = t.clock.us - t0
    assert WRITE_US < took < WRITE_US + 1500, took
    buf = bytearray(16)
    t0 = t.clock.us
    assert r.read_page(4, buf) == OK and buf[:4] == b"\x03\x00\xfe\x00"
    # 4 bytes out, 18 back at 106 kbit/s and the frame delay: ~2 ms on air
    assert 1500 < t.clock.us - t0 < 3000, t.clock.us - t0
    _raises(ValueError, r.write_page, 3, b"\x00\x00\x00\x00")   # OTP / lock: never
    _raises(ValueError, r.write_page, 40, b"\x00\x00\x00\x00")  # configuration
    _raises(ValueError, r.write_page, 4, b"\x00")


def _ndef_tag(k, pack="spanish40", code=None):
    return ntag213(uid7(k), ndef.encode(pack, k if code is None else code))


def test_a_deck_that_carries_its_names_plays_with_no_enrolment():
    for seats, steady in ((4, False), (12, True)):
        t, rd, sr = table_with_readers(seats, steady=steady)     # no deck at all
        sr.start()
        tags = [_ndef_tag(k) for k in (0, 6, 12)]
        for s, tag in enumerate(tags):
            t.place(s, tag)
        t.clock.advance_ms(2)
        ev = _rounds(t, sr, 3)
        assert sorted(ev) == [("placed", 0, 0), ("placed", 1, 6), ("placed", 2, 12)], ev
        assert [tg.reads for tg in tags] == [2, 2, 2]    # 2 READs each: 22 bytes
        for tag in tags:
            t.remove(tag)
        _rounds(t, sr, 8)
        t.place(3, tags[1])                  # laid again: known, not read again
        t.clock.advance_ms(2)
        assert _rounds(t, sr, 2) == [("placed", 3, 6)] and tags[1].reads == 2


def test_an_enrolled_deck_is_never_read_and_foreign_tags_are_read_once():
    t, rd, sr = table_with_readers(4, deck=ListDeck(52))
    enrolled = _ndef_tag(7, code=40)        # enrolled as 7: its memory is not asked
    t.place(0, enrolled)
    blank = ntag213(uid7(90))               # unknown, no record
    t.place(1, blank)
    classic = mifare_classic(b"\x01\x02\x03\x04")
    t.place(2, classic)
    ev = _rounds(t, sr, 3)
    assert sorted(ev) == [("placed", 0, 7), ("unknown", 1, "04105a5aa53cda"),
                          ("unknown", 2, "01020304")], ev
    assert enrolled.reads == 0 and blank.reads == 1
    t.remove(blank)
    _rounds(t, sr, 4)
    t.place(1, blank)
    _rounds(t, sr, 3)
    assert blank.reads == 1


def test_a_read_lost_is_tried_again_not_an_unknown_card():
    t, rd, sr = table_with_readers(4)
    tag = _ndef_tag(5)
    orig = t.misses
    lost = [2]

    def lose_reads(chip, tg):
        if tg is tag and tg.state == 2 and lost[0]:     # ACTIVE: a READ comes
            lost[0] -= 1
            return True
        return orig(chip, tg)
    t.misses = lose_reads
    t.place(2, tag)
    assert _rounds(t, sr, 4) == [("placed", 2, 5)] and lost[0] == 0


def test_the_write_mode_writes_the_next_tag_laid_and_reads_it_back():
    for seats, steady in ((4, False), (12, True)):
        t, rd, sr = table_with_readers(seats, steady=steady)
        sr.start()
        t.crosstalk = 1000 if steady else 0      # a neighbour's tag is never written
        old = _ndef_tag(3, "french52")
        t.place(1, old)
        t.clock.advance_ms(2)
        assert _rounds(t, sr, 2) == [("placed", 1, 3)]
        sr.writing = (20, ndef.encode("spanish40", 20))
        blank = ntag213(uid7(30))
        t.place(0, blank)
        t.clock.advance_ms(2)
        ev = _rounds(t, sr, 3)
        assert ev == [("placed", 0, 20)], ev
        assert sr.writing is None and ndef.decode(blank.pages[16:48]) == ("spanish40", 20)
        assert ndef.decode(old.pages[16:48]) == ("french52", 3)
        assert sr.stats["written"] == 1 and blank.writes == 6
        # the next card to write waits for a tag not written in this pass
        sr.writing = (21, ndef.encode("spanish40", 21))
        t.remove(blank)
        _rounds(t, sr, 8)
        t.place(2, blank)
        t.clock.advance_ms(2)
        assert _rounds(t, sr, 3) == [("removed", 0, 20), ("placed", 2, 20)][1:]
        assert sr.writing is not None and blank.writes == 6


def test_a_tag_that_will_not_take_the_record_is_reported_once_at_its_third_failure():
    from reader import seats
    assert ndef.UNKNOWN == seats.UNKNOWN        # the copy of the event kind (not imported)
    t, rd, sr = table_with_readers(4)
    sr.start()
    sr.writing = (20, ndef.encode("spanish40", 20))
    locked = ntag213(uid7(31))
    locked.pages[10] |= 0x10                    # page 4 locked by the static lock bytes
    t.place(2, locked)
    t.clock.advance_ms(2)
    ev = _rounds(t, sr, 8)
    assert ev == [("unknown", 2, 20)], ev       # the code it was to get, once
    assert sr.writing is not None and sr.stats["written"] == 0
    assert ndef.decode(locked.pages[16:48]) is None


def test_scans_with_a_read_deck_lying_allocate_nothing():
    import gc
    t, rd, sr = table_with_readers(4)
    for s in range(4):
        t.place(s, _ndef_tag(s))
    _rounds(t, sr, 3)
    gc.collect()
    before = gc.mem_alloc()
    for _ in range(20):
        sr.scan()
    assert gc.mem_alloc() - before == 0, gc.mem_alloc() - before


def test_a_cards_record_is_read_without_allocating():
    import gc
    mem = bytearray(32)
    for pack, code in (("spanish40", 6), ("french52", 9), ("french52", 60)):
        b = ndef.encode(pack, code)
        mem[:len(b)] = b
        size = ndef.length(mem)
        ndef.code_in(mem, size)
        gc.collect()
        before = gc.mem_alloc()
        got = ndef.code_in(mem, size)
        assert gc.mem_alloc() - before == 0 and got == code, (pack, code, gc.mem_alloc() - before)
    word = ndef.encode("spanish40", CONTROL_BASE + CONTROLS.index("truc"))
    assert ndef.code_in(word, ndef.length(word)) == CONTROL_BASE + CONTROLS.index("truc")
