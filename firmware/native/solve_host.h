/* The host's solver (solve_host.c): built only into the CPython extension, where
 * setup.py defines TAPETE_HOST_SOLVER; the Pico's module keeps solve.c alone. */
#ifndef TAPETE_SOLVE_HOST_H
#define TAPETE_SOLVE_HOST_H

#include "solve.h"

#if defined(TAPETE_HAVE_SOLVER) && defined(TAPETE_HOST_SOLVER)
/* tc_solve's answer (same arguments, same values), found faster: see solve_host.c.
 * `seconds` > 0 is a time limit besides the node budget: past it the answer is
 * TC_OUT_OF_BUDGET, as when the budget runs out. */
int tc_solve_host(const tc_game *g, const uint64_t *hands, const tc_trick *t, int team,
    int measure, tc_table *tt, long budget, double seconds, long *nodes);
#endif

#endif
