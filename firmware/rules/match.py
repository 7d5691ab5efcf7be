"""The match state: input events in, the table's conclusions out.

Two doors, as python-chess has them:
- `apply(event)` is the checked door: it validates a PROTOCOL.md input event, raises
  a TableError (a ValueError) quoting the input and leaving the state untouched when
  it cannot accept it, and returns the derived events (`trump`, `trick`,
  `violation`, `hand_end`, `match_end`) as dicts.
- `play(seat, card)` is the fast door the controller calls for each card read: the
  caller has checked the phase and the types; it returns a status of bit flags and
  allocates nothing. `events(status)` builds the dicts afterwards, off the hot path.

Plays that the table refuses (out of turn, a card outside the pack, a card already
played this hand) are reported as violations and not applied: the player takes the
card back. Plays that break a play rule are applied (the card is on the table) and
reported once proven.
"""
from . import cards as C
from . import games
from .errors import CardError, EventError, OrderError
from .game import (DUPLICATE_CARD, NOT_IN_HAND, OUT_OF_TURN, PLAY_RULES, RULE_WORDS,
                   UNKNOWN_CARD)
from .knowledge import Knowledge
from .trick import Trick

# Phases of the match.
IDLE = 0        # no match yet
DEAL = 1        # waiting for a deal
TURNUP = 2      # dealt, waiting for the turn-up
PLAY = 3        # cards are being played
OVER = 4        # the match has ended

# Status bits returned by `play`.
ACCEPTED = 1    # the card is on the trick
REFUSED = 2     # the card was refused (see `refused_rule`); nothing changed
PROVEN = 4      # a violation became certain at this play (see `proofs`)
TRICK_DONE = 8
HAND_DONE = 16
MATCH_DONE = 32

MAX_PROOFS = 17     # a seat's earlier plays (16 at most) plus the play itself

DERIVED = ("trump", "trick", "violation", "hand_end", "match_end")
PHASE_WORDS = ("idle", "deal", "turnup", "play", "over")


