"""Tute (seed 004): 40 cards, A 3 K Q J 7..2, must follow, head, trump and overtrump,
las cuarenta and las veinte, a tute wins the hand, 10 for the last trick.

Readings chosen where the text is silent:
- Heading holds whoever is winning the trick, the partner included: the text makes
  no exception. Following, a player must beat the best card of the suit led when
  able (any card of it once the trick is trumped); void, must trump, above a trump
  already played when able, else with any trump (under-trumping); only with neither
  the suit led nor a trump is the choice free.
- Declarations (`declare` + `cards`): by the seat that won the trick just played,
  before anyone leads to the next, one per won trick, never after the last trick.
  The K and Q of trumps are las cuarenta (40), of another suit las veinte (20); four
  kings are a tute and win the hand at once. Each suit's marriage counts once.
  "Las cuarenta must be the first declaration": the table refuses a cuarenta once
  the same player has declared a veinte (the text's subject is the player: "if a
  player holds las cuarenta, it must be the first declaration made"; his partner's
  veinte does not bar it; option `cuarenta_bar` "side": a veinte of either partner
  bars it), and a veinte declared by a seat it knows
  holds the K and Q of trumps (its hand is known, or those cards were shown). When
  it does not know, the seat's later plays prove it: a seat that declared a veinte
  and then plays both the K and the Q of trumps held them when it declared. That is
  the violation `cuarenta-first` (the declaration's trick and cards, proven at the
  second play, both plays named); the veinte then scores nothing, as a false
  declaration does (the text gives no penalty; the points won against the rule are
  the least a table can take back).
- The declared cards are shown: the table knows the declarer holds them (a later
  play that breaks a duty they prove is judged at once), and a declared card that
  another seat later plays proves the declaration false (`false-declaration`): it
  then scores nothing. A declaration of cards the table knows elsewhere (played, or
  in a known hand) is refused at once.
- A hand: card points (A=11, 3=10, K=4, Q=3, J=2: 120) plus declarations plus 10 for
  the last trick; the higher total wins the hand (level: nobody). A match is `hands`
  hands (default 1, the text's game; presets 3 and 5); whoever won more hands wins
  it; level after the last hand, the match is drawn (winner null).
"""
from .. import cards as C
from ..duties import CUARENTA_FIRST, FOLLOW, HEAD_ALWAYS, OVERTRUMP, TRUMP, UNDERTRUMP
from ..errors import EventError, OrderError
from ..game import Game
from ..phases import PLAY, TURNUP

KING = 12       # slots (face - 1)
QUEEN = 11


