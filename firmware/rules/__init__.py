"""tapete's rule module: one source for the Pico (MicroPython) and the desktop.

On the Pico this package is `rules`; the host mounts it as `tapete.rules`.
See docs/rules-api.md for the card encoding and the API.
"""
from .errors import CardError, EventError, OrderError, TableError
from .match import Match
from . import cards, games
