"""The trick on the table: who led, what was led, who is winning with what.

A Trick is allocated once per match and reset for every trick, so playing a card
allocates nothing (the controller's per-play path on the Pico). Cards are card
codes of the hand (rules/game.py: the same as the printed ones but in Envite).
"""
from .cards import NO_TRUMP


class Trick:
    """The current trick: updates its winner as each card lands."""

    def __init__(self, game):
        self.game = game
        n = game.seats
        self.seats = bytearray(n)   # seat of each play, in play order
        self.cards = bytearray(n)   # card of each play, in play order
        self.n = 0
        self.leader = 0
        self.to_play = 0
        self.led = None             # suit led, None before the lead
        self.led_suits = 0          # bit per suit led in this hand so far (this trick too)
        self.trump = NO_TRUMP
        self.winner = 0
        self.best = 0
        self.drawn = False          # the best card is matched by an opponent's (Truc)
        self.number = 0             # 1-based number of this trick in the hand

    def start_hand(self, leader, trump):
        """Ready the first trick of a hand."""
        self.trump = trump
        self.led_suits = 0
        self.number = 0
        self.start(leader)

    def start(self, leader):
        """Ready the next trick, led by `leader`."""
        self.n = 0
        self.leader = leader
        self.to_play = leader
        self.led = None
        self.drawn = False
        self.number += 1

    def add(self, seat, c):
        """Put card `c` from `seat` on the trick (unchecked: the match checks turns)."""
        self.seats[self.n] = seat
        self.cards[self.n] = c
        game = self.game
        if self.n == 0:
            self.led = c >> 4
            self.led_suits |= 1 << self.led
            self.winner = seat
            self.best = c
        elif game.beats(c, self.best, self.trump):
            self.winner = seat
            self.best = c
            self.drawn = False
        elif game.draws and game.strength[c] == game.strength[self.best] \
                and game.team_of[seat] != game.team_of[self.winner]:
            self.drawn = True
        self.n += 1
        self.to_play = game.next_seat(seat)

    def copy_from(self, other):
        """Become a copy of `other` (no allocation: the buffers are reused)."""
        for i in range(other.n):
            self.seats[i] = other.seats[i]
            self.cards[i] = other.cards[i]
        self.n = other.n
        self.leader = other.leader
        self.to_play = other.to_play
        self.led = other.led
        self.led_suits = other.led_suits
        self.trump = other.trump
        self.winner = other.winner
        self.best = other.best
        self.drawn = other.drawn
        self.number = other.number

    def done(self):
        """True when every seat has played to this trick."""
        return self.n == self.game.seats

    def team(self, seat):
        """The team of a seat."""
        return self.game.team_of[seat]

    def opponent_winning(self):
        """True when the seat to play faces an opponent's winning card."""
        t = self.game.team_of
        return self.n > 0 and t[self.winner] != t[self.to_play]

    def partner_winning(self):
        """True when the seat to play sees its partner winning the trick."""
        t = self.game.team_of
        return self.n > 0 and t[self.winner] == t[self.to_play]

    def card_list(self):
        """The cards in play order (a new list)."""
        return [self.cards[i] for i in range(self.n)]
