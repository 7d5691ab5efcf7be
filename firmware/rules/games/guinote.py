"""Guiñote (../shared/rules/guinote.md): Aragon's trick and draw, 6 cards in hand, the
pinta drawn last, no duty while the stock lasts and strict ones in the arrastre, cantes
of 20 and 40, las diez de últimas, 101 to win the partida (idas, then vueltas).

Four players in two partnerships (partners opposite), or two (mano a mano). Readings,
by the sheet's numbers (its defaults unless said):
- §2, R13: As, Tres, Rey, Sota, Caballo, 7..2 (the sota above the caballo).
- §6.1: while the stock lasts no duty at all. §6.3, the arrastre (no draws left):
  follow; beat the winning card of the suit led when an opponent holds the trick;
  void, trump, and overtrump an opponent's trump when able, else free (R2: no
  under-trumping); R1: the partner holding the trick frees the player from beating
  and trumping (option `partner_exemption`; false is the strict reading). At two the
  exemption never applies.
- §8.1, R4: a cante (`declare` + `cards`: the Rey and Sota of one suit, 40 in trumps,
  20 in another suit) by either member of the pair that won the trick just played,
  before the next lead; each member once per trick won; each suit once a deal. The
  cards are shown (the table knows they are held; played by another seat, the cante
  is false and scores nothing). R8 (the four reyes or sotas) is not offered.
- §8.3, R7: the 7 of trumps takes the pinta (`exchange` + `card`), a lower pinta too;
  by a member of the pair that won the last trick, before the next lead, while the
  pinta is on the table (rules/stock.py). A turned 7 is taken by nothing.
- §8.2: 10 for the last trick (130 card points a deal).
- §10: a pair with 101 or more after the idas wins the partida; both: R6 the pair
  of las diez de últimas (option `both_over` "higher": the higher total), R5 narrow
  (option `treinta`): that pair needs 30 card points without its cantes, or loses.
  Neither: a deal de vueltas, the idas points carried, decided the same way at its
  end. The vueltas claim ("nos salimos") is not offered: the table settles the
  partida at the deal's end, where the sheet's comparison gives the same winner
  whenever nobody claims.
- §11, R10: a coto is `target` partidas won (default 3); a hand_end's `score` is
  the partida won (1) or 0, `totals` the partidas, `partida` the running points.
- §11, R11: the next deal is the winner of the last trick's (rotation when the hand
  ended early).
- §12, R12: a proven renuncio (arrastre) loses the partida: law `revoke_penalty`
  hand (every card to the other pair: past 101 at once). A card out of turn is
  taken back (law `out_of_turn` take-back: the casual ruling).
- The six-player form is not offered: the sheet finds no rule text for it.
"""
from .. import cards as C
from ..duties import EXEMPT, EXEMPT_TRUMP, FOLLOW, HEAD_ALWAYS, HEAD_OPPONENT, OVERTRUMP, TRUMP
from ..errors import EventError, OrderError
from ..game import Game
from ..phases import PLAY
from ..stages import DEAL, DRAW, SCORE, TRICKS, TURNUP
from ..stock import exchange_call, random_exchange
from .partida import of as _partida, running as _running

REY = 12        # slots (face - 1)
SOTA = 10
SEVEN = 6
WIN = 101


