"""What a hand is played for, when a side may raise it and the other answer: the
talk Envite and Truc share.

A raise proposes the next stake of the game's ladder to the other side, which
accepts it or rejects it; a rejection ends the hand, scored for the raiser at the
last accepted stake. Who may raise and who answers is the game's to say (captains
in Envite, the seat to play in Truc); this object keeps the numbers.
"""


from .errors import OrderError


class Stakes:
    """The stake of one hand."""

    def __init__(self, ladder):
        self.ladder = ladder    # stakes in order, the first accepted at the deal
        self.step = 0           # index of the accepted stake
        self.pending = False    # a raise awaits its answer
        self.raiser = -1        # the team that made the last raise (pending or accepted)
        self.raises = 0         # raises accepted so far

    @property
    def accepted(self):
        """The stake agreed so far."""
        return self.ladder[self.step]

    @property
    def proposed(self):
        """The stake of the pending raise."""
        return self.ladder[self.step + 1]

    def can_raise(self):
        """A further stake exists and nothing is pending."""
        return not self.pending and self.step + 1 < len(self.ladder)

    def propose(self, team):
        """`team` raises to the next stake."""
        self.pending = True
        self.raiser = team

    def accept(self):
        """The pending raise is accepted."""
        self.pending = False
        self.step += 1
        self.raises += 1

    def answer(self, match, team, word, own_raise):
        """`accept` or `reject` of the pending raise by `team` (`own_raise`: the error
        when `team` made it); a rejection ends the hand for the raisers at the
        accepted stake. The derived events, as `Game.on_call` returns them."""
        if not self.pending:
            raise OrderError(word + ": no raise awaits an answer")
        if team == self.raiser:
            raise OrderError(own_raise)
        if word == "accept":
            self.accept()
            match.ctx.stake = self.accepted
            return []
        self.pending = False
        return match.end_hand(self.raiser, "reject")

    def as_dict(self):
        """For displays."""
        out = {"accepted": self.accepted, "raiser": self.raiser}
        if self.pending:
            out["proposed"] = self.proposed
        return out
