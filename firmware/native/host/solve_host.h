/* The host's solver (host/, the map in host.h): built only into the CPython extension, where
 * setup.py defines TAPETE_HOST_SOLVER; the Pico's module keeps core/solve.c alone. */
#ifndef TAPETE_SOLVE_HOST_H
#define TAPETE_SOLVE_HOST_H

#include "../core/solve.h"

#if defined(TAPETE_HAVE_SOLVER) && defined(TAPETE_HOST_SOLVER)
/* tc_solve's answer (same arguments, same values), found faster: see driver.c.
 * `seconds` > 0 is a time limit besides the node budget (the calling thread's CPU
 * time, driver.c's seconds_now): past it the answer is
 * TC_OUT_OF_BUDGET, as when the budget runs out. `keep` != 0 searches with the
 * table's entries of the searches before it: sound when they were all of the same
 * hand (the same deal, trump and game), team and measure, whatever positions of it
 * (an entry is a position's value, and a card's owner never changes within a hand);
 * the report's analysis solves every play of a hand so. Such a search also starts
 * its null-window tests at the last answer found with that table (neighbouring
 * positions of a hand have near values): a guess, which changes the time only.
 * [lo, hi]: bounds the caller knows the value lies within (0 and TC_NO_BOUND: none):
 * the search starts from them, testing the bound first (a play's value is at most, or
 * at least, the value before it, and often equal). With bounds that do not hold the
 * answer is not the value (at best a bound beyond them). `dealt_cards` (0: none),
 * for a search that does not keep: every seat's cards at the hand's start (a superset
 * of `hands`, the same owners), which the searches keeping its entries then count
 * relative ranks among, so that a position has one key in all of them, earlier
 * positions' searches too (the report solves a hand's plays from the last back).
 * Without it they are counted among this search's cards, and a later search of a
 * position outside them among its own: sound (a key says the cards' owners and
 * points in order, whatever they are counted among), but a position met again is
 * keyed anew and not found. */
#define TC_NO_BOUND 0x7FFF
int tc_solve_host(const tc_game *g, const uint64_t *hands, const tc_trick *t, int team,
    int measure, tc_table *tt, long budget, double seconds, int keep, int lo, int hi,
    const uint64_t *dealt_cards, long *nodes);
#endif

#endif
