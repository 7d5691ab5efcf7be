/* The legal-card rules (rules/duties.py legal_into), written once in C: the core's
 * tc_legal_seen (tapete_core.c) and the host solver's legal cards (host/moves.c)
 * both expand this body. What the rules ask of the cards is answered by two
 * functions of the caller, known where the body is expanded, so that each build
 * calls them directly or inlines them: the core reads the game's tables each time
 * (the Pico has no room for more), the host solver looks the answers up in tables
 * made once per search (on Botifarra the comparisons were a third of its
 * instructions, callgrind). Internal to the C core and the host solver. */
#ifndef TAPETE_LEGAL_H
#define TAPETE_LEGAL_H

#include "tapete_core.h"

/* What the rules ask of the cards, `cx` the caller's context:
 * above: the suit set of the cards of `card`'s suit stronger than it;
 * low:   of `held` (a suit set of suit `suit`), the cards the low-card duty lets a
 *        seat play under its winning partner: those worth points, and a card worth
 *        nothing only when no card of `held` is below it (the weakest). */
typedef uint32_t tc_above_fn(const void *cx, int card);
typedef uint32_t tc_low_fn(const void *cx, int suit, uint32_t held);

/* True when the seat to play must beat the winning card if it can. */
static inline int tc_heading(const tc_game *g, unsigned d, const tc_view *v) {
    if (d & TC_HEAD_ALWAYS) {
        return 1;
    }
    return (d & TC_HEAD_OPPONENT) && g->team[v->winner] != g->team[v->to_play];
}

/* A bit per suit whose 7 may not be discarded now (not trump, not led yet). */
static inline unsigned tc_restricted_sevens(const tc_trick *t) {
    unsigned bits = 0;
    for (int s = 0; s < 4; s++) {
        if (s != t->trump && !((t->led >> s) & 1)) {
            bits |= 1u << s;
        }
    }
    return bits;
}

/* The cards of `hand` the seat to play may play, the trick `t` (n >= 1) seen as
 * `v`: follow (and head) the suit led, else trump (over-trump, under-trump) as the
 * duties ask, else a free discard, where an unled plain 7 may not go while another
 * card can and a card worth nothing goes under a winning partner only as the
 * lowest of its suit. */
static inline uint64_t tc_legal_rules(const tc_game *g, const tc_trick *t, const tc_view *v,
    uint64_t hand, const void *cx, tc_above_fn *above, tc_low_fn *low) {
    unsigned d = tc_duties(g);
    int led = TC_SUIT(t->card[0]);
    int trump = t->trump;
    int head = tc_heading(g, d, v);
    int partner = g->team[v->winner] == g->team[v->to_play];
    uint32_t follow = tc_suit_set(hand, led);
    if ((d & TC_FOLLOW) && follow && (led == trump || !(d & TC_TRUMP_LEAD))) {
        if (head && TC_SUIT(v->best) == led) {
            uint32_t higher = follow & above(cx, v->best);
            if (higher) {
                return tc_suit_mask(higher, led);
            }
        }
        if ((d & TC_LOW_CARD) && partner) {
            follow &= low(cx, led, follow);
        }
        return tc_suit_mask(follow, led);
    }
    uint32_t trumps = trump < 4 ? tc_suit_set(hand, trump) : 0;
    int exempt = (d & TC_EXEMPT) && partner;
    if (trump != led && trumps && !(exempt && (d & TC_EXEMPT_TRUMP))) {
        int best_trump = TC_SUIT(v->best) == trump;
        uint32_t chosen = 0;
        if (d & TC_TRUMP) {
            if ((d & TC_OVERTRUMP) && best_trump && !exempt) {
                chosen = trumps & above(cx, v->best);
                if (!chosen && (d & TC_UNDERTRUMP)) {
                    chosen = trumps;
                }
            } else {
                chosen = trumps;
            }
        } else if (head) {
            chosen = best_trump ? trumps & above(cx, v->best) : trumps;
        }
        if (chosen) {
            return tc_suit_mask(chosen, trump);
        }
    }
    /* a free discard */
    uint64_t out = hand;
    if (d & TC_SEVEN) {
        unsigned sevens = tc_restricted_sevens(t);
        uint64_t banned = 0;
        for (int s = 0; s < 4; s++) {
            if ((sevens >> s) & 1) {
                banned |= tc_bit(s * 16 + TC_SEVEN_SLOT);
            }
        }
        if (out & ~banned) { /* only unled 7s in hand: the ban is waived */
            out &= ~banned;
        }
    }
    if ((d & TC_LOW_CARD) && partner) {
        uint64_t kept = 0;
        for (int s = 0; s < 4; s++) {
            uint32_t bits = tc_suit_set(out, s);
            if (bits) {
                kept |= tc_suit_mask(bits & low(cx, s, tc_suit_set(hand, s)), s);
            }
        }
        out = kept;
    }
    return out;
}

#endif
