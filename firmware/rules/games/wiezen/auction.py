"""Wiezen's bidding as a state machine over the log's calls (../shared/rules/wiezen.md
§5, §6; the calls are docs/protocol.md's, Wiezen section). Pure: it knows no match,
only the dealer, the turn-up's suit and the options; the stage driver feeds it the
`call` events and reads the contract from it when `done`.

Readings (docs/wiezen.md says each with its source):
- The troel round (IWWA's compulsory "pass/troel" before the bidding) is folded into
  the first round: a holder of three aces says `troel` (four aces: `troela`) as his
  first call, naming the card that makes his partner (`card`: the ace he lacks; for
  troela the highest heart he lacks). Said later it is refused (he did not announce it).
- A pass is final. `wait` (wachten) only by the first speaker at his first call, with
  nothing bid: he may later accept an ask (`mee`), pass or bid a special, never ask.
- One open ask at a time; one acceptor, while the ask is unanswered and still the
  highest bid. The declarers of the highest bid are skipped until overbid; then they
  may bid higher (or pass) at their turn.
- `miserie` (and `open-miserie`) said when it is the highest bid joins it (ook
  miserie): each declarer settles alone.
- The bidding ends when every seat but the declarers of the highest bid has passed.
  An ask left unanswered: its asker says `alleen` (5 tricks alone) or `pass`.
  Nothing bid, or the asker passes: all pass (the match's option `all_pass`).
- Abondance and solo name their trump once the bidding is won (`trump` + `suit`),
  or with the bid (option `trump_with_bid`). Solo slim plays the turn-up's suit
  (option `solo_slim`: "choice" names one as solo does).
- Troel and troela: once won, the holder of the named card makes himself known
  (`partner`); troel's trump is that ace's suit, troela's hearts.
- Kleurenwiezen (option `bid_trump`): no turn-up. `vraag` names a `suit` and may bid
  more `tricks` (8 to 13); a later ask outranks it by more tricks, or as many in a
  higher suit (hearts, diamonds, clubs, spades), and replaces it with its acceptor.
  Only the acceptor bids further for a pair: once the pair is overbid, his `vraag` in
  the pair's suit (more tricks) makes it the pair's again, the proposer beside him.
  Alleen keeps the asked suit. Solo slim names its trump.
"""
from ... import cards as C
from ...errors import EventError, OrderError
from . import contracts as K

BIDDING = 0     # the seats speak in turn
ALONE = 1       # the ask is unanswered: its asker says alleen or pass
PARTNER = 2     # troel or troela won: the holder of the named card makes himself known
TRUMP = 3       # abondance or solo won: its declarer names trump
DONE = 4        # the contract is settled
PASSED = 5      # all passed: no contract

# Kleurenwiezen's suit order for asks: hearts > diamonds > clubs > spades (sheet §15).
COLOUR_RANK = (0, 3, 2, 1)      # by suit S H D C

WORDS = ("pass", "wait", "vraag", "mee", "alleen", "abondance", "miserie", "open-miserie",
         "troel", "troela", "solo", "solo-slim", "partner", "trump")


