"""FakeWS2812: a NeoPixel-compatible strip that records what was written."""


class FakeWS2812:
    """`strip[i] = (r, g, b)`, `strip.write()`; `shown` is the last frame written."""

    def __init__(self, n, history=0):
        self.n = n
        self.buf = [(0, 0, 0)] * n
        self.shown = [(0, 0, 0)] * n
        self.writes = 0
        self.history = [] if history else None
        self._keep = history

    def __len__(self):
        return self.n

    def __setitem__(self, i, colour):
        if len(colour) != 3:
            raise ValueError("a WS2812 colour is (r, g, b)")
        self.buf[i] = colour

    def __getitem__(self, i):
        return self.buf[i]

    def fill(self, colour):
        for i in range(self.n):
            self.buf[i] = colour

    def write(self):
        """Latch the buffer onto the LEDs."""
        self.writes += 1
        for i in range(self.n):
            self.shown[i] = self.buf[i]
        if self.history is not None:
            self.history.append(tuple(self.shown))
            if len(self.history) > self._keep:
                self.history.pop(0)
