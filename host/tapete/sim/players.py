"""Four simulated players at the simulated table (runs inside MicroPython).

They hold a random deal, lay cards on their seat readers through the MFRC522
chip models, and take tricks off the table; now and then a reader misbehaves
(flicker, crosstalk, corrupted replies: the SimTable's faults). One player
misplays on purpose (`misplay = (hand, trick)`): a card that breaks the rules
but that only a later play can prove.
"""
import asyncio
import random

from rules import cards as C
from rules import playout
from sim.tags import ntag213

MISSES = 3


def uid7(code):
    """A distinct 7-byte UID per card or control tag."""
    return bytes((0x04, 0x21, code & 0xFF, 0x5A, 0xA5, 0x3C, 0x80 + code % 97))


def enrol_file(path, deck="spanish40"):
    """The enrolment the table would have after `enrol` with these tags."""
    import enrol    # here only: during play the table holds no enrolment code
    d = enrol.Deck()
    d.name = deck
    for code in enrol.order(deck):
        d.add(uid7(code), 7, code)
    d.save(path)


class Players:
    """The people around the simulated table."""

    def __init__(self, app, seed=2026, misplay=None, burst=None, log=None):
        self.app = app
        self.table = app.table
        self.sim = app.board.sim
        random.seed(seed)
        self.tags = {}
        self.hands = {}
        self.turnup = None
        self.misplay = misplay      # (hand, trick): the seat to play then revokes
        self.burst = burst          # (hand, trick): a storm of corrupted replies
        self.log = log or (lambda text: None)

    def tag(self, code):
        t = self.tags.get(code)
        if t is None:
            t = self.tags[code] = ntag213(uid7(code))
        return t

    async def rounds(self, n):
        """Wait for `n` scan rounds of the controller."""
        target = self.app.rounds + n
        while self.app.rounds < target:
            await asyncio.sleep_ms(0)

    async def place(self, seat, code):
        self.sim.place(seat, self.tag(code))
        await self.rounds(3)

    async def collect(self):
        for chip in self.sim.chips:
            for t in list(chip.tags):
                self.sim.remove(t)
        await self.rounds(MISSES + 2)

    def _choose(self):
        m = self.table.match
        seat = m.turn
        hand = self.hands[seat]
        if self.misplay == (m.hand_no, m.trick.number) and m.trick.n:
            c = playout.revoke_card(m, hand)
            if c is not None:
                self.misplay = None
                self.log("seat %d misplays on purpose (does not follow) with %s" % (seat, C.name(c)))
                return seat, c
            self.misplay = (m.hand_no, m.trick.number + 1)
        return seat, playout.pick(m.game.legal(hand, m.trick), random)

    async def play_hand(self):
        m = self.table.match
        hands, turnup = playout.deal(m.game, m.dealer, random)
        self.hands = dict((s, C.hand_of(hands[s])) for s in hands)
        await self.place(m.dealer, turnup)          # the turn-up, then back in hand
        self.sim.remove(self.tag(turnup))
        await self.rounds(MISSES + 2)
        while not m.over and m.turn is not None:
            if self.burst == (m.hand_no, m.trick.number):
                self.burst = None
                self.log("a burst of corrupted replies")
                old = self.sim.corruption
                self.sim.corruption = 400
                await self.rounds(6)
                self.sim.corruption = old
            seat, c = self._choose()
            self.hands[seat][c >> 4] &= ~C.bit(c)
            await self.place(seat, c)
            if m.trick.n == 0 or m.trick.n == m.seats or m.over:
                await self.collect()
            m = self.table.match

    async def play_match(self, max_hands=20):
        """Wait for the host's `new`, then play until the match ends."""
        while self.table.match.game is None or self.table.phase != 3:   # phases.TURNUP
            await self.rounds(1)
        for _ in range(max_hands):
            if self.table.match.over:
                break
            await self.play_hand()
            for _ in range(50):
                if self.table.match.over or self.table.phase == 3:
                    break
                await self.rounds(1)