class Auction:
    """One hand's bidding. `options`: the game's (ladder, trump_with_bid, solo_slim,
    miserie_trump, abondance_lead, bid_trump). `turnup`: the turn-up's suit (None in
    Kleurenwiezen)."""

    def __init__(self, dealer, turnup, options):
        self.dealer = dealer
        self.first = (dealer + 1) % 4
        self.turn = self.first
        self.turnup = turnup
        self.options = options
        self.rank = K.LADDERS[options.get("ladder", "iwwa")]
        self.kleuren = bool(options.get("bid_trump"))
        self.stage = BIDDING
        self.passed = 0         # a bit per seat that passed (final)
        self.spoke = 0          # a bit per seat that has called
        self.waited = -1        # the first speaker, once he waited
        self.high = K.NONE      # the highest contract bid
        self.declarers = 0      # a bit per seat holding it
        self.asker = -1
        self.acceptor = -1
        self.ask_key = 0        # Kleurenwiezen: tricks * 4 + colour rank of the ask
        self.target = 0         # tricks the declaring side must take (0: the contract's)
        self.trump = None       # suit 0..3, C.NO_TRUMP, None while unknown
        self.card = -1          # troel/troela: the card whose holder is the partner
        self.partner = -1
        self.troel_by = 0       # a bit per seat that announced troel or troela (§13's proofs)
        self.troel_owed = 0     # a bit per seat whose first call came while troel could be bid
        self.pair_asker = -1    # Kleurenwiezen: the last pair overbid, whose acceptor may raise it
        self.pair_acceptor = -1
        self.pair_suit = -1

    # -- the checked door -----------------------------------------------------------
    @property
    def done(self):
        return self.stage >= DONE

    def awaiting(self):
        """A bit per seat whose call is awaited (0 when the bidding is over)."""
        if self.stage == BIDDING:
            return 1 << self.turn
        if self.stage == ALONE:
            return 1 << self.asker
        if self.stage == TRUMP:
            return self.declarers
        if self.stage == PARTNER:
            return 15 & ~self.declarers
        return 0

    def call(self, seat, word, ev):
        """Apply the call `word` of `seat` (`ev`: its keys). Raises OrderError or
        EventError quoting the input, changing nothing, when it is not allowed."""
        if word not in WORDS:
            raise EventError("unknown call " + repr(word) + " in wiezen (known: " + ", ".join(WORDS) + ")")
        if self.stage >= DONE:
            raise OrderError("the bidding is over: " + repr(word) + " by seat " + str(seat) + " comes too late")
        if self.stage == ALONE:
            return self._alone(seat, word)
        if self.stage == PARTNER:
            return self._partner(seat, word)
        if self.stage == TRUMP:
            return self._trump(seat, word, ev)
        if seat != self.turn:
            raise OrderError("seat " + str(seat) + " speaks out of turn: seat " + str(self.turn) + " speaks")
        if not (self.spoke >> seat) & 1 and self.rank[self.high] < self.rank[K.TROEL]:
            owed = 1 << seat        # set once the call is accepted (below)
        else:
            owed = 0
        if word == "pass":
            self.passed |= 1 << seat
        elif word == "wait":
            if seat != self.first or self.spoke & (1 << seat) or self.high:
                raise OrderError("only the first speaker may wait, at his first call, with nothing bid")
            self.waited = seat
        elif word == "vraag":
            self._vraag(seat, ev)
        elif word == "mee":
            if self.high != K.VRAAG or self.acceptor >= 0 or seat == self.asker:
                raise OrderError("seat " + str(seat) + " may not go along (mee): "
                                 + ("no ask is open" if self.high != K.VRAAG or seat == self.asker
                                    else "seat " + str(self.acceptor) + " already went along"))
            self.acceptor = seat
            self.declarers |= 1 << seat
        elif word in ("partner", "trump", "alleen"):
            raise OrderError(repr(word) + " is said after the bidding, not during it")
        else:
            self._special(seat, word, ev)
        self.spoke |= 1 << seat
        self.troel_owed |= owed
        self._next(seat)
        return self.stage

    def allowed(self, seat):
        """The call words `seat` may say now (a new list: for the panel, the host and
        random play; keys such as `tricks` or `suit` are checked when said)."""
        st = self.stage
        if st == ALONE:
            return ["alleen", "pass"] if seat == self.asker else []
        if st == PARTNER:
            return ["partner"] if not (self.declarers >> seat) & 1 else []
        if st == TRUMP:
            return ["trump"] if (self.declarers >> seat) & 1 else []
        if st != BIDDING or seat != self.turn:
            return []
        out = ["pass"]
        first = not (self.spoke >> seat) & 1
        rank = self.rank
        high = rank[self.high]
        if first and seat == self.first and self.high == K.NONE:
            out.append("wait")
        if seat != self.waited and (self.high == K.NONE or self.kleuren and self.high == K.VRAAG
                                    and self.ask_key < 13 * 4 + COLOUR_RANK[1]):
            out.append("vraag")
        if self.high == K.VRAAG and self.acceptor < 0 and seat != self.asker:
            out.append("mee")
        if rank[K.ABONDANCE_12] > high:
            out.append("abondance")
        for c in (K.MISERIE, K.OPEN_MISERIE, K.TROEL, K.TROELA, K.SOLO, K.SOLO_SLIM):
            if rank[c] > high or c == self.high and K.is_miserie(c):
                if first or c != K.TROEL and c != K.TROELA:
                    out.append(K.WORDS[c])
        return out

    # -- the bids -----------------------------------------------------------------------
    def _vraag(self, seat, ev):
        if seat == self.waited:
            raise OrderError("seat " + str(seat) + " waited: he may go along with an ask, not ask")
        if not self.kleuren:
            if self.high:
                raise OrderError("seat " + str(seat) + " may not ask: " + K.word(self.high) + " is bid")
            self._raise(seat, K.VRAAG)
            self.asker = seat
            return
        suit = C.parse_suit(ev.get("suit"))
        if suit == C.NO_TRUMP:
            raise EventError("a vraag in kleurenwiezen names a suit, not " + repr(ev.get("suit")))
        tricks = ev.get("tricks", 8)
        if not isinstance(tricks, int) or isinstance(tricks, bool) or not 8 <= tricks <= 13:
            raise EventError("a vraag is for 8 to 13 tricks, got tricks=" + repr(tricks))
        key = tricks * 4 + COLOUR_RANK[suit]
        if self.high not in (K.NONE, K.VRAAG) or self.high == K.VRAAG and key <= self.ask_key:
            raise OrderError("seat " + str(seat) + "'s vraag " + str(tricks) + " " + C.SUITS[suit]
                             + " does not outrank the bid standing")
        if self.high == K.VRAAG and self.acceptor >= 0:     # a pair overbid: its acceptor may raise
            self.pair_asker = self.asker
            self.pair_acceptor = self.acceptor
            self.pair_suit = self.trump
        self.high = K.VRAAG
        if seat == self.pair_acceptor and suit == self.pair_suit:
            self.declarers = (1 << seat) | (1 << self.pair_asker)     # he bids further for the pair
            self.asker = self.pair_asker
            self.acceptor = seat
        else:
            self.declarers = 1 << seat
            self.asker = seat
            self.acceptor = -1
        self.ask_key = key
        self.target = tricks
        self.trump = suit

    def _special(self, seat, word, ev):
        if word == "abondance":
            tricks = ev.get("tricks")
            contract = K.abondance(tricks) if isinstance(tricks, int) and not isinstance(tricks, bool) else K.NONE
            if contract == K.NONE:
                raise EventError("abondance is for 9, 10, 11 or 12 tricks, got tricks=" + repr(tricks))
        else:
            contract = K.of_word(word)
        if contract in (K.TROEL, K.TROELA):
            self._troel_card(seat, contract, ev)
        join = K.is_miserie(contract) and contract == self.high
        if not join and self.rank[contract] <= self.rank[self.high]:
            raise OrderError("seat " + str(seat) + "'s " + K.word(contract) + " does not outrank "
                             + K.word(self.high))
        suit = None
        if contract in (K.ABONDANCE_9, K.ABONDANCE_10, K.ABONDANCE_11, K.ABONDANCE_12, K.SOLO) \
                and self.options.get("trump_with_bid"):
            suit = C.parse_suit(ev.get("suit"))
            if suit == C.NO_TRUMP:
                raise EventError(K.word(contract) + " names its trump suit, not " + repr(ev.get("suit")))
        if join:
            self.declarers |= 1 << seat
        else:
            self._raise(seat, contract)
        if contract in (K.TROEL, K.TROELA):
            self.card = C.parse(ev.get("card"))
            self.troel_by |= 1 << seat
        if suit is not None:
            self.trump = suit

    def _troel_card(self, seat, contract, ev):
        if self.spoke & (1 << seat):
            raise OrderError("seat " + str(seat) + " says " + K.word(contract)
                             + " at his first call or not at all (the troel round)")
        c = C.parse(ev.get("card"))
        if contract == K.TROEL and C.face_of(c) != 1:
            raise EventError("troel names the ace its holder lacks, got card=" + repr(ev.get("card")))
        if contract == K.TROELA and (C.suit_of(c) != 1 or C.face_of(c) == 1):
            raise EventError("troela names the highest heart its holder lacks (not the ace), got card="
                             + repr(ev.get("card")))

    def _raise(self, seat, contract):
        self.high = contract
        self.declarers = 1 << seat
        self.acceptor = -1
        self.trump = None
        self.target = 0

    def _next(self, seat):
        """The next seat to speak, or the end of the bidding."""
        busy = self.passed | self.declarers
        if busy == 15 or self.high == K.NONE and self.passed == 15:
            return self._close()
        s = (seat + 1) % 4
        while (busy >> s) & 1:
            s = (s + 1) % 4
        self.turn = s

    def _close(self):
        if self.high == K.NONE:
            self.stage = PASSED
        elif self.high == K.VRAAG and self.acceptor < 0:
            self.stage = ALONE
        else:
            self._settle()

    # -- after the bidding --------------------------------------------------------------
    def _alone(self, seat, word):
        if seat != self.asker or word not in ("alleen", "pass"):
            raise OrderError("nobody went along: seat " + str(self.asker) + " says alleen or pass")
        if word == "pass":
            self.passed |= 1 << seat
            self.high = K.NONE
            self.declarers = 0
            self.stage = PASSED
            return self.stage
        self.high = K.ALLEEN
        self.target = 0         # alleen is 5 tricks, whatever the ask was for
        self._settle()
        return self.stage

    def _partner(self, seat, word):
        if word != "partner" or (self.declarers >> seat) & 1:
            raise OrderError("the holder of " + C.name(self.card) + " makes himself known (partner)")
        self.partner = seat
        self.declarers |= 1 << seat
        self.stage = DONE
        return self.stage

    def _trump(self, seat, word, ev):
        if word != "trump" or not (self.declarers >> seat) & 1:
            raise OrderError("seat " + str(self.declarers_seat()) + " names trump for " + K.word(self.high))
        suit = C.parse_suit(ev.get("suit"))
        if suit == C.NO_TRUMP:
            raise EventError(K.word(self.high) + " is played with a trump suit, not " + repr(ev.get("suit")))
        self.trump = suit
        self.stage = DONE
        return self.stage

    def _settle(self):
        """The bidding is won: fix the trump, or wait for who names it or the partner."""
        c = self.high
        o = self.options
        self.stage = DONE
        if c == K.VRAAG or c == K.ALLEEN:
            if not self.kleuren:
                self.trump = self.turnup
        elif K.is_miserie(c):
            turnup = o.get("miserie_trump") == "turnup" and self.turnup is not None
            self.trump = self.turnup if turnup else C.NO_TRUMP
        elif c == K.TROEL:
            self.trump = C.suit_of(self.card)
            self.stage = PARTNER
        elif c == K.TROELA:
            self.trump = 1
            self.stage = PARTNER
        elif c == K.SOLO_SLIM and not self.kleuren and o.get("solo_slim", "turnup") == "turnup":
            self.trump = self.turnup
        elif self.trump is None:
            self.stage = TRUMP

    # -- what the bidding settled ---------------------------------------------------
    def declarers_seat(self):
        """The lowest declaring seat (the lone declarer of a 1 v 3 contract)."""
        for s in range(4):
            if (self.declarers >> s) & 1:
                return s
        return -1

    def contract_target(self):
        """Tricks the declaring side must take (0 for miserie)."""
        return self.target or K.TARGET[self.high]

    def leader(self):
        """Who leads the first trick (§6): the troel partner, a solo declarer, an
        abondance declarer under option abondance_lead "declarer", else the dealer's left."""
        c = self.high
        if c == K.TROEL:
            return self.partner
        if c == K.SOLO or c == K.SOLO_SLIM or K.is_abondance(c) and self.options.get("abondance_lead") == "declarer":
            return self.declarers_seat()
        return self.first

    def first_lead(self):
        """The card the first lead must be (troel: the fourth ace), or -1."""
        return self.card if self.high == K.TROEL else -1

    def shown(self):
        """A bit per seat whose hand is laid open (open miserie)."""
        return self.declarers if self.high == K.OPEN_MISERIE else 0
