"""Four players at the emulated table (CPython), as scenarios for tools/pico/rig.py.

They deal themselves a random hand when the controller logs a `deal`, lay the
turn-up and then each card on their seat's reader (the MFRC522 models), take
tricks off the table, and follow the match only from what the controller says:
its table log on USB serial and its lights. A player misplays on purpose at
`misplay = (hand, trick)`: a revoke the controller can only prove later.

Power cuts (`cuts`): before some plays the rig is told to cut the power a random
while later (which may land in a flash erase or program: the emulator stalls the
core for the flash's datasheet time), part-way through one of the next flash
program operations (the journal's append comes right after a play is judged), or
part-way through the next erase. The players carry on from
whatever the controller resumes, and check nothing they placed went missing.
"""
import random
import sys
import os

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from rig import P, colour_word  # noqa: E402
from tapete.rules import cards as C  # noqa: E402
from tapete.rules import playout  # noqa: E402
from tapete.rules.match import Match  # noqa: E402

WAIT_MS = 20000
TURNUP_BACK_MS = 600
INPUTS = ("match", "deal", "turnup", "play", "call", "x-undo")


class Players:
    """The people around the emulated table; `scenario()` is the rig's generator."""

    def __init__(self, rig, seed=2026, misplay=None, hands=None, cuts=0, log=None, plays=None,
                 think_ms=0):
        self.rig = rig
        self.rng = random.Random(seed)
        # Each card laid after a pause drawn from 0..think_ms (its own seeded draw). A
        # card laid the instant the last play is logged lands at the same moment of the
        # scan loop each time, so a loop a few hundred us faster or slower moved the
        # bench's median verdict by 3 ms (docs/pico.md, step 7); a person's pause lands
        # anywhere in it.
        self.think_ms = think_ms
        self.think_rng = random.Random(seed + 2)
        self.deal_rng = random.Random(seed + 1)
        self.misplay = misplay
        self.hands_wanted = hands
        self.plays_wanted = plays   # stop after this many plays (a quick measurement)
        self.cuts_wanted = cuts
        self.cuts = []              # (kind, detail) of each cut ordered
        self.match = Match()
        self.next_seq = 0           # the next log event to read
        self.placed = []            # (seat, card name) of every play laid on a reader
        self.latency_us = []        # card placed -> verdict on its seat's lights
        self.heard_us = []          # (card placed -> a reader first hears it, -> its light)
        self.timed = []             # (emulated ns it was laid, seat, card, us to its light)
        self.log = log or (lambda text: None)
        self.boots_seen = len(rig.boots)

    # -- what the controller has said ------------------------------------------------------
    def sync(self):
        """Read the log as far as it is contiguous into the players' own match."""
        rig = self.rig
        if len(rig.boots) != self.boots_seen:       # restarted: ask for what it journalled
            self.boots_seen = len(rig.boots)
            rig.command({"cmd": "resend", "from": self.next_seq})
        while self.next_seq in rig.events:
            ev = rig.events[self.next_seq]
            self.next_seq += 1
            if ev.get("ev") in INPUTS:
                self.match.apply(dict((k, v) for k, v in ev.items() if k not in ("seq", "t")))
        return self.match

    def logged(self, pred):
        """A Wait predicate: some event from seq `start` on satisfies pred."""
        start = self.next_seq

        def check():
            self.sync()
            for k in range(start, self.next_seq):
                if pred(self.rig.events[k]):
                    return True
            return False
        return check

    # -- the scenario ------------------------------------------------------------------------
    def scenario(self):
        """Play until the match ends (or `hands` hands); returns the players."""
        rig = self.rig
        yield rig.until(self.logged(lambda e: e["ev"] == "deal"), 600000, "the first deal")
        hands = 0
        while True:
            m = self.sync()
            if m.over or (self.hands_wanted is not None and hands >= self.hands_wanted) \
                    or self.enough():
                return self
            yield from self.hand()
            hands += 1
            if self.enough():
                return self
            yield rig.until(self.logged(lambda e: e["ev"] in ("deal", "match_end")),
                            WAIT_MS, "the next deal")

    def hand(self):
        rig = self.rig
        m = self.match
        hand_no = m.hand_no
        dealt, turnup = playout.deal(m.game, m.dealer, self.deal_rng)
        held = dict((s, C.hand_of(dealt[s])) for s in dealt)
        self.log("hand %d: seat %d turns up %s" % (hand_no, m.dealer, C.name(turnup)))
        rig.place(m.dealer, turnup)
        yield rig.until(self.logged(lambda e: e["ev"] == "turnup"), WAIT_MS, "the turn-up")
        rig.remove(turnup)
        # The dealer takes the turn-up back into hand. Laid again on the same reader
        # before the reader has missed it for 4 rounds, it is never seen to leave, so
        # its play is never seen either (docs/pico.md, "Found on the RP2040"): a
        # person takes longer than that.
        yield rig.sleep(TURNUP_BACK_MS)
        while True:
            m = self.sync()
            if m.over or m.hand_no != hand_no or m.turn is None or self.enough():
                break
            seat = m.turn
            c = self.choose(m, held[seat])
            held[seat][c >> 4] &= ~C.bit(c)
            yield from self.lay(seat, c)
            m = self.sync()
            if m.trick.n == 0 or m.hand_no != hand_no or m.turn is None or m.over:
                rig.clear()                         # the trick is taken off the table
                if m.turn is not None and m.hand_no == hand_no and not m.over:
                    nxt = m.turn
                    yield rig.until(lambda: rig.seat_colour(nxt) == "white", WAIT_MS,
                                    "seat %d's turn light after the trick" % nxt)

    def enough(self):
        return self.plays_wanted is not None and len(self.placed) >= self.plays_wanted

    def choose(self, m, hand):
        if self.misplay == (m.hand_no, m.trick.number) and m.trick.n:
            c = playout.revoke_card(m, hand)
            if c is not None:
                self.misplay = None
                self.log("seat %d revokes with %s" % (m.turn, C.name(c)))
                return c
            self.misplay = (m.hand_no, m.trick.number + 1)
        return playout.pick(m.game.legal(hand, m.trick), self.rng)

    def lay(self, seat, c):
        rig = self.rig
        if self.think_ms:
            yield rig.sleep(self.think_rng.randrange(0, self.think_ms + 1))
        name = C.name(c)
        before = rig.seat_colour(seat)
        t0 = rig.now
        cut = self.maybe_cut() or self.cut_pending()
        tag = rig.tag(c)
        tag.heard_us = -1
        rig.place(seat, c)
        self.placed.append((seat, name))
        yield rig.until(self.logged(lambda e: e["ev"] == "play" and e["seat"] == seat
                                    and e["card"] == name),
                        WAIT_MS, "seat %d's play of %s in the log" % (seat, name))
        if not cut:
            lit = self.verdict_us(seat, before, t0)
            self.latency_us.append(lit)
            self.timed.append((t0, seat, name, lit))
            if lit is not None and tag.heard_us >= 0:
                self.heard_us.append((tag.heard_us - t0 // 1000, lit))

    def verdict_us(self, seat, before, t0):
        """Emulated us from the card landing to the first LED frame changing its seat."""
        k = seat * P.LED_PER_SEAT
        for t, leds in list(self.rig.led_frames):
            if t > t0 and colour_word(leds[k]) != before:
                return (t - t0) // 1000
        return None

    def cuts_done(self):
        """Power cuts that have happened."""
        return sum(1 for _, why in self.rig.boots if why.startswith("cut"))

    def cut_pending(self):
        return len(self.cuts) > self.cuts_done()

    def maybe_cut(self):
        """Before some plays: order a power cut (at a random instant, or in a flash write),
        one at a time, until `cuts` have happened."""
        if self.cuts_done() >= self.cuts_wanted or self.cut_pending() \
                or self.rng.random() > self.cut_chance:
            return False
        rig = self.rig
        r = self.rng.random()
        if r < 0.35:
            op, keep = self.rng.randrange(0, 6), self.rng.randrange(0, 257)
            rig.order(cut_program=[op, keep])
            self.cuts.append(("flash program", op, keep))
        elif r < 0.5:
            # an erase comes with about one append in ten: the next one, part-way
            frac = self.rng.random()
            rig.order(cut_erase=[0, frac])
            self.cuts.append(("flash erase", 0, frac))
        else:
            at = rig.now + self.rng.randrange(0, 120000) * 1000
            rig.order(cut_at_ns=at)
            self.cuts.append(("instant", at))
        return True

    cut_chance = 0.35
