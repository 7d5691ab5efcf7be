"""The table's phase machine: reader events, buttons and host commands in; the rules
judge; lights, e-ink, journal and serial out.

Per card placed during play (the hot path, `on_reader` -> `_play`): `Match.play`
gives status bits, the seat lights show the verdict, and the numbers are parked;
`flush()` then journals the play and builds the log lines, off the hot path.

Trick collection: a trick is complete when every seat has played (the rules start
the next trick at once); the winner's light blinks until every card of it has left
the readers, or the next lead is placed, whichever comes first. A hand's next deal
is logged when its last trick is collected (or confirm is pressed, or the next
dealer places the turn-up straight away). The turn-up is the first card the
dealer places on their own reader after a deal.
"""
import gc
import json

import enrol
from drivers.buttons import MENU, CONFIRM, UNDO, LONG
# Reader event kinds: the numbers of reader.py (not imported here, so the phase
# machine can be loaded and measured without the reader layer).
PLACED = 1
REMOVED = 2
UNKNOWN = 3
CONFLICT = 4
from rules import cards as C
from rules import games
from rules.errors import TableError
from rules.match import Match, REFUSED, TRICK_DONE, HAND_DONE, MATCH_DONE
from rules import match as M
from . import phases as P
from . import signals
from .link import parse_command, CommandError

# Option presets the menu button cycles through, per game (the host may send any).
PRESETS = {
    "malilla": ({}, {"irregularity": "report"}),
    "manille": ({}, {"last_trick_bonus": True}, {"partner_exemption": True}),
}
GAME_ORDER = ("malilla", "manille")
NONE = -1


