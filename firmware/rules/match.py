"""The match: input events in, the table's conclusions out.

A match is a driver over the hand's stages, which the game declares (rules/stages.py:
deal, turn-up, calls, tricks with draws from a stock, tricks, show, score), with a
hand context (rules/context.py) that calls write and scoring reads. The hand's shape
(its tricks, its stock) comes from the stages; the game's description (rules/game.py)
answers the hooks; nothing here knows a game by name.

Two doors, as python-chess has them:
- `apply(event)` is the checked door: it validates a docs/protocol.md input event, raises
  a TableError (a ValueError) quoting the input and leaving the state untouched when
  it cannot accept it, and returns the derived events (`trump`, `trick`,
  `violation`, `hand_end`, `match_end`, and the `x-` events of claims) as dicts.
- `play(seat, card)` is the fast door the controller calls for each card read: the
  caller has checked the phase and the types; it returns a status of bit flags and
  allocates nothing, on a hand's last card too. `events(status)` builds the dicts
  afterwards, off the hot path.

Plays that the table refuses (out of turn, a card outside the pack, a card already
played this hand) are reported as violations and not applied: a refused card changes
nothing but itself, and nothing ever cascades from it. A card out of turn is held by
the event's law (`out_of_turn`, docs/referee.md): under `take-back` the player lifts
it; under `condone` it waits, and stands once the next seat of the side that did not
offend plays on to it (the turn goes on from it, an `x-ruling` says so), while the
rightful player's card, or its lifting (an `x-undo` of it), drops it. Plays that break
a play rule are applied (the card is on the table), reported once proven and ruled
by the law (`revoke_penalty`, `revoke_correct`: rules/rulings.py).
"""
from . import cards as C
from . import games
from .context import HandContext
from .duties import (DUPLICATE_CARD, FALSE_DECLARATION, NOT_IN_HAND, OUT_OF_TURN, PLAY_RULES,
                     RULE_WORDS, UNKNOWN_CARD)
from .errors import CardError, EventError, OrderError
from .knowledge import Knowledge
# The phases live in a leaf module (the games import it); readers may still say match.PLAY.
from .phases import CALLS, DEAL, IDLE, OVER, PHASE_WORDS, PLAY, SHOW, TURNUP
from .trick import Trick


# The numbers of a verdict live in a leaf module (rules/rulings.py imports them too);
# readers may still say match.REFUSED.
from .verdicts import (ACCEPTED, HAND_DONE, MATCH_DONE, PROVEN, REFUSED, RULED,  # noqa: F401
                       TRICK_DONE)

MAX_RULINGS = 4

MAX_PROOFS = 17     # a seat's earlier plays (16 at most) plus the play itself

# The caps of a round with a clock (docs/protocol.md `cap`): what ended the match.
CAPS = ("points", "deals", "minutes")

DERIVED = ("trump", "trick", "violation", "hand_end", "match_end")
# The rules' own derived events beyond docs/protocol.md's (readers may ignore them; the
# audit compares them too): claims (rules/claims.py) and Mus (rules/games/mus/hand.py).
# `x-refused`: a value of an accepted input that the rules refused and replaced (a
# Truc `deal`'s `cards`): the audit lists its message as an error of the line.
# `x-ruling`: how the event's law ruled an irregularity (rules/rulings.py, docs/referee.md),
# a misdeal called after the first card among them.
DERIVED_X = ("x-claim", "x-mus-draw", "x-mus-round", "x-mus-result", "x-refused", "x-ruling")


