"""The controller without reader chips: reader events fed straight in (MicroPython).

For the budgets that concern the controller itself: its heap over a whole match
and its allocations per play, with nothing of the simulated hardware around it
but a WS2812 strip and an e-ink frame buffer.
"""
import gc
import random
import sys
import time

import os


def _firmware_first():
    """The firmware's `table` package before tests/table (see tablekit): the first
    path that holds it, compiled (.mpy, as on the Pico) or as source."""
    for p in sys.path:
        for name in ("/table/controller.mpy", "/table/controller.py"):
            try:
                os.stat(p + name)
            except OSError:
                continue
            sys.path.insert(0, p)
            return


_firmware_first()

import framebuf

# The big buffer first, as boot code does: later it may not find it in one piece.
# The default panel (4.2", 400 x 300) is drawn in bands of board.BAND_BYTES (half the
# frame), as the Pico's board.eink() builds it (mpy_test_screens checks this against
# the driver); the harness does not load the driver itself.
from boards.wiring import BAND_BYTES
ROWS = BAND_BYTES // 50
_PANEL_BUF = bytearray(50 * ROWS)
from rules import cards as C
from rules import playout
from drivers.leds import Lights
from table.controller import Table, PLACED, REMOVED
from table.journal import Journal
from table.io.link import Link
from table.panel.screen import Screen


class Strip:
    """A WS2812 chain that keeps nothing."""

    def __init__(self, n):
        self.n = n

    def __len__(self):
        return self.n

    def __setitem__(self, i, c):
        pass

    def write(self):
        pass


class Panel:
    """Just the band buffer of the default panel."""

    def __init__(self):
        self.visible_width, self.height, self.width = 400, 300, 400
        self.buf = _PANEL_BUF
        self.rows = ROWS
        self.fb = framebuf.FrameBuffer(self.buf, 400, ROWS, framebuf.MONO_HLSB)


def draw(screen, t):
    """The table's picture, band by band as EInk.show draws it (without the bus)."""
    fb = screen.fb          # the band buffer: paint() keeps the one it is given
    screen.prepare(t)
    for top in range(0, 300, ROWS):
        fb.fill(1)
        screen.paint(fb, 0, -top, ROWS)
    screen.release()
    gc.collect()


class Sink:
    def __init__(self):
        self.n = 0

    def write(self, b):
        self.n += len(b)
        return len(b)


def tick():
    return 0


def table(root, ring=64):
    link = Link(Sink(), None, ring)
    t = Table(link, Journal(root), Lights(Strip(13), 4), 4, tick, root)
    panel = Panel()
    screen = Screen(panel)
    screen.fb = panel.fb
    return t, screen


def play_match(t, screen, seed=1, measure=None, after_trick=None):
    """Play a whole match; `measure(alloc, status, us)` gets the gc.mem_alloc() delta
    of each play (reader event -> verdict -> lights), its status bits and its time in
    microseconds; `after_trick()` is called once each trick is collected and drawn."""
    random.seed(seed)
    t.new_match("malilla", {"irregularity": "report"}, 0)
    while not t.match.over:
        m = t.match
        hands, turnup = playout.deal(m.game, m.dealer, random)
        held = dict((s, C.hand_of(hands[s])) for s in hands)
        t.on_reader(PLACED, m.dealer, turnup)
        t.on_reader(REMOVED, m.dealer, turnup)
        while not m.over and m.turn is not None:
            seat = m.turn
            c = playout.pick(m.game.legal(held[seat], m.trick), random)
            held[seat][c >> 4] &= ~C.bit(c)
            a = gc.mem_alloc()
            t0 = time.ticks_us()
            t.on_reader(PLACED, seat, c)
            us = time.ticks_diff(time.ticks_us(), t0)
            b = gc.mem_alloc()
            if measure is not None:
                measure(b - a, t.p_status, us)
            t.flush()
            t.link.drain()
            if m.trick.n == 0 or m.trick.n == 4:
                for s in range(4):
                    if t.lying[s] >= 0:
                        t.on_reader(REMOVED, s, t.lying[s])
                draw(screen, t)
                if after_trick is not None:
                    after_trick()
        t.link.drain()
