"""Controller budgets inside MicroPython (`make bench` runs it with MICROPYPATH
holding firmware/ and tests/).

Per play: reader event -> Match.play verdict -> seat lights (Table.on_reader),
timed with ticks_us and measured with gc.mem_alloc(); then the heap the controller
needs over a whole Malilla match. Budgets: no allocation per play (a hand's last
card included), <= 2 ms per play on the unix port. The table is the one the heap
test uses (tests/table/headless.py): real controller, lights and screen code, no
reader chips.
"""
import gc
import sys

for _p in list(sys.path):   # tests/table holds the headless harness
    if _p.endswith("tests"):
        sys.path.append(_p + "/table")
        break

gc.collect()
BASE = gc.mem_alloc()
import headless  # noqa: E402  (puts firmware/ first, then imports the controller)


class Figures:
    """What each play cost, and the heap's high-water mark between tricks."""

    def __init__(self):
        self.times = []
        self.allocs = []
        self.peak = 0

    def __call__(self, alloc, status, us):
        self.times.append(us)
        self.allocs.append(alloc)

    def after_trick(self):
        gc.collect()
        self.peak = max(self.peak, gc.mem_alloc() - BASE)


def main():
    gc.collect()
    code = gc.mem_alloc() - BASE
    root = "/tmp/tapete-bench"
    try:
        import os
        os.mkdir(root)
    except OSError:
        pass
    t, screen = headless.table(root)
    f = Figures()
    headless.play_match(t, screen, measure=f, after_trick=f.after_trick)
    times = sorted(f.times)
    n = len(times)
    print("plays: %d (whole match, %d hands)" % (n, t.match.hand_no))
    print("time per play (reader event -> verdict -> lights): median %d us, p95 %d us, max %d us"
          " (budget 2000 us)" % (times[n // 2], times[n * 95 // 100], times[-1]))
    print("allocation per play after 8 warm-up plays (a hand's last card included):"
          " max %d bytes over %d plays" % (max(f.allocs[8:]), n - 8))
    print("heap: harness and controller code after imports %d bytes; peak over the match %d bytes"
          " (rules, phase machine, link, journal, lights, screen; no reader layer)" % (code, f.peak))


main()
