"""The hand context: what a hand has settled besides its cards.

Calls write it (trump named by a player, a multiplier, a stake, declarations, why
the hand ended early); scoring and displays read it. One is allocated with the
match and reset for every hand. A game with calls keeps its own state for the hand
in `talk` (an object the game makes in `begin_hand`).
"""


class HandContext:
    """The settled facts of the current hand."""

    def __init__(self, teams):
        self.bonus = [0] * teams        # points scored at once during the hand (Malilla's turn-up)
        self.held_bonus = [0] * teams   # ... held until after the hand's result
        self.reset()

    def reset(self):
        """A new hand."""
        self.ended = None       # why the hand ended before its last trick, or None
        self.winner = -1        # the team the hand went to when a rule decided it, or -1
        self.multiplier = 1     # Botifarra's doubles (and its botifarra)
        self.stake = 0          # what the hand is played for (Envite, Truc; 0: no stake)
        self.trump_by = -1      # the seat that named trump by a call, or -1
        self.declarations = []  # dicts: seat, cards, points, valid (Tute)
        self.talk = None        # the game's own state for the hand's calls
        self.contract = None    # (side's seat bits, target) of a contract made per hand (rules/contract.py)
        for t in range(len(self.bonus)):
            self.bonus[t] = 0
            self.held_bonus[t] = 0
