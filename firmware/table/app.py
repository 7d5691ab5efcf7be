"""The controller's tasks: scan the readers, judge, light, draw, talk to the host.

`App(board)` wires the parts and resumes a journalled match; `step()` runs one
scan round synchronously (tests, benchmarks) and `main()` runs everything as
asyncio tasks (the Pico, the simulator). The e-ink refresh awaits the panel's
BUSY pin and draws the picture band by band (on the Pico two, each half the frame),
each at the end of a scan round when the pacer (pacing.py) gives the panel its turn.

The verdict comes first: a scan round is one blocking stretch (a seat's field settles
while the host's lines go out, no other task runs in it; with steady fields, from 7
seats, nothing settles and the lines go between rounds), and between any two pieces
of other work (another seat, the picture's texts, a line to the host) the seat whose
card the table awaits is visited again once VISIT_MS have passed (`between`), so the
player's wait is bounded by that plus the one piece of work that cannot be cut: a
flash erase of the journal's append, or a collection.
"""
import asyncio
import gc
import time

from reader.deck import Deck, path_in
from drivers.leds import Lights
from drivers.buttons import Buttons
from reader.seats import SeatReaders
from .controller import Table
from .journal import Journal
from .io.link import Link
from .pacing import Pacer, PICTURE_MS
from boards import SETTLE_MS, steady_fields
from .panel.screen import Screen
from . import phases as P
from .panel.say import say
from rules import match as M

SETTLE_ROUNDS = 4       # after a restart: rounds before unseen cards count as gone
FRESH_ROUNDS = 2        # ... rounds in which a card seen was lying there at the restart
ROUND_MS = 20           # a round starts at most this often: an empty table is not
                        # polled faster for nothing, a busy one never waits on top
IDLE_GC_FREE = 24576    # below this much free heap, collect at the end of a round
                        # (after the verdicts), not inside the next judgement
HEAP_LOOK_MS = 250      # ... looked at this often, not every round: gc.mem_free() walks
                        # the whole heap's table, 7.9 ms on the RP2040 (bench_pico_round
                        # --pieces), a fifth of a 4-seat round; a steady scan allocates
                        # nothing, and a play's few KB leave 24 KB far from empty
SETTLE_US = SETTLE_MS * 1000
VISIT_MS = 5            # the awaited seat is visited again once this long has passed
                        # since its last visit, between any two pieces of other work
                        # (another seat, a piece of the picture, a line to the host):
                        # its card waits for at most about this, whatever else runs
PUMP_US = 1500          # a line to the host is sent in a seat's settling time only if
                        # this much of it is left (a line takes ~1 ms on the RP2040)


def load_deck(root):
    """The enrolled deck from flash, or None before enrolment."""
    try:
        return Deck.load(path_in(root))
    except (OSError, ValueError, KeyError):
        return None


