"""A simulated card table: one FakeMFRC522 per seat on one SPI bus, and its faults.

    t = SimTable(seats=4)
    t.place(0, ntag213(b"\x04\x11\x22\x33\x44\x55\x66"))
    t.flicker = 100      # permille: a tag misses a frame now and then
    t.crosstalk = 300    # permille per antenna window: seat k's tag answers at k+1
                         # (a field left on: per COUPLING_US of it, drawn again at
                         # its next REQA or WUPA)
    t.corruption = 50    # permille per reply: a flipped bit (parity error or bad CRC)

`t.spi`, `t.cs`, `t.rst` are what the drivers get; `t.chips[seat]` is the model.
"""
from .bus import FakePin, FakeSPI
from .clock import SimClock
from .mfrc522 import FakeMFRC522, ERR_PARITY
from .rng import Rng

# How long a draw of crosstalk holds in a field that stays on: hands and cards move,
# so a neighbour's tag may couple in or out between two looks. Longer than any visit
# of one field at a time (a few ms to ~30 with retries), whose draws stay per window.
COUPLING_US = 50000


class SimTable:
    """Readers, tags and faults of one simulated table."""

    def __init__(self, seats=4, clock=None, seed=1, baudrate=4000000):
        self.clock = clock if clock is not None else SimClock()
        self.spi = FakeSPI(0, baudrate, self.clock)
        self.rst = FakePin("RST", FakePin.OUT, value=1)
        self.cs = []
        self.chips = []
        for s in range(seats):
            cs = FakePin("CS%d" % s, FakePin.OUT, value=1)
            chip = FakeMFRC522(cs, self.clock, reset=self.rst, name="seat%d" % s)
            chip.scenario = self
            self.spi.attach(chip)
            self.cs.append(cs)
            self.chips.append(chip)
        self.rng = Rng(seed)
        self.flicker = 0
        self.crosstalk = 0
        self.corruption = 0
        self.corrupt_parity = True  # False: flip a data bit only (a CRC/BCC error)
        self.stats = {"missed": 0, "coupled": 0, "corrupted": 0}

    def place(self, seat, tag):
        """Lay `tag` on the reader of `seat` (taking it off any other first)."""
        self.remove(tag)
        chip = self.chips[seat]
        chip.tags.append(tag)
        if chip.antenna_on():
            tag.power_up(self.clock.us)

    def remove(self, tag):
        """Take `tag` off the table."""
        for chip in self.chips:
            if tag in chip.tags:
                chip.tags.remove(tag)
            if tag in chip.coupled:
                chip.coupled.remove(tag)

    def clear(self, seat=None):
        """Take every tag off one seat, or off the whole table."""
        for s, chip in enumerate(self.chips):
            if seat is None or s == seat:
                chip.tags = []

    # Hooks called by the chip models.
    def field_on(self, chip):
        """A reader switched its antenna on: neighbouring tags may couple in."""
        chip.coupled_at = self.clock.us
        if self.crosstalk <= 0:
            return
        k = self.chips.index(chip)
        left = self.chips[(k - 1) % len(self.chips)]
        if left is chip:
            return
        for t in left.tags:
            if self.rng.chance(self.crosstalk):
                # a tag already in its own reader's field keeps its state
                if not left.antenna_on():
                    t.power_up(self.clock.us)
                chip.coupled.append(t)
                self.stats["coupled"] += 1

    def request(self, chip):
        """A reader sends REQA or WUPA: in a field on for longer than COUPLING_US
        since the last draw, the neighbours' tags couple in or out anew."""
        if self.clock.us - chip.coupled_at < COUPLING_US:
            return
        while chip.coupled:
            chip.coupled.pop()
        self.field_on(chip)

    def field_off(self, chip):
        """A reader switched its antenna off."""

    def misses(self, chip, tag):
        """True when `tag` misses this frame (presence flicker)."""
        if self.rng.chance(self.flicker):
            self.stats["missed"] += 1
            return True
        return False

    def corrupt(self, chip, buf, n):
        """Maybe flip a bit of a reply; the ErrorReg bits the chip would raise."""
        if n <= 0 or not self.rng.chance(self.corruption):
            return 0
        i = self.rng.below(n)
        buf[i] ^= 1 << self.rng.below(8)
        self.stats["corrupted"] += 1
        return ERR_PARITY if self.corrupt_parity else 0
