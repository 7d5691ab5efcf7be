/* tapete_core: legality, forbidden holdings, trick winner, points, random playouts.
 * See tapete_core.h and tapete_desc.h; the reference is firmware/rules/duties.py,
 * which this file follows line for line (tests/native compares the two).
 *
 * Rules for the core's files, so they link as a MicroPython native module on every
 * arch: no initialised or static data (no tables, not even const ones), no heap, no
 * division or variable 64-bit shifts (libgcc calls on Cortex-M0).
 */
#include "tapete_core.h"
#include "bits.h"
#include "legal.h"

/* ---- card tables --------------------------------------------------------- */

uint32_t tc_deck(const tc_game *g, int suit) {
    const uint8_t *st = g->strength + suit * 16;
    uint32_t m = 0;
    for (int f = 0; f < 16; f++) {
        if (st[f]) {
            m |= (uint32_t)1 << f;
        }
    }
    return m;
}

/* The cards of card's suit stronger (up) or weaker (down) than it; none for a card
 * outside the pack, as rules/game.py's `above` and `below`. */
static uint32_t around(const tc_game *g, int card, int up) {
    const uint8_t *st = g->strength + (card & 48);
    int mine = st[card & 15];
    uint32_t m = 0;
    if (!mine) {
        return 0;
    }
    for (int f = 0; f < 16; f++) {
        int o = st[f];
        if (up ? o > mine : (o && o < mine)) {
            m |= (uint32_t)1 << f;
        }
    }
    return m;
}

uint32_t tc_above(const tc_game *g, int card) {
    return around(g, card, 1);
}

uint32_t tc_below(const tc_game *g, int card) {
    return around(g, card, 0);
}

int tc_points(const tc_game *g, uint64_t mask) {
    int sum = 0;
    while (mask) {
        sum += g->points[tc_ctz64(mask)];
        mask &= mask - 1;
    }
    return sum;
}

/* ---- the trick ----------------------------------------------------------- */

int tc_beats(const tc_game *g, int a, int best, int trump) {
    if (g->flags & TC_SUITLESS) {
        return g->strength[a] > g->strength[best];
    }
    int sa = TC_SUIT(a);
    if (sa == TC_SUIT(best)) {
        return g->strength[a] > g->strength[best];
    }
    return sa == trump;
}

void tc_look(const tc_game *g, const tc_trick *t, tc_view *v) {
    int seat = t->leader;
    v->best = t->card[0];
    v->winner = seat;
    v->drawn = 0;
    for (int i = 1; i < t->n; i++) {
        int c = t->card[i];
        seat = tc_next(g, seat);
        if (tc_beats(g, c, v->best, t->trump)) {
            v->best = c;
            v->winner = seat;
            v->drawn = 0;
        } else if ((g->flags & TC_DRAWS) && g->strength[c] == g->strength[v->best]
                   && g->team[seat] != g->team[v->winner]) {
            v->drawn = 1;
        }
    }
    v->to_play = tc_next(g, seat);
}

int tc_winner(const tc_game *g, const tc_trick *t) {
    tc_view v;
    if (t->n == 0) {
        return -1;
    }
    tc_look(g, t, &v);
    return v.winner | (v.drawn ? TC_DRAWN : 0);
}

/* ---- legality (duties.py legal_into) ------------------------------------- */

/* What the rules (legal.h) ask of the cards, from the game's tables (`cx` the game):
 * the cards above one in its suit, and of the cards held in a suit those the
 * low-card duty lets go (a card outside the pack has none below it). */
static uint32_t pack_above(const void *cx, int card) {
    return tc_above((const tc_game *)cx, card);
}

static uint32_t pack_low(const void *cx, int suit, uint32_t held) {
    const tc_game *g = (const tc_game *)cx;
    uint32_t keep = 0;
    for (int f = 0; f < 16; f++) {
        if ((held >> f) & 1) {
            int c = suit * 16 + f;
            if (g->points[c] || !(held & tc_below(g, c))) {
                keep |= (uint32_t)1 << f;
            }
        }
    }
    return keep;
}

uint64_t tc_legal(const tc_game *g, const tc_trick *t, uint64_t hand) {
    if (t->n == 0) {
        return hand;
    }
    tc_view v;
    tc_look(g, t, &v);
    return tc_legal_seen(g, t, &v, hand);
}

uint64_t tc_legal_seen(const tc_game *g, const tc_trick *t, const tc_view *v, uint64_t hand) {
    return tc_legal_rules(g, t, v, hand, g, pack_above, pack_low);
}

/* ---- forbidden holdings (duties.py forbid_into) --------------------------- */
#ifdef TAPETE_HAVE_FORBIDDEN

/* The holdings already named under some rule (a holding keeps its first rule). */
static uint64_t named(const uint64_t out[TC_PLAY_RULES]) {
    uint64_t m = 0;
    for (int r = 0; r < TC_PLAY_RULES; r++) {
        m |= out[r];
    }
    return m;
}

