"""What every trick game shares: the pack, rank order, points, options, direction.

A game is data (its pack, its order, its points, its options) plus two small hooks
that say which cards are legal (`legal_into`) and which holdings would have made a
play illegal (`forbid_into`). The two are written independently and tests check that
they agree: `c in legal(H)` exactly when H holds none of `forbidden(c)`.
"""
from .cards import deck_of, suit_of
from .errors import EventError

# Rule words (PROTOCOL.md `violation.rule`), numbered for fixed-size tables.
REVOKE = 0
MUST_BEAT = 1
SEVEN_DISCARD = 2
MUST_TRUMP = 3
MUST_OVERTRUMP = 4
PLAY_RULES = 5          # the codes above are the rules a play can break
OUT_OF_TURN = 5
UNKNOWN_CARD = 6
DUPLICATE_CARD = 7
NOT_IN_HAND = 8
RULE_WORDS = ("revoke", "must-beat", "seven-discard", "must-trump", "must-overtrump",
              "out-of-turn", "unknown-card", "duplicate-card", "not-in-hand")

# Options every game has (PROTOCOL.md): name -> (default, allowed values or type),
# with what it means in a comment (comments cost the Pico nothing).
COMMON_OPTIONS = {
    "direction": (None, ("cw", "ccw")),  # direction of play and of the deal; default from the rule text
}


