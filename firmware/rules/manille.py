"""Classical Manille (seed 003): the 10 high, strict follow, strict overtrump, to 101.

Readings chosen where the text is silent or does not add up:
- `deck`: `piquet32` (default: 10 A K Q J 9 8 7, 8 tricks). The seed's 40-card
  variants do not add up as written, so they are defined coherently:
  * `spanish40`: the Spanish pack 1-7, sota, caballo, rey (no 8, 9, 10). It has no 9
    or 10, so its top card is the 7, as in Malilla: 7 A K Q J 6 5 4 3 2, with the
    same pips (7=5 A=4 K=3 Q=2 J=1): still 60 pips, neutral share 30, 10 tricks.
  * `mexican40`: the text's "52 minus 8s and 10s" is 44 cards; removing the 2s too
    gives 40: 9 A K Q J 7 6 5 4 3, the 9 as the Manille (9=5 A=4 K=3 Q=2 J=1).
- When a trump is led, following with any trump is enough: the overtrump duty of
  the text is for a player who cannot follow.
- `partner_exemption`: when the partner is winning the trick, a void player need
  neither trump nor overtrump (the usual Belgian reading of "exempt"); following
  suit stays compulsory.
- `last_trick_bonus`: the side winning the last trick adds 1 pip (61 in all); the
  side above 30 scores the excess.
- Irregularities are reported, not penalised: the text names no penalty (option
  `irregularity` = "game" applies Malilla's).
- Match end: first side to reach `target` at the end of a deal; both at once, the
  higher; equal, play continues.
"""
from .cards import NO_TRUMP
from .game import Game, MUST_OVERTRUMP, MUST_TRUMP, REVOKE
from .packs import ORDERS, POINTS

# deck option -> (faces high to low, face -> pips), from packs.py
DECKS = {
    "piquet32": (ORDERS["manille"], POINTS["manille"]),
    "spanish40": (ORDERS["manille-spanish40"], POINTS["manille-spanish40"]),
    "mexican40": (ORDERS["manille-mexican40"], POINTS["manille-mexican40"]),
}


class Manille(Game):
    """Classical Manille for four players in two partnerships."""

    name = "manille"
    direction = -1          # anticlockwise: the dealer's right leads, the deal passes right
    target = 101
    OPTIONS = {
        "deck": ("piquet32", ("piquet32", "spanish40", "mexican40")),  # which pack (see the module docstring)
        "last_trick_bonus": (False, bool),  # the last trick's winners add 1 pip
        "partner_exemption": (False, bool),  # no duty to trump or overtrump while the partner is winning
        "target": (101, int),  # match points that win (50 short, 201 long)
        "irregularity": ("report", ("game", "report")),  # a proven illegal play loses the game, or is only reported
    }

    def __init__(self, options=None):
        opts = options or {}
        deck = opts.get("deck", "piquet32")
        # a deck of the wrong type is refused by read_options, with the rest
        faces, pips = DECKS[deck] if isinstance(deck, str) and deck in DECKS else DECKS["piquet32"]
        self.faces = faces
        self.face_points = pips
        self.tricks = len(faces)
        Game.__init__(self, opts)
        self.last_trick_bonus = self.options.get("last_trick_bonus", False)
        self.partner_exemption = self.options.get("partner_exemption", False)
        if self.last_trick_bonus:
            self.total_points += 1
        self.bind_hot()

    def _exempt(self, trick):
        return self.partner_exemption and trick.partner_winning()

    def legal_into(self, hand, trick, out):
        """Manille: follow; void, trump and overtrump when able."""
        if trick.n == 0:
            for s in range(4):
                out[s] = hand[s]
            return
        led = trick.led
        out[0] = out[1] = out[2] = out[3] = 0
        if hand[led]:
            out[led] = hand[led]
            return
        trump = trick.trump
        if trump != NO_TRUMP and hand[trump] and not self._exempt(trick):
            over = 0
            if trick.best >> 4 == trump:
                over = hand[trump] & self.above_card(trick.best)
            out[trump] = over if over else hand[trump]
            return
        for s in range(4):
            out[s] = hand[s]

    def forbid_into(self, c, trick, out):
        """Holdings that would have made playing `c` illegal, by rule broken."""
        for i in range(len(out)):
            out[i] = 0
        if trick.n == 0:
            return
        led = trick.led
        s = c >> 4
        if s == led:
            return
        out[REVOKE * 4 + led] = self.deck[led]
        trump = trick.trump
        if trump == NO_TRUMP or trump == led or self._exempt(trick):
            return
        if s != trump:
            out[MUST_TRUMP * 4 + trump] = self.deck[trump]
        elif trick.best >> 4 == trump and not self.beats(c, trick.best, trump):
            out[MUST_OVERTRUMP * 4 + trump] = self.above_card(trick.best) & self.deck[trump]

    def hand_points_into(self, card_points, tricks_won, last_winner_team, out):
        """Pips, plus 1 for the last trick with `last_trick_bonus`."""
        out[0] = card_points[0]
        out[1] = card_points[1]
        if self.last_trick_bonus:
            out[last_winner_team] += 1

    def hand_score_into(self, points, out):
        """The side above 30 pips scores the excess; 30-30 nobody scores."""
        out[0] = points[0] - 30 if points[0] > 30 else 0
        out[1] = points[1] - 30 if points[1] > 30 else 0
