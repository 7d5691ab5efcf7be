"""SSD1680 / SSD1683 e-ink panels over SPI: 4.2" 400x300 (SSD1683, the default),
2.13" 250x122 and 2.9" 296x128 (SSD1680).

Written from the Solomon Systech SSD1680 and SSD1683 datasheets' command tables
(the two share them; the SSD1683 wants Display Update Control 1 set per refresh).
The panel's RAM is MONO_HLSB: `width` source pixels (rounded up to a byte)
across, `height` gate lines down; 1 = white, 0 = black.

Paged drawing: the driver holds one band of the picture, at most `band_bytes` (the
Pico's board gives it half the 15000-byte frame of the 4.2" panel; tests use other
sizes). `show(paint, full)` calls `paint(fb, ox, oy, rows)` once per band, with `oy` =
minus the band's first row, and sends each band to the panel's RAM as it is drawn.
After a partial refresh the picture goes again into the RAM the next partial refresh
compares against: a band whose CRC-32 is the one the base RAM already holds is not
sent again, and the band the buffer still holds is sent without being drawn again
(drawing is the costly part). A refresh never blocks card reading: `await show(...)`
yields between bands and awaits the BUSY pin with asyncio;
`show_blocking` is for boot and tests.
"""
from micropython import const
from binascii import crc32
import framebuf
import time

from . import once

WHITE = const(1)
BLACK = const(0)

_DEEP_SLEEP = const(0x10)
_MASTER_ACTIVATION = const(0x20)
_UPDATE_CONTROL_1 = const(0x21)
_UPDATE_CONTROL_2 = const(0x22)
_WRITE_BW = const(0x24)
_WRITE_RED = const(0x26)
_RAM_X_COUNTER = const(0x4E)
_RAM_Y_COUNTER = const(0x4F)

UPDATE_FULL = const(0xF7)     # clock, analog, temperature, LUT load, display mode 1
UPDATE_PARTIAL = const(0xFF)  # the same with display mode 2 (differential)

SSD1680 = const(0)
SSD1683 = const(1)
# panel -> (visible width = sources, height = gates, controller)
PANELS = {"4.2": (400, 300, SSD1683), "2.13": (122, 250, SSD1680), "2.9": (128, 296, SSD1680)}
BAND_BYTES = const(4000)      # the largest band buffer (the whole 2.13" frame)


