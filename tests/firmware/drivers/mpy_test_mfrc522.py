"""MFRC522 driver against the FakeMFRC522 chip model (runs under MicroPython)."""
from chips.table import SimTable
from chips.tags import ntag213, mifare_classic, HALT, ACTIVE, IDLE
from chips.crc import crc_a
from drivers.mfrc522 import (MFRC522, ReaderError, OK, NO_TAG, ERROR, STATUS_NAMES)

UID7 = b"\x04\x11\x22\x33\x44\x55\x66"
UID4 = b"\xde\xad\xbe\xef"


def _reader(seats=1, version=0x92, seat=0):
    t = SimTable(seats)
    t.chips[seat].version = version
    t.chips[seat].soft_reset()
    r = MFRC522(t.spi, t.cs[seat], t.rst, sleep_us=t.clock.sleep_us, name="seat%d" % seat)
    return t, r


def _field_on(t, r):
    r.antenna(True)
    t.clock.sleep_us(3000)


def _raises(exc, fn, *args):
    try:
        fn(*args)
    except exc as e:
        return str(e)
    raise AssertionError("expected %s" % exc.__name__)


def test_the_rare_parts_say_the_drivers_numbers():
    # mfrc522_setup.py keeps its own copies: mfrc522.py loads it, so it cannot import them.
    import drivers.mfrc522 as M
    import drivers.mfrc522_setup as S
    for name in ("OK", "ERROR", "CHIP_TIMEOUT", "SHORT_US"):
        assert getattr(S, name) == getattr(M, name), name
    from drivers import ntag
    for name in ("OK", "ERROR", "FRAME_US"):
        assert getattr(ntag, name) == getattr(M, name), name
    assert S.ReaderError is M.ReaderError


def test_init_identifies_a_genuine_mfrc522():
    t, r = _reader()
    assert r.init() == "MFRC522 v2.0"
    assert r.genuine and r.version == 0x92
    t, r = _reader(version=0x91)
    assert r.init() == "MFRC522 v1.0" and r.genuine


def test_clones_are_reported_as_clones():
    for v, word in ((0x88, "clone"), (0x12, "counterfeit")):
        t, r = _reader(version=v)
        assert word in r.init()
        assert not r.genuine


def test_a_dead_module_raises_instead_of_hanging():
    t, r = _reader()
    t.chips[0].dead = True
    msg = _raises(ReaderError, r.init)
    assert "0x00" in msg
    t, r = _reader(version=0xFF)
    assert "0xff" in _raises(ReaderError, r.init)


def test_a_module_holding_miso_spoils_its_neighbours():
    t = SimTable(2)
    t.chips[1].holds_miso = True
    r0 = MFRC522(t.spi, t.cs[0], t.rst, sleep_us=t.clock.sleep_us, name="seat0")
    assert "MISO" in _raises(ReaderError, r0.init)
    # A 74HC125 gated by the chip select releases the line: the bus works again.
    t.chips[1].buffered = True
    assert r0.init() == "MFRC522 v2.0"


def test_frames_before_init_are_refused():
    t, r = _reader()
    _raises(RuntimeError, r.request)
    _raises(ValueError, r.set_timeout, 0)


def test_crc_coprocessor_matches_iso_14443_examples():
    t, r = _reader()
    r.init()
    assert r.crc(b"\x00\x00", 2) == 0x1EA0
    assert r.crc(b"\x12\x34", 2) == 0xCF26
    assert r.crc(b"\x50\x00", 2) == 0xCD57   # HLTA is sent as 50 00 57 CD
    assert r.crc(b"\x30\x00", 2) == 0xA802   # READ page 0 is 30 00 02 A8
    assert crc_a(b"\x50\x00") == 0xCD57


def test_the_drivers_own_crc_matches_the_chip_coprocessor():
    from drivers.mfrc522 import crc_a as driver_crc
    t, r = _reader()
    r.init()
    frames = (b"\x00\x00", b"\x50\x00", b"\x30\x00", b"\x93\x70\x88\x04\x21\x00\xad",
              b"\x95\x70\x5a\xa5\x3c\x85\x36", b"\x04", bytes(range(18)))
    for f in frames:
        assert driver_crc(f, len(f)) == r.crc(f, len(f)) == crc_a(f), f


def test_no_tag_times_out_through_the_chip_timer():
    t, r = _reader()
    r.init()
    _field_on(t, r)
    t0 = t.clock.us
    assert r.request() == NO_TAG
    assert r.request(True) == NO_TAG
    assert t.clock.us - t0 < 5000  # two short deadlines, not a hang
    r.antenna(False)
    t.place(0, ntag213(UID7))
    assert r.request() == NO_TAG   # no field, no answer


def test_a_tag_needs_the_field_a_moment_before_it_answers():
    t, r = _reader()
    r.init()
    t.place(0, ntag213(UID7))
    r.antenna(True)
    assert r.request() == NO_TAG
    t.clock.sleep_us(2000)
    assert r.request() == OK


def test_reqa_and_select_of_a_7_byte_uid():
    t, r = _reader()
    r.init()
    tag = ntag213(UID7)
    t.place(0, tag)
    _field_on(t, r)
    assert r.request() == OK
    assert bytes(r.atqa) == b"\x44\x00"
    assert r.select() == OK
    assert bytes(r.uid[:r.uid_len]) == UID7
    assert r.sak == 0x00 and tag.state == ACTIVE


