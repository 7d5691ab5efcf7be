"""The event's laws at work on a proven illegal play, and the `x-ruling` events.

The law (rules/options.py LAWS, read by `read_laws` there; docs/referee.md):
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
ruling: the match is rebuilt with it (`Match.overrides`). One that ends the hand (or
the match) derives the `hand_end` (`match_end`) the rebuilt match says; one that
reopens a hand a ruling had ended derives an `x-reopen` withdrawing that hand's
`hand_end` (`match_end`); one that changes how it ended derives both (`ending`,
`closing`). Only the last hand's rulings are overruled: once the next hand is dealt,
what the log said of the hands before stands.

Cards out of turn (`out_of_turn`): one that the law holds (`condone`) waits in
`match.pend_seat` / `pend_card`; the next seat of the other side playing on to it
condones it (it goes on the trick where it was played, the turn goes on from it); the
rightful card, the offender's partner's, another card out of turn or the same card on
another reader mean it was taken back. Inside a trick (not a lead) a card out of turn
is always taken back: a trick's cards are in the game's seat order.

Loaded by rules/match.py only when a card comes out of turn or a ruling is made, off
the Pico's usual path (the controller drops it after: table/controller.py _RULES_RARE).
"""
from .duties import OUT_OF_TURN, PLAY_RULES, RULE_WORDS
from .verdicts import (ACCEPTED, CONDONE, CORRECT, GAME, HAND, HAND_DONE, MATCH_DONE, REFUSED, RULED,
                       SCORE, TAKE_BACK)
from .phases import DEAL, OVER

# The penalties' words (`x-ruling.penalty`), in the order of their numbers (rules/verdicts.py):
# here, with the law's code, not in the leaf module the play path loads.
PENALTIES = ("report", "correct", "condone", "take-back", "hand", "game", "score", "stands", "void")

# match.court's slots (rules/match.py)
CORRECTING = 0      # the play index + 1 of an illegal card inside its correction window, or 0
CORRECT_TRICK = 1   # its trick
CORRECT_RULE = 2    # the rule it broke
OFFENDER = 3        # the team a penalty is imposed on
FIXED = 4           # what a `score` ruling gives the other side this hand


def rule(match, seat, rule_code, penalty, trick_no, x):
    """Note a ruling of this play (`x`: the card code out of turn, or a play-rule
    violation's play index): at most MAX_RULINGS a play, in a fixed table."""
    k = match.ruling_count * 5
    r = match.rulings
    if k + 5 <= len(r):
        r[k] = seat
        r[k + 1] = rule_code
        r[k + 2] = penalty
        r[k + 3] = trick_no
        r[k + 4] = x
        match.ruling_count += 1


def law(match, seat, rule_code, trick_no, penalty):
    """The penalty the law gives (`penalty`), or the director's when overruled."""
    if match.overrides:
        p = match.overrides.get((match.hand_no, trick_no, seat, RULE_WORDS[rule_code]))
        if p is not None:
            return PENALTIES.index(p)
    return penalty


def out_of_turn(match, seat, c):
    """A card out of turn (card code `c`): held to wait for the other side (a lead,
    or a card before a raise's answer: the turn can go on from it), or to be taken
    back. Status bits."""
    trick = match.trick
    penalty = CONDONE if match.game.out_of_turn == "condone" else TAKE_BACK
    if trick.n and seat != trick.to_play:
        penalty = TAKE_BACK
    if law(match, seat, OUT_OF_TURN, trick.number, penalty) == CONDONE:
        match.pend_seat = seat
        match.pend_card = c
        return REFUSED
    rule(match, seat, OUT_OF_TURN, TAKE_BACK, trick.number, c)
    return REFUSED | RULED


def before_play(match, seat, c):
    """Before the card `c` of `seat` is judged: the card out of turn waiting (condoned
    or taken back by this one) and the correction window (closed by the next trick's
    first card). Status bits; HAND_DONE or REFUSED: this card is not judged further."""
    game = match.game
    trick = match.trick
    status = 0
    pend = match.pend_seat
    if pend >= 0:
        match.pend_seat = -1
        if seat == pend and c == match.pend_card:
            pass        # laid again: judged afresh
        elif seat == game.next_seat(pend) and game.team_of[seat] != game.team_of[pend] \
                and c != match.pend_card:
            status = condone(match, pend, seat)
            if status & HAND_DONE:
                return status     # the hand ended at the condoned card: this one is not played
        else:
            rule(match, pend, OUT_OF_TURN, TAKE_BACK, trick.number, match.pend_card)
            status = RULED
    if match.court[CORRECTING] and trick.n == 0 and trick.number > match.court[CORRECT_TRICK]:
        status |= window_closed(match)
    return status