class EInk:
    """One panel: spi, cs, dc, rst (outputs) and busy (input, high = busy)."""

    def __init__(self, spi, cs, dc, rst, busy, panel="4.2", sleep_ms=None, ticks_ms=None,
                 band_bytes=BAND_BYTES):
        if panel not in PANELS:
            raise ValueError("panel must be one of %s" % ", ".join(sorted(PANELS)))
        self.spi = spi
        self.cs = cs
        self.dc = dc
        self.rst = rst
        self.busy = busy
        self.panel = panel
        self.visible_width, self.height, self.controller = PANELS[panel]
        self.width = (self.visible_width + 7) // 8 * 8
        self._stride = self.width // 8
        n = (self._stride * self.height + band_bytes - 1) // band_bytes
        self.band_rows = (self.height + n - 1) // n
        self.buf = bytearray(self._stride * self.band_rows)
        self._mv = memoryview(self.buf)
        self.fb = framebuf.FrameBuffer(self.buf, self.width, self.band_rows, framebuf.MONO_HLSB)
        self._sleep_ms = sleep_ms if sleep_ms is not None else time.sleep_ms
        self._ticks_ms = ticks_ms if ticks_ms is not None else time.ticks_ms
        self._cmd = bytearray(1)
        self._arg = bytearray(4)
        self._argv = tuple(memoryview(self._arg)[:n] for n in range(5))
        self.refreshes = 0
        self.partials = 0
        self.redrawn = 0          # base bands drawn again after partial refreshes
        self.kept = 0             # ... and left as they were (unchanged)
        self.bands_drawn = 0      # bands drawn and sent, the last one's time (ms) and end
        self.band_ms = 0
        self.band_at = 0
        n = self.bands()
        # CRC-32 of each band of the picture last written to the BW RAM, and of what
        # the base (red) RAM holds (None: not known, e.g. a write cut short)
        self._bw = [None] * n
        self._red = [None] * n
        self._held = -1           # the band of the picture being shown that buf holds
        self._init_done = False
        cs.init(cs.OUT, value=1)
        dc.init(dc.OUT, value=0)
        rst.init(rst.OUT, value=1)
        busy.init(busy.IN)

    # -- bus -------------------------------------------------------------------
    def _command(self, c, n=0):
        """Send command c with the first n bytes of self._arg as data."""
        self._cmd[0] = c
        self.cs(0)
        self.dc(0)
        self.spi.write(self._cmd)
        if n:
            self.dc(1)
            self.spi.write(self._argv[n])
        self.cs(1)

    def _args(self, a=0, b=0, c=0, d=0):
        self._arg[0] = a
        self._arg[1] = b
        self._arg[2] = c
        self._arg[3] = d

    def _data(self, buf):
        self.cs(0)
        self.dc(1)
        self.spi.write(buf)
        self.cs(1)

    # -- waiting ---------------------------------------------------------------
    def ready(self):
        """True when the controller is idle (BUSY low)."""
        return self.busy.value() == 0

    def wait_blocking(self, timeout_ms=5000):
        """Block until idle; RuntimeError after timeout_ms (a stuck or absent panel)."""
        t0 = self._ticks_ms()
        while not self.ready():
            if time.ticks_diff(self._ticks_ms(), t0) >= timeout_ms:
                raise RuntimeError("e-ink BUSY still high after %d ms" % timeout_ms)
            self._sleep_ms(5)

    async def wait(self, timeout_ms=5000, step_ms=10):
        """Await idle without blocking other tasks; RuntimeError after timeout_ms."""
        import asyncio
        t0 = self._ticks_ms()
        while not self.ready():
            if time.ticks_diff(self._ticks_ms(), t0) >= timeout_ms:
                raise RuntimeError("e-ink BUSY still high after %d ms" % timeout_ms)
            await asyncio.sleep_ms(step_ms)

    # -- set-up ----------------------------------------------------------------
    def init(self):
        """Hardware reset and the init sequence (blocking, at boot only; the
        sequence is in eink_setup.py, loaded for the call)."""
        once("eink_setup").init(self)
        self._forget()
        self._init_done = True

    def _forget(self):
        """The RAMs' contents are not known any more (a reset, a sleep)."""
        for i in range(len(self._red)):
            self._bw[i] = None
            self._red[i] = None

    # -- pictures --------------------------------------------------------------
    def bands(self):
        """How many bands a picture is drawn in."""
        return (self.height + self.band_rows - 1) // self.band_rows

    def _band(self, paint, i, which, also=0):
        """Draw band i with paint(fb, 0, -top, rows) and write it to RAM `which` (and `also`)."""
        t0 = self._ticks_ms()
        top = i * self.band_rows
        rows = min(self.band_rows, self.height - top)
        part = self._mv[:rows * self._stride]
        if which == _WRITE_RED and self._held == i:
            crc = self._bw[i]       # the buffer still holds this band: sent as it is
        else:
            self.fb.fill(WHITE)
            paint(self.fb, 0, -top, rows)
            crc = crc32(part)
            self._held = i
        if which == _WRITE_BW:
            self._bw[i] = crc
        for ram in (which, also):
            if ram == _WRITE_RED:
                self._red[i] = None         # known again once written whole
            if ram:
                self._args(0x00)
                self._command(_RAM_X_COUNTER, 1)
                self._args(top & 0xFF, top >> 8)
                self._command(_RAM_Y_COUNTER, 2)
                self._command(ram)
                self._data(part)
            if ram == _WRITE_RED:
                self._red[i] = crc
        self.band_at = self._ticks_ms()
        self.band_ms = time.ticks_diff(self.band_at, t0)
        self.bands_drawn += 1

    def _kept(self, i):
        """After a partial refresh: does the base RAM hold band i as shown already?"""
        c = self._red[i]
        if c is not None and c == self._bw[i]:
            self.kept += 1
            return True
        self.redrawn += 1
        return False

    def _activate(self, full):
        if not self._init_done:
            raise RuntimeError("e-ink: call init() first")
        if self.controller == SSD1683:
            # Full: the red RAM is read as 0 (a plain black/white refresh);
            # partial: it holds the shown picture the new one is compared with.
            self._args(0x40 if full else 0x00, 0x00)
            self._command(_UPDATE_CONTROL_1, 2)
        self._args(UPDATE_FULL if full else UPDATE_PARTIAL)
        self._command(_UPDATE_CONTROL_2, 1)
        self._command(_MASTER_ACTIVATION)
        self.refreshes += 1
        if full:
            self.partials = 0
        else:
            self.partials += 1

    async def show(self, paint, full=True, pause=None):
        """Draw the picture band by band, send it and refresh, yielding to other
        tasks between bands and while the panel is BUSY. pause: a coroutine
        function awaited before each band (the controller's: the end of a scan
        round, so that drawing never holds up the readers mid-round)."""
        import asyncio
        if not self._init_done:
            raise RuntimeError("e-ink: call init() first")
        await self.wait()
        self._held = -1
        for i in range(self.bands()):
            await (pause() if pause is not None else asyncio.sleep_ms(0))
            self._band(paint, i, _WRITE_BW, _WRITE_RED if full else 0)
        self._activate(full)
        await self.wait()
        if not full:        # the shown picture becomes the next partial's base
            for i in range(self.bands()):
                if self._kept(i):
                    continue
                await (pause() if pause is not None else asyncio.sleep_ms(0))
                self._band(paint, i, _WRITE_RED)

    def start(self, paint, full=True, timeout_ms=5000):
        """Send the picture and start its refresh without waiting for BUSY to
        fall (the bring-up self-test times BUSY itself; the lockstep simulator
        calls `finish` once the panel is ready)."""
        if not self._init_done:
            raise RuntimeError("e-ink: call init() first")
        self.wait_blocking(timeout_ms)
        self._held = -1
        for i in range(self.bands()):
            self._band(paint, i, _WRITE_BW, _WRITE_RED if full else 0)
        self._activate(full)

    def finish(self, paint, full):
        """After the refresh `start` began: a partial picture becomes the base
        the next partial one is compared with."""
        if not full:
            for i in range(self.bands()):
                if not self._kept(i):
                    self._band(paint, i, _WRITE_RED)

    def show_blocking(self, paint, full=True, timeout_ms=5000):
        """The same as `show`, blocking until the panel is done (boot, tests)."""
        self.start(paint, full, timeout_ms)
        self.wait_blocking(timeout_ms)
        self.finish(paint, full)

    def sleep(self):
        """Deep sleep mode 1 (RAM kept); init() again after it."""
        self.wait_blocking()
        self._args(0x01)
        self._command(_DEEP_SLEEP, 1)
        self._forget()
        self._init_done = False
