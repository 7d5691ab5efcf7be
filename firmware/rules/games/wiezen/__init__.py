"""Wiezen (Belgian whist) and Kleurenwiezen for four (../shared/rules/wiezen.md): a
description and the hooks a stage driver calls. Every seat scores for himself;
partnerships are made anew each deal by the bidding (rules/games/wiezen/auction.py),
and a deal is scored from its contract and the tricks each seat took
(rules/games/wiezen/score.py). docs/wiezen.md has every reading with its source.

The hand as stages: deal (13 each, 4-4-5), turn-up (the dealer's last card: the trump
of vraag, alleen and solo slim; none in Kleurenwiezen), the bidding (`new_auction`,
then each `call` to `Auction.call`), the tricks (follow suit, else any card: FOLLOW
and nothing more; `leader`, `first_lead_rule`, `shown_due`, `settled`), the score
(`hand_score_into`; an all-pass deal by `all_pass`).

Readings of the sheet's open points (options, defaults = the sheet's ★):
- `score_table` (W1, W2): "iwwa", "kleuren" or "light" (score.py).
- `ladder` (W5): "iwwa" or "miserie-low" (contracts.py).
- `all_pass` (W3): "next" (no score; the next dealer deals; the deal does not count
  towards the session's deals), "redeal" (the same dealer deals again), "double"
  (the next scored deal counts double; two all-passes in a row still double once,
  as the sheet's apps offer a switch, not a ladder).
- `trump_with_bid`: abondance and solo name trump with the bid (default: once won).
- `solo_slim` (W7): "turnup" (the turn-up's trump) or "choice" (named as solo's).
- `miserie_trump` (W8): "none" or "turnup".
- `abondance_lead` (W6): "left" (the dealer's left) or "declarer".
- `open_miserie_shown` (W9): "lead" (the declarer's hand is laid open once the first
  card is led: the log carries it as his `hand` event before the trick's second card)
  or "trick" (after the first trick: before the second trick's lead).
- `bid_trump`: Kleurenwiezen (§15): no turn-up, the ask names its suit.
- `deals`: the session's deals (16: each seat deals four times).
- Revoke (W13): no source names a penalty, so the law's default stands (report);
  each seat plays for himself, so the laws that give the hand "to the other side"
  have no side to give it to and are refused, as for any game played each alone.
"""
from ... import cards as C
from ...duties import FOLLOW, GAME_PROOF, legal_into
from ...errors import CardError, EventError, OrderError
from ...game import Game
from ...phases import CALLS, PLAY, SHOW, TURNUP
from . import contracts as K
from .auction import DONE, PASSED, WORDS, Auction
from .proofs import Proofs
from .score import TABLES, score_into

STAGES_TURNUP = ("deal", "turnup", "calls", "tricks", "score")
STAGES_KLEUREN = ("deal", "calls", "tricks", "score")     # no turn-up: the ask names trump


