"""Budgets: a whole match in the heap budget, no allocation per play (MicroPython)."""
import scratch
import gc
import os
import headless


HAND_DONE = 16     # rules.match: the hand's last card scores the hand


class Worst:
    """The largest allocation per play after the first few (warm-up), and apart from
    that the largest on a hand's last card (where Match.play scores the hand)."""

    def __init__(self):
        self.plays = 0
        self.worst = 0
        self.scoring = 0

    def __call__(self, alloc, status, us=0):
        self.plays += 1
        if status & HAND_DONE:
            self.scoring = max(self.scoring, alloc)
        elif self.plays > 8 and alloc > self.worst:
            self.worst = alloc


def test_whole_match_fits_the_heap_and_plays_allocate_nothing():
    root = scratch.path("tapete-heap")
    try:
        os.mkdir(root)
    except OSError:
        pass
    t, screen = headless.table(root)
    w = Worst()
    headless.play_match(t, screen, measure=w)
    assert t.match.over and w.plays > 100
    assert w.worst == 0, "allocated per play: %d bytes" % w.worst
    assert w.scoring == 0, "allocated scoring a hand: %d bytes" % w.scoring
    gc.collect()
