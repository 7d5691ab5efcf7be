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
            flags = 0
            if getattr(game, "partner_exemption", False):
                flags |= core.PARTNER_EXEMPTION
            if getattr(game, "last_trick_bonus", False):
                flags |= core.LAST_TRICK_BONUS
            if game.trick_point:
                flags |= core.TRICK_POINT
            family = FAMILIES[game.name]
            seven = 7 if game.name == "malilla" else 0      # Malilla's restricted discard
            self.desc = core.game(game.strength, game.points_of, family, flags, game.direction, seven)

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
    if ENABLED and core is not None and game.name in FAMILIES:
        return Native(game)
    return game
