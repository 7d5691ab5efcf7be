"""A contract made in the talk stage (rules/stages.py `calls`): who plays with whom
this hand, the trump and the target, for the games whose auction decides them every
hand (Wiezen's vraag and meegaan, alleen, abondance, miserie; Manille's auction names
its trump the same way, with fixed partners).

The game's `on_call` runs its auction on the hand's talk (`match.ctx.talk`); when the
auction is over it calls `make`, which records the contract in the hand context
(`ctx.contract`: the side's seat bits and its target, in the game's own unit) and
fixes trump, and play begins. The match's teams stay what the game declared (a game
whose partnerships change every hand scores each seat: `each_for_self`), so the
duties, the C core's descriptor and the totals never change mid-match; scoring reads
the side from the context (`side_tricks`, `side_points`). Loaded only by a game that
makes contracts.
"""
from .phases import PLAY


def make(match, side, trump, target, by=-1):
    """The auction is over: the seats in `side` (a bit per seat) play for `target`
    with `trump` (a suit or cards.NO_TRUMP), named by seat `by`. Returns the `trump`
    event; the table waits for the first card."""
    if not 0 < side < 1 << match.seats:
        raise ValueError("a contract's side is a set of the table's seats, got " + repr(side))
    match.ctx.contract = (side, target)
    out = match.fix_trump(trump, by)
    match.phase = PLAY
    return out


def side_tricks(match, side):
    """Tricks the seats of `side` won this hand (each seat its own team)."""
    n = 0
    for s in range(match.seats):
        if side >> s & 1:
            n += match.tricks_won[match.game.team_of[s]]
    return n


def side_points(match, side):
    """Card points the seats of `side` won this hand."""
    n = 0
    for s in range(match.seats):
        if side >> s & 1:
            n += match.card_points[match.game.team_of[s]]
    return n
