"""A knockout bracket: seeds placed so the best meet last (1 v 16, 8 v 9, ...), byes
to the top seeds when the entries are not a power of two, and the winners of each
round paired in bracket order for the next."""


def positions(size):
    """The seeds in bracket order for a bracket of `size` (a power of two): 1 meets
    size, and 1 and 2 can only meet in the final."""
    order = [1]
    while len(order) < size:
        n = 2 * len(order)
        order = [s for seed in order for s in (seed, n + 1 - seed)]
    return order


def first_round(seeds):
    """[(a, b)] in bracket order from `seeds` (best first); b is None for a bye."""
    size = 1
    while size < len(seeds):
        size *= 2
    slot = positions(size)
    seated = [seeds[s - 1] if s <= len(seeds) else None for s in slot]
    return [(seated[i], seated[i + 1]) for i in range(0, size, 2)]


def winner(a, b, score):
    """Who goes through: the bye's entry, else the higher score (a knockout game
    has no draw)."""
    if b is None:
        return a
    if score is None:
        return None
    return a if score[0] > score[1] else b


def next_round(bracket, results):
    """The next round's [(a, b)] from this round's `bracket` and its `results`
    ({(a, b): score}); None while a game has no result, [] when one is left."""
    through = [winner(a, b, results.get((a, b))) for a, b in bracket]
    if None in through:
        return None
    if len(through) == 1:
        return []
    return [(through[i], through[i + 1]) for i in range(0, len(through), 2)]
