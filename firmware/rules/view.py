"""The match as plain data, for views that redraw from the state.

`snapshot(match, knowledge)` is what the host's live board, replay and the tests
read (docs/rules-api.md, "Snapshot"): every value is JSON. Kept apart from
rules/match.py so the table loads it only when something asks for it.
"""
from . import cards as C
from .phases import PHASE_WORDS, PLAY


def snapshot(match, knowledge=False):
    """The match as a dict. Keys a game does not use are absent from `context`. With
    `knowledge`, what the table knows of each hidden hand: `holds` (cards it is
    known to hold) and `lacks` (cards ruled out if its plays were legal)."""
    m = match
    game = m.game
    out = {"game": game.name if game else None, "options": dict(game.options) if game else {},
           "profile": match.profile,
           "seats": m.seats, "phase": PHASE_WORDS[m.phase], "hand": m.hand_no,
           "dealer": m.dealer, "trump": None if m.trump is None else C.suit_name(m.trump),
           "turnup": None if m.turnup is None else C.name(m.turnup),
           "turn": m.turn, "totals": list(m.totals), "winner": m.winner,
           "over": m.over, "reason": m.end_reason, "context": {},
           "trick": None, "last": None}
    if game is None:
        return out
    out["teams"] = [[s for s in range(m.seats) if game.team_of[s] == t] for t in range(m.teams)]
    out["trumps"] = bool(game.turnup or "trump" in (game.CALL_WORDS or game.calls))
    out["tricks_won"] = list(m.tricks_won)
    out["card_points"] = list(m.card_points)
    bits = m.awaiting()
    out["awaiting"] = [s for s in range(m.seats) if (bits >> s) & 1]
    if m.phase == PLAY:
        t = m.trick
        out["trick"] = {"n": t.number, "leader": t.leader,
                        "cards": [[t.seats[i], m.name(t.cards[i])] for i in range(t.n)]}
    last = m.last
    if last.n == m.seats:
        out["last"] = {"n": last.number, "leader": last.leader,
                       "winner": None if last.drawn else last.winner,
                       "cards": [[last.seats[i], m.name(last.cards[i])] for i in range(last.n)]}
    ctx = m.ctx
    c = out["context"]
    if ctx.multiplier != 1 or "multiplier" in game.context_keys:
        c["multiplier"] = ctx.multiplier
    if ctx.stake:
        c["stake"] = ctx.stake
    if ctx.trump_by >= 0:
        c["trump_by"] = ctx.trump_by
    if ctx.declarations:
        c["declarations"] = [{"seat": d["seat"], "cards": d["cards"], "points": d["points"]}
                             for d in ctx.declarations if d["valid"]]
    if ctx.talk is not None and out["awaiting"] and game.awaiting(m):
        c["awaiting"] = out["awaiting"]      # a call is awaited (not only the next card)
    if "draw" in game.stages:
        c["stock"] = m.stock        # a game with a stock: the cards still to draw
    if ctx.ended is not None:
        c["ended"] = ctx.ended
    game.context(m, c)
    if knowledge:
        seen = []
        for s in range(m.seats):
            lacks = m.knowledge.ruled_out(s)
            seen.append({"known": m.known[s],
                         "holds": [m.name(x) for x in C.cards_of(m.holding[s])],
                         "lacks": [m.name(x) for x in C.cards_of(lacks)
                                   if not m.played[x >> 4] & C.bit(x)]})
        out["knowledge"] = seen
    return out