class Game:
    """A trick game: subclasses set the class attributes and the two legality hooks."""

    name = "?"
    seats = 4
    faces = ()          # faces in the pack, high to low (the rank order)
    face_points = {}    # face -> card points
    direction = 1       # 1 clockwise (next seat s+1), -1 anticlockwise (s-1)
    tricks = 0          # tricks in a hand
    trick_point = 0     # points for each trick won (Malilla's readings)
    turnup = True       # trump is fixed by a turned-up card
    target = 0          # match target
    irregularity = "report"  # "game": a proven illegal play loses the game
    OPTIONS = {}

    def __init__(self, options=None):
        self.options = self.read_options(options or {})
        d = self.options.get("direction")
        if d is not None:
            self.direction = 1 if d == "cw" else -1
        self.target = self.options.get("target", self.target)
        self.irregularity = self.options.get("irregularity", self.irregularity)
        self.deck = deck_of(self.faces)
        # strength[face]: 1 (lowest) .. len(faces) (highest); 0 = not in the pack.
        self.strength = bytearray(14)
        self.points_of = bytearray(14)
        n = len(self.faces)
        for i in range(n):
            f = self.faces[i]
            self.strength[f] = n - i
            self.points_of[f] = self.face_points.get(f, 0)
        # above[face]: the suit set of faces that beat `face` in its suit.
        self.above = [0] * 14
        for f in self.faces:
            bits = 0
            for g in self.faces:
                if self.strength[g] > self.strength[f]:
                    bits |= 1 << (g - 1)
            self.above[f] = bits
        self.total_points = 4 * sum(self.face_points.values()) + self.tricks * self.trick_point

    def bind_hot(self):
        """Choose who answers the per-play questions: the C core when importable."""
        from . import native
        self.hot = native.bind(self)

    # -- options ---------------------------------------------------------------
    def read_options(self, options):
        """Check `options` against the declared ones; fill in defaults."""
        if not isinstance(options, dict):
            raise EventError("options must be an object, got " + repr(options))
        declared = {}
        declared.update(COMMON_OPTIONS)
        declared.update(self.OPTIONS)
        out = {}
        for key in options:
            if key not in declared:
                raise EventError("unknown option for " + self.name + ": " + repr(key)
                                 + " (known: " + ", ".join(sorted(declared)) + ")")
        for key in declared:
            default, allowed = declared[key]
            value = options.get(key, default)
            if key in options:
                if isinstance(allowed, tuple):
                    if value not in allowed:
                        raise EventError("option " + key + " must be one of "
                                         + repr(allowed) + ", got " + repr(value))
                elif allowed is bool:
                    if value is not True and value is not False:
                        raise EventError("option " + key + " must be true or false, got " + repr(value))
                elif allowed is int:
                    if not isinstance(value, int) or isinstance(value, bool) or value <= 0:
                        raise EventError("option " + key + " must be a positive whole number, got "
                                         + repr(value))
            if value is not None:
                out[key] = value
        return out

    # -- seats -----------------------------------------------------------------
    def next_seat(self, seat):
        """The seat that plays after `seat`."""
        return (seat + self.direction) % self.seats

    def first_leader(self, dealer):
        """Who leads the first trick of a hand dealt by `dealer`."""
        return self.next_seat(dealer)

    def next_dealer(self, dealer):
        """Who deals the next hand."""
        return self.next_seat(dealer)

    # -- cards -----------------------------------------------------------------
    def in_deck(self, c):
        """True when card number `c` belongs to this game's pack."""
        return 0 <= c < 64 and bool(self.deck[c >> 4] & (1 << (c & 15)))

    def beats(self, c, best, trump):
        """True when card `c` takes the trick from the card `best` now winning it."""
        sc = c >> 4
        sb = best >> 4
        if sc == sb:
            return self.strength[(c & 15) + 1] > self.strength[(best & 15) + 1]
        return sc == trump

    def points(self, c):
        """The card points of card `c`."""
        return self.points_of[(c & 15) + 1]

    def above_card(self, c):
        """The suit set of cards of c's suit that beat `c`."""
        return self.above[(c & 15) + 1]

    def trump_of_turnup(self, c):
        """The trump fixed by the turned-up card `c`."""
        return suit_of(c)

    # -- legality hooks (subclasses) ----------------------------------------------
    def legal_into(self, hand, trick, out):
        """Fill `out` (four suit sets) with the cards of `hand` legal in `trick`."""
        raise NotImplementedError

    def forbid_into(self, c, trick, out):
        """Fill `out` (PLAY_RULES * 4 suit sets, rule-major) with the holdings that
        would make playing `c` in `trick` illegal, each under the rule it breaks."""
        raise NotImplementedError

    # -- convenient forms for the host and tests --------------------------------------
    def legal(self, hand, trick):
        """The legal suit sets for `hand` in `trick` (a new list)."""
        out = [0, 0, 0, 0]
        self.legal_into(hand, trick, out)
        return out

    def forbidden(self, c, trick):
        """[(rule word, suit sets)] of holdings that would make playing `c` illegal."""
        out = [0] * (PLAY_RULES * 4)
        self.forbid_into(c, trick, out)
        parts = []
        for r in range(PLAY_RULES):
            sets = out[r * 4:r * 4 + 4]
            if sets[0] or sets[1] or sets[2] or sets[3]:
                parts.append((RULE_WORDS[r], sets))
        return parts

    # -- scoring -------------------------------------------------------------------
    def hand_points_into(self, card_points, tricks_won, last_winner_team, out):
        """Each team's points for a hand from its card points and tricks won, into
        `out` (a hand's last card is on the controller's per-play path: no lists)."""
        out[0] = card_points[0] + tricks_won[0] * self.trick_point
        out[1] = card_points[1] + tricks_won[1] * self.trick_point

    def hand_score_into(self, points, out):
        """Each team's score for the hand, into `out`: the side above half scores the
        excess."""
        half = self.total_points // 2
        out[0] = points[0] - half if points[0] > half else 0
        out[1] = points[1] - half if points[1] > half else 0

    def hand_points(self, card_points, tricks_won, last_winner_team):
        """`hand_points_into` as a new list."""
        out = [0, 0]
        self.hand_points_into(card_points, tricks_won, last_winner_team, out)
        return out

    def hand_score(self, points):
        """`hand_score_into` as a new list."""
        out = [0, 0]
        self.hand_score_into(points, out)
        return out

    def winner_at(self, totals):
        """The team that has won the match with these totals, or None."""
        a = totals[0] >= self.target
        b = totals[1] >= self.target
        if a and b:
            if totals[0] == totals[1]:
                return None
            return 0 if totals[0] > totals[1] else 1
        if a:
            return 0
        if b:
            return 1
        return None

    def turnup_bonus(self, c):
        """Points the dealer's team scores for the turned-up card (0 in most games)."""
        return 0

