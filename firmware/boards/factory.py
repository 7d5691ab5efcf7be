"""The table's parts: the Pico's real ones, or their simulations anywhere else
(boards/sim.py).

`make()` returns a board with: seats, readers (MFRC522 drivers, initialised),
strip (WS2812 chain), eink (EInk driver), button_pins, serial_in/serial_out
(byte streams), root (the flash folder for the journal and the enrolment),
ticks_ms(), ticks_us(), sleep_us(us) (the scan round blocks through an antenna's
SETTLE_MS of settling: boards/__init__.py, table/app.py), `await sleep_ms(ms)`, and
frame(screen) (called after each e-ink refresh).

The Pico's board is here too, not in a module of its own: on the Pico each module
costs heap, and the picture's drawing needs its large free blocks.
"""
import sys

from . import SEATS


def on_pico():
    """True on the rp2 port (a Pico or Pico 2)."""
    return sys.platform == "rp2"


def make(**kw):
    """The real board on a Pico, the simulated table anywhere else."""
    if on_pico():
        return PicoBoard()
    from .sim import SimBoard
    return SimBoard(**kw)


class PicoBoard:
    """The Pico under the table: buses and pins from boards/wiring.py (the pin map,
    boards/pins.py, generated from hardware/pinmap.json)."""

    def __init__(self, seats=SEATS):
        import time
        import asyncio
        from . import wiring as hw
        self._asyncio = asyncio
        self.ticks_ms = time.ticks_ms
        self.sleep_us = time.sleep_us
        self.ticks_us = time.ticks_us
        self.seats = seats
        self.eink = hw.eink()           # SPI1 first: a reader chip select may share a pad
        self.eink.init()
        self.readers, self.problems = hw.readers(seats)
        self.strip = hw.lights(seats).strip
        self.button_pins = hw.buttons().pins
        self.serial_in = sys.stdin.buffer
        self.serial_out = sys.stdout.buffer
        self.root = ""
        self.enrol_at_boot = hw.enrol_requested()   # confirm held for 2 s at power-up
        _forget("wiring", "pins")

    async def sleep_ms(self, ms):
        await self._asyncio.sleep_ms(ms)

    def frame(self, screen):
        """Nothing to keep on the real panel."""


def _forget(*names):
    """Drop boards' modules that built the board: what they made keeps its own
    classes (drivers/), and their code is heap for the match: wiring and pins held
    3.5 KB on the RP2040 for nothing after boot (the self-test imports them anew)."""
    pkg = sys.modules.get("boards")
    for name in names:
        sys.modules.pop("boards." + name, None)
        try:
            delattr(pkg, name)
        except AttributeError:
            pass
