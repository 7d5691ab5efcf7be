"""Malilla (seed 000): 40 cards, the 7 high, must beat an opponent, game to 35.

Readings chosen where the text is silent (see also shared/seeds/README.md):
- Points per hand are card points plus one per trick (70 a hand): the text counts 70.
- The duty to beat holds whatever was led, trumps included.
- Void in the led suit with an opponent winning, trumping is legal, so the duty to
  beat makes it compulsory (a higher trump when the opponent's card is a trump).
- The non-trump 7 of a suit not yet led may not be discarded. "Not yet led" counts
  every trick of the hand so far; the waiver applies when every card in hand is
  such a 7 (then any of them may be played).
- The turn-up bonus counts towards this hand's `score` in `hand_end` (so totals are
  always the sum of hand scores); it is scored at once unless it would win the
  game, then after the hand's result.
- Irregularity: a proven illegal play (revoke, must-beat, seven-discard) loses the
  game for that side (option `irregularity`: "game", the text; "report" only warns).
"""
from .cards import NO_TRUMP
from .game import Game, MUST_BEAT, REVOKE, SEVEN_DISCARD
from .packs import ORDERS, POINTS


class Malilla(Game):
    """Malilla for four players in two partnerships."""

    name = "malilla"
    faces = ORDERS["malilla"]
    face_points = POINTS["malilla"]
    direction = 1           # clockwise: the dealer's left leads, the deal passes left
    tricks = 10
    trick_point = 1
    target = 35
    irregularity = "game"
    OPTIONS = {
        "target": (35, int),  # points that win the game
        "irregularity": ("game", ("game", "report")),  # a proven illegal play loses the game, or is only reported
    }

    SEVEN = 1 << 6          # the 7 inside a suit set

    def __init__(self, options=None):
        Game.__init__(self, options)
        self.bind_hot()

    def _forbidden_sevens(self, trick):
        """A bit per suit whose 7 may not be discarded now (not trump, not led)."""
        bits = 0
        for s in range(4):
            if s != trick.trump and not (trick.led_suits >> s) & 1:
                bits |= 1 << s
        return bits

    def legal_into(self, hand, trick, out):
        """Malilla: follow; beat an opponent when able; no discarding an unled 7."""
        out[0] = hand[0]
        out[1] = hand[1]
        out[2] = hand[2]
        out[3] = hand[3]
        if trick.n == 0:
            return
        led = trick.led
        best = trick.best
        opponent = trick.opponent_winning()
        follow = hand[led]
        out[0] = out[1] = out[2] = out[3] = 0
        if follow:
            higher = 0
            if opponent and best >> 4 == led:
                higher = follow & self.above_card(best)
            out[led] = higher if higher else follow
            return
        trump = trick.trump
        if opponent and trump != NO_TRUMP:
            if best >> 4 == trump:
                beaters = hand[trump] & self.above_card(best)
            else:
                beaters = hand[trump]
            if beaters:
                out[trump] = beaters
                return
        sevens = self._forbidden_sevens(trick)
        free = 0
        for s in range(4):
            bits = hand[s]
            if (sevens >> s) & 1:
                bits &= ~self.SEVEN
            out[s] = bits
            free |= bits
        if not free:        # only unled 7s in hand: the ban is waived
            for s in range(4):
                out[s] = hand[s]

    def forbid_into(self, c, trick, out):
        """Holdings that would have made playing `c` illegal, by rule broken."""
        for i in range(len(out)):
            out[i] = 0
        if trick.n == 0:
            return
        led = trick.led
        best = trick.best
        s = c >> 4
        opponent = trick.opponent_winning()
        if s == led:
            if opponent and best >> 4 == led and not self.beats(c, best, trick.trump):
                out[MUST_BEAT * 4 + led] = self.above_card(best) & self.deck[led]
            return
        out[REVOKE * 4 + led] = self.deck[led]
        trump = trick.trump
        if opponent and trump != NO_TRUMP and trump != led:
            if best >> 4 == trump:
                beaters = self.above_card(best) & self.deck[trump]
            else:
                beaters = self.deck[trump]
            if s == trump and (beaters >> (c & 15)) & 1:
                return      # c beats: legal whatever else the hand held
            out[MUST_BEAT * 4 + trump] = beaters
        if (c & 15) == 6 and s != trump and not (trick.led_suits >> s) & 1:
            # An unled non-trump 7 is legal only when every card held was such a 7.
            sevens = self._forbidden_sevens(trick)
            for t in range(4):
                bits = self.deck[t]
                if (sevens >> t) & 1:
                    bits &= ~self.SEVEN
                # parts already named under another rule keep that rule
                bits &= ~(out[REVOKE * 4 + t] | out[MUST_BEAT * 4 + t])
                out[SEVEN_DISCARD * 4 + t] = bits

    def turnup_bonus(self, c):
        """The dealer's team scores the turned-up card's points."""
        return self.points(c)
