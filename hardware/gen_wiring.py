"""Generate hardware/wiring.svg from hardware/pinmap.json.

    python hardware/gen_wiring.py          write it
    python hardware/gen_wiring.py --check  exit 1 when it is out of date
The drawing: the Pico's header pins on the left, one line per signal to the part
it drives, the parts on the right. Deterministic output (no dates).
"""
import os
import sys
from xml.sax.saxutils import escape

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pinmap  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "wiring.svg")

COLOURS = {"rfid": "#1f77b4", "eink": "#2ca02c", "leds": "#d62728", "buttons": "#9467bd",
           "spare": "#999999", "power": "#ff7f0e", "ground": "#000000"}
CHAR_PX = 7.3           # monospace 12 px: the width of one character, rounded up
# The header's power and ground pins: (pin, name, what it feeds, group).
POWER = [(40, "VBUS", "+5 V from USB: WS2812 VDD, 74AHCT125 VCC, 1000 uF; the 3.3 V regulator's IN above 6 readers", "power"),
         (39, "VSYS", "not connected (or a 5 V supply through a Schottky diode)", "spare"),
         (37, "3V3_EN", "not connected (pulled up on the Pico)", "spare"),
         (36, "3V3(OUT)", "+3.3 V: MFRC522 3.3V, 74HC125 VCC, EPD VCC, 10 kohm MISO pull-up (<= 300 mA)", "power")]
GROUND = (3, 8, 13, 18, 23, 28, 33, 38)


def rows(pm):
    """(header pin, pin name, signal, part, group) for each wire, in header order,
    power and ground pins included."""
    r, e, l, b = pm["rfid"], pm["eink"], pm["leds"], pm["buttons"]
    out = []
    for role in ("sck", "mosi", "miso"):
        out.append((r["spi"][role], "SPI0 " + role.upper(), "all MFRC522 " + role.upper() +
                    (" (via 74HC125 if a module holds MISO)" if role == "miso" else ""), "rfid"))
    out.append((r["reset"], "RFID RST", "all MFRC522 RST (shared)", "rfid"))
    for s, g in enumerate(r["cs"]):
        out.append((g, "CS seat %d" % s, "MFRC522 seat %d SDA/CS" % s, "rfid"))
    out.append((e["spi"]["sck"], "SPI1 SCK", "EPD SCL/CLK", "eink"))
    out.append((e["spi"]["mosi"], "SPI1 MOSI", "EPD SDA/DIN", "eink"))
    out.append((e["spi"]["miso"], "SPI1 MISO", "not connected (spare CS 11)", "spare"))
    for role in ("cs", "dc", "rst", "busy"):
        out.append((e[role], "EPD " + role.upper(), "EPD " + role.upper(), "eink"))
    out.append((l["data"], "LED DATA", "74AHCT125 1A -> 1Y -> WS2812 DIN", "leds"))
    for name in ("menu", "confirm", "undo"):
        out.append((b[name], "BTN " + name, "button %s to GND" % name, "buttons"))
    for k, g in enumerate(r["spare_cs"]):
        if g != e["spi"]["miso"]:
            out.append((g, "spare CS %d" % (len(r["cs"]) + k), "MFRC522 seat %d CS (if fitted)" % (len(r["cs"]) + k), "spare"))
    out = [(pinmap.HEADER_PIN[g], "GP%d" % g, sig, part, grp) for g, sig, part, grp in out]
    for pin, name, part, grp in POWER:
        out.append((pin, name, name, part, grp))
    for pin in GROUND:
        out.append((pin, "GND", "GND", "common ground: every module, the buttons, the LED supply", "ground"))
    out.sort()
    return out


def render(pm):
    problems = pinmap.check(pm)
    if problems:
        raise SystemExit("pinmap.json: " + "; ".join(problems))
    rs = rows(pm)
    notes = ["Power: MFRC522 and 74HC125 at 3V3 (pin 36); WS2812 and 74AHCT125 at 5 V (VBUS, pin 40); common GND.",
             "74AHCT125: 1OE to GND, VCC 5 V; its input accepts 3.3 V logic. 300-500 ohm in series with DIN,",
             "1000 uF across the LED supply. Buttons to GND, internal pull-ups. EPD VCC at 3V3.",
             "E-ink panel: %s. LEDs: %d per seat + %d status." % (pm["eink"]["panel"] + " inch",
                                                                pm["leds"]["per_seat"], pm["leds"]["status"])]
    title = "tapete wiring (generated from hardware/pinmap.json by gen_wiring.py)"
    h = 90 + 22 * len(rs) + 120
    w = int(max([570 + CHAR_PX * len(r[3]) for r in rs] + [20 + CHAR_PX * len(n) for n in notes]
                + [20 + CHAR_PX * 1.34 * len(title), 20 + CHAR_PX * len(pm["board"])])) + 20
    parts = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" '
             'font-family="monospace" font-size="12">' % (w, h, w, h),
             '<rect width="100%" height="100%" fill="white"/>',
             '<text x="20" y="28" font-size="16" font-weight="bold">%s</text>' % escape(title),
             '<text x="20" y="48">%s</text>' % escape(pm["board"]),
             '<rect x="20" y="62" width="190" height="%d" fill="#f4f4f4" stroke="black"/>' % (22 * len(rs) + 16),
             '<text x="30" y="78" font-weight="bold">Pico header</text>']
    for i, (pin, name, sig, part, grp) in enumerate(rs):
        y = 100 + 22 * i
        col = COLOURS[grp]
        parts.append('<text x="30" y="%d">pin %2d  %s</text>' % (y, pin, escape(name)))
        parts.append('<line x1="210" y1="%d" x2="560" y2="%d" stroke="%s" stroke-width="2"%s/>' % (
            y - 4, y - 4, col, ' stroke-dasharray="4 3"' if grp == "spare" else ""))
        parts.append('<text x="230" y="%d" fill="%s">%s</text>' % (y - 8, col, escape(sig)))
        parts.append('<text x="570" y="%d">%s</text>' % (y, escape(part)))
    y = 100 + 22 * len(rs) + 10
    for k, n in enumerate(notes):
        parts.append('<text x="20" y="%d">%s</text>' % (y + 18 * k, escape(n)))
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def main(argv):
    return pinmap.generate(OUT, render, argv, "hardware/wiring.svg")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
