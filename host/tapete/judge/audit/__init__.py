"""Audit a table log: replay its input events through the rules and say what happened.

The audit recomputes every derived event (`trump`, `trick`, `violation`, `hand_end`,
`match_end`) from the input events, with the same rule module the table runs, and
reports where the controller's own derived events disagree. One bad line never
stops it: errors are collected with their line numbers and the audit goes on with
the next line (the PGN reader's habit). Nothing in a log makes it give up on a
match: a misspelt option is reported and the match is played with its default; an
error inside the rules themselves is reported on its line and the match rebuilt
from the events before it.

A log may hold several matches (a recorder appends them). Each `match` event that
names a known game, once a match is under way, starts the next match's audit.
`audit_matches` streams: it reads line by line and hands out each match's result
when the next one starts, so a log of any size is audited in the memory of one
match.
"""
from .common import AuditError, parse_line
from .core import Audit
from .stream import audit_file, audit_lines, audit_matches, audit_text

__all__ = ["Audit", "AuditError", "audit_file", "audit_lines", "audit_matches", "audit_text", "parse_line"]
