"""What the table knows about each seat's hidden hand, and the proofs it yields.

Cards only ever leave a hand. When a seat plays card c, the game names the holdings
that would have made c illegal (`forbid_into`): "any heart", "a trump above the 9".
If the same seat later plays one of those cards, it held it at the time: the earlier
play was illegal, and the later one proves it. Nothing is reported before such a
proof, so a live table never reports a violation that is not certain. One card can
prove several earlier plays illegal at once; each is reported once.

A play's forbidden holdings are kept as PLAY_RULES x 4 suit sets in one array that is
allocated with the match, so recording and checking a play allocate nothing.
"""
from array import array

from .game import PLAY_RULES

MAX_PLAYS = 64                  # every card of the largest pack (52), played once
STRIDE = PLAY_RULES * 4         # suit sets kept per play


class Knowledge:
    """Per play of the hand: who played what in which trick, and what it rules out."""

    def __init__(self, seats, plays=MAX_PLAYS):
        """Tables for `seats` seats and at most `plays` plays a hand (the pack size)."""
        self.seats = seats
        self.forbid = array("H", bytes(2 * plays * STRIDE))
        self.play_seat = bytearray(plays)
        self.play_card = bytearray(plays)
        self.play_trick = bytearray(plays)
        self.open = bytearray(plays)        # 1: rules something out, not yet reported
        self.count = 0
        self.scratch = [0] * STRIDE         # the game fills this for one play

    def reset(self):
        """Forget everything: a new hand."""
        for i in range(self.count):
            self.open[i] = 0
        self.count = 0

    def record(self, game, trick, seat, c):
        """Record the play of `c` by `seat` into `trick` (before it is added) and the
        holdings it rules out. Returns the play's index."""
        index = self.count
        self.play_seat[index] = seat
        self.play_card[index] = c
        self.play_trick[index] = trick.number
        self.count = index + 1
        sets = self.scratch
        game.hot.forbid_into(c, trick, sets)
        base = index * STRIDE
        any_set = 0
        for i in range(STRIDE):
            self.forbid[base + i] = sets[i]
            any_set |= sets[i]
        self.open[index] = 1 if any_set else 0
        return index

    def proofs(self, seat, c, out):
        """Earlier open plays by `seat` that playing `c` proves illegal.

        Writes (play index, rule) pairs into `out` and returns how many."""
        s = c >> 4
        b = 1 << (c & 15)
        n = 0
        for j in range(self.count):
            if self.open[j] and self.play_seat[j] == seat:
                base = j * STRIDE + s
                for r in range(PLAY_RULES):
                    if self.forbid[base + r * 4] & b:
                        out[2 * n] = j
                        out[2 * n + 1] = r
                        n += 1
                        break
        return n

    def broken_rule(self, index, hand):
        """The rule play `index` broke if its seat held `hand` then, or -1 when legal."""
        base = index * STRIDE
        for r in range(PLAY_RULES):
            for s in range(4):
                if self.forbid[base + r * 4 + s] & hand[s]:
                    return r
        return -1

    def close(self, index):
        """A play's violation has been reported: never report it twice."""
        self.open[index] = 0

    def ruled_out(self, seat):
        """The suit sets of cards `seat` cannot hold if all its plays so far were
        legal (for displays and analysis)."""
        out = [0, 0, 0, 0]
        for j in range(self.count):
            if self.open[j] and self.play_seat[j] == seat:
                base = j * STRIDE
                for r in range(PLAY_RULES):
                    for s in range(4):
                        out[s] |= self.forbid[base + r * 4 + s]
        return out
