"""Claims one search left undecided and the other decided (a part of Audit).

A claim's check is bounded (rules/claims.py: a node budget, about a second's search
on the Pico, far more on a desktop). The table's "undecided" (`sound` null) is the
legitimate outcome of its bounded search, not a ruling that differs: where the host's
search decides such a claim, the audit notes that the host decided what the table
could not (`notes`, with both verdicts), and judges the rest of the log under the
table's verdict (the claim left undecided: play went on), as the table did. The same
holds the other way (the host's search gave up where the table's decided: the
table's verdict is taken, and noted). A disagreement is left for claims both decided
and ruled differently (common.py `_same`).
"""
from .common import _contract


def undecided_by_one(expected, logged):
    """Did one search decide this claim and the other leave it undecided (the same
    claim otherwise)?"""
    if expected.get("ev") != "x-claim" or logged.get("ev") != "x-claim":
        return False
    if expected.get("call") != "claim" or logged.get("call") != "claim":
        return False        # a concession's null is its wait for the partner, not a bound
    if (expected.get("sound") is None) == (logged.get("sound") is None):
        return False
    keys = ("hand", "trick", "seat", "tricks", "law")
    return all(expected.get(k) == logged.get(k) for k in keys)


class Bounds:
    """Audit's part that takes the table's verdict on a claim its search left
    undecided (or decided where the host's could not)."""

    def init_bounds(self):
        self.notes = []             # {line, message, table, host}: not disagreements
        self.fold.verdicts = {}     # (hand, trick, seat) -> the table's x-claim (rules/claims.py taken)

    def bounded_claim(self, number, expected, logged):
        """The controller's `x-claim` at line `number` and the rules' differ only in
        that one of them is undecided: noted, and the match rebuilt under the table's
        verdict; what the claim derives after it is what the controller should log."""
        host, table = expected.get("sound"), logged.get("sound")
        if table is None:
            message = ("the table left this claim undecided (its search's node budget); "
                       "the host's search decided it: " + ("sound" if host else "refused")
                       + ". Play went on, as the table ruled")
        else:
            message = ("the host's search left this claim undecided (its node budget); "
                       "the table decided it: " + ("sound" if table else "refused")
                       + ", taken as the table ruled")
        self.notes.append({"line": number, "message": message, "table": _contract(logged),
                           "host": _contract(expected)})
        said = dict((k, v) for k, v in logged.items() if k not in ("seq", "t", "crc"))
        self.fold.verdicts[(logged["hand"], logged["trick"], logged["seat"])] = said
        self.pending = []
        self.fold.last_derived = None
        self.fold.rebuild()
        derived = self.fold.last_derived or []
        # what the claim derives after its x-claim under the table's verdict (a sound
        # one's hand_end): the controller logs it next
        after = [d for d in derived if d.get("ev") == "x-claim"]
        if after:
            self.pending = derived[derived.index(after[-1]) + 1:]
        self.mark_bounded()

    def mark_bounded(self):
        """Each claim the audit took the table's verdict on says so in its hand (again
        after a rebuild: the hands are folded anew)."""
        for note in self.notes:
            said = note["table"]
            for hand in self.hands:
                if hand["hand"] != said.get("hand"):
                    continue
                for claim in hand.get("claims", ()):
                    if (claim.get("trick"), claim.get("seat")) == (said.get("trick"), said.get("seat")):
                        claim["host_sound"] = note["host"].get("sound")
