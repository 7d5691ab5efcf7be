/* The solver's transposition table, in memory the caller provides (a bytearray on
 * the Pico, a few MB on a desktop): two-way buckets, the deeper position kept.
 *
 * A position at a trick start is the set of cards still out (within one search each
 * card's owner is fixed), the leader and, for the seven duty, the suits led. An
 * epoch per search (in the tag) makes older entries invisible without clearing the
 * memory; it wraps after 2^24 searches, and then the table is cleared once.
 */
#include "search.h"

#ifdef TAPETE_HAVE_SOLVER

#define EPOCH_MASK 0xFFFFFFu

void tc_table_init(tc_table *tt, void *mem, uint32_t bytes, uint32_t epoch) {
    uintptr_t p = (uintptr_t)mem, a = (p + 7u) & ~(uintptr_t)7u;
    uint32_t n = 0;
    tt->entry = 0;
    tt->mask = 0;
    tt->epoch = epoch & EPOCH_MASK;
    if (mem && bytes > a - p) {
        n = (bytes - (uint32_t)(a - p)) / (uint32_t)sizeof(tc_entry);
    }
    if (n >= 2) {
        uint32_t k = 1;
        while (k * 2 <= n) {
            k *= 2;
        }
        tt->entry = (tc_entry *)a;
        tt->mask = k - 1;
    }
}

void tc_next_epoch(tc_table *tt) {
    if (!tt || !tt->entry) {
        return;
    }
    tt->epoch = (tt->epoch + 1) & EPOCH_MASK;
    if (tt->epoch == 0) {
        for (uint32_t i = 0; i <= tt->mask; i++) {
            tt->entry[i].tag = 0;
        }
        tt->epoch = 1;
    }
}

tc_entry *tc_probe(tc_table *tt, uint64_t cards, unsigned meta, int store) {
    if (!tt || !tt->entry) {
        return 0;
    }
    uint32_t tag = tt->epoch << 8 | (meta & 0xFFu);
    uint32_t h = (uint32_t)cards * 0x9E3779B1u ^ (uint32_t)(cards >> 32) * 0x85EBCA77u ^ meta * 0xC2B2AE35u;
    h ^= h >> 15;
    h *= 0x2C1B3C6Du;
    h ^= h >> 13;
    tc_entry *a = &tt->entry[h & tt->mask & ~1u];
    tc_entry *b = a + 1;
    if (a->tag == tag && a->cards == cards) {
        return a;
    }
    if (b->tag == tag && b->cards == cards) {
        return b;
    }
    if (!store) {
        return 0;
    }
    /* slot a keeps the bigger subtree, slot b takes the rest */
    tc_entry *e = b;
    if ((a->tag >> 8) != tt->epoch || tc_popcount64(cards) >= tc_popcount64(a->cards)) {
        e = a;
    }
    e->cards = cards;
    e->tag = tag;
    e->lo = 0;
    e->hi = 255;
    e->move = TC_NO_CARD;
    return e;
}

#endif
