"""The rule module's exceptions: one small family under ValueError.

Messages quote the offending input, so a log line that fails can be fixed from the
message alone.
"""


class TableError(ValueError):
    """Input the table cannot accept (base of every rule-module error)."""


class CardError(TableError):
    """A card or suit code that does not parse, or a card outside the game's deck."""


class EventError(TableError):
    """An event that is malformed, unknown, or missing a required key."""


class OrderError(TableError):
    """An event that does not fit the match as it stands (wrong dealer, play after
    the match ended, a hand dealt before the match, ...)."""
