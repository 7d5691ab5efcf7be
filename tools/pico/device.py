"""Code the benches and tests run on the emulated Pico through its raw REPL.

HEAP_APP runs the controller exactly as main.py does (`app.run(board.make())`) with
one more task: every `period` ms (1 s: a collection holds up the scan for a few ms,
and the live heap changes slowly) it collects garbage and reports the free heap as a
reply line `{"reply": "heap", "free": F, "low": L, "largest": B}` (L the lowest F so
far, B the largest free block at that moment). Replies are not part of the log: the
host tools ignore them.
"""

HEAP_APP = """
import gc, asyncio, micropython
from table import app as A, board as B
def _largest():
    # the largest block that can be allocated now (a binary search of bytearray sizes)
    lo, hi = 0, gc.mem_free()
    while lo < hi:
        mid = (lo + hi + 1) // 2
        try:
            b = bytearray(mid)
            del b
            lo = mid
        except MemoryError:
            hi = mid - 1
    return lo
APP = None
async def _watch(app):
    global APP
    APP = app               # for a post-mortem in the REPL after Ctrl-C
    low = 1 << 30
    while True:
        gc.collect()
        f = gc.mem_free()
        if f < low:
            low = f
            app.link.reply({"reply": "heap", "free": f, "low": low, "largest": _largest()})
        await asyncio.sleep_ms(%(period)d)
%(before)s
A.run(B.make(), _watch)
"""


def heap_app(period=1000, native=True):
    """The controller with the heap watcher; without the native module when `native` is False."""
    # Without: the module's file is renamed on this (throwaway) flash, so it is never loaded.
    before = "" if native else ("import os\ntry:\n    os.rename('/lib/tapete_core.mpy', "
                                "'/lib/tapete_core.off')\nexcept OSError:\n    pass")
    return HEAP_APP % {"period": period, "before": before}
