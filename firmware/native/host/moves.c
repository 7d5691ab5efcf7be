/* The host solver's moves: the legal cards (the core's rules, core/legal.h) and the
 * move list (core/moves.c's), on tables made once per search; and the leads' order,
 * by killers and history.
 *
 * The same answers as tc_legal_seen and tc_moves (the rules are theirs; the
 * differential tests prove both), with the strength comparisons looked up in tables
 * made once per search: on Botifarra they were a third of the search's instructions
 * (callgrind), the low-card duty's walk over each suit above all.
 */
#include "host.h"

#if defined(TAPETE_HAVE_SOLVER) && defined(TAPETE_HOST_SOLVER)

#define TC_SCORE_ONLY /* score_of; the list itself is host_list */
#include "../core/move_list.h"
#include "../core/legal.h"

/* What the rules (core/legal.h) ask of the cards, from this search's tables (`cx`
 * the search): the cards above one in its suit, and of the cards held in a suit those
 * the low-card duty lets go: those worth points and the weakest held. */
static uint32_t table_above(const void *cx, int card) {
    return ((const host *)cx)->above[card];
}

static uint32_t table_low(const void *cx, int su, uint32_t held) {
    const host *h = (const host *)cx;
    uint32_t keep = held & h->worth[su];
    uint32_t r = (uint32_t)h->ranks[su][0][held & 0xFF] | h->ranks[su][1][held >> 8];
    if (r) {
        keep |= (uint32_t)1 << h->slot_of[su][tc_ctz32(r)];
    }
    return keep;
}

/* Whether the trick's side is settled when the seat to play lays `c` (the trick's
 * view `v`, none at a lead): 1 when it is the searching side's whatever the later
 * seats play, 2 the other side's, 0 not settled. It is settled for the side of
 * the trick's best card then when no later seat of the other side can beat that card
 * (a later partner overtaking it cannot be beaten either: the card it overtakes
 * with lies above it in its suit, or is a trump where the other side holds none). */
static int settled_side(const host *h, const tc_view *v, int c) {
    const search *s = &h->s;
    const tc_game *g = s->g;
    const tc_trick *t = &s->t;
    int seat = s->to_play, best = c, winner = seat;
    if (t->n && !tc_beats(g, c, v->best, t->trump)) {
        best = v->best;
        winner = v->winner;
    }
    int ours = g->team[winner] == s->team, sb = TC_SUIT(best);
    uint32_t higher = ~0u << h->rank_of[best] << 1;
    for (int i = t->n + 1, p = tc_next(g, seat); i < g->seats; i++, p = tc_next(g, p)) {
        if ((g->team[p] == s->team) == ours) {
            continue;
        }
        if ((h->held.r[p][sb] & higher)
            || (sb != t->trump && t->trump < 4 && tc_suit_set(s->hand[p], t->trump))) {
            return 0;
        }
    }
    return ours ? 1 : 2;
}

/* Unequal move reduction (open Skat solvers): of a run of legal cards of one suit
 * (ranks `all`) with no card in play (`in_play`) between them, every one worth
 * points, where the trick's side is settled whichever of them is laid, only the
 * dearest needs trying when the trick goes to the seat's own side, the cheapest
 * when it goes to the other: the rest of the hand is the same game with one kept
 * card's points changed, worth at most the points the trick gains or loses now.
 * The ranks of the run's other cards, to leave out (not where the seven duty
 * singles the 7 out). */
static uint32_t unequal_cut(const host *h, const tc_view *v, int su, uint32_t all, uint32_t in_play) {
    const search *s = &h->s;
    const uint8_t *rp = h->rank_points[su], *slot = h->slot_of[su];
    uint32_t cut = 0, dear = all & ~(uint32_t)h->zero_ranks[su]; /* the legal cards worth points */
    if (!(dear & (dear - 1))) {
        return 0; /* no two: no run (most suits at most seats) */
    }
    int mine = h->s.g->team[s->to_play] == s->team;
    for (uint32_t l = dear; l;) { /* a card worth nothing ends a run: never in l */
        int top = 31 - __builtin_clz(l), r = top, keep = top;
        l &= ~(1u << top);
        if (s->keyed_led && slot[top] == TC_SEVEN_SLOT) {
            continue;
        }
        uint32_t run = 1u << top;
        for (;;) { /* down the run: the next card in play below must be legal and dear */
            uint32_t below = in_play & ((1u << r) - 1);
            if (!below) {
                break;
            }
            int n = 31 - __builtin_clz(below);
            if (!((l >> n) & 1) || (s->keyed_led && slot[n] == TC_SEVEN_SLOT)) {
                break;
            }
            run |= 1u << n;
            l &= ~(1u << n);
            r = n;
        }
        if (run == 1u << top) {
            continue;
        }
        int side = settled_side(h, v, su * 16 + slot[top]);
        if (!side) {
            continue;
        }
        int ours = (side == 1) == mine; /* the trick's points are the seat's own side's */
        for (uint32_t m = run; m; m &= m - 1) {
            int k = tc_ctz32(m);
            if (ours ? rp[k] > rp[keep] : rp[k] < rp[keep]) {
                keep = k;
            }
        }
        cut |= run & ~(1u << keep);
    }
    return cut;
}

