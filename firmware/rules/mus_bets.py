"""Mus (seed 004): the betting of one round (grande, chica, pares, juego or punto).

The speakers open in turn (`pass`, `bid` + `amount`, `ordago`); a bid is answered
by either of the bidder's opponents still speaking (`see`, `raise` + `amount`,
`fold`, `ordago`): one `see` or `raise` answers for the side, a `fold` takes only
that seat out of the answer, and the round is folded when every opponent speaking
has folded. A raise accepts the stake it raises; an órdago is only seen or folded.
`amount` is the whole stake proposed, 2 at least, at most the game's target (more
is an órdago). mus_hand.py's docstring has the readings of the rule text.

Why not rules/stakes.py, which Truc and Envite share: a stake there is the next
rung of a fixed ladder, proposed by a side and answered by the other side as one
(its seat to play, or its captain), and a rejection ends the hand. Here the bidder
names any amount between bounds, each opponent answers for itself until one
answers for the side, and a fold closes only this round, whose stake is paid at
once while the hand goes on. What the two share is three fields (the stake
accepted, the one proposed, who proposed it); Stakes would have to give up its
ladder and its end of the hand to hold this, which leaves nothing of it to share.
"""
from .errors import EventError, OrderError

ORDAGO = "ordago"
OPEN_WORDS = ("pass", "bid", "ordago")
ANSWER_WORDS = ("see", "raise", "fold", "ordago")


def _int(x):
    return isinstance(x, int) and not isinstance(x, bool)


class Bets:
    """One round's betting: its speakers in turn, the stake proposed and accepted."""

    def __init__(self, game, name, speakers):
        self.game = game
        self.target = game.target
        self.name = name            # the round's name, for messages
        self.speakers = speakers    # who speaks in this round, in turn
        self.pos = 0                # the next opening speaker
        self.proposal = None        # the stake proposed: None, a number, or ORDAGO
        self.accepted = 1           # the stake last accepted (1 before any)
        self.bidder = None          # the seat that made the proposal
        self.answerers = []         # the bidder's opponents speaking, in turn
        self.apos = 0               # answerers before it have folded

    def awaiting(self, out):
        """Who speaks now and with which words, into `out` (MusHand.awaiting's dict)."""
        if self.proposal is None:
            out["seats"] = [self.speakers[self.pos]]
            out["calls"] = list(OPEN_WORDS)
            out["min"] = 2
        else:
            out["seats"] = self.answerers[self.apos:]
            if self.proposal == ORDAGO:
                out["calls"] = ["see", "fold"]
            elif self.proposal < self.target:
                out["calls"] = list(ANSWER_WORDS)
                out["min"] = self.proposal + 1
            else:                   # the stake is the target: no raise but an órdago
                out["calls"] = ["see", "fold", "ordago"]
        out["max"] = self.target

    def call(self, seat, word, ev, hand):
        """A betting word of `seat` (`ev`: the call's keys; `hand`: the MusHand, for
        its turn check and its words on what it waits for). Returns None while the
        round is still bet, or how it closed: "pass", "see", "fold" or "ordago".
        Raises OrderError / EventError and changes nothing when refused."""
        name = self.name
        if self.proposal is None:
            if word not in OPEN_WORDS:
                raise OrderError(repr(word) + " from seat " + str(seat) + " in " + name
                                 + " with no bid to answer: " + hand.waiting())
            hand.turn(seat, word, self.speakers[self.pos])
            if word == "pass":
                self.pos += 1
                return "pass" if self.pos == len(self.speakers) else None
            self._propose(seat, ORDAGO if word == "ordago" else self._amount(seat, word, ev, 2))
            return None
        if word not in ANSWER_WORDS:
            raise OrderError(repr(word) + " from seat " + str(seat) + " in " + name + ": a bid of "
                             + str(self.proposal) + " is on the table, " + hand.waiting())
        if seat not in self.answerers[self.apos:]:
            hand.turn(seat, word, self.answerers[self.apos])      # raises: not an answerer
        if self.proposal == ORDAGO and word in ("raise", "ordago"):
            raise OrderError(repr(word) + " from seat " + str(seat) + " in " + name
                             + ": nothing goes above an ordago (see or fold)")
        if word == "see":
            self.accepted = self.proposal
            return "ordago" if self.proposal == ORDAGO else "see"
        if word == "fold":
            i = self.answerers.index(seat, self.apos)
            self.answerers[self.apos], self.answerers[i] = seat, self.answerers[self.apos]
            self.apos += 1          # out of the answer; the other opponent still may
            return "fold" if self.apos == len(self.answerers) else None
        amount = ORDAGO if word == "ordago" else self._amount(seat, word, ev, self.proposal + 1)
        self.accepted = self.proposal       # a raise accepts the stake it raises
        self._propose(seat, amount)
        return None

    def _amount(self, seat, word, ev, least):
        amount = ev.get("amount")
        said = "seat " + str(seat) + " " + repr(word) + " amount=" + repr(amount)
        if not _int(amount):
            raise EventError(said + ": 'amount' is the whole stake proposed, a whole number")
        if amount > self.target:
            raise EventError(said + " is more than the game (" + str(self.target) + "): call 'ordago'")
        if word == "bid" and amount < least:
            raise EventError(said + ": a bid is at least 2 (the whole stake proposed)")
        if amount < least:
            raise OrderError(said + " in " + self.name + " is not above the stake proposed ("
                             + str(self.proposal) + ")")
        return amount

    def _propose(self, seat, amount):
        self.proposal = amount
        self.bidder = seat
        self.answerers = self._opponents(seat)
        self.apos = 0

    def _opponents(self, seat):
        """The speakers of the other side, in turn from `seat`'s right."""
        out = []
        game = self.game
        team = game.team_of
        s = seat
        for _ in range(game.seats - 1):
            s = game.next_seat(s)
            if team[s] != team[seat] and s in self.speakers:
                out.append(s)
        return out
