/* The host solver's transposition table: tt.c's entries in buckets of a cache
 * line, the entry's cut-offs at a trick start and its store, and the enhanced
 * transposition cut-off at a trick's last card.
 *
 * Payoff similarity (Furtak and Buro, IJCAI 2011; Kupferschmid and Helmert's
 * quasi-symmetry in Skat): two positions whose cards differ only in the points of
 * cards worth points are one game whose values differ by at most the points that
 * differ, card by card (slack_of). Each entry is stored twice: in its exact key's
 * bucket and in its similar key's (each card's points reduced to worth points or
 * not), where it takes the way of a similar position's entry (one per similar key,
 * the last stored). A trick start missing its own entry, or whose own entry is not
 * exact and leaves the window open, looks in its similar key's bucket and takes the
 * bounds found there widened by the slack (and, with no entry of its own, the best
 * lead).
 * One bucket keyed by the similar key alone, its ways holding the exact keys (one
 * probe, one cache line), crowded a similar key's many variants into four ways:
 * measured worse than none (docs/solver-experiments.md, stop 33).
 */
#include "host.h"

#if defined(TAPETE_HAVE_SOLVER) && defined(TAPETE_HOST_SOLVER)

#define SIMILAR 0x5A5A5A5A5A5A5A5Aull /* the similar keys' buckets apart from the exact ones' */

/* The table's entry of a position (tt.c's layout and tags): four-way buckets of one
 * 64-byte cache line here, where tt.c's two ways suit the Pico's small tables; a new
 * entry takes a free or stale way, else the one over the fewest cards (the smallest
 * subtree, cheapest to search again). */
static tc_entry *bucket_of(const tc_table *tt, uint64_t cards, unsigned meta) {
    uint32_t x = (uint32_t)cards * 0x9E3779B1u ^ (uint32_t)(cards >> 32) * 0x85EBCA77u ^ meta * 0xC2B2AE35u;
    x ^= x >> 15;
    x *= 0x2C1B3C6Du;
    x ^= x >> 13;
    return &tt->entry[x & tt->mask & ~3u];
}

tc_entry *host_probe(tc_table *tt, uint64_t cards, unsigned meta, int store) {
    if (!tt || !tt->entry || tt->mask < 3) {
        return tc_probe(tt, cards, meta, store);
    }
    uint32_t tag = tt->epoch << 8 | (meta & 0xFFu);
    tc_entry *b = bucket_of(tt, cards, meta);
    for (int i = 0; i < 4; i++) {
        if (b[i].tag == tag && b[i].cards == cards) {
            return &b[i];
        }
    }
    if (!store) {
        return 0;
    }
    tc_entry *e = 0;
    int least = 99;
    for (int i = 0; i < 4 && !e; i++) {
        if ((b[i].tag >> 8) != tt->epoch) {
            e = &b[i];
        }
    }
    if (!e) { /* three ways keep the biggest subtrees, the fourth takes the rest */
        for (int i = 0; i < 3; i++) {
            int k = tc_popcount64(b[i].cards);
            if (k < least) {
                least = k;
                e = &b[i];
            }
        }
        if (tc_popcount64(cards) < least) {
            e = &b[3];
        }
    }
    e->cards = cards;
    e->tag = tag;
    e->lo = 0;
    e->hi = 255;
    e->move = TC_NO_CARD;
    return e;
}

/* In the similar key `like`'s bucket, the entry of a position similar to the one of
 * exact key `cards` whose bounds, widened by *slack, say the most; or 0. */
