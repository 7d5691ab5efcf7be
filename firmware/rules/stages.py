"""The hand as a list of stages: what a game declares, and the driver that walks it.

A leaf module (it imports only rules/phases.py, another leaf). A game's `STAGES` names
its hand in order, from these words (a word may come more than once: Mus's five
`calls` stages, the draw and its four lances):

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

The driver: rules/match.py runs a card's play through the steps of the stages in play
(the `tricks` stage's trick end, the `draw` stage's round, the `score`), and
`next_stage` walks a hand whose stages end by its calls and showdown (Mus): the game's
hook finds the stage in play over and asks for the next, or for a later one by its
word. Loaded only by the games that walk their hand so (and those with a stock): the
Pico's heap holds it for no other game.
"""
from . import phases as P

DEAL = "deal"
TURNUP = "turnup"
CALLS = "calls"
DRAW = "draw"
TRICKS = "tricks"
SHOW = "show"
SCORE = "score"
WORDS = (DEAL, TURNUP, CALLS, DRAW, TRICKS, SHOW, SCORE)
# The phase the table waits in during each stage (`score` is entered and left at once).
PHASES = (P.DEAL, P.TURNUP, P.CALLS, P.PLAY, P.PLAY, P.SHOW, P.DEAL)


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


def begin(match):
    """A hand dealt, which the driver walks: it is in the stage after the deal (the
    game's `begin_hand` calls this and returns that stage's phase)."""
    match.stage = 1
    return PHASES[WORDS.index(match.game.stages[1])]


def next_stage(match, to=None):
    """The stage in play is over (the game's hook says so): enter the next stage the
    game declares, or the later stage named `to` (Mus: an órdago seen goes to the
    showdown, a fold that reaches the target to the score), in the phase its kind
    waits in. The game's `enter_stage(match, i)` opens it (`i`: its index); entering
    `score` scores the hand (`ctx.ended`, `ctx.winner` as the hand set them). Returns
    the derived events."""
    game = match.game
    stages = game.stages
    i = match.stage + 1 if to is None else stages.index(to, match.stage + 1)
    match.stage = i
    word = stages[i]
    out = game.enter_stage(match, i)
    if word == SCORE:
        ctx = match.ctx
        return out + match.end_hand(ctx.winner, ctx.ended)
    match.phase = PHASES[WORDS.index(word)]
    return out
