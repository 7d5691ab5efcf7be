"""A tiny deterministic random source (xorshift32): same numbers on CPython and MicroPython."""


class Rng:
    """xorshift32; `chance(permille)` is True that many times in a thousand."""

    def __init__(self, seed=1):
        self.x = (seed & 0xFFFFFFFF) or 0x9E3779B9

    def next(self):
        x = self.x
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        self.x = x
        return x

    def below(self, n):
        """An int in 0..n-1."""
        return self.next() % n

    def chance(self, permille):
        """True with probability permille / 1000."""
        return permille > 0 and self.next() % 1000 < permille
