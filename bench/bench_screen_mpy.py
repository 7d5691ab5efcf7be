"""The e-ink screens inside micropython (`make bench` runs it from the repository's
root): drawing time per picture, whole and in the driver's bands, on each panel; and
the refreshes of a whole match on the simulated table (full against partial, as
table/app.py decides them).

Drawing runs in the display task between scan rounds; paged drawing (drivers/eink.py)
draws a picture once per band, and a partial refresh draws it twice (the new picture,
then the base the next partial refresh compares with). Figures are for the unix port
on this machine: ratios between them are what carries over to the Pico.
"""
import sys
import time

sys.path.insert(0, "tests/table")
sys.path.insert(0, "host/tapete/sim")
sys.path.insert(0, "firmware")
sys.path.append(".frozen")     # asyncio, for the simulated match

import framebuf  # noqa: E402

import screens  # noqa: E402
from drivers.eink import PANELS, BAND_BYTES  # noqa: E402
from table.panel.screen import Screen  # noqa: E402

REPEAT = 15
PICTURES = ("idle, reader faults", "setup malilla 0", "enrol spanish40 0", "play",
            "violation with proof", "12 seats")


class Panel:
    def __init__(self, name):
        self.visible_width, self.height = PANELS[name][:2]


def per_picture_ms(name, title, table):
    """(whole, paged, bands): the best milliseconds to draw one picture."""
    p = Panel(name)
    s = Screen(p)
    stride = (p.visible_width + 7) // 8
    n = (stride * p.height + BAND_BYTES - 1) // BAND_BYTES
    rows = (p.height + n - 1) // n
    whole = framebuf.FrameBuffer(bytearray(stride * p.height), stride * 8, p.height,
                                 framebuf.MONO_HLSB)
    band = framebuf.FrameBuffer(bytearray(stride * rows), stride * 8, rows, framebuf.MONO_HLSB)
    best_whole = best_paged = 1 << 30
    for _ in range(REPEAT):     # the best of REPEAT: the machine is shared
        t0 = time.ticks_us()
        s.prepare(table)
        whole.fill(1)
        s.paint(whole, 0, 0, p.height)
        s.release()
        t1 = time.ticks_us()
        s.prepare(table)
        for top in range(0, p.height, rows):
            band.fill(1)
            s.paint(band, 0, -top, rows)
        s.release()
        t2 = time.ticks_us()
        best_whole = min(best_whole, time.ticks_diff(t1, t0))
        best_paged = min(best_paged, time.ticks_diff(t2, t1))
    return best_whole / 1000, best_paged / 1000, n


def refreshes():
    """(pictures, full refreshes) over the device harness's whole Malilla match."""
    import device
    import boards.sim as SB
    count = [0, 0]
    real = SB.SimBoard.frame

    def frame(board, screen):
        count[0] += 1
        if board.eink.partials == 0:
            count[1] += 1
        real(board, screen)
    SB.SimBoard.frame = frame
    device.play_match("/tmp/tapete-bench-screen")
    SB.SimBoard.frame = real
    return count


def main():
    cat = dict((t, table) for t, table, texts in screens.catalogue())
    for name in ("4.2", "2.9", "2.13"):
        for title in PICTURES:
            whole, paged, bands = per_picture_ms(name, title, cat[title])
            print("%-4s %-22s whole %6.1f ms, in %d band(s) %6.1f ms (x%.2f)"
                  % (name, title, whole, bands, paged, paged / whole))
    pictures, full = refreshes()
    print("a whole match on the simulated table: %d pictures, %d full refreshes, %d partial"
          % (pictures, full, pictures - full))


main()