class Guinote(Game):
    """Guiñote for four in partnerships, or two."""

    name = "guinote"
    title = "Guiñote"
    faces = (1, 3, 13, 11, 12, 7, 6, 5, 4, 2)               # high to low: the sota above the caballo
    face_points = {1: 11, 3: 10, 13: 4, 11: 3, 12: 2}       # 120
    pack = "spanish40"
    seats = 4
    seat_counts = (2, 4)
    direction = -1          # anticlockwise: the dealer's right leads (R9)
    duties = 0              # while the stock lasts; the arrastre's in `arrastre`
    last_trick = 10
    hand_size = 6
    turnup_held = False     # the pinta is the stock's, drawn last
    STAGES = (DEAL, TURNUP, DRAW, TRICKS, SCORE)
    target = 3
    out_of_turn = "take-back"
    revoke_penalty = "hand"
    calls = ("declare", "exchange")
    OPTIONS = {
        "target": (3, int, "partidas that win the coto"),
        "partner_exemption": (True, bool, "in the arrastre the partner holding the trick frees "
                              "the player from beating and trumping"),
        "both_over": ("last", ("last", "higher"), "both pairs past 100: las diez de últimas "
                      "decide, or the higher total"),
        "treinta": ("narrow", ("narrow", "off"), "both pairs past 100: the pair of the last "
                    "trick needs 30 card points (narrow), or no such rule"),
    }
    PRESETS = ({}, {"partner_exemption": False})

    def prepare(self):
        o = self.options
        # §12: a renuncio loses the partida (law revoke_penalty hand) unless the event says
        # (the laws are read just before `prepare`: rules/options.py read_laws).
        if "revoke_penalty" not in o and "irregularity" not in o:
            self.revoke_penalty = "hand"
        strict = not o.get("partner_exemption", True)
        self.arrastre_duties = FOLLOW | TRUMP | OVERTRUMP | (
            HEAD_ALWAYS if strict else HEAD_OPPONENT | EXEMPT | EXEMPT_TRUMP)
        self.duties = 0         # while the stock lasts (set per stage: `arrastre`, `settle`)
        self.both_over = o.get("both_over", "last")
        self.treinta = o.get("treinta", "narrow")

    # -- the stages ----------------------------------------------------------------------
    def begin_hand(self, match):
        self._duties(0)
        p = _partida(match)
        p.vueltas = p.carry is not None
        match.ctx.talk = Cantes(self.seats)
        return Game.begin_hand(self, match)

    def arrastre(self, match):
        """The stock is drawn out: the arrastre's duties for the tricks left."""
        self._duties(self.arrastre_duties)

    def _duties(self, duties):
        if self.duties != duties:
            self.duties = duties
            retable = getattr(self.hot, "retable", None)
            if retable is not None:
                retable(self)

    def dealer_after(self, match):
        """R11: the winner of the last trick deals next (rotation after a hand ended early)."""
        p = match.series
        return p.deals_next if p is not None and p.deals_next >= 0 else self.next_seat(match.dealer)

    # -- calls: cantes and the exchange ------------------------------------------------------
    def on_call(self, match, seat, word, ev):
        if word == "exchange":
            return exchange_call(self, match, seat, ev, self.exchange_card(match.turnup))
        if word != "declare":
            return Game.on_call(self, match, seat, word, ev)
        return self.cante(match, seat, ev)

    def exchange_card(self, pinta):
        """The 7 of trumps takes any other pinta (R7)."""
        seven = (pinta >> 4) * 16 + SEVEN
        return seven if pinta != seven else None

    def cante(self, match, seat, ev):
        """A cante: the Rey and Sota of one suit, shown."""
        talk = match.ctx.talk
        if match.phase != PLAY or match.trick.n or match.trick.number < 2:
            raise OrderError("a cante is sung between a trick won and the next lead")
        last = match.last
        if self.team_of[last.winner] != self.team_of[seat]:
            raise OrderError("seat " + str(seat) + " may not sing: its pair did not win the trick "
                             "just played")
        if talk.at[seat] == last.number:
            raise OrderError("one cante per player per trick won: seat " + str(seat)
                             + " has sung after trick " + str(last.number))
        listed = ev.get("cards")
        if not isinstance(listed, list) or len(listed) != 2:
            raise EventError("a cante needs 'cards': the rey and sota of one suit, got " + repr(listed))
        codes = [match._card(listed[0]), match._card(listed[1])]
        suit = codes[0] >> 4
        if codes[1] >> 4 != suit or sorted(c & 15 for c in codes) != [SOTA, REY]:
            raise EventError("a cante is the rey and sota of one suit, got " + repr(listed))
        if talk.suits & (1 << suit):
            raise OrderError("the cante in " + C.SUIT_NAMES[suit] + " is already sung")
        for c in codes:
            if match.played[c >> 4] & C.bit(c):
                raise EventError("card " + C.name(c) + " was already played")
            for other in range(self.seats):
                if other != seat and match.holding[other][c >> 4] & C.bit(c):
                    raise EventError("card " + C.name(c) + " is in seat " + str(other) + "'s hand")
            if match.known[seat] and not match.holding[seat][c >> 4] & C.bit(c):
                raise EventError("seat " + str(seat) + " does not hold " + C.name(c))
        talk.at[seat] = last.number
        talk.suits |= 1 << suit
        points = 40 if suit == match.trump else 20
        match.ctx.declarations.append({"seat": seat, "cards": [C.name(c) for c in codes],
                                       "points": points, "kind": "cuarenta" if points == 40 else "veinte",
                                       "trick": last.number, "valid": True})
        from ..evidence import shown
        out = shown(match, seat, codes, {"declared": True})
        for c in codes:
            match.shown[seat][c >> 4] |= C.bit(c)
            match.holding[seat][c >> 4] |= C.bit(c)
        match.shown_any = True
        return out

    def declaration_done(self, cards):
        """The table's showing (firmware/table/showing.py): a cante is complete."""
        return len(cards) == 2 and cards[0] >> 4 == cards[1] >> 4 \
            and sorted(c & 15 for c in cards) == [SOTA, REY]

    def false_declaration(self, match, seat, c):
        """A sung card played by another seat: the cante scores nothing."""
        d = self.declaration_of(match, seat, c)
        if d is not None:
            d["valid"] = False

    def declaration_of(self, match, seat, c):
        """The cante of `seat` that showed card `c`, or None (rules/evidence.py)."""
        name = C.name(c)
        for d in match.ctx.declarations:
            if d["seat"] == seat and name in d["cards"]:
                return d
        return None

    # -- scoring ---------------------------------------------------------------------------
    def hand_points_into(self, match, out):
        Game.hand_points_into(self, match, out)
        for d in match.ctx.declarations:
            if d["valid"]:
                out[self.team_of[d["seat"]]] += d["points"]

    def hand_score_into(self, match, points, out):
        """The partida (1) to the pair that wins it with this deal, else nothing (a deal
        de vueltas follows)."""
        out[0] = out[1] = 0
        if match.ctx.ended == "revoke":
            out[match.ctx.winner] = 1
            return
        w = self.partida_winner(match, points, _partida(match).carry)
        if w >= 0:
            out[w] = 1

    def partida_winner(self, match, points, carry):
        """The pair that wins the partida after this deal, or -1 (§10.2)."""
        run = _running(points, carry)
        over = [t for t in range(2) if run[t] >= WIN]
        if len(over) == 1:
            return over[0]
        if not over:
            return -1
        if self.both_over == "higher" and run[0] != run[1]:
            return 0 if run[0] > run[1] else 1
        last = match.last_team
        if last < 0:
            return 0 if run[0] > run[1] else 1 if run[1] > run[0] else -1
        if self.treinta == "narrow" and match.card_points[last] + self.last_trick < 30:
            return 1 - last
        return last

    def settle(self, match):
        p = _partida(match)
        p.points = _running(match.points, p.carry)
        decided = match.score[0] or match.score[1]
        p.carry = None if decided else p.points
        p.deals_next = match.last.winner if match.ctx.ended is None and match.last.n else -1
        self._duties(0)         # the stock's (none) until the next arrastre
        return Game.settle(self, match)

    def hand_extra(self, match, out):
        out["declarations"] = [{"seat": d["seat"], "cards": d["cards"], "points": d["points"],
                                "valid": d["valid"]} for d in match.ctx.declarations]
        p = _partida(match)
        out["partida"] = list(p.points)
        if p.vueltas:
            out["vueltas"] = True

    def context(self, match, out):
        p = match.series
        if p is not None and p.vueltas and p.carry is not None:
            out["vueltas"] = list(p.carry)     # a deal de vueltas: the idas points carried

    # -- random play (rules/playout.py) ----------------------------------------------------
    def random_call(self, match, hands, rng):
        """A cante or the exchange now and then, when the winning pair may."""
        if match.phase != PLAY or match.trick.n or match.trick.number < 2:
            return None
        ev = random_exchange(self, match, hands, rng, self.exchange_card(match.turnup))
        if ev is not None or rng.getrandbits(1):
            return ev
        talk = match.ctx.talk
        team = self.team_of[match.last.winner]
        for seat in hands:
            if self.team_of[seat] != team or talk.at[seat] == match.last.number:
                continue
            for s in range(4):
                rey, sota = s * 16 + REY, s * 16 + SOTA
                if not talk.suits & (1 << s) and rey in hands[seat] and sota in hands[seat]:
                    return {"ev": "call", "seat": seat, "call": "declare",
                            "cards": [C.name(rey), C.name(sota)]}
        return None


class Cantes:
    """What a hand has sung so far."""

    def __init__(self, seats):
        self.at = [0] * seats   # the trick after which each seat last sang
        self.suits = 0          # a bit per suit sung
