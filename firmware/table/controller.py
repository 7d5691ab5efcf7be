"""The table's phase machine: reader events, buttons and host commands in; the rules
judge; lights, e-ink, journal and serial out.

Per card placed during play (the hot path, `on_reader` -> `_play`): `Match.play`
gives status bits, the seat lights show the verdict, and the numbers are parked;
`flush()` then journals the play and builds the log lines, off the hot path.

The table's phase is not stored: `phase` reads it from the match, the menu and
what lies on the readers (table/phases.py), so playing a card writes no phase.

Trick collection: a trick is complete when every seat has played (the rules start
the next trick at once); the winner's light blinks until every card of it has left
the readers, or the next lead is placed, whichever comes first. A hand's next deal
is logged when its last trick is collected (or confirm is pressed, or the next
dealer places the turn-up straight away). The turn-up is the first card the
dealer places on their own reader after a deal.
"""
from micropython import const

from rules import cards as C
from rules.errors import TableError
from rules.match import Match, PROVEN, REFUSED, RULED
from rules.verdicts import CONDONE
from rules import match as M
from . import phases as P
from . import signals
# The host's commands stay loaded: `tapete record` asks `status` after every second of
# silence, and importing this module for it (and dropping it after) held the scan loop
# 32 ms on the RP2040, in front of whatever card landed meanwhile; resident, a status
# line costs 3.3 ms (tools: a timed on_line on the emulated Pico, issue 14's note).
from .io import host
from .panel.say import load as load_language, say

# Numbers of other modules, not imported so that playing loads only what it needs
# (each module costs heap for its code; see docs/serial.md, "Budgets").
# Reader event kinds (reader/seats.py):
PLACED = const(1)
REMOVED = const(2)
UNKNOWN = const(3)
CONFLICT = const(4)
# Buttons (drivers/buttons.py): an event is button * 2 + long.
_MENU = const(0)
_CONFIRM = const(1)
_UNDO = const(2)
_LONG = const(1)
_CONTROL_BASE = const(64)   # deck.CONTROL_BASE: codes from here are control tags
_NONE = const(-1)

# The parts of the controller not needed to play, imported when needed (menu:
# setup and enrolment; restore: undo and resume; start: a new match) and dropped by
# `_unload()` when a match starts or the rare action is over (resend: lines the
# host asks for again); with them the enrolment module (reader/enrol.py; play needs
# only reader/deck.py), unless enrolment is on.
_RARE = ("menu", "restore", "showing", "start", "ruled")
_RARE_IO = ("resend",)
# The rule module's parts that playing does not need: option checks (a match's
# start), hand events, misdeals, proofs and claims (when they happen), tools. Not the view
# (rules/view.py): the panel snapshots the match for every picture, and dropped
# after each host command (a status every silent second, a burst after a restart)
# it was imported again by the next picture, in one piece, in front of a card laid
# then (importing host.mpy, 2.3 KB, took 32 ms on the RP2040; view.mpy is 1.6 KB).
_RULES_RARE = ("options", "names", "hands", "misdeal", "evidence", "claims", "club", "solver",
               "explain", "fold", "rulings")


# The law's code (rules/rulings.py, rules/evidence.py): loaded when a card breaks a
# rule, and forgotten once its lines are sent (`flush`) unless the law still waits
# (a card out of turn held, a correction window open: every play asks it then). Kept
# for the rest of the match, its ~6 KB lay under the picture of the violation (its box
# and screen_notes), the match's low-water mark: 61,440 bytes free with the native
# module (make bench-pico after issue 35's laws; the budget is 64 KB). Imported again at
# the next violation: ~50 ms on the RP2040, as the match's first violation always paid.
_LAW = ("rulings", "evidence")


def _forget(pkg_name, names):
    """Forget modules `names` of package `pkg_name`: their code is freed at the next
    collection (imported again when needed)."""
    import sys
    pkg = sys.modules.get(pkg_name)
    for name in names:
        if sys.modules.pop(pkg_name + "." + name, None) is not None and pkg is not None:
            try:
                delattr(pkg, name)
            except AttributeError:
                pass


