"""The shuffle of every random deal (rules/playout.py, rules/games/mus/random_play.py): a leaf,
so the random play of one game never imports the other's (nor the match)."""
import random


def shuffle(items, rng=random):
    """Shuffle a list in place (Fisher-Yates on `rng.getrandbits`, which CPython and
    MicroPython share, so a seed deals the same cards under both)."""
    for i in range(len(items) - 1, 0, -1):
        j = rng.getrandbits(16) % (i + 1)
        items[i], items[j] = items[j], items[i]
