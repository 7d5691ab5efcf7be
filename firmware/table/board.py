"""The table's parts: the Pico's real ones, or their simulations anywhere else.

`make()` returns a board with: seats, readers (MFRC522 drivers, initialised),
strip (WS2812 chain), eink (EInk driver), button_pins, serial_in/serial_out
(byte streams), root (the flash folder for the journal and the enrolment),
ticks_ms(), `await settle()` (an antenna's field settling), `await sleep_ms(ms)`,
and frame(screen) (called after each e-ink refresh).
"""
import sys

SEATS = 4
SETTLE_MS = 3


def on_pico():
    """True on the rp2 port (a Pico or Pico 2)."""
    return sys.platform == "rp2"


def make(**kw):
    """The real board on a Pico, the simulated table anywhere else."""
    if on_pico():
        return PicoBoard()
    from .simboard import SimBoard
    return SimBoard(**kw)


class PicoBoard:
    """The Pico under the table (pins from table/pins.py)."""

    def __init__(self):
        import time
        import asyncio
        import neopixel
        from machine import Pin, SPI
        from drivers.mfrc522 import MFRC522
        from drivers.eink import EInk
        from . import pins
        self._asyncio = asyncio
        self.ticks_ms = time.ticks_ms
        self.sleep_us = time.sleep_us
        self.seats = SEATS
        spi = SPI(pins.READER_SPI, baudrate=4000000, sck=Pin(pins.READER_SCK),
                  mosi=Pin(pins.READER_MOSI), miso=Pin(pins.READER_MISO))
        rst = Pin(pins.READER_RST, Pin.OUT, value=1)
        MFRC522.hard_reset(rst)
        self.readers = []
        for s in range(SEATS):
            r = MFRC522(spi, Pin(pins.READER_CS[s], Pin.OUT, value=1), rst, name="seat%d" % s)
            r.init()
            self.readers.append(r)
        espi = SPI(pins.EINK_SPI, baudrate=10000000, sck=Pin(pins.EINK_SCK),
                   mosi=Pin(pins.EINK_MOSI))
        self.eink = EInk(espi, Pin(pins.EINK_CS, Pin.OUT), Pin(pins.EINK_DC, Pin.OUT),
                         Pin(pins.EINK_RST, Pin.OUT), Pin(pins.EINK_BUSY, Pin.IN), panel="2.9")
        self.eink.init()
        self.strip = neopixel.NeoPixel(Pin(pins.LEDS), SEATS * pins.LEDS_PER_SEAT + 1)
        self.button_pins = [Pin(n, Pin.IN, Pin.PULL_UP) for n in pins.BUTTONS]
        self.serial_in = sys.stdin.buffer
        self.serial_out = sys.stdout.buffer
        self.root = ""

    async def settle(self):
        await self._asyncio.sleep_ms(SETTLE_MS)

    async def sleep_ms(self, ms):
        await self._asyncio.sleep_ms(ms)

    def frame(self, screen):
        """Nothing to keep on the real panel."""
