"""boards/wiring.py builds every part from boards/pins.py (runs under MicroPython, fake machine)."""
from boards import wiring as board
from boards import pins as P
from chips.bus import FakePin, FakeSPI
from chips.mfrc522 import FakeMFRC522
from chips.clock import SimClock
from chips.ws2812 import FakeWS2812


class _Machine:
    """A stand-in for the `machine` module that records what boards/wiring.py asks for."""

    def __init__(self, with_readers=0, holds_miso=-1):
        self.holds_miso = holds_miso
        self.pins = {}
        self.spis = []
        self.clock = SimClock()
        self.with_readers = with_readers
        self.Pin = self._pin_class()
        self.SPI = self._spi

    def _pin_class(self):
        outer = self

        class PinFactory:
            """machine.Pin: one FakePin per GPIO, reconfigured on each call."""
            IN = FakePin.IN
            OUT = FakePin.OUT
            PULL_UP = FakePin.PULL_UP

            def __call__(self, id, mode=-1, pull=None, value=None):
                if id in outer.pins:
                    p = outer.pins[id]
                    p.init(mode, pull, value)
                    return p
                p = FakePin(id, mode, pull, value)
                outer.pins[id] = p
                return p
        return PinFactory()

    def _spi(self, id, baudrate=1000000, **kw):
        spi = FakeSPI(id, baudrate, self.clock)
        spi.kw = kw
        self.spis.append(spi)
        if id == P.RFID_SPI:
            rst = self.pins[P.RFID_RST] if P.RFID_RST in self.pins else self.Pin(P.RFID_RST, 1, value=1)
            for s, g in enumerate(P.RFID_CS[:self.with_readers]):
                spi.attach(FakeMFRC522(self.pins[g], self.clock, reset=rst,
                                       holds_miso=s == self.holds_miso))
        return spi


class _Neo:
    @staticmethod
    def NeoPixel(pin, n):
        return FakeWS2812(n)


def test_chip_selects_default_and_envite():
    assert board.chip_selects(4) == (5, 6, 7, 8)
    assert len(board.chip_selects(12)) == 12
    try:
        board.chip_selects(13)
    except ValueError:
        return
    raise AssertionError("accepted 13 readers")


def test_readers_built_on_spi0_with_a_missing_module_reported():
    m = _Machine(with_readers=3)
    import time
    real = time.sleep_us
    rs, problems = board.readers(4, machine=m)
    assert len(rs) == 4
    assert [p[0] for p in problems] == [3]
    spi = m.spis[0]
    assert spi.id == 0 and spi.kw["sck"].id == P.RFID_SCK and spi.kw["miso"].id == P.RFID_MISO
    assert real is time.sleep_us


def test_eink_lights_and_buttons():
    m = _Machine()
    e = board.eink(machine=m)
    assert e.panel == P.EINK_PANEL and m.spis[-1].id == 1
    assert (e.visible_width, e.height) == (400, 300)     # the 4.2" panel (pinmap.json)
    assert m.spis[-1].kw["miso"].id == P.EINK_MISO
    l = board.lights(4, machine=m, neopixel=_Neo)
    assert len(l.strip) == 13
    b = board.buttons(machine=m)
    assert len(b.pins) == 3 and b.pins[0].id == P.BUTTONS[0]


def test_a_module_holding_miso_is_named_as_the_suspect():
    m = _Machine(with_readers=4, holds_miso=2)
    rs, problems = board.readers(4, machine=m)
    assert [p[0] for p in problems] == [0, 1, 3, 2]
    assert "74HC125" in problems[-1][1]
