"""What every game shares: its description, read by one engine (rules/match.py).

A game is a description: its pack and rank order, card points, points per trick and
for the last trick, direction, seats and teams, its duties (rules/duties.py), its
options (each with a default and a one-line meaning), and a few hooks where the
rule text asks for more (calls, scoring, the end of a hand). The card tables below
are built from that description; the duties engine, the C core and the solver read
only the tables.

Card tables, per card code (suit * 16 + slot; a slot is face - 1 for every printed
card): `strength` (1 = lowest of its suit, 0 = not in the pack), `points_of`, and
`above` / `below` (the suit set of cards of the same suit that beat / lose to it).
A game whose trump suit takes cards of other suits (Envite) maps them onto free
slots of the trump suit for the hand (`inner` / `outer`), so everything else sees
plain suits.
"""
import sys
from array import array

from .cards import deck_of
from .duties import forbid_into, legal_into
from .errors import EventError
from .phases import CALLS, PLAY, TURNUP


class Game:
    """A trick game's description; subclasses set the class attributes."""

    name = "?"
    title = "?"                 # the game's name for people
    seats = 4                   # default seat count
    seat_counts = (4,)          # the seat counts the game is played with
    each_for_self = False       # teams: partners (seat % 2) or each seat alone
    faces = ()                  # faces in the pack, high to low (the rank order)
    face_points = {}            # face -> card points
    pack = "?"                  # the pack's name (rules/packs.py, enrolment)
    direction = 1               # 1 clockwise (next seat s+1), -1 anticlockwise (s-1)
    # After a misdeal (docs/protocol.md 1.2): "redeal", the same dealer deals the hand
    # again (what most tables do where a rule text is silent), or "pass", the deal
    # goes to the next dealer (Malilla's text). Option `misdeal`.
    misdeal = "redeal"
    # A misdeal called after the hand's first card (law `late_misdeal`, issue 35): the
    # hand "stands" (play on; clubs allow a misdeal before play only) or is "void".
    late_misdeal = "stands"
    duties = 0                  # rules/duties.py flags
    trick_point = 0             # points for each trick won (Malilla's and Botifarra's readings)
    last_trick = 0              # points for the last trick (Tute's 10)
    hand_size = 0               # cards dealt to each seat (0: the whole pack, shared out)
    turnup = True               # trump is fixed by a turned-up card
    turnup_held = True          # ... which is the dealer's own last card
    suitless = False            # cards compare by rank whatever their suit (Truc)
    draws = False               # equal cards of two opponents draw the trick (Truc)
    target = 0                  # match target
    irregularity = "report"     # "game": a proven illegal play loses the game
    # The event's laws (rules/options.py LAWS; docs/referee.md): each game's reading of
    # its text, an option of the event otherwise.
    out_of_turn = "condone"     # a card out of turn stands once the other side plays on to it
    revoke_penalty = "report"   # a proven illegal play: report, hand, game, score
    revoke_score = 0            # what `score` costs (Envite's stones)
    revoke_correct = False      # an illegal card may be replaced before the next trick's first card
    calls = ()                  # the call words in use (docs/protocol.md 1.1) besides claim, concede
    CALL_WORDS = ()             # every call word the game may use, whatever its options
    claims = True               # "the rest are ours" makes sense (whole-pack games)
    # The hand's stages (rules/stages.py's words), in order: what the driver walks and
    # where the hand's shape comes from. A game whose options change its stages sets
    # `self.stages` in `prepare`. (Plain words, not the module's names: the Pico loads
    # rules/stages.py only for a game with a stock.)
    STAGES = ("deal", "turnup", "tricks", "score")
    OPTIONS = {}                # option -> (default, allowed, meaning)
    PRESETS = ({},)             # option sets the table's menu offers

    def __init__(self, options=None, seats=None):
        self.options = self.read_options(options if options is not None else {})
        d = self.options.get("direction")
        if d is not None:
            self.direction = 1 if d == "cw" else -1
        self.target = self.options.get("target", self.target)
        self.irregularity = self.options.get("irregularity", self.irregularity)
        self.misdeal = self.options.get("misdeal", self.misdeal)
        self.late_misdeal = self.options.get("late_misdeal", self.late_misdeal)
        self.configure(seats if seats is not None else self.seats)
        from .options import read_laws     # with the option checks: read at a match's start
        read_laws(self)
        self.stages = self.STAGES
        self.prepare()
        self.build_tables()
        self.bind_hot()

    def prepare(self):
        """Options and seats are read: set what depends on them (before the tables)."""

    def configure(self, seats):
        """Set the seat count (checked) and the teams."""
        if not isinstance(seats, int) or isinstance(seats, bool) or seats not in self.seat_counts:
            from .options import seat_counts_text
            raise EventError(self.name + " is played by " + seat_counts_text(self.seat_counts)
                             + " seats, got seats=" + repr(seats))
        self.seats = seats
        self.team_of = bytearray(seats)
        for s in range(seats):
            self.team_of[s] = s if self.each_for_self else s % 2
        self.teams = seats if self.each_for_self else 2

    # -- card tables ------------------------------------------------------------------
    def build_tables(self):
        """The card tables from `faces` and `face_points`, the same in every suit."""
        self.deck = deck_of(self.faces)
        self.strength = bytearray(64)
        self.points_of = bytearray(64)
        order = self.faces
        n = len(order)
        for s in range(4):
            for i in range(n):
                c = s * 16 + order[i] - 1
                self.strength[c] = n - i
                self.points_of[c] = self.face_points.get(order[i], 0)
        self.finish_tables()
        self.pack_set = list(self.deck)     # the printed pack (deck may change per hand)
        if self.hand_size == 0:
            self.hand_size = 4 * n // self.seats
        self.total_points = 4 * sum(self.face_points.values()) + self.tricks * self.trick_point \
            + self.last_trick

    def finish_tables(self):
        """`above` and `below` from `strength` (and `deck` from it)."""
        self.above = array("H", bytes(128))
        self.below = array("H", bytes(128))
        for s in range(4):
            bits = 0
            for f in range(16):
                if self.strength[s * 16 + f]:
                    bits |= 1 << f
            self.deck[s] = bits
            for f in range(16):
                c = s * 16 + f
                st = self.strength[c]
                if not st:
                    continue
                up = down = 0
                for g in range(16):
                    o = self.strength[s * 16 + g]
                    if o > st:
                        up |= 1 << g
                    elif o and o < st:
                        down |= 1 << g
                self.above[c] = up
                self.below[c] = down

    @property
    def tricks(self):
        """Tricks in a whole hand as dealt, from the stages (rules/stages.py): one per
        card dealt to each seat, plus one per draw round of a stock."""
        return self.shape(self.hand_size)[0]

    def shape(self, dealt):
        """(tricks, stock) of a hand dealt `dealt` cards a seat (rules/stages.py `shape`)."""
        if "draw" not in self.stages:
            return (dealt if "tricks" in self.stages else 0), 0
        from .stages import shape
        pack = 0
        for s in range(4):
            pack += bin(self.pack_set[s]).count("1")
        return shape(self.stages, pack, self.seats, dealt)

    def arrastre(self, match):
        """The stock is drawn out (a `draw` stage's end): the duties of the tricks left
        (Guiñote's arrastre); games with none: nothing."""

    def bind_hot(self):
        """Choose who answers the per-play questions: the C core when importable.
        Without the core, MicroPython forgets rules/native.py again: the game answers
        itself, and the module's code would stay in the heap for the whole match."""
        from . import native
        self.hot = native.bind(self)
        if native.core is None and sys.implementation.name == "micropython":
            name = native.__name__
            sys.modules.pop(name, None)
            try:
                delattr(sys.modules[name.rpartition(".")[0]], "native")
            except (KeyError, AttributeError):
                pass

    def set_trump(self, trump):
        """The hand's trump is fixed: adjust the tables (most games: nothing)."""

    inner = None    # printed card -> card code for the hand (None: the same)
    outer = None    # card code -> printed card

    # -- options (rules/options.py) -----------------------------------------------------
    def read_options(self, options):
        """Check `options` against the declared ones; fill in defaults."""
        from .options import read_options
        return read_options(self, options)

    # -- seats -------------------------------------------------------------------------
    def next_seat(self, seat):
        """The seat that plays after `seat`."""
        return (seat + self.direction) % self.seats

    def first_leader(self, dealer):
        """Who leads the first trick of a hand dealt by `dealer`."""
        return self.next_seat(dealer)

    def next_dealer(self, dealer):
        """Who deals the next hand."""
        return self.next_seat(dealer)

    def dealer_after(self, match):
        """Who deals after the hand just played (Guiñote: its last trick's winner)."""
        return self.next_dealer(match.dealer)

    # -- cards ---------------------------------------------------------------------------
    def in_deck(self, c):
        """True when printed card `c` belongs to this game's pack."""
        return 0 <= c < 64 and bool(self.pack_set[c >> 4] & (1 << (c & 15)))

    def beats(self, c, best, trump):
        """True when card `c` takes the trick from the card `best` now winning it."""
        if self.suitless:
            return self.strength[c] > self.strength[best]
        sc = c >> 4
        if sc == best >> 4:
            return self.strength[c] > self.strength[best]
        return sc == trump

    def points(self, c):
        """The card points of card `c`."""
        return self.points_of[c]

    def trump_of_turnup(self, c):
        """The trump fixed by the turned-up card `c`."""
        return c >> 4

    # -- the duties (rules/duties.py; rules/explain.py for a play's forbidden holdings
    # by rule word, a verdict, a hand scored from given figures) ------------------------
    legal_into = legal_into
    forbid_into = forbid_into

    def legal(self, hand, trick):
        """The legal suit sets for `hand` in `trick` (a new list)."""
        out = [0, 0, 0, 0]
        self.legal_into(hand, trick, out)
        return out

    def begin_hand(self, match):
        """A hand was dealt: the phase of the stage after the deal (TURNUP, CALLS or
        PLAY). Games whose talk needs a state for the hand make it here."""
        return _phase_of(self.stages[1])

    def after_trump(self, match):
        """Trump is fixed: the phase of the stage after the turn-up (PLAY, or CALLS
        for games that talk)."""
        if "turnup" not in self.stages:
            return PLAY     # trump was named by a call: play follows
        return _phase_of(self.stages[self.stages.index("turnup") + 1])

    def on_turnup(self, match, c, out):
        """Extra keys for the `trump` event of a turn-up (Malilla's bonus)."""

    def on_call(self, match, seat, word, ev):
        """A call of this game (not claim or concede): act or raise; derived events."""
        raise EventError("unknown call " + repr(word) + " in " + self.name + " (known: "
                         + ", ".join(("claim", "concede") + tuple(self.calls)) + ")")

    play_hook = False       # True: before_play is asked about every play

    def before_play(self, match, seat, c):
        """A play is about to be judged: 0 to go on, else a refusal rule code."""
        return 0

    def side_bits(self, team):
        """A bit per seat of `team` (who the table waits for when a side answers)."""
        bits = 0
        for s in range(self.seats):
            if self.team_of[s] == team:
                bits |= 1 << s
        return bits

    def condoning(self, match, seat):
        """`seat` of the other side plays on to a card out of turn (play_hook games):
        what that card says besides (Truc: it accepts a raise awaiting its answer)."""

    def play_opens(self, match, seat, c):
        """A card (printed `c`) played by `seat` while the table waits for calls
        (play_hook games): True when the game takes it as the call that opens play
        and has opened it (nothing else changed when False)."""
        return False

    def redeal(self, match):
        """True when the hand just scored is dealt again by the same dealer (Manille's
        30-30 tradition); plain games: never."""
        return False

    def play_begun(self, match):
        """True once the hand's first card is played: a misdeal called later is ruled
        by the law `late_misdeal` (Mus, with no cards played, says when its betting
        begins)."""
        return match.knowledge.count > 0

    def decided(self, match):
        """After a trick: the team that has won the hand already, or -1 (plain games:
        only the last trick ends the hand)."""
        return -1

    def hand_points_into(self, match, out):
        """Each team's points for the hand, into `out` (no allocation: a hand's last
        card is on the controller's per-play path)."""
        cp = match.card_points
        tw = match.tricks_won
        for t in range(self.teams):
            out[t] = cp[t] + tw[t] * self.trick_point
        if self.last_trick and match.last_team >= 0:     # -1: nobody took the last trick
            out[match.last_team] += self.last_trick

    def hand_score_into(self, match, points, out):
        """Each team's score for the hand, into `out`: a side above its neutral share
        (the points shared out evenly: half, a third at a table of three) scores the
        excess (seeds 000 and 003)."""
        share = self.total_points // self.teams
        for t in range(self.teams):
            out[t] = points[t] - share if points[t] > share else 0

    def winner_at(self, totals):
        """The team that has won the match with these totals, or None: the first to
        `target`; several at once, the highest; equal, play goes on."""
        best = None
        tied = False
        for t in range(len(totals)):
            if totals[t] >= self.target:
                if best is None or totals[t] > totals[best]:
                    best = t
                    tied = False
                elif totals[t] == totals[best]:
                    tied = True
        return None if tied else best

    def settle(self, match):
        """Add the hand's score to the totals. Returns the team that has won the
        match, -2 when it is over without a winner, or -1 to play on (and sets
        `match.end_reason`). Allocates nothing for plain trick games."""
        for t in range(self.teams):
            match.totals[t] += match.score[t]
        w = self.winner_at(match.totals)
        if w is None:
            return -1
        match.end_reason = "target"
        return w

    def other_team(self, team):
        """The side that wins when `team` loses the game (None at a table of three)."""
        return 1 - team if self.teams == 2 else None

    def deal_size(self, match, ev):
        """Cards dealt to each seat for the `deal` event `ev` (its `cards` key is for
        games whose dealer may choose); raises EventError when refused."""
        if ev.get("cards") is not None and ev.get("cards") != self.hand_size:
            raise EventError(self.name + " deals " + str(self.hand_size) + " cards to each seat, got cards="
                             + repr(ev.get("cards")))
        return self.hand_size

    def after_play(self, match, seat, c):
        """After a play is applied (play_hook games): the team that wins the hand at
        once (the game sets match.ctx.ended), or -1."""
        return -1

    def awaiting(self, match):
        """A bit per seat whose call the game waits for (0: none, the play goes on)."""
        return 0

    context_keys = ()       # context keys shown even at their default (snapshot)

    def tag_call(self, match, seat, word):
        """The call a control tag `word` laid on `seat`'s reader makes: a dict with
        `call` and the keys it needs, or None when the word means nothing here (the
        table's tags are listed in firmware/reader/deck.py)."""
        return {"call": word} if word in self.calls or word in ("concede", "object") else None

    # Hooks only some games have (looked up with getattr where they are used):
    # on_show(match, seat, codes, ev): a `hand` event in phase SHOW (Mus's showdown);
    # false_declaration(match, seat, c), declaration_of(match, seat, c): Tute;
    # random_call(match, hands, rng), random_deal_size(match, rng): rules/playout.py.

    def hand_extra(self, match, out):
        """Extra keys of this game for the `hand_end` event (multiplier, stake, ...)."""

    def context(self, match, out):
        """Game keys of the hand context for displays (snapshot's `context`)."""


def _phase_of(stage):
    """The phase the table waits in at the start of `stage`."""
    if stage == "turnup":
        return TURNUP
    return CALLS if stage == "calls" else PLAY
