"""Botifarra (seed 004): 48 cards, the 9 high, trump named by the dealer, doubling,
must head unless the partner wins, the low-card rule, 72 points, to 101.

Readings chosen where the text is silent or cut off:
- Direction: the text is written clockwise and says the Catalan tradition is
  anticlockwise ("to the right"). The table follows the tradition by default
  (`direction` "ccw"; "cw" plays as written). The player after the dealer in the
  direction of play leads the first trick (the text's "dealer's left" when
  clockwise), and the deal passes the same way.
- Naming trump: the dealer calls `trump` with a suit, or `none` for botifarra (no
  trumps), or `delegate`s to the partner, who then must name it (`delegate` again is
  refused: the text's "cannot then pass the decision back").
- Doubling: after trump is named and before the first card, the dealer's opponents
  may `double`; then the dealer's side may redouble, then the opponents again: at
  most three doubles, the sides alternating. The players speak "in turn order from
  the last player to make a declaration" (option `doubling` "turn", the text): after
  trump is named, the next player of the side to double in turn order speaks first,
  then its other player; one player's pass leaves the word to his partner, and the
  doubling closes when both players of that side have passed. After a double, the
  word goes the same way to the other side, from the player who doubled. Option
  `doubling` "side" (the table's earlier reading): any player of the side may speak,
  and one pass closes the doubling for both. The first card played closes it too.
- "A botifarra bid automatically doubles the value of the game, so" is cut off in
  the seed: botifarra starts the multiplier at 2, and each double multiplies it by
  2 again. The text also says x8, after three doubles, "is the highest multiplier
  possible": by default (`max_multiplier` 8) that holds in botifarra too, so a
  botifarra may be doubled twice (x4, x8) and the doubling then closes. Many tables
  let a botifarra take its three doubles (x16): `max_multiplier` 16.
- Heading: a player must beat the card winning the trick when able, unless the
  partner is winning it (void in the suit led, beating means trumping when there
  are trumps; overtrumping an opponent's trump). A player who cannot beat is free
  (no duty to trump or under-trump).
- The low-card rule: with the partner winning, a card worth nothing (8 down to 2)
  may be played only if no lower card of its suit is held; cards worth points are
  free (`low-card`). The table learns "holds nothing lower in that suit".
- Scoring: 1 point per trick plus card points (9=5, A=4, K=3, Q=2, J=1): 72 a hand.
  The side with more scores (its points - 36) x the multiplier; 36-36 scores
  nothing. The text says both "reach 101 or more" and "exceeds 101": the first side
  to reach 101 wins (`target`); both at once, the higher; level, play goes on.
"""
from .. import cards as C
from ..duties import FOLLOW, HEAD_OPPONENT, LOW_CARD
from ..errors import EventError, OrderError
from ..game import Game
from ..phases import CALLS

MAX_DOUBLES = 3