class Table:
    """One table: its rules state, what lies on each reader, and its outputs."""

    def __init__(self, link, journal, lights, seats=4, ticks_ms=None, root=""):
        self.link = link
        self.journal = journal
        self.lights = lights
        self.seats = seats
        self.root = root
        self._ticks = ticks_ms
        self.t0 = ticks_ms() if ticks_ms else 0
        self.match = Match()
        self.phase = P.IDLE
        self.game_name = "malilla"
        self.preset = 0
        self.first_dealer = 0
        self.lying = [NONE] * seats     # the accepted card lying on each reader
        self.refused = [NONE] * seats   # a refused card the player must take back
        self.turnup_card = NONE
        self.parked = False             # a play judged, its lines not built yet
        self.p_status = 0
        self.p_seat = 0
        self.p_card = 0
        self.replaying = False
        self.changed = True             # the e-ink picture is out of date
        self.view = 0                   # 0 the game; 1 the last trick
        self.enroller = None
        self.deck = None                # enrol.Deck, or None
        self.reader = None              # reader.SeatReaders (for enrolment)
        self.message = ""               # a short line for the e-ink (warnings)
        self.violation = None           # the last violation event, for the e-ink
        self.undone = []                # seqs of plays undone in this match
        self.booting = False            # resumed, readers not settled yet

    def now(self):
        """Milliseconds since the controller started."""
        return self._ticks() - self.t0 if self._ticks else 0

    # -- reader events (hot path for plays) ---------------------------------------
    def on_reader(self, kind, seat, card, uid=None, uid_len=0):
        """A reader event: PLACED / REMOVED / UNKNOWN / CONFLICT at `seat`."""
        if kind == PLACED:
            self.placed(seat, card)
        elif kind == REMOVED:
            self.removed(seat, card)
        elif kind == UNKNOWN:
            if self.phase == P.ENROL and uid is not None:
                self._enrol_offer(uid, uid_len)
            else:
                self._warn(seat, "unknown tag")
        elif kind == CONFLICT:
            self._warn(seat, "card seen at two seats")

    def placed(self, seat, card):
        """A card or control tag laid on `seat`'s reader."""
        phase = self.phase
        if card >= enrol.CONTROL_BASE:
            self._control(seat, card)
        elif phase == P.PLAY or phase == P.COLLECT:
            if not self._adopt(seat, card):
                self._play(seat, card)
        elif phase == P.TURNUP:
            self._turnup(seat, card)
        elif phase == P.HAND_END or phase == P.OVER:
            if self._adopt(seat, card):
                return
            if phase == P.HAND_END and seat == self._next_dealer():
                self.next_deal()
                self._turnup(seat, card)
            else:
                self._warn(seat, "not now")
        elif phase == P.ENROL:
            self._enrol_known(card)
        else:
            self._warn(seat, "not now")

    def _play(self, seat, card):
        """Judge a play and show the verdict: allocates nothing."""
        m = self.match
        status = m.play(seat, card)
        self.p_status = status
        self.p_seat = seat
        self.p_card = card
        self.parked = True
        if status & REFUSED:
            self.refused[seat] = card
        else:
            self.lying[seat] = card
            if status & MATCH_DONE:
                self.phase = P.OVER
            elif status & HAND_DONE:
                self.phase = P.HAND_END
            elif status & TRICK_DONE:
                self.phase = P.COLLECT
            else:
                self.phase = P.PLAY
        signals.verdict(self.lights, m, status, seat)
        self.lights.tick(self._ticks() if self._ticks else 0)

    def _adopt(self, seat, card):
        """Is this card already on the table from `seat` (a flicker, or a restart)?"""
        m = self.match
        if self.booting and seat == m.dealer and card == m.turnup:
            return True                 # the turn-up still lying after a restart
        t = m.trick
        for i in range(t.n):
            if t.cards[i] == card and t.seats[i] == seat:
                self.lying[seat] = card
                return True
        t = m.last
        for i in range(t.n):
            if t.cards[i] == card and t.seats[i] == seat and self.phase != P.PLAY:
                self.lying[seat] = card
                return True
        return False

    def removed(self, seat, card):
        """A card left `seat`'s reader."""
        if self.refused[seat] == card:
            self.refused[seat] = NONE
            signals.turn(self.lights, self.seats, self.match.turn)
        if self.lying[seat] == card:
            self.lying[seat] = NONE
            if self.phase == P.COLLECT or self.phase == P.HAND_END:
                self._check_collected()

    def _check_collected(self):
        for s in range(self.seats):
            if self.lying[s] != NONE:
                return
        if self.phase == P.COLLECT:
            self.phase = P.PLAY
            signals.collected(self.lights, self.match)
            self.changed = True
        elif self.phase == P.HAND_END:
            self.next_deal()

    def settled(self):
        """After a restart, once the readers have looked: cards not seen again are
        taken as collected."""
        self.booting = False
        if self.phase == P.COLLECT or self.phase == P.HAND_END:
            self._check_collected()

    # -- turning the parked play into log lines (off the hot path) ------------------
    def flush(self):
        """Journal the parked play and send its lines."""
        if not self.parked:
            return
        self.parked = False
        status, seat, card = self.p_status, self.p_seat, self.p_card
        self._input({"ev": "play", "seat": seat, "card": C.name(card), "t": self.now()})
        for d in self.match.events(status, seat, card):
            self._derived(d)
        if status & M.HAND_DONE:
            self.view = 0
        self.changed = True

    def _input(self, ev):
        """An input event: journalled first, then sent."""
        ev["seq"] = self.link.next_seq
        if not self.replaying:
            self.journal.append(ev)
        self.link.event(ev)

    def _derived(self, d):
        if d["ev"] == "violation":
            self.violation = d
        self.link.event(d)

    # -- phases -----------------------------------------------------------------------
    def new_match(self, game_name, options=None, dealer=0):
        """Start a match (from the menu or the host): `match` and the first `deal`."""
        self.flush()
        game = games.get(game_name, options)       # raises EventError on bad options
        if not isinstance(dealer, int) or not 0 <= dealer < game.seats:
            raise TableError("dealer must be a seat 0.." + str(game.seats - 1))
        self.journal.start()
        self.match = Match()
        gc.collect()        # the old match's buffers go before the new ones come
        self.undone = []
        self.violation = None
        ev = {"ev": "match", "game": game.name, "seats": game.seats, "first_dealer": dealer,
              "t": self.now()}
        if options:
            ev["options"] = options
        self.match.apply(ev)
        self._input(ev)
        self.first_dealer = dealer
        self.phase = P.HAND_END
        self.next_deal()

    def _next_dealer(self):
        m = self.match
        game = m.game
        if game is None or not m.hand_no:
            return self.first_dealer
        return game.next_dealer(m.dealer)

    def next_deal(self):
        """Log the next hand's deal; wait for the turn-up."""
        self.flush()
        if self.phase != P.HAND_END or self.match.over:
            return
        ev = {"ev": "deal", "dealer": self._next_dealer(), "t": self.now()}
        derived = self.match.apply(ev)
        self._input(ev)
        for d in derived:
            self._derived(d)
        for s in range(self.seats):
            self.lying[s] = NONE
        self.turnup_card = NONE
        self.violation = None
        if self.match.phase == M.TURNUP:
            self.phase = P.TURNUP
            signals.turn(self.lights, self.seats, self.match.dealer)
        else:
            self.phase = P.PLAY
            signals.turn(self.lights, self.seats, self.match.turn)
        self.changed = True

    def _turnup(self, seat, card):
        if seat != self.match.dealer:
            self._warn(seat, "the dealer turns up")
            return
        ev = {"ev": "turnup", "card": C.name(card), "t": self.now()}
        try:
            derived = self.match.apply(ev)
        except TableError:
            self._warn(seat, "not a card of this game")
            return
        self.turnup_card = card
        self._input(ev)
        for d in derived:
            self._derived(d)
        self.phase = P.PLAY
        signals.turn(self.lights, self.seats, self.match.turn)
        signals.calm(self.lights)
        self.changed = True

    def _warn(self, seat, text):
        signals.warn(self.lights, seat)
        self.message = text
        self.changed = True

    # -- control tags and buttons -------------------------------------------------------
    def _control(self, seat, code):
        word = enrol.CONTROLS[code - enrol.CONTROL_BASE]
        if word == "confirm":
            self.on_button(CONFIRM * 2)
        elif word == "undo":
            self.on_button(UNDO * 2)
        elif self.phase in (P.CALLS, P.PLAY, P.COLLECT, P.TURNUP):
            self.call(seat, word)
        else:
            self._warn(seat, "not now")

    def call(self, seat, word):
        """A call (trump choice, claim, ...): logged when the rules accept it."""
        self.flush()
        ev = {"ev": "call", "seat": seat, "call": word, "t": self.now()}
        try:
            derived = self.match.apply(ev)
        except TableError:
            self._warn(seat, word + "?")
            return False
        self._input(ev)
        for d in derived:
            self._derived(d)
        self.changed = True
        return True

    def on_button(self, ev):
        """A button event code (drivers.buttons: button * 2 + long)."""
        self.flush()
        button, long = ev >> 1, ev & LONG
        phase = self.phase
        if phase == P.ENROL:
            if button == UNDO and self.enroller is not None:
                self.enroller.undo()
            elif button == CONFIRM:
                self._enrol_finish()
        elif phase in (P.IDLE, P.SETUP, P.OVER):
            self._setup_button(button, long)
        elif button == UNDO:
            self.undo()
        elif button == CONFIRM and phase == P.HAND_END:
            self.next_deal()
        elif button == MENU:
            self.view ^= 1
        self.changed = True

    def _setup_button(self, button, long):
        if self.phase != P.SETUP:
            if button == CONFIRM and long:
                self.start_enrol()
            elif button == CONFIRM or button == MENU:
                self.phase = P.SETUP
            return
        if button == MENU and long:
            self.preset = (self.preset + 1) % len(PRESETS[self.game_name])
        elif button == MENU:
            i = GAME_ORDER.index(self.game_name)
            self.game_name = GAME_ORDER[(i + 1) % len(GAME_ORDER)]
            self.preset = 0
        elif button == UNDO:
            self.first_dealer = (self.first_dealer + 1) % self.seats
        elif button == CONFIRM:
            self.new_match(self.game_name, PRESETS[self.game_name][self.preset], self.first_dealer)

    # -- undo -----------------------------------------------------------------------------
    def undo(self):
        """Undo the last play (a misread): logged as `x-undo`; the rules state is
        rebuilt from the journal without it. False when the last input is no play."""
        self.flush()
        last = None
        for ev in self.journal.events():
            if not ev.get("ev", "").startswith("x-") and ev.get("seq") not in self.undone:
                last = ev
        if last is None or last.get("ev") != "play" or self.match.over:
            self._warn(None, "nothing to undo")
            return False
        ev = {"ev": "x-undo", "undo": last["seq"], "seat": last["seat"],
              "card": last["card"], "t": self.now()}
        self._input(ev)
        self._undone(ev)
        return True

    def _undone(self, ev):
        """Rebuild the rules state without the undone play."""
        self.undone.append(ev["undo"])
        m = Match()
        for old in self.journal.events(ev["seq"]):
            if old.get("seq") in self.undone or old.get("ev", "").startswith("x-"):
                continue
            try:
                m.apply(old)
            except TableError:
                pass    # the same refusal as when it was played
        self.match = m
        seat = ev["seat"]
        if self.lying[seat] == C.parse(ev["card"]):
            self.lying[seat] = NONE
        self.phase = self._phase_of(m)
        signals.turn(self.lights, self.seats, m.turn)
        self.changed = True

    @staticmethod
    def _phase_of(m):
        if m.phase == M.OVER:
            return P.OVER
        if m.phase == M.DEAL:
            return P.HAND_END
        if m.phase == M.TURNUP:
            return P.TURNUP
        if m.phase == M.PLAY:
            return P.PLAY
        return P.IDLE

    # -- restart --------------------------------------------------------------------------
    def resume(self):
        """Replay the journal after a restart; True when a match was resumed."""
        if not self.journal.recover():
            return False
        self.replaying = True
        self.link.muted = True
        try:
            for ev in self.journal.events():
                self._replay(ev)
        finally:
            self.replaying = False
            self.link.muted = False
        m = self.match
        if m.game is None:
            return False
        self.phase = self._phase_of(m)
        self.booting = True
        if self.phase == P.PLAY and m.trick.n == 0 and m.trick.number > 1:
            # The last trick may still lie on the readers: its cards are adopted as
            # they are seen again, and `settled()` ends the wait for the rest.
            self.phase = P.COLLECT
        signals.turn(self.lights, self.seats, m.turn if m.turn is not None else m.dealer)
        self.changed = True
        return True

    def _replay(self, ev):
        name = ev.get("ev")
        if name == "match":
            self.match = Match()
            self.match.apply(ev)
            self.first_dealer = ev.get("first_dealer", 0)
            self.undone = []
            self.link.event(ev)
            return
        if name == "x-undo":
            self.link.event(ev)
            self._undone(ev)
            return
        try:
            derived = self.match.apply(ev)
        except TableError:
            derived = []
        self.link.event(ev)
        for d in derived:
            self._derived(d)

    # -- enrolment ------------------------------------------------------------------------
    def start_enrol(self, deck="spanish40"):
        """Teach the table a deck: present each card in order on any reader."""
        self.enroller = enrol.Enroller(deck)
        self.phase = P.ENROL
        if self.reader is not None:
            self.reader.deck = self.enroller.deck
        self.changed = True

    def _enrol_offer(self, uid, n):
        en = self.enroller
        if en is None:
            return
        result = en.offer(uid, n)
        self.link.reply({"reply": "enrol", "result": enrol.RESULT_NAMES[result],
                         "next": self._enrol_next()})
        if en.done():
            self._enrol_finish()
        self.changed = True

    def _enrol_known(self, card):
        self.link.reply({"reply": "enrol", "result": "duplicate", "card": enrol.name(card),
                         "next": self._enrol_next()})

    def _enrol_next(self):
        en = self.enroller
        code = en.expected() if en is not None else -1
        return enrol.name(code) if code >= 0 else None

    def _enrol_finish(self):
        en = self.enroller
        if en is None:
            return
        deck = en.deck
        deck.save(_path(self.root, enrol.PATH))
        self.deck = deck
        if self.reader is not None:
            self.reader.deck = deck
        self.link.reply({"reply": "enrol", "result": "saved", "tags": deck.count})
        self.enroller = None
        self.phase = P.SETUP
        self.changed = True

    # -- host commands -------------------------------------------------------------------
    def on_line(self, line):
        """One command line from the host; the answer is queued as a reply."""
        self.flush()
        rid = None
        try:
            if line.startswith("\x00"):
                raise CommandError(line[1:])
            cmd = parse_command(line)
            rid = cmd.get("id")
            self._command(cmd)
        except (CommandError, TableError) as err:
            out = {"error": str(err), "line": line[:60]}
            if rid is not None:
                out["id"] = rid
            self.link.reply(out)

    def _command(self, cmd):
        word = cmd["cmd"]
        out = {"reply": word, "ok": True}
        if cmd.get("id") is not None:
            out["id"] = cmd["id"]
        if word == "new":
            game = cmd.get("game")
            if game is None:
                raise CommandError("'new' needs 'game'")
            options = cmd.get("options", {})
            if not isinstance(options, dict):
                raise CommandError("'options' must be an object")
            self.new_match(game, options, cmd.get("dealer", 0))
        elif word == "status":
            out.update(self.status())
        elif word == "resend":
            first = cmd.get("from")
            if not isinstance(first, int) or isinstance(first, bool):
                raise CommandError("'resend' needs 'from' (a seq)")
            if not self.link.resend(first):
                raise CommandError("seq " + str(first) + " is not held (oldest "
                                   + str(self.link.oldest()) + ", next "
                                   + str(self.link.next_seq) + ")")
        elif word == "undo":
            if not self.undo():
                raise CommandError("nothing to undo")
        elif word == "enrol":
            deck = cmd.get("deck", "spanish40")
            if deck not in enrol.DECKS:
                raise CommandError("unknown deck " + json.dumps(deck))
            self.start_enrol(deck)
        else:
            raise CommandError("unknown command " + json.dumps(word))
        self.link.reply(out)

    def status(self):
        """What the host's `status` command answers."""
        m = self.match
        return {"phase": P.NAMES[self.phase], "next_seq": self.link.next_seq,
                "game": m.game.name if m.game else None, "hand": m.hand_no,
                "dealer": m.dealer, "turn": m.turn, "totals": list(m.totals)}


def _path(root, name):
    return name if not root else root.rstrip("/") + "/" + name
