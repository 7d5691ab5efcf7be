"""Every screen on every panel: within the panel's edges, every message on it, no
text drawn over another in any language, the main facts in their legible sizes,
and paged drawing equal to whole drawing (runs under MicroPython, the firmware's
own drawing code)."""
import framebuf

import screens
from drivers.eink import PANELS, BAND_BYTES
from table.panel import screen
from table.panel.screen import Screen, PAPER, INK
from table.panel import screen_notes
from table import phases as P

M = 24      # the margin around the panel in the test canvas: must stay blank


class Panel:
    def __init__(self, name):
        self.visible_width, self.height = PANELS[name][:2]


def canvas(w, h):
    stride = (w + 7) // 8
    buf = bytearray(stride * h)
    fb = framebuf.FrameBuffer(buf, w, h, framebuf.MONO_HLSB)
    fb.fill(PAPER)
    return fb, buf, stride


def ink_outside(buf, stride, w, h):
    """(x, y) of the first inked pixel in the margin around a w x h panel drawn at
    (M, M) of a canvas of `stride` bytes per row, or None."""
    H, W = h + 2 * M, w + 2 * M
    for y in range(H):
        row = buf[y * stride:(y + 1) * stride]
        if y < M or y >= M + h:
            x = _first_ink(row, 0, W)
        else:
            x = _first_ink(row, 0, M)
            if x is None:
                x = _first_ink(row, M + w, W)
        if x is not None:
            return x, y
    return None


def _first_ink(row, x0, x1):
    for x in range(x0, x1):
        if not x & 7 and x + 8 <= x1 and row[x >> 3] == 0xFF:
            continue
        if not row[x >> 3] >> (7 - (x & 7)) & 1:
            return x
    return None


def drawn(s):
    return "".join(t for t, sc in s.log).replace(" ", "")


CAT = None


def catalogue():
    global CAT
    if CAT is None:
        CAT = screens.catalogue()
    return CAT


def test_every_screen_stays_inside_every_panel_and_shows_its_texts():
    bad = []
    for name in sorted(PANELS):
        p = Panel(name)
        w, h = p.visible_width, p.height
        s = Screen(p)
        fb, buf, stride = canvas(w + 2 * M, h + 2 * M)
        for title, table, texts in catalogue():
            fb.fill(PAPER)
            s.log = []
            screens.draw(s, table, fb, M, M)
            where = ink_outside(buf, stride, w, h)
            if where is not None:
                bad.append("%s %s: ink outside the panel at %s" % (name, title, where))
            got = drawn(s)
            for want in texts:
                if screen_notes.words(s, want).replace(" ", "") not in got:
                    bad.append("%s %s: %r not drawn" % (name, title, want))
    assert not bad, "\n".join(bad)


class Boxed(Screen):
    """A Screen that keeps the box (panel pixels) of every text and sign it draws:
    (what, x, y, w, h); a text's box runs from its first to its last glyph that is
    not a space (a glyph is 8 x 8 pixels at scale 1, a sign 16 x 16)."""

    def __init__(self, eink):
        super().__init__(eink)
        self.boxes = []

    def text(self, s, x, y, scale=1, c=INK):
        lead = len(s) - len(s.lstrip(" "))
        end = len(s.rstrip(" "))
        if end > lead:
            self.boxes.append((s, x + lead * 8 * scale, y, (end - lead) * 8 * scale, 8 * scale))
        Screen.text(self, s, x, y, scale, c)

    def sign(self, suit, x, y, scale):
        self.boxes.append(("<sign>", x, y, 16 * scale, 16 * scale))
        Screen.sign(self, suit, x, y, scale)


def overlaps(boxes):
    """The pairs of boxes that share a pixel: [(what, what, box, box)]."""
    found = []
    for i in range(len(boxes)):
        a, x, y, w, h = boxes[i]
        for j in range(i + 1, len(boxes)):
            b, X, Y, W, H = boxes[j]
            if x < X + W and X < x + w and y < Y + H and Y < y + h:
                found.append((a, b, (x, y, w, h), (X, Y, W, H)))
    return found


def test_no_text_is_drawn_over_another_on_any_panel_in_any_language():
    # Botifarra's hand without trumps once ran its word BOTIFARRA into the TRUMP
    # label beside the sign's place on the tall panels (2.13" and 2.9").
    import gc
    from table.panel import say
    from table.panel.lang_list import LANGS
    bad = []
    panels = []         # each panel's screen and canvas, made once for all languages
    for name in sorted(PANELS):
        p = Panel(name)
        panels.append((name, Boxed(p), canvas(p.visible_width + 2 * M, p.height + 2 * M)[0]))
    try:
        for lang in ("en",) + tuple(lang for lang in LANGS if lang != "en"):   # English first: the catalogue's
            say.use(lang)
            cat = catalogue() if lang == "en" else screens.catalogue()     # in this language
            gc.collect()
            for name, s, fb in panels:
                for title, table, _texts in cat:
                    s.boxes = []
                    screens.draw(s, table, fb, M, M)
                    s.release()
                    for a, b, box, other in overlaps(s.boxes):
                        bad.append("%s %s %s: %r at %s over %r at %s" % (lang, name, title, a, box, b, other))
    finally:
        say.use("en")
    assert not bad, "\n".join(bad)


