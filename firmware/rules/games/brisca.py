"""Brisca (../shared/rules/brisca.md): 3 cards in hand, a stock drawn after each trick,
no duty ever, 120 card points, more than 60 wins the game (juego).

Played by 2 and 3 each for themselves, by 4 in partnerships (partners opposite).
Readings, by the sheet's numbers (its defaults unless said):
- B1: no duty to follow, ever: the table checks turn order and ownership only.
- B2: the exchange (call `exchange` + `card`, the card shown on a reader): the 7 of
  trumps takes a turn-up above it (A, 3, K, Q, J); the 2 of trumps takes a 7 or lower
  (a 7 swapped in too). Option `exchange` "two" (a house rule): only the 2, for any
  turn-up. Only by a seat whose side won the trick just played, before
  the next lead, while the turn-up is on the table: not before the first trick ends,
  never once the turn-up has been drawn. A draw is never seen: the table takes the
  draw of a trick's end at once, so the exchange after the last draw round is still
  allowed (the sheet's "before drawing") and the last drawer then holds the card
  swapped in. Option `exchange` "off": no exchange.
- B3: the turn-up is the last card drawn, wherever it lies: the table knows the seat
  that draws it holds it (a card it must hold: its later plays are judged with it).
- B5: 60-60 (or, at three, a tie for the most) annuls the game: nobody scores it and
  the same dealer deals again ("replayed").
- B6: at three the four 2s are removed (36 cards, 12 tricks); the exchange by the 2
  is then impossible (B2 by the 7 only).
- B7: a match is `target` games (juegos) won, default 3 (Ludoteka's middle offer;
  presets 1 and 6).
- §12: a card out of turn is taken back (law `out_of_turn` take-back).
- B8, B9: the deal passes anticlockwise, play is anticlockwise (option `direction`);
  the dealer's right (the next seat in play order) leads the first trick.
The sheet's other variants (follow-suit, arrastro, a points target, the six-player
48-card game) are not offered.
"""
from ..game import Game
from ..stages import DEAL, DRAW, SCORE, TRICKS, TURNUP
from ..stock import exchange_call, random_exchange

SEVEN = 6       # slots (face - 1)
TWO = 1


class Brisca(Game):
    """Brisca for 2, 3 or 4 players: trick and draw with no duty."""

    name = "brisca"
    title = "Brisca"
    faces = (1, 3, 13, 12, 11, 7, 6, 5, 4, 2)               # high to low
    face_points = {1: 11, 3: 10, 13: 4, 12: 3, 11: 2}       # 120
    pack = "spanish40"
    seats = 4
    seat_counts = (2, 3, 4)
    direction = -1          # Spanish play is anticlockwise (B9)
    duties = 0              # B1: none, ever
    hand_size = 3
    turnup_held = False     # the turn-up is the stock's, drawn last
    STAGES = (DEAL, TURNUP, DRAW, TRICKS, SCORE)
    target = 3
    out_of_turn = "take-back"   # §12: refused and taken back, no penalty
    calls = ("exchange",)
    claims = True
    OPTIONS = {
        "target": (3, int, "games (juegos) that win the match"),
        "exchange": ("on", ("on", "two", "off"), "the 7 of trumps takes a high turn-up and the "
                     "2 a low one (on), the 2 takes any (two), or no exchange (off)"),
    }
    PRESETS = ({}, {"target": 1}, {"target": 6})

    def configure(self, seats):
        Game.configure(self, seats)
        if self.seats != 4:     # each for themselves at two and three
            for s in range(self.seats):
                self.team_of[s] = s
            self.teams = self.seats

    def prepare(self):
        self.exchange = self.options.get("exchange", "on")
        if self.seats == 3:
            self.faces = (1, 3, 13, 12, 11, 7, 6, 5, 4)     # B6: the four 2s removed
        if self.exchange == "off":
            self.calls = ()

    # -- the exchange (B2) ----------------------------------------------------------------
    def exchange_card(self, turnup):
        """The card of trumps (printed) that takes the turn-up `turnup`, or None."""
        trump = turnup >> 4
        two = trump * 16 + TWO
        if self.exchange == "two":      # the house rule: the 2 takes any turn-up
            return two if self.strength[two] and turnup != two else None
        high = self.strength[turnup] > self.strength[trump * 16 + SEVEN]
        if high:
            return trump * 16 + SEVEN
        return two if self.strength[two] and turnup != two else None

    def on_call(self, match, seat, word, ev):
        if word != "exchange" or word not in self.calls:
            return Game.on_call(self, match, seat, word, ev)
        return exchange_call(self, match, seat, ev, self.exchange_card(match.turnup))

    # -- scoring (B5, B7) -------------------------------------------------------------------
    def hand_score_into(self, match, points, out):
        """One game (juego) to the side with more than half the points (at three, the
        most); a tie annuls the game."""
        best = 0
        for t in range(self.teams):
            out[t] = 0
            if points[t] > points[best]:
                best = t
        for t in range(self.teams):
            if t != best and points[t] == points[best]:
                return
        out[best] = 1

    def redeal(self, match):
        """An annulled game (a tie) is dealt again by the same dealer."""
        for t in range(self.teams):
            if match.score[t]:
                return False
        return match.ctx.ended is None

    def random_call(self, match, hands, rng):
        """rules/playout.py: the exchange, now and then."""
        if not self.calls or match.turnup is None:
            return None
        return random_exchange(self, match, hands, rng, self.exchange_card(match.turnup))