def condone(match, pend, seat):
    """The other side plays on to the card out of turn: it stands (unless a director
    said it is taken back) and the turn goes on from it."""
    game = match.game
    trick = match.trick
    c = match.pend_card
    if law(match, pend, OUT_OF_TURN, trick.number, CONDONE) != CONDONE:
        rule(match, pend, OUT_OF_TURN, TAKE_BACK, trick.number, c)
        return RULED
    if game.play_hook:
        game.condoning(match, seat)     # Truc: the card of the side asked accepts the raise
    rightful = trick.to_play
    trick.to_play = pend
    if not trick.n:
        trick.leader = pend
    if game.play_hook and game.before_play(match, pend, c):
        trick.to_play = rightful        # still refused (Envite: the answer comes first)
        if not trick.n:
            trick.leader = rightful
        rule(match, pend, OUT_OF_TURN, TAKE_BACK, trick.number, c)
        return RULED
    rule(match, pend, OUT_OF_TURN, CONDONE, trick.number, c)
    return (match._apply(pend, c) & ~ACCEPTED) | RULED


def out_of_turn_events(match, seat, c, out):
    """The `x-ruling`s on cards out of turn of the last play (printed card `c` of
    `seat`) into `out`, but the one on that card itself, returned (or None): it comes
    after its violation."""
    game = match.game
    code = game.inner[c] if game.inner is not None and game.in_deck(c) else c
    own = None
    r = match.rulings
    for k in range(match.ruling_count):
        if r[5 * k + 1] == OUT_OF_TURN:
            if r[5 * k] == seat and r[5 * k + 4] == code:
                own = event(match, k)
            else:
                out.append(event(match, k))
    return own


def penalty_events(match, out):
    """The `x-ruling`s on illegal plays of the last play, into `out`."""
    for k in range(match.ruling_count):
        if match.rulings[5 * k + 1] != OUT_OF_TURN:
            out.append(event(match, k))


def rule_proofs(match):
    """Rule every illegal play proven at this play (the card is on the trick); the
    penalty that ends the hand or the match now (HAND, SCORE, GAME), or -1."""
    game = match.game
    know = match.knowledge
    trick = match.trick
    last = trick.done() and trick.number == match.hand_tricks    # no next trick: no window
    worst = -1
    for i in range(match.proof_count):
        index, rule_code = match.proofs[3 * i], match.proofs[3 * i + 1]
        if rule_code >= PLAY_RULES:
            continue
        seat = know.play_seat[index]
        t = know.play_trick[index]
        pen = PENALTIES.index(game.revoke_penalty)
        if game.revoke_correct and t == trick.number and not last and not match.court[CORRECTING]:
            pen = CORRECT
        pen = law(match, seat, rule_code, t, pen)
        if pen == CORRECT and (t != trick.number or last or match.court[CORRECTING]):
            pen = PENALTIES.index(game.revoke_penalty)  # a director's correct, out of its window
        rule(match, seat, rule_code, pen, t, index)
        if pen == CORRECT:
            match.court[CORRECTING] = index + 1
            match.court[CORRECT_TRICK] = t
            match.court[CORRECT_RULE] = rule_code
        elif pen in (HAND, SCORE, GAME) and worst < 0:
            worst = pen
            match.court[OFFENDER] = game.team_of[seat]
    return worst


def window_closed(match):
    """The next trick's first card came and the illegal card was not replaced: the
    law's penalty now. Status bits (RULED, and HAND_DONE / MATCH_DONE when it ends)."""
    game = match.game
    know = match.knowledge
    index = match.court[CORRECTING] - 1
    match.court[CORRECTING] = 0
    seat = know.play_seat[index]
    pen = PENALTIES.index(game.revoke_penalty)
    rule(match, seat, match.court[CORRECT_RULE], pen, know.play_trick[index], index)
    if pen in (HAND, SCORE, GAME):
        match.court[OFFENDER] = game.team_of[seat]
        return impose(match, pen, RULED)
    return RULED


