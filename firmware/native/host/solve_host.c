/* The host's solver: the exact value of the rest of a hand, as tc_solve gives it,
 * with the techniques of the bridge double-dummy solvers (DDS, dum-dum) carried over
 * to point-counting games. Compiled only into the CPython extension (setup.py
 * defines TAPETE_HOST_SOLVER): the Pico keeps the small core of solve.c.
 *
 * What it adds to solve.c (whose play/unplay and rules it reuses):
 * - a transposition table keyed by relative ranks: at a trick start, two positions
 *   of one search whose cards, suit by suit and strongest first, have the same
 *   owners and the same points (and the 7 where the seven duty singles it out) are
 *   the same game, whatever cards have gone between them; each is stored under one
 *   representative (rel_key_from). Every duty compares a card only with cards still in
 *   play of its suit, so the order is all that matters (not in suitless games or
 *   where ties draw, which keep the cards themselves). Each suit's part of it is
 *   memoised by its live cards across the searches of one deal (rel_memo);
 * - the table's best lead kept by relative rank, so it guides every equivalent
 *   position;
 * - the last trick played out without a search, and bounds on what is still to
 *   come (sure_of: points a side takes whatever the other plays, the leader's and
 *   its partner's sure tricks with what the others must follow onto them, the top
 *   trumps' tricks besides them, or for the side not on lead with every other
 *   seat's cheapest cards on them, counted on rank masks) tried after the table,
 *   within its entry's bounds;
 * - null-window tests that halve the open interval (C*), sharing the table; a
 *   search that keeps the table's entries of the searches before it first tests at
 *   the caller's bound, then at the last answer found with that table, and steps
 *   away from them before halving (host_exact's guesses); such searches of one hand
 *   key positions by the hand's deal (or its first search's cards), and pass on
 *   their killers and history (tc_solve_host's `dealt`);
 * - a cheaper node: the move list on rank masks (host_list, moves.c's order), the
 *   trick's view kept per ply (host_play), every seat's ranks kept as cards are
 *   played, and the sure points kept in the table's entries (a position found there
 *   is not counted again).
 *
 * The reference is rules/solver.py: tests/native compares the two on thousands of
 * random positions of every game, and this search with solve.c's on deeper ones.
 */
#define _POSIX_C_SOURCE 199309L /* clock_gettime: the time limit */
#include "../core/search.h"

#if defined(TAPETE_HAVE_SOLVER) && defined(TAPETE_HOST_SOLVER)

#include <string.h>
#include <time.h>
#include "solve_host.h"
#define TC_SCORE_ONLY /* score_of; the list itself is host_list */
#include "../core/move_list.h"

#define CLOCK_EVERY 4095 /* nodes between two looks at the clock, less one */

/* Every seat's cards as ranks, per suit (bit k: the pack's k-th weakest card of the
 * suit), kept as cards are played: what sure_of's chains and the move list look at. */
typedef struct {
    uint32_t r[TC_MAX_SEATS][4];
    uint32_t side[2][4];         /* per side (0 the searching team's seats, 1 the others') */
    uint8_t zeros[TC_MAX_SEATS]; /* per seat, its cards worth nothing */
} ranked;

typedef struct {
    search s;
    ranked held;        /* every seat's cards as ranks, kept by host_play and host_unplay */
    uint8_t rank_of[64]; /* per card, its rank in its suit (0 the weakest) */
    uint8_t owner[64];  /* seat holding each card when the search started */
    uint8_t sig[64];    /* what makes two adjacent cards differ: points, the 7 */
    uint8_t live[4][16]; /* per suit, the slots out at the start, strongest first */
    uint8_t nlive[4];
    uint8_t alike[4][16][16]; /* per suit, k and i: the first j >= k of live[] whose card
                               * has card i's owner and signature (rel_key's step) */
    uint16_t lvi[4][2][256]; /* per suit, a byte of its slots -> their indexes' bits in live[] */
    uint16_t *memo[4];  /* per suit, its representatives by live-index bits (rel_memo), or 0 */
    uint8_t relative;   /* key by relative ranks (not suitless games, not draws) */
    double deadline;    /* monotonic seconds when the search gives up; 0 none */
    uint8_t killer[TC_MAX_HAND + 1][2]; /* per trick (the cards each hand holds at its
                                         * start), the last two leads that cut it off */
    uint64_t hist[TC_MAX_SEATS][64]; /* per seat and lead, the cut-offs it made */
    uint16_t ranks[4][2][256]; /* per suit, a byte of its slots -> their ranks' bits */
    uint16_t rpoints[4][2][256]; /* per suit, a byte of ranks -> their card points */
    uint8_t rank_points[4][16]; /* per suit, a rank's card points (rank 0 the weakest) */
    uint8_t monotone;           /* bit per suit whose points never fall as ranks rise */
    uint16_t zero_ranks[4];     /* per suit, the ranks of its cards worth nothing */
    uint64_t zero_cards;        /* the cards worth nothing */
    uint16_t above[64];         /* per card, the suit set of its suit's stronger cards */
    uint16_t worth[4];          /* per suit, the slots of its cards worth points */
    uint8_t slot_of[4][16];     /* per suit, a rank's slot (rank 0 the weakest) */
    uint64_t out_at[TC_MAX_PLIES + 1]; /* per ply of a trick start on the path: the cards */
    uint64_t key_at[TC_MAX_PLIES + 1]; /* still out and their representative (0: none) */
    tc_view view[TC_MAX_PLIES + 1]; /* per ply within a trick: the trick seen after that card */
} host;

static double seconds_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* One suit's part of the representative: of the cards `o` (a suit set of `su`), each
 * in strength order replaced by the strongest card of the start that lies below the
 * previous one and has the same owner and signature. */
