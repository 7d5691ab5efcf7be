"""Controller budgets inside MicroPython (MICROPYPATH=firmware, `make bench`).

Per play: reader event -> Match.play verdict -> seat lights (Table.on_reader),
timed with ticks_us and measured with gc.mem_alloc(); then the heap the whole
controller needs over a whole Malilla match. Budgets: no allocation per play in
steady state, <= 2 ms per play on the unix port.
"""
import gc
import random
import time

_PANEL = bytearray(16 * 296)    # the e-ink frame buffer, allocated first as at boot
gc.collect()
BASE = gc.mem_alloc()

import framebuf
from drivers.leds import Lights
from rules import cards as C
from rules import playout
from table.controller import Table, PLACED, REMOVED
from table.journal import Journal
from table.link import Link
from table.screen import Screen

HAND_DONE = 16


class Strip:
    def __init__(self, n):
        self.n = n

    def __len__(self):
        return self.n

    def __setitem__(self, i, c):
        pass

    def write(self):
        pass


class Sink:
    def write(self, b):
        return len(b)


class Panel:
    def __init__(self):
        self.visible_width, self.height, self.width = 128, 296, 128
        self.buf = _PANEL
        self.fb = framebuf.FrameBuffer(self.buf, 128, 296, framebuf.MONO_HLSB)


def main():
    gc.collect()
    code = gc.mem_alloc() - BASE
    root = "/tmp/tapete-bench"
    try:
        import os
        os.mkdir(root)
    except OSError:
        pass
    t = Table(Link(Sink(), None), Journal(root), Lights(Strip(13), 4), 4, time.ticks_ms, root)
    screen = Screen(Panel())
    random.seed(1)
    times = []
    allocs = []
    peak = 0
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
            dt = time.ticks_diff(time.ticks_us(), t0)
            b = gc.mem_alloc()
            steady = not t.p_status & HAND_DONE
            times.append(dt)
            if steady:
                allocs.append(b - a)
            t.flush()
            t.link.drain()
            if m.trick.n == 0 or m.trick.n == 4:
                for s in range(4):
                    if t.lying[s] >= 0:
                        t.on_reader(REMOVED, s, t.lying[s])
                screen.draw(t)
                gc.collect()
                peak = max(peak, gc.mem_alloc() - BASE)
    times.sort()
    n = len(times)
    print("plays: %d (whole match, %d hands)" % (n, t.match.hand_no))
    print("time per play (reader event -> verdict -> lights): median %d us, p95 %d us, max %d us"
          " (budget 2000 us)" % (times[n // 2], times[n * 95 // 100], times[-1]))
    print("allocation per play, steady state (hand's last card excluded): max %d bytes over %d plays"
          % (max(allocs[8:]), len(allocs) - 8))
    print("heap: controller code after imports %d bytes; peak over the match %d bytes"
          " (rules, phase machine, link, journal, lights, screen; no reader layer)" % (code, peak))


main()
