"""A simulated clock: deterministic ticks for the drivers, the chip models and tests.

Time is kept in microseconds and only moves when someone sleeps, a bus transfers
bytes, or a test calls advance(). Pass its bound methods where the firmware takes
`ticks_ms`, `ticks_us`, `sleep_ms`, `sleep_us`.
"""


class SimClock:
    """Microsecond clock that advances only on demand."""

    def __init__(self, start_us=0):
        self.us = start_us

    def ticks_us(self):
        """Current time in microseconds."""
        return self.us

    def ticks_ms(self):
        """Current time in milliseconds."""
        return self.us // 1000

    def advance_us(self, us):
        """Move time forward by `us` microseconds."""
        if us < 0:
            raise ValueError("time cannot go backwards")
        self.us += us

    def advance_ms(self, ms):
        """Move time forward by `ms` milliseconds."""
        self.advance_us(ms * 1000)

    sleep_us = advance_us
    sleep_ms = advance_ms
