"""The simulated panel's PNG, decoded on the host (CPython): the same sim code saves frames."""
import os
import sys
import zlib

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
sys.path.insert(0, os.path.join(ROOT, "firmware"))

from chips.bus import FakePin, FakeSPI  # noqa: E402
from chips.clock import SimClock  # noqa: E402
from chips.ssd1680 import FakeSSD1680  # noqa: E402


def _shown_panel():
    c = SimClock()
    spi = FakeSPI(1, 20000000, c)
    cs, dc, rst = FakePin("CS", 1, value=1), FakePin("DC", 1), FakePin("RST", 1, value=1)
    chip = spi.attach(FakeSSD1680(cs, dc, rst, c))

    def send(cmd, data=b""):
        cs.value(0)
        dc.value(0)
        spi.write(bytes([cmd]))
        if data:
            dc.value(1)
            spi.write(data)
        cs.value(1)
    image = bytearray(b"\xff" * (16 * 250))
    image[0] = 0x0F          # first 4 pixels of row 0 black
    image[16 * 249 + 15] = 0  # last byte of the last row black
    send(0x24, bytes(image))
    send(0x22, b"\xf7")
    send(0x20)
    return chip


def test_png_decodes_with_zlib_to_the_displayed_rows():
    chip = _shown_panel()
    data = chip.png()
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    n = int.from_bytes(data[33:37], "big")
    assert data[37:41] == b"IDAT"
    raw = zlib.decompress(data[41:41 + n])
    assert len(raw) == 250 * 17
    assert raw[1] == 0x0F and raw[17 * 249 + 16] == 0


def test_png_reads_back_with_pypng_when_installed():
    png = pytest.importorskip("png")
    chip = _shown_panel()
    w, h, rows, info = png.Reader(bytes=chip.png()).read()
    rows = [list(r) for r in rows]
    assert (w, h, info["bitdepth"], info["greyscale"]) == (122, 250, 1, True)
    assert rows[0][:5] == [0, 0, 0, 0, 1]
