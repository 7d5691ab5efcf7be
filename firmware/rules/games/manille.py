"""Classical Manille (seed 003): the 10 high, strict follow, strict overtrump, to 101.

Readings chosen where the text is silent or does not add up:
- `deck`: `piquet32` (default: 10 A K Q J 9 8 7, 8 tricks). The seed's 40-card
  variants do not add up as written, so they are defined coherently:
  * `spanish40`: the Spanish pack 1-7, sota, caballo, rey (no 8, 9, 10). It has no 9
    or 10, so its top card is the 7, as in Malilla: 7 A K Q J 6 5 4 3 2, with the
    same pips (7=5 A=4 K=3 Q=2 J=1): still 60 pips, neutral share 30, 10 tricks.
  * `mexican40`: the text's "52 minus 8s and 10s" is 44 cards; removing the 2s too
    gives 40: 9 A K Q J 7 6 5 4 3, the 9 as the Manille (9=5 A=4 K=3 Q=2 J=1).
- When a trump is led, following with any trump is enough: the overtrump duty of
  the text is for a player who cannot follow.
- `beat_in_suit`: the text asks a player who follows only to follow ("If they can
  follow suit but not beat the current best card of that suit with a higher card,
  they still must follow"), so by default any card of the suit led will do. Belgian
  practice (and programs such as manille-master) adds a duty to beat: following,
  when an opponent is winning the trick with a card of the suit led, a player must
  play a higher card of it when holding one (trump leads included); the option
  turns that on (`must-beat`).
- `partner_exemption`: the text's "exempt a player from overtrumping when their
  partner is currently winning the trick": a void player must still trump (any
  trump will do) but need not overtrump. Many tables read "exempt" wider, with no
  duty to trump either: option `exempt_trump` (with `partner_exemption`). Following
  suit stays compulsory.
- `level_redeal`: "if pips split 30-30 exactly, nobody scores and the deal is re-dealt
  in some traditions; others record 0 for both sides". Default: 0 for both and the
  deal passes on; with the option the same dealer deals again (nobody scores either
  way). Four-handed only (a table of three has no two sides to split).
- `last_trick_bonus`: the side winning the last trick adds 1 pip (61 in all); the
  side above its neutral share scores the excess.
- Irregularities are reported, not penalised: the text names no penalty (option
  `irregularity` = "game" applies Malilla's).
- Match end: first side to reach `target` at the end of a deal; both at once, the
  higher; equal, play continues.
- Three-handed (a match of 3 seats): each plays alone. The text's "cards are
  removed" is read as removing the fewest worthless cards that let the pack share
  out evenly: the 7 of spades and the 7 of clubs from the piquet pack (30 cards, 10
  each), the 2 of spades from the Spanish 40 and the 3 of spades from the Mexican 40
  (39 cards, 13 each). Pips are unchanged (60), so the neutral share is 20 and each
  player above 20 scores the excess (the text's "against 20"). The partner
  exemption has no partner to apply to.
- Three players and a dummy (option `dummy`): the text's other three-handed form, "a
  dummy hand is dealt to the centre", which it does not say more of. Read as the French
  clubs play it ("la manille à trois avec un mort"): four hands are dealt as at four,
  the dummy's face up on the table, and one player plays the dummy's cards at its turn
  besides his own, his side (he and the dummy) against the other two; scored as the
  four-handed game (sides, the neutral share 30). At the table the dummy is seat 3
  (the fourth reader, where its cards are laid) and its partner seat 1, across, for the
  whole match; when the deal comes to the dummy its partner deals for it and the
  turn-up is the dummy's card. The dummy makes no calls: its partner claims and
  concedes for the side, and nobody waits for the dummy's word (a concession by its
  partner stands at once, as a side of one player's). The log is the four-handed
  game's: the dummy's cards are `play`s of seat 3. Not with the auction (each bids for
  a side of two players). The other form, "cards are removed", is the match of three
  seats above.
- Manille aux enchères (option `auction`, four-handed): no turn-up. From the
  dealer's right, in turn, each player bids the pips their side will make (`bid` +
  `amount`, above the last bid, from 31 to all the pips) or passes (`pass`, final for
  that player). The auction ends when everyone else has passed after a bid; if all
  four pass, the hand is thrown in (nobody scores; the deal passes). The highest
  bidder names trump (`trump` + `suit`, a suit: no "none") and the dealer's right
  leads as usual. Scoring, "the bid counted against the pips made": a side that made
  its bid scores its pips above the neutral share as usual; a side that failed
  scores nothing, and the opponents score the bid's excess over the neutral share
  (what the bidders promised) instead of their own.
"""
from .. import cards as C
from ..duties import EXEMPT, EXEMPT_TRUMP, FOLLOW, HEAD_OPPONENT, OVERTRUMP, TRUMP, UNDERTRUMP
from ..errors import EventError, OrderError
from ..game import Game
from ..phases import CALLS, TURNUP

