"""Malilla (seed 000): 40 cards, the 7 high, must beat an opponent, game to 35.

Readings chosen where the text is silent (see also shared/seeds/README.md):
- Points per hand are card points plus one per trick (70 a hand): the text counts 70.
- The duty to beat holds whatever was led, trumps included.
- Void in the led suit with an opponent winning, trumping is legal, so the duty to
  beat makes it compulsory (a higher trump when the opponent's card is a trump).
- The non-trump 7 of a suit not yet led may not be discarded. "Not yet led" counts
  every trick of the hand so far; the waiver applies when every card in hand is
  such a 7 (then any of them may be played).
- The turn-up bonus counts towards this hand's `score` in `hand_end` (so totals are
  always the sum of hand scores); it is scored at once unless it would win the
  game, then after the hand's result.
- A misdeal voids the hand (its turn-up bonus is taken back) and the next dealer
  deals: the text's "surrender the cards to the next dealer" (option `misdeal`).
- Irregularity: a proven illegal play (revoke, must-beat, seven-discard) loses the
  game for that side (option `irregularity`: "game", the text; "report" only warns).
  The proof ends the match at once, so the hand is not played out and the rule
  actually broken may stay open: the violation then lists in `possible` every rule
  the evidence leaves open (the proven one last), e.g. a non-follow proven by a
  later trump is `must-beat`, possibly `revoke` (rules/match.py, `_possible`).
"""
from ..duties import FOLLOW, HEAD_OPPONENT, SEVEN
from ..game import Game


class Malilla(Game):
    """Malilla for four players in two partnerships."""

    name = "malilla"
    title = "Malilla"
    faces = (7, 1, 13, 12, 11, 6, 5, 4, 3, 2)             # high to low
    face_points = {7: 5, 1: 4, 13: 3, 12: 2, 11: 1}     # 60 in all
    pack = "spanish40"
    direction = 1           # clockwise: the dealer's left leads, the deal passes left
    duties = FOLLOW | HEAD_OPPONENT | SEVEN
    trick_point = 1
    target = 35
    irregularity = "game"
    misdeal = "pass"        # "the errant dealer being forced to surrender the cards to the next dealer"
    OPTIONS = {
        "target": (35, int, "points that win the game"),
        "irregularity": ("game", ("game", "report"),
                         "a proven illegal play loses the game (the text), or is only reported"),
    }
    PRESETS = ({}, {"irregularity": "report"})

    def on_turnup(self, match, c, out):
        """The dealer's team scores the turned-up card's points: at once, or after the
        hand's result when they would win the game."""
        points = self.points_of[c]
        if not points:
            return
        team = self.team_of[match.dealer]
        held = match.totals[team] + points >= self.target
        if held:
            match.ctx.held_bonus[team] = points
        else:
            match.ctx.bonus[team] = points
            match.totals[team] += points
        out["bonus"] = {"team": team, "points": points, "held": held}

    def settle(self, match):
        """The hand's result first; a held turn-up bonus after it, when the result
        did not already decide the game."""
        ctx = match.ctx
        totals = match.totals
        score = match.score
        for t in range(2):
            totals[t] += score[t]
        winner = self.winner_at(totals)
        if winner is None and (ctx.held_bonus[0] or ctx.held_bonus[1]):
            for t in range(2):
                totals[t] += ctx.held_bonus[t]
                score[t] += ctx.held_bonus[t]
            winner = self.winner_at(totals)
        for t in range(2):
            score[t] += ctx.bonus[t]    # the bonus scored at once is this hand's too
        if winner is None:
            return -1
        match.end_reason = "target"
        return winner
