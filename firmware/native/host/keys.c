/* The host solver's keys: a position at a trick start keyed by relative ranks. Two
 * positions of one search whose cards, suit by suit and strongest first, have the
 * same owners and the same points (and the 7 where the seven duty singles it out)
 * are the same game, whatever cards have gone between them; each is stored under one
 * representative (rel_key_from). Every duty compares a card only with cards still in
 * play of its suit, so the order is all that matters (not in suitless games or where
 * ties draw, which keep the cards themselves). Each suit's part of it is memoised by
 * its live cards across the searches of one deal (rel_memo). The table's best lead is
 * kept by relative rank too (rel_of, card_of), so it guides every equivalent position.
 */
#include "host.h"

#if defined(TAPETE_HAVE_SOLVER) && defined(TAPETE_HOST_SOLVER)

#include <string.h>

/* One suit's part of the representative: of the cards `o` (a suit set of `su`), each
 * in strength order replaced by the strongest card of the start that lies below the
 * previous one and has the same owner and signature. */
static uint32_t rel_part(const host *h, int key, int su, uint32_t o) {
    const uint8_t *lv = h->live[su];
    int n = h->nlive[su], k = 0;
    uint32_t kb = 0;
    for (int i = 0; i < n; i++) {
        if ((o >> lv[i]) & 1) {
            k = h->alike[key][su][k][i]; /* card i's first alike at or below k */
            kb |= (uint32_t)1 << lv[k++];
        }
    }
    return kb;
}

/* The suit parts found, kept across the searches of one deal: a part depends only
 * on the suit's cards at the start, their owners and signatures (what rel_part
 * reads), so a suit whose three are those of the search before keeps its parts. On
 * Botifarra the walk of rel_part was a fifth of the search's instructions
 * (callgrind); looked up, keying costs a third of that. Up to 12 cards of a suit out
 * (4096 subsets: every game of the registry); more are walked. Per thread, as the
 * table's guess. */
#define MEMO_LIVE 12
#define MEMO_UNKNOWN 0xFFFFu /* no part has 16 cards when at most 12 are out */
static __thread struct {
    uint8_t valid, nlive;
    uint8_t live[16], owner[16], sig[16];
    uint16_t part[1u << MEMO_LIVE];
} rel_memo[2][4];

/* Suit `su`'s part of the representative of the cards `o`, by the exact key (`k` 0)
 * or the similar one (1). */
uint32_t rel_suit(const host *h, int k, int su, uint32_t o) {
    uint16_t *m = h->memo[k][su];
    if (!m) {
        return rel_part(h, k, su, o);
    }
    unsigned i = (unsigned)h->lvi[su][0][o & 0xFF] | h->lvi[su][1][o >> 8];
    if (m[i] == MEMO_UNKNOWN) {
        m[i] = (uint16_t)rel_part(h, k, su, o);
    }
    return m[i];
}

/* The memo of suit `su` for this search: kept when its cards at the start, their
 * owners and signatures are those it was made for, else emptied (keys_init, after
 * live[] and alike[]). */
static void rel_memo_for(host *h, int k, int su) {
    int n = h->nlive[su];
    h->memo[k][su] = 0;
    if (!h->relative || n > MEMO_LIVE) {
        return;
    }
    for (int byte = 0; byte < 2; byte++) {
        for (int b = 0; b < 256; b++) {
            uint16_t bits = 0;
            for (int i = 0; i < n; i++) {
                int f = h->live[su][i];
                if ((f >> 3) == byte && ((b >> (f & 7)) & 1)) {
                    bits |= (uint16_t)(1u << i);
                }
            }
            h->lvi[su][byte][b] = bits;
        }
    }
    uint8_t owner[16], sig[16];
    for (int f = 0; f < 16; f++) {
        owner[f] = h->owner[su * 16 + f];
        sig[f] = h->sig[k][su * 16 + f];
    }
    if (!rel_memo[k][su].valid || rel_memo[k][su].nlive != n
        || memcmp(rel_memo[k][su].live, h->live[su], 16) || memcmp(rel_memo[k][su].owner, owner, 16)
        || memcmp(rel_memo[k][su].sig, sig, 16)) {
        rel_memo[k][su].valid = 1;
        rel_memo[k][su].nlive = (uint8_t)n;
        memcpy(rel_memo[k][su].live, h->live[su], 16);
        memcpy(rel_memo[k][su].owner, owner, 16);
        memcpy(rel_memo[k][su].sig, sig, 16);
        memset(rel_memo[k][su].part, 0xFF, sizeof rel_memo[k][su].part);
    }
    h->memo[k][su] = rel_memo[k][su].part;
}