class Botifarra(Game):
    """Botifarra for four players in two partnerships."""

    name = "botifarra"
    title = "Botifarra"
    faces = (9, 1, 13, 12, 11, 8, 7, 6, 5, 4, 3, 2)          # high to low
    face_points = {9: 5, 1: 4, 13: 3, 12: 2, 11: 1}         # 60, plus 12 tricks: 72
    pack = "spanish48"
    direction = -1
    duties = FOLLOW | HEAD_OPPONENT | LOW_CARD
    trick_point = 1
    target = 101
    turnup = False
    calls = ("trump", "delegate", "double", "pass")
    STAGES = ("deal", "calls", "tricks", "score")     # trump named (or delegated), doubles, then play
    context_keys = ("multiplier",)
    OPTIONS = {
        "target": (101, int, "points that win the game"),
        "irregularity": ("report", ("game", "report"),
                         "a proven illegal play loses the game, or is only reported"),
        "max_multiplier": (8, (8, 16), "the highest multiplier: 8 (the text, botifarra "
                           "included) or 16 (a botifarra doubled three times)"),
        "doubling": ("turn", ("turn", "side"), "the doubling is spoken by each player in turn from "
                     "the last to declare (the text), or by either player of a side, one pass closing it"),
    }
    PRESETS = ({}, {"direction": "cw"})

    def prepare(self):
        self.max_multiplier = self.options.get("max_multiplier", 8)
        self.doubling = self.options.get("doubling", "turn")

    def speaker(self, t):
        """With `doubling` "turn": the seat whose word it is to double or pass, the first
        of the doubling side after the last to declare that has not passed."""
        s = t.last
        for _ in range(self.seats):
            s = self.next_seat(s)
            if self.team_of[s] == t.doubling_side and not t.passed & (1 << s):
                return s
        return -1

    def begin_hand(self, match):
        match.ctx.talk = Talk(match.dealer, self.partner(match.dealer))
        return CALLS

    def partner(self, seat):
        """The partner of `seat` (opposite at a table of four)."""
        return (seat + 2) % self.seats

    def awaiting(self, match):
        t = match.ctx.talk
        if t.trump is None:
            return 1 << t.chooser
        if t.doubling_open(match):
            if self.doubling == "turn":
                return 1 << self.speaker(t)
            return self.side_bits(t.doubling_side)
        return 0

    def on_call(self, match, seat, word, ev):
        t = match.ctx.talk
        if word == "trump":
            if t.trump is not None:
                raise OrderError("trump is already named for hand " + str(match.hand_no))
            if seat != t.chooser:
                raise OrderError("seat " + str(seat) + " may not name trump: seat " + str(t.chooser)
                                 + (" (the dealer's partner, delegated)" if t.delegated else " (the dealer)")
                                 + " names it")
            suit = C.parse_suit(ev.get("suit"))
            t.trump = suit
            t.last = seat
            t.doubling_side = 1 - self.team_of[match.dealer]
            match.ctx.multiplier = 2 if suit == C.NO_TRUMP else 1
            out = [match.fix_trump(suit, seat)]
            match.phase = self.after_trump(match)
            return out
        if word == "delegate":
            if t.trump is not None:
                raise OrderError("trump is already named for hand " + str(match.hand_no))
            if t.delegated:
                raise OrderError("seat " + str(seat) + " may not delegate: the choice was passed to the "
                                 "dealer's partner, who may not pass it back")
            if seat != match.dealer:
                raise OrderError("only the dealer (seat " + str(match.dealer) + ") may delegate")
            t.delegated = True
            t.chooser = self.partner(match.dealer)
            return []
        # double or pass: the doubling
        if t.trump is None:
            raise OrderError(word + " before trump is named")
        if not t.doubling_open(match):
            raise OrderError("the doubling of hand " + str(match.hand_no) + " is closed")
        if self.team_of[seat] != t.doubling_side:
            raise OrderError("seat " + str(seat) + " may not " + word + ": it is the "
                             + ("dealer's opponents'" if t.doubling_side != self.team_of[match.dealer]
                                else "dealer's side's") + " turn to double or pass")
        if self.doubling == "turn":
            speaker = self.speaker(t)
            if seat != speaker:
                raise OrderError("seat " + str(seat) + " may not " + word + ": seat " + str(speaker)
                                 + " speaks now, in turn from the last to declare")
        if word == "pass":
            t.passed |= 1 << seat
            if self.doubling != "turn" or self.speaker(t) < 0:
                t.closed = True
            return []
        t.doubles += 1
        match.ctx.multiplier *= 2
        t.doubling_side = 1 - t.doubling_side
        t.last = seat
        t.passed = 0
        if t.doubles == MAX_DOUBLES or match.ctx.multiplier >= self.max_multiplier:
            t.closed = True
        return []

    def tag_call(self, match, seat, word):
        """The trump tags (trump-S ... and no-trump) name trump."""
        if word.startswith("trump-"):
            return {"call": "trump", "suit": word[6:]}
        if word == "no-trump":
            return {"call": "trump", "suit": "none"}
        return Game.tag_call(self, match, seat, word)

    def context(self, match, out):
        """For displays: who names trump (or named it), and which side may double."""
        t = match.ctx.talk
        if t is None:
            return
        if t.trump is None:
            out["chooser"] = t.chooser
        elif t.doubling_open(match):
            out["doubling"] = [self.speaker(t)] if self.doubling == "turn" else \
                [s for s in range(self.seats) if self.team_of[s] == t.doubling_side]

    def hand_extra(self, match, out):
        t = match.ctx.talk
        out["multiplier"] = match.ctx.multiplier
        if t is not None:
            out["trump_by"] = t.chooser if t.trump is not None else None
            out["doubles"] = t.doubles

    def hand_score_into(self, match, points, out):
        """The larger side scores (points - 36) x the multiplier; 36-36 nobody."""
        half = self.total_points // 2
        m = match.ctx.multiplier
        for team in range(2):
            out[team] = (points[team] - half) * m if points[team] > half else 0

    # -- random play (rules/playout.py) ---------------------------------------------------
    def random_call(self, match, hands, rng):
        t = match.ctx.talk
        if match.phase == CALLS and t.trump is None:
            if not t.delegated and rng.getrandbits(2) == 0:
                return {"ev": "call", "seat": match.dealer, "call": "delegate"}
            pick = rng.getrandbits(3) % 5
            suit = "none" if pick == 4 else C.SUITS[pick]
            return {"ev": "call", "seat": t.chooser, "call": "trump", "suit": suit}
        if t.trump is not None and t.doubling_open(match) and rng.getrandbits(2) == 0:
            seat = [s for s in range(self.seats) if self.team_of[s] == t.doubling_side][rng.getrandbits(1)]
            if self.doubling == "turn":
                seat = self.speaker(t)
            return {"ev": "call", "seat": seat, "call": "double" if rng.getrandbits(1) else "pass"}
        return None


class Talk:
    """The calls of one Botifarra hand: who names trump, and the doubling."""

    def __init__(self, dealer, partner):
        self.chooser = dealer
        self.delegated = False
        self.trump = None           # the suit named (NO_TRUMP for botifarra), None before
        self.doubles = 0
        self.doubling_side = -1     # the team whose turn it is to double or pass
        self.last = dealer          # the last player to declare (name trump, double)
        self.passed = 0             # a bit per seat of the doubling side that has passed
        self.closed = False

    def doubling_open(self, match):
        """Doubling is allowed: trump named, not closed, no card played yet."""
        return self.trump is not None and not self.closed and match.knowledge.count == 0 \
            and self.doubles < MAX_DOUBLES
