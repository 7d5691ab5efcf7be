"""The contact sheet: every screen of tests/table/screens.py on one panel size, as
one PNG (runs under MicroPython: the firmware's own drawing code). `make screens`
writes docs/screens-<panel>.png with it (and compresses them).

    micropython tests/table/contact_sheet.py 4.2 out.png [columns] [lang=ca]

Each screen is drawn at its real pixel size inside a 1-pixel frame (the panel's
edge), with its number and name under it.
"""
import sys

import framebuf

import screens
from drivers.eink import PANELS
from chips import png
from table.panel.screen import Screen, PAPER, INK

GUTTER = 12
CAPTION = 12


class Panel:
    def __init__(self, panel):
        self.visible_width, self.height = PANELS[panel][:2]


def sheet(panel, columns):
    """(width, height, bytes, stride, names) of the contact sheet."""
    p = Panel(panel)
    w, h = p.visible_width, p.height
    cat = screens.catalogue()
    rows = (len(cat) + columns - 1) // columns
    cw, ch = w + GUTTER, h + GUTTER + CAPTION
    W, H = columns * cw + GUTTER, rows * ch + GUTTER
    stride = (W + 7) // 8
    buf = bytearray(stride * H)
    fb = framebuf.FrameBuffer(buf, W, H, framebuf.MONO_HLSB)
    fb.fill(PAPER)
    names = []
    s = Screen(p)
    for i, (name, table, texts) in enumerate(cat):
        x = GUTTER + (i % columns) * cw
        y = GUTTER + (i // columns) * ch
        fb.rect(x - 1, y - 1, w + 2, h + 2, INK)
        screens.draw(s, table, fb, x, y)
        s.release()
        caption = ("%d %s" % (i + 1, name))[:(w + GUTTER) // 8]
        fb.text(caption, x, y + h + 4, INK)
        names.append(name)
    return W, H, buf, stride, names


def main(argv):
    # lang=xx (a code of LINGUAS, table/panel/lang_list.py): the panel's words in that language (table/panel/say.py)
    langs = [a[5:] for a in argv if a.startswith("lang=")]
    argv = [a for a in argv if not a.startswith("lang=")]
    from table.panel import say
    say.use(langs[0] if langs else "en")
    panel = argv[1] if len(argv) > 1 else "4.2"
    out = argv[2] if len(argv) > 2 else "screens-%s.png" % panel
    columns = int(argv[3]) if len(argv) > 3 else (6 if panel == "4.2" else 10)
    W, H, buf, stride, names = sheet(panel, columns)
    png.write_mono(out, W, H, buf, stride)
    print("%s: %d screens, %d x %d" % (out, len(names), W, H))
    for i, n in enumerate(names):
        print("%2d  %s" % (i + 1, n))


if __name__ == "__main__":
    main(sys.argv)
