"""The tapete board's wiring: buses, pins and drivers built from boards/pins.py (from
hardware/pinmap.json).

On the Pico every function uses `machine` and `neopixel`; tests pass look-alikes
through the `machine` / `neopixel` arguments. The e-ink bus is built before the
readers' chip selects because seat 11's chip select reuses GP12, the SPI1 MISO
the rp2 port muxes but nothing drives (Pin(..., OUT) takes the pad back).
"""
from . import pins as P


def _machine(machine):
    if machine is None:
        import machine
    return machine


def chip_selects(seats):
    """GPIO numbers of the chip selects of `seats` readers (4 by default, up to 12)."""
    if seats < 1 or seats > len(P.RFID_CS):
        raise ValueError("this board takes 1..%d readers, not %d" % (len(P.RFID_CS), seats))
    return P.RFID_CS[:seats]


# The panel's picture in two bands of half the 4.2" frame (7500 bytes of heap each
# time, one buffer). One band of the whole frame drew a picture in 61 ms on the RP2040
# (bench/bench_pico_round.py --screen; 191 ms in 12 bands of 25 rows) but left the heap
# too broken up: a low-water of 67,888 bytes free with no block above 4,227, where the
# drawing's own allocations failed and pictures were put off. In two bands (bench_pico,
# 80 plays each, one after the other): heap 75,344 free, largest block 8,808; card ->
# light median 30.5 ms, 95% 36.3, worst 37.6 against 29.8 / 39.1 / 47.4 in one band.
# The awaited seat's reader is visited between the texts of a band (table/app.py:
# between), so the drawing's length is no wait for a player.
BAND_BYTES = 7500


def eink(machine=None, panel=None, band_bytes=BAND_BYTES):
    """The e-ink panel on SPI1 (pinmap.json's, not yet init()ed); its picture drawn
    in bands of at most `band_bytes` (the controller's: half the frame)."""
    from drivers.eink import EInk
    m = _machine(machine)
    Pin = m.Pin
    spi = m.SPI(P.EINK_SPI, baudrate=P.EINK_BAUDRATE, sck=Pin(P.EINK_SCK),
                mosi=Pin(P.EINK_MOSI), miso=Pin(P.EINK_MISO))
    return EInk(spi, Pin(P.EINK_CS, Pin.OUT, value=1), Pin(P.EINK_DC, Pin.OUT),
                Pin(P.EINK_RST, Pin.OUT, value=1), Pin(P.EINK_BUSY, Pin.IN),
                panel or P.EINK_PANEL, band_bytes=band_bytes)


def readers(seats=P.RFID_DEFAULT_SEATS, machine=None, registers=None):
    """One MFRC522 per seat on SPI0, after one pulse of the shared reset line.

    registers: reach the chips through the RP2040's SPI and SIO registers
    (drivers/rp2spi.py: a register access ~5x cheaper); by default on the rp2 port
    with the real `machine`, never with a look-alike.

    Returns (readers, problems): a seat whose module fails init() is listed in
    problems as (seat, message) and left out of nothing: its driver is still in
    the list so seat numbers stay physical, but it is not ready.
    """
    from drivers.mfrc522 import MFRC522, ReaderError
    m = _machine(machine)
    Pin = m.Pin
    cs_pins = [Pin(g, Pin.OUT, value=1) for g in chip_selects(seats)]  # all deselected first
    spi = m.SPI(P.RFID_SPI, baudrate=P.RFID_BAUDRATE, polarity=0, phase=0,
                sck=Pin(P.RFID_SCK), mosi=Pin(P.RFID_MOSI), miso=Pin(P.RFID_MISO))
    rst = Pin(P.RFID_RST, Pin.OUT, value=1)
    MFRC522.hard_reset(rst)
    if registers is None:
        import sys
        registers = machine is None and sys.platform == "rp2"
    gpios = chip_selects(seats)
    out = []
    problems = []
    for s in range(seats):
        r = MFRC522(spi, cs_pins[s], rst, name="seat %d" % s)
        if registers:
            r.use_registers(P.RFID_SPI, gpios[s])
        try:
            r.init()
            if not r.genuine:
                problems.append((s, "%s (works, reported)" % r.kind))
        except ReaderError as e:
            problems.append((s, str(e)))
        out.append(r)
    dead = [p[0] for p in problems if "0x00" in p[1]]
    if seats > 2 and len(dead) == seats - 1:
        # Everybody reads zeros but one: that one most likely holds MISO low.
        alive = [s for s in range(seats) if s not in dead][0]
        problems.append((alive, "suspect: this module may not release MISO (every other "
                                "reader reads 0x00); fit the 74HC125 buffer"))
    return out, problems


def lights(seats=P.RFID_DEFAULT_SEATS, machine=None, neopixel=None, brightness=32):
    """Seat groups plus the status LED on the WS2812 chain."""
    from drivers.leds import Lights
    m = _machine(machine)
    if neopixel is None:
        import neopixel
    n = seats * P.LED_PER_SEAT + P.LED_STATUS
    strip = neopixel.NeoPixel(m.Pin(P.LED_DATA, m.Pin.OUT), n)
    return Lights(strip, seats, P.LED_PER_SEAT, brightness)


def buttons(machine=None):
    """Menu, confirm, undo with pull-ups (pressed = low)."""
    from drivers.buttons import Buttons
    m = _machine(machine)
    Pin = m.Pin
    pins = [Pin(g, Pin.IN, Pin.PULL_UP) for g in P.BUTTONS]
    return Buttons(pins, active_low=P.BUTTONS_ACTIVE_LOW)


def enrol_requested(machine=None):
    """True when the enrol button is held for ENROL_HOLD_MS at boot."""
    from reader.enrol import requested_at_boot
    m = _machine(machine)
    pin = m.Pin(P.BUTTONS[P.ENROL_BUTTON], m.Pin.IN, m.Pin.PULL_UP)
    return requested_at_boot(pin, P.ENROL_HOLD_MS, P.BUTTONS_ACTIVE_LOW)
