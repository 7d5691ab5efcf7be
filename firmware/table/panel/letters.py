"""Letters beyond ASCII for the panel: framebuf's 8x8 font is ASCII, so the accented
letters the five languages need are drawn as its letter with a mark.

Kept apart from table/panel/screen.py so that a table whose words are all ASCII never loads
these tables (tests/table/test_table_under_micropython.py, the heap budget).
"""
import framebuf


# Letters framebuf's 8x8 font lacks (it is ASCII): code point -> the ASCII letter and
# its mark, drawn by `glyph` (á é í ó ú à è ò ï ü ñ ç and their capitals; l·l's dot; ¿ ¡).
ACUTE, GRAVE, DIAERESIS, TILDE, CEDILLA, CIRCUMFLEX = 1, 2, 3, 4, 5, 6
ACCENTED = {0xe1: "a\x01", 0xe9: "e\x01", 0xed: "i\x01", 0xf3: "o\x01", 0xfa: "u\x01",
            0xe0: "a\x02", 0xe8: "e\x02", 0xf2: "o\x02", 0xef: "i\x03", 0xfc: "u\x03",
            0xeb: "e\x03", 0xf1: "n\x04", 0xe7: "c\x05", 0xea: "e\x06", 0xe2: "a\x06",
            0xf4: "o\x06", 0xee: "i\x06", 0xfb: "u\x06",
            0xc1: "A\x01", 0xc9: "E\x01", 0xcd: "I\x01", 0xd3: "O\x01", 0xda: "U\x01",
            0xc0: "A\x02", 0xc8: "E\x02", 0xd2: "O\x02", 0xcf: "I\x03", 0xdc: "U\x03",
            0xcb: "E\x03", 0xd1: "N\x04", 0xc7: "C\x05", 0xca: "E\x06", 0xc2: "A\x06",
            0xd4: "O\x06", 0xce: "I\x06", 0xdb: "U\x06"}
# The marks: two rows over a small letter, one over a capital (bit 7 = the left column).
MARK_SMALL = {ACUTE: b"\x08\x10", GRAVE: b"\x20\x10", DIAERESIS: b"\x00\x66", TILDE: b"\x34\x58",
              CIRCUMFLEX: b"\x10\x28"}
MARK_CAPITAL = {ACUTE: b"\x0c", GRAVE: b"\x30", DIAERESIS: b"\x66", TILDE: b"\x3c", CIRCUMFLEX: b"\x38"}
MIDDLE_DOT = b"\x00\x00\x00\x18\x18\x00\x00\x00"
UNKNOWN = b"\x7c\x44\x44\x44\x44\x44\x7c\x00"     # a letter we cannot draw: an empty box


def glyph(cp):
    """The 8x8 bitmap (MONO_HLSB, 8 bytes) of a letter beyond ASCII: framebuf's own
    letter with its mark. A small letter's mark takes the two rows above its
    x-height (an i loses its dot); a capital keeps its baseline and is drawn a
    row or two shorter (repeated rows dropped) under a one-row mark, with a blank
    row between where they would touch; the cedilla hangs in the last row."""
    if cp == 0xb7:
        return MIDDLE_DOT
    if cp == 0xbf or cp == 0xa1:        # ¿ ¡: framebuf's ? and ! turned upside down
        g = bytearray(8)
        framebuf.FrameBuffer(g, 8, 8, framebuf.MONO_HLSB).text("?" if cp == 0xbf else "!", 0, 0, 1)
        out = bytearray(8)
        for r in range(8):
            b, x = g[7 - r], 0
            for _ in range(8):
                x = x << 1 | b & 1
                b >>= 1
            out[r] = x >> 1         # the font's glyphs keep their last column blank
        return out
    spec = ACCENTED.get(cp)
    if spec is None:
        return UNKNOWN
    g = bytearray(8)
    framebuf.FrameBuffer(g, 8, 8, framebuf.MONO_HLSB).text(spec[0], 0, 0, 1)
    mark = ord(spec[1])
    if mark == CEDILLA:
        g[7] = 0x18
    elif spec[0] >= "a":
        m = MARK_SMALL[mark]
        g[0], g[1] = m[0], m[1]
    else:
        over = MARK_CAPITAL[mark][0]
        rows = [g[r] for r in range(7)]
        t = rows[0]
        gap = over & (t | t << 1 | t >> 1) != 0     # a mark touching the letter needs a blank row
        want = 5 if gap else 6
        r = len(rows) - 2
        while len(rows) > want and r >= 0:      # drop repeated rows (stems), bottom up
            if rows[r] == rows[r + 1]:
                rows.pop(r)
            r -= 1
        while len(rows) > want:
            rows.pop(1)
        g = bytearray([over]) + (b"\x00" if gap else b"") + bytes(rows) + b"\x00"
    return g
