"""SSD1680 e-ink controller (2.13" 250x122 and 2.9" 296x128 panels) over SPI.

Written from the Solomon Systech SSD1680 datasheet command table. The framebuffer
is the panel's own RAM layout: MONO_HLSB, `width` source pixels (rounded up to a
byte) across, `height` gate lines down; 1 = white, 0 = black, like the RAM.

A refresh never blocks card reading: `await refresh(full)` sends the image and then
awaits the BUSY pin with asyncio. `ready()` polls, `wait_blocking(ms)` blocks with
a deadline. drivers/refresh.py's `RefreshPlanner` decides full vs partial (full
between hands, and after `max_partials` partial refreshes, against ghosting).
"""
from micropython import const
import framebuf
import time

from . import once

WHITE = const(1)
BLACK = const(0)

_DRIVER_OUTPUT = const(0x01)
_DEEP_SLEEP = const(0x10)
_DATA_ENTRY = const(0x11)
_SW_RESET = const(0x12)
_TEMP_SENSOR = const(0x18)
_MASTER_ACTIVATION = const(0x20)
_UPDATE_CONTROL_1 = const(0x21)
_UPDATE_CONTROL_2 = const(0x22)
_WRITE_BW = const(0x24)
_WRITE_RED = const(0x26)
_BORDER = const(0x3C)
_RAM_X = const(0x44)
_RAM_Y = const(0x45)
_RAM_X_COUNTER = const(0x4E)
_RAM_Y_COUNTER = const(0x4F)

UPDATE_FULL = const(0xF7)     # clock, analog, temperature, LUT load, display mode 1
UPDATE_PARTIAL = const(0xFF)  # the same with display mode 2 (differential)

PANELS = {"2.13": (122, 250), "2.9": (128, 296)}


class EInk:
    """One SSD1680 panel: spi, cs, dc, rst (outputs) and busy (input, high = busy)."""

    def __init__(self, spi, cs, dc, rst, busy, panel="2.13", sleep_ms=None, ticks_ms=None):
        if panel not in PANELS:
            raise ValueError("panel must be one of %s" % ", ".join(sorted(PANELS)))
        self.spi = spi
        self.cs = cs
        self.dc = dc
        self.rst = rst
        self.busy = busy
        self.visible_width, self.height = PANELS[panel]
        self.width = (self.visible_width + 7) // 8 * 8
        self.buf = bytearray(self.width // 8 * self.height)
        self.fb = framebuf.FrameBuffer(self.buf, self.width, self.height, framebuf.MONO_HLSB)
        self._sleep_ms = sleep_ms if sleep_ms is not None else time.sleep_ms
        self._ticks_ms = ticks_ms if ticks_ms is not None else time.ticks_ms
        self._cmd = bytearray(1)
        self._arg = bytearray(4)
        self._argv = tuple(memoryview(self._arg)[:n] for n in range(5))
        self.refreshes = 0
        self.partials = 0
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
        """Hardware reset and the SSD1680 init sequence (blocking, at boot only;
        the sequence is in eink_setup.py, loaded for the call)."""
        once("eink_setup").init(self)
        self._init_done = True

    def _write_ram(self, which):
        self._args(0x00)
        self._command(_RAM_X_COUNTER, 1)
        self._args(0x00, 0x00)
        self._command(_RAM_Y_COUNTER, 2)
        self._command(which)
        self._data(self.buf)

    def start_refresh(self, full=True):
        """Send the framebuffer and trigger a refresh; returns at once (BUSY goes high)."""
        if not self._init_done:
            raise RuntimeError("e-ink: call init() first")
        if not self.ready():
            raise RuntimeError("e-ink: refresh requested while BUSY")
        self._write_ram(_WRITE_BW)
        if full:
            self._write_ram(_WRITE_RED)  # the base image for later partial refreshes
        self._args(UPDATE_FULL if full else UPDATE_PARTIAL)
        self._command(_UPDATE_CONTROL_2, 1)
        self._command(_MASTER_ACTIVATION)
        self.refreshes += 1
        if full:
            self.partials = 0
        else:
            self.partials += 1

    def finish_partial(self):
        """After a partial refresh: the shown image becomes the base of the next one."""
        self._write_ram(_WRITE_RED)

    async def refresh(self, full=True):
        """Refresh without blocking card reading: awaits BUSY before and after."""
        await self.wait()
        self.start_refresh(full)
        await self.wait()
        if not full:
            self.finish_partial()

    def refresh_blocking(self, full=True, timeout_ms=5000):
        """Refresh and block until done (boot screens, tests)."""
        self.wait_blocking(timeout_ms)
        self.start_refresh(full)
        self.wait_blocking(timeout_ms)
        if not full:
            self.finish_partial()

    def sleep(self):
        """Deep sleep mode 1 (RAM kept); init() again after it."""
        self.wait_blocking()
        self._args(0x01)
        self._command(_DEEP_SLEEP, 1)
        self._init_done = False
