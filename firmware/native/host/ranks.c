/* The host solver's tables on ranks, made once per search: a card's rank in its suit
 * (0 the weakest) and back, the points of a set of ranks, the cards worth nothing,
 * and every seat's cards as ranks (kept by play.c as cards are played). The move
 * list, the legal cards and the sure points look these up where walking a suit's
 * cards cost a third of the search's instructions (callgrind).
 */
#include "host.h"

#if defined(TAPETE_HAVE_SOLVER) && defined(TAPETE_HOST_SOLVER)

#include <string.h>

/* Suit `su`'s ranks: rank[] per slot, and the tables of a rank (its points, its
 * slot) and of a card (its rank, the cards above it, whether it is worth points). */
static void suit_ranks(host *h, int su, uint8_t rank[16]) {
    const search *s = &h->s;
    const tc_game *g = s->g;
    int n = s->count[su];
    memset(h->rank_points[su], 0, sizeof h->rank_points[su]);
    for (int i = 0; i < n; i++) { /* order[] is strongest first */
        rank[s->order[su][i]] = (uint8_t)(n - 1 - i);
        h->rank_points[su][n - 1 - i] = g->points[su * 16 + s->order[su][i]];
    }
    h->zero_ranks[su] = 0;
    for (int i = 0; i < n; i++) {
        int c = su * 16 + s->order[su][i];
        h->zero_cards |= g->points[c] ? 0 : tc_bit(c);
    }
    for (int r = 0; r < n; r++) {
        h->zero_ranks[su] |= (uint16_t)(h->rank_points[su][r] ? 0 : 1u << r);
    }
    h->monotone |= (uint8_t)(1u << su);
    for (int r = 1; r < n; r++) {
        if (h->rank_points[su][r] < h->rank_points[su][r - 1]) {
            h->monotone &= (uint8_t)~(1u << su);
        }
    }
    h->worth[su] = 0;
    for (int i = 0; i < n; i++) {
        int c = su * 16 + s->order[su][i];
        h->slot_of[su][n - 1 - i] = s->order[su][i];
        h->above[c] = (uint16_t)tc_above(g, c);
        h->worth[su] |= (uint16_t)(g->points[c] ? 1u << s->order[su][i] : 0);
    }
    for (int f = 0; f < 16; f++) {
        h->rank_of[su * 16 + f] = rank[f];
    }
}

/* Suit `su`'s lookups by the byte: a byte of its ranks -> their points, a byte of
 * its slots -> their ranks (rank[] per slot). */
static void byte_tables(host *h, int su, const uint8_t rank[16]) {
    const tc_game *g = h->s.g;
    for (int byte = 0; byte < 2; byte++) {
        for (int b = 0; b < 256; b++) {
            int pts = 0;
            for (int f = 0; f < 8; f++) {
                pts += (b >> f) & 1 ? h->rank_points[su][byte * 8 + f] : 0;
            }
            h->rpoints[su][byte][b] = (uint16_t)pts;
        }
    }
    for (int byte = 0; byte < 2; byte++) {
        for (int b = 0; b < 256; b++) {
            uint16_t r = 0;
            for (int f = 0; f < 8; f++) {
                int slot = byte * 8 + f;
                r |= (uint16_t)(((b >> f) & 1) && g->strength[su * 16 + slot] ? 1u << rank[slot] : 0);
            }
            h->ranks[su][byte][b] = r;
        }
    }
}

/* Every table on ranks for this search (after tc_search_init), then every seat's
 * cards as ranks. */
void ranks_init(host *h) {
    const search *s = &h->s;
    const tc_game *g = s->g;
    h->monotone = 0;
    h->zero_cards = 0;
    for (int su = 0; su < 4; su++) {
        uint8_t rank[16] = {0};
        suit_ranks(h, su, rank);
        byte_tables(h, su, rank);
    }
    memset(h->held.side, 0, sizeof h->held.side);
    for (int p = 0; p < g->seats; p++) {
        for (int su = 0; su < 4; su++) {
            h->held.r[p][su] = ranks_of(h, s->hand[p], su);
            h->held.side[g->team[p] != s->team][su] |= h->held.r[p][su];
        }
        h->held.zeros[p] = (uint8_t)tc_popcount64(s->hand[p] & h->zero_cards);
    }
}

#endif
