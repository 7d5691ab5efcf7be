"""Menu, confirm and undo buttons: debounce, short and long presses.

Driven by `poll(now_ms)` (call it every few ms, or run the `run()` task). A press
is reported once: LONG as soon as it has been held `long_ms`, SHORT on release if
it was shorter. Events are codes `button * 2 + (1 if long)` in a small ring.
"""
from micropython import const
import time

MENU = const(0)
CONFIRM = const(1)
UNDO = const(2)
NAMES = ("menu", "confirm", "undo")
SHORT = const(0)
LONG = const(1)


def event_name(ev):
    """'confirm-long' etc. for logs (allocates)."""
    return NAMES[ev >> 1] + ("-long" if ev & 1 else "-short")


class Buttons:
    """pins: one machine.Pin per button (input, pull-up, pressed = low by default)."""

    def __init__(self, pins, debounce_ms=30, long_ms=800, active_low=True, ring=8):
        if not pins:
            raise ValueError("at least one button pin")
        if debounce_ms < 1 or long_ms <= debounce_ms:
            raise ValueError("need 1 <= debounce_ms < long_ms")
        self.pins = pins
        self.debounce_ms = debounce_ms
        self.long_ms = long_ms
        self.pressed_level = 0 if active_low else 1
        n = len(pins)
        self.raw = bytearray(n)        # last raw reading (1 = pressed)
        self.stable = bytearray(n)     # debounced state
        self.changed_at = [0] * n      # when the raw reading last changed
        self.down_at = [0] * n         # when the debounced press began
        self.long_sent = bytearray(n)
        self.ring = bytearray(ring)
        self.head = 0
        self.count = 0
        self.dropped = 0

    def _push(self, ev):
        size = len(self.ring)
        if self.count == size:
            self.dropped += 1
            return
        self.ring[(self.head + self.count) % size] = ev
        self.count += 1

    def get(self):
        """The oldest event code, or -1."""
        if not self.count:
            return -1
        ev = self.ring[self.head]
        self.head = (self.head + 1) % len(self.ring)
        self.count -= 1
        return ev

    def is_pressed(self, b):
        """Debounced state of button b."""
        return self.stable[b] == 1

    def poll(self, now_ms):
        """Sample every pin once at time now_ms."""
        for b in range(len(self.pins)):
            r = 1 if self.pins[b].value() == self.pressed_level else 0
            if r != self.raw[b]:
                self.raw[b] = r
                self.changed_at[b] = now_ms
            elif r != self.stable[b] and time.ticks_diff(now_ms, self.changed_at[b]) >= self.debounce_ms:
                self.stable[b] = r
                if r:
                    self.down_at[b] = now_ms
                    self.long_sent[b] = 0
                elif not self.long_sent[b]:
                    self._push(b * 2 + SHORT)
            if self.stable[b] and not self.long_sent[b] and \
                    time.ticks_diff(now_ms, self.down_at[b]) >= self.long_ms:
                self.long_sent[b] = 1
                self._push(b * 2 + LONG)

    async def run(self, period_ms=10):
        """asyncio task polling the pins."""
        import asyncio
        while True:
            self.poll(time.ticks_ms())
            await asyncio.sleep_ms(period_ms)
