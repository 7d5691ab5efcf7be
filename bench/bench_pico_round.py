"""One scan round on the emulated RP2040, measured in isolation: the readers as
`board.readers()` builds them on the Pico, a card on every seat, the time of a round
(through machine.SPI and through the RP2040's registers, in one run) and of one
register access; with --screen, the time to draw one band of the panel's picture
(the work display_task does between two scan rounds); with --pieces, the controller's
own scan loop taken apart: each piece that runs between two rounds, timed alone. A
quick check while changing the per-play path (minutes, not the whole match of
`make bench-pico`).

    .venv/bin/python bench/bench_pico_round.py [--seats 4,12] [--screen | --pieces] [--image IMG] [--copy lib/x.mpy ...]

--image: a deployed flash image (default out/pico/bench/deployed.img, as bench_pico.py
leaves it); --copy: files of build/deploy to put on it first with mpremote (after
`make firmware-mpy`), so a changed driver is measured without a whole deploy.
"""
import argparse
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools", "pico"))
sys.path.insert(0, os.path.join(ROOT, "host"))

import rig as R  # noqa: E402
import table as T  # noqa: E402

DEVICE = """
import time, gc
from boards import wiring as hw
from reader.seats import SeatReaders
from boards import steady_fields
def rounds(seats, registers, n=20):
    rd, problems = hw.readers(seats, registers=registers)
    sr = SeatReaders(rd, steady=steady_fields(seats))  # the fields as the controller drives them
    sr.start()
    for _ in range(6):
        sr.scan()
    gc.collect()
    t0 = time.ticks_us()
    for _ in range(n):
        sr.scan()
    per = time.ticks_diff(time.ticks_us(), t0) / n
    r = rd[0]
    t0 = time.ticks_us()
    for _ in range(200):
        r.read(0x37)
    acc = time.ticks_diff(time.ticks_us(), t0) / 200
    return per, acc, sum(sr.cards_at(s) for s in range(seats)), len(problems)
"""


SCREEN = """
import time, gc
from table import app as A
from boards import factory as B
app = A.App(B.make())
app.table.new_match("malilla")
def band_ms(rows=0):
    import framebuf
    e = app.board.eink
    if rows:        # as EInk(band_bytes=rows * stride) would cut the picture
        e.band_rows = rows
        e.buf = None
        gc.collect()
        e.buf = bytearray(e._stride * rows)
        e._mv = memoryview(e.buf)
        e.fb = framebuf.FrameBuffer(e.buf, e.width, rows, framebuf.MONO_HLSB)
    app.screen.prepare(app.table)
    out = []
    for i in range(e.bands()):
        gc.collect()
        t0 = time.ticks_us()
        e._band(app.screen.paint, i, 0x24)
        out.append(time.ticks_diff(time.ticks_us(), t0) / 1000)
    app.screen.release()
    return e.bands(), e.band_rows, max(out), sum(out)
"""


PIECES = """
import time, gc, asyncio
from table import app as A
from boards.factory import PicoBoard
app = A.App(PicoBoard(%d))
def each(f, n=20):
    t0 = time.ticks_us()
    for _ in range(n):
        f()
    return time.ticks_diff(time.ticks_us(), t0) / n / 1000
async def _yields(n):
    for _ in range(n):
        await app.board.sleep_ms(0)
def pieces():
    r = app.reader
    for _ in range(8):
        r.scan()
        app.handle_events()
    now = app.board.ticks_ms
    out = [("a round of the reader layer (scan)", each(r.scan, 10)),
           ("the round's weighing (end_round)", each(r.end_round)),
           ("its events to the table (handle_events)", each(app.handle_events)),
           ("the buttons sampled (buttons.poll)", each(lambda: app.buttons.poll(now()))),
           ("the host's lines read (poll_lines)", each(lambda: app.link.poll_lines(app.table.on_line))),
           ("the lights' blink (lights.tick)", each(lambda: app.lights.tick(now()))),
           ("a look at the free heap (gc.mem_free)", each(gc.mem_free)),
           ("the awaited seat's turn looked up (awaited_seat)", each(app.awaited_seat)),
           ("a seat's antenna settling (settle)", each(app.settle)),
           ("a collection (gc.collect)", each(gc.collect, 5))]
    t0 = time.ticks_us()
    asyncio.run(_yields(20))
    out.append(("a yield to the other tasks (sleep_ms(0))", time.ticks_diff(time.ticks_us(), t0) / 20000))
    for what, ms in out:
        print("%%.3f %%s" %% (ms, what))
"""


def carded_rigs(args):
    """For each seat count asked: the emulated Pico, booted, at its REPL, a card on
    every seat's reader."""
    for seats in [int(x) for x in args.seats.split(",")]:
        with R.Rig(seats=seats, flash_image=args.image) as rig:
            rig.wait_boot(1)
            copy(rig, args.copy)
            rig.raw_repl()
            for s in range(seats):
                rig.place(s, s)
            yield seats, rig


def pieces(args):
    for seats, rig in carded_rigs(args):
        rig.exec(PIECES % seats)
        for line in rig.exec("pieces()").splitlines():
            ms, _, what = line.partition(" ")
            if not ms[:1].isdigit():
                continue        # the controller's own lines (its boot reply)
            print("%2d seats, a card on every seat: %s %.2f ms" % (seats, what, float(ms)),
                  flush=True)


def screen(args):
    with R.Rig(flash_image=args.image) as rig:
        rig.wait_boot(1)
        copy(rig, args.copy)
        rig.raw_repl()
        rig.exec(SCREEN)
        for want in (0, 300, 25):
            bands, rows, worst, total = rig.exec("print(*band_ms(%d))" % want).split()
            print("panel picture in %s bands of %s rows: the longest band %.1f ms to draw and "
                  "send, the picture %.1f ms" % (bands, rows, float(worst), float(total)), flush=True)


def copy(rig, files):
    for rel in files:
        T.run([T.venv_bin("mpremote"), "connect", rig.port, "fs", "cp",
               os.path.join(ROOT, "build", "deploy", rel), ":" + rel], "copying " + rel)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seats", default="4,12")
    p.add_argument("--image", default=os.path.join(ROOT, "out", "pico", "bench", "deployed.img"))
    p.add_argument("--copy", nargs="*", default=[])
    p.add_argument("--screen", action="store_true", help="the panel's bands instead of the readers")
    p.add_argument("--pieces", action="store_true",
                   help="the controller's scan loop, piece by piece, instead of the reader layer")
    args = p.parse_args(argv)
    if args.screen:
        screen(args)
        return 0
    if args.pieces:
        pieces(args)
        return 0
    for seats, rig in carded_rigs(args):
        rig.exec(DEVICE)
        for registers in (False, True):
            per, acc, cards, problems = rig.exec(
                "print(*rounds(%d, %s))" % (seats, registers)).split()
            print("%2d seats, a card on every seat (%s cards seen, %s problems), %s: a round "
                  "%.1f ms (%.1f Hz per seat without pause), a register access %.1f us"
                  % (seats, cards, problems, "RP2040 registers" if registers == "True" or registers
                     else "machine.SPI", float(per) / 1000, 1e6 / float(per), float(acc)),
                  flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
