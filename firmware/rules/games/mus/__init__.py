"""Mus (seed 004) as a game of the engine: a hand is the draw, four rounds of bets
and a showdown, with no tricks (rules/games/mus/hand.py has the hand and every reading
of the text; rules/games/mus/hands.py the showdown's comparisons).

The hand is stages of the common driver (rules/stages.py), declared below: the draw,
the four lances (CALLS while the seats speak: the draw and discards, the
declarations and the betting), the showdown (SHOW: each seat's `hand` event), the
score. The match deals, walks the stages, keeps the totals (the hand's score is added
to them when it ends), and writes `hand_end` and `match_end`; each `call` of a hand
and each `hand` event of its showdown goes to the MusHand, the hand's `talk`, which
plays by this description (its options, read once by the engine, its seat order and
its teams) and says when the stage in play is over. `claim` and `concede`
have no tricks to act on: the engine refuses them outside PLAY, where Mus never is.

A hand played alone, outside a match (tests, benches, random playouts), is made
here too, by `hand_alone`: it plays by a description made from its options
(`description`), as a match's would. It lives here and not in rules/games/mus/hand.py,
which this file imports, so that no import goes back the other way.
"""
from ...errors import OrderError
from ...game import Game
from ...context import HandContext
from ...phases import CALLS, DEAL
from ...stages import begin, next_stage
from . import hands as H
from .hand import CALL_WORDS, DECLARE, MusHand


class Mus(Game):
    """Mus for four players in two partnerships."""

    name = "mus"
    title = "Mus"
    faces = (13, 12, 11, 7, 6, 5, 4, 3, 2, 1)      # the pack (the showdown ranks its own way)
    pack = "spanish40"
    direction = -1          # "game play is always conducted to the right"
    hand_size = 4
    turnup = False
    # The hand's stages, run by the common driver (rules/stages.py `next_stage`): the
    # draw (mus or no mus, the discards), the four lances (grande, chica, pares, juego
    # or punto: the declarations and the betting), the showdown, the score. No trick
    # is played. The lances' contents are games/mus/hand.py's; `LANCES` names the
    # lance of each `calls` stage.
    STAGES = ("deal", "calls", "calls", "calls", "calls", "calls", "show", "score")
    LANCES = (None, None, H.GRANDE, H.CHICA, H.PARES, H.JUEGO)
    target = 40
    calls = CALL_WORDS
    claims = False
    OPTIONS = {
        "target": (40, int, "points that win the game"),
        "fold_bonus": (True, bool, "pares, juego and punto bonuses are paid also on a round won by a fold"),
        "lone_side": ("bet", ("bet", "only"), "a pares or juego round declared by one side alone is "
                      "bet by every seat (the text), or not bet and worth lone_stake (practice)"),
        "lone_stake": (1, (0, 1), "a pares or juego round declared by one side alone and not bet "
                       "(lone_side only) is worth this"),
        "bonus": ("best", ("best", "side"), "pares and juego bonuses: of the best player only "
                  "(the text) or of both partners (practice)"),
        "kings": (8, (8, 4), "8 kings and 8 aces (the text: the 3s count as kings, the 2s as aces) "
                  "or 4 of each"),
        "real31": (False, bool, "31 real (7 7 7 J) beats every other 31"),
    }
    PRESETS = ({}, {"lone_side": "only", "bonus": "side"})

    def begin_hand(self, match):
        """The hand plays by this description: its options, seats and teams. The
        first stage after the deal is the draw (CALLS)."""
        h = match.ctx.talk = MusHand(match.dealer, match.totals, hand=match.hand_no, game=self)
        h.match = match
        return begin(match)

    def enter_stage(self, match, i):
        """The driver enters stage `i`: a lance's talk, the showdown, the score."""
        h = match.ctx.talk
        word = self.stages[i]
        if word == "calls":
            return h.open(self.LANCES[i])
        if word == "show":
            h.showdown()
        else:
            h.scored()
        return []

    def prepare(self):
        self.kings = self.options.get("kings", 8)
        self.real31 = self.options.get("real31", False)

    def play_begun(self, match):
        """Mus plays no card: a misdeal is taken while the draw lasts (the hands may
        still change), and ruled by the law `late_misdeal` once the betting begins."""
        h = match.ctx.talk
        return h is not None and (h.phase != CALLS or h.stage >= DECLARE)

    def awaiting(self, match):
        h = match.ctx.talk
        if h is None or h.done:
            return 0
        bits = 0
        for s in h.awaiting()["seats"]:
            bits |= 1 << s
        return bits

    def on_call(self, match, seat, word, ev):
        """A call of the hand (the hand refuses it at the showdown, saying why)."""
        h = match.ctx.talk
        if h is None:
            raise OrderError("no Mus hand is being played: waiting for a 'deal'")
        return self._step(match, h.take(seat, word, ev))     # refused after its end, saying so

    def tag_call(self, match, seat, word):
        """Mus at the table: `yes` / `no` answer the declaration asked for (pares or
        juego); `bid` and `raise` propose the smallest amount allowed (more from the
        host)."""
        h = match.ctx.talk
        if h is None or h.done:
            return None
        w = h.awaiting()
        if word in ("yes", "no") and w["phase"] == "declare":
            return {"call": w["calls"][0], "has": word == "yes"}
        if word in ("bid", "raise") and w.get("min") is not None:
            return {"call": word, "amount": w["min"]}
        return {"call": word} if word in self.calls else None

    def on_show(self, match, seat, codes, ev):
        """A seat's hand laid down at the showdown (phase SHOW)."""
        return self._step(match, match.ctx.talk.lay(seat, ev.get("cards")))

    def _step(self, match, out):
        """The hand's derived events; when the stage in play is over, the driver's
        (the next stage entered, or the stage the hand skips to; the hand's end)."""
        h = match.ctx.talk
        if h.over:
            match.ctx.ended = h.ended
            out += next_stage(match, h.jump)
        return out

    def drive_alone(self, h):
        """A hand played alone (tests, benches, random playouts) is driven through the
        same stages by the same driver, with `Alone` in the match's place."""
        h.match = Alone(self, h)

    # -- scoring: what the MusHand paid --------------------------------------------------
    def hand_points_into(self, match, out):
        h = match.ctx.talk
        out[0] = h.score[0]
        out[1] = h.score[1]

    def hand_score_into(self, match, points, out):
        out[0] = points[0]
        out[1] = points[1]

    def settle(self, match):
        """The engine's settling (the score into the totals, the first side to the
        target wins: the hand stops paying there, so one side at most), and an
        órdago won wins the game whatever the totals."""
        w = Game.settle(self, match)
        h = match.ctx.talk
        if h.ended == "ordago" and h.winner is not None:
            match.end_reason = "ordago"
            return h.winner
        return w

    def hand_extra(self, match, out):
        h = match.ctx.talk
        out["rounds"] = [{"name": r["name"], "how": r["how"], "stake": r["stake"], "winner": r["winner"],
                          "bonus": r["bonus"], "points": r["points"]} for r in h.rounds]

    def context(self, match, out):
        """For displays: the round being bet and the stake proposed or agreed, and
        each closed round's bet."""
        h = match.ctx.talk
        if h is None:
            return
        c = h.context()
        out["round"] = c["round"] or c["phase"]
        stake = c.get("stake")
        if stake:
            if stake.get("proposed") is not None:
                out["proposed"] = stake["proposed"]
            if stake.get("accepted") is not None:
                out["stake"] = stake["accepted"]
        bets = [b["round"] + " " + str(b["stake"]) for b in c.get("bets", []) if b.get("stake")]
        if bets:
            out["bets"] = bets

    # -- random play (rules/playout.py) ---------------------------------------------------
    def random_call(self, match, hands, rng):
        """A random legal call (or showdown hand), played with the real cards: loaded
        from rules/games/mus/random_play.py, which the table itself never needs."""
        from .random_play import random_call
        return random_call(self, match, hands, rng)


