"""The simulated table as a board: firmware/chips' models on fake buses.

Time is the simulation's clock (chips.clock.SimClock): scanning a seat advances it
by the antenna settling time, so a run is fast and its events deterministic
whatever the machine's speed. Frames of the e-ink panel are saved as PNG.
"""
import os
import sys

from drivers.mfrc522 import MFRC522, ReaderError
from drivers.eink import EInk, PANELS
from chips.table import SimTable
from chips.bus import FakePin, FakeSPI
from chips.ssd1680 import FakeSSD1680
from chips.ws2812 import FakeWS2812

from . import SEATS, pins
from .wiring import BAND_BYTES


def makedirs(path):
    """os.makedirs for MicroPython."""
    part = "/" if path.startswith("/") else ""
    for name in path.split("/"):
        if not name or name == ".":
            continue
        part = part + name if not part or part == "/" else part + "/" + name
        try:
            os.mkdir(part)
        except OSError:
            pass


class SimBoard:
    """Readers, panel, lights and buttons of a simulated table."""

    def __init__(self, seats=SEATS, root="out/sim/flash", frames=None, seed=1,
                 serial=True, per_seat=3, panel=pins.EINK_PANEL, faults=None,
                 shown=True):
        import asyncio
        self._asyncio = asyncio
        self.seats = seats
        self.sim = SimTable(seats, seed=seed)
        clock = self.clock = self.sim.clock
        self.ticks_ms = clock.ticks_ms
        self.sleep_us = clock.sleep_us
        self.ticks_us = clock.ticks_us
        for s, fault in (faults or {}).items():    # e.g. {1: {"version": 0x88}, 2: {"dead": True}}
            for k in fault:
                setattr(self.sim.chips[s], k, fault[k])
        self.readers = []
        self.problems = []      # (seat, text), as PicoBoard finds them at boot
        for s in range(seats):
            r = MFRC522(self.sim.spi, self.sim.cs[s], self.sim.rst, sleep_us=clock.sleep_us,
                        name="seat %d" % s)
            try:
                r.init()
                if not r.genuine:
                    self.problems.append((s, "%s (works, reported)" % r.kind))
            except ReaderError as e:
                self.problems.append((s, str(e)))
            self.readers.append(r)
        espi = FakeSPI(1, 20000000, clock)
        cs = FakePin("ECS", FakePin.OUT, value=1)
        dc = FakePin("EDC", FakePin.OUT, value=0)
        rst = FakePin("ERST", FakePin.OUT, value=1)
        w, h = PANELS[panel][:2]
        self.panel = espi.attach(FakeSSD1680(cs, dc, rst, clock, width=w, height=h, shown=shown))
        self.eink = EInk(espi, cs, dc, rst, self.panel.busy, panel=panel,
                         sleep_ms=clock.sleep_ms, ticks_ms=clock.ticks_ms,
                         band_bytes=BAND_BYTES)     # as the Pico's wiring.eink() draws
        self.eink.init()
        self.strip = FakeWS2812(seats * per_seat + 1)
        self.button_pins = [FakePin(n, FakePin.IN, FakePin.PULL_UP)
                            for n in ("MENU", "CONFIRM", "UNDO")]
        self.serial_in = sys.stdin.buffer if serial else None
        self.serial_out = sys.stdout.buffer if serial else None
        self.root = root
        if root:
            makedirs(root)
        self.frames = frames
        self.frame_no = 0
        if frames:
            makedirs(frames)

    async def sleep_ms(self, ms):
        self.clock.advance_ms(ms)
        await self._asyncio.sleep_ms(0)

    def frame(self, screen):
        """Save the panel's shown image; forget the model's command trace (memory)."""
        p = self.panel
        p.commands = []
        p.log = []
        if self.frames:
            self.frame_no += 1
            p.save_png("%s/%04d.png" % (self.frames, self.frame_no))

    def press(self, button, ms=60):
        """Hold a button for `ms` (tests and the scripted players)."""
        pin = self.button_pins[button]
        pin.value(0)
        return pin
