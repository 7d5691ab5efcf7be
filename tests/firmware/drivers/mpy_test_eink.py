"""SSD1680 / SSD1683 e-ink driver against FakeSSD1680: paged pictures, refreshes,
BUSY, PNG (MicroPython)."""
import scratch
import asyncio
import deflate
import io
import struct
from chips.bus import FakePin, FakeSPI
from chips.clock import SimClock
from chips.ssd1680 import FakeSSD1680, FULL_MS, PARTIAL_MS
from drivers.eink import EInk, BLACK, PANELS, BAND_BYTES


def _panel(panel="2.13", band_bytes=BAND_BYTES):
    c = SimClock()
    spi = FakeSPI(1, 20000000, c)
    cs, dc, rst = FakePin("CS", 1, value=1), FakePin("DC", 1), FakePin("RST", 1, value=1)
    w, h = PANELS[panel][:2]
    chip = spi.attach(FakeSSD1680(cs, dc, rst, c, w, h))
    e = EInk(spi, cs, dc, rst, chip.busy, panel, sleep_ms=c.sleep_ms, ticks_ms=c.ticks_ms,
             band_bytes=band_bytes)
    return c, chip, e


def _picture(*marks):
    """A paint function drawing a black rectangle (x, y, w, h) per mark, in panel
    coordinates, into whatever band the driver hands it."""
    def paint(fb, ox, oy, rows):
        for x, y, w, h in marks:
            fb.fill_rect(x + ox, y + oy, w, h, BLACK)
    return paint


def _raises(exc, fn, *a):
    try:
        fn(*a)
    except exc as err:
        return str(err)
    raise AssertionError("expected " + exc.__name__)


def test_init_sends_reset_and_the_panel_geometry():
    c, chip, e = _panel()
    e.init()
    assert chip.commands[0] == 0x12
    assert 0x01 in chip.commands and 0x11 in chip.commands
    assert (chip.x1, chip.y1) == (15, 249)
    assert e.width == 128 and e.height == 250 and len(e.buf) == 16 * 250


def test_the_29_inch_panel_option():
    c, chip, e = _panel("2.9")
    e.init()
    assert (chip.x1, chip.y1) == (15, 295)
    _raises(ValueError, EInk, None, None, None, None, None, "7.5")


def test_the_42_inch_panel_is_drawn_in_bands_of_at_most_band_bytes():
    c, chip, e = _panel("4.2")
    e.init()
    assert (chip.x1, chip.y1) == (49, 299) and e.width == 400 and e.height == 300
    assert len(e.buf) <= BAND_BYTES and e.bands() == 4 and e.band_rows == 75
    assert 0x21 not in chip.commands       # the SSD1683 sets update control 1 per refresh
    bands = []

    def paint(fb, ox, oy, rows):
        bands.append((oy, rows))
        fb.fill_rect(0 + ox, 0 + oy, 400, 1, BLACK)          # the first row
        fb.fill_rect(399 + ox, 299 + oy, 1, 1, BLACK)        # the last pixel
        fb.fill_rect(10 + ox, 70 + oy, 20, 10, BLACK)        # across bands 0 and 1
    e.show_blocking(paint, full=True)
    assert bands == [(0, 75), (-75, 75), (-150, 75), (-225, 75)]
    assert chip.log == [("full", 0xF7)] and chip.update1 == b"\x40\x00"
    for x in (0, 200, 399):
        assert chip.pixel(x, 0) == 0 and chip.pixel(x, 1) == 1
    assert chip.pixel(399, 299) == 0 and chip.pixel(398, 299) == 1
    for y in (70, 74, 75, 79):
        assert chip.pixel(10, y) == 0 and chip.pixel(29, y) == 0 and chip.pixel(30, y) == 1
    assert chip.pixel(10, 80) == 1
    assert chip.red == chip.bw
    e.show_blocking(_picture((5, 150, 3, 3)), full=False)
    assert chip.log[-1] == ("partial", 0xFF) and chip.update1 == b"\x00\x00"
    assert chip.pixel(5, 150) == 0 and chip.pixel(0, 0) == 1
    assert chip.red == chip.shown          # the base of the next partial refresh


def test_a_band_buffer_smaller_than_the_panel_draws_the_same_picture():
    pictures = []
    for band in (BAND_BYTES, 700):
        c, chip, e = _panel("2.9", band_bytes=band)
        e.init()
        e.show_blocking(_picture((3, 0, 100, 2), (0, 140, 128, 20), (120, 290, 8, 6)))
        pictures.append(bytes(chip.shown))
        assert len(e.buf) <= band
    assert pictures[0] == pictures[1]


def test_a_refresh_before_init_is_refused():
    c, chip, e = _panel()
    _raises(RuntimeError, e.show_blocking, _picture())


def test_full_refresh_shows_the_picture_and_holds_busy():
    c, chip, e = _panel()
    e.init()

    def paint(fb, ox, oy, rows):
        fb.fill_rect(0 + ox, 0 + oy, 8, 10, BLACK)
        fb.text("7H", 20 + ox, 100 + oy, BLACK)
    e.wait_blocking()
    for i in range(e.bands()):
        e._band(paint, i, 0x24, 0x26)
    e._activate(True)
    assert not e.ready() and chip.log == [("full", 0xF7)]
    assert chip.pixel(0, 0) == 0 and chip.pixel(9, 0) == 1 and chip.pixel(0, 10) == 1
    c.advance_ms(FULL_MS)
    assert e.ready()


def test_partial_refresh_and_its_base_image():
    c, chip, e = _panel()
    e.init()
    e.show_blocking(_picture(), full=True)
    e.show_blocking(_picture((5, 5, 1, 1)), full=False)
    assert chip.log[-1] == ("partial", 0xFF) and chip.ghosting == 1
    assert chip.pixel(5, 5) == 0
    assert chip.red == chip.bw  # the shown image is the base of the next partial
    assert e.partials == 1


