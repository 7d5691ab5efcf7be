"""Mus (seed 004): what happens in one hand's stages, fed PROTOCOL 1.1's Mus calls in order.

Mus has no tricks: a hand is the draw, four rounds of bets, and a showdown, declared
as the stages of the game (rules/games/mus/__init__.py `STAGES`) and walked by the
common driver (rules/stages.py `next_stage`). This file is what each stage does with
the calls and the hands laid down, and says when the stage in play is over; the match
(dealing, the stages' order, the running totals, `hand_end` and `match_end`) drives it.

API
---
    h = MusHand(dealer, totals=(0, 0), hand=None, game=GAME)   (GAME: a Mus description)
    h = rules.mus.hand_alone(dealer, totals, target, options)   (a hand played alone)
    h.apply(event)        -> list of derived events (a `call` or, at the showdown, a `hand` event)
    h.awaiting()          -> {"phase", "seats", "round", "calls", ["min", "max"]}
    h.call(seat, word, ev) -> list of derived events (the `call` event's word and dict)
    h.show(seat, cards)    -> list of derived events (a `hand` event at the showdown)
                             (both through the driver: a hand alone gets a stand-in match)
    h.context()           -> a small plain dict for displays
    h.phase, h.stage      -> the engine's phase the driver entered (CALLS, SHOW, DEAL) and,
                             in CALLS, the talk of the stage (DRAW, DISCARD, DECLARE, BET)
    h.done, h.rounds, h.score, h.totals, h.ended, h.game_over, h.winner, h.violations
    h.stock, h.pile, h.pile_known, h.draws, h.reshuffles (the draw's card counting)

`awaiting()`'s `phase` is a word: the stage in CALLS ("draw", "discard", "declare",
"bet"), "show" in SHOW, "done" once the hand is over (DEAL); `seats` the
seats that may act now (one seat, except when a bid is answered: every opponent
still in, the first in turn first; and at the showdown: every seat still to show);
`round` the round name ("grande", "chica", "pares", "juego", "punto"; at the
showdown after an accepted órdago, the órdago's round) or None;
`calls` the words allowed now; in the betting `min`/`max` bound the `amount` of a
`bid` or `raise`. `score` is this hand's points per team as they are paid, and
`totals` the running totals the hand began with plus `score` (the match keeps the
totals and adds the hand's score to them when the hand ends, as in every game). Every refused input raises a
rules.errors exception quoting it (EventError: malformed; OrderError: not now or
not this seat; CardError: a card that cannot be there) and changes nothing.

Derived events (PROTOCOL's rule: names outside the protocol start with `x-`):
- `x-mus-draw` {draw, served (cards per seat), stock, discards, reshuffled}: the
  dealer has served a draw.
- `x-mus-round` {round, how, stake, winner, totals}: a round's betting closed
  (winner only when a fold settled it; its stake is collected at once).
- `violation` {hand, trick: None, seat, card: None, rule: "false-declaration",
  proven: "showdown", declaration, said, cards}: a false `has`, proven by the hand.
- `x-mus-result` {round, how, stake, bonus, winner, points, totals}: a round paid at
  the showdown, in round order.

`rounds` holds one record per round as it closes: `name`, `how` ("see", "fold",
"pass", "ordago", "only", "skip"), `stake` (the stake agreed or collected; None for
an accepted órdago), `bet` (the last proposal: a number, "ordago" or None), `by`
(the seat that made it), `winner` (team, or None until the showdown or when nobody
wins), `bonus`, `points` (what the round paid), `paid` (False when the game ended
before the round was paid).

Readings where the seed is silent
--------------------------------
- Turn order: from the dealer's right, to the right (anticlockwise, option
  `direction`). Discards are made in turn too; the dealer serves each seat its
  cards in one go, in turn, once all four have discarded.
- The stock: 24 cards after the deal. When it runs short while serving a seat, the
  seat gets what is left, then every discard so far is shuffled into a new stock,
  except that the last seat to be served keeps its own discards of this draw
  aside (a Mus regulation's rule, so nobody draws back the cards just thrown). The
  table counts the stock and the discards, and knows the discards shown with
  `cards`: such a card cannot turn up in a hand before the next reshuffle.
- Pares and juego are bet when at least one seat declared them (the text: "if at
  least one person answers yes, the betting round takes place"). When both sides
  declared, only the seats that declared `has` true speak in that betting (Mus
  practice). When one side alone declared, every seat speaks (option `lone_side`
  "bet", the text); Mus practice (option `lone_side` "only", the `mus-practice`
  profile) holds no betting: the round goes to that side at the showdown, worth
  `lone_stake` (default 1, what the seed's "all pass" gives) plus its bonuses
  ("only"). When nobody declared pares, the pares round is skipped; when nobody
  declared juego, punto is played, by all four.
- Answering a bid: either of the bidder's opponents may answer (the seed's "either
  opponent"; the one on the bidder's right is asked first); one `see` or `raise`
  answers for the side, a `fold` takes that seat out of the answer, and the fold
  takes effect when every opponent speaking has folded. A raise accepts the stake it raises. `ordago` can
  open or raise; an órdago can only be seen or folded. Bids and raises are at most
  the target (more is an órdago). A fold is collected at once; if it brings the
  side to the target, the game ends there (`ended` = "fold").
- Bonuses: the seed's letter gives the pares and juego bonus to "the player with the
  best combination": the winning side collects the bonus of its best combination
  (its seats that declared, ranked as the round ranks them; option `bonus` "best",
  the default). Mus practice pays each partner's combination (option `bonus` "side",
  the `mus-practice` profile). Punto's bonus is 1 for the side. With
  `fold_bonus` (default true) the bonuses are paid at the showdown also when the
  round was won by a fold.
- A false declaration is proven at the showdown and named `false-declaration`. A
  seat that said it had no pares (or juego) and has them stays out of the round
  (its combination does not count). A side in which a seat said it had pares (or
  juego) without having them loses that round: the other side wins it with its own
  bonuses (nobody wins it if both sides did so). A stake already collected by a
  fold is not taken back, but the liar's side gets no bonus for that round.
- An accepted órdago ends the betting at once; the four hands are shown and the
  round's winner wins the game (`ended` = "ordago", totals unchanged). If nobody
  can win the round (both sides declared falsely), nobody wins the game and the
  match goes on.
- The showdown always follows the betting (the table needs the hands to pay and to
  prove declarations), and the rounds are paid in order; the first side to reach
  the target wins at once and nothing more is paid.

The engine's parts
------------------
The hand is played by the game's description (rules/games/mus/__init__.py, `game`): its options,
read and checked once by the engine (rules/options.py), its seat order
(`next_seat`, `first_leader`, `next_dealer`) and its teams (`team_of`). It is
always given one: a match gives its own, and a hand played alone (tests, benches,
random playouts) gets one from rules/games/mus/__init__.py's `hand_alone`, which makes it from
`options` and `target` as a match would (this file never imports rules/games/mus/__init__.py,
which imports it). The driver enters its stages (`open`: a lance, `showdown`,
`scored`) and the hand follows: CALLS while the seats speak, SHOW for the showdown,
DEAL once the hand is over; a stage's last call sets `over` (and `jump`, to skip to
the showdown or the score), and the description asks the driver for the next stage.
A hand played alone is driven by a stand-in for the match (`_driver`). A round's
betting is a `Bets` (at the end of this file, which says why it is not
rules/stakes.py, the ladder of Truc and Envite).
"""
from ... import cards as C
from . import hands as H
from ...errors import CardError, EventError, OrderError
from ...phases import CALLS, DEAL, SHOW

