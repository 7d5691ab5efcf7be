/* tapete_core: the C rule core of tapete (plain C99, no heap, no initialised data).
 *
 * Card encoding, shared with the Python rule module (docs/rules-api.md):
 *
 *     card = suit * 16 + (face - 1)
 *     suit: S=0 H=1 D=2 C=3            face: A=1 2..10 J=11 Q=12 K=13
 *
 * A mask is a uint64_t with bit `card` set (16 bits per suit, bits 13..15 unused).
 * Seats are 0..3, partners are seat % 2. Nothing here knows a game by name: the
 * caller describes the game in a tc_game (strength and points per face, trump,
 * legality family, flags). Forbidden sets name only cards of the pack (faces with a
 * strength), as the Python rules do.
 *
 * Feature flags (define to leave a part out of the build, e.g. on the Pico):
 *     TAPETE_NO_FORBIDDEN   no tc_forbidden / tc_verdict (hidden-hand bookkeeping)
 *     TAPETE_NO_SOLVER      no tc_solve / tc_claim (and no transposition table)
 *     TAPETE_NO_CLAIM       no tc_claim (the solver stays)
 *     TAPETE_NO_PLAYOUT     no tc_playouts (random playouts for analysis)
 */
#ifndef TAPETE_CORE_H
#define TAPETE_CORE_H

#include <stdint.h>

#ifndef TAPETE_NO_SOLVER
#ifndef TAPETE_NO_CLAIM
#define TAPETE_HAVE_CLAIM 1
#endif
#define TAPETE_HAVE_SOLVER 1
#endif
#ifndef TAPETE_NO_FORBIDDEN
#define TAPETE_HAVE_FORBIDDEN 1
#endif
#ifndef TAPETE_NO_PLAYOUT
#define TAPETE_HAVE_PLAYOUT 1
#endif

#define TC_SUIT(card) ((card) >> 4)
#define TC_FACE(card) ((card) & 15) /* face - 1: 0..12 */
#define TC_NO_TRUMP 4
#define TC_NO_CARD 0xFF

/* Legality families (docs/rules-api.md). */
#define TC_MALILLA 0
#define TC_MANILLE 1

/* tc_game.flags */
#define TC_PARTNER_EXEMPTION 1 /* Manille: a void player whose partner wins may play anything */
#define TC_LAST_TRICK_BONUS 2  /* +1 point to the winner of the last trick */
#define TC_TRICK_POINT 4       /* +1 point per trick won (Malilla's 70) */

/* Rule words, as indices into tc_forbidden's output. 0 means "legal". */
#define TC_LEGAL 0
#define TC_REVOKE 1
#define TC_MUST_BEAT 2
#define TC_SEVEN_DISCARD 3
#define TC_MUST_TRUMP 4
#define TC_MUST_OVERTRUMP 5
#define TC_NRULES 6

/* What the solver and the claim count for a side. */
#define TC_POINTS 0 /* card points plus trick points and last-trick bonus as flagged */
#define TC_TRICKS 1 /* tricks won */

typedef struct {
    uint8_t strength[13]; /* per face - 1: 1..13, higher beats lower; 0 = not in the pack */
    uint8_t points[13];   /* card points per face - 1 */
    uint8_t trump;        /* suit 0..3, or TC_NO_TRUMP */
    uint8_t family;       /* TC_MALILLA or TC_MANILLE */
    uint8_t flags;        /* TC_PARTNER_EXEMPTION | TC_LAST_TRICK_BONUS | TC_TRICK_POINT */
    uint8_t step;         /* next seat = (seat + step) & 3: 1 clockwise, 3 anticlockwise */
    uint8_t seven;        /* Malilla: face - 1 of the restricted discard (6, the 7); 0xFF none */
} tc_game;

typedef struct {
    uint8_t leader;  /* seat that led (or leads) this trick */
    uint8_t n;       /* cards played so far, 0..4 */
    uint8_t card[4]; /* in play order; card[i] was played by seat leader + i*step */
    uint8_t led;     /* bit per suit: suits led in this hand before (the current lead may be set too) */
} tc_trick;