/* Suit `su`'s slots among the cards `out`, strongest first (live[]), and for each
 * of them the first alike at or below each place (alike[]). */
static void live_of(host *h, int su, uint64_t out) {
    const search *s = &h->s;
    uint32_t o = tc_suit_set(out, su);
    int k = 0;
    for (int i = 0; i < s->count[su]; i++) {
        int f = s->order[su][i];
        if ((o >> f) & 1) {
            h->live[su][k++] = (uint8_t)f;
        }
    }
    h->nlive[su] = (uint8_t)k;
    for (int key = 0; key < 2; key++) {
        const uint8_t *sig = h->sig[key];
        for (int from = 0; from < k; from++) {
            for (int i = from; i < k; i++) {
                int c = su * 16 + h->live[su][i], j = from;
                while (h->owner[su * 16 + h->live[su][j]] != h->owner[c]
                    || sig[su * 16 + h->live[su][j]] != sig[c]) {
                    j++; /* ends at i at the latest */
                }
                h->alike[key][su][from][i] = (uint8_t)j;
            }
        }
    }
}

/* The keys' tables for this search (after tc_search_init): `deal`, every seat's
 * cards the relative ranks are counted among (the hands, or a superset of them with
 * the same owners: the hand's deal, see tc_solve_host). */
void keys_init(host *h, const uint64_t *deal) {
    const search *s = &h->s;
    const tc_game *g = s->g;
    h->relative = s->collapse;
    uint64_t out = 0;
    for (int c = 0; c < 64; c++) {
        h->owner[c] = 0xFF;
        h->sig[0][c] = (uint8_t)(g->points[c] << 1
            | (s->keyed_led && TC_SLOT(c) == TC_SEVEN_SLOT));
        h->sig[1][c] = (uint8_t)(h->sig[0][c] ? 2 | (h->sig[0][c] & 1) : 0);
        if (g->points[c] > 127) {
            h->relative = 0; /* a signature must fit a byte */
        }
    }
    for (int p = 0; p < g->seats; p++) {
        out |= deal[p];
        for (uint64_t m = deal[p]; m; m &= m - 1) {
            h->owner[tc_ctz64(m)] = (uint8_t)p;
        }
    }
    memset(h->live, 0, sizeof h->live); /* the memo compares the slots unused too */
    for (int su = 0; su < 4; su++) {
        live_of(h, su, out);
        rel_memo_for(h, 0, su);
        rel_memo_for(h, 1, su);
    }
}

/* The representative of the cards `out` (cards still in the hands at a trick start):
 * each suit's part (rel_part). Two sets get the same representative exactly when
 * their sequences (owner, signature) are equal, suit by suit. `was_key` is the
 * representative of the cards `was` (0 and 0: none): a suit whose cards are those of
 * `was` keeps its part of it, as a trick changes one suit or two (the key of the
 * trick start before, or of this trick's). */
uint64_t rel_key_from(const host *h, int k, uint64_t out, uint64_t was, uint64_t was_key) {
    uint64_t key = 0;
    for (int su = 0; su < 4; su++) {
        uint32_t o = (uint32_t)(out >> (16 * su)) & 0xFFFFu;
        if (!o) {
            continue;
        }
        if (o == ((uint32_t)(was >> (16 * su)) & 0xFFFFu)) {
            key |= was_key & (uint64_t)0xFFFFu << (16 * su);
            continue;
        }
        key |= (uint64_t)rel_suit(h, k, su, o) << (16 * su);
    }
    return key;
}

/* The table's key of the trick start whose cards out are `cards`: their
 * representative, from the trick start's before (kept on the path), or the cards
 * themselves where the search does not key by relative ranks. */