# The driver's stages put a hand in the engine's phases (rules/phases.py): CALLS while
# the seats speak, SHOW for the showdown, DEAL once it is over (the next deal, or the
# match's end). Inside CALLS its `stage` says which talk it is: the draw, the discards,
# the declarations of pares or juego, or a round's betting (Bets, at the end of this file).
DRAW = 0
DISCARD = 1
DECLARE = 2
BET = 3
STAGE_WORDS = ("draw", "discard", "declare", "bet")

STOCK = 24              # 40 cards less four hands of four
HAND_SIZE = 4

DRAW_WORDS = ("mus", "no-mus")
DECLARE_WORDS = ("pares", "juego")
CALL_WORDS = DRAW_WORDS + ("discard",) + DECLARE_WORDS + ("pass", "bid", "see", "raise", "fold", "ordago")
_STAGE_CALLS = (DRAW_WORDS, ("discard",))


def _int(x):
    return isinstance(x, int) and not isinstance(x, bool)


class MusHand:
    """One hand of Mus: the draw, the four rounds of bets, the showdown."""

    def __init__(self, dealer, totals=(0, 0), hand=None, *, game=None):
        # `game` by keyword only: the old form (target and options by position) is refused, not misread
        if game is None:
            raise TypeError("a MusHand plays by a Mus description: MusHand(dealer, totals, game=...), "
                            "or rules.mus.hand_alone(dealer, totals, target, options) for a hand alone")
        if not _int(dealer) or not 0 <= dealer < game.seats:
            raise EventError("mus needs a dealer seat 0.." + str(game.seats - 1) + ", got " + repr(dealer))
        if not isinstance(totals, (list, tuple)) or len(totals) != 2 or not _int(totals[0]) or not _int(totals[1]) or totals[0] < 0 or totals[1] < 0:
            raise EventError("mus needs two running totals, got " + repr(totals))
        self.game = game
        self.options = game.options
        self.step = game.direction
        self.dealer = dealer
        self.target = game.target
        self.hand_no = hand
        first = game.first_leader(dealer)
        self.order = [first]
        for _ in range(game.seats - 1):
            self.order.append(game.next_seat(self.order[-1]))
        self.start = (totals[0], totals[1])     # the totals before this hand (the match keeps them)
        self.score = [0, 0]
        self.phase = CALLS      # the engine's phase: CALLS, SHOW, then DEAL
        self.stage = DRAW       # inside CALLS: DRAW, DISCARD, DECLARE or BET
        self.index = 0          # position in `order` of the seat to act (draw, discard, declare)
        self.draws = 0          # draws served so far
        self.reshuffles = 0     # times the discards became a new stock
        self.stock = STOCK
        self.pile = 0           # discards lying face down
        self.pile_known = [0, 0, 0, 0]     # the shown ones among them (suit sets)
        n = game.seats
        self.thrown = [None] * n    # this draw: (count, suit sets) per seat
        self.round_no = None
        self.declaring = None
        self.declared = [None, None, [None] * n, [None] * n, None]    # by round: per seat
        self.rounds = []
        self.bets = None        # the current round's betting (stage BET: Bets, below)
        self.shown = [None] * n
        self.ordago_round = None
        self.ended = None
        self.game_over = False
        self.winner = None
        self.violations = []
        # The hand's stages are run by the common driver (rules/stages.py `next_stage`,
        # over the description's STAGES): this hand says when the stage in play is over
        # (`over`) and, when it skips ahead, where to (`jump`: "show" after an órdago
        # seen, "score" after a fold that reaches the target). `match` is the driving
        # match, or for a hand played alone its stand-in (`_driver`).
        self.match = None
        self.over = False
        self.jump = None

    # -- views -------------------------------------------------------------------------
    @property
    def totals(self):
        """The running totals with what this hand has paid so far (a new list)."""
        return [self.start[0] + self.score[0], self.start[1] + self.score[1]]

    @property
    def done(self):
        """True once the hand is over (the match deals the next one, or ends)."""
        return self.phase == DEAL

    def round_name(self):
        """The current round's name, or None outside the rounds."""
        return None if self.round_no is None else H.ROUND_NAMES[self.round_no]

    def awaiting(self):
        """What the hand waits for: {"phase", "seats", "round", "calls"} (and in the
        betting, `min` and `max` for the amount of a bid or raise)."""
        phase = self.phase
        stage = self.stage
        word = STAGE_WORDS[stage] if phase == CALLS else "show" if phase == SHOW else "done"
        out = {"phase": word, "seats": [], "round": self.round_name(), "calls": []}
        if phase == SHOW:
            out["seats"] = [s for s in self.order if self.shown[s] is None]
        elif phase == CALLS and stage == BET:
            self.bets.awaiting(out)
        elif phase == CALLS:
            out["seats"] = [self.order[self.index]]
            if stage == DECLARE:
                out["round"] = H.ROUND_NAMES[self.declaring]
                out["calls"] = [out["round"]]
            else:
                out["calls"] = list(_STAGE_CALLS[stage])
        return out

    def context(self):
        """A small plain dict for displays: the phase and round, who must act, the
        stake on the table, each closed round's bet, the declarations, the draw."""
        wait = self.awaiting()
        stake = None
        b = self.bets
        if self.phase == CALLS and self.stage == BET and b.proposal is not None:
            stake = {"proposed": b.proposal, "accepted": b.accepted, "by": b.bidder}
        bets = []
        for rec in self.rounds:
            bets.append({"round": rec["name"], "how": rec["how"], "stake": rec["stake"],
                         "winner": rec["winner"]})
        return {"phase": wait["phase"], "round": wait["round"], "awaiting": wait["seats"],
                "calls": wait["calls"], "stake": stake, "bets": bets,
                "declarations": {"pares": list(self.declared[H.PARES]),
                                 "juego": list(self.declared[H.JUEGO])},
                "mus": self.order[:self.index] if self.phase == CALLS and self.stage == DRAW else [],
                "draws": self.draws, "stock": self.stock, "discards": self.pile,
                "reshuffles": self.reshuffles}

    # -- calls -------------------------------------------------------------------------
    def apply(self, event):
        """Apply a PROTOCOL input event of the hand: a `call`, or a `hand` at the showdown."""
        name = event.get("ev") if isinstance(event, dict) else None
        if name == "call":
            return self.call(event.get("seat"), event.get("call"), event)
        if name == "hand":
            return self.show(event.get("seat"), event.get("cards"))
        raise EventError("a mus hand takes 'call' and 'hand' events, got " + repr(event))

    def call(self, seat, word, ev=None):
        """Apply one call (`word` with the `call` event's other keys in `ev`); return
        the derived events (in a match, the driver's too: the `hand_end` when the hand
        is over).
        Raises EventError / OrderError and changes nothing when the call is malformed
        or not allowed now."""
        return self.game.on_call(self._driver(), seat, word, ev)

    def show(self, seat, listed):
        """A seat lays its four cards on its reader at the showdown (a `hand` event);
        when all four are in, the rounds are paid. Returns the derived events."""
        ev = {"ev": "hand", "seat": seat, "cards": listed}
        return self.game.on_show(self._driver(), seat, listed, ev)

    def _driver(self):
        """The match that drives this hand's stages: for a hand played alone, a
        stand-in made by its description (the same driver walks the same stages)."""
        if self.match is None:
            self.game.drive_alone(self)
        return self.match

    # -- the stages, as the driver enters them --------------------------------------------
    def open(self, r):
        """The driver enters the lance `r` (grande, chica, pares, juego)."""
        self.over = False
        self.jump = None
        return self._open(r)

    def showdown(self):
        """The driver enters the showdown: every seat lays its hand (after an órdago
        seen, the round it was seen in stays named)."""
        self.over = False
        self.jump = None
        self.phase = SHOW
        if self.ordago_round is None:
            self.round_no = None

    def scored(self):
        """The driver enters the score: the hand is over."""
        self.phase = DEAL

    def _stage_over(self, to=None):
        """The stage in play is over: the driver goes on (to the stage `to`)."""
        self.over = True
        self.jump = to
        return []

    def take(self, seat, word, ev=None):
        """The stage in play takes one call (the description's `on_call`)."""
        self._check_seat(seat, "a mus call")
        if word not in CALL_WORDS:
            raise EventError("unknown call " + repr(word) + " in mus (known: " + ", ".join(CALL_WORDS) + ")")
        if ev is None:
            ev = {}
        if self.phase == DEAL:
            raise OrderError(repr(word) + " from seat " + str(seat) + " after the hand ended")
        if self.phase == SHOW:
            raise OrderError(repr(word) + " from seat " + str(seat) + ": the betting is over, "
                             + self.waiting())
        stage = self.stage
        if stage == DRAW:
            return self._draw(seat, word)
        if stage == DISCARD:
            return self._discard(seat, word, ev)
        if stage == DECLARE:
            return self._declare(seat, word, ev)
        return self._bet(seat, word, ev)

    def _check_seat(self, seat, what):
        n = self.game.seats
        if not _int(seat) or not 0 <= seat < n:
            raise EventError(what + " needs a seat 0.." + str(n - 1) + ", got " + repr(seat))

    def waiting(self):
        """What the hand waits for, in words, for error messages."""
        w = self.awaiting()
        if w["phase"] == "show":
            return "waiting for the hands of seats " + ", ".join(str(s) for s in w["seats"])
        where = " in " + w["round"] if w["round"] else ""
        return ("seat " + str(w["seats"][0]) + " speaks now" + where + " ("
                + ", ".join(repr(x) for x in w["calls"]) + ")")

    def turn(self, seat, word, expected):
        """Refuse `word` from `seat` when `expected` is the seat to speak."""
        if seat != expected:
            raise OrderError("seat " + str(seat) + " called " + repr(word) + " out of turn: "
                             + self.waiting())

    def _draw(self, seat, word):
        if word == "discard":
            raise OrderError("'discard' from seat " + str(seat) + " before four 'mus' (" + str(self.index)
                             + " so far): " + self.waiting())
        if word not in DRAW_WORDS:
            raise OrderError(repr(word) + " from seat " + str(seat) + " during the draw: " + self.waiting())
        self.turn(seat, word, self.order[self.index])
        if word == "no-mus":
            self.index = 0
            return self._stage_over()      # the lances: grande first
        self.index += 1
        if self.index == len(self.order):
            self.stage = DISCARD
            self.index = 0
        return []

    def _discard(self, seat, word, ev):
        if word != "discard":
            raise OrderError(repr(word) + " from seat " + str(seat) + " while the seats discard: "
                             + self.waiting())
        self.turn(seat, word, self.order[self.index])
        listed = ev.get("cards")
        count = ev.get("count")
        shown = [0, 0, 0, 0]
        if listed is not None:
            if not isinstance(listed, list) or not 1 <= len(listed) <= HAND_SIZE:
                raise EventError("'discard' needs 'cards' as a list of 1 to 4 cards, got " + repr(listed))
            for text in listed:
                c = parse_card(text)
                if C.holds(shown, c):
                    raise CardError("card " + repr(text) + " listed twice in seat " + str(seat) + "'s discard")
                if C.holds(self.pile_known, c):
                    raise CardError("card " + repr(text) + " discarded by seat " + str(seat)
                                    + " is already among the discards")
                shown[c >> 4] |= C.bit(c)
            if count is not None and count != len(listed):
                raise EventError("'discard' gives count " + repr(count) + " and " + str(len(listed))
                                 + " cards " + repr(listed))
            count = len(listed)
        elif not _int(count) or not 1 <= count <= HAND_SIZE:
            raise EventError("'discard' needs 'cards' (a list) or 'count' (1 to 4), got count="
                             + repr(count))
        self.thrown[seat] = (count, shown)
        self.pile += count
        for s in range(4):
            self.pile_known[s] |= shown[s]
        self.index += 1
        if self.index < len(self.order):
            return []
        return [self._serve()]

    def _serve(self):
        """The dealer serves each seat in turn from the stock, reshuffling the
        discards into a new stock when it runs short."""
        reshuffled = False
        served = [0] * self.game.seats
        for i in range(len(self.order)):
            seat = self.order[i]
            count, shown = self.thrown[seat]
            need = count
            if self.stock < need:
                need -= self.stock          # the seat takes what is left first
                if i == len(self.order) - 1:    # the last seat: its own discards stay aside
                    aside, aside_known = count, list(shown)
                else:
                    aside, aside_known = 0, [0, 0, 0, 0]
                self.stock = self.pile - aside
                self.pile = aside
                self.pile_known = aside_known
                reshuffled = True
                self.reshuffles += 1
            self.stock -= need
            served[seat] = count
            self.thrown[seat] = None
        self.draws += 1
        self.stage = DRAW
        self.index = 0
        return {"ev": "x-mus-draw", "draw": self.draws, "served": served, "stock": self.stock,
                "discards": self.pile, "reshuffled": reshuffled}

    def _declare(self, seat, word, ev):
        name = H.ROUND_NAMES[self.declaring]
        if word != name:
            raise OrderError(repr(word) + " from seat " + str(seat) + " while the seats declare " + name
                             + ": " + self.waiting())
        self.turn(seat, word, self.order[self.index])
        has = ev.get("has")
        if not isinstance(has, bool):
            raise EventError(repr(word) + " needs 'has' true or false, got " + repr(has))
        self.declared[self.declaring][seat] = has
        self.index += 1
        if self.index < len(self.order):
            return []
        self.index = 0
        return self._declared(self.declaring)

    # -- the rounds ---------------------------------------------------------------------
    def _open(self, r):
        """Start round `r`: its declarations (pares, juego) or its betting."""
        self.round_no = r
        if r == H.PARES or r == H.JUEGO:
            self.stage = DECLARE
            self.declaring = r
            self.index = 0
            return []
        return self._bet_round(r, list(self.order))

    def _bet_round(self, r, speakers):
        self.round_no = r
        self.stage = BET
        self.bets = Bets(self.game, H.ROUND_NAMES[r], speakers)
        return []

    def _declared(self, r):
        """The declarations of pares or juego are all in: bet, or settle without betting."""
        said = self.declared[r]
        speakers = [s for s in self.order if said[s]]
        sides = 0
        for s in speakers:
            sides |= 1 << self.game.team_of[s]
        if sides == 3:
            return self._bet_round(r, speakers)
        if sides:
            if self.options["lone_side"] == "bet":
                # the text: "if at least one person answers yes, the betting round
                # takes place"; every seat speaks, the other side to see or fold
                return self._bet_round(r, list(self.order))
            return self._close(r, "only")
        if r == H.JUEGO:
            return self._bet_round(H.PUNTO, list(self.order))   # nobody has juego: punto
        return self._close(r, "skip")


    def _bet(self, seat, word, ev):
        if word in DRAW_WORDS or word in DECLARE_WORDS or word == "discard":
            raise OrderError(repr(word) + " from seat " + str(seat) + " during the " + self.round_name()
                             + " betting: " + self.waiting())
        how = self.bets.call(seat, word, ev, self)
        return [] if how is None else self._close(self.round_no, how)

    def _close(self, r, how):
        """Record the end of round `r`'s betting; collect a fold at once; go on."""
        rec = {"name": H.ROUND_NAMES[r], "how": how, "stake": 1, "bet": None, "by": None,
               "winner": None, "bonus": 0, "points": 0, "paid": False}
        if how in ("see", "fold", "ordago"):
            b = self.bets
            rec["bet"] = b.proposal
            rec["by"] = b.bidder
            rec["stake"] = None if how == "ordago" else b.accepted
        elif how == "only":
            rec["stake"] = self.options["lone_stake"]
        elif how == "skip":
            rec["stake"] = 0
            rec["paid"] = True
        self.rounds.append(rec)
        self.bets = None
        out = {"ev": "x-mus-round", "round": rec["name"], "how": how, "stake": rec["stake"],
               "winner": None, "totals": None}
        if how == "fold":
            team = self.game.team_of[rec["by"]]
            rec["winner"] = team
            rec["points"] = rec["stake"]
            out["winner"] = team
            reached = self._pay(team, rec["stake"])
            out["totals"] = list(self.totals)
            if reached:
                self.ended = "fold"
                self._stage_over("score")
                return [out]
        if how == "ordago":
            self.ordago_round = len(self.rounds) - 1
            self._stage_over("show")
            return [out]
        self._stage_over()      # the next lance (after juego: the showdown)
        return [out]

    def _pay(self, team, points):
        """Pay `points` to `team`; True when that reaches the target (the game is won)."""
        self.score[team] += points
        if self.start[team] + self.score[team] >= self.target:
            self.game_over = True
            self.winner = team
            return True
        return False

    # -- the showdown -------------------------------------------------------------------
    def lay(self, seat, listed):
        """The showdown stage takes a seat's hand (the description's `on_show`); when
        all four are in, the rounds are paid and the stage is over."""
        self._check_seat(seat, "a mus hand")
        if self.phase == DEAL:
            raise OrderError("seat " + str(seat) + "'s hand shown after the hand ended")
        if self.phase != SHOW:
            raise OrderError("seat " + str(seat) + "'s hand shown before the betting ended: "
                             + self.waiting())
        if self.shown[seat] is not None:
            raise OrderError("seat " + str(seat) + " has already shown its hand")
        if not isinstance(listed, list) or len(listed) != HAND_SIZE:
            raise EventError("seat " + str(seat) + "'s mus hand must be a list of 4 cards, got " + repr(listed))
        hand = []
        for text in listed:
            c = parse_card(text)
            if c in hand:
                raise CardError("card " + repr(text) + " listed twice in seat " + str(seat) + "'s hand")
            for other in range(self.game.seats):
                if self.shown[other] is not None and c in self.shown[other]:
                    raise CardError("card " + repr(text) + " is already in seat " + str(other) + "'s hand")
            if C.holds(self.pile_known, c):
                raise CardError("card " + repr(text) + " in seat " + str(seat)
                                + "'s hand is among the discards")
            hand.append(c)
        self.shown[seat] = hand
        for s in range(self.game.seats):
            if self.shown[s] is None:
                return []
        return self._resolve()

    def _resolve(self):
        game = self.game
        keys = [H.keys(h, game.kings, game.real31) for h in self.shown]
        out = []
        for r in (H.PARES, H.JUEGO):
            said = self.declared[r]
            for s in self.order:
                if said[s] is not None and said[s] != (keys[s][r] > 0):
                    v = {"ev": "violation", "hand": self.hand_no, "trick": None, "seat": s, "card": None,
                         "rule": "false-declaration", "proven": "showdown",
                         "declaration": H.ROUND_NAMES[r], "said": said[s],
                         "cards": [C.name(c) for c in self.shown[s]]}
                    self.violations.append(v)
                    out.append(v)
        self._stage_over()      # the score next
        if self.ordago_round is not None:
            rec = self.rounds[self.ordago_round]
            team = self._round_winner(rec, keys)
            rec["winner"] = team
            rec["paid"] = True
            self.ended = "ordago"
            if team is not None:
                self.game_over = True
                self.winner = team
            out.append(self._result(rec))
            return out
        for rec in self.rounds:
            if rec["how"] == "skip":
                continue
            r = H.ROUND_NAMES.index(rec["name"])
            team = self._round_winner(rec, keys)
            rec["paid"] = True
            if team is None:
                out.append(self._result(rec))
                continue
            rec["winner"] = team
            bonus = self._bonus(r, team, keys)
            if rec["how"] == "fold":
                pay = bonus if self.options["fold_bonus"] else 0
            else:
                pay = rec["stake"] + bonus
            rec["bonus"] = bonus if rec["how"] != "fold" or self.options["fold_bonus"] else 0
            rec["points"] += pay
            reached = self._pay(team, pay)
            out.append(self._result(rec))
            if reached:
                break       # the target stops the game at once: the rest is not paid
        return out

    def _result(self, rec):
        return {"ev": "x-mus-result", "round": rec["name"], "how": rec["how"], "stake": rec["stake"],
                "bonus": rec["bonus"], "winner": rec["winner"], "points": rec["points"],
                "totals": list(self.totals)}

    def _liars(self, r, keys):
        """Bit t set when a seat of team t said it had pares/juego (round r) and has not."""
        said = self.declared[r]
        bits = 0
        for s in range(self.game.seats):
            if said[s] and not keys[s][r]:
                bits |= 1 << self.game.team_of[s]
        return bits

    def _round_winner(self, rec, keys):
        """The team that wins a closed round, from the shown hands' keys (None: nobody)."""
        r = H.ROUND_NAMES.index(rec["name"])
        if r == H.PARES or r == H.JUEGO:
            liars = self._liars(r, keys)
            if liars == 3:
                return None
            if rec["how"] == "fold":
                return rec["winner"]
            if liars:
                return 1 - (liars >> 1)    # the side that declared falsely loses the round
            said = self.declared[r]
            seat = H.best_in_turn([k[r] for k in keys], self.order, [bool(x) for x in said])
            return None if seat is None else self.game.team_of[seat]
        if rec["how"] == "fold":
            return rec["winner"]
        seat = H.best_in_turn([k[r] for k in keys], self.order)
        return None if seat is None else self.game.team_of[seat]

    def _bonus(self, r, team, keys):
        """What a round's winning side collects on top of the stake."""
        if r == H.PUNTO:
            return 1
        if r != H.PARES and r != H.JUEGO:
            return 0
        if self._liars(r, keys) >> team & 1:
            return 0
        said = self.declared[r]
        team_of = self.game.team_of
        seats = range(self.game.seats)
        if self.options["bonus"] == "best":
            seat = H.best_in_turn([k[r] for k in keys], self.order,
                                  [bool(said[s]) and team_of[s] == team for s in seats])
            return 0 if seat is None else H.bonus(r, keys[seat][r])
        total = 0
        for s in seats:
            if said[s] and team_of[s] == team:
                total += H.bonus(r, keys[s][r])
        return total


