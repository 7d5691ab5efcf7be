"""The registry of games: the one list the menu, enrolment, the screens, the README's
options table and `tapete games` read.

Each game module is imported when its game is asked for, so the Pico keeps only the
game being played in its heap. `info(name)` gives a game's metadata as plain data:
name, title, pack, seats, options (default, allowed values and a one-line meaning),
presets, and call words.
"""
from ..errors import EventError

# docs/protocol.md names, in the order the menu offers them.
NAMES = ("malilla", "manille", "botifarra", "tute", "envite", "truc", "mus", "brisca", "guinote",
         "wiezen")
ALIASES = {"manilla": "malilla"}     # the Spanish spelling of seed 000


def names():
    """The game names the table knows (docs/protocol.md spellings)."""
    return list(NAMES)


def game_class(name):
    """The class of the game called `name` (or an alias); EventError when unknown."""
    name = ALIASES.get(name, name) if isinstance(name, str) else None
    if name == "malilla":
        from .malilla import Malilla
        return Malilla
    if name == "manille":
        from .manille import Manille
        return Manille
    if name == "botifarra":
        from .botifarra import Botifarra
        return Botifarra
    if name == "tute":
        from .tute import Tute
        return Tute
    if name == "envite":
        from .envite import Envite
        return Envite
    if name == "truc":
        from .truc import Truc
        return Truc
    if name == "mus":
        from .mus import Mus
        return Mus
    if name == "brisca":
        from .brisca import Brisca
        return Brisca
    if name == "guinote":
        from .guinote import Guinote
        return Guinote
    if name == "wiezen":
        from .wiezen import Wiezen
        return Wiezen
    raise EventError("unknown game " + repr(name) + " (known: " + ", ".join(NAMES) + ")")


def get(name, options=None, seats=None):
    """A new Game for `name` with its options and seat count checked; raises
    EventError (quoting the input) when the game, an option or the seats are wrong."""
    cls = game_class(name)
    if cls.name == "tute" and seats in (2, 3):     # habanero and Tute for three: their own file
        from .tute_few import for_seats
        cls = for_seats(seats)
    return cls(options, seats)


def info(name):
    """A game's metadata as plain data (for menus, docs and `tapete games`): in
    rules/games/about.py, which the table never loads (this module stays in the Pico's
    heap for the whole match; the metadata is the host's)."""
    from .about import info as about
    return about(game_class(name))     # EventError for a game we do not know
