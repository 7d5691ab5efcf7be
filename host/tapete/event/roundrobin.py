"""Everyone meets everyone once (or twice, home and away): the circle method.

One entry stays fixed while the others turn round it one place a round; with an odd
count a gap (None) takes the fixed place, and whoever faces it sits the round out.
Home and away are balanced: in each pairing the entry on the top row is at home,
and the fixed entry is at home every other round, so over the rounds nobody is at
home more than once more than away."""


def rounds(ids):
    """[[(home, away), ...] per round]; a pairing with None is a bye, listed last as
    (entry, None)."""
    circle = list(ids)
    if len(circle) % 2:
        circle.insert(0, None)          # the gap stays put: no home/away to balance for it
    n = len(circle)
    out = []
    for r in range(n - 1):
        games = []
        for i in range(n // 2):
            top, bottom = circle[i], circle[n - 1 - i]
            if i == 0 and r % 2:
                top, bottom = bottom, top       # the fixed entry: home every other round
            games.append((top, bottom))
        byes = [(a or b, None) for a, b in games if a is None or b is None]
        out.append([g for g in games if None not in g] + byes)
        circle = [circle[0], circle[-1]] + circle[1:-1]
    return out


def double(ids):
    """Two legs: the first as rounds(), the second the same pairings with home and
    away swapped."""
    first = rounds(ids)
    return first + [[(b, a) if b is not None else (a, None) for a, b in rnd] for rnd in first]
