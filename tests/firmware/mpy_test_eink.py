"""SSD1680 e-ink driver against FakeSSD1680: refreshes, BUSY, PNG (MicroPython)."""
import scratch
import asyncio
import deflate
import io
import struct
from sim.bus import FakePin, FakeSPI
from sim.clock import SimClock
from sim.ssd1680 import FakeSSD1680, FULL_MS, PARTIAL_MS
from drivers.eink import EInk, BLACK, WHITE
from drivers.refresh import RefreshPlanner


def _panel(panel="2.13"):
    c = SimClock()
    spi = FakeSPI(1, 20000000, c)
    cs, dc, rst = FakePin("CS", 1, value=1), FakePin("DC", 1), FakePin("RST", 1, value=1)
    w, h = (122, 250) if panel == "2.13" else (128, 296)
    chip = spi.attach(FakeSSD1680(cs, dc, rst, c, w, h))
    e = EInk(spi, cs, dc, rst, chip.busy, panel, sleep_ms=c.sleep_ms, ticks_ms=c.ticks_ms)
    return c, chip, e


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


def test_a_refresh_before_init_is_refused():
    c, chip, e = _panel()
    _raises(RuntimeError, e.start_refresh)


def test_full_refresh_shows_the_framebuffer_and_holds_busy():
    c, chip, e = _panel()
    e.init()
    e.fb.fill(WHITE)
    e.fb.fill_rect(0, 0, 8, 10, BLACK)
    e.fb.text("7H", 20, 100, BLACK)
    e.start_refresh(full=True)
    assert not e.ready() and chip.log == [("full", 0xF7)]
    assert chip.pixel(0, 0) == 0 and chip.pixel(9, 0) == 1 and chip.pixel(0, 10) == 1
    _raises(RuntimeError, e.start_refresh)   # never while BUSY
    c.advance_ms(FULL_MS)
    assert e.ready()


def test_partial_refresh_and_its_base_image():
    c, chip, e = _panel()
    e.init()
    e.fb.fill(WHITE)
    e.refresh_blocking(full=True)
    e.fb.pixel(5, 5, BLACK)
    e.refresh_blocking(full=False)
    assert chip.log[-1] == ("partial", 0xFF) and chip.ghosting == 1
    assert chip.pixel(5, 5) == 0
    assert chip.red == chip.bw  # the shown image is the base of the next partial
    assert e.partials == 1


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
        e.fb.fill(WHITE)
        await e.wait(step_ms=0)
        e.start_refresh(True)
        await e.wait(step_ms=0)
        done[0] = True
        await t
    asyncio.run(main())
    assert scans[0] >= FULL_MS // 25
    assert e.ready()


def test_planner_full_between_hands_and_after_n_partials():
    c, chip, e = _panel()
    e.init()
    p = RefreshPlanner(max_partials=3)
    assert p.next(e) is None
    p.changed()
    assert p.next(e) is True          # the first picture is a full refresh
    e.refresh_blocking(True)
    p.done(True)
    for _ in range(3):
        p.changed()
        assert p.next(e) is False
        e.refresh_blocking(False)
        p.done(False)
    p.changed()
    assert p.next(e) is True          # too many partials: clean the ghosts
    e.refresh_blocking(True)
    p.done(True)
    p.hand_over()
    assert p.next(e) is True


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
    e.fb.fill(WHITE)
    e.fb.fill_rect(0, 0, 16, 1, BLACK)
    e.refresh_blocking(True)
    chunks = _png_chunks(chip.png())
    w, h, depth, colour = struct.unpack(">IIBB", chunks[b"IHDR"][:10])
    assert (w, h, depth, colour) == (122, 250, 1, 0)
    raw = deflate.DeflateIO(io.BytesIO(chunks[b"IDAT"]), deflate.ZLIB).read()
    assert len(raw) == 250 * (1 + 16)
    assert raw[0] == 0 and raw[1] == 0 and raw[2] == 0 and raw[3] == 0xFF
    chip.save_png(scratch.path("tapete_eink_test.png"))
    with open(scratch.path("tapete_eink_test.png"), "rb") as f:
        assert f.read() == chip.png()
