/* The claim check: "the rest are ours" against every deal of the unseen cards the
 * table's knowledge allows, and a line of play that defeats a refuted claim.
 *
 * Reading of a claim (as rules/solver.py and rules/claims.py state it): for every
 * deal, the claiming side may play seeing it (double dummy). The claiming side is a
 * team of the descriptor; every other seat plays against it (at a three-handed table
 * each for themselves, the two others together).
 *
 * Bounds: one node budget covers everything the check does (each deal tried counts
 * one node, each searched position one, the refuting line's searches too), and no
 * search is deeper than TAPETE_MAX_DEPTH cards. The searches keep their depth on the
 * caller's stack of frames; only the deal enumeration recurses in C (one frame per
 * hidden seat).
 */
#include "search.h"

#ifdef TAPETE_HAVE_CLAIM

typedef struct {
    search s;
    const tc_game *g;
    const tc_trick *t;
    const uint64_t *cant;
    tc_table *tt;
    uint64_t hands[TC_MAX_SEATS];
    uint8_t hidden[TC_MAX_SEATS];
    uint8_t size[TC_MAX_SEATS];
    int nh;
    int team, measure, target;
    long budget, used;
} claim_ctx;

/* Nodes left, 0 for no cap; -1 when spent. */
static long left_of(const claim_ctx *c) {
    if (c->budget <= 0) {
        return 0;
    }
    return c->used < c->budget ? c->budget - c->used : -1;
}

/* 1 when the claim holds on the deal in c->hands, 0 when it fails, -1 out of budget. */
static int claim_holds(claim_ctx *c) {
    search *s = &c->s;
    long left = left_of(c);
    if (left < 0) {
        return TC_OUT_OF_BUDGET;
    }
    tc_search_init(s, c->g, c->hands, c->t, c->team, c->measure, c->tt, left);
    tc_next_epoch(s->tt);
    int total = tc_total(s);
    if (c->target <= 0) {
        return 1;
    }
    if (c->target > total) {
        return 0;
    }
    int v = tc_ab(s, c->target - 1, c->target);
    c->used += s->nodes;
    return s->abort ? TC_OUT_OF_BUDGET : v >= c->target;
}

/* Deal the cards of `pool` to hidden seats i.. in every way the table allows. */
static int deal_from(claim_ctx *c, int i, uint64_t pool) {
    int seat = c->hidden[i];
    int k = c->size[seat];
    c->used++; /* every deal tried costs a node, so no enumeration escapes the budget */
    if (c->budget > 0 && c->used > c->budget) {
        return TC_OUT_OF_BUDGET;
    }
    if (i == c->nh - 1) {
        if (tc_popcount64(pool) != k || (pool & c->cant[seat])) {
            return 1;
        }
        c->hands[seat] = pool;
        return claim_holds(c);
    }
    uint64_t avail = pool & ~c->cant[seat];
    uint8_t idx[TC_MAX_PLIES], comb[TC_MAX_HAND];
    int m = 0;
    while (avail) {
        idx[m++] = (uint8_t)tc_ctz64(avail);
        avail &= avail - 1;
    }
    if (k > m) {
        return 1;
    }
    for (int j = 0; j < k; j++) {
        comb[j] = (uint8_t)j;
    }
    for (;;) {
        uint64_t mask = 0;
        for (int j = 0; j < k; j++) {
            mask |= tc_bit(idx[comb[j]]);
        }
        c->hands[seat] = mask;
        int r = deal_from(c, i + 1, pool & ~mask);
        if (r <= 0) {
            return r;
        }
        int j = k - 1;
        while (j >= 0 && comb[j] == m - k + j) {
            j--;
        }
        if (j < 0) {
            return 1;
        }
        comb[j]++;
        for (int l = j + 1; l < k; l++) {
            comb[l] = (uint8_t)(comb[l - 1] + 1);
        }
    }
}

/* A line of play on the refuting deal: the claiming side plays the search's first
 * choice (at a trick start the lead the refutation found best, from the table; else
 * the move order's: winners first), the defence the first card that keeps the claim
 * short. Only the defence's cards are tested (one null window each), so the line
 * costs about what the refutation did: the claimer's best card by exact value would
 * cost a whole solve per card, seconds on the Pico at 10 tricks left. Runs
 * on the budget left (the refutation's table entries still serve); when that runs
 * out, the line stops there. */