# deck option -> (faces high to low, face -> pips, cards removed for three players)
DECKS = {
    "piquet32": ((10, 1, 13, 12, 11, 9, 8, 7), {10: 5, 1: 4, 13: 3, 12: 2, 11: 1}, (6, 54)),  # 7S 7C
    "spanish40": ((7, 1, 13, 12, 11, 6, 5, 4, 3, 2), {7: 5, 1: 4, 13: 3, 12: 2, 11: 1}, (1,)),  # 2S
    "mexican40": ((9, 1, 13, 12, 11, 7, 6, 5, 4, 3), {9: 5, 1: 4, 13: 3, 12: 2, 11: 1}, (2,)),  # 3S
}


class Manille(Game):
    """Classical Manille: four players in two partnerships, or three each alone."""

    name = "manille"
    title = "Manille"
    seat_counts = (3, 4)
    direction = -1          # anticlockwise: the dealer's right leads, the deal passes right
    target = 101
    OPTIONS = {
        "deck": ("piquet32", ("piquet32", "spanish40", "mexican40"),
                 "the pack: piquet 32 (10 high), Spanish 40 or Mexican 40 (see the rules)"),
        "last_trick_bonus": (False, bool, "the last trick's winners add 1 pip"),
        "partner_exemption": (False, bool,
                              "no duty to overtrump while the partner is winning (the text)"),
        "exempt_trump": (False, bool, "with partner_exemption: no duty to trump either"),
        "beat_in_suit": (False, bool, "following, beat an opponent winning with the suit led "
                         "when able (Belgian practice)"),
        "auction": (False, bool, "Manille aux enchères: bid for the right to name trump"),
        "level_redeal": (False, bool, "a deal split 30-30 is dealt again by the same dealer "
                         "(a tradition; the default records 0 for both)"),
        "dummy": (False, bool, "three players and a dummy: seat 1 plays the dummy's hand, "
                  "seat 3, against the other two (the French 'mort')"),
        "target": (101, int, "match points that win (50 short, 201 long)"),
        "irregularity": ("report", ("game", "report"),
                         "a proven illegal play loses the game, or is only reported"),
    }
    PRESETS = ({}, {"last_trick_bonus": True}, {"partner_exemption": True}, {"auction": True})
    CALL_WORDS = ("bid", "pass", "trump")       # the auction's
    DUMMY = 3           # the dummy's seat (option `dummy`); its partner is seat 1

    def configure(self, seats):
        """Three at the table play each for themselves."""
        self.each_for_self = seats == 3
        Game.configure(self, seats)

    def prepare(self):
        """The pack of the `deck` option and the duties of the variant."""
        o = self.options
        self.pack = o.get("deck", "piquet32")
        self.faces, self.face_points, self._removed = DECKS[self.pack]
        self.duties = FOLLOW | TRUMP | OVERTRUMP | UNDERTRUMP
        if o.get("beat_in_suit"):
            self.duties |= HEAD_OPPONENT
        if o.get("partner_exemption") and self.seats == 4:
            self.duties |= EXEMPT
            if o.get("exempt_trump"):
                self.duties |= EXEMPT_TRUMP
        if o.get("last_trick_bonus"):
            self.last_trick = 1
        self.auction = bool(o.get("auction"))
        self.dummy = -1                 # rules/claims.py: the seat that makes no calls
        if o.get("dummy"):
            if self.seats != 4 or self.auction:
                raise EventError("the dummy hand is dealt at a table of four readers (three "
                                 "players and the dummy), without the auction")
            self.dummy = self.DUMMY
        if self.auction:
            if self.seats != 4:
                raise EventError("Manille aux enchères is played by four (two partnerships)")
            self.turnup = False
            self.calls = ("bid", "pass", "trump")
            self.stages = ("deal", "calls", "tricks", "score")     # the auction replaces the turn-up

    def build_tables(self):
        """The pack, less the cards a table of three removes."""
        if self.seats == 3:
            Game.build_tables(self)     # builds hand_size from the full pack: redo below
            for c in self._removed:
                self.strength[c] = 0
                self.points_of[c] = 0
            self.finish_tables()
            self.pack_set = list(self.deck)
            self.hand_size = C.count(self.deck) // 3
            self.total_points = 4 * sum(self.face_points.values()) + self.last_trick
            return
        Game.build_tables(self)

    # -- the auction (option auction) ---------------------------------------------------
    def begin_hand(self, match):
        if not self.auction:
            return TURNUP
        match.ctx.talk = Auction(self.first_leader(match.dealer))
        return CALLS

    def awaiting(self, match):
        a = match.ctx.talk
        if a is None or a.done:
            return 0
        return 1 << (a.high_seat if a.naming else a.turn)

    def on_call(self, match, seat, word, ev):
        a = match.ctx.talk
        if a is None or word not in self.calls:
            return Game.on_call(self, match, seat, word, ev)
        if match.phase != CALLS or a.done:
            raise OrderError("the auction of hand " + str(match.hand_no) + " is over")
        if word == "trump":
            if not a.naming or seat != a.high_seat:
                raise OrderError("seat " + str(seat) + " may not name trump: "
                                 + ("the auction is still on" if not a.naming
                                    else "seat " + str(a.high_seat) + " won it"))
            suit = C.parse_suit(ev.get("suit"))
            if suit == C.NO_TRUMP:
                raise EventError("the auction names a trump suit, not " + repr(ev.get("suit")))
            a.done = True
            out = [match.fix_trump(suit, seat)]
            match.phase = self.after_trump(match)
            return out
        if a.naming:
            raise OrderError("the auction is won: seat " + str(a.high_seat) + " names trump")
        if seat != a.turn:
            raise OrderError("seat " + str(seat) + " bids out of turn: seat " + str(a.turn) + " speaks")
        if word == "bid":
            amount = ev.get("amount")
            low = max(a.high + 1, self.total_points // 2 + 1)
            if not isinstance(amount, int) or isinstance(amount, bool) or not low <= amount <= self.total_points:
                raise EventError("a bid is a number of pips from " + str(low) + " to "
                                 + str(self.total_points) + ", got " + repr(amount))
            a.high = amount
            a.high_seat = seat
        a.passed |= (1 << seat) if word == "pass" else 0
        if a.bidders_left(self) == 0:
            return match.end_hand(-1, "pass")           # all four passed: thrown in
        if a.high_seat >= 0 and a.bidders_left(self) == 1 and not (a.passed >> a.high_seat) & 1:
            a.naming = True
            return []
        a.turn = self.next_seat(seat)
        while (a.passed >> a.turn) & 1:
            a.turn = self.next_seat(a.turn)
        return []

    def tag_call(self, match, seat, word):
        """The auction at the table: the trump tags name trump; the bid tag bids one
        pip above the last bid (31 first): a player bids higher by bidding again."""
        a = match.ctx.talk
        if a is not None and word.startswith("trump-"):
            return {"call": "trump", "suit": word[6:]}
        if a is not None and word == "bid":
            return {"call": "bid", "amount": max(a.high + 1, self.total_points // 2 + 1)}
        return Game.tag_call(self, match, seat, word)

    def context(self, match, out):
        a = match.ctx.talk
        if a is not None and a.high_seat >= 0:
            out["bid"] = {"amount": a.high, "seat": a.high_seat}

    def hand_extra(self, match, out):
        a = match.ctx.talk
        if a is not None and a.high_seat >= 0:
            out["bid"] = {"amount": a.high, "seat": a.high_seat}

    def redeal(self, match):
        """Option `level_redeal`: the last hand split the pips evenly, so its dealer deals
        again."""
        if not self.options.get("level_redeal") or self.seats != 4 or match.ctx.ended is not None:
            return False
        half = self.total_points // 2
        return match.points[0] == half and match.points[1] == half

    def hand_score_into(self, match, points, out):
        Game.hand_score_into(self, match, points, out)
        a = match.ctx.talk
        if a is None or a.high_seat < 0 or match.ctx.ended == "pass":
            return
        team = self.team_of[a.high_seat]
        if points[team] < a.high:               # failed: the opponents score the bid
            half = self.total_points // 2
            out[team] = 0
            out[1 - team] = a.high - half


    def random_call(self, match, hands, rng):
        """Random bids, passes and trump for the auction (rules/playout.py)."""
        a = match.ctx.talk
        if a is None or match.phase != CALLS:
            return None
        if a.naming:
            return {"ev": "call", "seat": a.high_seat, "call": "trump",
                    "suit": C.SUITS[rng.getrandbits(2)]}
        low = max(a.high + 1, self.total_points // 2 + 1)
        if low <= self.total_points and rng.getrandbits(1):
            return {"ev": "call", "seat": a.turn, "call": "bid",
                    "amount": low + rng.getrandbits(2)}
        return {"ev": "call", "seat": a.turn, "call": "pass"}


class Auction:
    """Manille aux enchères: the bidding of one hand."""

    def __init__(self, first):
        self.turn = first           # the seat to speak
        self.high = 0               # the highest bid, 0 before any
        self.high_seat = -1
        self.passed = 0             # a bit per seat that passed (final)
        self.naming = False         # the auction is won: its winner names trump
        self.done = False           # trump is named

    def bidders_left(self, game):
        """Seats that have not passed."""
        n = 0
        for s in range(game.seats):
            if not (self.passed >> s) & 1:
                n += 1
        return n