static const tc_entry *similar_of(const host *h, uint64_t cards, uint64_t like, unsigned meta,
    int *slack) {
    const tc_table *tt = h->s.tt;
    uint32_t tag = tt->epoch << 8 | (meta & 0xFFu);
    const tc_entry *b = bucket_of(tt, like ^ SIMILAR, meta), *best = 0;
    int least = 1 << 30;
    for (int i = 0; i < 4; i++) {
        if (b[i].tag != tag) {
            continue;
        }
        int k = slack_of(h, cards, b[i].cards);
        int wide = k < 0 ? 0 : SLACK_DOWN(k) + SLACK_UP(k) + b[i].hi - b[i].lo;
        if (k >= 0 && wide < least) { /* the narrowest widened */
            least = wide;
            *slack = k;
            best = &b[i];
        }
    }
    return best;
}

/* The entry of the trick start whose exact key is `cards` (at this ply), or on a
 * miss a similar one (its similar key made then, in *like); 0 when neither is there. */
const tc_entry *host_look(host *h, uint64_t cards, uint64_t *like, unsigned meta, int *slack) {
    tc_table *tt = h->s.tt;
    *slack = 0;
    const tc_entry *e = host_probe(tt, cards, meta, 0);
    if (e || !tt || !tt->entry || tt->mask < 3 || !h->relative) {
        return e;
    }
    *like = like_here(h, h->out_at[h->s.ply]);
    return similar_of(h, cards, *like, meta, slack);
}

/* A similar entry alone (the trick start's own entry is inexact): as host_look's
 * miss, its similar key made here when *like is 0. */
const tc_entry *host_similar(host *h, uint64_t cards, uint64_t *like, unsigned meta, int *slack) {
    *slack = 0;
    if (!*like) {
        *like = like_here(h, h->out_at[h->s.ply]);
    }
    return similar_of(h, cards, *like, meta, slack);
}

/* The entry `e` (bounds and best lead of the exact key `cards`) copied into its
 * similar key's bucket too: over the way of a similar position, else as host_probe
 * stores. */
static void store_similar(const host *h, const tc_entry *e, uint64_t like, unsigned meta) {
    tc_table *tt = h->s.tt;
    if (!tt->entry || tt->mask < 3) {
        return;
    }
    uint32_t tag = tt->epoch << 8 | (meta & 0xFFu);
    tc_entry *b = bucket_of(tt, like ^ SIMILAR, meta), *w = 0;
    for (int i = 0; i < 4 && !w; i++) {
        if (b[i].tag == tag && (b[i].cards == e->cards || slack_of(h, e->cards, b[i].cards) >= 0)) {
            w = &b[i];
        }
    }
    if (!w) {
        w = host_probe(tt, like ^ SIMILAR, meta, 1);
    }
    if (w) {
        *w = *e;
    }
}

/* Enhanced transposition cut-off (ETC) at a trick's last card, keyed by relative
 * ranks: does a move of move[0..nm) end the trick in a position whose entry already
 * decides the window? The trick's winner and gain found without playing the card,
 * the key from the trick start's (rel_key_from). On Botifarra the first move's
 * subtree is often searched where another move's entry would have cut at once. */
