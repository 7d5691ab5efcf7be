"""Pico GPIO numbers of the table (mirrors the pin map in hardware/; change both)."""
from micropython import const

READER_SPI = const(0)       # SPI0: every seat's MFRC522
READER_SCK = const(2)
READER_MOSI = const(3)
READER_MISO = const(4)
READER_CS = (5, 6, 7, 8)    # one chip select per seat, seat 0 first
READER_RST = const(9)       # NRSTPD, shared by every reader

EINK_SPI = const(1)         # SPI1: the SSD1680 panel
EINK_SCK = const(10)
EINK_MOSI = const(11)
EINK_BUSY = const(12)
EINK_CS = const(13)
EINK_DC = const(14)
EINK_RST = const(15)

LEDS = const(16)            # WS2812 chain: 3 per seat, then the status LED
LEDS_PER_SEAT = const(3)

BUTTONS = (18, 19, 20)      # menu, confirm, undo (to ground; internal pull-ups)
