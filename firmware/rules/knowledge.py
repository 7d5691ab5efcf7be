"""What the table knows about each seat's hidden hand, and the proofs it yields.

Cards only ever leave a hand. So when a seat plays card c, the holdings that would
have made c illegal (the game's `forbid_into`) are facts about that seat's hand at
that moment: "held no heart", "held no trump above the 9", ... If the same seat later
plays one of those cards, it held it then: the earlier play was illegal, and the
later play proves it. Nothing is reported before that proof (or, when the table
knows the hands, before the play itself is judged against the known hand).

Tables are fixed-size bytearrays indexed by seat * 64 + card, so recording a play
allocates nothing. Play indices are 1-based in `since` (0 = no fact yet).
"""
from .game import PLAY_RULES

MAX_PLAYS = 64


class Knowledge:
    """Per seat: for each card, the first play after which the seat cannot hold it."""

    def __init__(self, seats):
        self.seats = seats
        self.since = bytearray(seats * 64)   # play index + 1 that ruled the card out
        self.why = bytearray(seats * 64)     # the rule that play would break
        self.play_seat = bytearray(MAX_PLAYS)
        self.play_card = bytearray(MAX_PLAYS)
        self.play_trick = bytearray(MAX_PLAYS)
        self.reported = bytearray(MAX_PLAYS)  # 1 once a play's violation was reported
        self.count = 0
        self._forbid = [0] * (PLAY_RULES * 4)

    def reset(self):
        """Forget everything: a new hand."""
        for i in range(len(self.since)):
            self.since[i] = 0
        for i in range(MAX_PLAYS):
            self.reported[i] = 0
        self.count = 0

    def check(self, seat, c):
        """The index of an earlier, not yet reported play that playing `c` proves
        illegal, or -1. Call before `record`."""
        i = self.since[seat * 64 + c]
        if i and not self.reported[i - 1]:
            return i - 1
        return -1

    def rule_of(self, seat, c):
        """The rule code under which `c` was ruled out for `seat`."""
        return self.why[seat * 64 + c]

    def record(self, game, trick, seat, c):
        """Record the play of `c` by `seat` into `trick` (before it is added) and the
        facts it reveals. Returns the play's index."""
        index = self.count
        self.play_seat[index] = seat
        self.play_card[index] = c
        self.play_trick[index] = trick.number
        self.count = index + 1
        forbid = self._forbid
        game.forbid_into(c, trick, forbid)
        base = seat * 64
        mark = index + 1
        for r in range(PLAY_RULES):
            for s in range(4):
                bits = forbid[r * 4 + s]
                f = 0
                while bits:
                    if bits & 1:
                        k = base + s * 16 + f
                        if not self.since[k]:
                            self.since[k] = mark
                            self.why[k] = r
                    bits >>= 1
                    f += 1
        return index

    def mark_reported(self, index):
        """A play's violation has been reported: never report it twice."""
        self.reported[index] = 1

    def ruled_out(self, seat):
        """The hand-shaped suit sets of cards `seat` is known not to hold."""
        out = [0, 0, 0, 0]
        base = seat * 64
        for s in range(4):
            for f in range(13):
                if self.since[base + s * 16 + f]:
                    out[s] |= 1 << f
        return out
