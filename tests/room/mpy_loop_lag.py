"""A probe of an asyncio loop under MicroPython: it wakes every PROBE_MS, and the
longest gap between its wake-ups beyond PROBE_MS is the longest time anything held
the loop (what a verdict light could be late by)."""
import time

import asyncio

PROBE_MS = 2


class Probe:
    def __init__(self, note_ms=0):
        self.held = 0
        self.start = time.ticks_ms()
        self.note_ms = note_ms
        self.long = []          # (ms since the start, ms held) of holds of note_ms or more

    async def run(self):
        last = time.ticks_ms()
        while True:
            await asyncio.sleep_ms(PROBE_MS)
            now = time.ticks_ms()
            late = time.ticks_diff(now, last) - PROBE_MS
            if late > self.held:
                self.held = late
            if self.note_ms and late >= self.note_ms and len(self.long) < 20:
                self.long.append((time.ticks_diff(now, self.start), late))
            last = now