def _counter(drawn):
    """A maker of pictures that note the first row of each band they paint in `drawn`."""
    def counted(*marks):
        paint = _picture(*marks)

        def p(fb, ox, oy, rows):
            drawn.append(-oy)
            paint(fb, ox, oy, rows)
        return p
    return counted


def test_after_a_partial_refresh_only_the_changed_bands_are_drawn_again_into_the_base():
    c, chip, e = _panel("4.2", band_bytes=1250)     # 12 bands of 25 rows
    assert e.bands() == 12
    e.init()
    drawn = []
    counted = _counter(drawn)
    e.show_blocking(counted((0, 0, 10, 10), (0, 290, 10, 10)), full=True)
    assert len(drawn) == 12 and e.redrawn == 0
    # a mark moves within the last band: the base takes that band again, nothing else
    # (sent from the buffer, which still holds it: not painted a second time)
    del drawn[:]
    e.show_blocking(counted((0, 0, 10, 10), (20, 290, 10, 10)), full=False)
    assert drawn == list(range(0, 300, 25)), drawn
    assert (e.kept, e.redrawn) == (11, 1)
    assert chip.red == chip.bw and chip.pixel(25, 295) == 0 and chip.pixel(5, 295) == 1
    # the same picture again: every band of the base is kept; the next partial refresh
    # is checked by the model against the picture shown
    e.show_blocking(counted((0, 0, 10, 10), (20, 290, 10, 10)), full=False)
    assert (e.kept, e.redrawn) == (23, 1)
    e.show_blocking(counted((30, 100, 10, 10)), full=False)
    assert chip.red == chip.bw and chip.pixel(35, 105) == 0 and chip.pixel(5, 5) == 1
    assert (e.kept, e.redrawn) == (32, 4)
    # after a reset nothing is known: a partial refresh draws the whole base again
    e.init()
    e.show_blocking(counted((30, 100, 10, 10)), full=True)
    e._red[3] = None                    # as if the base write of band 3 had been cut short
    e.show_blocking(counted((30, 100, 10, 10)), full=False)
    assert (e.kept, e.redrawn) == (43, 5) and chip.red == chip.bw


def test_a_whole_frame_band_is_painted_once_per_picture():
    # the board's panel: one band holds the whole picture, so the base RAM after a
    # partial refresh is sent from the buffer, never painted again
    c, chip, e = _panel("4.2", band_bytes=15000)
    assert e.bands() == 1
    e.init()
    drawn = []
    counted = _counter(drawn)
    e.show_blocking(counted((0, 0, 10, 10)), full=True)
    e.show_blocking(counted((0, 0, 10, 10), (20, 290, 10, 10)), full=False)
    assert drawn == [0, 0] and e.redrawn == 1
    assert chip.red == chip.bw and chip.pixel(25, 295) == 0 and chip.pixel(5, 5) == 0


def test_the_panel_model_refuses_a_partial_refresh_over_a_stale_base():
    c, chip, e = _panel()
    e.init()
    e.show_blocking(_picture(), full=True)
    e.wait_blocking()
    for i in range(e.bands()):          # a new picture without the base written after
        e._band(_picture((1, 1, 4, 4)), i, 0x24)
    e._activate(False)
    e.wait_blocking()
    for i in range(e.bands()):
        e._band(_picture((9, 9, 4, 4)), i, 0x24)
    _raises(RuntimeError, e._activate, False)


def test_wait_blocking_gives_up_on_a_stuck_panel():
    c, chip, e = _panel()
    e.init()
    chip.busy_until = 10 ** 12
    assert "BUSY" in _raises(RuntimeError, e.wait_blocking, 100)


def test_an_async_refresh_lets_card_reading_go_on():
    c, chip, e = _panel()
    e.init()
    scans = [0]
    done = [False]

    async def reader():
        while not done[0]:
            scans[0] += 1
            c.advance_ms(25)   # one reader round of simulated time
            await asyncio.sleep_ms(0)

    async def main():
        t = asyncio.create_task(reader())
        await e.show(_picture((0, 0, 10, 10)), True)
        done[0] = True
        await t
    asyncio.run(main())
    assert scans[0] >= FULL_MS // 25
    assert e.ready()


def _png_chunks(data):
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos = 8
    out = {}
    import binascii
    while pos < len(data):
        n = struct.unpack(">I", data[pos:pos + 4])[0]
        kind = data[pos + 4:pos + 8]
        body = data[pos + 8:pos + 8 + n]
        crc = struct.unpack(">I", data[pos + 8 + n:pos + 12 + n])[0]
        assert binascii.crc32(kind + body) & 0xFFFFFFFF == crc
        out[kind] = body
        pos += 12 + n
    return out


def test_the_shown_image_saves_as_a_valid_png():
    c, chip, e = _panel()
    e.init()
    e.show_blocking(_picture((0, 0, 16, 1)), True)
    chunks = _png_chunks(chip.png())
    w, h, depth, colour = struct.unpack(">IIBB", chunks[b"IHDR"][:10])
    assert (w, h, depth, colour) == (122, 250, 1, 0)
    raw = deflate.DeflateIO(io.BytesIO(chunks[b"IDAT"]), deflate.ZLIB).read()
    assert len(raw) == 250 * (1 + 16)
    assert raw[0] == 0 and raw[1] == 0 and raw[2] == 0 and raw[3] == 0xFF
    chip.save_png(scratch.path("tapete_eink_test.png"))
    with open(scratch.path("tapete_eink_test.png"), "rb") as f:
        assert f.read() == chip.png()