class Match:
    """A match of one game at one table, fed input events one by one."""

    def __init__(self):
        self.game = None
        self.phase = IDLE
        self.seats = 0
        self.teams = 2
        self.hand_no = 0
        self.dealer = None
        self.trump = None
        self.turnup = None
        self.totals = [0, 0]
        self.winner = None
        self.end_reason = None
        self.conceding = None       # [seat, until (t) or None, partners agreed]: rules/claims.py
        self.overrides = None       # a director's rulings: (hand, trick, seat, rule word) -> penalty
        self.profile = None         # the house-rule profile named by the `match` event

    # -- read-only views ------------------------------------------------------------
    @property
    def over(self):
        """True once the match has ended."""
        return self.phase == OVER

    @property
    def turn(self):
        """The seat to play, or None outside the play of a hand."""
        return self.trick.to_play if self.phase == PLAY else None

    def awaiting(self):
        """A bit per seat whose call (or play) the table waits for now."""
        if self.game is None or self.phase in (IDLE, DEAL, OVER):
            return 0
        bits = self.game.awaiting(self) if self.ctx.talk is not None else 0
        if not bits and self.phase == PLAY:
            bits = 1 << self.trick.to_play
        if not bits and self.phase == TURNUP:
            bits = 1 << self.dealer
        return bits

    def team_of(self, seat):
        """The team a seat plays for."""
        return self.game.team_of[seat]

    def name(self, code):
        """The docs/protocol.md text of a card code of this hand."""
        outer = self.game.outer
        return C.name(outer[code] if outer is not None else code)

    def snapshot(self, knowledge=False):
        """The match as a plain dict for views that redraw from the state (the host's
        live board, replay, tests): see rules/view.py."""
        from .view import snapshot
        return snapshot(self, knowledge)

    # -- the checked door -------------------------------------------------------------
    def apply(self, event):
        """Apply one input event; return the derived events it causes."""
        if not isinstance(event, dict):
            raise EventError("an event must be a JSON object, got " + repr(event))
        name = event.get("ev")
        if not isinstance(name, str):
            raise EventError("event has no 'ev' name: " + repr(event))
        if name.startswith("x-") or name in DERIVED or name == "end":
            return []       # extensions are ignored; derived events are recomputed
        handler = _HANDLERS.get(name)
        if handler is None:
            raise EventError("unknown event " + repr(name))
        if name != "match" and self.phase == IDLE:
            raise OrderError(repr(name) + " before any 'match' event")
        if self.conceding is not None and name not in ("match", "call"):
            from . import claims    # a concession waits for the partner (rules/claims.py)
            return claims.waiting(self, event) + handler(self, event)
        return handler(self, event)

    def _on_match(self, ev):
        game = games.get(ev.get("game"), ev.get("options", {}), ev.get("seats"))
        profile = ev.get("profile")
        # The house-rule profile's name (docs/profiles.md): what the options came from,
        # shown to the players; the options themselves are on the event.
        if profile is not None and (not isinstance(profile, str) or not 0 < len(profile) <= 40
                                    or any(ch < " " for ch in profile)):
            raise EventError("'match' needs 'profile' to be a name of 1 to 40 characters, got "
                             + repr(profile))
        if "profile_version" in ev:     # which edition of the profile (rules/options.py)
            from .options import check_profile_version
            check_profile_version(ev.get("profile_version"), profile)
        overrides = self.overrides      # the director's rulings belong to the log's fold
        self.__init__()
        self.overrides = overrides
        self.profile = profile
        self.game = game
        self.series = None          # a game's own state across the hands (Guiñote's partida)
        self.seats = game.seats
        self.teams = game.teams
        self.phase = DEAL
        self.trick = Trick(game)
        self.last = Trick(game)     # the last finished trick, for displays and events
        self.knowledge = Knowledge(game.seats, max(game.tricks * game.seats, 1))
        self.played = [0, 0, 0, 0]
        self.holding = [[0, 0, 0, 0] for _ in range(game.seats)]
        self.known = [False] * game.seats
        self.shown = [[0, 0, 0, 0] for _ in range(game.seats)]   # cards shown by declarations
        self.shown_any = False
        self.dealt = [None] * game.seats    # the `hand` events' cards (printed), per seat
        n = game.teams
        self.totals = [0] * n
        # Games won in a series, where a match is one (Envite: best of `games`); a
        # hand_end says them (`games`), so the audit takes them up after a gap.
        self.games_won = [0] * n
        self.card_points = [0] * n
        self.tricks_won = [0] * n
        self.points = [0] * n       # the last scored hand's points and score
        self.score = [0] * n
        self.last_team = -1         # the team that took the hand's last trick, or -1
        self.ctx = HandContext(n)
        self.proofs = bytearray(3 * MAX_PROOFS)  # (play index, rule, at-play) triples
        self._pairs = bytearray(2 * MAX_PROOFS)
        self.proof_count = 0
        self.revisions = bytearray(2 * 64)  # (play index, rule) pairs at the hand's end
        self.revision_count = 0
        self.refused_rule = 0
        # The event's law at work: a card out of turn waiting to be condoned (seat, or
        # -1; its card), the rulings of the last play ((seat, rule, penalty, trick,
        # card or play index) quintuples)
        self.pend_seat = -1
        self.pend_card = 0
        self.rulings = bytearray(5 * MAX_RULINGS)
        self.ruling_count = 0
        # rules/rulings.py's state, packed (a replay's Match is held in the heap while
        # the journal streams): a correction window (play index + 1, or 0), its trick,
        # its rule; the team a penalty is imposed on; a `score` ruling's score
        self.court = bytearray(5)
        self.hand_cards = game.hand_size    # cards dealt to each seat this hand
        self.hand_tricks = game.tricks      # tricks in this hand (rules/stages.py shape)
        self.stock = 0              # cards left in the stock (a `draw` stage), the turn-up among them
        self.stock_out = 0          # the trick whose draw emptied the stock (the arrastre after it), or 0
        self.turnup_seat = -1       # the seat that drew the turn-up, or -1
        self.voided = None          # "misdeal" or "abandoned": the last hand was void
        self.misdealt_by = -1       # the seat that misdealt it
        self.conceding = None       # a concession awaiting the partner (rules/claims.py)
        return []

    def _on_deal(self, ev):
        """A new hand. A `deal` while a hand is unfinished closes that hand as
        abandoned (nothing scored: void_hand) and starts the new one; a `cards` value
        the game refuses is reported (`x-refused`) and the hand dealt as the game deals
        it (docs/protocol.md 1.2: a refused input changes nothing but itself)."""
        dealer = self._seat(ev, "dealer")
        if self.phase == OVER:
            raise OrderError("the match is over; no more deals")
        open_hand = self.phase != DEAL
        if self.hand_no:
            allowed = self.next_dealers(open_hand)
            if dealer not in allowed:
                raise OrderError("wrong dealer: seat " + str(dealer) + " dealt, but seat "
                                 + " or ".join(str(a) for a in allowed) + " deals hand "
                                 + str(self.hand_no + 1)
                                 + (" (after a misdeal)" if self.voided == "misdeal" and not open_hand else ""))
        game = self.game
        out = []
        if open_hand:
            out.append(self.void_hand("abandoned"))
        try:
            size = game.deal_size(self, ev)
        except EventError as err:
            size = game.hand_size
            out.append({"ev": "x-refused", "hand": self.hand_no + 1, "key": "cards",
                        "message": str(err) + "; hand " + str(self.hand_no + 1) + " is played with "
                        + str(size) + " cards each"})
        self.voided = None
        self.hand_no += 1
        self.dealer = dealer
        self.trump = None
        self.turnup = None
        self.hand_cards = size
        self.hand_tricks, self.stock = game.shape(size)
        self.stock_out = 0
        self.turnup_seat = -1
        self._clear_hand()
        self.phase = game.begin_hand(self)
        if self.phase == PLAY:
            self._start_play(C.NO_TRUMP)
        return out

    def next_dealers(self, open_hand=False):
        """The seats that may deal the next hand: the game's next dealer; after a
        misdeal, the dealer its rule names (option `misdeal`); after an abandoned
        hand, or abandoning one now, its dealer again or the next (the table may
        have redealt it or passed the deal)."""
        game = self.game
        after = game.dealer_after(self)
        if open_hand or self.voided == "abandoned":
            return (self.dealer, after) if after != self.dealer else (after,)
        if self.voided == "misdeal":
            if game.misdeal == "pass":
                return (game.next_dealer(self.misdealt_by),)
            return (self.dealer,)
        if game.redeal(self):
            return (self.dealer,)
        return (after,)

    def _on_misdeal(self, ev):
        """docs/protocol.md 1.2 `misdeal`: until the hand's first card the hand in
        progress is void and the next `deal` follows the game's rule (option
        `misdeal`: the same dealer deals again, or the errant dealer passes the cards
        to the next). Called later, the law `late_misdeal` rules (an `x-ruling`):
        `stands` plays on (a `short` seat's missing trick goes to its opponents),
        `void` voids the hand as before play."""
        self._require_hand_open()
        seat = self._seat(ev, "seat") if ev.get("seat") is not None else self.dealer
        reason = ev.get("reason")
        if reason is not None and not isinstance(reason, str):
            raise EventError("'misdeal' needs 'reason' to be a text, got " + repr(reason))
        game = self.game
        late = game.play_begun(self)
        short = ev.get("short")
        if short is not None:
            short = self._seat(ev, "short")
            if not late or game.late_misdeal != "stands":
                raise OrderError("'short' is for a misdeal that stands (called after the first card "
                                 "under the law late_misdeal stands)")
            if game.teams != 2 or game.draws or not game.tricks or self.short_team >= 0:
                raise EventError("a short hand's missing trick is ruled in trick games of two sides, "
                                 "once a hand" + ("" if game.tricks else ": " + game.name + " has no tricks"))
            if self.hand_tricks - self.trick.number < 1:
                raise OrderError("seat " + str(short) + "'s hand cannot be short: its last trick is under way")
        if late:
            ruling = {"ev": "x-ruling", "hand": self.hand_no, "trick": self.trick.number,
                      "seat": seat, "team": game.team_of[seat], "rule": "misdeal",
                      "penalty": game.late_misdeal}
            if game.late_misdeal == "stands":
                if short is not None:
                    # One trick fewer is played; the cards left at its end are the
                    # missing trick, won by the short seat's opponents (_short_trick).
                    self.short_team = game.other_team(game.team_of[short])
                    self.hand_tricks -= 1
                    self.hand_cards -= 1
                    ruling["short"] = short
                return [ruling]
            out = [ruling]
        else:
            out = []
        end = self.void_hand("misdeal")
        self.misdealt_by = seat
        end["misdeal"] = {"seat": seat, "reason": reason,
                          "next_dealer": self.next_dealers()[0]}
        out.append(end)
        return out

    def _short_trick(self):
        """A misdeal that stood with a short hand: the trick it cannot play goes to the
        short seat's opponents, with the points of every card not played (the cards
        still in hand) and the last trick's bonus."""
        team = self.short_team
        game = self.game
        self.tricks_won[team] += 1
        played = self.played
        for c in range(64):
            if game.deck[c >> 4] & ~played[c >> 4] & (1 << (c & 15)):
                self.card_points[team] += game.points_of[c]
        self.last_team = team

    def _on_cap(self, ev):
        """docs/protocol.md `cap`: the round's cap (its points, deals or minutes) is
        reached; the table has finished the deal in play, so the match ends here,
        won by the team ahead (a tie is a draw: winner null), reason `cap`."""
        which = ev.get("cap")
        if which not in CAPS:
            raise EventError("'cap' needs 'cap' (one of " + ", ".join(CAPS) + "), got " + repr(which))
        if self.phase == OVER:
            raise OrderError("the match is over; no cap can end it")
        if self.phase != DEAL:
            raise OrderError("a cap ends the match between deals: the deal in play is finished first")
        best = max(self.totals)
        ahead = [t for t in range(self.teams) if self.totals[t] == best]
        self.winner = ahead[0] if len(ahead) == 1 else None
        self.end_reason = "cap"
        self.phase = OVER
        end = self.match_end()
        end["cap"] = which
        return [end]

    def void_hand(self, reason):
        """The hand in progress is void (`reason`: "misdeal", "abandoned"): nothing is
        scored from it and a bonus it already scored is taken back (Malilla's
        turn-up). Its `hand_end` event, with `ended` = reason."""
        ctx = self.ctx
        for t in range(self.teams):
            self.totals[t] -= ctx.bonus[t]
            ctx.bonus[t] = 0
            ctx.held_bonus[t] = 0
            self.points[t] = 0
            self.score[t] = 0
        ctx.ended = reason
        ctx.winner = -1
        self.trick.n = 0
        self.pend_seat = -1
        self.phase = DEAL
        self.voided = reason
        return {"ev": "hand_end", "hand": self.hand_no, "points": list(self.points),
                "score": list(self.score), "totals": list(self.totals),
                "tricks": list(self.tricks_won), "ended": reason}

    def _clear_hand(self):
        """Forget the last hand: the lists made by `_on_match` are reused."""
        self.knowledge.reset()
        for x in (self.played, self.card_points, self.tricks_won):
            for i in range(len(x)):
                x[i] = 0
        for s in range(self.seats):
            for h in (self.holding[s], self.shown[s]):
                h[0] = h[1] = h[2] = h[3] = 0
            self.known[s] = False
            self.dealt[s] = None
        self.shown_any = False
        self.last_team = -1
        self.conceding = None
        self.short_team = -1        # a misdeal stood with a short hand: the team given its missing trick
        self.last.n = 0
        self.pend_seat = -1
        self.court[0] = self.court[4] = 0
        self.ctx.reset()

    def _start_play(self, trump):
        """Trump is settled: the tables for the hand, known hands in the hand's codes,
        and the first trick."""
        game = self.game
        game.set_trump(trump)
        for s in range(self.seats):
            if self.dealt[s] is not None:
                self.holding[s] = self._codes(self.dealt[s])
        self.trick.start_hand(game.first_leader(self.dealer), trump)
        self.last.trump = trump

    def _codes(self, printed):
        """The hand-shaped set, in the hand's codes, of printed card numbers."""
        inner = self.game.inner
        h = [0, 0, 0, 0]
        for c in printed:
            if inner is not None:
                c = inner[c]
            h[c >> 4] |= 1 << (c & 15)
        return h

    def fix_trump(self, trump, by=-1):
        """A call names trump (`trump` a suit or NO_TRUMP): the `trump` event."""
        self.trump = trump
        self.ctx.trump_by = by
        self._start_play(trump)
        return {"ev": "trump", "suit": C.suit_name(trump), "hand": self.hand_no}

    def _on_hand(self, ev):
        from .hands import on_hand     # the table rarely knows a hand: loaded when one comes
        return on_hand(self, ev)

    def _on_turnup(self, ev):
        self._require_hand_open()
        if self.phase != TURNUP:
            raise OrderError("trump for hand " + str(self.hand_no) + " is already fixed")
        c = self._card(ev.get("card"))
        game = self.game
        dealt = self.dealt[self.dealer]
        if game.turnup_held and dealt is not None and c not in dealt:
            raise CardError("the turn-up " + repr(ev.get("card")) + " is not in the dealer's hand")
        for s in range(self.seats):
            if not game.turnup_held and self.dealt[s] is not None and c in self.dealt[s]:
                raise CardError("the turn-up " + repr(ev.get("card")) + " is in seat " + str(s)
                                + "'s hand; it is turned from the stock")
        self.turnup = c
        self.trump = game.trump_of_turnup(c)
        self._start_play(self.trump)
        if not game.turnup_held and not self.stock:     # out of play: nobody holds it
            code = game.inner[c] if game.inner is not None else c
            self.played[code >> 4] |= 1 << (code & 15)
        self.phase = game.after_trump(self)
        out = {"ev": "trump", "suit": C.suit_name(self.trump), "hand": self.hand_no}
        game.on_turnup(self, c, out)
        return [out]

    def _on_play(self, ev):
        seat = self._seat(ev, "seat")
        self._require_hand_open()
        c = self._card(ev.get("card"), in_deck=False)
        if self.phase == CALLS and self.game.play_hook and self.game.play_opens(self, seat, c):
            pass        # the card is a call too (a side at eleven, or lying down, plays)
        elif self.phase != PLAY:
            raise OrderError("play before the " + ("turn-up" if self.phase == TURNUP else "calls")
                             + " of hand " + str(self.hand_no) + (" is over" if self.phase != TURNUP else ""))
        return self.events(self.play(seat, c), seat, c)

    def _on_call(self, ev):
        seat = self._seat(ev, "seat")
        word = ev.get("call")
        if not isinstance(word, str):
            raise EventError("a call needs a 'call' word, got " + repr(word))
        if self.conceding is not None or word == "object":
            from . import claims    # a concession waits for the partner's word
            if word == "concede":
                return claims.concede(self, ev)
            if word == "object":
                return claims.object_to(self, ev)
            claims.waiting(self, ev)    # raises: the partner's word comes first
        if word in ("claim", "concede"):
            self._require_hand_open()
            if self.phase != PLAY:
                raise OrderError("a " + word + " needs a hand in play")
            if word == "claim" and not self.game.claims:
                raise OrderError("claims are not made in " + self.game.name
                                 + " (concede gives the hand to the other side)")
            if word == "claim" and self.stock:
                raise OrderError("not yet: a claim waits for the arrastre (" + str(self.stock)
                                 + " cards still in the stock; the hands will change)")
            from . import claims    # loaded only when a claim is made: spares the Pico's heap
            return claims.claim(self, ev) if word == "claim" else claims.concede(self, ev)
        if word not in self.game.calls:
            return self.game.on_call(self, seat, word, ev)      # raises: unknown call
        self._require_hand_open()
        return self.game.on_call(self, seat, word, ev)

    # -- the fast door --------------------------------------------------------------
    def play(self, seat, c):
        """Judge and apply the play of printed card `c` by `seat` (unchecked types;
        phase PLAY).

        Returns status bits (ACCEPTED or REFUSED, PROVEN, TRICK_DONE, HAND_DONE,
        MATCH_DONE, RULED). Allocates nothing but when a ruling ends a hand."""
        game = self.game
        trick = self.trick
        self.proof_count = 0
        self.revision_count = 0
        self.ruling_count = 0
        if not game.in_deck(c):
            self.refused_rule = UNKNOWN_CARD
            return REFUSED
        if game.inner is not None:
            c = game.inner[c]
        if self.played[c >> 4] & (1 << (c & 15)):
            self.refused_rule = DUPLICATE_CARD
            return REFUSED
        status = 0
        if self.pend_seat >= 0 or self.court[0]:
            # rare: a card out of turn waits for the law, or a correction window is open
            from . import rulings
            status = rulings.before_play(self, seat, c)
            if status & (HAND_DONE | REFUSED):
                return status
        if seat != trick.to_play:
            return status | self._refuse(seat, c, OUT_OF_TURN)
        if game.play_hook:
            refusal = game.before_play(self, seat, c)
            if refusal:
                return status | self._refuse(seat, c, refusal)
        return status | self._apply(seat, c)

    def _refuse(self, seat, c, rule):
        """A card the table does not take; out of turn, the law says what it means."""
        self.refused_rule = rule
        if rule != OUT_OF_TURN:
            return REFUSED
        from . import rulings       # rare: a card out of turn
        return rulings.out_of_turn(self, seat, c)

    def _apply(self, seat, c):
        """Apply the play of card code `c` by `seat`, in turn (checked by the caller)."""
        game = self.game
        trick = self.trick
        status = ACCEPTED
        know = self.knowledge
        holding = self.holding[seat]
        if not self.known[seat]:
            pairs = self._pairs
            for i in range(know.proofs(seat, c, pairs)):
                self._prove(pairs[2 * i], pairs[2 * i + 1], 0)
        index = know.record(game, trick, seat, c)
        if self.known[seat] and not (holding[c >> 4] & (1 << (c & 15))):
            self._prove(index, NOT_IN_HAND, 1)
        elif holding[0] | holding[1] | holding[2] | holding[3]:
            rule = know.broken_rule(index, holding)     # judged at the play
            if rule >= 0:
                self._prove(index, rule, 1)
        if self.shown_any:
            self._declared_elsewhere(seat, c)
        for i in range(self.proof_count):
            k = i * 3
            if self.proofs[k + 1] < PLAY_RULES:
                at_play = self.proofs[k + 2]
                know.close(self.proofs[k], self.proofs[k + 1], 0 if at_play else trick.number, c)
        if self.proof_count:
            status |= PROVEN
        self.played[c >> 4] |= 1 << (c & 15)
        holding[c >> 4] &= ~(1 << (c & 15))
        trick.add(seat, c)
        penalty = -1
        if self.proof_count:
            for i in range(self.proof_count):
                if self.proofs[i * 3 + 1] < PLAY_RULES:
                    from . import rulings   # rare: a proven illegal play is ruled by the law
                    penalty = rulings.rule_proofs(self)
                    status |= RULED
                    break
        early = game.after_play(self, seat, c) if game.play_hook else -1
        if trick.done():
            status |= TRICK_DONE
            team = -1
            if not trick.drawn:
                team = game.team_of[trick.winner]
                self.tricks_won[team] += 1
                for i in range(trick.n):
                    self.card_points[team] += game.points_of[trick.cards[i]]
            self.last.copy_from(trick)
            if trick.number == self.hand_tricks:
                status |= HAND_DONE
                self.last_team = team
                if self.short_team >= 0:
                    self._short_trick()
            else:
                if early < 0:
                    early = game.decided(self)
                if early < 0:
                    if self.stock:
                        from . import stock     # games with a stock only: its draw stage
                        stock.draw(self, trick.winner)
                    trick.start(trick.leader if trick.drawn else trick.winner)
        if penalty >= 0:
            from . import rulings
            return rulings.impose(self, penalty, status)
        if early >= 0 and not status & HAND_DONE:
            status |= HAND_DONE
            self.ctx.winner = early
            if self.ctx.ended is None:
                self.ctx.ended = "decided"
        if status & HAND_DONE:
            if trick.number == self.hand_tricks and trick.done():
                self.revision_count = know.revise(self.revisions)
            if self._score_hand():
                status |= MATCH_DONE
        return status

    def _prove(self, index, rule, at_play):
        k = self.proof_count * 3
        self.proofs[k] = index
        self.proofs[k + 1] = rule
        self.proofs[k + 2] = at_play
        self.proof_count += 1

    def _declared_elsewhere(self, seat, c):
        """A card another seat declared (showed) is played by `seat`: that declaration
        was false."""
        s, b = c >> 4, 1 << (c & 15)
        for other in range(self.seats):
            if other != seat and self.shown[other][s] & b:
                self.shown[other][s] &= ~b
                self.holding[other][s] &= ~b
                self._prove(other, FALSE_DECLARATION, 0)
                self.game.false_declaration(self, other, c)     # a game that declares has it

    def end_hand(self, team, reason):
        """End the hand now, before its last trick: it goes to `team` (or -1: decided
        by the scores alone) for `reason` (claim, concede, reject, fold, tute, trawl,
        ordago, ...). Returns the `hand_end` (and `match_end`) events."""
        self.ctx.ended = reason
        self.ctx.winner = team
        self.trick.n = 0
        if self._score_hand():
            return [self.hand_end(), self.match_end()]
        return [self.hand_end()]

    def _score_hand(self):
        """Score the finished hand into the match's own lists (no allocation for plain
        trick games); True when the match is over."""
        game = self.game
        game.hand_points_into(self, self.points)
        ruled = self.ctx.ended == "revoke"
        if ruled:
            from . import rulings
            rulings.after_points(self)
        game.hand_score_into(self, self.points, self.score)
        if ruled and self.court[4]:
            rulings.after_score(self)
        winner = game.settle(self)
        self.phase = DEAL
        if winner == -1:
            return False
        self.winner = winner if winner >= 0 else None
        self.phase = OVER
        return True

    # -- derived events ------------------------------------------------------------
    def events(self, status, seat, c):
        """The derived events for a `play` that returned `status` (`c` printed)."""
        trick = self.trick
        out = []
        own = None      # the ruling on this card itself, written after its violation
        if status & RULED:
            from . import rulings
            own = rulings.out_of_turn_events(self, seat, c, out)
        if status & REFUSED:
            out.append(self._violation(trick.number, seat, c, self.refused_rule, "at-play", None,
                                       printed=True))
            if own is not None:
                out.append(own)
            return out
        know = self.knowledge
        if self.proof_count:
            from . import evidence     # rare: loaded when a violation is proven
            now = know.play_trick[know.count - 1]     # the trick this play went to
            evidence.proof_events(self, seat, c, now, out)
        if status & RULED:
            rulings.penalty_events(self, out)
        if status & TRICK_DONE:
            last = self.last
            out.append({"ev": "trick", "hand": self.hand_no, "n": last.number,
                        "leader": last.leader,
                        "cards": [self.name(x) for x in last.card_list()],
                        "winner": None if last.drawn else last.winner})
        if self.revision_count:
            from . import evidence
            for i in range(self.revision_count):
                out.append(evidence.revision(self, self.revisions[2 * i], self.revisions[2 * i + 1]))
        if status & HAND_DONE and self.end_reason != "irregularity":
            out.append(self.hand_end())
        if status & MATCH_DONE:
            out.append(self.match_end())
        return out

    def hand_end(self):
        """The `hand_end` event for the hand just scored."""
        ev = {"ev": "hand_end", "hand": self.hand_no, "points": list(self.points),
              "score": list(self.score), "totals": list(self.totals),
              "tricks": list(self.tricks_won)}
        if self.ctx.ended is not None:
            ev["ended"] = self.ctx.ended
        self.game.hand_extra(self, ev)
        return ev

    def match_end(self):
        """The `match_end` event for a finished match."""
        return {"ev": "match_end", "winner": self.winner, "totals": list(self.totals),
                "reason": self.end_reason}

    def _violation(self, trick_no, seat, c, rule, proven, proof, printed=False):
        ev = {"ev": "violation", "hand": self.hand_no, "trick": trick_no, "seat": seat,
              "card": C.name(c) if printed else self.name(c), "rule": RULE_WORDS[rule],
              "proven": proven}
        if proof:
            ev["proof"] = proof
        return ev

    # -- input checks ---------------------------------------------------------------
    def _seat(self, ev, key):
        seat = ev.get(key)
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < max(self.seats, 1):
            raise EventError(repr(ev.get("ev")) + " needs '" + key + "' to be a seat 0.."
                             + str(self.seats - 1) + ", got " + repr(seat))
        return seat

    def _card(self, text, in_deck=True):
        c = C.parse(text)
        if in_deck and not self.game.in_deck(c):
            raise CardError("card " + repr(text) + " is not in the " + self.game.name + " pack")
        return c

    def _require_hand_open(self):
        if self.phase == OVER:
            raise OrderError("the match is over")
        if self.phase == DEAL:
            raise OrderError("no hand is being played: waiting for a 'deal'")


_HANDLERS = {
    "match": Match._on_match,
    "deal": Match._on_deal,
    "hand": Match._on_hand,
    "turnup": Match._on_turnup,
    "play": Match._on_play,
    "call": Match._on_call,
    "misdeal": Match._on_misdeal,
    "cap": Match._on_cap,
}
