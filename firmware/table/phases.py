"""The table's phases: the match's own (rules/phases.py, one numbering for both), and
the three that only the table knows.

`Table.phase` (controller.py) derives the phase when it is read, never stores it: the
menu's while the menu or enrolment is open, else the match's, with COLLECT for a
finished trick still lying on the readers. A rules change that adds or moves a phase
therefore cannot leave the controller out of step."""
from micropython import const

from rules.phases import CALLS, IDLE, OVER, PLAY, SHOW, TURNUP
from rules.phases import DEAL as HAND_END   # the match waits for the next deal

# Only the table knows these (numbered after the match's phases).
ENROL = const(7)     # teaching the table which tag is which card (the menu)
SETUP = const(8)     # choosing the game, its options and the first dealer (the menu)
COLLECT = const(9)   # a trick is complete and still lies on the readers

# The words, by number: the host's `status` and `boot` replies say them.
NAMES = ("idle", "hand_end", "turnup", "calls", "play", "show", "over", "enrol", "setup",
         "collect")


def in_match(phase):
    """A match is on the table (not the idle screen, the menu or enrolment)."""
    return phase != IDLE and phase != ENROL and phase != SETUP
