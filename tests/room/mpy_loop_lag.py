"""A probe of an asyncio loop under the MicroPython unix port: it wakes every PROBE_MS,
and the longest gap between its wake-ups beyond PROBE_MS is the longest time anything
held the loop (what a verdict light could be late by).

The machine's own share is taken out: on a 2-core machine shared with other work the
process is often runnable and not run, for tens or hundreds of ms, whatever it does.
Linux counts that time (/proc/self/schedstat, its second figure: ns waited on a run
queue), so a gap less that wait is what the process itself held the loop for: work
done, or a blocking call that slept (a client waiting on a silent broker) - never the
scheduler's."""
import time

import asyncio

PROBE_MS = 2


def queued_ns():
    """ns this process has waited for a CPU while runnable (0 where Linux does not say)."""
    try:
        with open("/proc/self/schedstat") as f:
            return int(f.read().split()[1])
    except (OSError, ValueError, IndexError):
        return 0


class Probe:
    def __init__(self, note_ms=0):
        self.held = 0           # the longest gap less the wait for a CPU in it (ms)
        self.wall = 0           # the longest gap as the clock on the wall saw it (ms)
        self.queued = 0         # the longest wait for a CPU in one gap (ms)
        self.start = time.ticks_ms()
        self.note_ms = note_ms
        self.long = []          # (ms since the start, ms held) of holds of note_ms or more

    async def run(self):
        last = time.ticks_ms()
        queued = queued_ns()
        while True:
            await asyncio.sleep_ms(PROBE_MS)
            now = time.ticks_ms()
            q = queued_ns()
            gap = time.ticks_diff(now, last) - PROBE_MS
            waited = (q - queued) // 1000000
            held = gap - waited
            self.wall = max(self.wall, gap)
            self.queued = max(self.queued, waited)
            if held > self.held:
                self.held = held
            if self.note_ms and held >= self.note_ms and len(self.long) < 20:
                self.long.append((time.ticks_diff(now, self.start), held))
            last = now
            queued = q
