"""Envite (seed 004): 4 to 12 players in two teams, 3 cards each, an enlarged trump
suit, stakes raised by the captains, trawling, lying down at eleven, best of three.

Readings chosen where the text is silent:
- Seats: the teams alternate round the table (team = seat % 2), so the table has an
  even number of seats, 4 to 12; with an odd number of players one seat is a dummy
  that its team's captain plays (option `dummy`: that seat; it never calls).
  Captains (option `captains`: team 0's seat, team 1's seat; default seats 0 and
  1) make every call of their team.
- Ranking: the trump suit's own cards rank 2 K Q J A 7 6 5 4 3; the cards the text
  adds for more players per side rank above them in the listed order and belong to
  the trump suit whatever suit is printed (they follow trumps, and not their
  printed suit). A card listed twice (the 2 of diamonds when diamonds are trumps,
  with five a side) ranks once, at its higher place. Plain suits rank K Q J A 7 6 5
  4 3 2. The card turned up from the stock fixes trump and is out of play.
- Play: the dealer's right leads; play and the deal go to the right
  (anticlockwise). Follow suit when able (the added trumps follow trumps);
  otherwise any card. The first team to win two tricks wins the hand.
- Trawling: when trumps are led, everyone able must play a trump. A player who does
  not play one makes their team lose the hand at once: the opponents score the
  hand's stake plus 2 stones (`ended` "trawl"). The table cannot see hands, so it
  takes the non-trump as the player's word that they had none: the hand ends either
  way, and if the player did hold a trump the violation `trawl` is proven at the
  play when the table knew the hand, or later when the player lays down the cards
  still held (a `hand` event for that seat before the next deal: the evidence of a
  later trump, as a claim's shown cards are).
- Stakes: a hand is worth 2 stones. A captain raises (`raise`) to 4, then 7, 9 and
  the whole game; the other captain accepts (`accept`), rejects (`reject`: the
  raisers win the hand at the last accepted stake) or raises further (accepting the
  raise it answers). Either captain may make the first raise; after that only the
  side that accepted the last raise may raise again. Raises may come at any time
  while the hand is played (the seed: a negotiation, with signals); while a raise
  awaits its answer, no card may be played. A hand won at the whole game wins the
  game.
- Lying down: at 11 a team ignores further points (it stays at 11 until it wins the
  game) and is lying down. When one team lies down there is no raising: after the
  turn-up its captain calls `play` or `fold` (fold: the opponents score 1); a card
  played by one of its seats is its choice to play (the seed: the captain "chooses
  whether or not to forfeit"; playing is that choice). The opponents may lead
  meanwhile (the dealer's right leads), and the captain may fold until the team's
  first card. Played,
  the lying team wins the game by winning the hand, or the opponents score 3 (5 with
  a failed trawl). When both lie down the hand is played and its winner takes the
  game. Twelve wins a game; a match is the best of `games` (3) games, and the totals
  start again from 0 after each game.
"""
from .. import cards as C
from ..duties import FOLLOW, OUT_OF_TURN, TRAWL
from ..errors import EventError, OrderError
from ..game import Game
from ..phases import CALLS, PLAY, TURNUP
from ..stakes import Stakes

GAME = "game"       # the whole game as a stake
LADDER = (2, 4, 7, 9, GAME)
WIN = 12            # stones that win a game
LYING = 11
PLAIN = (13, 12, 11, 1, 7, 6, 5, 4, 3, 2)     # high to low
TRUMPS = (2, 13, 12, 11, 1, 7, 6, 5, 4, 3)    # the trump suit's own cards, high to low
# The cards added above the trumps, highest first, by players per side (printed
# codes suit*16 + face-1 with S=0 H=1 D=2 C=3: 3C=50, QC=59, JD=42, 5D=36, 2D=33, AD=32).
ADDED = {2: (), 3: (50, 59, 42), 4: (36, 50, 59, 42), 5: (33, 36, 50, 59, 42),
         6: (32, 33, 36, 50, 59, 42)}
FREE_SLOTS = (7, 8, 9, 13, 14, 15)   # slots of a suit with no card in the Spanish 40