def test_reqa_and_select_of_a_4_byte_uid():
    t, r = _reader()
    r.init()
    t.place(0, mifare_classic(UID4))
    _field_on(t, r)
    assert r.request() == OK and bytes(r.atqa) == b"\x04\x00"
    assert r.select() == OK
    assert bytes(r.uid[:r.uid_len]) == UID4 and r.sak == 0x08


def test_hlta_halts_reqa_ignores_halted_wupa_wakes():
    t, r = _reader()
    r.init()
    tag = ntag213(UID7)
    t.place(0, tag)
    _field_on(t, r)
    assert r.request() == OK and r.select() == OK
    assert r.halt() == OK and tag.state == HALT
    assert r.request() == NO_TAG
    assert r.request(True) == OK
    assert r.select_uid(UID7, 7) == OK and tag.state == ACTIVE


def test_anticollision_separates_two_tags_on_one_reader():
    t, r = _reader()
    r.init()
    a, b = ntag213(UID7), mifare_classic(UID4)
    t.place(0, a)
    t.place(0, b)
    _field_on(t, r)
    seen = []
    for _ in range(3):
        if r.request() != OK:
            break
        assert r.select() == OK
        seen.append(bytes(r.uid[:r.uid_len]))
        assert r.halt() == OK
    assert sorted(seen) == sorted([UID7, UID4])
    assert a.state == HALT and b.state == HALT


def test_anticollision_of_two_7_byte_uids_sharing_a_prefix():
    t, r = _reader()
    r.init()
    u1 = b"\x04\x11\x22\x33\x44\x55\x66"
    u2 = b"\x04\x11\x22\x33\x44\x55\x67"  # differ in the last bit of level 2
    t.place(0, ntag213(u1))
    t.place(0, ntag213(u2))
    _field_on(t, r)
    seen = []
    while r.request() == OK:
        assert r.select() == OK
        seen.append(bytes(r.uid[:r.uid_len]))
        r.halt()
    assert sorted(seen) == [u1, u2]


def test_ntag_read_returns_four_pages_with_crc_checked():
    t, r = _reader()
    r.init()
    t.place(0, ntag213(UID7, b"tapete!!"))
    _field_on(t, r)
    assert r.request() == OK and r.select() == OK
    buf = bytearray(16)
    assert r.read_page(0, buf) == OK
    assert bytes(buf[0:3]) == UID7[:3] and buf[3] == 0x88 ^ 0x04 ^ 0x11 ^ 0x22
    assert bytes(buf[4:8]) == UID7[3:]
    assert r.read_page(4, buf) == OK and bytes(buf[:8]) == b"tapete!!"
    assert r.read_page(44, buf) == OK   # rolls over to page 0
    assert r.read_page(45, buf) == ERROR  # NAK: no such page
    _raises(ValueError, r.read_page, 0, bytearray(4))


def test_a_corrupted_read_is_an_error_not_data():
    t, r = _reader()
    r.init()
    t.place(0, ntag213(UID7))
    t.corruption = 1000
    t.corrupt_parity = False   # only the CRC can tell
    _field_on(t, r)
    t.corruption = 0
    assert r.request() == OK and r.select() == OK
    t.corruption = 1000
    assert r.read_page(4, bytearray(16)) == ERROR


def test_corrupted_anticollision_fails_the_bcc_check():
    t, r = _reader()
    r.init()
    t.place(0, ntag213(UID7))
    _field_on(t, r)
    assert r.request() == OK
    t.corruption = 1000
    t.corrupt_parity = False
    assert r.select() == ERROR


def test_a_parity_error_is_an_error():
    t, r = _reader()
    r.init()
    t.place(0, ntag213(UID7))
    _field_on(t, r)
    t.corruption = 1000
    assert r.request() == ERROR


def test_status_names_cover_every_code():
    assert STATUS_NAMES[OK] == "OK" and STATUS_NAMES[NO_TAG] == "NO_TAG"


_ = IDLE


def test_the_model_keeps_iso_14443_3_frame_and_guard_times():
    from chips.mfrc522 import frame_bits, FDT_CENTI_US, GUARD_CENTI_US, ETU_CENTI_US
    # a short frame (REQA: 7 bits) is S + 7 + E; a standard frame S + 9 per byte + E
    assert frame_bits(1, 7) == 9 and frame_bits(9, 8) == 83 and frame_bits(2, 8) == 20
    assert (FDT_CENTI_US, GUARD_CENTI_US) == (1236 * 10000 // 1356, 1172 * 10000 // 1356)
    t, r = _reader()
    r.init()
    t.place(0, ntag213(UID7))
    _field_on(t, r)
    t0 = t.clock.us
    assert r.request(True) == OK
    # WUPA out, the frame delay, the ATQA (2 bytes) back: the earliest the answer is in
    least = (frame_bits(1, 7) * ETU_CENTI_US + FDT_CENTI_US + frame_bits(2, 8) * ETU_CENTI_US) // 100
    assert t.clock.us - t0 >= least
    # where time is real (the emulated Pico), a frame inside the guard time is not heard
    r.antenna(False)
    _field_on(t, r)             # the tag powers up again: IDLE
    chip = t.chips[0]
    chip.guard = True
    chip._heard_us = t.clock.us + 1000
    assert r.request(True) == NO_TAG
    t.clock.sleep_us(1000)
    assert r.request(True) == OK
