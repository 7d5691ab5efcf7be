"""The registry of games, looked up by the name PROTOCOL.md gives them."""
from .errors import EventError
from .malilla import Malilla
from .manille import Manille

GAMES = {
    "malilla": Malilla,
    "manilla": Malilla,     # the Spanish spelling of seed 000
    "manille": Manille,
}


def names():
    """The game names the table knows (PROTOCOL.md spellings first)."""
    return ["malilla", "manille"]


def get(name, options=None):
    """A new Game for `name` with its options checked; raises EventError."""
    cls = GAMES.get(name) if isinstance(name, str) else None
    if cls is None:
        raise EventError("unknown game " + repr(name) + " (known: " + ", ".join(names()) + ")")
    if options is not None and not isinstance(options, dict):
        raise EventError("options must be an object, got " + repr(options))
    return cls(options)
