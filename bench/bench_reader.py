"""Reader-layer benchmark, inside the MicroPython unix port.

    .venv/bin/micropython bench/bench_reader.py     (or: make bench-reader)
Under CPython (make bench) it re-runs itself under the venv's micropython.
Measures, on the simulated table: wall time per full scan round (4 and 12 seats,
with and without cards), the simulated bus + RF time of a round (what the Pico's
SPI and the tags cost, without Python's own time), and heap allocated per round.
"""
import sys

if sys.implementation.name != "micropython":
    import os
    import subprocess
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(here)
    mpy = os.path.join(os.path.dirname(sys.executable), "micropython")
    sys.exit(subprocess.call([mpy, os.path.join(here, "bench_reader.py")], cwd=root))

_root = sys.argv[0].rsplit("/", 2)[0] if sys.argv[0].count("/") >= 1 else "."
if _root.endswith("bench"):
    _root = "."
for p in (_root + "/tests", _root + "/firmware"):  # firmware first: its table/, not tests/table
    if p not in sys.path:
        sys.path.insert(0, p)

import gc  # noqa: E402
import time  # noqa: E402
from chips.tags import ntag213  # noqa: E402
from firmware.reader.simkit import table_with_readers, uid7, ListDeck, drain  # noqa: E402

ROUNDS = 200


def bench(seats, cards):
    from boards import steady_fields
    steady = steady_fields(seats)       # the fields driven as the controller drives them
    t, rd, sr = table_with_readers(seats, deck=ListDeck(52), steady=steady)
    sr.start()
    for s in range(cards):
        t.place(s, ntag213(uid7(s)))
    for _ in range(5):
        sr.scan()
    drain(sr)
    gc.collect()
    gc.disable()
    a0 = gc.mem_alloc()
    sim0 = t.clock.us
    w0 = time.ticks_us()
    for _ in range(ROUNDS):
        sr.scan()
    wall = time.ticks_diff(time.ticks_us(), w0)
    alloc = gc.mem_alloc() - a0
    sim = t.clock.us - sim0
    gc.enable()
    print("%2d seats, %2d cards: %7.2f ms wall/round  %6.2f ms sim bus+RF/round (%4.1f Hz)  %5.1f bytes alloc/round  (%s)" % (
        seats, cards, wall / ROUNDS / 1000, sim / ROUNDS / 1000, 1e6 * ROUNDS / sim, alloc / ROUNDS,
        "steady fields" if steady else "one field at a time"))


print("reader layer, %d rounds each, MicroPython %s" % (ROUNDS, ".".join(str(v) for v in sys.implementation.version[:3])))
bench(4, 0)
bench(4, 4)
bench(12, 0)
bench(12, 12)
