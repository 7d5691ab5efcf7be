"""The event's laws at work on a proven illegal play, and the `x-ruling` events.

The law (rules/options.py LAWS, read by rules/game.py `read_laws`; docs/referee.md):
- `report`: the violation is written down, play goes on (the text's silence);
- `correct` (`revoke_correct`): the card may be taken back and replaced (an `x-undo`
  of it) until the next trick's first card; the window closed unused, the law's
  penalty applies then (Torrefarrera's Botifarra);
- `hand` (the renuncio): the offending side loses the hand: the other side takes
  every trick and every card of it, and the offenders' own points (declarations
  too) go over to it; the game scores the hand so;
- `score` (`revoke_score`): the hand ends and the other side scores that much
  instead of what the hand was played for (Envite's three or five stones);
- `game`: the other side wins the match (Malilla's text; `irregularity` game).
A director's override (`x-override`, rules/fold.py) replaces the penalty of one
ruling: the match is rebuilt with it (`Match.overrides`).

Loaded by rules/match.py only when a ruling is made, off the Pico's usual path.
"""
from .duties import PLAY_RULES, RULE_WORDS
from .verdicts import CORRECT, GAME, HAND, HAND_DONE, MATCH_DONE, PENALTIES, RULED, SCORE
from .phases import OVER


def rule_proofs(match):
    """Rule every illegal play proven at this play (the card is on the trick); the
    penalty that ends the hand or the match now (HAND, SCORE, GAME), or -1."""
    game = match.game
    know = match.knowledge
    trick = match.trick
    last = trick.done() and trick.number == match.hand_cards    # no next trick: no window
    worst = -1
    for i in range(match.proof_count):
        index, rule = match.proofs[3 * i], match.proofs[3 * i + 1]
        if rule >= PLAY_RULES:
            continue
        seat = know.play_seat[index]
        t = know.play_trick[index]
        pen = PENALTIES.index(game.revoke_penalty)
        if game.revoke_correct and t == trick.number and not last and not match.correcting:
            pen = CORRECT
        pen = match.law(seat, rule, t, pen)
        if pen == CORRECT and (t != trick.number or last or match.correcting):
            pen = PENALTIES.index(game.revoke_penalty)  # a director's correct, out of its window
        match._rule(seat, rule, pen, t, index)
        if pen == CORRECT:
            match.correcting = index + 1
            match.correct_trick = t
            match.correct_rule = rule
        elif pen in (HAND, SCORE, GAME) and worst < 0:
            worst = pen
            match.offender = game.team_of[seat]
    return worst


def window_closed(match):
    """The next trick's first card came and the illegal card was not replaced: the
    law's penalty now. Status bits (RULED, and HAND_DONE / MATCH_DONE when it ends)."""
    game = match.game
    know = match.knowledge
    index = match.correcting - 1
    match.correcting = 0
    seat = know.play_seat[index]
    pen = PENALTIES.index(game.revoke_penalty)
    match._rule(seat, match.correct_rule, pen, know.play_trick[index], index)
    if pen in (HAND, SCORE, GAME):
        match.offender = game.team_of[seat]
        return impose(match, pen, RULED)
    return RULED


def impose(match, pen, status):
    """End the hand (HAND, SCORE) or the match (GAME) against `match.offender`."""
    game = match.game
    winner = game.other_team(match.offender)
    if pen == GAME:
        match.winner = winner
        match.end_reason = "irregularity"
        match.phase = OVER
        return status | MATCH_DONE
    give_hand(match, winner)
    match.fixed_score = game.revoke_score if pen == SCORE else 0
    match.ctx.ended = "revoke"
    match.ctx.winner = winner
    match.revision_count = 0
    status |= HAND_DONE
    if match._score_hand():
        status |= MATCH_DONE
    return status


def give_hand(match, team):
    """Every trick and card of the hand to `team`: those won, those on the table,
    those still held."""
    game = match.game
    other = 1 - team
    trick = match.trick
    points = 0
    for s in range(4):
        rest = game.deck[s] & ~match.played[s]
        for f in range(16):
            if rest & (1 << f):
                points += game.points_of[s * 16 + f]
    if 0 < trick.n < game.seats:    # an unfinished trick: its cards are nobody's yet
        for i in range(trick.n):
            points += game.points_of[trick.cards[i]]
        match.last.copy_from(trick)
    match.card_points[team] += match.card_points[other] + points
    match.card_points[other] = 0
    match.tricks_won[team] = match.hand_cards
    match.tricks_won[other] = 0
    match.last_team = team
    trick.n = 0


def after_points(match):
    """The renuncio's hand: the offenders' points (their declarations) go over too."""
    w = match.ctx.winner
    points = match.points
    points[w] += points[1 - w]
    points[1 - w] = 0


def after_score(match):
    """A fixed score ruled: the other side scores it, nothing else counts."""
    w = match.ctx.winner
    for t in range(match.teams):
        match.score[t] = 0
    match.score[w] = match.fixed_score


def event(match, k):
    """The `x-ruling` event of ruling `k` of the last play."""
    r = match.rulings
    seat, rule, pen, t, x = r[5 * k], r[5 * k + 1], r[5 * k + 2], r[5 * k + 3], r[5 * k + 4]
    ev = {"ev": "x-ruling", "hand": match.hand_no, "trick": t, "seat": seat,
          "team": match.game.team_of[seat], "rule": RULE_WORDS[rule], "penalty": PENALTIES[pen]}
    if rule < PLAY_RULES:
        know = match.knowledge
        ev["card"] = match.name(know.play_card[x])
        if know.proof_trick[x]:
            ev["proof"] = {"trick": know.proof_trick[x], "card": match.name(know.proof_card[x])}
    else:
        ev["card"] = match.name(x)
    if pen == HAND or pen == SCORE:
        ev["score"] = list(match.score)
    return ev


def key(ev):
    """The key a director's override names a ruling by: (hand, trick, seat, rule)."""
    return (ev.get("hand"), ev.get("trick"), ev.get("seat"), ev.get("rule"))


def check_override(match_penalty, rule):
    """EventError unless `match_penalty` is a penalty a ruling of `rule` can have."""
    from .errors import EventError
    allowed = ("condone", "take-back") if rule == "out-of-turn" else \
        ("report", "correct", "hand", "game", "score")
    if match_penalty not in allowed:
        raise EventError("an override of a " + repr(rule) + " ruling needs 'penalty' one of "
                         + ", ".join(allowed) + ", got " + repr(match_penalty))

