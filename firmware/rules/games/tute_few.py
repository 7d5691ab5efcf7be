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
"""
from ..duties import FOLLOW, TRUMP_LEAD
from ..errors import EventError
from ..phases import PLAY
from ..stages import DEAL, DRAW, SCORE, TRICKS, TURNUP
from .tute import Tute

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
    OPTIONS = dict(Tute.OPTIONS, pack=FEW_OPTIONS["pack"])

    def prepare(self):
        Tute.prepare(self)
        if self.options.get("pack", "turnup") == "no-twos":
            self.faces = (1, 3, 13, 12, 11, 7, 6, 5, 4)     # 36 cards, 12 each
            self.turnup_held = True


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


def _running(points, carry):
    """The partida's points: this deal's plus the first deal's carried."""
    return [points[t] + (carry[t] if carry is not None else 0) for t in range(2)]


def _partida(match):
    """The match's partida in progress (Match.series), made at the first hand."""
    if match.series is None:
        match.series = Partida()
    return match.series


class Partida:
    """A habanero partida across its deals: the first deal's points carried."""

    def __init__(self):
        self.carry = None       # the first deal's points, carried into the second
        self.vueltas = False    # the hand in play is the second deal
        self.points = [0, 0]    # the partida's points after the last hand
        self.played = 0         # partidas played out
