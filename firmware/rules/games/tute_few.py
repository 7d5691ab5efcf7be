"""Tute for two (habanero) and three (../shared/rules/tute-two-three-subastado.md): the
differences from Tute for four (games/tute.py), which this file subclasses. The registry
(games/__init__.py `get`) gives these classes for `tute` at 2 and 3 seats, so Tute for
four, its file and its log are unchanged; the Pico loads this file only for them.

Tute habanero, two players each for himself (sheet §1):
- 8 cards each; the next card is turned for trump and lies under the stock, drawn last
  (24 cards of stock with it): 12 tricks with draws, then 8 without (the arrastre).
- T1: while the stock lasts one duty only: a trump led is followed with a trump when
  able (no duty to beat it), any other lead is free (duty flag TRUMP_LEAD; option
  `stock_duty` "none": no duty at all, as in Brisca). In the arrastre Tute's full
  duties (follow, beat, trump, overtrump, under-trump).
  Proofs: a draw closes what the table knew of a hand (rules/stock.py), so a failure to
  follow a trump lead is proven at once when the table knows the seat holds a trump
  (the turn-up it drew, the card it took in the exchange, a cante's cards); the sheet's
  counting proof (every trump played later drawn after the trick) is not made.
- Cantes: Tute's (`declare`): the winner of the trick just played, one per trick won,
  before the next lead; 40 in trumps, 20 otherwise; las cuarenta first (Tute's rule,
  option `cuarenta_bar`). T2: a tute (four Reyes) is refused (option `tute` true: it is
  allowed and wins the hand). Four Caballos are not a tute at any seat count (Tute's file).
- The exchange (`exchange` + `card`): the 7 of trumps takes a turned As, Tres, Rey,
  Caballo or Sota; the 2 of trumps a turned 4, 5, 6 or 7; by the winner of the trick just
  played, before the next lead, while the turn-up is on the table (rules/stock.py).
- 10 for the last trick (las diez de últimas).
- Hand result (a partida): more than 100 wins it; both past 100, the higher total
  (level: nobody, the partida is void); neither, a second deal is played and the two
  deals added (`hand_end.partida` the running points, `vueltas` on the second deal). A
  hand's `score` is the partida won (1) or 0. The 101 claim in the second deal and the
  capote are not offered: the table settles at the deal's end, and the claim gives the
  same winner whenever it is right.
- A match is `hands` partidas (default 1), whoever won more wins it; level, drawn.
- A proven renuncio is reported (Tute's `irregularity` "report", the engine's default
  for Tute); "game" ends the match for the other seat (at three: with no winner, as in
  every game of three each for himself).

Tute for three, each for himself (sheet §2):
- T3: 13 cards each; the 40th card is turned for trump and stays on the table, out of
  play (a hand holds 120 less its points, plus 10 for the last trick and the cantes).
  Option `pack` "no-twos": the four 2s out, 12 each, the dealer's last card turned and
  kept (as in Tute for four). The 2-of-oros variant and the Argentine compulsory
  7-exchange are not offered.
- Tute's full duties from the first trick; no stock.
- Cantes: one per trick won, las cuarenta before any veinte of the same player; a tute
  is valid and wins the hand.
- The highest total wins the hand (a tie for the highest: nobody); a match is `hands`
  hands, whoever won more wins it. The dealer sitting out at four people is not offered:
  the table seats three.

Tute subastado, option `subastado` at three seats (sheet §3):
- T7: 36 cards (the 2s out), 12 each; no turn-up. T6 (the packets, unshuffled) is the
  dealer's own: the table reads the hands, not the deal.
- T4: the auction from the mano (the dealer's right) anticlockwise: `bid` + `amount`
  (a multiple of 5, from 60 to 230, above the last bid) or `pass` (final); one round,
  each seat speaks once (option `auction` "open": on until all others pass). All
  passing throws the deal in (`ended` "pass"). The winner names trump (`trump` +
  `suit`) and plays alone against the other two (rules/contract.py: `ctx.contract`).
- Tute's full duties; a renuncio as in Tute for three (option `irregularity`).
- T5: only the declarer sings (one cante per trick won, las cuarenta first); no tute
  (the sheet's Ludoteka default; the cash variants' tute is not offered).
- The declarer's total (card points, his cantes, 10 for the last trick) against the
  bid: made, he scores 1; failed, each defender scores 1 (the sheet names no figure:
  winners are credited). A match is `hands` deals played (a thrown-in deal is not
  one of them); a tie for the most after them plays on (Ludoteka). The 500-point
  game, stakes, the censor and the extended cantes are not offered.
"""
from .. import cards as C
from ..duties import FOLLOW, TRUMP_LEAD
from ..errors import EventError, OrderError
from ..phases import CALLS as PHASE_CALLS, PLAY
from ..stages import CALLS, DEAL, DRAW, SCORE, TRICKS, TURNUP
from .partida import of as _partida, running as _running
from .tute import Declarations, Tute