class Wiezen(Game):
    """Wiezen for four, each for himself; partners by the bidding, per deal."""

    name = "wiezen"
    title = "Wiezen"
    faces = (1, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2)
    pack = "french52"
    seat_counts = (4,)
    each_for_self = True
    duties = FOLLOW         # follow suit; void, any card: no duty to trump or to beat
    trick_point = 1         # a hand's points are its tricks
    hand_size = 13
    turnup = True
    turnup_held = True      # the keerkaart is the dealer's 13th card
    calls = WORDS
    CALL_WORDS = WORDS
    STAGES = STAGES_TURNUP
    play_hook = True        # the proofs of the calls are made per card (proofs.py)
    # "The rest are mine" has no side to give the rest to while the partnerships are the
    # contract's, not the teams' (each seat scores alone): claims are refused, the hand
    # is played out (settled() ends it as soon as the contract is decided).
    claims = False
    OPTIONS = {
        "score_table": ("iwwa", tuple(sorted(TABLES)), "the score table: the IWWA sheet, the "
                        "Kleurenwiezen app's, or IWWA with a light vraag failure (-2, -1 a trick)"),
        "ladder": ("iwwa", tuple(sorted(K.LADDERS)), "where miserie stands: between abondance 10 and "
                   "11 (IWWA) or just above vraag"),
        "all_pass": ("next", ("next", "redeal", "double"), "all pass: the next dealer deals, the same "
                     "dealer deals again, or the next deal counts double"),
        "trump_with_bid": (False, bool, "abondance and solo name trump with the bid, not once won"),
        "solo_slim": ("turnup", ("turnup", "choice"), "solo slim plays the turn-up's trump or one "
                      "its declarer names"),
        "miserie_trump": ("none", ("none", "turnup"), "miserie is played without trump or with the "
                          "turn-up's"),
        "abondance_lead": ("left", ("left", "declarer"), "in abondance the dealer's left leads, or "
                           "the declarer"),
        "open_miserie_shown": ("lead", ("lead", "trick"), "open miserie lays the hand open after the "
                               "first lead, or after the first trick"),
        "bid_trump": (False, bool, "Kleurenwiezen: no turn-up, the ask names its trump suit"),
        "deals": (16, int, "deals in the session (a multiple of 4: each seat deals alike)"),
    }
    PRESETS = ({}, {"bid_trump": True, "score_table": "kleuren", "all_pass": "redeal"},
               {"score_table": "light"})

    def prepare(self):
        """Kleurenwiezen turns nothing up. The bidding goes clockwise (the sheet, and
        auction.py), so play does too: `direction` ccw is refused."""
        if self.direction != 1:
            raise EventError("wiezen is played clockwise (the bidding and the play), got direction='ccw'")
        if self.options.get("bid_trump"):
            self.turnup = False
            self.stages = STAGES_KLEUREN
        self.table = self.options.get("score_table", "iwwa")
        self.deals = self.options.get("deals", 16)

    # -- the stage driver's hooks (rules/match.py, rules/stages.py) ---------------------
    def begin_hand(self, match):
        """A hand is dealt: the turn-up comes next, or (Kleurenwiezen) the bidding. The
        deal's multiplier (an all-pass before it under `all_pass` double) is set here."""
        series = self.series_of(match)
        if series.bound is not None:    # after a troel hand: the C core's handle again
            self.hot = series.bound
            series.bound = None
        match.ctx.multiplier = self.multiplier_after(series.passed)
        series.proofs.reset()
        series.rule = None
        series.show = 0
        if not self.turnup:
            match.ctx.talk = self.new_auction(match.dealer, None)
            return CALLS
        return TURNUP

    def series_of(self, match):
        """What the session carries from deal to deal (a Session on the match: the
        description stays as declared)."""
        if match.series is None:
            match.series = Session()
        return match.series

    def on_turnup(self, match, c, out):
        """The turn-up's suit is the trump of vraag, alleen and solo slim: the bidding
        starts (the `trump` event of the turn-up says the suit; the contract's own trump
        follows when the bidding is over)."""
        match.ctx.talk = self.new_auction(match.dealer, c >> 4)

    def awaiting(self, match):
        """The bidding's seats; while an open miserie hand is due (phase SHOW), its
        declarers'."""
        a = match.ctx.talk
        if match.phase == CALLS:
            return a.awaiting()
        return match.series.show if match.phase == SHOW else 0

    def on_call(self, match, seat, word, ev):
        """A call of the bidding (auction.py raises, changing nothing, when refused).
        All pass: the deal ends unscored (`ended` "pass"). A contract: the hand's
        contract (rules/contract.py: the declaring seats, the trump, the target), the
        first lead by the contract's leader."""
        if match.phase != CALLS:
            raise OrderError("the bidding of hand " + str(match.hand_no) + " is over: " + repr(word)
                             + " by seat " + str(seat) + " comes too late")
        a = match.ctx.talk
        a.call(seat, word, ev)
        if a.stage == PASSED:
            self.series_of(match).passed = self.all_pass() == "double"
            return match.end_hand(-1, "pass")
        if a.stage != DONE:
            return []
        from ... import contract
        turned = match.trump
        by = seat if word == "trump" else -1    # named by its declarer's call, else the contract's own
        out = contract.make(match, a.declarers, a.trump, a.contract_target(), by)
        match.trick.start_hand(self.leader(a), a.trump)
        match.trick.lead_due = a.first_lead()   # troel: the fourth ace is led (`legal_into`)
        if a.first_lead() >= 0 and self.hot is not self:
            # The C core's descriptor is the game's, the same every hand: it cannot name
            # a hand's own lead card, so it would answer FOLLOW alone. The troel hand
            # is answered in Python (`hot` the game itself); the next deal gives the
            # core its place again (begin_hand).
            self.series_of(match).bound = self.hot
            self.hot = self
        # docs/protocol.md: a `trump` event when the contract's trump is not the turn-up's
        return [] if turned is not None and turned == a.trump else [out]

    def legal_into(self, hand, trick, out):
        """FOLLOW (rules/duties.py), and troel's first lead: the fourth ace, by its
        holder (§6, §7). The table does not refuse another lead: it is the violation
        `troel-lead` (first_lead_rule), so `forbid_into` stays FOLLOW's. No allocation."""
        legal_into(self, hand, trick, out)
        due = getattr(trick, "lead_due", -1)
        if due >= 0 and trick.number == 1 and trick.n == 0 and hand[due >> 4] >> (due & 15) & 1:
            out[0] = out[1] = out[2] = out[3] = 0
            out[due >> 4] = 1 << (due & 15)

    def before_play(self, match, seat, c):
        """The card's proofs (troel's lead, a false troel, an unannounced troel; at the
        52nd card, Kleurenwiezen's acceptor's suit): the card stands. Each is a proof of
        the match (`Match._prove`, code GAME_PROOF, its rule word kept on the session),
        written by `game_violation` off the per-card path (rules/evidence.py), as the
        engine's own proofs are: no allocation here, and no hook on other games."""
        a = match.ctx.talk
        t = match.trick
        series = match.series
        index = match.knowledge.count       # the index this card's play gets
        rule = self.first_lead_rule(a, seat, c, t.number, t.n) or series.proofs.play(a, seat, c)
        if rule is not None:
            series.rule = rule
            match._prove(index, GAME_PROOF, 1)
        if t.number == 13 and t.n == 3:     # the 52nd card: the hand's end proves the rest
            rule = series.proofs.hand_end(a)
            if rule is not None:
                series.end_rule = rule
                k = (a.acceptor - t.leader) % 4     # the acceptor's play in this trick
                match._prove(index - 3 + k, GAME_PROOF, 0)
        return 0

    def after_play(self, match, seat, c):
        """Open miserie: once the first card is led (option `open_miserie_shown` "trick":
        once the first trick is full) the hand waits for each declarer's open hand
        (phase SHOW, `awaiting` his seat) unless the table knows it already; `on_show`
        takes it. The sheet's "laid face up": the table reads it when it is laid on
        the reader, and judges his cards against it from then on (docs/wiezen.md)."""
        due = self.shown_due(match.ctx.talk, match.knowledge.count)
        if due:
            for s in range(4):
                if match.known[s]:
                    due &= ~(1 << s)
            if due:
                match.series.show = due
                match.phase = SHOW
        return -1

    def on_show(self, match, seat, codes, ev):
        """The `hand` event of an open miserie declarer while his hand is due (phase
        SHOW): the cards he still holds (`codes`), every one, each once, none played
        nor in a hand the table knows. From then on the table knows his hand (a card
        he plays that is not in it, or a revoke, is proven at once); play resumes when
        every declarer due has shown his."""
        series = match.series
        if not (series.show >> seat) & 1:
            raise OrderError("seat " + str(seat) + " has no open hand to show now (waiting for seats "
                             + ", ".join(str(s) for s in seats_of(series.show)) + ")")
        played = [match.knowledge.play_card[i] for i in range(match.knowledge.count)
                  if match.knowledge.play_seat[i] == seat]
        if len(codes) != 13 - len(played):
            raise EventError("seat " + str(seat) + " holds " + str(13 - len(played)) + " cards; the "
                             + "open hand shows " + str(len(codes)))
        for i in range(len(codes)):
            c = codes[i]
            if c in codes[:i]:
                raise CardError("card " + C.name(c) + " listed twice in seat " + str(seat) + "'s hand")
            if match.played[c >> 4] >> (c & 15) & 1:
                raise CardError("card " + C.name(c) + " is already played")
            for other in range(4):
                if other != seat and match.known[other] and c in match.dealt[other]:
                    raise CardError("card " + C.name(c) + " is in seat " + str(other) + "'s hand")
        up = match.turnup       # the dealer's own 13th card (none in Kleurenwiezen)
        if up is not None and (up in codes) != (seat == match.dealer and up not in played):
            raise CardError("the turn-up " + C.name(up) + (" is the dealer's" if seat != match.dealer
                                                           else " is missing from the dealer's hand"))
        match.dealt[seat] = played + codes
        match.known[seat] = True
        match.holding[seat] = match._codes(codes)
        series.show &= ~(1 << seat)
        if not series.show:
            match.phase = PLAY
        return []

    def game_violation(self, match, index, at_play):
        """The violation of a proof made by `before_play` (rules/evidence.py): the card
        played breaks a call (`at_play`), or the hand's end proves the acceptor's suit
        (docs/protocol.md: `proven` "hand-end", no card)."""
        know = match.knowledge
        series = match.series
        if at_play:
            return {"ev": "violation", "hand": match.hand_no, "trick": know.play_trick[index],
                    "seat": know.play_seat[index], "card": C.name(know.play_card[index]),
                    "rule": series.rule, "proven": "at-play"}
        return {"ev": "violation", "hand": match.hand_no, "trick": 13, "seat": know.play_seat[index],
                "rule": series.end_rule, "proven": "hand-end"}

    def decided(self, match):
        """After a trick: the contract is decided (`settled`): the hand stops."""
        a = match.ctx.talk
        return 0 if self.settled(a, match.tricks_won, match.trick.number) else -1

    def settle(self, match):
        """Add the deal's score; the session ends after `deals` deals with a contract
        (an all-pass deal is not one of them, whatever `all_pass` says), won by the
        highest total (level at the top: no winner)."""
        for s in range(4):
            match.totals[s] += match.score[s]
        series = self.series_of(match)
        a = match.ctx.talk
        if a is None or a.stage != DONE:
            return -1
        series.deals += 1
        series.passed = False
        if series.deals < self.deals:
            return -1
        match.end_reason = "deals"
        best = max(match.totals)
        top = [s for s in range(4) if match.totals[s] == best]
        return top[0] if len(top) == 1 else -2

    def redeal(self, match):
        """All pass under `all_pass` redeal: the same dealer deals again."""
        return match.ctx.ended == "pass" and self.all_pass() == "redeal"

    def hand_extra(self, match, out):
        a = match.ctx.talk
        if a is not None and (a.stage == DONE or a.stage == PASSED):
            out.update(self.describe(a))
        if match.ctx.multiplier != 1:
            out["multiplier"] = match.ctx.multiplier

    def context(self, match, out):
        """The contract once made (the trump is the snapshot's own); while bidding,
        the bid standing and who speaks."""
        a = match.ctx.talk
        if a is None:
            return
        if a.stage == DONE:
            out.update(self.describe(a))
            out.pop("trump", None)
        elif match.phase == CALLS:
            if a.high:
                out["contract"] = K.word(a.high)
                out["declarers"] = seats_of(a.declarers)
            out["awaiting"] = seats_of(a.awaiting())
        if match.ctx.multiplier != 1:
            out["multiplier"] = match.ctx.multiplier

    def new_auction(self, dealer, turnup):
        """The bidding of a hand dealt by `dealer` (`turnup`: the turn-up's suit; None
        in Kleurenwiezen). Feed it each `call`; read it once `done`."""
        return Auction(dealer, None if self.options.get("bid_trump") else turnup, self.options)

    def all_pass(self):
        """What follows a deal nobody bid: "next", "redeal" or "double"."""
        return self.options.get("all_pass", "next")

    def multiplier_after(self, passed_before):
        """What the deal counts for, after an all-pass (True) or not."""
        return 2 if passed_before and self.all_pass() == "double" else 1

    def leader(self, auction):
        """Who leads the first trick of the contract."""
        return auction.leader()

    def first_lead_rule(self, auction, seat, c, trick_no, order):
        """None, or the rule word a card breaks: troel's first lead is the fourth ace,
        by its holder (`order`: the card's place in the trick, 0 for a lead)."""
        if trick_no == 1 and order == 0 and auction.first_lead() >= 0 and c != auction.first_lead():
            return "troel-lead"
        return None

    def shown_due(self, auction, cards_played):
        """A bit per seat whose open hand the log must carry before the next card
        (open miserie), `cards_played` cards into the hand."""
        due = 1 if self.options.get("open_miserie_shown", "lead") == "lead" else 4
        return auction.shown() if cards_played == due else 0

    def settled(self, auction, tricks_won, tricks_played):
        """True when the tricks already played decide the contract (§9): every miserie
        declarer took a trick, a solo declarer lost one, an abondance reached or lost
        its target. Vraag, alleen, troel and troela play on: over- and undertricks count."""
        c = auction.high
        d = auction.declarers
        if K.is_miserie(c):
            for s in range(4):
                if (d >> s) & 1 and not tricks_won[s]:
                    return False
            return True
        if K.is_pair(c) or c == K.ALLEEN:
            return tricks_played == 13
        side = 0
        for s in range(4):
            if (d >> s) & 1:
                side += tricks_won[s]
        target = auction.contract_target()
        return side >= target or tricks_played - side > 13 - target

    def hand_score_into(self, match, points, out):
        """Each seat's score: `points` are the tricks each seat took (trick_point 1);
        the contract is the hand's talk (an Auction), the multiplier the context's."""
        a = match.ctx.talk
        if a is None or a.stage != DONE:
            for s in range(4):
                out[s] = 0
            return
        score_into(self.table, a.high, a.declarers, points, out, a.target, match.ctx.multiplier)

    def winner_at(self, totals):
        """No target: the session ends after `deals` scored deals (the driver counts
        them); the highest total wins then."""
        return None

    def tag_call(self, match, seat, word):
        """The call a control tag makes (firmware/reader/deck.py): the call words
        themselves; `trump-S`..`trump-C` name trump; `bid` bids abondance at the lowest
        level above the bid standing. Troel and troela need their card named, which no
        tag carries: they are said from the host (the `call` command) for now."""
        a = match.ctx.talk
        if a is not None and word.startswith("trump-"):
            return {"call": "trump", "suit": word[6:]}
        if a is not None and word == "bid":
            for tricks in (9, 10, 11, 12):
                if a.rank[K.abondance(tricks)] > a.rank[a.high]:
                    return {"call": "abondance", "tricks": tricks}
            return None
        if word in ("troel", "troela"):
            return None
        return Game.tag_call(self, match, seat, word)

    def random_call(self, match, hands, rng):
        """A random legal call from the real cards (rules/playout.py; loaded only then)."""
        from .random_play import random_call
        return random_call(self, match, hands, rng)

    def describe(self, auction):
        """The contract as plain data for `hand_end`, the snapshot and the views."""
        if auction.stage == PASSED:
            return {"contract": "pass"}
        out = {"contract": K.word(auction.high), "declarers": seats_of(auction.declarers),
               "trump": None if auction.trump is None else C.suit_name(auction.trump)}
        if K.TARGET[auction.high] or auction.target:
            out["target"] = auction.contract_target()
        if auction.partner >= 0:
            out["partner"] = auction.partner
        return out


def seats_of(bits):
    """The seats of a bit set, lowest first."""
    return [s for s in range(4) if (bits >> s) & 1]


class Session:
    """What a Wiezen session carries from deal to deal, on the match (`match.series`)."""

    def __init__(self):
        self.deals = 0          # deals played with a contract
        self.passed = False     # an all-pass waits to double the next deal (`all_pass` double)
        self.proofs = Proofs()  # made once, reset per deal: the per-card proofs allocate nothing
        self.rule = None        # the rule word the card just played proves (game_violation)
        self.end_rule = None    # the rule word the hand's end proves (mee-suit)
        self.show = 0           # a bit per open miserie declarer whose hand is due (phase SHOW)
        self.bound = None       # the C core's handle while a troel hand is the game's own