int etc_cut(host *h, const uint8_t *move, int nm, int maximize, int alpha, int beta,
    int *value) {
    search *s = &h->s;
    const tc_game *g = s->g;
    const tc_trick *t = &s->t;
    uint64_t out = 0;
    for (int p = 0; p < g->seats; p++) {
        out |= s->hand[p];
    }
    const tc_view v = h->view[s->ply - 1];
    int won = 1;
    if (s->measure != TC_TRICKS) {
        won = g->trick_point;
        for (int i = 0; i < t->n; i++) {
            won += g->points[t->card[i]];
        }
    }
    uint64_t key[TC_MAX_HAND];
    uint8_t meta[TC_MAX_HAND];
    int gain[TC_MAX_HAND];
    int big = s->tt->entry && s->tt->mask >= 3;
    uint64_t base = rel_key_from(h, 0, out, h->out_at[s->start], h->key_at[s->start]);
    for (int i = 0; i < nm; i++) { /* every key first, their cache lines fetched at once */
        int c = move[i];
        int winner = tc_beats(g, c, v.best, t->trump) ? s->to_play : v.winner;
        gain[i] = g->team[winner] != s->team ? 0 : s->measure == TC_TRICKS ? 1 : won + g->points[c];
        int su = TC_SUIT(c); /* the move changes its own suit's part alone */
        uint32_t o = tc_suit_set(out, su) & ~(1u << TC_SLOT(c));
        key[i] = (base & ~((uint64_t)0xFFFFu << (16 * su)))
            | (uint64_t)(o ? rel_suit(h, 0, su, o) : 0) << (16 * su);
        meta[i] = (uint8_t)(winner << 4 | (s->keyed_led ? t->led : 0u));
        if (big) {
            __builtin_prefetch(bucket_of(s->tt, key[i], meta[i]));
        }
    }
    uint64_t lbase = 0; /* the similar keys made at the first miss */
    for (int i = 0; i < nm; i++) {
        int k = 0;
        const tc_entry *e = host_probe(s->tt, key[i], meta[i], 0);
        if (!e && big) {
            int su = TC_SUIT(move[i]);
            uint32_t o = tc_suit_set(out, su) & ~(1u << TC_SLOT(move[i]));
            if (!lbase) {
                lbase = rel_key_from(h, 1, out, h->like_out_at[s->start], h->like_at[s->start]);
            }
            uint64_t like = (lbase & ~((uint64_t)0xFFFFu << (16 * su)))
                | (uint64_t)(o ? rel_suit(h, 1, su, o) : 0) << (16 * su);
            e = similar_of(h, key[i], like, meta[i], &k);
        }
        if (!e) {
            continue;
        }
        int lo = e->lo - SLACK_DOWN(k), hi = e->hi + SLACK_UP(k);
        if (maximize ? gain[i] + lo >= beta : gain[i] + hi <= alpha) {
            *value = gain[i] + (maximize ? lo : hi);
            return 1;
        }
    }
    return 0;
}

/* The table's entry `e` of the trick start `n`, or of a similar one `slack` points
 * away: 1 and *value when its bounds, widened by the slack, decide the window, else 0,
 * the window narrowed to them and the entry's best lead the hint. */
int entry_cut(const host *h, const tc_entry *e, int slack, node *n, int *alpha, int *beta, int *value) {
    int lo = e->lo - SLACK_DOWN(slack), hi = e->hi + SLACK_UP(slack);
    if (lo >= *beta) {
        *value = lo;
        return 1;
    }
    if (hi <= *alpha) {
        *value = hi;
        return 1;
    }
    if (lo > *alpha) {
        *alpha = lo;
    }
    if (hi < *beta) {
        *beta = hi;
    }
    n->hint = h->relative ? card_of(h, n->cards, e->move) : e->move;
    return 0;
}

/* The value `best` of the trick start `n`, searched in the window [a0, b0) with
 * `bestmove` its best, into the table: an upper bound when it failed low, a lower
 * one when high, else exact; with the sure points' bounds. */
void entry_store(host *h, const node *n, int best, int a0, int b0, int bestmove) {
    tc_entry *e = host_probe(h->s.tt, n->key, n->meta, 1);
    if (!e) {
        return;
    }
    int v = best < 0 ? 0 : best > 255 ? 255 : best;
    if (best <= a0) {
        if (v < e->hi) {
            e->hi = (uint8_t)v;
        }
    } else if (best >= b0) {
        if (v > e->lo) {
            e->lo = (uint8_t)v;
        }
    } else {
        e->lo = e->hi = (uint8_t)v;
    }
    if (n->sure_lo > e->lo) e->lo = (uint8_t)n->sure_lo;
    if (n->sure_hi < e->hi) e->hi = (uint8_t)n->sure_hi;
    e->move = (uint8_t)(h->relative ? rel_of(h, n->cards, bestmove) : bestmove);
    if (h->relative) {
        store_similar(h, e, n->like ? n->like : like_here(h, n->cards), n->meta);
    }
}

#endif
