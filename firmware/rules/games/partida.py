"""A partida over more than one deal, kept on the match (Match.series): Guiñote's idas
carried into the vueltas, Tute habanero's first deal carried into the second, Tute
subastado's count of deals played. Loaded by those games only."""


class Partida:
    """A partida across its deals."""

    def __init__(self):
        self.carry = None       # the points carried into the next deal (None: nothing)
        self.vueltas = False    # the hand in play counts the carried points
        self.points = [0, 0]    # the partida's points after the last hand
        self.played = 0         # partidas (Tute: deals) played out
        self.deals_next = -1    # Guiñote: the winner of the last trick deals next (R11)


def running(points, carry):
    """The partida's points: this deal's plus those carried."""
    return [points[t] + (carry[t] if carry is not None else 0) for t in range(2)]


def of(match):
    """The match's partida in progress, made at the first hand."""
    if match.series is None:
        match.series = Partida()
    return match.series