class Envite(Game):
    """Envite for 4 to 12 seats in two teams."""

    name = "envite"
    title = "Envite"
    seats = 4
    seat_counts = (4, 6, 8, 10, 12)
    faces = PLAIN
    pack = "spanish40"
    direction = -1
    duties = FOLLOW | TRAWL
    hand_size = 3
    turnup_held = False
    STAGES = ("deal", "turnup", "calls", "tricks", "score")   # the talk only when a side is deciding (after_trump)
    target = WIN
    calls = ("raise", "accept", "reject", "play", "fold")
    claims = False
    play_hook = True
    OPTIONS = {
        "captains": (None, "seats", "the seat of each team's captain (default: seats 0 and 1)"),
        "dummy": (None, "seat", "a seat played by its team's captain (odd numbers of players)"),
        "games": (3, int, "the match is the best of this many games"),
    }
    PRESETS = ({}, {"games": 1})

    def prepare(self):
        o = self.options
        self.captains = o.get("captains") or [0, 1]
        self.dummy = o.get("dummy")
        if len(self.captains) != 2:
            raise EventError("option captains is one seat per team, got " + repr(self.captains))
        for team in range(2):
            c = self.captains[team]
            if not 0 <= c < self.seats or c % 2 != team or c == self.dummy:
                raise EventError("option captains: team " + str(team) + "'s captain must be one of its "
                                 "own seats (not the dummy), got " + repr(c))
        if self.dummy is not None and not 0 <= self.dummy < self.seats:
            raise EventError("option dummy must be a seat 0.." + str(self.seats - 1) + ", got "
                             + repr(self.dummy))
        self.need = self.options.get("games", 3) // 2 + 1

    def set_trump(self, trump):
        """The hand's ranking: plain suits, the trump suit, and the added trumps moved
        into free slots of the trump suit (`inner` / `outer`)."""
        strength = self.strength
        for c in range(64):
            strength[c] = 0
        inner = bytearray(range(64))
        outer = bytearray(range(64))
        for s in range(4):
            order = TRUMPS if s == trump else PLAIN
            n = len(order)
            for i in range(n):
                strength[s * 16 + order[i] - 1] = n - i
        added = ADDED[self.seats // 2]
        free = 0
        top = len(TRUMPS) + len(added)
        for k in range(len(added)):
            p = added[k]
            if p >> 4 == trump:
                code = p
            else:
                code = trump * 16 + FREE_SLOTS[free]
                free += 1
                strength[p] = 0
                inner[p] = code
                outer[code] = p
            strength[code] = top - k
        self.inner = inner
        self.outer = outer
        self.finish_tables()
        self.hot.retable(self) if hasattr(self.hot, "retable") else None

    # -- the hand ----------------------------------------------------------------------
    def begin_hand(self, match):
        if match.totals[0] >= WIN or match.totals[1] >= WIN:
            match.totals[0] = match.totals[1] = 0      # the last hand won a game: a new one
        match.ctx.talk = Talk(match.totals)
        match.ctx.stake = LADDER[0]
        return TURNUP

    def after_trump(self, match):
        t = match.ctx.talk
        return CALLS if t.deciding >= 0 else PLAY

    def captain(self, team):
        return self.captains[team]

    def awaiting(self, match):
        t = match.ctx.talk
        if t is None:
            return 0
        if t.deciding >= 0 and match.phase == CALLS:
            return 1 << self.captains[t.deciding]
        if t.stakes.pending:
            return 1 << self.captains[1 - t.stakes.raiser]
        return 0

    def on_call(self, match, seat, word, ev):
        t = match.ctx.talk
        if seat not in self.captains:
            raise OrderError("seat " + str(seat) + " is not a captain: in Envite the captains ("
                             + " and ".join("seat " + str(c) for c in self.captains) + ") speak")
        team = self.team_of[seat]
        st = t.stakes
        if word in ("play", "fold"):
            if t.deciding < 0 or match.phase not in (CALLS, PLAY):
                raise OrderError(word + ": no team is lying down waiting to decide")
            if team != t.deciding:
                raise OrderError("seat " + str(seat) + " may not " + word + ": team " + str(t.deciding)
                                 + " is lying down and decides")
            t.deciding = -1
            if word == "fold":
                return match.end_hand(1 - team, "fold")
            match.phase = PLAY
            return []
        if match.phase != PLAY:
            raise OrderError(word + " before the hand is played")
        if t.lying[0] or t.lying[1]:
            raise OrderError("no raising while a team is lying down")
        if word == "raise":
            if st.pending:
                if team == st.raiser:
                    raise OrderError("team " + str(team) + "'s raise awaits its answer")
                if st.step + 2 >= len(st.ladder):
                    raise OrderError("nothing above " + _stake_text(st.proposed) + " to raise to")
                st.accept()             # raising the answer accepts the raise
            elif not st.can_raise():
                raise OrderError("nothing above " + _stake_text(st.accepted) + " to raise to")
            elif st.raises and team == st.raiser:
                raise OrderError("team " + str(team) + " raised last: only the other captain may raise now")
            st.propose(team)
            match.ctx.stake = st.accepted
            return []
        return st.answer(match, team, word,
                         "team " + str(team) + " made the raise; the other captain answers")

    def play_opens(self, match, seat, c):
        """A team lies down and its captain has not decided: the lead opens play (a
        lying seat's card is the team's choice to play: before_play)."""
        t = match.ctx.talk
        if t.deciding < 0 or seat != match.trick.to_play or not self.in_deck(c):
            return False
        match.phase = PLAY
        return True

    def before_play(self, match, seat, c):
        t = match.ctx.talk
        if t.stakes.pending:
            return OUT_OF_TURN      # an answer comes first
        if t.deciding == self.team_of[seat]:
            t.deciding = -1         # the lying team plays: it has chosen to play
        return 0

    def after_play(self, match, seat, c):
        """A trump led and not followed with a trump: that team loses the hand."""
        trick = match.trick
        if trick.n > 1 and trick.led == trick.trump and c >> 4 != trick.trump:
            match.ctx.ended = "trawl"
            return 1 - self.team_of[seat]
        return -1

    def decided(self, match):
        """The first team to win two tricks wins the hand."""
        for team in range(2):
            if match.tricks_won[team] >= 2:
                return team
        return -1

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
            w = 0 if points[0] > points[1] else 1
        ended = ctx.ended
        if ended == "fold":
            value = 1
        elif ended == "reject":
            value = t.stakes.accepted
        elif t.lying[0] and t.lying[1]:
            value = GAME
        elif t.lying[0] or t.lying[1]:
            value = GAME if t.lying[w] else 3
        else:
            value = t.stakes.accepted
        t.stake = value                     # what the hand was played for
        if ended == "trawl" and value != GAME:
            value += 2                      # the trawl's two stones on top
        t.value = value
        total = match.totals[w]
        if value == GAME:
            out[w] = WIN - total
        else:
            out[w] = min(value, LYING - total) if total < WIN else 0    # past 11 is ignored

    def settle(self, match):
        totals = match.totals
        for team in range(2):
            totals[team] += match.score[team]
        for team in range(2):
            if totals[team] >= WIN:
                match.games_won[team] += 1
                if match.games_won[team] >= self.need:
                    match.end_reason = "games"
                    return team
        return -1

    def hand_extra(self, match, out):
        t = match.ctx.talk
        out["stake"] = t.stake if t.stake is not None else t.stakes.accepted
        if t.value is not None and t.value != t.stake:
            out["value"] = t.value
        out["games"] = list(match.games_won)
        if t.lying[0] or t.lying[1]:
            out["lying"] = list(t.lying)

    def context(self, match, out):
        """For displays: the stake, a raise awaiting its answer, the teams lying
        down (as their seats), the games won."""
        t = match.ctx.talk
        out["games"] = list(match.games_won)
        if t is None:
            return
        out["stake"] = t.stakes.accepted
        if t.stakes.pending:
            out["proposed"] = t.stakes.proposed
        lying = [s for s in range(self.seats) if t.lying[self.team_of[s]]]
        if lying:
            out["lying"] = lying

    # -- random play (rules/playout.py) ---------------------------------------------------
    def random_call(self, match, hands, rng):
        t = match.ctx.talk
        if t is None:
            return None
        if match.phase == CALLS and t.deciding >= 0:
            word = "fold" if rng.getrandbits(3) == 0 else "play"
            return {"ev": "call", "seat": self.captains[t.deciding], "call": word}
        if match.phase != PLAY or t.lying[0] or t.lying[1]:
            return None
        st = t.stakes
        if st.pending:
            r = rng.getrandbits(3)
            word = "reject" if r == 0 else "raise" if r == 1 and st.step + 2 < len(st.ladder) else "accept"
            return {"ev": "call", "seat": self.captains[1 - st.raiser], "call": word}
        if st.can_raise() and rng.getrandbits(3) == 0:
            team = rng.getrandbits(1) if not st.raises else 1 - st.raiser
            return {"ev": "call", "seat": self.captains[team], "call": "raise"}
        return None

    def random_deal_size(self, match, rng):
        return None


class Talk:
    """The calls of one Envite hand."""

    def __init__(self, totals):
        self.lying = [totals[0] == LYING, totals[1] == LYING]
        self.deciding = -1          # the lying team that must call play or fold
        if self.lying[0] != self.lying[1]:
            self.deciding = 0 if self.lying[0] else 1
        self.stakes = Stakes(LADDER)
        self.stake = None           # what the hand was played for
        self.value = None           # what it was scored at (a trawl adds 2)


def _stake_text(v):
    return "the whole game" if v == GAME else str(v) + " stones"
