"""A simulated table for the controller tests (runs under MicroPython).

`Kit(root)` enrols a deck into `root`, builds the SimBoard and the App, and plays
cards onto the readers: every action runs scan rounds until the reader layer has
reported it, so the tests read like play at a table.
"""
import scratch
import os
import random
import sys

# The runner's folder tests/ holds a folder named `table` too (these tests): put
# firmware/ first so `import table` is the application.
for _p in sys.path:
    if _p.endswith("firmware"):
        sys.path.insert(0, _p)
        break

from reader import enrol
from rules import cards as C
from rules import playout
from chips.tags import ntag213
from table.app import App
from boards.sim import SimBoard, makedirs

MISSES = 3


def uid7(code):
    """A distinct 7-byte UID per card or control code."""
    return bytes((0x04, 0x21, code & 0xFF, 0x5A, 0xA5, 0x3C, 0x80 + code % 97))


def wipe(root):
    """Remove the files a previous test left in `root`."""
    try:
        names = os.listdir(root)
    except OSError:
        return
    for n in names:
        try:
            os.remove(root + "/" + n)
        except OSError:
            pass


def enrol_deck(root, deck="spanish40"):
    """Write an enrolment file mapping uid7(code) -> code for every card and control."""
    d = enrol.Deck(len(enrol.order(deck)))
    d.name = deck
    for code in enrol.order(deck):
        d.add(uid7(code), 7, code)
    d.save(root + "/" + enrol.PATH)
    return d


class Out:
    """A write-only byte stream collecting what the controller sends."""

    def __init__(self):
        self.data = bytearray()

    def write(self, b):
        self.data.extend(b)
        return len(b)

    def lines(self):
        return bytes(self.data).decode().split("\n")[:-1]


class Kit:
    """Board, app and tags of one simulated table."""

    def __init__(self, root=None, fresh=True, seed=1, deck=True, resume=True,
                 frames=None, faults=None):
        root = root or scratch.path("tapete-test")
        makedirs(root)
        if fresh:
            wipe(root)
            if deck:
                enrol_deck(root, deck if isinstance(deck, str) else "spanish40")
        self.root = root
        self.board = SimBoard(root=root, seed=seed, serial=False, frames=frames, faults=faults)
        self.out = Out()
        self.board.serial_out = self.out
        self.app = App(self.board, resume=resume)
        self.table = self.app.table
        self.sim = self.board.sim
        self.tags = {}
        self.app.link.drain()

    def tag(self, code):
        t = self.tags.get(code)
        if t is None:
            t = self.tags[code] = ntag213(uid7(code))
        return t

    def rounds(self, n):
        for _ in range(n):
            self.app.step()
            self.app.link.drain()

    def place(self, seat, card):
        """Lay a card (name or code) on a seat's reader and let the table see it."""
        code = C.parse(card) if isinstance(card, str) else card
        self.sim.place(seat, self.tag(code))
        self.rounds(2)
        return code

    def remove(self, card, rounds=MISSES + 1):
        code = C.parse(card) if isinstance(card, str) else card
        self.sim.remove(self.tag(code))
        self.rounds(rounds)

    def control(self, seat, word):
        code = enrol.CONTROL_BASE + enrol.CONTROLS.index(word)
        self.sim.place(seat, self.tag(code))
        self.rounds(2)
        self.sim.remove(self.tag(code))
        self.rounds(MISSES + 1)

    def collect(self):
        """Take every card off the table."""
        for chip in self.sim.chips:
            for t in list(chip.tags):
                self.sim.remove(t)
        self.rounds(MISSES + 1)

    def press(self, button, long=False):
        pin = self.board.button_pins[button]
        pin.value(0)
        for _ in range(45 if long else 4):
            self.board.clock.advance_ms(20)
            self.app.poll_buttons()
        pin.value(1)
        for _ in range(4):
            self.board.clock.advance_ms(20)
            self.app.poll_buttons()

    def command(self, text):
        """Send one host line; the reply lines it caused (parsed, crc dropped)."""
        before = len(self.out.lines())
        self.table.on_line(text)
        self.app.link.drain()
        return [parse(x) for x in self.out.lines()[before:]]

    def log(self):
        """Every line sent so far, parsed, crc dropped."""
        self.app.link.drain()
        return [parse(x) for x in self.out.lines()]

    def events(self):
        return [e for e in self.log() if "ev" in e]


def parse(line):
    import json
    from table.io.link import unseal
    body, ok = unseal(line)
    assert ok == 1, "bad crc: " + line
    return json.loads(body)


class Players:
    """Four players holding a random deal, playing legal cards (or a scripted misplay)."""

    def __init__(self, kit, seed=7):
        self.kit = kit
        self.rng = random
        random.seed(seed)
        self.hands = None
        self.misplay = None     # (hand, trick) where the seat to play revokes if it can

    def deal(self):
        m = self.kit.table.match
        hands, turnup = playout.deal(m.game, m.dealer, self.rng)
        self.hands = dict((s, C.hand_of(hands[s])) for s in hands)
        self.turnup = turnup
        return turnup

    def turn_up(self):
        m = self.kit.table.match
        self.kit.place(m.dealer, self.turnup)
        self.kit.remove(self.turnup)

    def choose(self):
        m = self.kit.table.match
        seat = m.turn
        hand = self.hands[seat]
        if self.misplay == (m.hand_no, m.trick.number) and m.trick.n:
            c = playout.revoke_card(m, hand)
            if c is not None:
                self.misplay = None
                return seat, c
        return seat, playout.pick(m.game.legal(hand, m.trick), self.rng)

    def play_card(self):
        seat, c = self.choose()
        self.hands[seat][c >> 4] &= ~C.bit(c)
        self.kit.place(seat, c)
        return seat, c

    def play_trick(self):
        for _ in range(4):
            self.play_card()
        self.kit.collect()

    def play_hand(self):
        self.deal()
        self.turn_up()
        for _ in range(10):
            if self.kit.table.match.over:
                return
            self.play_trick()

    def play_match(self, max_hands=12):
        for _ in range(max_hands):
            if self.kit.table.match.over:
                return
            self.play_hand()