class Match:
    """A match of one game at one table, fed input events one by one."""

    def __init__(self):
        self.game = None
        self.phase = IDLE
        self.seats = 0
        self.hand_no = 0
        self.dealer = None
        self.trump = None
        self.turnup = None
        self.totals = [0, 0]
        self.winner = None
        self.end_reason = None

    # -- read-only views ------------------------------------------------------------
    @property
    def over(self):
        """True once the match has ended."""
        return self.phase == OVER

    @property
    def turn(self):
        """The seat to play, or None outside the play of a hand."""
        return self.trick.to_play if self.phase == PLAY else None

    def legal_cards(self, seat):
        """The legal suit sets for `seat` now, or None when its hand is unknown or it
        is not its turn."""
        if self.phase != PLAY or not self.known[seat] or seat != self.trick.to_play:
            return None
        return self.game.legal(self.holding[seat], self.trick)

    def snapshot(self, knowledge=False):
        """The match as a plain dict, for views that redraw from the state (the host's
        live board, replay, tests): every key is JSON. Keys a game does not use are
        absent from `context`. With `knowledge`, what the table knows of each hidden
        hand: `holds` (cards it is known to hold) and `lacks` (cards ruled out).
        The keys are a contract (docs/rules-api.md, "Snapshot")."""
        game = self.game
        out = {"game": game.name if game else None, "options": dict(game.options) if game else {},
               "seats": self.seats, "phase": PHASE_WORDS[self.phase], "hand": self.hand_no,
               "dealer": self.dealer, "trump": None if self.trump is None else C.suit_name(self.trump),
               "turnup": None if self.turnup is None else C.name(self.turnup),
               "turn": self.turn, "totals": list(self.totals), "winner": self.winner,
               "over": self.over, "reason": self.end_reason, "context": {},
               "trick": None, "last": None}
        if game is None:
            return out
        out["teams"] = [[s for s in range(self.seats) if s % 2 == t] for t in range(2)]
        out["tricks_won"] = list(self.tricks_won)
        out["card_points"] = list(self.card_points)
        if self.phase == PLAY:
            t = self.trick
            out["trick"] = {"n": t.number, "leader": t.leader,
                            "cards": [[t.seats[i], C.name(t.cards[i])] for i in range(t.n)]}
        last = self.last
        if last.n == self.seats:
            out["last"] = {"n": last.number, "leader": last.leader, "winner": last.winner,
                           "cards": [[last.seats[i], C.name(last.cards[i])] for i in range(last.n)]}
        if knowledge:
            seen = []
            for s in range(self.seats):
                lacks = self.knowledge.ruled_out(s)
                held = self.holding[s]
                seen.append({"known": self.known[s],
                             "holds": [C.name(c) for c in C.cards_of(held)],
                             "lacks": [C.name(c) for c in C.cards_of(lacks)
                                       if not self.played[c >> 4] & C.bit(c)]})
            out["knowledge"] = seen
        return out

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
        return handler(self, event)

    def _on_match(self, ev):
        options = ev.get("options", {})
        game = games.get(ev.get("game"), options)
        seats = ev.get("seats", game.seats)
        if seats != game.seats or isinstance(seats, bool):
            raise EventError(game.name + " is played by " + str(game.seats)
                             + " seats, got seats=" + repr(seats))
        self.__init__()
        self.game = game
        self.seats = seats
        self.phase = DEAL
        self.trick = Trick(game)
        self.last = Trick(game)     # the last finished trick, for displays and events
        self.knowledge = Knowledge(seats, game.tricks * seats)
        self.played = [0, 0, 0, 0]
        self.holding = [[0, 0, 0, 0] for _ in range(seats)]
        self.known = [False] * seats
        self.card_points = [0, 0]
        self.tricks_won = [0, 0]
        self.bonus = [0, 0]         # the turn-up bonus, scored at once
        self.held_bonus = [0, 0]    # the turn-up bonus held until after the result
        self.points = [0, 0]        # the last scored hand's points and score
        self.score = [0, 0]
        self.proofs = [0] * (3 * MAX_PROOFS)  # (play index, rule, at-play) triples
        self._pairs = [0] * (2 * MAX_PROOFS)
        self.proof_count = 0
        self.refused_rule = 0
        return []

    def _on_deal(self, ev):
        dealer = self._seat(ev, "dealer")
        if self.phase == OVER:
            raise OrderError("the match is over; no more deals")
        if self.phase != DEAL:
            raise OrderError("hand " + str(self.hand_no) + " is not finished; cannot deal again")
        if self.hand_no and dealer != self.game.next_dealer(self.dealer):
            raise OrderError("wrong dealer: seat " + str(dealer) + " dealt, but seat "
                             + str(self.game.next_dealer(self.dealer)) + " deals hand "
                             + str(self.hand_no + 1))
        self.hand_no += 1
        self.dealer = dealer
        self.trump = None
        self.turnup = None
        self._clear_hand()
        self.phase = TURNUP if self.game.turnup else PLAY
        if self.phase == PLAY:
            self.trick.start_hand(self.game.first_leader(dealer), C.NO_TRUMP)
        return []

    def _clear_hand(self):
        """Forget the last hand: the lists made by `_on_match` are reused."""
        self.knowledge.reset()
        for x in (self.played, self.card_points, self.tricks_won, self.bonus, self.held_bonus):
            for i in range(len(x)):
                x[i] = 0
        for s in range(self.seats):
            h = self.holding[s]
            h[0] = h[1] = h[2] = h[3] = 0
            self.known[s] = False

    def _on_hand(self, ev):
        seat = self._seat(ev, "seat")
        self._require_hand_open()
        if self.knowledge.count:
            raise OrderError("hand event after the first play of hand " + str(self.hand_no))
        listed = ev.get("cards")
        if not isinstance(listed, list):
            raise EventError("'hand' needs a list of cards, got " + repr(listed))
        hand = [0, 0, 0, 0]
        for text in listed:
            c = self._card(text)
            if C.holds(hand, c):
                raise CardError("card " + repr(text) + " listed twice in seat " + str(seat) + "'s hand")
            for other in range(self.seats):
                if other != seat and self.known[other] and C.holds(self.holding[other], c):
                    raise CardError("card " + repr(text) + " is already in seat " + str(other) + "'s hand")
            hand[c >> 4] |= C.bit(c)
        if len(listed) != self.game.tricks:
            raise EventError("seat " + str(seat) + "'s hand has " + str(len(listed))
                             + " cards; " + self.game.name + " deals " + str(self.game.tricks))
        if seat == self.dealer and self.turnup is not None and not C.holds(hand, self.turnup):
            raise CardError("the turn-up " + C.name(self.turnup) + " is not in the dealer's hand")
        self.holding[seat] = hand
        self.known[seat] = True
        return []

    def _on_turnup(self, ev):
        self._require_hand_open()
        if self.phase != TURNUP:
            raise OrderError("trump for hand " + str(self.hand_no) + " is already fixed")
        c = self._card(ev.get("card"))
        if self.known[self.dealer] and not C.holds(self.holding[self.dealer], c):
            raise CardError("the turn-up " + repr(ev.get("card")) + " is not in the dealer's hand")
        game = self.game
        self.turnup = c
        self.trump = game.trump_of_turnup(c)
        self.trick.start_hand(game.first_leader(self.dealer), self.trump)
        self.phase = PLAY
        out = {"ev": "trump", "suit": C.suit_name(self.trump), "hand": self.hand_no}
        points = game.turnup_bonus(c)
        if points:
            team = self.dealer % 2
            held = self.totals[team] + points >= game.target
            if held:    # it would win the game: scored after the hand's result
                self.held_bonus[team] = points
            else:
                self.bonus[team] = points
                self.totals[team] += points
            out["bonus"] = {"team": team, "points": points, "held": held}
        return [out]

    def _on_play(self, ev):
        seat = self._seat(ev, "seat")
        self._require_hand_open()
        if self.phase == TURNUP:
            raise OrderError("play before the turn-up of hand " + str(self.hand_no))
        c = self._card(ev.get("card"), in_deck=False)
        return self.events(self.play(seat, c), seat, c)

    def _on_call(self, ev):
        self._seat(ev, "seat")
        word = ev.get("call")
        if word not in ("claim", "concede"):
            raise EventError("unknown call " + repr(word) + " in " + self.game.name
                             + " (known: claim, concede)")
        self._require_hand_open()
        if self.phase != PLAY:
            raise OrderError("a " + word + " needs a hand in play")
        from . import claims    # loaded only when a claim is made: spares the Pico's heap
        return claims.claim(self, ev) if word == "claim" else claims.concede(self, ev)

    # -- the fast door --------------------------------------------------------------
    def play(self, seat, c):
        """Judge and apply the play of card `c` by `seat` (unchecked types; phase PLAY).

        Returns status bits (ACCEPTED or REFUSED, PROVEN, TRICK_DONE, HAND_DONE,
        MATCH_DONE). Allocates nothing."""
        game = self.game
        trick = self.trick
        self.proof_count = 0
        if not game.in_deck(c):
            self.refused_rule = UNKNOWN_CARD
            return REFUSED
        if self.played[c >> 4] & (1 << (c & 15)):
            self.refused_rule = DUPLICATE_CARD
            return REFUSED
        if seat != trick.to_play:
            self.refused_rule = OUT_OF_TURN
            return REFUSED
        status = ACCEPTED
        know = self.knowledge
        if not self.known[seat]:
            pairs = self._pairs
            for i in range(know.proofs(seat, c, pairs)):
                self._prove(pairs[2 * i], pairs[2 * i + 1], 0)
        index = know.record(game, trick, seat, c)
        if self.known[seat]:    # judged at the play, from the sets just recorded
            hand = self.holding[seat]
            if not (hand[c >> 4] & (1 << (c & 15))):
                self._prove(index, NOT_IN_HAND, 1)
            else:
                rule = know.broken_rule(index, hand)
                if rule >= 0:
                    self._prove(index, rule, 1)
        for i in range(self.proof_count):
            know.close(self.proofs[i * 3])
        if self.proof_count:
            status |= PROVEN
        self.played[c >> 4] |= 1 << (c & 15)
        self.holding[seat][c >> 4] &= ~(1 << (c & 15))
        trick.add(seat, c)
        penalty = False
        if self.proof_count and game.irregularity == "game":
            for i in range(self.proof_count):
                if self.proofs[i * 3 + 1] < PLAY_RULES:
                    penalty = True
        if trick.done():
            status |= TRICK_DONE
            team = trick.winner % 2
            self.tricks_won[team] += 1
            for i in range(trick.n):
                self.card_points[team] += game.points(trick.cards[i])
            self.last.copy_from(trick)
            if trick.number == game.tricks:
                status |= HAND_DONE
            else:
                trick.start(trick.winner)
        if penalty:
            offender = know.play_seat[self.proofs[0]] % 2
            self.winner = 1 - offender
            self.end_reason = "irregularity"
            self.phase = OVER
            return status | MATCH_DONE
        if status & HAND_DONE and self._score_hand():
            status |= MATCH_DONE
        return status

    def _prove(self, index, rule, at_play):
        k = self.proof_count * 3
        self.proofs[k] = index
        self.proofs[k + 1] = rule
        self.proofs[k + 2] = at_play
        self.proof_count += 1

    def _score_hand(self):
        """Score the finished hand into the match's own lists (no allocation); True
        when the match is over."""
        game = self.game
        points = self.points
        score = self.score
        game.hand_points_into(self.card_points, self.tricks_won, self.last.winner % 2, points)
        game.hand_score_into(points, score)
        self.totals[0] += score[0]
        self.totals[1] += score[1]
        winner = game.winner_at(self.totals)
        if winner is None and (self.held_bonus[0] or self.held_bonus[1]):
            self.totals[0] += self.held_bonus[0]
            self.totals[1] += self.held_bonus[1]
            score[0] += self.held_bonus[0]
            score[1] += self.held_bonus[1]
            winner = game.winner_at(self.totals)
        score[0] += self.bonus[0]      # the turn-up bonus scored at once is this hand's too
        score[1] += self.bonus[1]
        self.phase = DEAL
        if winner is not None:
            self.winner = winner
            self.end_reason = "target"
            self.phase = OVER
            return True
        return False

    # -- derived events ------------------------------------------------------------
    def events(self, status, seat, c):
        """The derived events for a `play` that returned `status`."""
        trick = self.trick
        if status & REFUSED:
            return [self._violation(trick.number, seat, c, self.refused_rule, "at-play", None)]
        out = []
        know = self.knowledge
        now = know.play_trick[know.count - 1]     # the trick this play went to
        for i in range(self.proof_count):
            index, rule, at_play = self.proofs[i * 3:i * 3 + 3]
            if at_play:
                out.append(self._violation(know.play_trick[index], seat, c, rule, "at-play", None))
            else:
                out.append(self._violation(know.play_trick[index], know.play_seat[index],
                                           know.play_card[index], rule, now,
                                           {"trick": now, "card": C.name(c)}))
        if status & TRICK_DONE:
            last = self.last
            out.append({"ev": "trick", "hand": self.hand_no, "n": last.number,
                        "leader": last.leader,
                        "cards": [C.name(x) for x in last.card_list()],
                        "winner": last.winner})
        if status & HAND_DONE and self.end_reason != "irregularity":
            out.append(self.hand_end())
        if status & MATCH_DONE:
            out.append(self.match_end())
        return out

    def hand_end(self):
        """The `hand_end` event for the hand just scored."""
        return {"ev": "hand_end", "hand": self.hand_no, "points": list(self.points),
                "score": list(self.score), "totals": list(self.totals),
                "tricks": list(self.tricks_won)}

    def match_end(self):
        """The `match_end` event for a finished match."""
        ev = {"ev": "match_end", "winner": self.winner, "totals": list(self.totals),
              "reason": self.end_reason}
        return ev

    def _violation(self, trick_no, seat, c, rule, proven, proof):
        ev = {"ev": "violation", "hand": self.hand_no, "trick": trick_no, "seat": seat,
              "card": C.name(c), "rule": RULE_WORDS[rule], "proven": proven}
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
}