SEVEN = 6       # slots (face - 1)
TWO = 1
WIN = 101


# The options of these forms (Tute for four does not take them: its log is unchanged);
# `tapete games` lists them with Tute's (games/__init__.py `info`).
FEW_OPTIONS = {
    "stock_duty": ("trump", ("trump", "none"), "two seats, while the stock lasts: a trump "
                   "led must be followed with a trump (trump), or no duty (none)"),
    "tute": (False, bool, "two seats: a tute (the four Reyes) is allowed and wins the hand"),
    "pack": ("turnup", ("turnup", "no-twos"), "three seats: 13 each and the 40th card turned, "
             "out of play (turnup), or the 2s out, 12 each, the dealer's last card (no-twos)"),
    "subastado": (False, bool, "three seats: Tute subastado (the 2s out, 12 each, an auction; "
                  "the declarer names trump and plays alone against the other two)"),
    "auction": ("one", ("one", "open"), "Tute subastado: one round of bids, or open until "
                "all others pass"),
}


def for_seats(seats):
    """The Tute class for `seats` (games/__init__.py)."""
    return Habanero if seats == 2 else TuteThree


class _EachForSelf(Tute):
    """Tute with no partnership: each seat its own side."""

    def configure(self, seats):
        Tute.configure(self, seats)
        for s in range(self.seats):
            self.team_of[s] = s
        self.teams = self.seats

    def hand_score_into(self, match, points, out):
        """One hand to the highest total (or the tute); a tie for the highest: nobody."""
        for t in range(self.teams):
            out[t] = 0
        if match.ctx.winner >= 0:
            out[match.ctx.winner] = 1
            return
        w = _highest(points, self.teams)
        if w >= 0:
            out[w] = 1

    def settle(self, match):
        for t in range(self.teams):
            match.totals[t] += match.score[t]
        if self.played_out(match) < self.hands:
            return -1
        match.end_reason = "hands"
        w = _highest(match.totals, self.teams)
        return w if w >= 0 else -2

    def played_out(self, match):
        """The hands of the match played so far."""
        return match.hand_no