void tc_forbidden(const tc_game *g, const tc_trick *t, int c, uint64_t out[TC_PLAY_RULES]) {
    for (int r = 0; r < TC_PLAY_RULES; r++) {
        out[r] = 0;
    }
    if (t->n == 0) {
        return;
    }
    tc_view v;
    tc_look(g, t, &v);
    unsigned d = tc_duties(g);
    int led = TC_SUIT(t->card[0]);
    int trump = t->trump;
    int s = TC_SUIT(c);
    int head = tc_heading(g, d, &v);
    int partner = g->team[v.winner] == g->team[v.to_play];
    uint64_t card = tc_bit(c);
    if ((d & TC_FOLLOW) && s == led) {
        if (head && TC_SUIT(v.best) == led) {
            uint64_t above = tc_suit_mask(tc_above(g, v.best), led);
            if (!(above & card)) {
                out[TC_MUST_BEAT] = above;
            }
        }
        if ((d & TC_LOW_CARD) && partner && !g->points[c]) {
            out[TC_LOW_CARD_RULE] = tc_suit_mask(tc_below(g, c), led);
        }
        return;
    }
    if ((d & TC_FOLLOW) && (led == trump || !(d & TC_TRUMP_LEAD))) {
        int rule = ((d & TC_TRAWL) && led == trump) ? TC_TRAWL_RULE : TC_REVOKE;
        out[rule] = tc_suit_mask(tc_deck(g, led), led);
    }
    int exempt = (d & TC_EXEMPT) && partner;
    if (trump != TC_NO_TRUMP && trump != led && !(exempt && (d & TC_EXEMPT_TRUMP))) {
        int best_trump = TC_SUIT(v.best) == trump;
        uint64_t above = tc_suit_mask(tc_above(g, v.best), TC_SUIT(v.best));
        uint64_t deck = tc_suit_mask(tc_deck(g, trump), trump);
        int beats = s == trump && (!best_trump || (above & card));
        if (d & TC_TRUMP) {
            if ((d & TC_OVERTRUMP) && best_trump && !exempt) {
                if (s != trump) {
                    /* not trumping: any trump held breaks it when under-trumping is
                     * forced, else only one that could go above */
                    out[TC_MUST_TRUMP] = (d & TC_UNDERTRUMP) ? deck : above;
                } else if (!beats) {
                    out[TC_MUST_OVERTRUMP] = above;
                }
            } else if (s != trump) {
                out[TC_MUST_TRUMP] = deck;
            }
        } else if (head && !beats) {
            out[TC_MUST_BEAT] = best_trump ? above : deck;
        }
    }
    if ((d & TC_SEVEN) && TC_SLOT(c) == TC_SEVEN_SLOT && s != trump && !((t->led >> s) & 1)) {
        /* an unled plain 7 is legal only when every card held was such a 7; parts
         * already named under another rule keep that rule */
        unsigned sevens = tc_restricted_sevens(t);
        uint64_t bits = 0;
        for (int u = 0; u < 4; u++) {
            uint32_t deck = tc_deck(g, u);
            if ((sevens >> u) & 1) {
                deck &= ~((uint32_t)1 << TC_SEVEN_SLOT);
            }
            bits |= tc_suit_mask(deck, u);
        }
        out[TC_SEVEN_DISCARD] = bits & ~named(out);
    }
    if ((d & TC_LOW_CARD) && partner && !g->points[c]) {
        out[TC_LOW_CARD_RULE] = tc_suit_mask(tc_below(g, c), s) & ~named(out);
    }
}

int tc_verdict(const tc_game *g, const tc_trick *t, uint64_t hand, int card) {
    uint64_t f[TC_PLAY_RULES];
    tc_forbidden(g, t, card, f);
    for (int r = 0; r < TC_PLAY_RULES; r++) {
        if (f[r] & hand) {
            return r;
        }
    }
    return TC_LEGAL;
}
#endif

/* ---- random playouts ------------------------------------------------------ */
#ifdef TAPETE_HAVE_PLAYOUT

long tc_playouts(const tc_game *g, const uint64_t *hands, const tc_trick *t0, int measure,
    long count, uint32_t *seed) {
    uint32_t x = *seed ? *seed : 1u;
    long sum = 0;
    int seats = g->seats;
    for (long k = 0; k < count; k++) {
        uint64_t h[TC_MAX_SEATS];
        uint8_t cards[TC_MAX_SEATS];
        tc_trick t = *t0;
        int seat = t.leader;
        for (int i = 0; i < t.n; i++) {
            cards[i] = t0->card[i];
            seat = tc_next(g, seat);
        }
        t.card = cards;
        for (int p = 0; p < seats; p++) {
            h[p] = hands[p];
        }
        for (;;) {
            uint64_t legal = tc_legal(g, &t, h[seat]);
            if (!legal) {
                break;
            }
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            /* a uniform index without division */
            int c = tc_nth_bit(legal, (int)((((x >> 8) & 0xFFFFu) * (uint32_t)tc_popcount64(legal)) >> 16));
            h[seat] &= ~tc_bit(c);
            if (t.n == 0) {
                t.led |= (uint8_t)(1u << TC_SUIT(c));
            }
            cards[t.n++] = (uint8_t)c;
            if (t.n < seats) {
                seat = tc_next(g, seat);
                continue;
            }
            tc_view v;
            tc_look(g, &t, &v);
            uint64_t left = 0;
            for (int p = 0; p < seats; p++) {
                left |= h[p];
            }
            if (!v.drawn && g->team[v.winner] == 0) {
                if (measure == TC_TRICKS) {
                    sum += 1;
                } else {
                    for (int i = 0; i < seats; i++) {
                        sum += g->points[cards[i]];
                    }
                    sum += g->trick_point + (left ? 0 : g->last_trick);
                }
            }
            if (!v.drawn) { /* a drawn trick's leader leads again */
                t.leader = (uint8_t)v.winner;
            }
            seat = t.leader;
            t.n = 0;
        }
    }
    *seed = x;
    return sum;
}
#endif
