"""Every game, variant and seat count the C core must agree on with the Python rules.

Each entry makes a random instance of a game (options, seats, direction) and picks a
trump the game can have. The registry's games are used when their modules are there;
beside them stand descriptions written here, one per combination of duties the
engine knows (the games of seed 004 as the issue states them), so the differential
tests cover every duty even before (or apart from) a game's own file. Runs under
CPython and MicroPython alike.
"""
try:
    from tapete.rules import cards as C
    from tapete.rules import duties as D
    from tapete.rules.games import envite as E
    from tapete.rules import games
    from tapete.rules.game import Game
except ImportError:                     # MicroPython: the rule module is `rules`
    from rules import cards as C
    from rules import duties as D
    from rules.games import envite as E
    from rules import games
    from rules.game import Game

NO_TRUMP = C.NO_TRUMP


class HeadLowCard(Game):
    """Botifarra's duties: 48 cards 9 high, follow, head unless the partner wins, the
    low-card rule, 1 point a trick."""

    name = "botifarra-like"
    faces = (9, 1, 13, 12, 11, 8, 7, 6, 5, 4, 3, 2)
    face_points = {9: 5, 1: 4, 13: 3, 12: 2, 11: 1}
    direction = -1
    duties = D.FOLLOW | D.HEAD_OPPONENT | D.LOW_CARD
    trick_point = 1


class HeadTrumpUnder(Game):
    """Tute's duties: follow, always head, trump, overtrump, under-trump; 10 for the
    last trick."""

    name = "tute-like"
    faces = (1, 3, 13, 12, 11, 7, 6, 5, 4, 2)
    face_points = {1: 11, 3: 10, 13: 4, 12: 3, 11: 2}
    direction = -1
    duties = D.FOLLOW | D.HEAD_ALWAYS | D.TRUMP | D.OVERTRUMP | D.UNDERTRUMP
    last_trick = 10


# Envite's added trumps by players per side and the free slots they move to: the
# game's own tables (rules/games/envite.py), never a copy, so that the C core is checked
# against Envite's real ranking.
ADDED = E.ADDED
FREE_SLOTS = E.FREE_SLOTS


class EnlargedTrawl(Game):
    """Envite's play: 4 to 12 seats, 3 cards each, follow, trawl; the trump suit
    enlarged by cards of other suits moved onto its free slots."""

    name = "envite-like"
    seat_counts = (4, 6, 8, 10, 12)
    faces = E.PLAIN
    trumps = E.TRUMPS
    direction = -1
    duties = D.FOLLOW | D.TRAWL
    hand_size = 3

    def set_trump(self, trump):
        strength = self.strength
        for c in range(64):
            strength[c] = 0
        inner = bytearray(range(64))
        outer = bytearray(range(64))
        for s in range(4):
            order = self.trumps if s == trump else self.faces
            for i in range(len(order)):
                strength[s * 16 + order[i] - 1] = len(order) - i
        added = ADDED[self.seats // 2]
        top = len(self.trumps) + len(added)
        free = 0
        for k in range(len(added)):
            p = added[k]
            code = p
            if p >> 4 != trump:
                code = trump * 16 + FREE_SLOTS[free]
                free += 1
                strength[p] = 0
                inner[p] = code
                outer[code] = p
            strength[code] = top - k
        self.inner = inner
        self.outer = outer
        self.finish_tables()
        if hasattr(self.hot, "retable"):
            self.hot.retable(self)


class SuitlessDraws(Game):
    """Truc's play: ranks whatever the suit, no duty, equal cards of opponents draw."""

    name = "truc-like"
    faces = (3, 2, 1, 13, 12, 11, 7, 6, 5, 4)
    direction = -1
    hand_size = 3
    suitless = True
    draws = True


class ThreeEachAlone(Game):
    """A three-handed table, each for themselves, with Manille's duties and a
    last-trick point: teams that are not seat % 2."""

    name = "alone-like"
    seats = 3
    seat_counts = (3,)
    each_for_self = True
    faces = (10, 1, 13, 12, 11, 9, 8, 7, 6, 5, 4, 3)      # 48 cards: 16 each
    face_points = {10: 5, 1: 4, 13: 3, 12: 2, 11: 1}
    duties = D.FOLLOW | D.TRUMP | D.OVERTRUMP
    last_trick = 1


def _real(name):
    """The registry's game class, or None while its module is not written."""
    try:
        return games.game_class(name)
    except ImportError:
        return None


def _direction(rng):
    return {"direction": ("cw", "ccw")[rng.below(2)]}


def _malilla(rng):
    return games.get("malilla", _direction(rng)), rng.below(4)


def _manille(rng):
    opts = _direction(rng)
    opts["deck"] = ("piquet32", "spanish40", "mexican40")[rng.below(3)]
    opts["partner_exemption"] = rng.below(2) == 1
    opts["last_trick_bonus"] = rng.below(2) == 1
    opts["beat_in_suit"] = rng.below(2) == 1
    return games.get("manille", opts, 3 + rng.below(2)), rng.below(4)


def _stand_in(cls, trumps):
    def make(rng):
        seats = cls.seat_counts[rng.below(len(cls.seat_counts))]
        return cls(_direction(rng), seats), trumps[rng.below(len(trumps))]
    return make


def _registry(name, trumps):
    def make(rng):
        cls = _real(name)
        seats = cls.seat_counts[rng.below(len(cls.seat_counts))]
        return games.get(name, {}, seats), trumps[rng.below(len(trumps))]
    return make


ALL_TRUMPS = (0, 1, 2, 3, NO_TRUMP)
SUITS = (0, 1, 2, 3)

# name -> make(rng) -> (game, trump)
MAKERS = {
    "malilla": _malilla,
    "manille": _manille,
    "botifarra-like": _stand_in(HeadLowCard, ALL_TRUMPS),
    "tute-like": _stand_in(HeadTrumpUnder, SUITS),
    "envite-like": _stand_in(EnlargedTrawl, SUITS),
    "truc-like": _stand_in(SuitlessDraws, (NO_TRUMP,)),
    "alone-like": _stand_in(ThreeEachAlone, ALL_TRUMPS),
}
for _name, _trumps in (("botifarra", ALL_TRUMPS), ("tute", SUITS), ("envite", SUITS),
                       ("truc", (NO_TRUMP,))):
    if _real(_name) is not None:
        MAKERS[_name] = _registry(_name, _trumps)

NAMES = tuple(sorted(MAKERS))


def make(name, rng):
    """A random instance of the game called `name` with its trump fixed for the hand
    (the tables, and the C core's descriptor, follow it): (game, trump)."""
    game, trump = MAKERS[name](rng)
    game.set_trump(trump)
    return game, trump
