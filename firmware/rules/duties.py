"""A player's duties in a trick, and the one reading of them every game shares.

A game states its duties as flags (below); `legal_into` (which cards may be played),
`forbid_into` (which holdings would have made a play illegal, and under which
rule) and the verdict all follow from the flags, here and in the C core
(firmware/native/core/tapete_core.c), with no switch on a game's name. The numbers are
the same in every layer (tapete_core.h, docs/rules-api.md).

The two functions are written independently and tests check that they agree:
card c is in legal(H) exactly when H holds none of forbidden(c).

Both work on a game's card tables (rules/game.py): `strength`, `points_of`, `above`
and `below` per card code, `deck` per suit, `team_of` per seat. They allocate
nothing: the controller calls them for every card played.
"""
from .cards import NO_TRUMP

# -- duties (flags) -------------------------------------------------------------------
FOLLOW = 1          # follow the suit led when able
HEAD_OPPONENT = 2   # beat the winning card when an opponent holds the trick (Malilla, Botifarra)
HEAD_ALWAYS = 4     # beat the winning card whoever holds the trick (Tute)
TRUMP = 8           # void in the suit led: play a trump when able
OVERTRUMP = 16      # ... and above a trump already in the trick when able
UNDERTRUMP = 32     # ... and, when no trump held can go above it, still a trump
SEVEN = 64          # no discarding the plain 7 of a suit not led yet (Malilla)
LOW_CARD = 128      # partner winning: a card worth nothing must be the lowest of its suit (Botifarra)
EXEMPT = 256        # partner winning: no duty to overtrump (Manille's partner_exemption, the text)
TRAWL = 512         # not following a trump lead is named `trawl` (Envite)
EXEMPT_TRUMP = 1024  # with EXEMPT: no duty to trump either (partner_exemption "trump")
TRUMP_LEAD = 2048   # with FOLLOW: follow only when trumps are led (Tute habanero's stock)

# -- rule words (docs/protocol.md `violation.rule`), numbered for fixed-size tables ----------
REVOKE = 0
MUST_BEAT = 1
SEVEN_DISCARD = 2
MUST_TRUMP = 3
MUST_OVERTRUMP = 4
LOW_CARD_RULE = 5
TRAWL_RULE = 6
PLAY_RULES = 7          # the codes above are the rules a play can break
OUT_OF_TURN = 7
UNKNOWN_CARD = 8
DUPLICATE_CARD = 9
NOT_IN_HAND = 10
FALSE_DECLARATION = 11
CUARENTA_FIRST = 12     # Tute: las veinte declared by the seat that held las cuarenta
GAME_PROOF = 13         # a game's own rule word (Wiezen's calls), written by its `game_violation`
RULE_WORDS = ("revoke", "must-beat", "seven-discard", "must-trump", "must-overtrump",
              "low-card", "trawl", "out-of-turn", "unknown-card", "duplicate-card",
              "not-in-hand", "false-declaration", "cuarenta-first")

SEVEN_BIT = 1 << 6      # the 7 inside a suit set (face 7 is bit 6)


def _heading(game, trick):
    """True when the seat to play must beat the winning card if it can."""
    d = game.duties
    if d & HEAD_ALWAYS:
        return True
    return bool(d & HEAD_OPPONENT) and game.team_of[trick.winner] != game.team_of[trick.to_play]


def _partner_winning(game, trick):
    return game.team_of[trick.winner] == game.team_of[trick.to_play]


def _restricted_sevens(game, trick):
    """A bit per suit whose 7 may not be discarded now (not trump, not led yet)."""
    bits = 0
    for s in range(4):
        if s != trick.trump and not (trick.led_suits >> s) & 1:
            bits |= 1 << s
    return bits


def _lowest_only(game, suit, held, bits):
    """Of `bits` (a suit set of `suit`), the cards the low-card rule allows: those
    worth points, and a card worth nothing only when nothing lower is held."""
    keep = 0
    base = suit << 4
    below = game.below
    points_of = game.points_of
    f = 0
    while bits >> f:
        if (bits >> f) & 1:
            c = base + f
            if points_of[c] or not (held & below[c]):
                keep |= 1 << f
        f += 1
    return keep