def parse_card(text):
    """A card of Mus's 40-card pack from its code; raises CardError quoting it."""
    c = C.parse(text)
    if not H.in_pack(c):
        raise CardError("card " + repr(text) + " is not in the mus pack (40 cards: no 8, 9 or 10)")
    return c


# -- a round's betting ---------------------------------------------------------------------
# The speakers open in turn (`pass`, `bid` + `amount`, `ordago`); a bid is answered by
# either of the bidder's opponents still speaking (`see`, `raise` + `amount`, `fold`,
# `ordago`): one `see` or `raise` answers for the side, a `fold` takes only that seat
# out of the answer, and the round is folded when every opponent speaking has folded.
#
# Why not rules/stakes.py, which Truc and Envite share: a stake there is the next rung
# of a fixed ladder, proposed by a side and answered by the other side as one (its
# seat to play, or its captain), and a rejection ends the hand. Here the bidder names
# any amount between bounds (2 to the target; more is an órdago), each opponent
# answers for itself until one answers for the side, and a fold closes only the
# round, whose stake is paid at once while the hand goes on. What the two share is
# three fields (the stake accepted, the one proposed, who proposed it): Stakes would
# have to give up its ladder and its end of the hand to hold this, which would leave
# nothing of it to share. The class lives here, not in a file of its own: a module
# costs the controller's heap (measured as the import of mus_hand and mus on the unix
# port: the class here adds 192 bytes to the betting kept on MusHand itself, 512 apart).
ORDAGO = "ordago"
OPEN_WORDS = ("pass", "bid", "ordago")
ANSWER_WORDS = ("see", "raise", "fold", "ordago")


