"""Seat and status lights on a WS2812 chain (through a 74AHCT125 level shifter).

On the Pico pass `neopixel.NeoPixel(Pin(n), count)`; the simulator passes its
FakeWS2812. Anything with `__setitem__` and `write()` works. The chain is laid out
as `per_seat` LEDs for seat 0, then seat 1, ..., then one status LED.

Colours say what happened, not how: TURN, ACCEPTED, ILLEGAL, WINNER, STATUS, OFF.
A meaning can blink; `tick(now_ms)` advances every blink and writes the chain only
when something changed. Nothing is allocated per update: colours are tuples made
once at construction, scaled by `brightness`.
"""
from micropython import const
import time

OFF = const(0)
TURN = const(1)
ACCEPTED = const(2)
ILLEGAL = const(3)
WINNER = const(4)
STATUS = const(5)
WARNING = const(6)
MEANINGS = ("off", "turn", "accepted", "illegal", "winner", "status", "warning")

# Full-scale colours per meaning (r, g, b).
_BASE = ((0, 0, 0), (255, 255, 255), (0, 255, 0), (255, 0, 0), (255, 170, 0),
         (0, 64, 255), (255, 0, 255))


class Lights:
    """Per-seat groups and one status LED, with blink by ticks."""

    def __init__(self, strip, seats=4, per_seat=3, brightness=32, blink_ms=250):
        if seats < 1 or per_seat < 1:
            raise ValueError("seats and per_seat must be >= 1")
        if brightness < 0 or brightness > 255:
            raise ValueError("brightness 0..255")
        need = seats * per_seat + 1
        n = len(strip) if hasattr(strip, "__len__") else getattr(strip, "n", need)
        if n < need:
            raise ValueError("the chain has %d LEDs, %d seats x %d + 1 need %d" % (n, seats, per_seat, need))
        self.strip = strip
        self.seats = seats
        self.per_seat = per_seat
        self.blink_ms = blink_ms
        self.colours = tuple((r * brightness // 255, g * brightness // 255, b * brightness // 255)
                             for r, g, b in _BASE)
        # One slot per group (seats..., status): meaning and blink flag.
        self.meaning = bytearray(seats + 1)
        self.blinking = bytearray(seats + 1)
        self._phase = 1
        self._next = 0
        self._dirty = True
        self._started = False

    def _check(self, meaning):
        if meaning < 0 or meaning >= len(_BASE):
            raise ValueError("unknown light meaning %d" % meaning)

    def seat(self, seat, meaning, blink=False):
        """Show `meaning` on a seat's group."""
        if seat < 0 or seat >= self.seats:
            raise ValueError("seat %d out of range" % seat)
        self._check(meaning)
        if self.meaning[seat] != meaning or self.blinking[seat] != blink:
            self.meaning[seat] = meaning
            self.blinking[seat] = 1 if blink else 0
            self._dirty = True

    def status(self, meaning, blink=False):
        """Show `meaning` on the status LED."""
        self._check(meaning)
        s = self.seats
        if self.meaning[s] != meaning or self.blinking[s] != blink:
            self.meaning[s] = meaning
            self.blinking[s] = 1 if blink else 0
            self._dirty = True

    def clear(self):
        """Every light off."""
        for i in range(self.seats + 1):
            self.meaning[i] = OFF
            self.blinking[i] = 0
        self._dirty = True

    def tick(self, now_ms):
        """Advance blinking; write the chain if anything changed. True when written."""
        if not self._started:
            self._started = True
            self._next = time.ticks_add(now_ms, self.blink_ms)
        elif time.ticks_diff(now_ms, self._next) >= 0:
            self._phase ^= 1
            self._next = time.ticks_add(now_ms, self.blink_ms)
            for i in range(self.seats + 1):
                if self.blinking[i]:
                    self._dirty = True
                    break
        if not self._dirty:
            return False
        self._dirty = False
        strip = self.strip
        cols = self.colours
        dark = cols[OFF]
        for g in range(self.seats + 1):
            c = cols[self.meaning[g]]
            if self.blinking[g] and not self._phase:
                c = dark
            if g < self.seats:
                base = g * self.per_seat
                for k in range(self.per_seat):
                    strip[base + k] = c
            else:
                strip[self.seats * self.per_seat] = c
        strip.write()
        return True