class Tute(Game):
    """Tute for four players in two partnerships."""

    name = "tute"
    title = "Tute"
    faces = (1, 3, 13, 12, 11, 7, 6, 5, 4, 2)               # high to low
    face_points = {1: 11, 3: 10, 13: 4, 12: 3, 11: 2}       # 120
    pack = "spanish40"
    seat_counts = (2, 3, 4)     # 2 and 3: games/tute_few.py (habanero, Tute for three)
    direction = -1          # the text: counter-clockwise, the dealer's right leads
    duties = FOLLOW | HEAD_ALWAYS | TRUMP | OVERTRUMP | UNDERTRUMP
    last_trick = 10
    calls = ("declare",)
    play_hook = True        # a veinte declared over las cuarenta is proven by plays
    OPTIONS = {
        "hands": (1, int, "hands in a match; whoever wins more of them wins the match"),
        "irregularity": ("report", ("game", "report"),
                         "a proven illegal play loses the game, or is only reported"),
        "cuarenta_bar": ("player", ("player", "side"), "las cuarenta may no longer be declared once "
                         "the player (the text) or either partner has declared las veinte"),
    }
    PRESETS = ({}, {"hands": 3}, {"hands": 5})

    def prepare(self):
        self.hands = self.options.get("hands", 1)
        self.cuarenta_bar = self.options.get("cuarenta_bar", "player")

    def veinte_bars(self, d, seat):
        """True when a veinte already declared bars `seat`'s cuarenta (option `cuarenta_bar`)."""
        if self.cuarenta_bar == "player":
            return bool(d.veinte & (1 << seat))
        team = self.team_of[seat]
        return any(d.veinte & (1 << s) for s in range(self.seats) if self.team_of[s] == team)

    def begin_hand(self, match):
        match.ctx.talk = Declarations()
        return TURNUP

    def on_call(self, match, seat, word, ev):
        d = match.ctx.talk
        if match.phase != PLAY:
            raise OrderError("a declaration is made after winning a trick")
        last = match.last
        if match.trick.n or match.trick.number < 2 or last.winner != seat:
            raise OrderError("seat " + str(seat) + " may not declare now: only the winner of the "
                             "trick just played, before leading to the next")
        if d.at_trick == last.number:
            raise OrderError("one declaration per won trick: seat " + str(seat)
                             + " has declared after trick " + str(last.number))
        listed = ev.get("cards")
        if not isinstance(listed, list) or len(listed) not in (2, 4):
            raise EventError("'declare' needs 'cards': the K and Q of a suit, or the four kings, got "
                             + repr(listed))
        codes = []
        for text in listed:
            c = match._card(text)
            if c in codes:
                raise EventError("card " + repr(text) + " is declared twice")
            codes.append(c)
        team = self.team_of[seat]
        if len(codes) == 4:
            if any(c & 15 != KING for c in codes):
                raise EventError("a tute is the four kings, got " + repr(listed))
            kind, points = "tute", 0
        else:
            suits = [c >> 4 for c in codes]
            faces = sorted(c & 15 for c in codes)
            if suits[0] != suits[1] or faces != [QUEEN, KING]:
                raise EventError("a declaration is the K and Q of one suit, got " + repr(listed))
            suit = suits[0]
            if d.suits & (1 << suit):
                raise OrderError("the marriage of " + C.SUIT_NAMES[suit] + " is already declared")
            if suit == match.trump:
                if self.veinte_bars(d, seat):
                    raise OrderError("las cuarenta come first: seat " + str(seat)
                                     + (" has" if self.cuarenta_bar == "player" else "'s side has")
                                     + " declared las veinte")
                kind, points = "cuarenta", 40
            else:
                kind, points = "veinte", 20
                if match.holding[seat][match.trump] & CUARENTA == CUARENTA:
                    raise OrderError("las cuarenta come first: seat " + str(seat)
                                     + " holds the K and Q of trumps")
        for c in codes:
            if match.played[c >> 4] & C.bit(c):
                raise EventError("card " + C.name(c) + " was already played")
            for other in range(self.seats):
                if other != seat and match.holding[other][c >> 4] & C.bit(c):
                    raise EventError("card " + C.name(c) + " is in seat " + str(other) + "'s hand")
            if match.known[seat] and not match.holding[seat][c >> 4] & C.bit(c):
                raise EventError("seat " + str(seat) + " does not hold " + C.name(c))
        # accepted: the cards are shown
        d.at_trick = last.number
        if kind == "veinte":
            d.veinte |= 1 << seat
        if kind != "tute":
            d.suits |= 1 << (codes[0] >> 4)
        entry = {"seat": seat, "cards": [C.name(c) for c in codes], "points": points,
                 "kind": kind, "trick": last.number, "valid": True}
        match.ctx.declarations.append(entry)
        if kind == "veinte":
            d.watch(match, seat, entry)
        from ..evidence import shown
        out = shown(match, seat, codes, {"declared": True})
        for c in codes:
            match.shown[seat][c >> 4] |= C.bit(c)
            match.holding[seat][c >> 4] |= C.bit(c)
        match.shown_any = True
        if kind == "tute":
            return out + match.end_hand(team, "tute")
        return out

    def false_declaration(self, match, seat, c):
        """Card `c`, declared by `seat`, was played by another seat: the declaration
        scores nothing."""
        d = self.declaration_of(match, seat, c)
        if d is not None:
            d["valid"] = False

    def before_play(self, match, seat, c):
        """A K or Q of trumps played: it may prove a veinte declared over las
        cuarenta (see Declarations.watch)."""
        d = match.ctx.talk
        if d.watched and c >> 4 == match.trump and C.bit(c) & CUARENTA:
            d.played(match, seat, c)
        return 0

    def cuarenta_violation(self, match, seat, now):
        """The `cuarenta-first` violation of `seat`'s veinte, just proven (evidence.py)."""
        d = match.ctx.talk
        entry, plays = d.proven
        return {"ev": "violation", "hand": match.hand_no, "trick": entry["trick"], "seat": seat,
                "card": entry["cards"][0], "declared": entry["cards"],
                "rule": "cuarenta-first", "proven": now,
                "proof": {"trick": now, "card": plays[-1]["card"], "plays": plays}}

    def declaration_of(self, match, seat, c):
        name = C.name(c)
        for d in match.ctx.declarations:
            if d["seat"] == seat and name in d["cards"]:
                return d
        return None

    def hand_points_into(self, match, out):
        Game.hand_points_into(self, match, out)
        for d in match.ctx.declarations:
            if d["valid"]:
                out[self.team_of[d["seat"]]] += d["points"]

    def hand_score_into(self, match, points, out):
        """One hand won: to the side with the higher total (or the tute)."""
        out[0] = out[1] = 0
        w = match.ctx.winner if match.ctx.ended == "tute" else \
            (0 if points[0] > points[1] else 1 if points[1] > points[0] else -1)
        if w >= 0:
            out[w] = 1

    def winner_at(self, totals):
        return None

    def settle(self, match):
        for t in range(2):
            match.totals[t] += match.score[t]
        if match.hand_no < self.hands:
            return -1
        match.end_reason = "hands"
        a, b = match.totals
        return 0 if a > b else 1 if b > a else -2

    def hand_extra(self, match, out):
        out["declarations"] = [{"seat": d["seat"], "cards": d["cards"], "points": d["points"],
                                "valid": d["valid"]} for d in match.ctx.declarations]

    def context(self, match, out):
        if self.hands > 1:
            out["hands"] = self.hands

    # -- random play (rules/playout.py) ---------------------------------------------------
    def random_call(self, match, hands, rng):
        """Declare now and then, when the trick's winner holds a marriage or a tute."""
        d = match.ctx.talk
        if match.phase != PLAY or match.trick.n or match.trick.number < 2 \
                or d.at_trick == match.last.number or rng.getrandbits(1):
            return None
        seat = match.last.winner
        held = hands[seat]
        kings = [c for c in held if c & 15 == KING]
        if len(kings) == 4:
            return {"ev": "call", "seat": seat, "call": "declare", "cards": [C.name(c) for c in kings]}
        team = self.team_of[seat]
        t = match.trump
        if (t << 4) + KING in held and (t << 4) + QUEEN in held and not d.suits & (1 << t):
            kings = [(t << 4) + KING]       # las cuarenta come first
        for k in kings:
            s = k >> 4
            q = (s << 4) + QUEEN
            if q in held and not d.suits & (1 << s) and not (s == match.trump and self.veinte_bars(d, seat)):
                return {"ev": "call", "seat": seat, "call": "declare", "cards": [C.name(k), C.name(q)]}
        return None