class TuteThree(_EachForSelf):
    """Tute for three, each for himself: 13 cards each, the 40th turned and out of play."""

    seats = 3
    turnup_held = False     # T3: the 40th card, out of play on the table
    OPTIONS = dict(Tute.OPTIONS, pack=FEW_OPTIONS["pack"], subastado=FEW_OPTIONS["subastado"],
                   auction=FEW_OPTIONS["auction"])

    def prepare(self):
        Tute.prepare(self)
        o = self.options
        self.subastado = o.get("subastado", False)
        if o.get("pack", "turnup") == "no-twos" or self.subastado:
            self.faces = (1, 3, 13, 12, 11, 7, 6, 5, 4)     # 36 cards, 12 each
            self.turnup_held = True
        if self.subastado:
            self.turnup = False         # no turn-up: the auction's winner names trump
            self.calls = ("bid", "pass", "trump", "declare")
            self.stages = (DEAL, CALLS, TRICKS, SCORE)
            self.open_auction = o.get("auction", "one") == "open"

    # -- Tute subastado (option subastado) ---------------------------------------------------
    def begin_hand(self, match):
        if not self.subastado:
            return Tute.begin_hand(self, match)
        match.ctx.talk = Subasta(self.first_leader(match.dealer))
        return PHASE_CALLS

    def awaiting(self, match):
        a = match.ctx.talk
        if not self.subastado or a is None or a.done:
            return 0
        return 1 << (a.high_seat if a.naming else a.turn)

    def on_call(self, match, seat, word, ev):
        if not self.subastado or word == "declare":
            if word == "declare" and self.subastado:
                a = match.ctx.talk
                if seat != a.high_seat:
                    raise OrderError("only the declarer (seat " + str(a.high_seat) + ") sings in "
                                     "Tute subastado")
                if isinstance(ev.get("cards"), list) and len(ev["cards"]) == 4:
                    raise EventError("no tute in Tute subastado: declare the Rey and Caballo of a suit")
            return Tute.on_call(self, match, seat, word, ev)
        return auction_call(self, match, seat, word, ev)

    def tag_call(self, match, seat, word):
        """The auction at the table: the trump tags name trump; the bid tag bids 5
        above the last bid (60 first): a player bids higher by bidding again."""
        a = match.ctx.talk
        if self.subastado and word.startswith("trump-"):
            return {"call": "trump", "suit": word[6:]}
        if self.subastado and word == "bid":
            return {"call": "bid", "amount": max(a.high + 5, MIN_BID)}
        return Tute.tag_call(self, match, seat, word)

    def context(self, match, out):
        Tute.context(self, match, out)
        a = match.ctx.talk
        if self.subastado and a is not None and a.high_seat >= 0:
            out["bid"] = {"amount": a.high, "seat": a.high_seat}

    def hand_extra(self, match, out):
        Tute.hand_extra(self, match, out)
        a = match.ctx.talk
        if self.subastado and a is not None and a.high_seat >= 0:
            out["bid"] = {"amount": a.high, "seat": a.high_seat}

    def hand_score_into(self, match, points, out):
        """Subastado: the declarer's total (cards, his cantes, the last trick) against the
        bid: made, he scores 1; failed, each defender scores 1."""
        if not self.subastado:
            return _EachForSelf.hand_score_into(self, match, points, out)
        for t in range(self.teams):
            out[t] = 0
        a = match.ctx.talk
        if a is None or a.high_seat < 0 or match.ctx.ended == "pass":
            return
        d = a.high_seat
        won = points[d] >= a.high if match.ctx.winner < 0 else match.ctx.winner == d
        for t in range(self.teams):
            out[t] = 1 if (t == d) == won else 0

    def settle(self, match):
        """Subastado: a deal thrown in (all passed) is not one of the match's `hands`,
        and a tie for the most after them plays on (Ludoteka)."""
        if not self.subastado:
            return _EachForSelf.settle(self, match)
        p = _partida(match)
        if match.ctx.ended != "pass":
            p.played += 1
        w = _EachForSelf.settle(self, match)
        if w == -2:
            match.end_reason = None
            return -1
        return w

    def played_out(self, match):
        return match.series.played if self.subastado else match.hand_no

    def random_call(self, match, hands, rng):
        if not self.subastado:
            return Tute.random_call(self, match, hands, rng)
        a = match.ctx.talk
        if match.phase == PHASE_CALLS:
            if a.naming:
                return {"ev": "call", "seat": a.high_seat, "call": "trump",
                        "suit": "SHDC"[rng.getrandbits(2)]}
            low = max(a.high + 5, MIN_BID)
            if low <= MAX_BID and rng.getrandbits(1):
                return {"ev": "call", "seat": a.turn, "call": "bid", "amount": low + 5 * rng.getrandbits(1)}
            return {"ev": "call", "seat": a.turn, "call": "pass"}
        if match.phase == PLAY and match.trick.number > 1 and match.last.winner == a.high_seat:
            ev = Tute.random_call(self, match, hands, rng)
            if ev is not None and len(ev["cards"]) == 2:
                return ev
        return None


