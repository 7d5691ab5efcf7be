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
    return game_class(name)(options, seats)


def info(name):
    """A game's metadata as plain data (for menus, docs and `tapete games`)."""
    from ..options import declared as declared_options
    cls = game_class(name)
    options = {}
    declared = declared_options(cls)
    for key in declared:
        default, allowed, meaning = declared[key]
        if key == "direction":      # the rule text's own, unless the option says
            default = "cw" if cls.direction == 1 else "ccw"
            meaning = "direction of play and of the deal (cw: clockwise)"
        if isinstance(allowed, tuple):
            kind = list(allowed)
        elif allowed is bool:
            kind = "true/false"
        elif allowed is int:
            kind = "whole number"
        else:
            kind = allowed
        options[key] = {"default": default, "allowed": kind, "meaning": meaning}
    return {"name": cls.name, "title": cls.title, "pack": cls.pack,
            "seats": list(cls.seat_counts), "options": options,
            "presets": [dict(p) for p in cls.PRESETS],
            "calls": ["claim", "concede", "object"] + list(cls.CALL_WORDS or cls.calls)}