class Alone:
    """The match's place for a hand played alone: what the driver (rules/stages.py)
    reads and writes, the hand as its talk; its score only closes the hand (the hand's
    own `score` and `totals` are the figures: no `hand_end`, as no match is kept)."""

    def __init__(self, game, h):
        self.game = game
        self.ctx = HandContext(2)
        self.ctx.talk = h
        self.phase = begin(self)

    def end_hand(self, team, reason):
        self.ctx.winner = team
        self.ctx.ended = reason
        self.phase = DEAL
        return []


def description(options=None, target=None):
    """The Mus description a hand alone plays by, from `options` (and `target`,
    which wins over the options' own): checked by the engine, EventError when wrong.
    Each set of options is made once."""
    opts = dict(options) if options else {}
    if target is not None:
        opts["target"] = target
    key = repr(sorted(opts.items()))
    game = _MADE.get(key)
    if game is None:
        game = Mus(opts)
        _MADE[key] = game
    return game


_MADE = {}      # descriptions made for hands alone, by their options: made once each


def hand_alone(dealer, totals=(0, 0), target=None, options=None, hand=None):
    """A MusHand played alone, outside a match: by the description of `options`
    (and `target`), as a match with those options would play it."""
    return MusHand(dealer, totals, hand, game=description(options, target))


def options_of(options):
    """Mus's options checked by the engine, with defaults filled in (the direction
    the game's, unless the options say)."""
    game = description(options)
    out = dict(game.options)
    out["direction"] = "cw" if game.direction == 1 else "ccw"
    return out


def next_dealer(dealer, direction="ccw"):
    """The next hand's dealer: the deal passes to the right (with the play)."""
    return description({"direction": direction}).next_dealer(dealer)