def _unload(enrolling=False):
    """Forget the rare parts: their code is freed at the next collection."""
    _forget("table", _RARE)
    _forget("table.io", _RARE_IO)
    _forget("rules", _RULES_RARE)
    if not enrolling:
        _forget("reader", ("enrol", "wiezen_tags"))    # enrol.py holds Wiezen's tag words too


class Table:
    """One table: its rules state, what lies on each reader, and its outputs."""

    def __init__(self, link, journal, lights, seats=4, ticks_ms=None, root=""):
        load_language(root)     # the table's own messages are said in its language too
        self.link = link
        self.journal = journal
        link.replay = self.replay_from  # lines older than the ring, from the journal
        self.lights = lights
        self.seats = seats
        self.root = root
        self._ticks = ticks_ms
        self.t0 = ticks_ms() if ticks_ms else 0
        self.match = Match()
        self.menu = None                # P.ENROL or P.SETUP while the menu is open
        self.game_name = "malilla"
        self.preset = 0
        self.first_dealer = 0
        self.lying = [_NONE] * seats     # the accepted card lying on each reader
        self.refused = [_NONE] * seats   # a refused card the player must take back
        self.turnup_card = _NONE
        self.parked = False             # a play judged, its lines not built yet
        self.p_status = 0
        self.p_seat = 0
        self.p_card = 0
        self.replaying = False
        self.changed = True             # the e-ink picture is out of date
        self.view = 0                   # 0 the game; 1 the last trick
        self.enroller = None
        self.deck = None                # deck.Deck, or None
        self.reader = None              # reader.SeatReaders (for enrolment)
        self.message = ""               # a short line for the e-ink (warnings)
        self.notice = ""                # a room's notice (host.notice): shown until the next deal
        self.round = None               # a round with a clock (table/io/clock.py), or None
        self.profile = None             # ... and its event's house-rule profile (a name)
        self.refusal = ""               # why the rules refused the last call (for the host)
        self.problems = []              # (seat, text) of readers that failed at boot
        self.names = None               # the players' names for new matches (host command)
        self.match_names = None         # ... and those the match under way carries (the panel)
        self.violation = None           # the last violation event, for the e-ink
        self.ruling = None              # the last x-ruling event, for the e-ink
        self.pend_seq = -1              # the seq of the play out of turn the law holds
        self.undone = []                # seqs of plays undone in this match
        self.ruled = {}                 # seq of each x-ruling of this match -> its key
        self.overrides = {}             # the director's rulings of this match (rules/fold.py)
        self.booting = False            # resumed, readers not settled yet
        self.fresh = False              # ... and in the first rounds after the restart
        self.showing = _NONE            # a seat laying cards to show (table/showing.py)
        self.show_kind = 0
        self.show_needed = 0
        self.shown = []                 # ... the cards laid so far

    @property
    def phase(self):
        """The table's phase (table/phases.py): the menu's while it is open, else the
        match's, COLLECT while a finished trick still lies on the readers."""
        if self.menu is not None:
            return self.menu
        m = self.match
        p = m.phase
        if p == P.PLAY and m.trick.n == 0 and m.trick.number > 1 and self._trick_lies():
            return P.COLLECT
        return p

    def _trick_lies(self):
        """Cards of the last trick lie on the readers (asked between tricks only, when
        every card lying is the last trick's); after a restart, until the readers
        have looked, the trick is taken to lie there."""
        if self.booting:
            return True
        for c in self.lying:
            if c != _NONE:
                return True
        return False

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
                from . import menu
                menu.enrol_offer(self, uid, uid_len, card)
            else:
                self._warn(seat, say("unknown tag"))
        elif kind == CONFLICT:
            self._warn(seat, say("card seen at two seats"))

    def placed(self, seat, card):
        """A card or control tag laid on `seat`'s reader."""
        # The phase without the COLLECT test (`phase` below): a card laid while a
        # trick lies on the readers is adopted or played, as in PLAY.
        phase = self.menu if self.menu is not None else self.match.phase
        if phase == P.ENROL:            # control tags too: enrolled, or counted
            from . import menu
            menu.enrol_known(self, card)
        elif card >= _CONTROL_BASE:
            self._control(seat, card)
        elif self.showing != _NONE:
            from . import showing
            showing.card(self, seat, card)
        elif phase == P.SHOW:
            from . import showing           # the showdown: every hand is laid down
            showing.start(self, seat, showing.SHOWDOWN)
            showing.card(self, seat, card)
        elif phase == P.PLAY:
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
                self._warn(seat, say("not now"))
        else:
            self._warn(seat, say("not now"))

    def _play(self, seat, card):
        """Judge a play and show the verdict: allocates nothing."""
        m = self.match
        pend = m.pend_seat
        if pend >= 0 and self.reader is not None and self.refused[pend] != _NONE \
                and not self.reader.still(pend, self.refused[pend]):
            # The card out of turn the law holds is lifted (its last confirmation was
            # silent, the reader's REMOVED not due yet): taken back before this card
            # came, it is not there to be played on (rare: allocates)
            self.removed(pend, self.refused[pend])
        status = m.play(seat, card)
        self.p_status = status
        self.p_seat = seat
        self.p_card = card
        self.parked = True
        if status & RULED:
            r = m.rulings
            for k in range(m.ruling_count):
                s = r[5 * k]
                if r[5 * k + 2] == CONDONE and self.refused[s] != _NONE:
                    self.lying[s] = self.refused[s]     # played on: it stands
                    self.refused[s] = _NONE
        if status & REFUSED:
            self.refused[seat] = card
        else:
            self.lying[seat] = card     # the phase follows (COLLECT, HAND_END, OVER)
        signals.verdict(self.lights, m, status, seat)
        self.lights.tick(self._ticks() if self._ticks else 0)

    def _adopt(self, seat, card):
        """Is this card already on the table from `seat` (a flicker, or a restart)?"""
        m = self.match
        if self.fresh and seat == m.dealer and card == m.turnup and m.trick.number == 1 \
                and (m.turn != seat or m.game is None or not m.game.turnup_held):
            # The turn-up still lying at the restart (read in the first rounds, and
            # only in the first trick: later the dealer has taken it back); laid
            # again after that, it is a play. Once the dealer's own turn has come, the
            # turn-up on their reader is their play, laid just before the power went
            # (found by make pico-match's cuts: the dealer's AS swallowed, the hand
            # stuck). People take the turn-up into their hand at once; a dealer who
            # left it lying through the trick and meant another card undoes the play.
            # Where the turn-up is nobody's card (Envite) it is never a play.
            return True
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
        """A card left `seat`'s reader. A card out of turn the law held is taken back:
        logged (an `x-undo` of its play) so that the audit, too, knows it is gone."""
        if self.refused[seat] == card:
            self.refused[seat] = _NONE
            m = self.match
            if m.game is not None and m.pend_seat == seat:
                self.flush()
                m.pend_seat = -1
                if self.pend_seq >= 0:
                    self.undone.append(self.pend_seq)
                    self._input({"ev": "x-undo", "undo": self.pend_seq, "seat": seat,
                                 "card": C.name(card), "t": self.now()})
                    self.pend_seq = -1
                self.changed = True
            signals.turn(self.lights, self.seats, self.match.turn)
        if self.lying[seat] == card:
            phase = self.phase          # read before: this card still counts as lying
            self.lying[seat] = _NONE
            if phase == P.COLLECT or phase == P.HAND_END:
                self._check_collected(phase)

    def _check_collected(self, phase):
        """`phase` (COLLECT or HAND_END) ends when no card is left on the readers."""
        for s in range(self.seats):
            if self.lying[s] != _NONE:
                return
        if phase == P.COLLECT:
            signals.collected(self.lights, self.match)
            self.changed = True
        elif phase == P.HAND_END:
            self.next_deal()

    def settled(self):
        """After a restart, once the readers have looked: cards not seen again are
        taken as collected."""
        phase = self.phase              # read before: until now the trick counts as lying
        self.booting = False
        if phase == P.COLLECT or phase == P.HAND_END:
            self._check_collected(phase)

    # -- turning the parked play into log lines (off the hot path) ------------------
    def flush(self):
        """Journal the parked play and send its lines."""
        if not self.parked:
            return
        self.parked = False
        status, seat, card = self.p_status, self.p_seat, self.p_card
        ev = {"ev": "play", "seat": seat, "card": C.name(card), "t": self.now()}
        self._input(ev)
        if status & REFUSED and self.match.pend_seat == seat:
            self.pend_seq = ev["seq"]   # held out of turn: lifting it is logged
        m = self.match
        for d in m.events(status, seat, card):
            self._derived(d)
        if status & (PROVEN | RULED | REFUSED) and m.pend_seat < 0 and not m.court[0]:
            _forget("rules", _LAW)      # before the picture of the violation (see _LAW)
        if status & M.HAND_DONE:
            self.view = 0
        self.changed = True

    def _input(self, ev):
        """An input event: journalled first, then sent (and the last warning is over)."""
        self.message = ""
        ev["seq"] = self.link.next_seq
        self.link.mark(ev)          # a match's run id journalled with it: a restart keeps it
        if not self.replaying:
            self.journal.append(ev)
        self.link.event(ev)

    def _derived(self, d):
        if d["ev"] == "violation":
            self.violation = d
        self.link.event(d)
        if d["ev"] == "x-ruling":
            self.ruling = d
            self.ruled[d["seq"]] = (d["hand"], d["trick"], d["seat"], d["rule"])
            if d["rule"] == "misdeal" and d["penalty"] == "stands":
                from . import ruled     # a void one: the hand's end says MISDEAL
                ruled.aloud(self, d)
        elif d["ev"] == "x-claim" and d.get("sound") is False:
            from . import ruled
            ruled.aloud(self, d)

    # -- phases -----------------------------------------------------------------------
    def new_match(self, game_name, options=None, dealer=0, profile=None, version=None):
        """Start a match (from the menu or the host): `match` and the first `deal`;
        `profile`: the house-rule profile's name the host resolved `options` from,
        `version` its file's version (both on the `match` event). Its code is a rare
        part (table/start.py), dropped once the match is under way."""
        from . import start
        start.new_match(self, game_name, options, dealer, profile, version)
        _unload()           # a match started: the setup menu, enrolment, option checks go

    def _next_dealer(self):
        m = self.match
        game = m.game
        if game is None or not m.hand_no:
            return self.first_dealer
        return m.next_dealers()[0]      # the game's next dealer, or its misdeal rule's

    def next_deal(self):
        """Log the next hand's deal; wait for the turn-up."""
        self.flush()
        if self.phase != P.HAND_END or self.match.over:
            return
        if self.round is not None and self.match.hand_no:
            from .io import clock   # the deal in play is finished: a cap ends the match here
            word = clock.cap(self)
            if word is not None:
                ev = {"ev": "cap", "cap": word, "t": self.now()}
                self._record(ev, self.match.apply(ev))
                self.sync()
                return
        # A deck that carries its names is read at each card's first lay (reader/record.py
        # with drivers/ntag.py, ~2 KB of code and buffers): after a whole hand the pack is
        # known (the reader keeps what it read), so the code goes; a tag new to the
        # table brings it back at its first lay. Issue 40's deck held it for the match,
        # the low-water then came in the second hand: 65,440 bytes free (make bench-pico).
        _forget("reader", ("record",))
        _forget("drivers", ("ntag",))
        ev = {"ev": "deal", "dealer": self._next_dealer(), "t": self.now()}
        derived = self.match.apply(ev)
        self._record(ev, derived)
        for s in range(self.seats):
            self.lying[s] = _NONE
        self.turnup_card = _NONE
        self.violation = None
        self.ruling = None
        self.notice = ""                # the room's word on the last hand is read
        self.showing = _NONE            # the last hand's showdown is over
        self.shown = []
        self.sync()

    def sync(self):
        """After a change of the match other than a play: the seats whose card or call
        is awaited lit, the picture out of date."""
        phase = self.phase
        if phase == P.TURNUP or phase == P.PLAY or phase == P.CALLS or phase == P.SHOW:
            signals.awaiting(self.lights, self.seats, self.match.awaiting())
        self.changed = True
        if phase == P.HAND_END and not self.booting:
            # A hand ended by a call (a refused raise, a fold) with no card on the
            # readers: nothing is left to collect, the next deal starts now.
            self._check_collected(phase)

    def _turnup(self, seat, card):
        if seat != self.match.dealer:
            self._warn(seat, say("the dealer turns up"))
            return
        ev = {"ev": "turnup", "card": C.name(card), "t": self.now()}
        try:
            derived = self.match.apply(ev)
        except TableError:
            self._warn(seat, say("not a card of this game"))
            return
        self.turnup_card = card
        self._record(ev, derived)
        signals.calm(self.lights)
        self.sync()

    def _warn(self, seat, text):
        signals.warn(self.lights, seat)
        self.message = "S" + str(seat) + ": " + text
        self.changed = True

    # -- control tags and buttons -------------------------------------------------------
    def _control(self, seat, code):
        from reader.deck import CONTROLS
        if code - _CONTROL_BASE >= len(CONTROLS):   # Wiezen's tags: table/wiezen.py, loaded for them
            from . import wiezen
            return wiezen.control(self, seat, code)
        word = CONTROLS[code - _CONTROL_BASE]
        if word == "confirm":
            self.on_button(_CONFIRM * 2)
        elif word == "undo":
            self.on_button(_UNDO * 2)
        elif word == "overrule":
            self.overrule(None, None, "seat " + str(seat), None)     # the director's tag
        elif self.phase not in (P.CALLS, P.SHOW, P.PLAY, P.COLLECT, P.TURNUP) or self.showing != _NONE:
            self._warn(seat, say("not now"))
        elif word == "misdeal":
            self.misdeal(seat)
        elif word in ("claim", "declare", "discard", "exchange"):
            from . import showing           # the cards shown come first
            if word == "claim":
                showing.claim(self, seat)
            else:
                showing.start(self, seat, showing.KINDS.index(word))
        else:
            self.tag_call(seat, word)

    def tag_call(self, seat, word):
        """A call tag's `word` laid on `seat`'s reader, made the game's call (its
        `tag_call`), or warned as unknown there (table/wiezen.py's tags too)."""
        game = self.match.game
        said = game.tag_call(self.match, seat, word) if game is not None else None
        if said is None:
            self._warn(seat, word + "?")
        else:
            self.call(seat, said.pop("call"), said)

    def call(self, seat, word, extra=None, shown=False):
        """A call (trump choice, claim, ...): logged when the rules accept it. `shown`:
        made by table/showing.py from the cards shown (a claim, a declaration, a discard,
        an exchange, troel), whose code goes after it."""
        self.flush()
        ev = {"ev": "call", "seat": seat, "call": word, "t": self.now()}
        if extra:
            ev.update(extra)
        try:
            derived = self.match.apply(ev)
        except TableError as err:
            self._warn(seat, word + "?")
            self.refusal = str(err)
            return False
        finally:
            if shown:
                _unload()       # the claim check's code and table go (and table.showing)
        self._record(ev, derived)
        if word == "concede" and self.match.conceding is not None:
            self.message = "S" + str(seat) + ": " + say("conceded, the partner may object")
        self.sync()
        return True

    def wait_over(self):
        """A concession no partner objected to within its wait: the conceder's word
        again, which lets it stand (rules/claims.py). Called every scan round while
        one waits."""
        c = self.match.conceding
        if c is not None and c[1] is not None and self.now() >= c[1]:
            self.call(c[0], "concede")

    def _record(self, ev, derived):
        """An input the rules took: journalled and sent, then the events it gave."""
        self._input(ev)
        for d in derived:
            self._derived(d)

    def misdeal(self, seat=None):
        """The hand in progress is void (a misdeal tag, or menu held during a hand):
        the `misdeal` event; confirm then deals again, by the game's misdeal rule.
        The tag's `seat`: its hand a card short, after the first card (table/ruled.py)."""
        self.flush()
        ev = {"ev": "misdeal", "t": self.now()}
        if seat is not None:
            from . import ruled
            ruled.short(self, ev, seat)
        try:
            derived = self.match.apply(ev)
        except TableError as err:
            if "short" in ev:
                return self.misdeal()   # no such trick here: it stands with no short hand
            self.refusal = str(err)
            return False
        self._record(ev, derived)
        self.sync()
        return True

    def show_hand(self, seat, cards):
        """A seat's hand laid down at the showdown: the `hand` event."""
        ev = {"ev": "hand", "seat": seat, "cards": cards, "t": self.now()}
        try:
            derived = self.match.apply(ev)
        except TableError as err:
            self._warn(seat, say("hand?"))
            self.refusal = str(err)
            return False
        self._record(ev, derived)
        self.sync()
        return True

    def on_button(self, ev):
        """A button event code (drivers.buttons: button * 2 + long)."""
        self.flush()
        button, long = ev >> 1, ev & _LONG
        phase = self.phase
        if phase == P.ENROL:
            from . import menu
            menu.enrol_button(self, button, long)
        elif phase in (P.IDLE, P.SETUP, P.OVER):
            from . import menu
            menu.button(self, button, long)
        elif button == _CONFIRM and self.showing != _NONE:
            from . import showing
            showing.confirm(self)       # a discard of fewer than four
        elif button == _UNDO and self.showing != _NONE:
            from . import showing
            showing.cancel(self)        # taken back before it was made
        elif button == _UNDO:
            self.undo()
        elif button == _CONFIRM and phase == P.HAND_END:
            self.next_deal()
        elif button == _MENU and long and phase in (P.CALLS, P.SHOW, P.PLAY, P.COLLECT, P.TURNUP):
            self.misdeal()
        elif button == _MENU:
            self.view ^= 1
        self.changed = True

    # -- the rare parts: loaded for the action, then dropped ------------------------------
    def undo(self):
        """Undo the last play (a misread): logged as `x-undo`; the rules state is
        rebuilt from the journal without it. False when the last input is no play."""
        self.flush()
        from . import restore
        try:
            return restore.undo(self)
        finally:
            _unload()

    def overrule(self, ruling, penalty, by, reason):
        """A director overrules a ruling (`ruling` its seq, None: the last one; `penalty`
        None: its other reading): logged as `x-override`, the rules rebuilt under it.
        The refusal's reason (a TableError), or None."""
        self.flush()
        from . import restore
        try:
            return restore.overrule(self, ruling, penalty, by, reason)
        finally:
            _unload()

    def resume(self):
        """Replay the journal after a restart; True when a match was resumed."""
        from . import restore
        try:
            return restore.resume(self)
        finally:
            _unload()

    def replay_from(self, first):
        """The log lines from seq `first` on, rebuilt from the journal one at a time
        (table/io/resend.py), or None when the journal does not hold that seq."""
        held = self.journal.first_seq()
        if held is None or first < held or first >= self.link.next_seq:
            return None
        from .io import resend
        return resend.Replay(self.journal)

    def start_enrol(self, deck="spanish40", signs=None):
        """Teach the table a pack: present each card in order on any reader."""
        from . import menu
        menu.start_enrol(self, deck, signs)

    def write_deck(self, cmd, out):
        """The host's `write` command: the menu's write-deck mode (table/menu.py
        `write_command`). The refusal's reason, or None."""
        from . import menu
        return menu.write_command(self, cmd, out)

    def on_line(self, line):
        """One command line from the host; the answer is queued as a reply."""
        self.flush()
        try:
            host.on_line(self, line)
        finally:
            _unload(self.enroller is not None)

    def status(self):
        """What the host's `status` command answers."""
        return host.status(self)
