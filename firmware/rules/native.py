"""The C rule core, when it can be imported: `tapete_core` (a native .mpy on the Pico,
a CPython extension on the desktop; firmware/native/README.md).

The Game classes keep the pure-Python rules (`legal_into`, `forbid_into`): they are
the reference the C core is tested against. The match's hot path goes through
`game.hot`, which is the C core bound to the game when it is importable and the game
itself otherwise. Both give identical answers (tests/native compares them on
thousands of random positions), so nothing else needs to know which one runs.

Set `ENABLED = False` before creating games to force the pure-Python path.
"""
try:
    import tapete_core as core
except ImportError:
    core = None

ENABLED = core is not None
FAMILIES = {"malilla": 0, "manille": 1}     # the core's legality families


class Native:
    """Stands in when there is no core (so isinstance checks still work)."""


if core is not None:    # the class costs heap: define it only where it can be used
    class Native:  # noqa: F811 (the real one)
        """A game's handle on the C core: the same hooks as a Game, answered in C."""

        def __init__(self, game):
            from .duties import EXEMPT, SEVEN
            flags = 0
            if game.duties & EXEMPT:
                flags |= core.PARTNER_EXEMPTION
            if game.last_trick:
                flags |= core.LAST_TRICK_BONUS
            if game.trick_point:
                flags |= core.TRICK_POINT
            family = FAMILIES[game.name]
            seven = 7 if game.duties & SEVEN else 0      # Malilla's restricted discard
            strength = bytearray(14)    # per face, as the core takes them (every suit alike)
            points = bytearray(14)
            for f in range(1, 14):
                strength[f] = game.strength[f - 1]
                points[f] = game.points_of[f - 1]
            self.desc = core.game(strength, points, family, flags, game.direction, seven)

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
    if ENABLED and core is not None and game.name in FAMILIES and game.seats == 4:
        return Native(game)
    return game