/* move_list's list on rank masks: the same cards in the same order (each suit's
 * cards strongest first, a card skipped when the card just above it among the
 * cards in play is legal too and worth as much, then sorted by score_of, stably),
 * where move_list walked every slot of each suit: a sixth of the search's
 * instructions (callgrind). */
static int host_list(const host *h, const tc_view *v, uint64_t legal, int hint,
    uint8_t move[TC_MAX_HAND]) {
    const search *s = &h->s;
    const tc_trick *t = &s->t;
    uint8_t score[TC_MAX_HAND];
    int nm = 0;
    uint32_t laid[4] = {0, 0, 0, 0}; /* the trick's cards as ranks, per suit */
    for (int i = 0; i < t->n; i++) {
        laid[TC_SUIT(t->card[i])] |= 1u << h->rank_of[t->card[i]];
    }
    for (int su = 0; su < 4; su++) {
        uint32_t all = ranks_of(h, legal, su);
        if (!all) {
            continue;
        }
        /* the cards in play: every seat's (both sides' masks) and the trick's */
        uint32_t in_play = h->held.side[0][su] | h->held.side[1][su] | laid[su];
        const uint8_t *slot = h->slot_of[su], *rp = h->rank_points[su];
        uint32_t cut = h->relative ? unequal_cut(h, v, su, all, in_play) : 0;
        for (uint32_t l = all; l;) {
            int r = 31 - __builtin_clz(l);
            l &= ~(1u << r);
            if ((cut >> r) & 1) {
                continue;
            }
            uint32_t up = in_play >> r >> 1; /* the cards in play above it */
            if (up && s->collapse) {
                int a = r + 1 + tc_ctz32(up);
                if (((all >> a) & 1) && rp[a] == rp[r]
                    && !(s->keyed_led && (slot[a] == TC_SEVEN_SLOT || slot[r] == TC_SEVEN_SLOT))) {
                    continue; /* the same as the card just above it */
                }
            }
            int c = su * 16 + slot[r];
            nm = insert_move(move, score, nm, c, score_of(s, v, c, !up, hint));
        }
    }
    return nm;
}

/* tc_moves's list (move_list.h) of the legal cards from this search's tables. */
int host_moves(const host *h, int hint, uint8_t move[TC_MAX_HAND]) {
    const search *s = &h->s;
    const tc_trick *t = &s->t;
    uint64_t legal = s->hand[s->to_play];
    const tc_view *v = &h->view[0]; /* unused at a lead */
    if (t->n) {
        v = &h->view[s->ply - 1];
        legal = tc_legal_rules(s->g, t, v, legal, h, table_above, table_low);
    }
    if (!(legal & (legal - 1))) { /* one card: nothing to order (a forced follow, mostly) */
        move[0] = (uint8_t)tc_ctz64(legal);
        return legal != 0;
    }
    return host_list(h, v, legal, hint, move);
}

/* The leads' order: the table's move when it leads the list (`fixed`), then the
 * killer leads (the last two leads that cut off a position at this trick likely cut
 * this one too), then the rest by history (leads that cut off positions of this seat
 * before, weighted by the tricks left under them), ties in moves.c's order. */
void order_leads(const host *h, uint8_t *move, int nm, int fixed) {
    const search *s = &h->s;
    const uint64_t *hs = h->hist[s->to_play];
    for (int i = fixed + 1; i < nm; i++) { /* stable insertion sort: at most 16 */
        uint8_t c = move[i];
        int j = i;
        while (j > fixed && hs[move[j - 1]] < hs[c]) {
            move[j] = move[j - 1];
            j--;
        }
        move[j] = c;
    }
    const uint8_t *k = h->killer[tc_popcount64(s->hand[s->to_play])];
    int at = fixed;
    for (int j = 0; j < 2; j++) {
        for (int i = at; i < nm; i++) {
            if (move[i] == k[j]) {
                uint8_t c = move[i];
                for (; i > at; i--) {
                    move[i] = move[i - 1];
                }
                move[at++] = c;
                break;
            }
        }
    }
}

/* A lead `c` cut the position off: it becomes its trick's first killer, and the
 * seat's history counts it, weighted by the tricks left under it. Nothing is noted
 * of a cut-off mid-trick. */
void note_cut(host *h, int c) {
    const search *s = &h->s;
    if (s->t.n) {
        return;
    }
    int tl = tc_popcount64(s->hand[s->to_play]);
    uint8_t *k = h->killer[tl];
    h->hist[s->to_play][c] += (uint64_t)(tl * tl);
    if (k[0] != c) {
        k[1] = k[0];
        k[0] = (uint8_t)c;
    }
}

#endif
