"""Fake machine.Pin and machine.SPI, faithful to the calls the drivers make.

A FakeSPI carries devices; each device has a chip select pin (active low) and an
`exchange(byte) -> byte` method called once per byte while it is selected. MISO is
the wired AND of every device driving it: a selected device drives it, and so does
a faulty module that never releases MISO (bus contention). With nobody driving,
MISO reads 0x00 (the RP2040 pad pull-down).
"""


class FakePin:
    """machine.Pin look-alike: value(), on(), off(), __call__, irq-free."""

    IN = 0
    OUT = 1
    PULL_UP = 1
    PULL_DOWN = 2

    def __init__(self, id=None, mode=-1, pull=None, value=None):
        self.id = id
        self.mode = mode
        self.pull = pull
        # An input with a pull-up reads 1 until something drives it.
        self._v = 1 if pull == FakePin.PULL_UP else 0
        if value is not None:
            self._v = 1 if value else 0
        self.listeners = []

    def init(self, mode=-1, pull=None, value=None):
        """Reconfigure like machine.Pin.init."""
        if mode != -1:
            self.mode = mode
        if pull is not None:
            self.pull = pull
        if value is not None:
            self.value(value)

    def value(self, v=None):
        """Read the level, or drive it to `v`."""
        if v is None:
            return self._v
        v = 1 if v else 0
        if v != self._v:
            self._v = v
            ls = self.listeners
            for i in range(len(ls)):
                ls[i](v)
        return None

    def __call__(self, v=None):
        return self.value(v)

    def on(self):
        self.value(1)

    def off(self):
        self.value(0)


class FakeSPI:
    """machine.SPI look-alike with attached chip models."""

    def __init__(self, id=0, baudrate=4000000, clock=None, **kw):
        self.id = id
        self.baudrate = baudrate
        self.clock = clock
        self.devices = []
        self.bytes = 0
        self._us_per_8 = 8000000 // baudrate if baudrate else 0

    def attach(self, device):
        """Put a chip model on this bus."""
        self.devices.append(device)
        return device

    def init(self, baudrate=None, **kw):
        if baudrate:
            self.baudrate = baudrate
            self._us_per_8 = 8000000 // baudrate

    def _xfer(self, out):
        miso = 0xFF
        driven = False
        devs = self.devices
        for i in range(len(devs)):
            d = devs[i]
            if d.selected():
                r = d.exchange(out)
                if r is not None:
                    miso &= r
                    driven = True
            elif d.drives_miso():
                miso &= d.idle_miso()
                driven = True
        self.bytes += 1
        return miso if driven else 0x00

    def _tick(self, n):
        # Bus time: 8 clocks per byte; rounded up so tiny transfers still cost time.
        if self.clock is not None:
            self.clock.advance_us((n * 8000000 + self.baudrate - 1) // self.baudrate)

    def write(self, buf):
        """Send `buf`, ignoring MISO."""
        for i in range(len(buf)):
            self._xfer(buf[i])
        self._tick(len(buf))

    def read(self, n, write=0x00):
        """Read `n` bytes while sending `write`."""
        out = bytearray(n)
        self.readinto(out, write)
        return out

    def readinto(self, buf, write=0x00):
        """Fill `buf` from MISO while sending `write`."""
        for i in range(len(buf)):
            buf[i] = self._xfer(write)
        self._tick(len(buf))

    def write_readinto(self, out, into):
        """Send `out` and store what comes back in `into` (same length)."""
        n = len(out)
        if len(into) != n:
            raise ValueError("buffers must have the same length")
        for i in range(n):
            into[i] = self._xfer(out[i])
        self._tick(n)


class SPIDevice:
    """Base for chip models on a FakeSPI: chip select handling."""

    def __init__(self, cs):
        self.cs = cs
        cs.listeners.append(self._cs_edge)

    def selected(self):
        return self.cs.value() == 0

    def drives_miso(self):
        """True when the chip drives MISO even while deselected (a faulty module)."""
        return False

    def idle_miso(self):
        return 0xFF

    def _cs_edge(self, v):
        if v == 0:
            self.begin()
        else:
            self.end()

    def begin(self):
        """Chip select fell: a new transaction."""

    def end(self):
        """Chip select rose: the transaction is over."""

    def exchange(self, b):
        """One byte in, one byte out."""
        return 0x00
