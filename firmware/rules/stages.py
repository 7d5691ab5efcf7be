"""The hand as a list of stages: what a game declares and the driver (rules/match.py) walks.

A leaf module (it imports nothing), like rules/phases.py. A game's `STAGES` names its
hand in order, from these words:

- `deal`: the cards are dealt (`deal`, and the `hand` events the table may be told);
- `turnup`: a card is turned to fix trump (the dealer's own, or from the stock);
- `calls`: talk before play: trump named, bids, raises, a side at eleven (the game's
  `on_call` and `awaiting`); an auction that makes a per-hand partnership, trump and
  target writes them into the hand context (rules/context.py) through `contract`;
- `draw`: tricks with a draw after each, the winner first, while the stock lasts (the
  table never sees a draw: what it knows of a hand expires at one, rules/knowledge.py);
- `tricks`: tricks without draws, to the hand's last card (after `draw`: the arrastre);
- `show`: the hands are shown (Mus's showdown);
- `score`: the hand is scored (`hand_points_into`, `hand_score_into`, `settle`).

The hand's shape comes from the stages and the deal, not from "a trick per card dealt":
`shape` gives the tricks of a hand and the stock it leaves.
"""

DEAL = "deal"
TURNUP = "turnup"
CALLS = "calls"
DRAW = "draw"
TRICKS = "tricks"
SHOW = "show"
SCORE = "score"
WORDS = (DEAL, TURNUP, CALLS, DRAW, TRICKS, SHOW, SCORE)


def check(stages):
    """`stages` as a tuple, checked: known words, starting with the deal and ending with
    the score (a game's declaration error is the programmer's: ValueError)."""
    stages = tuple(stages)
    for word in stages:
        if word not in WORDS:
            raise ValueError("unknown stage " + repr(word))
    if not stages or stages[0] != DEAL or stages[-1] != SCORE:
        raise ValueError("a hand's stages start with 'deal' and end with 'score': " + repr(stages))
    return stages


def shape(stages, pack_cards, seats, dealt):
    """(tricks, stock) of a hand dealt `dealt` cards a seat from a pack of `pack_cards`:
    without a `draw` stage, a trick per card dealt (none without a `tricks` stage:
    Mus) and no stock; with one, the cards
    not dealt are the stock (the turn-up among them, drawn last) and every draw round
    adds a trick."""
    if DRAW not in stages:
        return (dealt if TRICKS in stages else 0), 0
    stock = pack_cards - seats * dealt
    return dealt + stock // seats, stock
