"""Generate hardware/schematic.svg from hardware/pinmap.json with schemdraw.

    python hardware/gen_schematic.py          write it
    python hardware/gen_schematic.py --check  exit 1 when it is out of date

Parts are blocks whose pins end in net labels: two pins with the same label are
wired together (the usual way to draw a bus). Drawn: the Pico with its power and
ground pins, the readers' bus (33 ohm series resistors on SCK and MOSI, the 10 kohm
pull-up on MISO), each reader with its 74HC125 gate and decoupling, the optional
3.3 V regulator for many readers, the e-ink panel, the WS2812 chain behind its
74AHCT125 level shifter with its series resistor and reservoir capacitor, and the
buttons. Deterministic: schemdraw's own SVG backend, no dates.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pinmap  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "schematic.svg")
SEATS_DRAWN = 4
GND_PINS = (3, 8, 13, 18, 23, 28, 33, 38)


def _net(d, elm, anchor, direction, text, length=1.2):
    """A short wire from a pin, ending in a net label."""
    line = getattr(elm.Line().at(anchor), direction)(length)
    d.add(line)
    d.add(elm.Label().at(line.end).label(text, loc={"left": "left", "right": "right",
                                                       "up": "top", "down": "bottom"}[direction],
                                                   fontsize=9))


def _block(d, elm, at, title, left, right, width=3.2, note=None):
    """An IC-like block: `left` / `right` lists of (pin name, net[, pin number]), drawn
    top to bottom. Returns the element."""
    left = [p + (None,) * (3 - len(p)) for p in left[::-1]]    # schemdraw stacks from the bottom
    right = [p + (None,) * (3 - len(p)) for p in right[::-1]]
    pins = [elm.IcPin(name=n, pin=k, side="left", anchorname="L%d" % i)
            for i, (n, _, k) in enumerate(left)]
    pins += [elm.IcPin(name=n, pin=k, side="right", anchorname="R%d" % i)
             for i, (n, _, k) in enumerate(right)]
    rows = max(len(left), len(right), 2)
    ic = elm.Ic(pins=pins, size=(width, 0.55 * rows + 0.6), pinspacing=0.55, edgepadW=0.3,
                edgepadH=0.3, plblsize=9, lblsize=10).theta(0).at(at).anchor("center").label(
        title, loc="top", fontsize=11)
    d.add(ic)
    for i, (_, net, _) in enumerate(left):
        if net:
            _net(d, elm, getattr(ic, "L%d" % i), "left", net)
    for i, (_, net, _) in enumerate(right):
        if net:
            _net(d, elm, getattr(ic, "R%d" % i), "right", net)
    if note:
        d.add(elm.Label().at((at[0] - width / 2, at[1] - 0.275 * rows - 1.1)).label(
            note, fontsize=8, halign="left"))
    return ic


def _two(d, elm, kind, at, value, a, b, vertical=False):
    """A resistor or capacitor between nets a and b."""
    part = getattr(elm, kind)().at(at)
    part = part.down() if vertical else part.right()
    part = part.length(2).label(value, fontsize=9, loc="bottom" if not vertical else "right")
    d.add(part)
    _net(d, elm, part.start, "up" if vertical else "left", a, 0.6)
    _net(d, elm, part.end, "down" if vertical else "right", b, 0.6)


def render(pm):
    """The schematic's SVG text."""
    problems = pinmap.check(pm)
    if problems:
        raise SystemExit("pinmap.json: " + "; ".join(problems))
    import schemdraw
    import schemdraw.elements as elm
    schemdraw.use("svg")
    r, e, leds, b = pm["rfid"], pm["eink"], pm["leds"], pm["buttons"]
    hp = pinmap.HEADER_PIN
    cs = pinmap.chip_selects(pm, 12)

    def gp(g):
        return "GP%d (pin %d)" % (g, hp[g])

    d = schemdraw.Drawing(show=False)
    d.config(fontsize=10, unit=2)
    d.add(elm.Label().at((0, 31)).label(
        "tapete controller: schematic (generated from hardware/pinmap.json by gen_schematic.py)",
        fontsize=14, halign="left"))
    d.add(elm.Label().at((0, 30)).label(
        "Net labels join pins: wires with the same name are one net. Seats 4..11 repeat the "
        "reader block with chip selects " + ", ".join("GP%d" % g for g in cs[4:]) + ".",
        fontsize=9, halign="left"))

    # The Pico: signals right, power and ground left.
    sig = [("GP%d" % r["spi"]["sck"], "SCK0_P"), ("GP%d" % r["spi"]["mosi"], "MOSI0_P"),
           ("GP%d" % r["spi"]["miso"], "MISO0"), ("GP%d" % r["reset"], "RFID_RST")]
    sig += [("GP%d" % g, "CS%d" % s) for s, g in enumerate(r["cs"])]
    sig += [("GP%d" % e["spi"]["sck"], "EPD_CLK"), ("GP%d" % e["spi"]["mosi"], "EPD_DIN"),
            ("GP%d" % e["cs"], "EPD_CS"), ("GP%d" % e["dc"], "EPD_DC"), ("GP%d" % e["rst"], "EPD_RST"),
            ("GP%d" % e["busy"], "EPD_BUSY"), ("GP%d" % leds["data"], "LED_3V3")]
    sig += [("GP%d" % b[n], "BTN_" + n.upper()) for n in ("menu", "confirm", "undo")]
    pwr = [("VBUS", "+5V", "40"), ("VSYS", None, "39"), ("3V3_EN", None, "37"),
           ("3V3(OUT)", "+3V3", "36")]
    pwr += [("GND", "GND", str(p)) for p in GND_PINS]
    sig = [(n, net, str(hp[int(n[2:])])) for n, net in sig]
    _block(d, elm, (4, 14), "Raspberry Pi Pico (RP2040) / Pico 2", pwr, sig, width=5.6,
           note="small numbers: the Pico's header pins")

    # The readers' bus: series resistors at the Pico, the pull-up on the shared MISO.
    _two(d, elm, "Resistor", (13, 26), "33 Ω", "SCK0_P", "SCK0")
    _two(d, elm, "Resistor", (13, 24), "33 Ω", "MOSI0_P", "MOSI0")
    _two(d, elm, "Resistor", (20, 26.5), "10 kΩ pull-up", "+3V3", "MISO0", vertical=True)
    d.add(elm.Label().at((13, 22.6)).label("SPI0 at %.0f MHz, leads <= 60 cm, a ground wire beside SCK"
                                           % (r["spi"]["baudrate"] / 1e6), fontsize=8, halign="left"))

    # One reader per seat: module, its 74HC125 gate (MISO driven only while selected), decoupling.
    for s in range(SEATS_DRAWN):
        y = 19 - 5.2 * s
        _block(d, elm, (17, y), "MFRC522 seat %d" % s,
               [("3.3V", "+3V3"), ("GND", "GND"), ("RST", "RFID_RST"), ("SDA (CS)", "CS%d" % s),
                ("SCK", "SCK0"), ("MOSI", "MOSI0")],
               [("MISO", "MISO%d_RAW" % s), ("IRQ", "n.c.")], width=3.0)
        _block(d, elm, (28.5, y), "74HC125 gate %d (%dA/%dY)" % (s % 4 + 1, s % 4 + 1, s % 4 + 1),
               [("%dA" % (s % 4 + 1), "MISO%d_RAW" % s), ("/%dOE" % (s % 4 + 1), "CS%d" % s)],
               [("%dY" % (s % 4 + 1), "MISO0")], width=2.6)
        _two(d, elm, "Capacitor", (34, y + 1.2), "100 nF", "+3V3", "GND", vertical=True)
        _two(d, elm, "Capacitor", (37, y + 1.2), "10 µF", "+3V3", "GND", vertical=True)
    d.add(elm.Label().at((24, -3.5)).label("74HC125: VCC (14) +3V3, GND (7); unused inputs to GND;"
                                           " one chip per 4 readers", fontsize=8))

    # Power for many readers: a separate 3.3 V regulator above 6 readers.
    _block(d, elm, (46, 24), "AMS1117-3.3 (fit above 6 readers)",
           [("IN", "+5V"), ("GND", "GND")], [("OUT", "+3V3_READERS")], width=3.4,
           note="10 µF at IN and OUT; readers' 3.3V from +3V3_READERS, common GND")

    # The e-ink panel on SPI1 (write-only: GP%d unconnected).
    _block(d, elm, (46, 15), "%s e-paper %s inch" % (pinmap.controller(e["panel"]), e["panel"]),
           [("VCC", "+3V3"), ("GND", "GND"), ("DIN", "EPD_DIN"), ("CLK", "EPD_CLK")],
           [("CS", "EPD_CS"), ("DC", "EPD_DC"), ("RST", "EPD_RST"), ("BUSY", "EPD_BUSY")],
           width=3.2, note="SPI1 MISO GP%d not connected (a spare chip select)" % e["spi"]["miso"])

    # LEDs: 3.3 V data -> 74AHCT125 (5 V) -> 330 ohm -> the chain; 1000 uF on the LED supply.
    _block(d, elm, (46, 6), "74AHCT125 level shifter",
           [("1A", "LED_3V3"), ("/1OE", "GND"), ("VCC", "+5V"), ("GND", "GND")],
           [("1Y", "LED_5V")], width=3.2)
    _two(d, elm, "Resistor", (52, 4), "330 Ω", "LED_5V", "LED_DIN")
    n4 = 4 * leds["per_seat"] + leds["status"]
    _block(d, elm, (62, 6), "WS2812B chain: %d per seat + %d status" % (leds["per_seat"], leds["status"]),
           [("DIN", "LED_DIN"), ("VDD", "+5V"), ("GND", "GND")], [("DOUT", "next LED")], width=3.2,
           note="%d LEDs at 4 seats; order seat 0, 1, ... then status" % n4)
    _two(d, elm, "Capacitor", (68, 8), "1000 µF 10 V", "+5V", "GND", vertical=True)

    # Buttons to GND, internal pull-ups.
    for k, name in enumerate(("menu", "confirm", "undo")):
        x = 46 + 6 * k
        sw = elm.Button().at((x, -2)).down().length(2).label(name, fontsize=9, loc="right")
        d.add(sw)
        _net(d, elm, sw.start, "up", "BTN_" + name.upper(), 0.6)
        _net(d, elm, sw.end, "down", "GND", 0.6)
    d.add(elm.Label().at((46, -6.5)).label("buttons short the pin to GND; internal pull-ups; hold "
                                          "%s %d s at power-up to enrol" % (b["enrol_hold"],
                                                                            b["enrol_hold_ms"] // 1000),
                                          fontsize=8, halign="left"))
    svg = d.get_imagedata("svg")
    return svg.decode() if isinstance(svg, bytes) else svg


def main(argv):
    return pinmap.generate(OUT, render, argv, "hardware/schematic.svg")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
