"""Generate hardware/table.svg: the table seen from above, with dimensions, for every
seat count from 3 to 12, and the details a builder needs (drawsvg).

    python hardware/gen_table.py          write it
    python hardware/gen_table.py --check  exit 1 when it is out of date

The rules the plans follow (hardware/ASSEMBLY.md explains them):
- readers sit on a circle, each READER_FROM_EDGE mm in from the player's edge, and
  neighbouring readers at least MIN_SPACING mm apart centre to centre (a 25 mm NTAG213
  reads at 2-4 cm; closer antennas hear each other's tags: crosstalk);
- each seat's LED group lies between its reader and the edge, the panel at the centre
  facing the dealer's seat (seat 0), the three buttons beside it;
- a tag is stuck at the centre of the card, so a stacked trick's tags sit over the reader.
The panel's size comes from firmware/drivers/eink.py (PANELS) and pinmap.json.
"""
import ast
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pinmap  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
OUT = os.path.join(HERE, "table.svg")

MIN_SPACING = 200       # mm between neighbouring readers' centres (crosstalk)
READER_FROM_EDGE = 150  # mm from the table's edge to a reader's centre
MIN_RADIUS = 300        # mm: readers closer to the centre leave no room for the panel
ZONE = 80               # mm: the printed zone on the cloth where cards are laid
MODULE = (40, 60)       # mm: an MFRC522 module (antenna end toward the centre)
LED_FROM_READER = 90    # mm toward the edge
LED_PITCH = 16          # mm between the LEDs of a group
CARD = (61, 95)         # mm: a Spanish card (naipe); French cards are 63 x 88
TAG = 25                # mm: NTAG213 round sticker
PANEL_DIAGONAL = {"4.2": 4.2, "2.13": 2.13, "2.9": 2.9}
CELL = 330              # px per plan
COLUMNS = 5


def panel_pixels(panel):
    with open(os.path.join(ROOT, "firmware", "drivers", "eink.py")) as f:
        tree = ast.parse(f.read())
    for node in tree.body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "PANELS":
            for key, size in zip(node.value.keys, node.value.values):
                if ast.literal_eval(key) == panel:      # (width, height, controller)
                    return tuple(ast.literal_eval(n) for n in size.elts[:2])
    raise SystemExit("firmware/drivers/eink.py has no PANELS")


def panel_mm(panel):
    """(width, height) of the panel's active area in mm, portrait (as the screen draws)."""
    w, h = panel_pixels(panel)
    diag = PANEL_DIAGONAL[panel] * 25.4
    k = diag / math.hypot(w, h)
    return round(w * k, 1), round(h * k, 1)


def geometry(seats):
    """Reader circle radius R, table diameter D and neighbour spacing (mm)."""
    r = max(MIN_RADIUS, math.ceil(MIN_SPACING / 2 / math.sin(math.pi / seats)))
    d = 2 * (r + READER_FROM_EDGE)
    spacing = 2 * r * math.sin(math.pi / seats)
    return r, d, spacing


def _dim(dw, x1, y1, x2, y2, text, off=0, size=9):
    """A dimension line with end ticks and its text."""
    dx, dy = x2 - x1, y2 - y1
    n = math.hypot(dx, dy) or 1
    ox, oy = -dy / n * off, dx / n * off
    a, b = (x1 + ox, y1 + oy), (x2 + ox, y2 + oy)
    dw.append(_line(a, b, "#c0392b", 0.8))
    for p in (a, b):
        dw.append(_line((p[0] - dy / n * 4, p[1] + dx / n * 4), (p[0] + dy / n * 4, p[1] - dx / n * 4),
                        "#c0392b", 0.8))
    import drawsvg as draw
    dw.append(draw.Text(text, size, (a[0] + b[0]) / 2 + ox * 0.6, (a[1] + b[1]) / 2 + oy * 0.6 - 2,
                        fill="#c0392b", text_anchor="middle", font_family="sans-serif"))


def _line(a, b, colour="black", width=1.0):
    import drawsvg as draw
    return draw.Line(a[0], a[1], b[0], b[1], stroke=colour, stroke_width=width)


def plan(dw, seats, ox, oy, panel):
    import drawsvg as draw
    r, d, spacing = geometry(seats)
    k = (CELL - 80) / d            # px per mm
    cx, cy = ox + CELL / 2, oy + CELL / 2 + 10
    dw.append(draw.Text("%d seats" % seats, 14, ox + 8, oy + 18, font_family="sans-serif",
                        font_weight="bold"))
    dw.append(draw.Circle(cx, cy, d / 2 * k, fill="#e8f3e8", stroke="black", stroke_width=1))
    for s in range(seats):
        a = math.pi / 2 + 2 * math.pi * s / seats       # seat 0 at the bottom, clockwise
        ux, uy = math.cos(a), math.sin(a)
        rx, ry = cx + r * k * ux, cy + r * k * uy
        dw.append(draw.Circle(rx, ry, ZONE / 2 * k, fill="white", stroke="#1f77b4", stroke_width=1))
        dw.append(draw.Text(str(s), 9, rx, ry + 3, text_anchor="middle", font_family="sans-serif",
                            fill="#1f77b4"))
        lx, ly = cx + (r + LED_FROM_READER) * k * ux, cy + (r + LED_FROM_READER) * k * uy
        for j in (-1, 0, 1):
            dw.append(draw.Circle(lx - uy * j * LED_PITCH * k, ly + ux * j * LED_PITCH * k, 1.8,
                                  fill="#d62728"))
    pw, ph = panel_mm(panel)
    dw.append(draw.Rectangle(cx - pw / 2 * k, cy - ph / 2 * k, pw * k, ph * k, fill="#555"))
    for j in range(3):
        dw.append(draw.Circle(cx + (pw / 2 + 12 + 14 * j) * k, cy + ph / 2 * k - 2, 1.8, fill="#9467bd"))
    # Dimensions: the table's diameter, the readers' circle, two neighbours' spacing.
    _dim(dw, cx - d / 2 * k, oy + 34, cx + d / 2 * k, oy + 34, "Ø %d" % d)
    _dim(dw, cx, cy, cx + r * k * math.cos(math.pi / 2), cy + r * k * math.sin(math.pi / 2),
         "R %d" % r, off=-10)
    a0, a1 = math.pi / 2, math.pi / 2 + 2 * math.pi / seats
    _dim(dw, cx + r * k * math.cos(a0), cy + r * k * math.sin(a0), cx + r * k * math.cos(a1),
         cy + r * k * math.sin(a1), "%d" % round(spacing), off=14)


