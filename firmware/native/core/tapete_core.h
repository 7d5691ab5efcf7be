/* tapete_core: the C rule core of tapete (plain C99, no heap, no initialised data).
 *
 * A game is the descriptor of tapete_desc.h (its card tables, duties, seats and
 * teams); nothing here knows a game by name. The rules are those of
 * firmware/rules/duties.py, derived from the duty flags in the same way, numbered the
 * same, and checked against it on random positions (tests/native).
 *
 * Feature flags (define to leave a part out of the build, e.g. on the Pico):
 *     TAPETE_NO_FORBIDDEN   no tc_forbidden / tc_verdict (hidden-hand bookkeeping)
 *     TAPETE_NO_SOLVER      no tc_solve / tc_claim (solve.h; and no transposition table)
 *     TAPETE_NO_CLAIM       no tc_claim (the solver stays)
 *     TAPETE_NO_PLAYOUT     no tc_playouts (random playouts for analysis)
 *     TAPETE_NO_CLUB        no tc_club (the claim check by club law; needs tc_forbidden)
 */
#ifndef TAPETE_CORE_H
#define TAPETE_CORE_H

#include "tapete_desc.h"

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
#if !defined(TAPETE_NO_CLUB) && defined(TAPETE_HAVE_FORBIDDEN)
#define TAPETE_HAVE_CLUB 1
#endif

#define TC_SUIT(card) ((card) >> 4)
#define TC_SLOT(card) ((card) & 15)

/* tc_winner's answer carries this bit when the best card is matched by an
 * opponent's equal card (a drawn trick, in games with TC_DRAWS). */
#define TC_DRAWN 16

/* Answers of the searches (the solver's and the claim checks') besides a value. */
#define TC_OUT_OF_BUDGET (-1) /* the node budget ran out */
#define TC_BAD_POSITION (-2)  /* hands, unseen cards and trick do not fit together */
#define TC_TOO_DEEP (-3)      /* more cards left than the search's depth cap */

/* What a search and a playout count for a side. */
#define TC_POINTS 0 /* card points, trick points and the last trick's points */
#define TC_TRICKS 1 /* tricks won */

/* The trick on the table, as rules/trick.py keeps it. */
typedef struct {
    const uint8_t *card; /* the n cards in play order; card i from seat leader + i steps */
    uint8_t leader;      /* seat that led (or leads) this trick */
    uint8_t n;           /* cards played so far, 0..seats */
    uint8_t led;         /* bit per suit led this hand, the current lead included once made */
    uint8_t trump;       /* suit 0..3, or TC_NO_TRUMP */
} tc_trick;

/* The trick as the seat to play sees it. */
typedef struct {
    int best;    /* card winning so far */
    int winner;  /* seat that played it */
    int drawn;   /* an opponent's equal card draws it (TC_DRAWS) */
    int to_play; /* seat to play next */
} tc_view;

/* 1 when card `a` takes the trick from `best`, the card winning it. */
int tc_beats(const tc_game *g, int a, int best, int trump);
/* The view of a trick of n >= 1 cards. */
void tc_look(const tc_game *g, const tc_trick *t, tc_view *v);
/* Seat winning the trick so far (| TC_DRAWN when drawn); -1 when empty. */
int tc_winner(const tc_game *g, const tc_trick *t);
/* Card points of the cards in mask. */
int tc_points(const tc_game *g, uint64_t mask);
/* The suit sets of the pack, and of the cards above / below a card in its suit. */
uint32_t tc_deck(const tc_game *g, int suit);
uint32_t tc_above(const tc_game *g, int card);
uint32_t tc_below(const tc_game *g, int card);
/* Cards of `hand` the seat to play may play in the trick (rules/duties.py legal_into). */
uint64_t tc_legal(const tc_game *g, const tc_trick *t, uint64_t hand);
/* The same for a trick of n >= 1 cards whose view the caller has (the solver). */
uint64_t tc_legal_seen(const tc_game *g, const tc_trick *t, const tc_view *v, uint64_t hand);

#ifdef TAPETE_HAVE_FORBIDDEN
/* For the seat to play playing `card`: out[rule] is the set of cards whose holding
 * would have made the play illegal under that rule, each holding under the first
 * rule it breaks (rules/duties.py forbid_into). `card` is legal for hand H iff H
 * meets none of them. */
void tc_forbidden(const tc_game *g, const tc_trick *t, int card, uint64_t out[TC_PLAY_RULES]);
/* The rule a play of `card` from `hand` breaks (TC_REVOKE...), or TC_LEGAL. */
int tc_verdict(const tc_game *g, const tc_trick *t, uint64_t hand, int card);
#endif

#ifdef TAPETE_HAVE_CLUB
/* The claim check by club law (club.c; docs/claims.md): does seat `claimer` (its hand
 * in `hands`, as every seat's in `known`, bit per seat) take every remaining trick for
 * its team with its stated `order` (norder cards; 0: any normal line, the top legal
 * card of a suit at each turn), every other seat playing any legal card and the
 * `unseen` cards lying in any way `cant` (cards each seat cannot hold) and the hand
 * sizes allow? `mem` (bytes, 8-aligned) holds the search's frames (2080 bytes) and a
 * memo of exhausted trick starts in the rest. 1 yes, 0 no (then `deal` gets every
 * seat's cards and `line`, 64 entries, the losing line, TC_NO_CARD after it),
 * TC_OUT_OF_BUDGET, TC_BAD_POSITION, TC_TOO_DEEP. */
int tc_club(const tc_game *g, const uint64_t *hands, unsigned known, uint64_t unseen,
    const uint64_t *cant, const tc_trick *t, int claimer, const uint8_t *order, int norder,
    void *mem, uint32_t bytes, long budget, long *nodes, uint64_t *deal, uint8_t *line);
#endif

#ifdef TAPETE_HAVE_PLAYOUT
/* Play the rest of the hand `count` times with uniformly random legal cards from
 * the position (hands[seat], seats of the game; the trick not finished); returns the
 * sum over the playouts of team 0's result (measure as tc_solve counts it). *seed is
 * a xorshift32 state (not 0), advanced in place. */
long tc_playouts(const tc_game *g, const uint64_t *hands, const tc_trick *t, int measure,
    long count, uint32_t *seed);
#endif

#endif
