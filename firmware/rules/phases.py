"""The phases of a match, in the order a hand walks through them.

A leaf module (it imports nothing), so the games and rules/game.py can name the
phases at the top of their files without importing rules/match.py, which imports
them."""

IDLE = 0        # no match yet
DEAL = 1        # waiting for a deal
TURNUP = 2      # dealt, waiting for the turn-up
CALLS = 3       # dealt, waiting for calls before play (trump, bids, a side at eleven, Mus)
PLAY = 4        # cards are being played
SHOW = 5        # the hands are being shown (Mus's showdown)
OVER = 6        # the match has ended
PHASE_WORDS = ("idle", "deal", "turnup", "calls", "play", "show", "over")