class App:
    """Every part of the controller, wired."""

    def __init__(self, board, resume=True, ring=64):
        self.board = board
        self.link = Link(board.serial_out, board.serial_in, ring)
        self.journal = Journal(board.root)
        self.lights = Lights(board.strip, board.seats)
        self.table = Table(self.link, self.journal, self.lights, board.seats,
                           board.ticks_ms, board.root)
        deck = load_deck(board.root)
        steady = getattr(board, "steady_fields", None)
        if steady is None:
            steady = steady_fields(board.seats)
        self.reader = SeatReaders(board.readers, deck, sleep_us=board.sleep_us,
                                  steady=steady)
        self.reader.start()
        self.table.reader = self.reader
        self.table.deck = deck
        self.buttons = Buttons(board.button_pins)
        self.screen = Screen(board.eink)
        self.table.problems = list(getattr(board, "problems", ()))
        self.rounds = 0
        self.draw_failures = 0      # pictures put off for want of heap (display_task)
        self.drawn_hand = -1
        self.stopping = False
        self.pacer = Pacer()
        self.band_turn = asyncio.Event()    # set by the scan task: draw a band now
        self.band_end = 0                   # ticks_ms when the panel's last band ended
        self.bands_seen = 0                 # the panel's bands_drawn told to the pacer
        self.picture_at = 0                 # ticks_ms when the picture being drawn began
        self.scanning = False               # the scan task runs (else bands go at once)
        self.awaiting = -1                  # the seat whose card the table awaits, or -1
        self.visited = 0                    # ticks_ms when that seat's last visit ended
        self.visiting = False
        self.heap_low = -1                  # the least free heap after an idle collection
        self.screen.tick = self.between     # the picture's drawing lets the seat in
        if resume:
            self.table.resume()
        if getattr(board, "enrol_at_boot", False):
            self.table.start_enrol()
        elif deck is None and self.table.phase == P.IDLE:
            self.table.message = say("enrol a deck")
        boot = {"reply": "boot", "next_seq": self.link.next_seq,
                "phase": P.NAMES[self.table.phase]}
        from . import crash
        why = crash.last(board.root)
        if why is not None:
            boot["crash"] = why     # the table restarted after this error (table/crash.py)
        if self.table.problems:
            boot["problems"] = ["seat %d: %s" % p if not p[1].startswith("seat") else p[1]
                                for p in self.table.problems]
        self.link.reply(boot)

    # -- one round, synchronously ----------------------------------------------------
    def handle_events(self):
        """Hand every reader event to the table."""
        table = self.table
        ring = self.reader.events
        # a card lying at the restart is read in its first round or two; one laid
        # later has been lifted and laid again by a player (a play)
        table.fresh = table.booting and self.rounds < FRESH_ROUNDS
        self.deliver()
        if table.match.conceding is not None:
            table.wait_over()       # a concession's wait, counted by the table's clock
        self.rounds += 1
        if self.rounds == SETTLE_ROUNDS:
            table.settled()

    def deliver(self):
        """Hand the ring's reader events to the table (each play journalled and sent
        right after its light), then note which seat's card is awaited now."""
        table = self.table
        ring = self.reader.events
        while ring.count:
            e = ring.get()
            table.on_reader(e.kind, e.seat, e.card, e.uid, e.uid_len)
            table.flush()
        a = self.awaited_seat()
        if a != self.awaiting:
            self.awaiting = a
            self.visited = 0 if a < 0 else self.board.ticks_ms()
        if a >= 0:
            self.reader.last = a

    def awaited_seat(self):
        """The seat whose card the table waits for (the reader visits it last in a
        round, and again between other work: `between`), or -1."""
        if self.table.menu is not None:
            return -1
        m = self.table.match
        turn = m.turn
        if turn is None and m.phase == M.TURNUP:
            turn = m.dealer
        if turn is None or turn >= self.reader.seats:
            return -1
        return turn

    def between(self):
        """Between two pieces of other work, with every field off: once VISIT_MS have
        passed since the awaited seat's last visit, visit it again and judge what it
        found at once. The player's wait for the light is then bounded by VISIT_MS plus
        the longest piece of work that cannot be cut (a flash erase, a collection)."""
        a = self.awaiting
        if a < 0 or self.visiting:
            return
        ticks = self.board.ticks_ms
        if time.ticks_diff(ticks(), self.visited) < VISIT_MS:
            return
        self.visiting = True
        try:
            self.reader.visit(a)
            self.visited = ticks()
            if self.reader.events.count:
                self.deliver()
        finally:
            self.visiting = False

    def settle(self):
        """A seat's field settling, blocking (no other task may switch a field on or
        use the readers' bus meanwhile): the host's waiting lines go out in it."""
        b = self.board
        us = b.ticks_us
        link = self.link
        t0 = us()
        while link.pending() and link.writable() \
                and time.ticks_diff(us(), t0) < SETTLE_US - PUMP_US:
            link.pump()
        left = SETTLE_US - time.ticks_diff(us(), t0)
        if left > 0:
            b.sleep_us(left)

    def poll_buttons(self):
        b = self.buttons
        b.poll(self.board.ticks_ms())
        while b.count:
            self.table.on_button(b.get())

    def step(self):
        """One scan round and everything it causes (blocking)."""
        self.reader.scan()
        self.handle_events()
        self.poll_buttons()
        self.link.poll_lines(self.table.on_line)
        self.lights.tick(self.board.ticks_ms())

    def draw(self):
        """Draw and refresh the panel now (blocking)."""
        self.screen.prepare(self.table)
        self.table.changed = False
        self.board.eink.show_blocking(self.screen.paint, self._full())
        self.screen.release()
        self.board.frame(self.screen)

    def _full(self):
        m = self.table.match
        eink = self.board.eink
        hand = m.hand_no * 16 + self.table.phase
        full = hand != self.drawn_hand and self.table.phase in (P.TURNUP, P.OVER, P.SETUP) \
            or eink.partials >= 10 or self.drawn_hand < 0
        self.drawn_hand = hand
        return full

    # -- asyncio ---------------------------------------------------------------------
    async def scan_task(self):
        board = self.board
        r = self.reader
        ticks = board.ticks_ms
        pacer = self.pacer
        self.scanning = True
        asked = ticks()         # the pacer's last ask: its turns are timed from ask to ask
        looked = asked          # when the free heap was last looked at
        while True:
            t0 = ticks()
            for k in range(r.seats):
                s = r.order(k)
                r.begin_seat(s)
                if not r.steady:
                    self.settle()   # steady fields: nothing settles, lines go between
                r.finish_seat(s)
                if s == self.awaiting:
                    self.visited = ticks()
                else:
                    self.between()
                # the buttons sampled between seats (their events handled between
                # rounds), every fourth seat: a round of 12 seats is ~40 ms, a press
                # ~100 ms, and a sample costs 0.13 ms on the RP2040
                if k & 3 == 3 or k == r.seats - 1:
                    self.buttons.poll(ticks())
            r.end_round()
            self.handle_events()
            # idle work now, after the round's verdicts are lit: a collection if the
            # heap runs low, a band of the panel's picture when the pacer says so
            now = ticks()
            if time.ticks_diff(now, looked) >= HEAP_LOOK_MS:
                looked = now
                if gc.mem_free() < IDLE_GC_FREE:
                    gc.collect()
                    f = gc.mem_free()
                    if f < self.heap_low or self.heap_low < 0:
                        self.heap_low = f
                now = ticks()
            turn = time.ticks_diff(now, asked)
            asked = now
            if pacer.due(turn, time.ticks_diff(now, self.band_end)):
                pacer.waiting = False
                self.band_turn.set()
            left = ROUND_MS - time.ticks_diff(ticks(), t0)
            await board.sleep_ms(left if left > 0 else 0)

    def bands_drawn(self):
        """Tell the pacer what the panel's bands since the last call cost."""
        e = self.board.eink
        n = e.bands_drawn - self.bands_seen
        if n > 0:
            self.bands_seen = e.bands_drawn
            self.pacer.drawn(e.band_ms)
            self.band_end = e.band_at

    async def band_wait(self):
        """Before each band of a picture: wait for the panel's turn (the end of a
        scan round, when the pacer gives it one); a picture begun PICTURE_MS ago
        takes its bands as soon as the loop lets it (pacing.py says why)."""
        self.bands_drawn()
        if time.ticks_diff(self.board.ticks_ms(), self.picture_at) >= PICTURE_MS:
            await asyncio.sleep_ms(0)
            return
        ev = self.band_turn
        ev.clear()
        self.pacer.waiting = True
        await ev.wait()

    async def buttons_task(self):
        while True:
            self.poll_buttons()
            await asyncio.sleep_ms(10)

    async def link_task(self):
        link = self.link
        while True:
            link.poll_lines(self.table.on_line)
            for _ in range(16):
                if not link.pending() or not link.writable():
                    break
                link.pump()
                self.between()
            await asyncio.sleep_ms(2)

    async def lights_task(self):
        while True:
            self.lights.tick(self.board.ticks_ms())
            await asyncio.sleep_ms(50)

    async def display_task(self):
        eink = self.board.eink
        short = 0           # pictures put off in a row for want of heap
        while True:
            wait = 20
            if self.table.changed and eink.ready():
                self.table.changed = False
                self.picture_at = self.board.ticks_ms()
                try:
                    self.screen.prepare(self.table)
                    # band by band (on the Pico two, each up to ~60 ms, the awaited seat
                    # visited between its texts), each at the end of a scan round when
                    # the pacer gives the panel its turn; with no scan task (tests
                    # drawing alone), at once
                    await eink.show(self.screen.paint, self._full(),
                                    self.band_wait if self.scanning else None)
                except MemoryError:
                    # The picture waits, the table never does: drawing loads code and
                    # allocates; try again after a collection, with a full refresh (a
                    # partial one may have been cut short), and later at each failure
                    # in a row (up to 1.6 s): each try collects (~25 ms on the RP2040),
                    # and a heap that stays short must not slow the verdicts down.
                    self.draw_failures += 1
                    self.drawn_hand = -1
                    self.table.changed = True
                    gc.collect()
                    short += 1
                    wait = 50 << (short if short < 5 else 5)
                else:
                    short = 0
                self.bands_drawn()
                self.screen.release()
                self.board.frame(self.screen)
            await asyncio.sleep_ms(wait)

    def room_publisher(self):
        """The MQTT publisher of a table in a room and its client (room.json in flash),
        else None."""
        try:
            import os
            os.stat((self.board.root.rstrip("/") + "/" if self.board.root else "") + "room.json")
        except OSError:
            return None         # no room: the MQTT client is never even imported
        from .io.mqtt_pub import from_config
        return from_config(self.link, self.board.root)

    async def idle(self):
        """Wait until the panel shows the last picture and the link has said all."""
        eink = self.board.eink
        for _ in range(2000):
            if not self.table.changed and eink.ready() and not self.link.pending():
                return
            await self.board.sleep_ms(20)

    async def main(self, players=None):
        """Run every task; with `players` (a coroutine function of the app), stop
        when it returns."""
        tasks = [asyncio.create_task(self.scan_task()),
                 asyncio.create_task(self.buttons_task()),
                 asyncio.create_task(self.link_task()),
                 asyncio.create_task(self.lights_task()),
                 asyncio.create_task(self.display_task())]
        room = self.room_publisher()
        if room is not None:
            from .io.mqtt_pub import room_task
            tasks.append(asyncio.create_task(room_task(room)))
        if players is None:
            await asyncio.gather(*tasks)
            return
        await players(self)
        await self.idle()
        for t in tasks:
            t.cancel()
        self.link.drain()


def run(board, players=None):
    """Run the controller on `board` (forever, or until `players` returns)."""
    app = App(board)
    if hasattr(gc, "threshold"):
        # the boot's packing (main.py) is over: from here the heap is collected only
        # where the table chooses (new_match, the scan task's idle round), never in
        # the middle of a judgement
        gc.threshold(-1)
    asyncio.run(app.main(players))
    return app
