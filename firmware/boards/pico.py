"""The Pico under the table as a board: buses and pins from boards/wiring.py (the
pin map, boards/pins.py, generated from hardware/pinmap.json)."""
import sys

from .seats import SEATS


class PicoBoard:
    """The Pico's readers, panel, lights, buttons and USB serial."""

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

    async def sleep_ms(self, ms):
        await self._asyncio.sleep_ms(ms)

    def frame(self, screen):
        """Nothing to keep on the real panel."""
