"""The people around the simulated table (runs inside MicroPython).

They hold a random deal, lay cards on their seat readers through the MFRC522
chip models and take tricks off the table; now and then a reader misbehaves
(flicker, crosstalk, corrupted replies: the SimTable's faults). They know any
game the rules know: a player chooses among `game.legal(hand, trick)`, the
dealer turns a card up when the game turns one up. One player may misplay on
purpose (`misplay = (hand, trick)`): a card that breaks the rules but that only
a later play can prove.

Every action is a generator that yields what it waits for: a number of scan
rounds, or PANEL (the e-ink has drawn everything and is idle). The simulator
(table_sim.py) advances it once per scan round, so a run is the same every
time for the same seed, frames included.
"""
import random

from rules import cards as C
from rules import playout
from chips.tags import ntag213

MISSES = 3
PANEL = -1              # yield PANEL: wait until the panel shows the table as it is
from reader.enrol import CONTROL_BASE, CONTROLS    # the enrolled control tags and their codes
SHOWN = ("claim", "declare", "discard", "exchange", "troel", "troela")      # tags followed by cards laid to be shown
SHOWDOWN = 3                                 # table/showing.py: every seat lays its hand
MENU, CONFIRM, UNDO = 0, 1, 2


def uid7(code):
    """A distinct 7-byte UID per card or control tag."""
    return bytes((0x04, 0x21, code & 0xFF, 0x5A, 0xA5, 0x3C, 0x80 + code % 97))


def enrol_file(path, deck="french52"):
    """The enrolment the table would have after `enrol` with these tags."""
    from reader import enrol    # here only: during play the table holds no enrolment code
    d = enrol.Deck()
    d.name = deck
    for code in enrol.order(deck):
        d.add(uid7(code), 7, code)
    d.save(path)


