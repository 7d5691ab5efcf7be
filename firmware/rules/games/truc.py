"""Truc (seed 004): 40 cards ranked 3 2 A K Q J 7 6 5 4 whatever their suit, no duty
to follow, drawn tricks, truc and retruc, eleven, twelve wins.

Readings chosen where the text is silent:
- Hands: 3 cards each; 1 card each when the `deal` event says `cards: 1` and
  `cut: false` (the text: "if the cut was refused, the dealer has the option"), never
  after a cut (`cut` absent or true) nor when a side has eleven.
- A trick goes to the highest card; equal highest cards of two opponents draw it
  (nobody wins it) and its leader leads again; equal cards of partners: the first
  played wins. The hand ends as soon as no trick still to play can change its
  winner; the side that won more tricks wins it, and a level count (drawn tricks
  included) goes to the dealer's opponents. The dealer's right leads; play and the
  deal go to the right (anticlockwise).
- Raising: `truc` (to 2) by the seat whose turn it is, before playing, or by the
  seat that has just played, while it is still that trick ("either before or after
  playing a card"); `retruc` (to 3) likewise, only by an opponent of the side that
  called truc and only once truc is accepted, on that trick or a later one. A seat
  that raised before playing still plays its own card of that turn. The next player
  in turn after the raiser answers (the text: "the next player in turn may either
  accept ... or reject"; option `answer` "next"): `accept`, `reject` (ends the hand:
  the raisers score the last agreed amount, 1 after a truc, 2 after a retruc), or
  the other side's seat to play plays a card, which accepts. Option `answer` "side":
  any seat of the other side may answer (the table's earlier reading, kept for
  tables that play so). While a raise awaits its answer the raising side
  plays no other card. A raise still unanswered when the hand ends (the raiser's
  card was its last) was never accepted: the hand keeps its agreed stake.
- Eleven: a side alone at eleven decides, after looking at its cards, `play` (the
  hand is worth 3; no raising) or `fold` (the opponents score 1, the hand's plain
  value). A card it plays is its choice to play; the opponents may lead meanwhile
  (the dealer's right leads), and the side may fold until its first card. Both at
  eleven: the hand is played as usual, without raising, and its winner reaches
  twelve. Twelve wins the match (`target`).
- "Eleven" is one point short of the target: `target - 1` (11 at the text's 12, 23
  when a table plays to 24), so the eleven rules keep their meaning at any target.
"""
from .. import cards as C
from ..duties import OUT_OF_TURN
from ..errors import EventError, OrderError
from ..game import Game
from ..phases import CALLS, PLAY
from ..stakes import Stakes

LADDER = (1, 2, 3)