def impose(match, pen, status):
    """End the hand (HAND, SCORE) or the match (GAME) against the offending team (`match.court`)."""
    game = match.game
    winner = game.other_team(match.court[OFFENDER])
    if pen == GAME:
        match.winner = winner
        match.end_reason = "irregularity"
        match.phase = OVER
        return status | MATCH_DONE
    give_hand(match, winner)
    match.court[FIXED] = min(game.revoke_score, 255) if pen == SCORE else 0
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
    match.score[w] = match.court[FIXED]


def event(match, k):
    """The `x-ruling` event of ruling `k` of the last play."""
    r = match.rulings
    seat, code, pen, t, x = r[5 * k], r[5 * k + 1], r[5 * k + 2], r[5 * k + 3], r[5 * k + 4]
    ev = {"ev": "x-ruling", "hand": match.hand_no, "trick": t, "seat": seat,
          "team": match.game.team_of[seat], "rule": RULE_WORDS[code], "penalty": PENALTIES[pen]}
    if code < PLAY_RULES:
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


def fold_line(fold, event, tag):
    """A logged `x-ruling` (its seq noted: an override may name it) or `x-override`
    reaching the log fold (rules/fold.py `Fold.feed`)."""
    if event.get("ev") == "x-override":
        return overrule(fold, event, tag)
    if event.get("seq") is not None:
        fold.ruled[event.get("seq")] = key(event)
    return "ignored", None


def overrule(fold, event, tag=None):
    """A director's `x-override` in the log fold: ("overruled", derived) with the
    match rebuilt under it (`derived`: the hand's end as it now stands, `closing`),
    or ("refused", error) changing nothing."""
    from .errors import EventError
    k = fold.ruled.get(event.get("ruling"))
    try:
        if k is None:
            raise EventError("'x-override' names no ruling of this match: ruling="
                             + repr(event.get("ruling")))
        check_override(event.get("penalty"), k[3])
        check_hand(fold.match, k)
    except EventError as err:
        fold.refused(tag, event, err, True)
        return "refused", err
    before = ending(fold.match)
    fold.overrides[k] = event["penalty"]
    fold.rebuild()
    return "overruled", closing(before, fold.match)


def check_hand(match, k):
    """EventError unless the ruling keyed `k` is of the match's last hand: once the next
    hand is dealt, the hands before it stand as the log said them (their ends, the
    totals every later line carries)."""
    if k[0] != match.hand_no:
        from .errors import EventError
        raise EventError("the ruling of hand " + str(k[0]) + " is final: hand "
                         + str(match.hand_no) + " has been dealt")


def ending(match):
    """How the match's last hand stands, as its log lines say it: (hand, its
    `hand_end` or None while it is played, the `match_end` or None), or None before
    the first hand. A void hand's end (a misdeal) is a word: no override changes it."""
    if match.game is None or not match.hand_no:
        return None
    end = over = None
    if match.phase == DEAL or match.phase == OVER:
        if match.voided is not None:
            end = match.voided
        elif match.end_reason != "irregularity":    # a match lost on a ruling logs no hand_end
            end = match.hand_end()
        if match.phase == OVER:
            over = match.match_end()
    return match.hand_no, end, over


def closing(before, match):
    """The events an override derives (`before`: `ending` of the match before it):
    an `x-reopen` withdrawing the hand's `hand_end` (and `match_end`) the log said
    when they no longer stand, then the `hand_end` (and `match_end`) the rebuilt
    match says when they are new. Nothing when the hand's end is unchanged."""
    after = ending(match)
    if before is None or after is None or before == after:
        return []
    hand, was, was_over = before
    end, over = after[1], after[2]
    out = []
    gone = []
    if was is not None and was != end:
        gone.append("hand_end")
    if was_over is not None and was_over != over:
        gone.append("match_end")
    if gone:
        out.append({"ev": "x-reopen", "hand": hand, "withdraws": gone})
    if isinstance(end, dict) and end != was:
        out.append(end)
    if over is not None and over != was_over:
        out.append(over)
    return out


def check_override(penalty, rule_word):
    """EventError unless `penalty` is a penalty a ruling of `rule_word` can have."""
    from .errors import EventError
    allowed = ("condone", "take-back") if rule_word == "out-of-turn" else \
        ("report", "correct", "hand", "game", "score")
    if penalty not in allowed:
        raise EventError("an override of a " + repr(rule_word) + " ruling needs 'penalty' one of "
                         + ", ".join(allowed) + ", got " + repr(penalty))