uint64_t key_here(host *h, uint64_t cards) {
    const search *s = &h->s;
    if (!h->relative) {
        return cards;
    }
    int before = s->ply >= s->g->seats ? s->ply - s->g->seats : TC_MAX_PLIES;
    uint64_t key = rel_key_from(h, 0, cards, h->out_at[before], h->key_at[before]);
    h->out_at[s->ply] = cards;
    h->key_at[s->ply] = key;
    return key;
}

/* The similar key's representative of the same trick start (the cards' points
 * reduced to worth points or not: payoff similarity, table.c), made only when the
 * table wants it (a miss, a store): from the trick start's before when that one made
 * its own, else from a suit's part of whatever set was made at that ply last (a part
 * is the same for the same cards, whichever path made it). */
uint64_t like_here(host *h, uint64_t cards) {
    const search *s = &h->s;
    if (!h->relative) {
        return cards;
    }
    int before = s->ply >= s->g->seats ? s->ply - s->g->seats : TC_MAX_PLIES;
    uint64_t like = rel_key_from(h, 1, cards, h->like_out_at[before], h->like_at[before]);
    h->like_out_at[s->ply] = cards;
    h->like_at[s->ply] = like;
    return like;
}

/* How far apart the values of two positions of one similar key may lie: `a` and
 * `b`, their exact representatives, hold suit by suit in strength order cards of the
 * same owners, each worth points where the other is, so the two are one game but for
 * the points; every card's points go to one side, so `a`'s value is at most the
 * points its cards have more below `b`'s (the low 16 bits), at most the points they
 * have more above it (the high 16: SLACK_UP). -1 when they are not of one similar
 * key (the table's bucket is shared by others). */
int slack_of(const host *h, uint64_t a, uint64_t b) {
    int slack = 0;
    for (int su = 0; su < 4; su++) {
        uint32_t x = (uint32_t)(a >> (16 * su)) & 0xFFFFu, y = (uint32_t)(b >> (16 * su)) & 0xFFFFu;
        if (x == y) {
            continue;
        }
        uint32_t rx = ranks_of(h, (uint64_t)x << (16 * su), su), ry = ranks_of(h, (uint64_t)y << (16 * su), su);
        if (tc_popcount32(rx) != tc_popcount32(ry) || tc_popcount32(rx) != tc_popcount32(x)) {
            return -1;
        }
        const uint8_t *slot = h->slot_of[su], *rp = h->rank_points[su];
        while (rx) {
            int i = 31 - __builtin_clz(rx), j = 31 - __builtin_clz(ry);
            int ci = su * 16 + slot[i], cj = su * 16 + slot[j];
            if (h->owner[ci] != h->owner[cj] || h->sig[1][ci] != h->sig[1][cj]) {
                return -1;
            }
            slack += rp[i] > rp[j] ? (rp[i] - rp[j]) << 16 : rp[j] - rp[i];
            rx &= ~(1u << i);
            ry &= ~(1u << j);
        }
    }
    return slack;
}

/* A card as its rank among the cards out of its suit (suit << 4 | index), for the
 * table's best lead; and back. */
int rel_of(const host *h, uint64_t out, int c) {
    int su = TC_SUIT(c), idx = 0;
    uint32_t o = tc_suit_set(out, su);
    const uint8_t *lv = h->live[su];
    for (int i = 0; i < h->nlive[su]; i++) {
        int f = lv[i];
        if (f == TC_SLOT(c)) {
            return su << 4 | idx;
        }
        idx += (o >> f) & 1;
    }
    return TC_NO_CARD;
}

int card_of(const host *h, uint64_t out, int rel) {
    if (rel == TC_NO_CARD) {
        return TC_NO_CARD;
    }
    int su = rel >> 4, idx = rel & 15;
    uint32_t o = tc_suit_set(out, su);
    const uint8_t *lv = h->live[su];
    for (int i = 0; i < h->nlive[su]; i++) {
        int f = lv[i];
        if ((o >> f) & 1) {
            if (idx-- == 0) {
                return su * 16 + f;
            }
        }
    }
    return TC_NO_CARD;
}

#endif