class Players:
    """The people around the simulated table, and their hands."""

    def __init__(self, sim, seed=2026, misplay=None, burst=None, log=None, wait_panel=True):
        self.simulator = sim            # table_sim.Sim: app, board, panel state
        random.seed(seed)
        self.tags = {}
        self.hands = {}
        self.dealt = 0                  # the hand number the players hold cards for
        self.turnup = None
        self.misplay = misplay          # (hand, trick): the seat to play then revokes
        self.burst = burst              # (hand, trick): a storm of corrupted replies
        self.log = log or (lambda text: None)
        self.wait_panel = wait_panel
        self.stuck = False              # the table waits for what the players cannot do
        self.laid = {}                  # printed card -> (hand, seat that held it), when laid
        self.ruled = None               # the last ruling the players were told of

    # -- what the players see -------------------------------------------------------
    @property
    def table(self):
        return self.simulator.app.table

    @property
    def sim(self):
        return self.simulator.board.sim

    def tag(self, code):
        t = self.tags.get(code)
        if t is None:
            t = self.tags[code] = ntag213(uid7(code))
        return t

    # -- single actions (generators) ----------------------------------------------------
    def place(self, seat, code, played=True):
        """Lay a card or control tag on `seat`'s reader (a card played leaves the hand;
        the turn-up goes back into it)."""
        t = self.table
        said, why, violation = t.message, t.refusal, t.violation
        self.sim.place(seat, self.tag(code))
        if code < CONTROL_BASE and played:
            holder = self.holder(code)
            if holder is not None:
                self.laid[code] = (self.dealt, holder)
            self.gone(code)
        yield 3
        self.answered(said, why, violation)
        if self.wait_panel:
            yield PANEL

    def answered(self, said, why, violation):
        """Say in the terminal what the table answered a card or tag just laid: at the
        table the seat's light and the panel say it, and a scenario's author sees
        neither. `said`, `why`, `violation`: the table's message, last refusal and
        last violation before it was laid. The controller builds each of them anew,
        so `is not` tells a new one from an old one that reads the same."""
        t = self.table
        v = t.violation
        r = getattr(t, "ruling", None)
        if r is not None and r is not self.ruled:
            self.ruled = r
            if r.get("card") is not None:
                self.log("the table rules: %s, seat %s's %s (%s)" % (
                    r.get("penalty"), r.get("seat"), r.get("card"), r.get("rule")))
            else:       # a misdeal after the first card: no card, perhaps a short hand
                self.log("the table rules: %s %s (dealt by seat %s)%s" % (
                    r.get("rule"), r.get("penalty"), r.get("seat"),
                    "" if r.get("short") is None else
                    ", seat %s's hand short: its missing trick to the other side" % r["short"]))
        if v is not None and v is not violation:
            self.log("the table: %s by seat %s with %s%s" % (
                v.get("rule"), v.get("seat"), v.get("card"),
                "" if v.get("proven") == "at-play" else " (proven %s)" % v.get("proven")))
        if t.message and t.message is not said:
            reason = t.refusal if t.refusal and t.refusal is not why else ""
            if not reason and t.message.endswith("?"):
                reason = "refused: no such call now"     # the tag makes no call here
            self.log("the table: " + t.message + (" (" + reason + ")" if reason else ""))

    def take(self, code):
        """Take one card or tag off the table; a card the table did not take (refused,
        or never read) goes back into the hand it was laid from."""
        self.sim.remove(self.tag(code))
        laid = self.laid.pop(code, None)
        if laid is not None and laid[0] == self.dealt and not self.played(code):
            self.hands.setdefault(laid[1], []).append(code)
            self.log("seat %d takes %s back into the hand" % (laid[1], C.name(code)))
        yield MISSES + 2

    def collect(self):
        """Take every card off the table."""
        for chip in self.sim.chips:
            for t in list(chip.tags):
                self.sim.remove(t)
        yield MISSES + 2
        if self.wait_panel:
            yield PANEL

    def press(self, button, long=False):
        """Press a button (menu, confirm, undo), briefly or held."""
        pin = self.simulator.board.button_pins[button]
        pin.value(0)
        yield 30 if long else 3
        pin.value(1)
        yield 3

    def call(self, seat, word):
        """Make a call with its control tag on the seat's reader."""
        if word not in CONTROLS:
            self.log("unknown call %r (the control tags: %s)" % (word, ", ".join(CONTROLS)))
            return
        code = CONTROL_BASE + CONTROLS.index(word)
        yield from self.place(seat, code)
        yield from self.take(code)

    def start(self, game):
        """Start a match of `game` with the buttons (menu until it shows, confirm)."""
        from table import phases as P
        if self.table.phase == P.IDLE:
            yield from self.press(MENU)
        for _ in range(12):
            if self.table.game_name == game:
                break
            yield from self.press(MENU)
        if self.table.game_name != game:
            self.log("the menu has no game %r" % game)
            return
        yield from self.press(CONFIRM)
        if self.wait_panel:
            yield PANEL

    # -- playing ------------------------------------------------------------------------
    def deal(self):
        """The players' cards for the hand the table has just dealt."""
        m = self.table.match
        hands, turnup = playout.deal(m.game, m.dealer, random, m.hand_cards)
        self.hands = hands              # {seat: [printed cards]} still held
        self.turnup = turnup
        self.dealt = m.hand_no

    def _choose(self):
        m = self.table.match
        seat = m.turn
        hand = self.held(seat)
        if self.misplay is not None and tuple(self.misplay) <= (m.hand_no, m.trick.number) \
                and m.trick.n:
            c = playout.revoke_card(m, hand)
            if c is not None:
                self.misplay = None
                c = self.printed(c)
                self.log("seat %d misplays on purpose (does not follow) with %s" % (seat, C.name(c)))
                return seat, c
            self.misplay = (m.hand_no, m.trick.number + 1)
        legal = m.game.legal(hand, m.trick)
        if not (legal[0] or legal[1] or legal[2] or legal[3]):
            legal = hand        # cards moved by hand (interactive): any card held
        if not (legal[0] or legal[1] or legal[2] or legal[3]):
            return seat, None
        return seat, self.printed(playout.pick(legal, random))

    def held(self, seat):
        """The seat's cards still held, as the rules' hand codes (suit sets)."""
        return playout.holding_of(self.table.match, self.hands.get(seat, []))

    def printed(self, c):
        """The printed card for a hand code (they differ in Envite)."""
        outer = self.table.match.game.outer
        return outer[c] if outer is not None else c

    def gone(self, code):
        """A printed card has left whoever held it."""
        for s in self.hands:
            if code in self.hands[s]:
                self.hands[s].remove(code)

    def holder(self, code):
        """The seat that holds a printed card, or None."""
        for s in self.hands:
            if code in self.hands[s]:
                return s
        return None

    def played(self, code):
        """Has the table taken this printed card as played in this hand?"""
        m = self.table.match
        if m.game is None or not m.game.in_deck(code):
            return False
        c = m.game.inner[code] if m.game.inner is not None else code
        return bool(m.played[c >> 4] & (1 << (c & 15)))

    def step(self):
        """One thing the table is waiting for: deal, turn up, play a card, collect."""
        from table import phases as P
        table = self.table
        m = table.match
        if m.game is None or m.over:
            yield 1
            return
        if self.dealt != m.hand_no:
            self.deal()
        playout.refill(m, self.hands, random)     # a stock's draws: the table never sees them
        if table.phase == P.TURNUP:
            if self.wait_panel:
                yield PANEL     # the panel asks the dealer for the turn-up first
            yield from self.place(m.dealer, self.turnup, False)
            yield from self.take(self.turnup)
            return
        if table.phase == P.COLLECT or table.phase == P.HAND_END:
            yield from self.collect()
            return
        if table.showing >= 0 and getattr(table, "show_kind", None) != SHOWDOWN:
            yield 1         # cards being shown: laid by the call that started it
            return
        caller = getattr(m.game, "random_call", None)
        ev = caller(m, self.hands, random) if caller is not None else None
        if ev is not None and ev.get("has") is False and self.misplay is not None \
                and self.misplay[0] <= m.hand_no:
            # Mus's foul: a seat says it holds pares (or juego) it does not hold; the
            # showdown proves it (false-declaration)
            self.misplay = None
            ev["has"] = True
            self.log("seat %d says it has %s, on purpose, without them" % (ev["seat"], ev["call"]))
        if ev is not None:
            yield from self.make(ev)
            return
        if table.phase == P.CALLS or (m.turn is None and m.awaiting()):
            if not self.stuck:
                self.log("the table waits for a call from seat(s) %s: make it with `call SEAT WORD`"
                         % ", ".join(str(s) for s in range(m.seats) if (m.awaiting() >> s) & 1))
                self.stuck = True
            yield 1
            return
        self.stuck = False
        if m.turn is None:
            yield 1
            return
        if self.burst == (m.hand_no, m.trick.number):
            self.burst = None
            self.log("a burst of corrupted replies")
            old = self.sim.corruption
            self.sim.corruption = 400
            yield 6
            self.sim.corruption = old
        seat, c = self._choose()
        if c is None:
            # Only a scenario gets here (a card laid by hand and kept by the table, say):
            # the players stop and say so once, instead of waiting for ever.
            if not self.stuck:
                self.log("seat %d holds no card to play: lay one with `place %d CARD` "
                         "(`show` lists what each seat holds)" % (seat, seat))
                self.stuck = True
            yield 1
            return
        for attempt in range(3):
            before = m.knowledge.count
            yield from self.place(seat, c, False)
            m = self.table.match
            if m.knowledge.count != before or m.over:
                break
            # Not taken (a card seen at two readers, a misread): picked up, laid again.
            self.log("the table did not take seat %d's %s: picked up and laid again" % (seat, C.name(c)))
            yield from self.take(c)
        else:
            return
        self.gone(c)
        if m.trick.n == 0 or m.trick.n == m.seats or m.over:
            yield from self.collect()

    def make(self, ev):
        """Make the call (or show the hand) `ev` the way a player does at the table: its
        control tag on the seat's reader, then any cards it shows laid one by one."""
        m = self.table.match
        seat = ev.get("seat")
        if ev.get("ev") == "hand":          # a showdown: the four cards on the reader
            yield from self.show(seat, [C.parse(x) for x in ev.get("cards") or []])
            return
        word = ev.get("call")
        if word in SHOWN:
            cards = ev.get("cards")
            if word == "exchange":
                cards = [ev["card"]]
            elif word in ("troel", "troela"):
                # Wiezen: the aces the call announces, then (troela) the hearts held
                # from the king down; the table names the card (firmware/table/showing.py)
                held = self.hands.get(seat, [])
                cards = [C.name(x) for x in held if x & 15 == 0]
                face = 13
                while word == "troela" and C.card(1, face) in held:
                    cards.append(C.name(C.card(1, face)))
                    face -= 1
                yield from self.call(seat, word)
                yield from self.show(seat, [C.parse(x) for x in cards])
                if word == "troela":
                    yield from self.press(CONFIRM)
                return
            elif word == "claim":
                cards = [C.name(x) for x in self.hands.get(seat, [])]
            elif cards is None and "count" in ev:
                # The cards thrown are the ones the call was chosen with (Mus's random
                # call keeps its own draw: the table must see those very cards).
                thrown = getattr(m.ctx.talk, "playout_thrown", None)
                cards = ([C.name(x) for x in thrown[seat]] if thrown and thrown[seat]
                         else [C.name(x) for x in self.hands.get(seat, [])[:ev["count"]]])
            yield from self.call(seat, word)
            yield from self.show(seat, [C.parse(x) for x in cards or []], word == "discard")
            return
        tag = self.tag_for(m, seat, ev)
        if tag is None:
            if not self.stuck:
                self.log("seat %d would call %s, but no control tag makes that call" % (seat, word))
                self.stuck = True
            yield 1
            return
        yield from self.call(seat, tag)

    def tag_for(self, m, seat, ev):
        """The control tag whose call is `ev` (the same keys), else one that makes the
        same call word (a bid: the table's next bid), else None."""
        want = dict((k, v) for k, v in ev.items() if k not in ("ev", "seat"))
        near = None
        for w in CONTROLS:
            if w in ("confirm", "undo") or w in SHOWN:
                continue
            said = m.game.tag_call(m, seat, w)
            if said is None:
                continue
            if said == want:
                return w
            if near is None and said.get("call") == want.get("call"):
                near = w
        return near

    def show(self, seat, cards, thrown=False):
        """Lay `cards` one by one on the seat's reader (shown, not played); a discard's
        cards leave the hand."""
        for c in cards:
            yield from self.place(seat, c, thrown)
            self.laid.pop(c, None)      # thrown away, not played: it does not come back
            yield from self.take(c)
        if thrown and len(cards) < 4:
            yield from self.press(CONFIRM)      # a discard of fewer than four ends on confirm

    def plays(self, count):
        """`count` cards played (and tricks collected as they complete)."""
        done = 0
        for _ in range(count * 8 + 50):
            if done >= count or self.table.match.over or self.stuck:
                return
            before = self.table.match.knowledge.count if self.table.match.game else 0
            yield from self.step()
            m = self.table.match
            if m.game is not None and m.knowledge.count != before:
                done += 1

    def until(self, done, limit=20000):
        """Play until `done()` is true (or the match ends)."""
        for _ in range(limit):
            if done() or self.table.match.over or self.stuck:
                return
            yield from self.step()

    def trick(self):
        """Play to the end of the current trick, and collect it (the turn-up first,
        when the hand waits for it)."""
        from table import phases as P
        for _ in range(200):
            if self.table.phase != P.TURNUP or self.table.match.over:
                break
            yield from self.step()
        m = self.table.match
        hand, n = m.hand_no, m.trick.number
        yield from self.until(lambda: self.table.match.hand_no != hand
                              or self.table.match.trick.number != n)
        if self.table.phase == P.COLLECT:
            yield from self.collect()

    def hand(self):
        """Play to the end of the current hand."""
        hand = self.table.match.hand_no
        yield from self.until(lambda: self.table.match.hand_no != hand)

    def ready(self, wait_rounds=100000):
        """Wait for a match to start (the host's `new`, or the menu)."""
        for _ in range(wait_rounds):
            if self.table.match.game is not None:
                return
            yield 1

    def match(self, wait_rounds=100000):
        """Wait for a match to start (the host's `new`, or the menu), then play it out."""
        for _ in range(wait_rounds):
            if self.table.match.game is not None:
                break
            yield 1
        yield from self.until(lambda: False)
        if self.wait_panel:
            yield PANEL
