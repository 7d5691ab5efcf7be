"""The rule module's answers in the forms people, tools and tests read: a play's
forbidden holdings by rule word, a verdict, a hand scored from given figures.

Not needed to play (the controller never loads it).
"""
from .context import HandContext
from .duties import PLAY_RULES, RULE_WORDS, broken_rule


def forbidden(game, c, trick):
    """[(rule word, suit sets)] of holdings that would make playing `c` illegal."""
    out = [0] * (PLAY_RULES * 4)
    game.forbid_into(c, trick, out)
    parts = []
    for r in range(PLAY_RULES):
        sets = out[r * 4:r * 4 + 4]
        if sets[0] or sets[1] or sets[2] or sets[3]:
            parts.append((RULE_WORDS[r], sets))
    return parts


def verdict(game, hand, c, trick):
    """The rule (number) playing `c` from `hand` breaks, or -1 when legal."""
    out = [0] * (PLAY_RULES * 4)
    game.forbid_into(c, trick, out)
    return broken_rule(out, 0, hand)


class Figures:
    """The parts of a match that scoring reads."""

    def __init__(self, game, card_points, tricks_won, last_team):
        self.card_points = card_points
        self.tricks_won = tricks_won
        self.last_team = last_team
        self.ctx = HandContext(game.teams)


def hand_points(game, card_points, tricks_won, last_team):
    """Each team's points for a hand with these figures (a new list)."""
    out = [0] * game.teams
    game.hand_points_into(Figures(game, card_points, tricks_won, last_team), out)
    return out


def hand_score(game, points):
    """Each team's score for a hand with these points (a new list)."""
    out = [0] * game.teams
    game.hand_score_into(Figures(game, [0] * game.teams, [0] * game.teams, -1), points, out)
    return out