class Bets:
    """One round's betting: its speakers in turn, the stake proposed and accepted."""

    def __init__(self, game, name, speakers):
        self.game = game
        self.target = game.target
        self.name = name            # the round's name, for messages
        self.speakers = speakers    # who speaks in this round, in turn
        self.pos = 0                # the next opening speaker
        self.proposal = None        # the stake proposed: None, a number, or ORDAGO
        self.accepted = 1           # the stake last accepted (1 before any)
        self.bidder = None          # the seat that made the proposal
        self.answerers = []         # the bidder's opponents speaking, in turn
        self.apos = 0               # answerers before it have folded

    def awaiting(self, out):
        """Who speaks now and with which words, into `out` (MusHand.awaiting's dict)."""
        if self.proposal is None:
            out["seats"] = [self.speakers[self.pos]]
            out["calls"] = list(OPEN_WORDS)
            out["min"] = 2
        else:
            out["seats"] = self.answerers[self.apos:]
            if self.proposal == ORDAGO:
                out["calls"] = ["see", "fold"]
            elif self.proposal < self.target:
                out["calls"] = list(ANSWER_WORDS)
                out["min"] = self.proposal + 1
            else:                   # the stake is the target: no raise but an órdago
                out["calls"] = ["see", "fold", "ordago"]
        out["max"] = self.target

    def call(self, seat, word, ev, hand):
        """A betting word of `seat` (`ev`: the call's keys; `hand`: the MusHand, for
        its turn check and its words on what it waits for). Returns None while the
        round is still bet, or how it closed: "pass", "see", "fold" or "ordago".
        Raises OrderError / EventError and changes nothing when refused."""
        name = self.name
        if self.proposal is None:
            if word not in OPEN_WORDS:
                raise OrderError(repr(word) + " from seat " + str(seat) + " in " + name
                                 + " with no bid to answer: " + hand.waiting())
            hand.turn(seat, word, self.speakers[self.pos])
            if word == "pass":
                self.pos += 1
                return "pass" if self.pos == len(self.speakers) else None
            self._propose(seat, ORDAGO if word == "ordago" else self._amount(seat, word, ev, 2))
            return None
        if word not in ANSWER_WORDS:
            raise OrderError(repr(word) + " from seat " + str(seat) + " in " + name + ": a bid of "
                             + str(self.proposal) + " is on the table, " + hand.waiting())
        if seat not in self.answerers[self.apos:]:
            hand.turn(seat, word, self.answerers[self.apos])      # raises: not an answerer
        if self.proposal == ORDAGO and word in ("raise", "ordago"):
            raise OrderError(repr(word) + " from seat " + str(seat) + " in " + name
                             + ": nothing goes above an ordago (see or fold)")
        if word == "see":
            self.accepted = self.proposal
            return "ordago" if self.proposal == ORDAGO else "see"
        if word == "fold":
            i = self.answerers.index(seat, self.apos)
            self.answerers[self.apos], self.answerers[i] = seat, self.answerers[self.apos]
            self.apos += 1          # out of the answer; the other opponent still may
            return "fold" if self.apos == len(self.answerers) else None
        amount = ORDAGO if word == "ordago" else self._amount(seat, word, ev, self.proposal + 1)
        self.accepted = self.proposal       # a raise accepts the stake it raises
        self._propose(seat, amount)
        return None

    def _amount(self, seat, word, ev, least):
        amount = ev.get("amount")
        said = "seat " + str(seat) + " " + repr(word) + " amount=" + repr(amount)
        if not _int(amount):
            raise EventError(said + ": 'amount' is the whole stake proposed, a whole number")
        if amount > self.target:
            raise EventError(said + " is more than the game (" + str(self.target) + "): call 'ordago'")
        if word == "bid" and amount < least:
            raise EventError(said + ": a bid is at least 2 (the whole stake proposed)")
        if amount < least:
            raise OrderError(said + " in " + self.name + " is not above the stake proposed ("
                             + str(self.proposal) + ")")
        return amount

    def _propose(self, seat, amount):
        self.proposal = amount
        self.bidder = seat
        self.answerers = self._opponents(seat)
        self.apos = 0

    def _opponents(self, seat):
        """The speakers of the other side, in turn from `seat`'s right."""
        out = []
        game = self.game
        team = game.team_of
        s = seat
        for _ in range(game.seats - 1):
            s = game.next_seat(s)
            if team[s] != team[seat] and s in self.speakers:
                out.append(s)
        return out
