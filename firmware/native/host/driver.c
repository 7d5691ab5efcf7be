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
 * - null-window tests that split the open interval (C*), sharing the table; a
 *   search that keeps the table's entries of the searches before it first tests at
 *   the caller's bound, then at the last answer found with that table, and steps
 *   away from them before splitting (host_exact's guesses); such searches of one hand
 *   key positions by the hand's deal (or its first search's cards), and pass on
 *   their killers and history (tc_solve_host's `dealt`);
 * - a cheaper node: the move list on rank masks (host_list, moves.c's order), the
 *   trick's view kept per ply (host_play), every seat's ranks kept as cards are
 *   played, and the sure points kept in the table's entries (a position found there
 *   is not counted again).
 *
 * The files (host.h has the map): keys.c, ranks.c, moves.c, play.c, bounds.c,
 * table.c, search.c, and this one, the driver.
 *
 * The reference is rules/solver.py: tests/native compares the two on thousands of
 * random positions of every game, and this search with solve.c's on deeper ones.
 */
#define _POSIX_C_SOURCE 199309L /* clock_gettime: the time limit */
#include "host.h"

#if defined(TAPETE_HAVE_SOLVER) && defined(TAPETE_HOST_SOLVER)

#include <string.h>
#include <time.h>

/* The calling thread's CPU time: a time limit counts the search's own work, so the
 * same search stops at the same point whatever else the machine runs (the report's
 * page is the same at any load; a wall-clock limit cut a hand at a load of 10 that
 * an idle machine weighed whole). */
double seconds_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
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

/* Does the searched side lead the trick the search starts in? Its tests that the
 * value lies below a mark are then the dear ones: to prove the leader's side cannot
 * reach a mark, every card it could lead (and its partner's) must be refuted, where
 * the other proof needs one good lead. On the bench's first 10 Botifarra deals, each
 * test alone from an empty table, the side on lead: at the value 0.1-14.5M nodes a
 * deal, one point above it 0.0-27.8M (deal 6: 4.2M and 27.8M); Malilla, Tute and
 * Manille lean the same way, less. */
static int leads(const host *h) {
    return h->s.g->team[h->s.t.leader] == h->s.team;
}

/* The next test within (lo, hi]: halfway when `low` is -1; else 5/16 of the way up
 * from lo when the searched side leads (`low` 1: the interval's upper part is where
 * its dear tests lie: fewer of them, more of the cheap ones below), 5/16 of the way
 * down from hi when it does not (`low` 0). Measured
 * against halving (the bench's 40 Botifarra deals and 60 of Malilla, Tute, Manille 4
 * and 3, each for the side on lead and for the other, solve_driver's nodes; sweep in
 * docs/solver-experiments.md, stop 37): Botifarra 849M -> 763M, the others 192M ->
 * 194M; 3/8 and 1/4 of the way gave 771M / 187M and 774M / 193M. */
static int split_at(int lo, int hi, int low) {
    int width = hi - lo + 1;
    int beta = low < 0 ? lo + (width >> 1) : low ? lo + ((width * 5) >> 4) : hi + 1 - ((width * 5) >> 4);
    return beta <= lo ? lo + 1 : beta > hi ? hi : beta;
}

/* The exact value by null-window tests that narrow the interval still open (C*, MTD
 * by a biased bisection): a fail-soft answer narrows it at once, and a point value (up to 255)
 * needs about 8 tests where MTD(f)'s steps of one point need dozens; -1 when the
 * budget ran out. With a `guess` (-1: none), the first test is at it (is the value at
 * least the guess?), then at `then` (-1: none) if it still lies in the interval left,
 * and the next ones step away from the last of them on the side the value lies,
 * 1, 1, 2, 4, ... points past the bound found so far, until one fails the other
 * way; then the interval left is split (split_at): a right guess settles the value in two
 * tests, a near one in a few (the report's cards are mostly a few points from the
 * bound it gives, where halving from 0 spent tests far below; once the bound is
 * passed, the card tried before is a nearer guess than the bound: the sim's
 * Botifarra match's report, 76.7 s -> 72.3 s). The second step is of one point
 * again: a whole hand's first-lead cards lie mostly one or two points from the card
 * before, where a step of two tested past the value, a dear test near it (hand 6 of
 * that match, 424.9M -> 388.2M nodes, docs/solver-experiments.md stop 35). [lo, hi]:
 * where the value is known to lie (the caller's bounds, within 0 and the total). */
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
        for (int k = 0, step = 1; lo < hi; step = k++ ? step * 2 : 1) {
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
    /* after guesses the interval left is a few points about them, where the split
     * measured no better: halved (the report of the sim's Botifarra match, whose
     * searches all guess: 610.84M nodes halved, 617.44M split) */
    int low = tested >= 0 ? -1 : leads(h);
    while (lo < hi) {
        if (test_at(h, split_at(lo, hi, low), &lo, &hi) < 0) {
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

/* The cards this search counts its relative ranks among (see `dealt`): the first
 * search's of the table's epoch when these hands lie within them; else, for a search
 * that does not keep the table, the caller's deal (when a superset of the hands) or
 * the hands, which become the epoch's; else the hands alone. */
static const uint64_t *deal_for(const tc_game *g, const uint64_t *hands, const tc_table *tt, int keep,
    const uint64_t *dealt_cards) {
    if (!tt || !tt->entry) {
        return hands;
    }
    int within = dealt.entry == tt->entry && dealt.epoch == tt->epoch;
    for (int p = 0; within && p < g->seats; p++) {
        within = (hands[p] & ~dealt.hand[p]) == 0;
    }
    if (within) {
        return dealt.hand;
    }
    if (keep) {
        return hands;
    }
    int whole = dealt_cards != 0; /* the caller's deal: the hand's cards, a superset */
    for (int p = 0; whole && p < g->seats; p++) {
        whole = (hands[p] & ~dealt_cards[p]) == 0;
    }
    dealt.entry = tt->entry;
    dealt.epoch = tt->epoch;
    memcpy(dealt.hand, whole ? dealt_cards : hands, sizeof dealt.hand[0] * g->seats);
    return dealt.hand;
}

/* The search's state: the core's, then the keys' and the ranks' tables (`deal` as
 * keys_init takes it), the view of a trick the search starts within, and no trick
 * start on the path yet. */
static void host_init(host *h, const tc_game *g, const uint64_t *hands, const uint64_t *deal,
    const tc_trick *t, int team, int measure, tc_table *tt, long budget) {
    tc_search_init(&h->s, g, hands, t, team, measure, tt, budget);
    keys_init(h, deal);
    ranks_init(h);
    if (h->s.t.n) { /* a search from within a trick: its view so far */
        tc_look(g, &h->s.t, &h->view[h->s.ply - 1]);
    }
    memset(h->out_at, 0, sizeof h->out_at);
    memset(h->key_at, 0, sizeof h->key_at);
    memset(h->like_at, 0, sizeof h->like_at);
    memset(h->like_out_at, 0, sizeof h->like_out_at);
}

/* host_exact's first guesses: the caller's bound when there is one (is the upper
 * bound met? then it is the value; is the lower one passed? if not, it is), then the
 * last answer found with the table when the search keeps its entries. */
static void first_guesses(const host *h, int kept, int lo, int hi, int *guess, int *then) {
    *guess = kept ? last.value : -1;
    *then = -1;
    if (hi < tc_total(&h->s)) {
        *then = *guess;
        *guess = hi;
    } else if (lo > 0) {
        *then = *guess;
        *guess = lo + 1;
    }
}

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
    const uint64_t *deal = deal_for(g, hands, tt, keep, dealt_cards);
    host_init(&h, g, hands, deal, t, team, measure, tt, budget);
    if (kept && deal == dealt.hand) { /* the hand's killers and history so far */
        memcpy(h.killer, dealt.killer, sizeof h.killer);
        memcpy(h.hist, dealt.hist, sizeof h.hist);
    } else {
        memset(h.killer, TC_NO_CARD, sizeof h.killer);
        memset(h.hist, 0, sizeof h.hist);
    }
    h.deadline = seconds > 0 ? seconds_now() + seconds : 0;
    int guess, then;
    first_guesses(&h, kept, lo, hi, &guess, &then);
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
