"""Wiezen's contracts: their words, the ladder they are bid on, who plays them and
for how many tricks (../shared/rules/wiezen.md §5.3 and §6).

A contract is a small int; the words are the log's (docs/protocol.md, Wiezen) and the
names the players know. Nothing here allocates after import.
"""

NONE = 0
VRAAG = 1           # vraag & mee: the asker and the acceptor, 8 tricks
ALLEEN = 2          # the unanswered asker alone, 5 tricks
ABONDANCE_9 = 3
ABONDANCE_10 = 4
MISERIE = 5         # take no trick; several may play it in one deal
ABONDANCE_11 = 6
ABONDANCE_12 = 7
TROEL = 8           # three aces: with the holder of the fourth, 8 tricks
TROELA = 9          # four aces: with the holder of the highest heart lacking, 9 tricks
OPEN_MISERIE = 10   # miserie with the hand laid open
SOLO = 11           # 13 tricks, own trump
SOLO_SLIM = 12      # 13 tricks, the turn-up's trump (sheet W7)

WORDS = ("", "vraag", "alleen", "abondance-9", "abondance-10", "miserie", "abondance-11",
         "abondance-12", "troel", "troela", "open-miserie", "solo", "solo-slim")

# Tricks the declaring side must take (miserie: none at all, 0 here).
TARGET = bytes((0, 8, 5, 9, 10, 0, 11, 12, 8, 9, 0, 13, 13))

# The ladder, low to high (rank per contract). IWWA (sheet W5, the score sheet's column
# order): miserie between abondance 10 and 11, troel above abondance 12. "low" (a club
# page's order "miserie, abondance, miserie op tafel, solo, solo-slim"): miserie just
# above vraag. Alleen is never bid: it is what an unanswered ask becomes.
RANK_IWWA = bytes((0, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11))
RANK_LOW = bytes((0, 1, 1, 3, 4, 2, 5, 6, 7, 8, 9, 10, 11))
LADDERS = {"iwwa": RANK_IWWA, "miserie-low": RANK_LOW}


def is_miserie(contract):
    """Miserie and open miserie: take no trick; each declarer settles alone."""
    return contract == MISERIE or contract == OPEN_MISERIE


def is_pair(contract):
    """Contracts played two against two."""
    return contract == VRAAG or contract == TROEL or contract == TROELA


def is_abondance(contract):
    return ABONDANCE_9 <= contract <= ABONDANCE_12 and contract != MISERIE


def abondance(tricks):
    """The abondance contract for 9..12 tricks, or NONE."""
    return (0, ABONDANCE_9, ABONDANCE_10, ABONDANCE_11, ABONDANCE_12)[tricks - 8] if 9 <= tricks <= 12 else NONE


def word(contract):
    """The contract's word in the log."""
    return WORDS[contract]


def of_word(text):
    """The contract of a log word, or NONE."""
    for i in range(1, len(WORDS)):
        if WORDS[i] == text:
            return i
    return NONE
