"""The controller's own conclusions: each derived event it logged checked against
the rules' own (a part of Audit)."""
from .claims import undecided_by_one
from .common import LISTED, _contract, _same


class Comparing:
    """Audit's part that compares the controller's derived events with the rules'."""

    # -- the controller's own conclusions -----------------------------------------------------
    def compare(self, number, logged):
        """Check a derived event the controller logged against the rules' own."""
        if not self.derives:
            self.derives = True     # it does log them: what it missed so far counts
            for n, expected in self.unlogged:
                self.disagree(n, "the controller did not log the " + expected["ev"]
                              + " the rules derive", _contract(expected), None)
            self.unlogged = []
        if not self.pending:
            self.disagree(number, "the controller logged " + str(logged.get("ev"))
                          + " but the rules derive nothing here", None, logged)
            return
        expected = self.pending.pop(0)
        if expected.get("ev") == "x-ruling":
            self.ruling_logged_as(logged)   # the seq a director's override names
        if undecided_by_one(expected, logged):
            self.bounded_claim(number, expected, logged)    # a note, not a disagreement
            return
        if not _same(expected, logged):
            self.disagree(number, "the controller's " + str(logged.get("ev"))
                          + " differs from the rules'", _contract(expected), _contract(logged))

    def flush_pending(self, number):
        """Derived events the controller should have logged before this input."""
        if not self.pending:
            return
        for expected in self.pending:
            if self.derives:
                self.disagree(number, "the controller did not log the " + expected["ev"]
                              + " the rules derive", _contract(expected), None)
            elif len(self.unlogged) < LISTED:   # kept until the log shows it logs them
                self.unlogged.append((number, expected))
        self.pending = []

    def disagree(self, number, message, expected, logged):
        self._list("disagreements", {"line": number, "message": message,
                                     "expected": expected, "logged": logged})