def legal_into(game, hand, trick, out):
    """Fill `out` (four suit sets) with the cards of `hand` legal in `trick`."""
    out[0] = hand[0]
    out[1] = hand[1]
    out[2] = hand[2]
    out[3] = hand[3]
    if trick.n == 0:
        return
    d = game.duties
    led = trick.led
    best = trick.best
    trump = trick.trump
    head = _heading(game, trick)
    if d & FOLLOW and hand[led] and (led == trump or not d & TRUMP_LEAD):
        follow = hand[led]
        out[0] = out[1] = out[2] = out[3] = 0
        if head and best >> 4 == led:
            higher = follow & game.above[best]
            if higher:
                out[led] = higher
                return
        if d & LOW_CARD and _partner_winning(game, trick):
            follow = _lowest_only(game, led, hand[led], follow)
        out[led] = follow
        return
    exempt = d & EXEMPT and _partner_winning(game, trick)
    if trump != NO_TRUMP and trump != led and hand[trump] and not (exempt and d & EXEMPT_TRUMP):
        trumps = hand[trump]
        best_trump = best >> 4 == trump
        chosen = 0
        if d & TRUMP:
            if d & OVERTRUMP and best_trump and not exempt:
                chosen = trumps & game.above[best]
                if not chosen and d & UNDERTRUMP:
                    chosen = trumps
            else:
                chosen = trumps
        elif head:
            chosen = trumps & game.above[best] if best_trump else trumps
        if chosen:
            out[0] = out[1] = out[2] = out[3] = 0
            out[trump] = chosen
            return
    # A free discard (out holds the whole hand).
    if d & SEVEN:
        sevens = _restricted_sevens(game, trick)
        free = 0
        for s in range(4):
            if (sevens >> s) & 1:
                out[s] &= ~SEVEN_BIT
            free |= out[s]
        if not free:        # only unled 7s in hand: the ban is waived
            for s in range(4):
                out[s] = hand[s]
    if d & LOW_CARD and _partner_winning(game, trick):
        for s in range(4):
            if out[s]:
                out[s] = _lowest_only(game, s, hand[s], out[s])


def forbid_into(game, c, trick, out):
    """Fill `out` (PLAY_RULES * 4 suit sets, rule-major) with the holdings that would
    make playing `c` in `trick` illegal, each under the rule it breaks. The sets are
    disjoint: a holding is named under the first rule it breaks."""
    for i in range(len(out)):
        out[i] = 0
    if trick.n == 0:
        return
    d = game.duties
    led = trick.led
    best = trick.best
    trump = trick.trump
    s = c >> 4
    head = _heading(game, trick)
    partner = _partner_winning(game, trick)
    if d & FOLLOW and s == led:
        if head and best >> 4 == led and not (game.above[best] >> (c & 15)) & 1:
            out[MUST_BEAT * 4 + led] = game.above[best]
        if d & LOW_CARD and partner and not game.points_of[c]:
            out[LOW_CARD_RULE * 4 + led] = game.below[c]
        return
    if d & FOLLOW and (led == trump or not d & TRUMP_LEAD):
        rule = TRAWL_RULE if d & TRAWL and led == trump else REVOKE
        out[rule * 4 + led] = game.deck[led]
    exempt = d & EXEMPT and partner
    if trump != NO_TRUMP and trump != led and not (exempt and d & EXEMPT_TRUMP):
        best_trump = best >> 4 == trump
        beats = s == trump and (not best_trump or (game.above[best] >> (c & 15)) & 1)
        if d & TRUMP:
            if d & OVERTRUMP and best_trump and not exempt:
                over = game.above[best]
                if s != trump:
                    # not trumping: any trump held breaks it when under-trumping is
                    # forced, else only one that could go above
                    out[MUST_TRUMP * 4 + trump] = game.deck[trump] if d & UNDERTRUMP else over
                elif not beats:
                    out[MUST_OVERTRUMP * 4 + trump] = over
            elif s != trump:
                out[MUST_TRUMP * 4 + trump] = game.deck[trump]
        elif head and not beats:
            out[MUST_BEAT * 4 + trump] = game.above[best] if best_trump else game.deck[trump]
    if d & SEVEN and (c & 15) == 6 and s != trump and not (trick.led_suits >> s) & 1:
        # An unled plain 7 is legal only when every card held was such a 7; parts
        # already named under another rule keep that rule.
        sevens = _restricted_sevens(game, trick)
        for t in range(4):
            bits = game.deck[t]
            if (sevens >> t) & 1:
                bits &= ~SEVEN_BIT
            for r in range(PLAY_RULES):
                bits &= ~out[r * 4 + t]
            out[SEVEN_DISCARD * 4 + t] = bits
    if d & LOW_CARD and partner and not game.points_of[c]:
        bits = game.below[c]
        for r in range(PLAY_RULES):
            bits &= ~out[r * 4 + s]
        out[LOW_CARD_RULE * 4 + s] = bits


def broken_rule(sets, base, hand):
    """The first rule whose forbidden holdings (`sets[base + rule*4 + suit]`) the hand
    meets, or -1 when the play was legal for that hand."""
    for r in range(PLAY_RULES):
        k = base + r * 4
        if sets[k] & hand[0] or sets[k + 1] & hand[1] or sets[k + 2] & hand[2] \
                or sets[k + 3] & hand[3]:
            return r
    return -1
