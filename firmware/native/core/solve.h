/* The exact solver of the C core and the claim check built on it (public API).
 *
 * Files, one idea each (as DDS has them): solve.c (alpha-beta driven by MTD(f)),
 * moves.c (move generation: equivalent cards collapsed, scored ordering), tt.c (the
 * transposition table), claim.c (every deal of the unseen cards, the refuting line);
 * search.h is what they share.
 */
#ifndef TAPETE_SOLVE_H
#define TAPETE_SOLVE_H

#include "tapete_core.h"

#ifdef TAPETE_HAVE_SOLVER

/* The deepest search this build makes, in cards left to play: every card of a pack.
 * The search keeps one frame per card on an explicit stack (tc_frame) in memory the
 * caller gives (TC_FRAMES of them: on the Pico the glue takes it from the MicroPython
 * heap), so its depth costs no C stack. A build may lower the cap (the tests do, to
 * see TC_TOO_DEEP answered).
 * TAPETE_STACK_NEED: the C stack a claim of this build may use, at most, whatever its
 * depth (measured on an emulated Cortex-M0 by test/test_core.c, which fails above it:
 * 2304 bytes for a claim of 64 cards at 12 seats with 11 hands hidden, the deal
 * enumeration's frames; the native module's -fpic adds about 6%); the bindings export it, with their own
 * frame, so the caller can leave a claim undecided rather than call the core with less
 * stack left than that. 0 where the stack is not counted. */
#ifndef TAPETE_MAX_DEPTH
#define TAPETE_MAX_DEPTH 64
#endif
#ifndef TAPETE_STACK_NEED
#if defined(__arm__) && !defined(__linux__)
#define TAPETE_STACK_NEED 2688
#else
#define TAPETE_STACK_NEED 0
#endif
#endif

/* What playing a card changed, to take it back. */
typedef struct {
    uint8_t seat, led, leader, start;
} undo;

/* One position of the search on its explicit stack: the window, the moves and the
 * one being searched. 36 bytes. */
typedef struct {
    int16_t alpha, beta, a0, b0, best, gain;
    uint8_t i, nm, bestmove, maximize;
    undo u;
    uint8_t move[TC_MAX_HAND];
} tc_frame;

/* Frames a search needs at most: one per card left, and the end of the hand. */
#define TC_FRAMES (TAPETE_MAX_DEPTH + 1)

/* Answers besides a value: TC_OUT_OF_BUDGET, TC_BAD_POSITION, TC_TOO_DEEP (tapete_core.h). */

/* Transposition table entry: the cards still out at a trick start (their owners
 * never change within one search), the leader and (for the seven duty) the suits
 * led, the search it belongs to; bounds on the value from there, the best lead. */
typedef struct {
    uint64_t cards;
    uint32_t tag;   /* epoch << 8 | leader << 4 | led suits; epoch 0 is empty */
    uint8_t lo, hi; /* bounds on the future value for the searching side */
    uint8_t move;   /* best lead found, or TC_NO_CARD */
    uint8_t pad;
} tc_entry;

typedef struct {
    tc_entry *entry;
    uint32_t mask;  /* number of entries - 1 (a power of two), or 0 with entry == 0 */
    uint32_t epoch; /* bumped by every search (24 bits) */
} tc_table;

/* Lay a table over `bytes` bytes of caller memory (zeroed by the caller the first
 * time). `epoch` is the table's saved epoch (0 for fresh memory). */
void tc_table_init(tc_table *tt, void *mem, uint32_t bytes, uint32_t epoch);

/* Exact best result for `team` (a team of the descriptor; every other seat plays
 * against it) for the rest of the hand: every remaining hand known (hands[seat], one
 * per seat of the game), both sides playing perfectly. measure TC_POINTS or
 * TC_TRICKS; the current trick's cards count for its winner; a drawn trick counts
 * for nobody and its leader leads again. `budget` caps the nodes searched (0: no
 * cap). Returns the value, or TC_OUT_OF_BUDGET, TC_BAD_POSITION, TC_TOO_DEEP.
 * `nodes` (may be 0) receives the count searched. `stack`: room for TC_FRAMES frames,
 * the search's own stack. */
int tc_solve(const tc_game *g, const uint64_t *hands, const tc_trick *t, int team,
    int measure, tc_table *tt, long budget, long *nodes, tc_frame *stack);

#ifdef TAPETE_HAVE_CLAIM
/* Check a claim: `team` gets at least `target` (measure) for every distribution of
 * the `unseen` cards over the seats not in `known` (bit per seat) that respects each
 * seat's hand size (from the known hands and the trick) and cant[seat] (cards it is
 * known not to hold), and every legal defence (the claiming side plays perfectly,
 * seeing the deal). Returns 1 when the claim holds; 0 when refuted (deal[] then
 * holds the refuting hands and line[] a defeating line of play, TC_NO_CARD after its
 * end; the line stops early when the budget runs out while it is searched); or
 * TC_OUT_OF_BUDGET, TC_BAD_POSITION, TC_TOO_DEEP. `budget` caps every node the
 * check searches, the deals tried and the line included (0: no cap); `nodes` (may
 * be 0) receives the count spent, at most budget + 1. `line` has room for 64 cards;
 * `stack` for TC_FRAMES frames (the searches' own stack). */
int tc_claim(const tc_game *g, const uint64_t *hands, unsigned known, uint64_t unseen,
    const uint64_t *cant, const tc_trick *t, int team, int measure, int target,
    tc_table *tt, long budget, long *nodes, uint64_t *deal, uint8_t *line, tc_frame *stack);
#endif
#endif

#endif
