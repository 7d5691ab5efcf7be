"""What the table knows about each seat's hidden hand, and the proofs it yields.

Cards only ever leave a hand. When a seat plays card c, the game names the holdings
that would have made c illegal (`forbid_into`): "any heart", "a trump above the 9".
If the same seat later plays one of those cards, it held it at the time: the earlier
play was illegal, and the later one proves it. Nothing is reported before such a
proof, so a live table never reports a violation that is not certain. One card can
prove several earlier plays illegal at once; each is reported once.

A proof names the rule the proving card shows broken, which is not always the rule
actually broken (a later trump proves must-trump; the led suit the player also held
shows a revoke). When every card of the hand has been played, each seat's hand at
each of its plays is known, and `revise` names the rule actually broken.

A play's forbidden holdings are kept as PLAY_RULES x 4 suit sets in one array that is
allocated with the match, so recording and checking a play allocate nothing.
"""
from array import array

from .duties import PLAY_RULES, broken_rule

MAX_PLAYS = 64                  # every card of the largest pack (52), played once
STRIDE = PLAY_RULES * 4         # suit sets kept per play
NONE = 255                      # no rule (bytearray entries)


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
        self.rule = bytearray(plays)        # the rule reported for the play, or NONE
        self.proof_trick = bytearray(plays)  # where a later card proved it (0: at the play)
        self.proof_card = bytearray(plays)
        self.count = 0
        self.since = 0                      # the first play after the hand's last draw
        self.scratch = [0] * STRIDE         # the game fills this for one play
        self.held = [0, 0, 0, 0]            # a seat's hand at one of its plays (revise)

    def reset(self):
        """Forget everything: a new hand."""
        for i in range(self.count):
            self.open[i] = 0
            self.rule[i] = NONE
        self.count = 0
        self.since = 0

    def expire(self):
        """A draw from the stock: the seats' hands changed unseen, so nothing an earlier
        play ruled out holds any longer (a void may be filled by the card drawn). The
        plays stay recorded; none of them will be proven by a later card."""
        for i in range(self.count):
            self.open[i] = 0
        self.since = self.count

    def record(self, game, trick, seat, c):
        """Record the play of `c` by `seat` into `trick` (before it is added) and the
        holdings it rules out. Returns the play's index."""
        index = self.count
        self.play_seat[index] = seat
        self.play_card[index] = c
        self.play_trick[index] = trick.number
        self.rule[index] = NONE
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
        """Earlier open plays by `seat` that playing (or showing) `c` proves illegal.

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
        return broken_rule(self.forbid, index * STRIDE, hand)

    def close(self, index, rule, proof_trick=0, proof_card=0):
        """A play's violation of `rule` has been reported (proven by `proof_card` in
        `proof_trick`, or at the play when 0): never report it twice."""
        self.open[index] = 0
        self.rule[index] = rule
        self.proof_trick[index] = proof_trick
        self.proof_card[index] = proof_card

    def revise(self, out):
        """After a hand in which every card was played: the reported violations whose
        rule actually broken differs from the one reported. Writes (play index, rule)
        pairs into `out`; returns how many. Allocates nothing."""
        n = 0
        held = self.held
        for j in range(self.since, self.count):     # plays after the last draw only
            if self.rule[j] == NONE or self.rule[j] >= PLAY_RULES:
                continue
            seat = self.play_seat[j]
            held[0] = held[1] = held[2] = held[3] = 0
            for k in range(j, self.count):      # the seat's hand at play j
                if self.play_seat[k] == seat:
                    c = self.play_card[k]
                    held[c >> 4] |= 1 << (c & 15)
            r = self.broken_rule(j, held)
            if r >= 0 and r != self.rule[j]:
                out[2 * n] = j
                out[2 * n + 1] = r
                n += 1
        return n

    def possible(self, index, rule, unseen):
        """The rules play `index` may have broken, given that it broke `rule` (proven)
        and that its seat could still hold any card of `unseen` (suit sets): `rule`
        and each rule before it whose forbidden holdings meet `unseen`."""
        out = []
        base = index * STRIDE
        for r in range(rule):
            k = base + r * 4
            if self.forbid[k] & unseen[0] or self.forbid[k + 1] & unseen[1] \
                    or self.forbid[k + 2] & unseen[2] or self.forbid[k + 3] & unseen[3]:
                out.append(r)
        out.append(rule)
        return out

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