/* Seat that plays the i-th card of the trick. */
int tc_seat(const tc_game *g, const tc_trick *t, int i);
/* 1 when card a beats card b (b the card winning so far, `led` the led suit). */
int tc_beats(const tc_game *g, int a, int b);
/* Position (0..n-1) of the card winning the trick so far; -1 on an empty trick. */
int tc_winning_pos(const tc_game *g, const tc_trick *t);
/* Seat winning the trick so far (the trick winner once n == 4); -1 when empty. */
int tc_winner(const tc_game *g, const tc_trick *t);
/* Card points of the cards in mask. */
int tc_points(const tc_game *g, uint64_t mask);
/* Cards of `hand` the seat to play may legally play in the trick state. */
uint64_t tc_legal(const tc_game *g, const tc_trick *t, uint64_t hand);

#ifdef TAPETE_HAVE_FORBIDDEN
/* For the seat to play playing `card`: out[rule] is the set of cards whose holding
 * would have made the play illegal under that rule (out[0] is always 0). So
 * card is legal for hand H iff H meets none of out[1..5]. */
void tc_forbidden(const tc_game *g, const tc_trick *t, int card, uint64_t out[TC_NRULES]);
/* The rule a play of `card` from `hand` breaks (TC_REVOKE...), or TC_LEGAL. */
int tc_verdict(const tc_game *g, const tc_trick *t, uint64_t hand, int card);
#endif

#ifdef TAPETE_HAVE_PLAYOUT
/* Play the rest of the hand `count` times with uniformly random legal cards from
 * the position; returns the sum over the playouts of team 0's points (measure as in
 * tc_solve: the current trick counts for its winner). *seed is a xorshift32 state
 * (not 0), advanced in place. */
long tc_playouts(const tc_game *g, const uint64_t hands[4], const tc_trick *t, int measure,
    long count, uint32_t *seed);
#endif

#ifdef TAPETE_HAVE_SOLVER
/* Transposition table in memory the caller provides (any size; 0 entries works). */
typedef struct {
    uint64_t key;   /* remaining cards | leader and led suits in the spare bits */
    uint32_t epoch; /* the solve this entry belongs to; 0 is empty */
    uint8_t lo, hi; /* bounds on the future value for team 0 */
    uint8_t move;   /* best lead found, or TC_NO_CARD */
    uint8_t pad;
} tc_entry;

typedef struct {
    tc_entry *entry;
    uint32_t mask;  /* number of entries - 1 (a power of two), or 0 with entry == 0 */
    uint32_t epoch; /* bumped by every solve */
} tc_table;

/* Lay a table over `bytes` bytes of caller memory (zeroed by the caller the first
 * time). `epoch` is the table's saved epoch (0 for fresh memory). */
void tc_table_init(tc_table *tt, void *mem, uint32_t bytes, uint32_t epoch);

/* Exact best result for `team` for the rest of the hand: every remaining hand known
 * (hands[seat]), both sides playing perfectly. measure TC_POINTS or TC_TRICKS. The
 * current trick's cards count for its winner. `budget` caps the nodes searched (0: no
 * cap); returns -1 when exceeded. `nodes` (may be 0) receives the count searched. */
int tc_solve(const tc_game *g, const uint64_t hands[4], const tc_trick *t, int team,
    int measure, tc_table *tt, long budget, long *nodes);

#ifdef TAPETE_HAVE_CLAIM
/* Check a claim: `team` gets at least `target` (measure) for every distribution of
 * the `unseen` cards over the seats not in `known` (bit per seat) that respects each
 * seat's hand size and cant[seat] (cards it is known not to hold), and every legal
 * defence (the claiming side plays perfectly). Hand sizes follow from the known hands
 * and the trick. Returns 1 when the claim holds, 0 when refuted (then deal[] holds the
 * full refuting hands and line[] the cards of a defeating line, TC_NO_CARD after its
 * end), -1 when the node budget ran out, -2 on inconsistent input. */
int tc_claim(const tc_game *g, const uint64_t hands[4], unsigned known, uint64_t unseen,
    const uint64_t cant[4], const tc_trick *t, int team, int measure, int target,
    tc_table *tt, long budget, uint64_t deal[4], uint8_t line[52]);
#endif
#endif

#endif
