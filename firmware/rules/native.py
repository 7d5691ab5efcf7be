"""The C rule core, when it can be imported: `tapete_core` (a native .mpy on the Pico,
a CPython extension on the desktop; firmware/native/README.md).

The Game classes keep the pure-Python rules (`legal_into`, `forbid_into`): they are
the reference the C core is tested against. The match's hot path goes through
`game.hot`, which is the C core bound to the game when it is importable and the game
itself otherwise. Both give identical answers (tests/native compares them on
thousands of random positions of every game), so nothing else needs to know which
one runs.

The core reads a game as a descriptor: the game's own card tables and description
written into a bytearray (layout: firmware/native/core/tapete_desc.h, whose offsets are
the constants below; a test compares the two). It is made once per game and
rewritten in place when the game's tables change (`retable`, from `set_trump`), so a
play allocates nothing. Every game is bound the same way: nothing here knows a game
by name.

Set `ENABLED = False` before creating games to force the pure-Python path.
"""
try:
    import tapete_core as core
except ImportError:
    core = None

ENABLED = core is not None

# The descriptor (firmware/native/core/tapete_desc.h).
MAGIC = 0x54
VERSION = 2
SIZE = 152
D_MAGIC = 0
D_VERSION = 1
D_DUTIES = 2
D_SEATS = 4
D_STEP = 5
D_FLAGS = 6
D_TRICK_POINT = 7
D_LAST_TRICK = 8
D_HAND_SIZE = 9
D_TEAM = 12
D_STRENGTH = 24
D_POINTS = 88
SUITLESS = 1
DRAWS = 2
MAX_SEATS = 12


def describe(game, desc=None):
    """Write `game`'s description into `desc` (a bytearray of SIZE bytes, made when
    None) and return it: its duties, seats, direction and teams, trick and last-trick
    points, and its card tables as they stand (rules/game.py)."""
    if desc is None:
        desc = bytearray(SIZE)
    seats = game.seats
    desc[D_MAGIC] = MAGIC
    desc[D_VERSION] = VERSION
    desc[D_DUTIES] = game.duties & 255
    desc[D_DUTIES + 1] = game.duties >> 8
    desc[D_SEATS] = seats
    desc[D_STEP] = 1 if game.direction == 1 else seats - 1
    desc[D_FLAGS] = (SUITLESS if game.suitless else 0) | (DRAWS if game.draws else 0)
    desc[D_TRICK_POINT] = game.trick_point
    desc[D_LAST_TRICK] = game.last_trick
    desc[D_HAND_SIZE] = game.hand_size
    for s in range(MAX_SEATS):
        desc[D_TEAM + s] = game.team_of[s] if s < seats else 0
    strength = game.strength
    points = game.points_of
    for c in range(64):
        desc[D_STRENGTH + c] = strength[c]
        desc[D_POINTS + c] = points[c]
    return desc


def fits(game):
    """True when the core can take `game` (seats, hand size, values in a byte)."""
    return 2 <= game.seats <= MAX_SEATS and game.hand_size <= 16 and game.trick_point < 256 \
        and game.last_trick < 256 and game.duties & ~2048 < 1024    # 2048: TRUMP_LEAD


class Native:
    """Stands in when there is no core (so isinstance checks still work)."""


if core is not None:    # the class costs heap: define it only where it can be used
    class Native:  # noqa: F811 (the real one)
        """A game's handle on the C core: the same hooks as a Game, answered in C."""

        def __init__(self, game):
            self.desc = describe(game)

        def retable(self, game):
            """The game's tables changed (its trump was fixed): rewrite the descriptor
            in place."""
            describe(game, self.desc)

        def legal_into(self, hand, trick, out):
            """The legal suit sets for `hand` in `trick`, into `out`."""
            core.legal(self.desc, trick.trump, trick.leader, trick.n, trick.cards, trick.led_suits,
                       hand, out)

        def forbid_into(self, c, trick, out):
            """The holdings that would make playing `c` illegal, by rule, into `out`."""
            core.forbidden(self.desc, trick.trump, trick.leader, trick.n, trick.cards,
                           trick.led_suits, c, out)


def bind(game):
    """The object that answers `game`'s hot questions: the C core or the game."""
    if ENABLED and core is not None and getattr(core, "DESC_VERSION", 0) == VERSION and fits(game):
        return Native(game)
    return game