class Habanero(_EachForSelf):
    """Tute habanero: two players, 8 cards and a stock."""

    seats = 2
    hand_size = 8
    turnup_held = False     # the turn-up is the stock's, drawn last
    STAGES = (DEAL, TURNUP, DRAW, TRICKS, SCORE)
    calls = ("declare", "exchange")
    OPTIONS = dict(Tute.OPTIONS, stock_duty=FEW_OPTIONS["stock_duty"], tute=FEW_OPTIONS["tute"])

    def prepare(self):
        Tute.prepare(self)
        self.arrastre_duties = Tute.duties
        self.stock_duties = 0 if self.options.get("stock_duty", "trump") == "none" \
            else FOLLOW | TRUMP_LEAD
        self.duties = self.stock_duties
        self.tute_allowed = self.options.get("tute", False)

    # -- the stages ----------------------------------------------------------------------
    def begin_hand(self, match):
        self._duties(self.stock_duties)
        p = _partida(match)
        p.vueltas = p.carry is not None
        return Tute.begin_hand(self, match)

    def arrastre(self, match):
        """The stock is drawn out: Tute's full duties for the 8 tricks left."""
        self._duties(self.arrastre_duties)

    def _duties(self, duties):
        if self.duties != duties:
            self.duties = duties
            retable = getattr(self.hot, "retable", None)
            if retable is not None:
                retable(self)

    # -- calls: cantes and the exchange ----------------------------------------------------
    def on_call(self, match, seat, word, ev):
        if word == "exchange":
            from ..stock import exchange_call
            return exchange_call(self, match, seat, ev, self.exchange_card(match.turnup))
        if word == "declare" and not self.tute_allowed and isinstance(ev.get("cards"), list) \
                and len(ev["cards"]) == 4:
            raise EventError("no tute in habanero (option tute): declare the Rey and Caballo of a suit")
        return Tute.on_call(self, match, seat, word, ev)

    def exchange_card(self, turnup):
        """The card of trumps (printed) that takes the turn-up: the 7 a card above it,
        the 2 a card below it (a turned 7 too); None for a turned 2."""
        trump = turnup >> 4
        if self.strength[turnup] > self.strength[trump * 16 + SEVEN]:
            return trump * 16 + SEVEN
        two = trump * 16 + TWO
        return two if turnup != two else None

    def random_call(self, match, hands, rng):
        """The exchange or a cante now and then, when the trick's winner may."""
        if match.phase != PLAY or match.trick.n or match.trick.number < 2:
            return None
        from ..stock import random_exchange
        ev = random_exchange(self, match, hands, rng, self.exchange_card(match.turnup))
        if ev is not None:
            return ev
        ev = Tute.random_call(self, match, hands, rng)
        if ev is not None and len(ev["cards"]) == 4 and not self.tute_allowed:
            return None
        return ev

    # -- scoring: the partida ------------------------------------------------------------------
    def hand_score_into(self, match, points, out):
        """The partida (1) to the seat past 100 with this deal (and the deal before it),
        else nothing (a second deal follows)."""
        out[0] = out[1] = 0
        if match.ctx.winner >= 0:
            out[match.ctx.winner] = 1
            return
        run = _running(points, _partida(match).carry)
        over = [t for t in range(2) if run[t] >= WIN]
        if len(over) == 1:
            out[over[0]] = 1
        elif over:
            w = _highest(run, 2)
            if w >= 0:
                out[w] = 1

    def settle(self, match):
        p = _partida(match)
        p.points = _running(match.points, p.carry)
        decided = match.score[0] or match.score[1]
        void = not decided and (p.points[0] >= WIN or p.points[1] >= WIN)
        p.carry = None if decided or void or match.ctx.winner >= 0 else p.points
        if p.carry is None:
            p.played += 1
        self._duties(self.stock_duties)
        return _EachForSelf.settle(self, match)

    def played_out(self, match):
        """The partidas of the match played out (a first deal with nobody past 100 is not)."""
        return _partida(match).played

    def hand_extra(self, match, out):
        Tute.hand_extra(self, match, out)
        p = _partida(match)
        out["partida"] = list(p.points)
        if p.vueltas:
            out["vueltas"] = True

    def context(self, match, out):
        Tute.context(self, match, out)
        p = match.series
        if p is not None and p.vueltas and p.carry is not None:
            out["vueltas"] = list(p.carry)     # the second deal: the first's points carried