class Truc(Game):
    """Truc for four players in two partnerships."""

    name = "truc"
    title = "Truc"
    faces = (3, 2, 1, 13, 12, 11, 7, 6, 5, 4)      # high to low, whatever the suit
    pack = "spanish40"
    direction = -1
    hand_size = 3
    turnup = False
    STAGES = ("deal", "calls", "tricks", "score")     # the talk: a side at eleven decides; raises go on in play
    suitless = True
    draws = True
    target = 12
    calls = ("truc", "retruc", "accept", "reject", "play", "fold")
    claims = False
    play_hook = True
    OPTIONS = {
        "target": (12, int, "points that win the match"),
        "answer": ("next", ("next", "side"), "a truc or retruc is answered by the next player in "
                   "turn (the text) or by any seat of the other side"),
    }

    def deal_size(self, match, ev):
        n = ev.get("cards")
        if n is None or n == 3:
            return 3
        if n != 1:
            raise EventError("truc deals 3 cards each, or 1 when the cut was refused; got cards="
                             + repr(n))
        cut = ev.get("cut")
        if cut is not False:
            raise EventError("one card each only when the cut was refused (cut: false), got cut="
                             + repr(cut))
        if self.at_eleven(match.totals):
            raise EventError("a side has " + str(self.eleven) + ": a full three-card hand must be dealt")
        return 1

    def prepare(self):
        self.eleven = self.target - 1        # "a score of eleven" at the text's twelve
        self.answer = self.options.get("answer", "next")

    def at_eleven(self, totals):
        """True when a side is one point short of the target."""
        return totals[0] == self.eleven or totals[1] == self.eleven

    def begin_hand(self, match):
        t = match.ctx.talk = Talk(match.totals, self.eleven)
        match.ctx.stake = 3 if t.deciding >= 0 else LADDER[0]
        return CALLS if t.deciding >= 0 else PLAY

    def awaiting(self, match):
        t = match.ctx.talk
        if t is None:
            return 0
        if t.deciding >= 0 and match.phase == CALLS:
            return self.side_bits(t.deciding)
        if t.stakes.pending:
            if self.answer == "next":
                return 1 << self.next_seat(t.raise_seat)
            return self.side_bits(1 - t.stakes.raiser)
        return 0

    def on_call(self, match, seat, word, ev):
        t = match.ctx.talk
        team = self.team_of[seat]
        st = t.stakes
        if word in ("play", "fold"):
            if t.deciding < 0:
                raise OrderError(word + ": no side at eleven is deciding")
            if team != t.deciding:
                raise OrderError("seat " + str(seat) + " may not " + word + ": the side at eleven decides")
            t.deciding = -1
            if word == "fold":
                return match.end_hand(1 - team, "fold")
            if match.phase == CALLS:
                match._start_play(C.NO_TRUMP)     # Truc has no trump
                match.phase = PLAY
            return []
        if match.phase != PLAY:
            raise OrderError(word + " before the hand is played")
        if word in ("truc", "retruc"):
            if t.eleven:
                raise OrderError("no " + word + " in a hand played at eleven")
            if word == "truc" and (st.step != 0 or st.pending):
                raise OrderError("truc is already called in hand " + str(match.hand_no))
            if word == "retruc":
                if st.step != 1 or st.pending:
                    raise OrderError("retruc comes only after an accepted truc")
                if team == t.truc_team:
                    raise OrderError("only an opponent of the side that called truc may call retruc")
            trick = match.trick
            just_played = trick.n and trick.seats[trick.n - 1] == seat
            if seat != trick.to_play and not just_played:
                raise OrderError("seat " + str(seat) + " may not call " + word
                                 + ": it is seat " + str(trick.to_play) + "'s turn")
            if word == "truc":
                t.truc_team = team
            st.propose(team)
            t.raise_seat = seat
            t.card_to_come = seat if seat == trick.to_play else -1
            return []
        if self.answer == "next" and st.pending and team != st.raiser:
            nxt = self.next_seat(t.raise_seat)
            if seat != nxt:
                raise OrderError("seat " + str(seat) + " may not " + word + ": the next player in turn, seat "
                                 + str(nxt) + ", answers the raise")
        return st.answer(match, team, word,
                         "seat " + str(seat) + "'s side made the raise; the other side answers")

    def play_opens(self, match, seat, c):
        """The side at eleven is deciding: the first lead opens play (see before_play)."""
        t = match.ctx.talk
        if t.deciding < 0 or seat != self.first_leader(match.dealer) or not self.in_deck(c):
            return False
        match._start_play(C.NO_TRUMP)
        match.phase = PLAY
        return True

    def before_play(self, match, seat, c):
        """A raise awaiting its answer: the answering side's card accepts it; the
        raising side waits, but for the raiser's own card of the turn it raised in.
        The side at eleven's first card is its choice to play."""
        t = match.ctx.talk
        st = t.stakes
        if st.pending:
            if seat == t.card_to_come:
                t.card_to_come = -1
            elif self.team_of[seat] == st.raiser:
                return OUT_OF_TURN
            else:
                st.accept()
                match.ctx.stake = st.accepted
        if t.deciding == self.team_of[seat]:
            t.deciding = -1
        return 0

    def condoning(self, match, seat):
        """A card of the side asked accepts the raise (the seed), also when it is played
        on to a lead made before the answer: the lead stands, the raise is accepted."""
        st = match.ctx.talk.stakes
        if st.pending and self.team_of[seat] != st.raiser:
            st.accept()
            match.ctx.stake = st.accepted

    def after_play(self, match, seat, c):
        return -1

    def decided(self, match):
        """The hand's winner once no trick still to play can change it, else -1."""
        done = match.trick.number
        a, b = match.tricks_won[0], match.tricks_won[1]
        left = match.hand_tricks - done
        first = -1
        for outcome in range(3 ** left):
            x, y = a, b
            for _ in range(left):
                r = outcome % 3
                outcome //= 3
                if r == 0:
                    x += 1
                elif r == 1:
                    y += 1
            w = self._winner(match, x, y)
            if first < 0:
                first = w
            elif w != first:
                return -1
        return first

    def _winner(self, match, a, b):
        """The winning team with these trick counts: more tricks, or the dealer's
        opponents when level."""
        if a != b:
            return 0 if a > b else 1
        return 1 - self.team_of[match.dealer]

    # -- scoring -------------------------------------------------------------------------
    def hand_points_into(self, match, out):
        out[0] = match.tricks_won[0]
        out[1] = match.tricks_won[1]

    def hand_score_into(self, match, points, out):
        ctx = match.ctx
        t = ctx.talk
        out[0] = out[1] = 0
        w = ctx.winner
        if w < 0:
            w = self._winner(match, points[0], points[1])
        if ctx.ended == "fold":
            value = 1
        elif ctx.ended == "reject":
            value = t.stakes.accepted
        elif t.both_eleven:
            value = self.target - match.totals[w]
        elif t.eleven:
            value = 3
        else:
            value = t.stakes.accepted
        out[w] = value
        t.value = value

    def hand_extra(self, match, out):
        t = match.ctx.talk
        out["stake"] = t.value
        out["cards"] = match.hand_cards

    def context(self, match, out):
        """For displays: the stake, a raise awaiting its answer, the sides at eleven
        (as their seats)."""
        t = match.ctx.talk
        if t is None:
            return
        out["stake"] = 3 if t.eleven and not t.both_eleven else t.stakes.accepted
        if t.stakes.pending:
            out["proposed"] = t.stakes.proposed
        if t.eleven:
            out["eleven"] = [s for s in range(self.seats) if match.totals[self.team_of[s]] == self.eleven]

    # -- random play (rules/playout.py) ---------------------------------------------------
    def random_call(self, match, hands, rng):
        t = match.ctx.talk
        if t is None:
            return None
        if match.phase == CALLS and t.deciding >= 0:
            seat = [s for s in range(self.seats) if self.team_of[s] == t.deciding][rng.getrandbits(1)]
            return {"ev": "call", "seat": seat, "call": "fold" if rng.getrandbits(3) == 0 else "play"}
        if match.phase != PLAY:
            return None
        st = t.stakes
        seat = match.trick.to_play
        if st.pending:
            if self.team_of[seat] != st.raiser and rng.getrandbits(1):
                return None                 # the card played accepts
            answer = [s for s in range(self.seats) if self.team_of[s] != st.raiser][rng.getrandbits(1)]
            if self.answer == "next":
                answer = self.next_seat(t.raise_seat)
            return {"ev": "call", "seat": answer, "call": "reject" if rng.getrandbits(2) == 0 else "accept"}
        if t.eleven or rng.getrandbits(3):
            return None
        if st.step == 0:
            return {"ev": "call", "seat": seat, "call": "truc"}
        if st.step == 1 and self.team_of[seat] != t.truc_team:
            return {"ev": "call", "seat": seat, "call": "retruc"}
        return None

    def random_deal_size(self, match, rng):
        if self.at_eleven(match.totals):
            return None
        return 1 if rng.getrandbits(2) == 0 else None


class Talk:
    """The calls of one Truc hand."""

    def __init__(self, totals, eleven):
        at = [totals[0] == eleven, totals[1] == eleven]
        self.eleven = at[0] or at[1]
        self.both_eleven = at[0] and at[1]
        self.deciding = (0 if at[0] else 1) if self.eleven and not self.both_eleven else -1
        self.stakes = Stakes(LADDER)
        self.truc_team = -1
        self.raise_seat = -1        # the seat that made the last raise
        self.card_to_come = -1      # the seat that raised before its card, until it plays it
        self.value = None