CUARENTA = (1 << KING) | (1 << QUEEN)      # the K and Q inside a suit set


class Declarations:
    """What a Tute hand has declared so far."""

    def __init__(self):
        self.at_trick = 0       # the trick after which the last declaration was made
        self.suits = 0          # a bit per suit whose marriage is declared
        self.veinte = 0         # a bit per seat that has declared las veinte
        # Veintes whose seat may have held las cuarenta: [seat, entry, plays] each,
        # `plays` the K and Q of trumps it has played since ({trick, card}).
        self.watched = []
        self.proven = None      # (entry, plays) of the violation being written

    def watch(self, match, seat, entry):
        """`seat` declared a veinte: watch it when the K and Q of trumps are both still
        out of sight (not played, not known elsewhere) and no cuarenta is declared."""
        t = match.trump
        if self.suits & (1 << t) or match.played[t] & CUARENTA:
            return
        for other in range(match.seats):
            if other != seat and match.holding[other][t] & CUARENTA:
                return
        for w in self.watched:
            if w[0] == seat:
                return          # its first veinte is the one declared over the cuarenta
        self.watched.append([seat, entry, []])

    def played(self, match, seat, c):
        """A K or Q of trumps is played by `seat`: a watched veinte of another seat is
        cleared (that seat did not hold both); the watched seat's second one proves
        its veinte (Match._prove, written by Tute.cuarenta_violation)."""
        for w in list(self.watched):
            if w[0] != seat:
                self.watched.remove(w)
                continue
            w[2].append({"trick": match.trick.number, "card": C.name(c)})
            if len(w[2]) == 2:
                self.watched.remove(w)
                w[1]["valid"] = False
                self.proven = (w[1], w[2])
                match._prove(seat, CUARENTA_FIRST, 0)