MIN_BID = 60
MAX_BID = 230       # 120 + 10 + the four cantes (40 + 3 x 20)


def auction_call(game, match, seat, word, ev):
    """A bid, a pass or the trump of Tute subastado's auction (T4)."""
    a = match.ctx.talk
    if match.phase != PHASE_CALLS or a.done:
        raise OrderError("the auction of hand " + str(match.hand_no) + " is over")
    if word == "trump":
        if not a.naming or seat != a.high_seat:
            raise OrderError("seat " + str(seat) + " may not name trump: " + (
                "the auction is still on" if not a.naming else "seat " + str(a.high_seat) + " won it"))
        suit = C.parse_suit(ev.get("suit"))
        if suit == C.NO_TRUMP:
            raise EventError("the declarer names a trump suit, not " + repr(ev.get("suit")))
        a.done = True
        from ..contract import make
        return [make(match, 1 << seat, suit, a.high, seat)]
    if word not in ("bid", "pass"):
        raise EventError("unknown call " + repr(word) + " in Tute subastado")
    if a.naming:
        raise OrderError("the auction is won: seat " + str(a.high_seat) + " names trump")
    if seat != a.turn:
        raise OrderError("seat " + str(seat) + " bids out of turn: seat " + str(a.turn) + " speaks")
    if word == "bid":
        amount = ev.get("amount")
        low = max(a.high + 5, MIN_BID)
        if not isinstance(amount, int) or isinstance(amount, bool) or amount % 5 \
                or not low <= amount <= MAX_BID:
            raise EventError("a bid is a multiple of 5 from " + str(low) + " to " + str(MAX_BID)
                             + ", got " + repr(amount))
        a.high = amount
        a.high_seat = seat
    else:
        a.passed |= 1 << seat
    a.spoken |= 1 << seat
    everyone = (1 << game.seats) - 1
    left = game.seats - _bits(a.passed)
    if left == 0:
        return match.end_hand(-1, "pass")           # all passed: thrown in
    over = a.spoken == everyone if not game.open_auction else (left == 1 and a.high_seat >= 0
                                                                and not a.passed >> a.high_seat & 1)
    if over and a.high_seat >= 0:
        a.naming = True
        return []
    if over:
        return match.end_hand(-1, "pass")
    a.turn = game.next_seat(seat)
    while a.passed >> a.turn & 1 or (not game.open_auction and a.spoken >> a.turn & 1):
        a.turn = game.next_seat(a.turn)
    return []


def _bits(n):
    k = 0
    while n:
        k += n & 1
        n >>= 1
    return k


def _highest(values, n):
    """The index of the single highest of the first `n` values, or -1 on a tie."""
    best = 0
    for t in range(1, n):
        if values[t] > values[best]:
            best = t
    for t in range(n):
        if t != best and values[t] == values[best]:
            return -1
    return best


class Subasta(Declarations):
    """Tute subastado's hand: its auction, and the declarer's cantes (Tute's)."""

    def __init__(self, first):
        Declarations.__init__(self)
        self.turn = first           # the seat to speak: the mano (the dealer's right)
        self.high = 0               # the highest bid, 0 before any
        self.high_seat = -1         # the declarer once the auction is won
        self.passed = 0             # a bit per seat that passed (final)
        self.spoken = 0             # a bit per seat that has spoken
        self.naming = False         # the auction is won: its winner names trump
        self.done = False           # trump is named


