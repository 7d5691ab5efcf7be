"""What a table that sees only the cards played proves about Wiezen's calls
(../shared/rules/wiezen.md §13). All 52 cards are dealt and none drawn, so a seat's
cards played are its hand: a card played by the wrong seat proves a call false.

`Proofs` is made once per match and `reset` per hand; `play` is on the per-card path
and allocates nothing (ints and a bytearray). Each returns a rule word or None:
- `false-troel`: a troel or troela declarer claimed three (four) aces; another seat
  played one of them.
- `troel-partner`: the card that makes the troel (troela) partner was played by a
  seat other than the one that made himself known.
- `troel-unannounced`: a seat played its third ace of the deal without having said
  troel or troela (the troel round is compulsory). Reading: only a seat whose first
  call came while troel could still be bid owed it (after an open miserie or a solo it
  could not be said), and a seat whose own first call outranked troela (open miserie,
  solo, solo slim) chose a higher contract and owed nothing.
- `mee-suit` (Kleurenwiezen, at the hand's end): the acceptor of an ask never played
  its suit, so he held none when he went along (Lodige's rule).
The `troel-lead` rule (the fourth ace led first) is the description's
`first_lead_rule`: it is known at the lead.
"""
from . import contracts as K


class Proofs:
    """The cards each seat has played this hand, as suit bits and aces."""

    def __init__(self):
        self.aces = bytearray(4)    # a bit per suit of each seat's aces played
        self.suits = bytearray(4)   # a bit per suit each seat has played

    def reset(self):
        for s in range(4):
            self.aces[s] = 0
            self.suits[s] = 0

    def play(self, auction, seat, c):
        """Card `c` played by `seat` under the hand's `auction`: a rule word it proves, or None."""
        suit = c >> 4
        self.suits[seat] |= 1 << suit
        ace = (c & 15) == 0
        if ace:
            self.aces[seat] |= 1 << suit
        high = auction.high
        if high == K.TROEL or high == K.TROELA:
            lone = auction.declarers & ~(1 << auction.partner) if auction.partner >= 0 else auction.declarers
            if c == auction.card:
                if seat != auction.partner:
                    return "troel-partner"
            elif ace and not (lone >> seat) & 1:
                return "false-troel"
        if ace and (auction.troel_owed >> seat) & 1 and not (auction.troel_by >> seat) & 1 \
                and count_bits(self.aces[seat]) == 3:
            if not ((auction.declarers >> seat) & 1 and K.RANK_IWWA[high] > K.RANK_IWWA[K.TROELA]):
                return "troel-unannounced"
        return None

    def hand_end(self, auction):
        """At the hand's end (every card played): `mee-suit`, or None."""
        if auction.kleuren and auction.high == K.VRAAG and auction.acceptor >= 0 \
                and not (self.suits[auction.acceptor] >> auction.trump) & 1:
            return "mee-suit"
        return None


def count_bits(x):
    n = 0
    while x:
        n += x & 1
        x >>= 1
    return n
