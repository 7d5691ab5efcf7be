"""Load hardware/pinmap.json and check it: real RP2040 pin functions, no pin used twice.

Used by gen_board.py, gen_wiring.py and the tests (CPython only: host side).
"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
PINMAP = os.path.join(HERE, "pinmap.json")

# Physical header pin of each GPIO on the Pico / Pico 2.
HEADER_PIN = {0: 1, 1: 2, 2: 4, 3: 5, 4: 6, 5: 7, 6: 9, 7: 10, 8: 11, 9: 12, 10: 14,
              11: 15, 12: 16, 13: 17, 14: 19, 15: 20, 16: 21, 17: 22, 18: 24, 19: 25,
              20: 26, 21: 27, 22: 29, 26: 31, 27: 32, 28: 34}


def load(path=PINMAP):
    with open(path) as f:
        return json.load(f)


def spi_ok(bus, role, gpio):
    """RP2040/RP2350 SPI function map: SPI0 on GP0-7 and 16-23, SPI1 on GP8-15 and 24-29;
    RX (MISO) at gpio % 4 == 0, SCK at 2, TX (MOSI) at 3."""
    if ((gpio >> 3) & 1) != bus:
        return False
    return gpio % 4 == {"miso": 0, "sck": 2, "mosi": 3}[role]


def assignments(pm):
    """[(gpio, signal name)] of every pin the default build uses."""
    out = []
    r = pm["rfid"]
    for role in ("sck", "mosi", "miso"):
        out.append((r["spi"][role], "SPI%d %s (RFID)" % (r["spi"]["id"], role.upper())))
    out.append((r["reset"], "RFID RST (shared)"))
    for s, g in enumerate(r["cs"]):
        out.append((g, "RFID CS seat %d" % s))
    e = pm["eink"]
    for role in ("sck", "mosi", "miso"):
        out.append((e["spi"][role], "SPI%d %s (e-ink)" % (e["spi"]["id"], role.upper())))
    for role in ("cs", "dc", "rst", "busy"):
        out.append((e[role], "EPD %s" % role.upper()))
    out.append((pm["leds"]["data"], "WS2812 DIN (via 74AHCT125)"))
    for b in ("menu", "confirm", "undo"):
        out.append((pm["buttons"][b], "button %s" % b))
    return out


def check(pm):
    """A list of problems (empty when the map is sound)."""
    problems = []
    header = set(pm["header_gpios"])
    used = {}
    for g, name in assignments(pm):
        if g not in header:
            problems.append("%s on GP%d, which is not on the header" % (name, g))
        if g in used:
            problems.append("GP%d used twice: %s and %s" % (g, used[g], name))
        used[g] = name
    for key in ("rfid", "eink"):
        spi = pm[key]["spi"]
        for role in ("sck", "mosi", "miso"):
            if not spi_ok(spi["id"], role, spi[role]):
                problems.append("%s: GP%d cannot be SPI%d %s" % (key, spi[role], spi["id"], role))
    if pm["rfid"]["spi"]["id"] == pm["eink"]["spi"]["id"]:
        problems.append("the readers and the e-ink must be on different SPI buses")
    spare = pm["rfid"]["spare_cs"]
    if len(pm["rfid"]["cs"]) + len(spare) < 12:
        problems.append("fewer than 12 chip selects for Envite")
    if len(set(spare)) != len(spare):
        problems.append("a spare chip select listed twice")
    unconnected_miso = pm["eink"]["spi"]["miso"]
    for g in spare:
        if g not in header:
            problems.append("spare CS GP%d not on the header" % g)
        elif g in used and g != unconnected_miso:
            problems.append("spare CS GP%d is already %s" % (g, used[g]))
    return problems


def controller(panel):
    """The e-paper controller of a panel size: SSD1683 on the 4.2", SSD1680 on the smaller."""
    return "SSD1683" if panel == "4.2" else "SSD1680"


def chip_selects(pm, seats):
    """The chip-select GPIOs of `seats` readers."""
    pins = list(pm["rfid"]["cs"]) + list(pm["rfid"]["spare_cs"])
    if seats < 1 or seats > len(pins):
        raise ValueError("1..%d seats" % len(pins))
    return pins[:seats]


def generate(out, render, argv, label):
    """Write `render(load())` to `out`, or with `--check` in argv only say whether
    `out` is up to date (exit status 1 when it is not). Shared by the generators."""
    text = render(load())
    if "--check" in argv:
        with open(out) as f:
            if f.read() != text:
                print(label + " is out of date: run make hardware")
                return 1
        return 0
    with open(out, "w") as f:
        f.write(text)
    return 0