def test_the_overlap_check_sees_two_texts_that_touch():
    assert overlaps([("A", 0, 0, 8, 8), ("B", 7, 7, 8, 8)]) != []
    assert overlaps([("A", 0, 0, 8, 8), ("B", 8, 0, 8, 8), ("C", 0, 8, 8, 8)]) == []


def test_paged_drawing_draws_the_same_picture():
    for name in sorted(PANELS):
        p = Panel(name)
        w, h = p.visible_width, p.height
        stride = (w + 7) // 8
        rows = max(1, BAND_BYTES // 3 // stride)      # odd bands, smaller than the driver's
        s = Screen(p)
        whole, wbuf, _ = canvas(w, h)
        band, bbuf, _ = canvas(w, rows)
        for title, table, texts in catalogue()[::3]:
            whole.fill(PAPER)
            screens.draw(s, table, whole)
            paged = bytearray(len(wbuf))
            s.prepare(table)
            for top in range(0, h, rows):
                band.fill(PAPER)
                s.paint(band, 0, -top, rows)
                n = min(rows, h - top)
                paged[top * stride:(top + n) * stride] = bbuf[:n * stride]
            assert paged == wbuf, "%s %s: paged drawing differs" % (name, title)


def scales(s, text):
    return [sc for t, sc in s.log if t == text]


def test_main_facts_in_their_sizes_on_every_panel():
    # hardware/PANEL.md states these sizes in millimetres: trump sign, scores, turn.
    sizes = {"4.2": (6, 5, 6), "2.9": (4, 4, 4), "2.13": (3, 3, 3)}
    for title, table, texts in catalogue():
        if title != "play":
            continue
        for name in PANELS:
            p = Panel(name)
            s = Screen(p)
            fb, buf, stride = canvas(p.visible_width + 2 * M, p.height + 2 * M)
            s.log = []
            screens.draw(s, table, fb, M, M)
            snap = table.match.snapshot()
            sign, score, turn = sizes[name]
            assert scales(s, "<" + snap["trump"] + ">") == [sign], (name, s.log)
            for total in snap["totals"]:
                assert max(scales(s, str(total))) >= score, (name, total, s.log)
            assert scales(s, "S" + str(snap["turn"])) == [turn], (name, s.log)
        return
    raise AssertionError("no play screen")


def test_spanish_signs_and_numbers():
    s = Screen(Panel("4.2"))
    s.signs = 1
    assert s.card("KH") == "12\x02" and s.card("JC") == "10\x04" and s.card("AD") == "1\x03"
    s.signs = 0
    assert s.card("KH") == "K\x02" and s.card("10S") == "10\x01"
    assert screen_notes.words(s, "missing 7H KS; 2 tags") == "missing 7\x02 K\x01; 2 tags"


def test_the_suit_bitmaps_are_the_pictures():
    import sys
    sys.path.append("tests/firmware")   # the runner works from the repository's root
    import suit_art
    assert screen.SMALL == suit_art.small()
    assert screen.BIG == suit_art.big()


def test_no_context_region_for_malilla_and_manille():
    for title, table, texts in catalogue():
        if table.phase < P.TURNUP or title.startswith("context"):
            continue
        s = Screen(Panel("4.2"))
        fb, buf, stride = canvas(400 + 2 * M, 300 + 2 * M)
        s.log = []
        screens.draw(s, table, fb, M, M)
        assert ("HAND", 1) not in s.log, title
    assert any(t.startswith("context") for t, _, _ in catalogue())


def test_the_heap_harness_draws_on_the_default_panel_as_the_driver_does():
    from boards import pins as board_pins
    import headless
    from drivers.eink import EInk

    class Pin:
        OUT = IN = 0

        def init(self, *a, **k):
            pass
    from boards import wiring as board
    e = EInk(None, Pin(), Pin(), Pin(), Pin(), board_pins.EINK_PANEL,
             band_bytes=board.BAND_BYTES)       # as board.eink() builds it on the Pico
    p = headless.Panel()
    assert (p.visible_width, p.height) == (e.visible_width, e.height)
    assert len(p.buf) == len(e.buf) and e.band_rows == p.rows == 150 and e.width // 8 == 50
