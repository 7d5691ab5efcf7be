"""The whole device firmware on the simulated table, for its heap (MicroPython).

`play_match(root, after_trick)` runs the real application (table/app.py, its
asyncio tasks, reader layer, MFRC522 and e-ink drivers) on a SimBoard with the
scripted players of `make sim`, starting the match itself instead of a host.
`sim_alone()` builds only what the simulation adds around the firmware (chip
models, tags, players) and returns the heap it holds, so that the firmware's own
share is the whole run's heap minus that.

Run as a script (`micropython -m device app|sim`), it prints one figure: the
peak heap over the match after gc.collect() between tricks, or the simulation's.
"""
import scratch
import gc
import json
import os
import sys

for _p in list(sys.path):   # firmware/'s `table` before tests/table (see tablekit)
    if _p.endswith("firmware"):
        sys.path.insert(0, _p)
        break

SEATS = 4
FAULTS = (20, 150, 5)       # flicker, crosstalk, corruption permille, as `make sim`
SPANISH40 = (1, 2, 3, 4, 5, 6, 7, 11, 12, 13)


def uid7(code):
    """The scripted players' UID of a card or control tag (players.uid7)."""
    return bytes((0x04, 0x21, code & 0xFF, 0x5A, 0xA5, 0x3C, 0x80 + code % 97))


def codes():
    """Every card of the Spanish 40-card deck, then the control tags."""
    out = [s * 16 + f - 1 for s in range(4) for f in SPANISH40]
    from reader.deck import CONTROLS, CONTROL_BASE    # the table loads deck.py anyway
    return out + [CONTROL_BASE + i for i in range(len(CONTROLS))]


def enrol_file(root):
    """The enrolment file, written without loading the firmware's enrolment code."""
    tags = {}
    for c in codes():
        tags["".join("%02x" % b for b in uid7(c))] = c
    with open(root + "/enrol.json", "w") as f:
        f.write(json.dumps({"version": 1, "deck": "spanish40", "tags": tags}))


def fresh(root):
    """An empty flash folder holding only the enrolment."""
    from boards.sim import makedirs
    makedirs(root)
    for n in os.listdir(root):
        os.remove(root + "/" + n)
    enrol_file(root)


class Seated:
    """What the players look at: the app and its board (table_sim.Sim's two fields)."""

    def __init__(self, app):
        self.app = app
        self.board = app.board


async def drive(app, players, max_steps=20000):
    """Run the lockstep players (sim/players.py) against the app's own asyncio tasks:
    each step yields scan rounds to wait, or PANEL (the panel idle and up to date)."""
    from players import PANEL
    board = app.board
    for _ in range(max_steps):
        if app.table.match.over:
            return
        for wait in players.step():
            if wait == PANEL:
                for _ in range(500):
                    if not app.table.changed and board.eink.ready():
                        break
                    await board.sleep_ms(20)
            else:
                until = app.rounds + wait
                while app.rounds < until:
                    await board.sleep_ms(5)
    raise RuntimeError("the match did not end in %d steps" % max_steps)


def play_match(root, after_trick=None, seed=2026):
    """The whole app on the simulated table for one Malilla match; the app after it."""
    fresh(root)
    from table.app import App
    from boards.sim import SimBoard
    from players import Players
    import asyncio

    class Sink:
        def write(self, b):
            return len(b)

    b = SimBoard(root=root, seed=seed, serial=False, shown=False)
    b.serial_out = Sink()
    b.sim.flicker, b.sim.crosstalk, b.sim.corruption = FAULTS

    class Measured(Players):
        def collect(self):
            yield from Players.collect(self)
            if after_trick is not None:
                after_trick()

    async def players(app):
        # the players do not wait for the panel: the app's display task draws as the
        # table changes, as at a real table (waiting would draw every single state)
        await drive(app, Measured(Seated(app), seed=seed, misplay=(2, 3), wait_panel=False))

    app = App(b)
    app.table.new_match("malilla", {"irregularity": "report"}, 0)
    asyncio.run(app.main(players))
    return app


def sim_alone(seed=2026):
    """Heap held by what the simulation adds: chip models, tags, players (bytes).

    The firmware modules the simulation imports too (asyncio, rules.cards, the
    panel sizes, deck) are loaded first, so they are not counted here."""
    import asyncio  # noqa: F401  (the firmware's, loaded by players too)
    from rules import cards  # noqa: F401
    from drivers.eink import PANELS
    from boards import pins as board_pins
    from reader import deck  # noqa: F401  (the tag table: firmware, read by codes() too)
    gc.collect()
    before = gc.mem_alloc()
    from chips.table import SimTable
    from chips.bus import FakePin, FakeSPI
    from chips.ssd1680 import FakeSSD1680
    from chips.ws2812 import FakeWS2812
    from chips.tags import ntag213
    import players  # noqa: F401
    t = SimTable(SEATS, seed=seed)
    spi = FakeSPI(1, 20000000, t.clock)
    pins = [FakePin(n, FakePin.OUT, value=1) for n in ("ECS", "EDC", "ERST")]
    w, h = PANELS[board_pins.EINK_PANEL][:2]
    panel = spi.attach(FakeSSD1680(pins[0], pins[1], pins[2], t.clock, width=w, height=h,
                                   shown=False))
    strip = FakeWS2812(SEATS * 3 + 1)
    buttons = [FakePin(n, FakePin.IN, FakePin.PULL_UP) for n in ("MENU", "CONFIRM", "UNDO")]
    tags = dict((c, ntag213(uid7(c))) for c in codes())
    gc.collect()
    held = gc.mem_alloc() - before
    del t, spi, pins, panel, strip, buttons, tags
    return held


class Peak:
    """The heap's high-water mark after gc.collect() between tricks, from `base`."""

    def __init__(self, base):
        self.base = base
        self.peak = 0
        self.tricks = 0

    def __call__(self):
        gc.collect()
        self.tricks += 1
        self.peak = max(self.peak, gc.mem_alloc() - self.base)


def main(what, root=None):
    root = root or scratch.path("tapete-device")
    gc.collect()
    if what == "sim":
        print(sim_alone())
        return
    p = Peak(gc.mem_alloc())
    app = play_match(root, p)
    assert app.table.match.over, "the match did not end"
    print(p.peak)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "app")