static uint32_t rel_part(const host *h, int su, uint32_t o) {
    const uint8_t *lv = h->live[su];
    int n = h->nlive[su], k = 0;
    uint32_t kb = 0;
    for (int i = 0; i < n; i++) {
        if ((o >> lv[i]) & 1) {
            k = h->alike[su][k][i]; /* card i's first alike at or below k */
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
} rel_memo[4];

static uint32_t rel_suit(const host *h, int su, uint32_t o) {
    uint16_t *m = h->memo[su];
    if (!m) {
        return rel_part(h, su, o);
    }
    unsigned i = (unsigned)h->lvi[su][0][o & 0xFF] | h->lvi[su][1][o >> 8];
    if (m[i] == MEMO_UNKNOWN) {
        m[i] = (uint16_t)rel_part(h, su, o);
    }
    return m[i];
}

/* The memo of suit `su` for this search: kept when its cards at the start, their
 * owners and signatures are those it was made for, else emptied (host_init, after
 * live[] and alike[]). */
static void rel_memo_for(host *h, int su) {
    int n = h->nlive[su];
    h->memo[su] = 0;
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
        sig[f] = h->sig[su * 16 + f];
    }
    if (!rel_memo[su].valid || rel_memo[su].nlive != n
        || memcmp(rel_memo[su].live, h->live[su], 16) || memcmp(rel_memo[su].owner, owner, 16)
        || memcmp(rel_memo[su].sig, sig, 16)) {
        rel_memo[su].valid = 1;
        rel_memo[su].nlive = (uint8_t)n;
        memcpy(rel_memo[su].live, h->live[su], 16);
        memcpy(rel_memo[su].owner, owner, 16);
        memcpy(rel_memo[su].sig, sig, 16);
        memset(rel_memo[su].part, 0xFF, sizeof rel_memo[su].part);
    }
    h->memo[su] = rel_memo[su].part;
}

/* The representative of the cards `out` (cards still in the hands at a trick start):
 * each suit's part (rel_part). Two sets get the same representative exactly when
 * their sequences (owner, signature) are equal, suit by suit. `was_key` is the
 * representative of the cards `was` (0 and 0: none): a suit whose cards are those of
 * `was` keeps its part of it, as a trick changes one suit or two (the key of the
 * trick start before, or of this trick's). */
static uint64_t rel_key_from(const host *h, uint64_t out, uint64_t was, uint64_t was_key) {
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
        key |= (uint64_t)rel_suit(h, su, o) << (16 * su);
    }
    return key;
}

/* A card as its rank among the cards out of its suit (suit << 4 | index), for the
 * table's best lead; and back. */