static void refuting_line(claim_ctx *c, uint8_t *line) {
    search *s = &c->s;
    long left = left_of(c);
    if (left < 0) {
        return;
    }
    tc_search_init(s, c->g, c->hands, c->t, c->team, c->measure, c->tt, left);
    int got = 0, plies = 0;
    while (plies < TC_MAX_PLIES) {
        uint8_t move[TC_MAX_HAND];
        int mine = s->g->team[s->to_play] == c->team;
        tc_entry *e = mine && !s->t.n ? tc_probe_here(s, 0) : 0;
        int nm = tc_moves(s, e ? e->move : TC_NO_CARD, move);
        if (!nm) {
            break; /* the hand is over */
        }
        int pick = move[0];
        for (int i = 0; i < nm && !mine && !s->abort; i++) {
            undo u;
            int gain = tc_play(s, move[i], &u);
            int lim = c->target - got - gain;
            int v = tc_ab(s, lim - 1, lim);
            tc_unplay(s, move[i], &u);
            if (!s->abort && v < lim) {
                pick = move[i];
                break;
            }
        }
        if (s->abort) {
            break;
        }
        undo u;
        got += tc_play(s, pick, &u);
        line[plies++] = (uint8_t)pick;
    }
    c->used += s->nodes;
}

int tc_claim(const tc_game *g, const uint64_t *hands, unsigned known, uint64_t unseen,
    const uint64_t *cant, const tc_trick *t, int team, int measure, int target,
    tc_table *tt, long budget, long *nodes, uint64_t *deal, uint8_t *line, tc_frame *stack) {
    claim_ctx c;
    int seats = g->seats;
    for (int i = 0; i < TC_MAX_PLIES; i++) {
        line[i] = TC_NO_CARD;
    }
    if (nodes) {
        *nodes = 0;
    }
    known &= (1u << seats) - 1;
    int size = tc_check_position(g, hands, t, known);
    if (size < 0) {
        return TC_BAD_POSITION;
    }
    c.s.fr = stack; /* tc_search_init leaves it: every search of the check uses it */
    c.g = g;
    c.t = t;
    c.cant = cant;
    c.tt = tt;
    c.team = team;
    c.measure = measure;
    c.target = target;
    c.budget = budget;
    c.used = 0;
    c.nh = 0;
    uint64_t seen = 0, pack = 0;
    unsigned played = 0;
    int seat = t->leader;
    for (int i = 0; i < t->n; i++) {
        played |= 1u << seat;
        seen |= tc_bit(t->card[i]);
        seat = tc_next(g, seat);
    }
    for (int s = 0; s < 4; s++) {
        pack |= tc_suit_mask(tc_deck(g, s), s);
    }
    if (!known) { /* no hand seen: the hand size from the cards left */
        int cards = tc_popcount64(unseen) + t->n;
        for (size = 0; size * seats < cards; size++) {
        }
    }
    int need = 0, plies = 0;
    for (int p = 0; p < seats; p++) {
        c.hands[p] = 0;
        if ((known >> p) & 1) {
            c.hands[p] = hands[p];
            seen |= hands[p];
            plies += tc_popcount64(hands[p]);
        } else {
            c.hidden[c.nh++] = (uint8_t)p;
            c.size[p] = (uint8_t)(size - (int)((played >> p) & 1));
            need += c.size[p];
        }
    }
    if ((unseen & seen) || (unseen & ~pack) || need != tc_popcount64(unseen) || size > TC_MAX_HAND) {
        return TC_BAD_POSITION;
    }
    if (plies + need > TAPETE_MAX_DEPTH) {
        return TC_TOO_DEEP;
    }
    int r = c.nh ? deal_from(&c, 0, unseen) : claim_holds(&c);
    if (r == 0) {
        for (int p = 0; p < seats; p++) {
            deal[p] = c.hands[p];
        }
        refuting_line(&c, line);
    }
    if (nodes) {
        *nodes = c.used;
    }
    return r;
}

#endif
