/* What the host solver's files share (internal to it): the search state, and each
 * file's entry points. One idea a file, as DDS lays its solver out:
 *   keys.c    a position's key by relative ranks, and a card's rank among those out
 *   ranks.c   the tables on ranks made once per search, every seat's cards as ranks
 *   moves.c   the legal cards and the move list on those tables; the leads' order
 *   play.c    a card played and taken back, the trick's view kept; the last trick
 *   bounds.c  the points a side is sure of (quick tricks), for the window
 *   table.c   the transposition table's buckets, the entry's cut-offs and store
 *   search.c  alpha-beta on the future value
 *   driver.c  null-window tests to the exact value; tc_solve_host and what it keeps
 *             between the searches of one hand
 * What the host solver adds to the core's solve.c: driver.c's first comment. */
#ifndef TAPETE_HOST_H
#define TAPETE_HOST_H

#include "../core/search.h"

#if defined(TAPETE_HAVE_SOLVER) && defined(TAPETE_HOST_SOLVER)

#include "solve_host.h"

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
    uint8_t sig[2][64]; /* what makes two adjacent cards differ: points, the 7 (the
                         * exact key); whether worth points, the 7 (the similar key) */
    uint8_t live[4][16]; /* per suit, the slots out at the start, strongest first */
    uint8_t nlive[4];
    uint8_t alike[2][4][16][16]; /* per key and suit, k and i: the first j >= k of live[]
                                  * whose card has card i's owner and signature */
    uint16_t lvi[4][2][256]; /* per suit, a byte of its slots -> their indexes' bits in live[] */
    uint16_t *memo[2][4]; /* per key and suit, its representatives by live-index bits, or 0 */
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
    uint64_t like_out_at[TC_MAX_PLIES + 1]; /* per ply, the cards out its similar key */
    uint64_t like_at[TC_MAX_PLIES + 1];     /* was last made for, and that key */
    tc_view view[TC_MAX_PLIES + 1]; /* per ply within a trick: the trick seen after that card */
} host;

/* The cards of suit `su` in `m` as ranks: bit k for the pack's k-th weakest card of
 * the suit. sure_of counts on them with bit tricks where walking a suit's cards
 * cost a third of the search's instructions (callgrind). */
static inline uint32_t ranks_of(const host *h, uint64_t m, int su) {
    uint32_t b = (uint32_t)(m >> (16 * su)) & 0xFFFFu;
    return (uint32_t)h->ranks[su][0][b & 0xFF] | h->ranks[su][1][b >> 8];
}

/* A trick start as host_ab searches it: its cards out, the table's key and meta,
 * the table's best lead (the hint), the sure points (stored with the entry). */
typedef struct {
    uint64_t cards, key, like; /* like: the similar key (points as worth or not), 0 unmade */
    unsigned meta;
    int hint, sure_lo, sure_hi;
} node;

/* keys.c */
void keys_init(host *h, const uint64_t *deal);
uint32_t rel_suit(const host *h, int k, int su, uint32_t o);
uint64_t rel_key_from(const host *h, int k, uint64_t out, uint64_t was, uint64_t was_key);
uint64_t key_here(host *h, uint64_t cards);
uint64_t like_here(host *h, uint64_t cards);
int slack_of(const host *h, uint64_t a, uint64_t b);
#define SLACK_DOWN(k) ((k) & 0xFFFF) /* slack_of's: how much lower, how much higher */
#define SLACK_UP(k) ((k) >> 16)
int rel_of(const host *h, uint64_t out, int c);
int card_of(const host *h, uint64_t out, int rel);

/* ranks.c */
void ranks_init(host *h);

/* moves.c */
int host_moves(const host *h, int hint, uint8_t move[TC_MAX_HAND]);
void order_leads(const host *h, uint8_t *move, int nm, int fixed);
void note_cut(host *h, int c);

/* play.c */
int host_play(host *h, int c, undo *u);
void host_unplay(host *h, int c, const undo *u);
int last_trick(host *h);

/* bounds.c */
int sure_cut(host *h, node *n, int total, int alpha, int beta, int *value);

/* table.c */
tc_entry *host_probe(tc_table *tt, uint64_t cards, unsigned meta, int store);
const tc_entry *host_similar(host *h, uint64_t cards, uint64_t *like, unsigned meta, int *slack);
const tc_entry *host_look(host *h, uint64_t cards, uint64_t *like, unsigned meta, int *slack);
int entry_cut(const host *h, const tc_entry *e, int slack, node *n, int *alpha, int *beta, int *value);
void entry_store(host *h, const node *n, int best, int a0, int b0, int bestmove);
int etc_cut(host *h, const uint8_t *move, int nm, int maximize, int alpha, int beta, int *value);

/* search.c */
int host_ab(host *h, int alpha, int beta);

/* driver.c */
double seconds_now(void);

#endif
#endif
