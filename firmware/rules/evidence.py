"""The rarer paths of proof: violations proven by a later card, by shown cards, and
revised at the hand's end; and the rules a proof leaves open.

Loaded by rules/match.py only when a violation has to be written, so a table whose
players follow the rules never holds this code in its heap.
"""
from . import cards as C
from .duties import CUARENTA_FIRST, FALSE_DECLARATION, GAME_PROOF, PLAY_RULES, RULE_WORDS
from .errors import EventError


def proof_events(match, seat, c, now, out):
    """The violations proven by the play of printed card `c` by `seat` (into `out`)."""
    know = match.knowledge
    for i in range(match.proof_count):
        index, rule, at_play = match.proofs[i * 3], match.proofs[i * 3 + 1], match.proofs[i * 3 + 2]
        if rule == FALSE_DECLARATION:
            out.append(false_declaration(match, index, c, seat, now))
        elif rule == CUARENTA_FIRST:
            out.append(match.game.cuarenta_violation(match, index, now))     # Tute's
        elif rule == GAME_PROOF:    # a game's own (Wiezen's calls): it writes the violation
            out.append(match.game.game_violation(match, index, at_play))
        elif at_play:       # the play's own seat (a condoned card is judged with the next)
            v = match._violation(know.play_trick[index], know.play_seat[index], know.play_card[index],
                                 rule, "at-play", None)
            if not match.known[know.play_seat[index]] and rule < PLAY_RULES:
                possible(match, v, index, rule)
            out.append(v)
        else:
            v = match._violation(know.play_trick[index], know.play_seat[index],
                                 know.play_card[index], rule, now,
                                 {"trick": now, "card": C.name(c)})
            possible(match, v, index, rule)
            out.append(v)


def possible(match, v, index, rule):
    """Add `possible` to a violation when the proof leaves rules before its own open:
    the seat may have broken an earlier duty instead (docs/protocol.md 1.1). Listed in
    the game's rule order, the proven rule last."""
    know = match.knowledge
    unseen = [0, 0, 0, 0]
    for s in range(4):
        unseen[s] = match.game.deck[s] & ~match.played[s]
        for other in range(match.seats):
            if other != know.play_seat[index]:
                unseen[s] &= ~match.holding[other][s]
    rules = know.possible(index, rule, unseen)
    if len(rules) > 1:
        v["possible"] = [RULE_WORDS[r] for r in rules]


def revision(match, index, rule):
    """The violation of play `index` again, naming the rule actually broken (every
    card of the hand has been played: docs/protocol.md 1.1), with `revises` naming the
    rule first proven."""
    know = match.knowledge
    old = know.rule[index]
    proof = None
    if know.proof_trick[index]:
        proof = {"trick": know.proof_trick[index], "card": match.name(know.proof_card[index])}
    v = match._violation(know.play_trick[index], know.play_seat[index], know.play_card[index],
                         rule, "hand-end", proof)
    v["revises"] = RULE_WORDS[old]
    know.rule[index] = rule
    return v


def false_declaration(match, other, c, seat, now):
    """The violation of `other`'s declaration, shown false by `seat` playing card `c`."""
    d = match.game.declaration_of(match, other, c)      # a game that declares has it
    return {"ev": "violation", "hand": match.hand_no, "trick": d.get("trick", now) if d else now,
            "seat": other, "card": C.name(c), "rule": RULE_WORDS[FALSE_DECLARATION],
            "proven": now, "proof": {"trick": now, "card": C.name(c), "seat": seat}}


def shown(match, seat, codes, extra):
    """Violations proven by cards `seat` shows (a claim, a declaration, a hand laid
    down after the hand): each is a card it held, like a card played."""
    know = match.knowledge
    out = []
    pairs = match._pairs
    for c in codes:
        for i in range(know.proofs(seat, c, pairs)):
            index, rule = pairs[2 * i], pairs[2 * i + 1]
            know.close(index, rule, match.trick.number, c)
            proof = {"trick": match.trick.number, "card": match.name(c)}
            proof.update(extra)
            v = match._violation(know.play_trick[index], seat, know.play_card[index], rule,
                                 match.trick.number, proof)
            possible(match, v, index, rule)
            out.append(v)
    return out


def show_after(match, seat, listed):
    """A hand ended early: a seat lays the cards it still held on its reader. They
    are evidence, as a claim's shown cards are: a card ruled out proves the earlier
    play illegal."""
    codes = []
    inner = match.game.inner
    for text in listed:
        c = match._card(text)
        if inner is not None:
            c = inner[c]
        if match.played[c >> 4] & C.bit(c):
            raise EventError("seat " + str(seat) + " shows " + repr(text) + ", which was played")
        codes.append(c)
    return shown(match, seat, codes, {"shown": True})
