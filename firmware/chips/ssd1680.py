"""FakeSSD1680: the e-ink controller decoded at command/data level (DC pin); the
SSD1683 of the 4.2" panel speaks the same commands, so it models that one too.

Keeps the black/white and red RAM, the address window and counters (data entry
mode 0x03: X then Y increment), drives BUSY high for a while after a reset or a
refresh (simulated time), and keeps the displayed image, which `save_png` writes.
A partial refresh whose base (the red RAM) is not the picture shown is refused:
the panel would smear. `shown=False` keeps no RAM at all (commands, windows and
BUSY only; no picture, no check), for heap measurements of the firmware around it.
"""
from .bus import FakePin, SPIDevice
from . import png

FULL_MS = 2000
PARTIAL_MS = 300
RESET_MS = 5


class _BusyPin(FakePin):
    def __init__(self, chip):
        FakePin.__init__(self, "BUSY", FakePin.IN)
        self.chip = chip

    def value(self, v=None):
        if v is not None:
            raise RuntimeError("BUSY is an output of the panel")
        return 1 if self.chip.clock.us < self.chip.busy_until else 0


class FakeSSD1680(SPIDevice):
    """A panel of `width` x `height` (sources x gates) on a FakeSPI."""

    def __init__(self, cs, dc, rst, clock, width=122, height=250, shown=True):
        SPIDevice.__init__(self, cs)
        self.dc = dc
        self.clock = clock
        self.width = width
        self.height = height
        self.stride = (width + 7) // 8
        self.bw = bytearray(self.stride * height) if shown else None
        self.red = bytearray(self.stride * height) if shown else None
        self.shown = bytearray(b"\xff" * (self.stride * height)) if shown else None
        self.busy = _BusyPin(self)
        self.busy_until = 0
        self.log = []          # (kind, update byte) of each master activation
        self.commands = []     # every command byte received (for tests)
        self.sleeping = False
        self.ghosting = 0      # partial refreshes since the last full one
        self.update1 = b""     # the Display Update Control 1 bytes (0x21) last sent
        rst.listeners.append(self._reset)
        self._reset_state()

    def _reset_state(self):
        self.cmd = None
        self.args = bytearray(8)
        self.nargs = 0
        self.x0, self.x1 = 0, self.stride - 1
        self.y0, self.y1 = 0, self.height - 1
        self.x, self.y = 0, 0
        self.update = 0xFF
        self.entry = 0x03

    def _reset(self, v):
        if v == 1:
            self._reset_state()
            self.sleeping = False
            self.busy_until = self.clock.us + RESET_MS * 1000

    def exchange(self, b):
        if self.clock.us < self.busy_until and self.dc.value() == 0:
            raise RuntimeError("SSD1680: command 0x%02x sent while BUSY" % b)
        if self.dc.value() == 0:
            self._command(b)
        else:
            self._data(b)
        return None  # the panel has no MISO

    def _command(self, c):
        self.commands.append(c)
        self.cmd = c
        self.nargs = 0
        if self.sleeping:
            raise RuntimeError("SSD1680: command 0x%02x in deep sleep (reset first)" % c)
        if c == 0x12:
            self._reset_state()
            self.busy_until = self.clock.us + RESET_MS * 1000
        elif c == 0x20:
            full = self.update != 0xFF
            if self.shown is not None:
                if not full and self.red != self.shown:
                    raise RuntimeError("SSD1680: partial refresh over a base (red RAM) "
                                       "that is not the picture shown")
                self.shown[:] = self.bw
            self.ghosting = 0 if full else self.ghosting + 1
            self.log.append(("full" if full else "partial", self.update))
            self.busy_until = self.clock.us + (FULL_MS if full else PARTIAL_MS) * 1000

    def _data(self, b):
        c = self.cmd
        if c == 0x24 or c == 0x26:
            ram = self.bw if c == 0x24 else self.red
            if ram is not None and self.x <= self.x1 and self.y <= self.y1:
                ram[self.y * self.stride + self.x] = b
            # Data entry mode 0x03: X increments; at the window's end, next line.
            self.x += 1
            if self.x > self.x1:
                self.x = self.x0
                self.y += 1
            return
        if self.nargs < len(self.args):
            self.args[self.nargs] = b
        self.nargs += 1
        a = self.args
        if c == 0x44 and self.nargs == 2:
            self.x0, self.x1 = a[0], min(a[1], self.stride - 1)
        elif c == 0x45 and self.nargs == 4:
            self.y0, self.y1 = a[0] | a[1] << 8, min(a[2] | a[3] << 8, self.height - 1)
        elif c == 0x4E and self.nargs == 1:
            self.x = a[0]
        elif c == 0x4F and self.nargs == 2:
            self.y = a[0] | a[1] << 8
        elif c == 0x21 and self.nargs == 2:
            self.update1 = bytes(a[:2])
        elif c == 0x22 and self.nargs == 1:
            self.update = a[0]
        elif c == 0x11 and self.nargs == 1:
            self.entry = a[0]
            if a[0] != 0x03:
                raise NotImplementedError("FakeSSD1680 models data entry mode 0x03 only")
        elif c == 0x10 and self.nargs == 1 and a[0]:
            self.sleeping = True

    def pixel(self, x, y):
        """1 (white) or 0 (black) of the displayed image."""
        return (self.shown[y * self.stride + x // 8] >> (7 - x % 8)) & 1

    def png(self):
        """The displayed image as PNG bytes."""
        return png.encode_mono(self.width, self.height, self.shown, self.stride)

    def save_png(self, path):
        """Write the displayed image as a PNG file."""
        png.write_mono(path, self.width, self.height, self.shown, self.stride)
