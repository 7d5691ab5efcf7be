"""The table's phases, in the order a match walks through them."""
from micropython import const

IDLE = const(0)      # no match: waiting for the host or the menu button
ENROL = const(1)     # teaching the table which tag is which card
SETUP = const(2)     # choosing the game, its options and the first dealer
TURNUP = const(3)    # dealt: waiting for the dealer's turned-up card
CALLS = const(4)     # calls before play (games with calls; Malilla and Manille have none)
PLAY = const(5)      # cards are being played
COLLECT = const(6)   # a trick is complete: waiting for its cards to leave the readers
HAND_END = const(7)  # the hand is scored: the next deal starts when the trick is collected
OVER = const(8)      # the match has ended

NAMES = ("idle", "enrol", "setup", "turnup", "calls", "play", "collect", "hand_end", "over")
