"""Helpers shared by the firmware tests (run under MicroPython)."""
from chips.table import SimTable
from chips.tags import ntag213, mifare_classic
from drivers.mfrc522 import MFRC522
from reader.seats import SeatReaders


def uid7(i):
    """A distinct NTAG213-style 7-byte UID for card number i."""
    return bytes((0x04, 0x10 + (i >> 8), i & 0xFF, 0x5A, 0xA5, 0x3C, 0x80 + (i % 97)))


def table_with_readers(seats=4, seed=1, **kw):
    """A SimTable and one initialised MFRC522 driver per seat."""
    t = SimTable(seats, seed=seed)
    readers = []
    for s in range(seats):
        r = MFRC522(t.spi, t.cs[s], t.rst, sleep_us=t.clock.sleep_us, name="seat%d" % s)
        r.init()
        readers.append(r)
    sr = SeatReaders(readers, sleep_us=t.clock.sleep_us, **kw)
    return t, readers, sr


def drain(sr):
    """Every pending event as (kind, seat, card-or-uid) tuples."""
    out = []
    while True:
        e = sr.events.get()
        if e is None:
            return out
        out.append(e.as_tuple())


class ListDeck:
    """A deck mapping uid7(i) -> i, for reader tests without enrol.py."""

    def __init__(self, n):
        self.n = n

    def lookup(self, uid, n):
        for i in range(self.n):
            u = uid7(i)
            if n == 7 and bytes(uid[:7]) == u:
                return i
        return -1


_ = (ntag213, mifare_classic)
