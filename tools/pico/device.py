"""Code the benches and tests run on the emulated Pico through its raw REPL.

HEAP_APP runs the controller exactly as main.py does (`app.run(board.make())`) with
one more task that reports the free heap as a reply line `{"reply": "heap", "free":
F, "low": L, "largest": B, "unshown": U}` whenever its low-water mark falls or a
picture is put off: L is the least free heap right after a collection, F the same,
B the largest free block then, U the pictures put off for want of heap so far. It collects
only once, at the start; after that it reads what the controller's own collections
leave (App.heap_low: the scan task collects when the heap runs low, after a round's
verdicts): a collection of its own every second would stop the table for ~24 ms each
time, a pause no real table has, in front of the players' verdicts. Replies are not
part of the log: the host tools ignore them.
"""

HEAP_APP = """
import gc, asyncio, micropython
%(before)s
gc.threshold(%(boot_gc)d)   # as main.py boots: packed (table/app.py run() turns it off)
try:
    import tapete_core      # first, as main.py does: it needs ~10.7 KB in one block
except ImportError:
    pass
from table import app as A
from boards import factory as B
def _largest():
    # The largest block that can be allocated now: a binary search of allocation sizes,
    # with automatic collection off (else each failed try would first collect, ~24 ms).
    # Each try is a list whose items are given back at once by clear() (the block
    # shrinks in place to a few words): a probe dropped with `del` stays allocated until
    # the next collection, so with collection off every later try saw the heap less
    # the earlier ones (the search found about half the largest block), and the last
    # big probe could stay reachable from a stale word the collector scans
    # conservatively: 53 KB of the heap held for the whole match (bench-pico's heap
    # low-water 17,296 without the native module, collections and verdicts slowed).
    lo, hi = 0, gc.mem_free() >> 2     # in list items: 4 bytes each on the RP2040
    gc.disable()
    try:
        while lo < hi:
            mid = (lo + hi + 1) // 2
            try:
                b = [None] * mid
                b.clear()
                b = None
                lo = mid
            except MemoryError:
                hi = mid - 1
    finally:
        gc.enable()
    return lo << 2
APP = None
async def _watch(app):
    global APP
    APP = app               # for a post-mortem in the REPL after Ctrl-C
    gc.collect()
    low = f = gc.mem_free()
    shown = -1
    while True:
        if 0 <= app.heap_low < low:
            low = f = app.heap_low
        elif app.draw_failures == shown:
            await asyncio.sleep_ms(%(period)d)
            continue
        shown = app.draw_failures
        app.link.reply({"reply": "heap", "free": f, "low": low, "largest": _largest(),
                        "unshown": shown})
        await asyncio.sleep_ms(%(period)d)
A.run(B.make(), _watch)
"""


def boot_gc():
    """main.py's BOOT_GC: the watcher boots the controller as main.py does."""
    import os
    import re
    main = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "firmware", "main.py")
    with open(main) as f:
        return int(re.search(r"^BOOT_GC = (\d+)", f.read(), re.M).group(1))


def heap_app(period=1000, native=True):
    """The controller with the heap watcher; without the native module when `native` is False."""
    # Without: the module's file is renamed on this (throwaway) flash, so it is never loaded.
    before = "" if native else ("import os\ntry:\n    os.rename('/lib/tapete_core.mpy', "
                                "'/lib/tapete_core.off')\nexcept OSError:\n    pass")
    return HEAP_APP % {"period": period, "before": before, "boot_gc": boot_gc()}