def details(dw, ox, oy, panel):
    """A card with its tag, a reader's cross-section, the legend."""
    import drawsvg as draw
    k = 2.0     # px per mm
    x, y = ox + 40, oy + 40
    dw.append(draw.Text("card, face down (mm)", 13, ox + 10, oy + 20, font_family="sans-serif",
                        font_weight="bold"))
    dw.append(draw.Rectangle(x, y, CARD[0] * k, CARD[1] * k, rx=6, fill="white", stroke="black"))
    dw.append(draw.Circle(x + CARD[0] / 2 * k, y + CARD[1] / 2 * k, TAG / 2 * k, fill="#ddd",
                          stroke="#1f77b4"))
    dw.append(draw.Text("NTAG213 Ø%d, centred" % TAG, 9, x + CARD[0] / 2 * k, y + CARD[1] / 2 * k + 3,
                        text_anchor="middle", font_family="sans-serif"))
    _dim(dw, x, y + CARD[1] * k + 12, x + CARD[0] * k, y + CARD[1] * k + 12, "%d" % CARD[0])
    _dim(dw, x + CARD[0] * k + 12, y, x + CARD[0] * k + 12, y + CARD[1] * k, "%d" % CARD[1])
    _dim(dw, x, y + CARD[1] / 2 * k, x + CARD[0] / 2 * k - TAG / 2 * k, y + CARD[1] / 2 * k,
         "%.0f" % ((CARD[0] - TAG) / 2), off=-10)
    # Cross-section of a reader under the table top.
    sx, sy = ox + 250, oy + 60
    dw.append(draw.Text("reader under the top (section)", 13, sx, oy + 20, font_family="sans-serif",
                        font_weight="bold"))
    dw.append(draw.Rectangle(sx, sy, 300, 20, fill="#deb887", stroke="black"))
    dw.append(draw.Text("table top <= 10 mm wood / MDF / acrylic, no metal", 9, sx + 150, sy + 13,
                        text_anchor="middle", font_family="sans-serif"))
    dw.append(draw.Rectangle(sx + 90, sy + 28, MODULE[1] * 2, 6, fill="#2c7", stroke="black"))
    dw.append(draw.Text("MFRC522, antenna up", 9, sx + 150, sy + 48, text_anchor="middle",
                        font_family="sans-serif"))
    _dim(dw, sx + 270, sy + 20, sx + 270, sy + 28, "2-5 mm gap", off=-28)
    dw.append(draw.Rectangle(sx + 120, sy - 4, CARD[0], 4, fill="white", stroke="black"))
    dw.append(draw.Text("card (tag over the antenna)", 9, sx + 150, sy - 8, text_anchor="middle",
                        font_family="sans-serif"))
    pw, ph = panel_mm(panel)
    notes = [
        "Plans from above, seat 0 (first dealer) at the bottom, seats clockwise; all lengths in mm.",
        "Blue: reader zones (Ø%d printed on the cloth), readers %d mm in from the edge, "
        "neighbours >= %d mm apart." % (ZONE, READER_FROM_EDGE, MIN_SPACING),
        "Red: each seat's %d LEDs, %d mm outside its reader; purple: the 3 buttons (menu, "
        "confirm, undo)." % (pinmap.load()["leds"]["per_seat"], LED_FROM_READER),
        "Grey: the %s inch e-ink panel (%.0f x %.0f mm active) at the centre, facing seat 0."
        % (panel, pw, ph),
        "Readers closer than 20 cm hear each other's tags: the firmware checks weak answers, the "
        "self-test flags them.",
    ]
    for i, n in enumerate(notes):
        dw.append(draw.Text(n, 10, sx, sy + 80 + 15 * i, font_family="sans-serif"))


def render(pm):
    import drawsvg as draw
    problems = pinmap.check(pm)
    if problems:
        raise SystemExit("pinmap.json: " + "; ".join(problems))
    panel = pm["eink"]["panel"]
    rows = 2
    width, height = COLUMNS * CELL, rows * CELL + 300 + 40
    dw = draw.Drawing(width, height)
    dw.append(draw.Rectangle(0, 0, width, height, fill="white"))
    dw.append(draw.Text("tapete: the table from above, 3 to 12 seats (generated by "
                        "hardware/gen_table.py)", 16, 12, 24, font_family="sans-serif",
                        font_weight="bold"))
    for i, seats in enumerate(range(3, 13)):
        plan(dw, seats, (i % COLUMNS) * CELL, 40 + (i // COLUMNS) * CELL, panel)
    details(dw, 0, 40 + rows * CELL, panel)
    return dw.as_svg() + "\n"


def main(argv):
    return pinmap.generate(OUT, render, argv, "hardware/table.svg")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