static int rel_of(const host *h, uint64_t out, int c) {
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

static int card_of(const host *h, uint64_t out, int rel) {
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

/* ---- moves: tapete_core.c's legal cards and moves.c's list, on tables ------
 * The same answers as tc_legal_seen and tc_moves (the rules are theirs; the
 * differential tests prove both), with the strength comparisons looked up in tables
 * made once per search: on Botifarra they were a third of the search's instructions
 * (callgrind), the low-card duty's walk over each suit above all. */

/* Of `bits` (a suit set of `su`, within `held`), the cards the low-card rule allows:
 * those worth points, and a card worth nothing only when nothing lower is held, which
 * is the weakest held card alone. */
static uint32_t low_cards(const host *h, int su, uint32_t held, uint32_t bits) {
    uint32_t keep = bits & h->worth[su];
    uint32_t r = (uint32_t)h->ranks[su][0][held & 0xFF] | h->ranks[su][1][held >> 8];
    if (r) {
        keep |= bits & (uint32_t)1 << h->slot_of[su][tc_ctz32(r)];
    }
    return keep;
}

/* tc_legal_seen's cards for the seat to play, the trick `t` seen as `v` (n >= 1). */
static uint64_t host_legal(const host *h, const tc_trick *t, const tc_view *v, uint64_t hand) {
    const tc_game *g = h->s.g;
    unsigned d = tc_duties(g);
    int led = TC_SUIT(t->card[0]);
    int trump = t->trump;
    int partner = g->team[v->winner] == g->team[v->to_play];
    int head = (d & TC_HEAD_ALWAYS) || ((d & TC_HEAD_OPPONENT) && !partner);
    uint32_t follow = tc_suit_set(hand, led);
    if ((d & TC_FOLLOW) && follow) {
        if (head && TC_SUIT(v->best) == led) {
            uint32_t higher = follow & h->above[v->best];
            if (higher) {
                return tc_suit_mask(higher, led);
            }
        }
        if ((d & TC_LOW_CARD) && partner) {
            follow = low_cards(h, led, follow, follow);
        }
        return tc_suit_mask(follow, led);
    }
    uint32_t trumps = trump < 4 ? tc_suit_set(hand, trump) : 0;
    if (trump != led && trumps && !((d & TC_EXEMPT) && partner)) {
        int best_trump = TC_SUIT(v->best) == trump;
        uint32_t chosen = 0;
        if (d & TC_TRUMP) {
            if ((d & TC_OVERTRUMP) && best_trump) {
                chosen = trumps & h->above[v->best];
                if (!chosen && (d & TC_UNDERTRUMP)) {
                    chosen = trumps;
                }
            } else {
                chosen = trumps;
            }
        } else if (head) {
            chosen = best_trump ? trumps & h->above[v->best] : trumps;
        }
        if (chosen) {
            return tc_suit_mask(chosen, trump);
        }
    }
    uint64_t out = hand; /* a free discard */
    if (d & TC_SEVEN) {
        uint64_t banned = 0;
        for (int su = 0; su < 4; su++) {
            if (su != trump && !((t->led >> su) & 1)) {
                banned |= tc_bit(su * 16 + TC_SEVEN_SLOT);
            }
        }
        if (out & ~banned) { /* only unled 7s in hand: the ban is waived */
            out &= ~banned;
        }
    }
    if ((d & TC_LOW_CARD) && partner) {
        uint64_t kept = 0;
        for (int su = 0; su < 4; su++) {
            uint32_t bits = tc_suit_set(out, su);
            if (bits) {
                kept |= tc_suit_mask(low_cards(h, su, tc_suit_set(hand, su), bits), su);
            }
        }
        out = kept;
    }
    return out;
}

static uint32_t ranks_of(const host *h, uint64_t m, int su);

/* move_list's list on rank masks: the same cards in the same order (each suit's
 * cards strongest first, a card skipped when the card just above it among the
 * cards in play is legal too and worth as much, then sorted by score_of, stably),
 * where move_list walked every slot of each suit: a sixth of the search's
 * instructions (callgrind). */
static int host_list(const host *h, const tc_view *v, uint64_t legal, int hint,
    uint8_t move[TC_MAX_HAND]) {
    const search *s = &h->s;
    const tc_game *g = s->g;
    const tc_trick *t = &s->t;
    uint8_t score[TC_MAX_HAND];
    int nm = 0;
    for (int su = 0; su < 4; su++) {
        uint32_t all = ranks_of(h, legal, su);
        if (!all) {
            continue;
        }
        uint32_t in_play = 0;
        for (int p = 0; p < g->seats; p++) {
            in_play |= h->held.r[p][su];
        }
        for (int i = 0; i < t->n; i++) {
            in_play |= TC_SUIT(t->card[i]) == su ? 1u << h->rank_of[t->card[i]] : 0;
        }
        const uint8_t *slot = h->slot_of[su], *rp = h->rank_points[su];
        for (uint32_t l = all; l;) {
            int r = 31 - __builtin_clz(l);
            l &= ~(1u << r);
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
static int host_moves(const host *h, int hint, uint8_t move[TC_MAX_HAND]) {
    const search *s = &h->s;
    const tc_trick *t = &s->t;
    uint64_t legal = s->hand[s->to_play];
    const tc_view *v = &h->view[0]; /* unused at a lead */
    if (t->n) {
        v = &h->view[s->ply - 1];
        legal = host_legal(h, t, v, legal);
    }
    if (!(legal & (legal - 1))) { /* one card: nothing to order (a forced follow, mostly) */
        move[0] = (uint8_t)tc_ctz64(legal);
        return legal != 0;
    }
    return host_list(h, v, legal, hint, move);
}

/* tc_play with the trick's view kept per ply (h->view), so that no trick is looked
 * at again from its lead: tc_look was a twentieth of the search's instructions. */
static int host_play(host *h, int c, undo *u) {
    search *s = &h->s;
    const tc_game *g = s->g;
    tc_trick *t = &s->t;
    int seat = s->to_play;
    tc_view v;
    if (t->n == 0) {
        v.best = c;
        v.winner = seat;
        v.drawn = 0;
    } else {
        v = h->view[s->ply - 1];
        if (tc_beats(g, c, v.best, t->trump)) {
            v.best = c;
            v.winner = seat;
            v.drawn = 0;
        } else if ((g->flags & TC_DRAWS) && g->strength[c] == g->strength[v.best]
                   && g->team[seat] != g->team[v.winner]) {
            v.drawn = 1;
        }
    }
    v.to_play = tc_next(g, seat);
    h->held.r[seat][TC_SUIT(c)] &= ~(1u << h->rank_of[c]);
    h->held.side[g->team[seat] != s->team][TC_SUIT(c)] &= ~(1u << h->rank_of[c]);
    h->held.zeros[seat] = (uint8_t)(h->held.zeros[seat] - !g->points[c]);
    h->view[s->ply] = v;
    tc_lay(s, c, u);
    if (t->n < g->seats) {
        s->to_play = (uint8_t)v.to_play;
        return 0;
    }
    return tc_end_trick(s, &v);
}

/* tc_unplay, the seat's ranks kept. */
static void host_unplay(host *h, int c, const undo *u) {
    tc_unplay(&h->s, c, u);
    h->held.r[u->seat][TC_SUIT(c)] |= 1u << h->rank_of[c];
    h->held.side[h->s.g->team[u->seat] != h->s.team][TC_SUIT(c)] |= 1u << h->rank_of[c];
    h->held.zeros[u->seat] = (uint8_t)(h->held.zeros[u->seat] + !h->s.g->points[c]);
}

/* The last trick: one card each, nothing to choose; what the side gains. */
static int last_trick(host *h) {
    search *s = &h->s;
    int gain = 0, n = s->g->seats;
    undo u[TC_MAX_SEATS];
    uint8_t c[TC_MAX_SEATS];
    for (int i = 0; i < n; i++) {
        c[i] = (uint8_t)tc_ctz64(s->hand[s->to_play]);
        gain += tc_play(s, c[i], &u[i]);
    }
    for (int i = n - 1; i >= 0; i--) {
        tc_unplay(s, c[i], &u[i]);
    }
    return gain;
}

/* The cards of suit `su` in `m` as ranks: bit k for the pack's k-th weakest card of
 * the suit. sure_of counts on them with bit tricks where walking a suit's cards
 * cost a third of the search's instructions (callgrind). */
static uint32_t ranks_of(const host *h, uint64_t m, int su) {
    uint32_t b = (uint32_t)(m >> (16 * su)) & 0xFFFFu;
    return (uint32_t)h->ranks[su][0][b & 0xFF] | h->ranks[su][1][b >> 8];
}

/* The rank of the strongest card of `r` (ranks), -1 when none. */
static int top_rank(uint32_t r) {
    return r ? 31 - __builtin_clz(r) : -1;
}

/* The ranks of `r` above rank `top` (all of them when top is -1). */
static uint32_t above(uint32_t r, int top) {
    return top < 0 ? r : r >> top >> 1 << top << 1;
}

/* Card points of the ranks `r` of suit `su`. */
static int points_of(const host *h, int su, uint32_t r) {
    return h->rpoints[su][0][r & 0xFF] + h->rpoints[su][1][r >> 8];
}

/* Card points of the `q` cheapest cards of the ranks `r` of suit `su` (all of them
 * when fewer): what a seat that must follow q tricks of that suit adds to them at
 * least. Where the suit's points never fall as its ranks rise, its weakest cards. */
static int cheapest(const host *h, int su, uint32_t r, int q) {
    int n = tc_popcount32(r), pts = 0;
    if (n <= q) {
        return points_of(h, su, r);
    }
    const uint8_t *rp = h->rank_points[su];
    if (h->monotone & 1u << su) {
        for (int j = 0; j < q; j++, r &= r - 1) {
            pts += rp[tc_ctz32(r)];
        }
        return pts;
    }
    uint8_t v[16];
    for (int j = 0; r; r &= r - 1, j++) { /* insertion sort: at most 16 */
        int x = rp[tc_ctz32(r)], k = j;
        for (; k > 0 && v[k - 1] > x; k--) {
            v[k] = v[k - 1];
        }
        v[k] = (uint8_t)x;
    }
    for (int j = 0; j < q; j++) {
        pts += v[j];
    }
    return pts;
}

/* Card points of seat `p`'s `k` cheapest cards, whatever their suits: what it adds at
 * least to k tricks its side loses, as it plays a card to every trick. */
static int cheapest_of_seat(const host *h, const ranked *rk, int p, int k, int trump, uint32_t skip) {
    int zeros = rk->zeros[p];
    if (zeros >= k) {
        return 0;
    }
    if (skip) {
        zeros -= tc_popcount32(skip & h->zero_ranks[trump]);
    }
    if (zeros >= k) {
        return 0;
    }
    uint32_t r4[4];
    for (int su = 0; su < 4; su++) {
        r4[su] = rk->r[p][su] & (su == trump ? ~skip : ~0u);
    }
    int need = k - zeros, n = 0, pts = 0;
    uint8_t v[TC_MAX_HAND];
    for (int su = 0; su < 4; su++) {
        for (uint32_t r = r4[su] & ~(uint32_t)h->zero_ranks[su]; r && n < TC_MAX_HAND; r &= r - 1) {
            v[n++] = h->rank_points[su][tc_ctz32(r)];
        }
    }
    for (int j = 0; j < need && j < n; j++) { /* selection: the need smallest */
        int m = j;
        for (int i = j + 1; i < n; i++) {
            m = v[i] < v[m] ? i : m;
        }
        uint8_t x = v[m];
        v[m] = v[j];
        v[j] = x;
        pts += x;
    }
    return pts;
}

/* What one side (the searching side when `ours`, else the others) is sure to take
 * from a trick start, whatever both sides play: a lower bound for the future value.
 * - Its trumps above every trump of the others take their tricks wherever they fall
 *   (only a card of their own side can beat them), with their points; one seat's
 *   such cards lie in as many different tricks.
 * - When it leads: the leader's cards of a plain suit above every card of every
 *   other seat in it, led one after another, win while each seat holding trumps
 *   still has to follow (follow duty), and a seat with no trumps can never take
 *   them. The partners count as others: a partner who took the trick would lead
 *   next, and the chain would break.
 * - Then the leader's trumps above every other seat's, led one after another.
 * Each other seat adds its cheapest cards of the suit it must follow to those
 * tricks. No trump falls on the plain suits' tricks (every seat holding trumps
 * follows them), so the side's top trumps win as many tricks more: the tricks are
 * the plain ones plus the most top trumps one seat holds. Or, for the side not on
 * lead, those top trumps' tricks counted alone with every other seat's cheapest
 * cards of any suit on them (a seat plays a card to every trick; a partner's own
 * top trumps are counted already). `leader` is the seat that leads the chain;
 * `cross` gets the plain suits whose chain's first card the seat may play on its
 * partner's lead (bit per suit).
 * Not for suitless games or drawn tricks (solve.c's collapse flag is off there). */
/* A chain's parts, for sure_of to join two: the side's top trumps' points, the
 * plain suits' tricks and points (with the followers'), the trump chain's
 * followers' points, the leader's and the side's most top trumps, and per plain
 * suit the tricks its chain wins. */
typedef struct {
    int masters, quick, plain, follow, klead, kmax;
    uint8_t q[4];
} parts;

static int chain_of(const host *h, const ranked *rk, int ours, int leader, int leads,
    unsigned *cross, parts *out) {
    const search *s = &h->s;
    const tc_game *g = s->g;
    int trump = s->t.trump;
    *cross = 0;
    int pts = 0, quick = 0, kmax = 0, klead = 0, masters = 0, plain = 0;
    uint8_t qs[4] = {0, 0, 0, 0};
    uint32_t mine[TC_MAX_SEATS] = {0}; /* per seat of the side, its top trumps */
    int star = -1;                     /* the seat with the most of them */
    if (trump < 4) {
        int top = top_rank(rk->side[ours][trump]); /* the other side's top trump */
        for (int p = 0; p < g->seats; p++) {
            if ((g->team[p] == s->team) != ours) {
                continue;
            }
            uint32_t m = above(rk->r[p][trump], top);
            int k = tc_popcount32(m);
            mine[p] = m;
            if (k > kmax) {
                star = p;
            }
            pts += points_of(h, trump, m);
            kmax = k > kmax ? k : kmax;
            if (p == leader) {
                klead = k;
            }
        }
    }
    masters = pts;
    if (leads && (tc_duties(g) & TC_FOLLOW)) {
        uint32_t others[4]; /* every other seat's cards */
        for (int su = 0; su < 4; su++) {
            others[su] = (rk->side[0][su] | rk->side[1][su]) & ~rk->r[leader][su];
        }
        for (int su = 0; su < 4; su++) {
            uint32_t mine = rk->r[leader][su];
            if (su == trump || !mine) {
                continue;
            }
            int cap = 16;
            for (int p = 0; p < g->seats; p++) {
                if (p != leader && trump < 4 && rk->r[p][trump]) {
                    int len = tc_popcount32(rk->r[p][su]);
                    cap = len < cap ? len : cap;
                }
            }
            /* every card above the others' top card is the leader's */
            uint32_t win = above(mine, top_rank(others[su]));
            int q = tc_popcount32(win);
            if (q > cap) {
                q = cap;
                while (tc_popcount32(win) > q) {
                    win &= win - 1; /* the weakest goes */
                }
            }
            /* the first is the seat's top card: it may take a trick its partner
             * led, unless it is worth nothing where a card worth nothing must be
             * the lowest under a winning partner */
            if (q && (h->rank_points[su][top_rank(win)] || !(tc_duties(g) & TC_LOW_CARD))) {
                *cross |= 1u << su;
            }
            pts += points_of(h, su, win);
            quick += q;
            qs[su] = (uint8_t)q;
            /* every other seat follows those q tricks while it holds the suit: its q
             * cheapest cards of it (all of them when shorter) fall on tricks the
             * leader wins (a seat void in an earlier suit of the chain may discard
             * some before, onto the leader's tricks too) */
            for (int p = 0; q && p < g->seats; p++) {
                pts += p == leader ? 0 : cheapest(h, su, rk->r[p][su], q);
            }
        }
        /* then the leader's trumps above every other seat's, partners' included (so
         * the leader keeps the lead), led one after another: each of the others
         * follows them with its cheapest trumps (its trumps are untouched so far:
         * it followed the plain suits above) */
        plain = pts - masters;
        int kl = 0;
        if (trump < 4) {
            kl = tc_popcount32(above(rk->r[leader][trump], top_rank(others[trump])));
        }
        for (int p = 0; kl && p < g->seats; p++) {
            if ((g->team[p] == s->team) != ours) {
                pts += cheapest(h, trump, rk->r[p][trump], kl);
            }
        }
    }
    if (out) {
        out->masters = masters;
        out->quick = quick;
        out->plain = plain;
        out->follow = pts - masters - plain;
        out->klead = klead;
        out->kmax = kmax;
        memcpy(out->q, qs, sizeof qs);
    }
    int tricks = quick + kmax; /* no trump falls on the plain suits' tricks */
    if (s->measure == TC_TRICKS) {
        return tricks;
    }
    int v = pts + tricks * g->trick_point;
    if (kmax && !leads) { /* or the top trumps' tricks, the others' cheapest cards on them */
        int w = masters + kmax * g->trick_point;
        for (int p = 0; p < g->seats; p++) { /* a partner's cards that are not top trumps */
            int k = (g->team[p] == s->team) != ours ? kmax : p == star ? 0 : kmax - tc_popcount32(mine[p]);
            w += k > 0 ? cheapest_of_seat(h, rk, p, k, trump, mine[p]) : 0;
        }
        v = w > v ? w : v;
    }
    return v;
}

/* sure_of's bound: the leader's own chain, or the leader's chain of plain suits and
 * then a partner's chain (chain_of with the partner leading) when the leader can
 * give it the lead: a card of a plain suit in which the partner's top card is above
 * every other seat's, the leader's too, and no seat holding trumps is void, led as
 * the first trick of the partner's chain (the partner takes it with that card, every
 * other seat following as in the chain). The two chains' suits differ (each one's
 * top cards are above the other's); the partner follows every suit of the leader's
 * chain to its end (so it keeps its own cards), and the leader's cards of the
 * partner's suits are untouched by its own leads. */
static int sure_of(const host *h, const ranked *rk, int ours, int leads) {
    const search *s = &h->s;
    const tc_game *g = s->g;
    int leader = s->t.leader;
    unsigned cross, suits = 0;
    parts a, b;
    int best = chain_of(h, rk, ours, leader, leads, &cross, &a);
    if (!leads || !(tc_duties(g) & TC_FOLLOW)) {
        return best;
    }
    for (int su = 0; su < 4; su++) {
        suits |= rk->r[leader][su] ? 1u << su : 0;
    }
    for (int p = 0; p < g->seats; p++) {
        if (p == leader || g->team[p] != g->team[leader]) {
            continue;
        }
        int top = 0; /* cheap first: the partner's top card above every other seat's */
        for (int su = 0; su < 4 && !top; su++) {
            if (su == s->t.trump || !((suits >> su) & 1)) {
                continue;
            }
            uint32_t rest = 0;
            for (int q = 0; q < g->seats; q++) {
                rest |= q == p ? 0 : rk->r[q][su];
            }
            top = top_rank(rk->r[p][su]) > top_rank(rest);
        }
        if (!top) {
            continue;
        }
        int v = chain_of(h, rk, ours, p, 1, &cross, &b);
        if (!(cross & suits)) {
            continue;
        }
        int follows = 1;
        for (int su = 0; su < 4; su++) {
            follows &= tc_popcount32(rk->r[p][su]) >= a.q[su];
        }
        if (follows && a.quick) { /* the leader's chain first, then the partner's */
            int tricks = a.quick + b.quick + b.kmax; /* no trump falls on the chains */
            int w = s->measure == TC_TRICKS ? tricks
                : b.masters + a.plain + b.plain + b.follow + tricks * g->trick_point;
            v = w > v ? w : v;
        }
        best = v > best ? v : best;
    }
    return best;
}

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

static tc_entry *host_probe(tc_table *tt, uint64_t cards, unsigned meta, int store) {
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

/* The leads' order: the table's move when it leads the list (`fixed`), then the
 * killer leads (the last two leads that cut off a position at this trick likely cut
 * this one too), then the rest by history (leads that cut off positions of this seat
 * before, weighted by the tricks left under them), ties in moves.c's order. */
static void order_leads(const host *h, uint8_t *move, int nm, int fixed) {
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

/* Enhanced transposition cut-off (ETC) at a trick's last card, keyed by relative
 * ranks: does a move of move[0..nm) end the trick in a position whose entry already
 * decides the window? The trick's winner and gain found without playing the card,
 * the key from the trick start's (rel_key_from). On Botifarra the first move's
 * subtree is often searched where another move's entry would have cut at once. */
static int etc_cut(host *h, const uint8_t *move, int nm, int maximize, int alpha, int beta,
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
    uint64_t base = rel_key_from(h, out, h->out_at[s->start], h->key_at[s->start]);
    for (int i = 0; i < nm; i++) { /* every key first, their cache lines fetched at once */
        int c = move[i];
        int winner = tc_beats(g, c, v.best, t->trump) ? s->to_play : v.winner;
        gain[i] = g->team[winner] != s->team ? 0 : s->measure == TC_TRICKS ? 1 : won + g->points[c];
        int su = TC_SUIT(c); /* the move changes its own suit's part alone */
        uint32_t o = tc_suit_set(out, su) & ~(1u << TC_SLOT(c));
        key[i] = (base & ~((uint64_t)0xFFFFu << (16 * su)))
            | (uint64_t)(o ? rel_suit(h, su, o) : 0) << (16 * su);
        meta[i] = (uint8_t)(winner << 4 | (s->keyed_led ? t->led : 0u));
        if (big) {
            __builtin_prefetch(bucket_of(s->tt, key[i], meta[i]));
        }
    }
    for (int i = 0; i < nm; i++) {
        tc_entry *e = host_probe(s->tt, key[i], meta[i], 0);
        if (e && (maximize ? gain[i] + e->lo >= beta : gain[i] + e->hi <= alpha)) {
            *value = gain[i] + (maximize ? e->lo : e->hi);
            return 1;
        }
    }
    return 0;
}

/* Alpha-beta on the future value for the searching side (fail-soft), the table at
 * trick starts keyed by relative ranks. */
static int host_ab(host *h, int alpha, int beta) {
    search *s = &h->s;
    if (s->abort) {
        return 0;
    }
    if (++s->nodes > s->budget && s->budget > 0) {
        s->abort = 1;
        return 0;
    }
    if (!(s->nodes & CLOCK_EVERY) && h->deadline > 0 && seconds_now() > h->deadline) {
        s->abort = 1;
        return 0;
    }
    const tc_game *g = s->g;
    tc_trick *t = &s->t;
    uint64_t cards = 0, key = 0;
    unsigned meta = 0;
    int hint = TC_NO_CARD;
    tc_entry *e = 0;
    int sure_lo = 0, sure_hi = 255;
    if (t->n == 0) {
        for (int p = 0; p < g->seats; p++) {
            cards |= s->hand[p];
        }
        if (!cards) {
            return 0;
        }
        int total = tc_total(s);
        if (total <= alpha) {
            return total;
        }
        if (beta <= 0) {
            return 0;
        }
        if (!(s->hand[t->leader] & (s->hand[t->leader] - 1))) {
            return last_trick(h);
        }
        if (h->relative) {
            int before = s->ply >= g->seats ? s->ply - g->seats : TC_MAX_PLIES;
            key = rel_key_from(h, cards, h->out_at[before], h->key_at[before]);
            h->out_at[s->ply] = cards;
            h->key_at[s->ply] = key;
        } else {
            key = cards;
        }
        meta = (unsigned)t->leader << 4 | (s->keyed_led ? t->led : 0u);
        e = host_probe(s->tt, key, meta, 0);
        if (e) { /* before the sure points: it answers twice as often (measured) */
            if (e->lo >= beta) {
                return e->lo;
            }
            if (e->hi <= alpha) {
                return e->hi;
            }
            if (e->lo > alpha) {
                alpha = e->lo;
            }
            if (e->hi < beta) {
                beta = e->hi;
            }
            hint = h->relative ? card_of(h, cards, e->move) : e->move;
        }
        if (h->relative && !e) { /* within the entry's bounds: a value met is exact */
            int lead = g->team[t->leader] == s->team;
            const ranked *rk = &h->held;
            sure_lo = sure_of(h, rk, 1, lead);
            if (sure_lo >= beta) {
                return sure_lo;
            }
            sure_hi = total - sure_of(h, rk, 0, !lead);
            if (sure_hi <= alpha) {
                return sure_hi;
            }
        }
    }
    int a0 = alpha, b0 = beta;
    uint8_t move[TC_MAX_HAND];
    int nm = host_moves(h, hint, move);
    if (t->n == 0) { /* at leads only: mid-trick, moves.c's order does better (measured) */
        order_leads(h, move, nm, hint != TC_NO_CARD && nm && move[0] == hint);
    }
    int maximize = g->team[s->to_play] == s->team;
    int best = maximize ? -1 : 10000;
    int bestmove = TC_NO_CARD;
    if (t->n == g->seats - 1 && h->relative && s->tt && nm > 1 && tc_popcount64(s->hand[t->leader]) >= 2) {
        int v; /* the leader has played: two tricks or more are left after this one */
        if (etc_cut(h, move, nm, maximize, alpha, beta, &v)) {
            return v;
        }
    }
    for (int i = 0; i < nm && !s->abort; i++) {
        int c = move[i];
        undo u;
        int gain = host_play(h, c, &u);
        int v = gain + host_ab(h, alpha - gain, beta - gain);
        host_unplay(h, c, &u);
        if (maximize ? v > best : v < best) {
            best = v;
            bestmove = c;
            if (maximize && best > alpha) {
                alpha = best;
            } else if (!maximize && best < beta) {
                beta = best;
            }
        }
        if (alpha >= beta) {
            uint8_t *k = h->killer[tc_popcount64(s->hand[s->to_play])];
            if (t->n == 0) {
                int tl = tc_popcount64(s->hand[s->to_play]);
                h->hist[s->to_play][c] += (uint64_t)(tl * tl);
            }
            if (t->n == 0 && k[0] != c) {
                k[1] = k[0];
                k[0] = (uint8_t)c;
            }
            break;
        }
    }
    if (t->n == 0 && !s->abort) {
        e = host_probe(s->tt, key, meta, 1);
        if (e) {
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
            if (sure_lo > e->lo) e->lo = (uint8_t)sure_lo;
            if (sure_hi < e->hi) e->hi = (uint8_t)sure_hi;
            e->move = (uint8_t)(h->relative ? rel_of(h, cards, bestmove) : bestmove);
        }
    }
    return best;
}

/* `deal`: every seat's cards the relative ranks are counted among (the hands, or a
 * superset of them with the same owners: the hand's deal, see tc_solve_host). */
static void host_init(host *h, const tc_game *g, const uint64_t *hands, const uint64_t *deal,
    const tc_trick *t, int team, int measure, tc_table *tt, long budget) {
    search *s = &h->s;
    tc_search_init(s, g, hands, t, team, measure, tt, budget);
    h->relative = s->collapse;
    h->monotone = 0;
    h->zero_cards = 0;
    uint64_t out = 0;
    for (int c = 0; c < 64; c++) {
        h->owner[c] = 0xFF;
        h->sig[c] = (uint8_t)(g->points[c] << 1
            | (s->keyed_led && TC_SLOT(c) == TC_SEVEN_SLOT));
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
        uint32_t o = tc_suit_set(out, su);
        int k = 0;
        for (int i = 0; i < s->count[su]; i++) {
            int f = s->order[su][i];
            if ((o >> f) & 1) {
                h->live[su][k++] = (uint8_t)f;
            }
        }
        h->nlive[su] = (uint8_t)k;
        for (int from = 0; from < k; from++) {
            for (int i = from; i < k; i++) {
                int c = su * 16 + h->live[su][i], j = from;
                while (h->owner[su * 16 + h->live[su][j]] != h->owner[c]
                    || h->sig[su * 16 + h->live[su][j]] != h->sig[c]) {
                    j++; /* ends at i at the latest */
                }
                h->alike[su][from][i] = (uint8_t)j;
            }
        }
        rel_memo_for(h, su);
        uint8_t rank[16] = {0};
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
        for (int byte = 0; byte < 2; byte++) {
            for (int b = 0; b < 256; b++) {
                int pts = 0;
                for (int f = 0; f < 8; f++) {
                    pts += (b >> f) & 1 ? h->rank_points[su][byte * 8 + f] : 0;
                }
                h->rpoints[su][byte][b] = (uint16_t)pts;
            }
        }
        h->worth[su] = 0;
        for (int i = 0; i < n; i++) {
            int c = su * 16 + s->order[su][i];
            h->slot_of[su][n - 1 - i] = s->order[su][i];
            h->above[c] = (uint16_t)tc_above(g, c);
            h->worth[su] |= (uint16_t)(g->points[c] ? 1u << s->order[su][i] : 0);
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
        for (int f = 0; f < 16; f++) {
            h->rank_of[su * 16 + f] = rank[f];
        }
    }
    memset(h->held.side, 0, sizeof h->held.side);
    for (int p = 0; p < g->seats; p++) {
        for (int su = 0; su < 4; su++) {
            h->held.r[p][su] = ranks_of(h, s->hand[p], su);
            h->held.side[g->team[p] != team][su] |= h->held.r[p][su];
        }
        h->held.zeros[p] = (uint8_t)tc_popcount64(s->hand[p] & h->zero_cards);
    }
}

/* One null-window test at `beta` narrowing [*lo, *hi]: 0, or -1 when the budget ran
 * out. */
static int test_at(host *h, int beta, int *lo, int *hi) {
    int v = host_ab(h, beta - 1, beta);
    if (h->s.abort) {
        return -1;
    }
    if (v < beta) {
        *hi = v;
    } else {
        *lo = v;
    }
    return 0;
}

/* The exact value by null-window tests that halve the interval still open (C*, MTD
 * by bisection): a fail-soft answer narrows it at once, and a point value (up to 255)
 * needs about 8 tests where MTD(f)'s steps of one point need dozens; -1 when the
 * budget ran out. With a `guess` (-1: none), the first test is at it (is the value at
 * least the guess?), then at `then` (-1: none) if it still lies in the interval left,
 * and the next ones step away from the last of them on the side the value lies,
 * 1, 2, 4, ... points past the bound found so far, until one fails the other way;
 * then the interval left is halved: a right guess settles the value in two tests, a
 * near one in a few (the report's cards are mostly a few points from the bound it
 * gives, where halving from 0 spent tests far below; once the bound is passed, the
 * card tried before is a nearer guess than the bound: the sim's Botifarra match's
 * report, 76.7 s -> 72.3 s). [lo, hi]: where the value is known to lie (the
 * caller's bounds, within 0 and the total). */
static int host_exact(host *h, int guess, int then, int lo, int hi) {
    int total = tc_total(&h->s);
    lo = lo > 0 ? lo : 0;
    hi = hi < total ? hi : total;
    int tested = -1;
    for (int k = 0; k < 2; k++, guess = then) {
        if (guess > lo && guess <= hi && guess != tested) {
            if (test_at(h, guess, &lo, &hi) < 0) {
                return -1;
            }
            tested = guess;
        }
    }
    if (tested >= 0) {
        guess = tested;
        int up = lo >= guess; /* the value is at least the guess: look above it */
        for (int step = 1; lo < hi; step *= 2) {
            int beta = up ? lo + step : hi - step + 1;
            beta = beta > hi ? hi : beta <= lo ? lo + 1 : beta;
            if (test_at(h, beta, &lo, &hi) < 0) {
                return -1;
            }
            if (up ? hi < beta : lo >= beta) {
                break; /* passed it: the value lies in between */
            }
        }
    }
    while (lo < hi) {
        if (test_at(h, lo + ((hi - lo + 1) >> 1), &lo, &hi) < 0) {
            return -1;
        }
    }
    return lo;
}

/* The last answer found with a table, for the next search that keeps that table's
 * entries: such searches are of one hand, and the report's analysis asks them of
 * neighbouring positions (a play, then each card the player could have played
 * instead), whose values are near. Only a guess: the answer never depends on it.
 * Per thread (the CPython extension searches with the interpreter's lock released). */
static __thread struct {
    const void *entry;  /* the table it was found with, and its epoch */
    uint32_t epoch;
    int value;
} last;

#ifdef TAPETE_COUNT_NODES
long tc_host_nodes; /* every search's nodes, for a measuring build (host_nodes()) */
#endif

/* The cards of the first search of a table's epoch (its hands, seat by seat): the
 * searches that keep its entries, all of that hand, count their relative ranks among
 * these cards too, so a position has one key in all of them (counted among each
 * search's own cards, a position met again in a later search of the hand, with
 * fewer cards out, was often keyed differently: a card of the first search's, gone
 * since, was its representative there). With them, the killers and history of the
 * last search of the hand, to order the next one's leads. Per thread, as `last`. */
static __thread struct {
    const void *entry;
    uint32_t epoch;
    uint64_t hand[TC_MAX_SEATS];
    uint8_t killer[TC_MAX_HAND + 1][2]; /* the last search's move order, for the next */
    uint64_t hist[TC_MAX_SEATS][64];
} dealt;

int tc_solve_host(const tc_game *g, const uint64_t *hands, const tc_trick *t, int team,
    int measure, tc_table *tt, long budget, double seconds, int keep, int lo, int hi,
    const uint64_t *dealt_cards, long *nodes) {
    host h;
    if (nodes) {
        *nodes = 0;
    }
    if (tc_check_position(g, hands, t, (1u << g->seats) - 1) < 0) {
        return TC_BAD_POSITION;
    }
    if (!keep && tt) {
        tc_next_epoch(tt); /* the entries of earlier searches are left unseen */
    }
    int kept = keep && tt && tt->entry && last.entry == tt->entry && last.epoch == tt->epoch;
    const uint64_t *deal = hands;
    if (tt && tt->entry) {
        int within = dealt.entry == tt->entry && dealt.epoch == tt->epoch;
        for (int p = 0; within && p < g->seats; p++) {
            within = (hands[p] & ~dealt.hand[p]) == 0;
        }
        if (within) {
            deal = dealt.hand;
        } else if (!keep) {
            int whole = dealt_cards != 0; /* the caller's deal: the hand's cards, a superset */
            for (int p = 0; whole && p < g->seats; p++) {
                whole = (hands[p] & ~dealt_cards[p]) == 0;
            }
            dealt.entry = tt->entry;
            dealt.epoch = tt->epoch;
            memcpy(dealt.hand, whole ? dealt_cards : hands, sizeof dealt.hand[0] * g->seats);
            deal = dealt.hand;
        }
    }
    host_init(&h, g, hands, deal, t, team, measure, tt, budget);
    if (kept && deal == dealt.hand) { /* the hand's killers and history so far */
        memcpy(h.killer, dealt.killer, sizeof h.killer);
        memcpy(h.hist, dealt.hist, sizeof h.hist);
    } else {
        memset(h.killer, TC_NO_CARD, sizeof h.killer);
        memset(h.hist, 0, sizeof h.hist);
    }
    if (h.s.t.n) { /* a search from within a trick: its view so far */
        tc_look(g, &h.s.t, &h.view[h.s.ply - 1]);
    }
    memset(h.out_at, 0, sizeof h.out_at);
    memset(h.key_at, 0, sizeof h.key_at);
    h.deadline = seconds > 0 ? seconds_now() + seconds : 0;
    int guess = kept ? last.value : -1, then = -1;
    if (hi < tc_total(&h.s)) {
        then = guess;
        guess = hi; /* is the bound met? then it is the value */
    } else if (lo > 0) {
        then = guess;
        guess = lo + 1; /* is the bound passed? if not, it is the value */
    }
    int v = host_exact(&h, guess, then, lo, hi);
    if (deal == dealt.hand) {
        memcpy(dealt.killer, h.killer, sizeof h.killer);
        memcpy(dealt.hist, h.hist, sizeof h.hist);
    }
    if (tt && v >= 0) {
        last.entry = tt->entry;
        last.epoch = tt->epoch;
        last.value = v;
    }
    if (nodes) {
        *nodes = h.s.nodes;
    }
#ifdef TAPETE_COUNT_NODES
    tc_host_nodes += h.s.nodes;
#endif
    return v < 0 ? TC_OUT_OF_BUDGET : v;
}

#endif
