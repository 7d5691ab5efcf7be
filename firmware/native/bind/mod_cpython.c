/* tapete_core as a CPython extension: a thin glue over the core (tapete_core.c and
 * the solver). The API (README.md) is the same as the MicroPython native module's
 * (mod_mpy.c); the argument checks are tapete_desc.h's, shared by both. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include "../core/tapete_core.h"
#include "../core/solve.h"
#include "../host/solve_host.h"

#define API 2

#include "cpython_args.h"

#ifdef TAPETE_HOST_SOLVER
int tc_add_hand_type(PyObject *m); /* mod_hand.c: the door for bots (host builds only) */
#endif

/* A table over a caller's bytearray (its first 8 bytes keep the epoch), or None. */
#ifdef TAPETE_HAVE_SOLVER
typedef struct {
    Py_buffer b;
    int held;
} table_ref;

static int table_in(PyObject *o, tc_table *tt, table_ref *ref) {
    ref->held = 0;
    tc_table_init(tt, 0, 0, 0);
    if (o == Py_None) {
        return 0;
    }
    if (PyObject_GetBuffer(o, &ref->b, PyBUF_WRITABLE) < 0) {
        return -1;
    }
    ref->held = 1;
    uint8_t *p = ref->b.buf;
    if (ref->b.len >= 8 && ref->b.len < 0x7FFFFFFF) {
        uint32_t epoch = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
        uint32_t bytes = (uint32_t)(ref->b.len - 8);
        tc_table_init(tt, p + 8, bytes, epoch);
        /* the entries on 64-byte lines where that keeps as many: the host's buckets
         * of four entries are then one cache line each, not two */
        uintptr_t at = ((uintptr_t)(p + 8) + 63u) & ~(uintptr_t)63u;
        uint32_t skip = (uint32_t)(at - (uintptr_t)(p + 8));
        if (tt->entry && skip < bytes && (uint64_t)(bytes - skip) >= ((uint64_t)tt->mask + 1) * sizeof(tc_entry)) {
            tc_table_init(tt, (void *)at, bytes - skip, epoch);
        }
    }
    return 0;
}

static void table_out(table_ref *ref, const tc_table *tt) {
    if (ref->held) {
        uint8_t *p = ref->b.buf;
        if (ref->b.len >= 8) {
            p[0] = (uint8_t)tt->epoch;
            p[1] = (uint8_t)(tt->epoch >> 8);
            p[2] = (uint8_t)(tt->epoch >> 16);
            p[3] = (uint8_t)(tt->epoch >> 24);
        }
        PyBuffer_Release(&ref->b);
        ref->held = 0;
    }
}
#endif

/* ---- functions ----------------------------------------------------------- */

static PyObject *legal(PyObject *self, PyObject *const *args, Py_ssize_t n) {
    (void)self;
    held h = {0};
    tc_trick t;
    uint64_t hand;
    const tc_game *g;
    PyObject *r = NULL;
    if (nargs(n, 8, "legal") == 0 && (g = game_in(args[0], &h)) && trick_in(g, args + 1, args[5], g->seats, &t, &h) == 0
        && hands_in(args[6], &hand, 1) == 0 && list_out(args[7], 4) == 0
        && sets_out(args[7], 0, tc_legal(g, &t, hand)) == 0) {
        Py_INCREF(args[7]);
        r = args[7];
    }
    release(&h);
    return r;
}

static PyObject *winner(PyObject *self, PyObject *const *args, Py_ssize_t n) {
    (void)self;
    held h = {0};
    tc_trick t;
    const tc_game *g;
    PyObject *r = NULL;
    if (nargs(n, 5, "winner") == 0 && (g = game_in(args[0], &h)) && trick_in(g, args + 1, NULL, g->seats, &t, &h) == 0) {
        r = PyLong_FromLong(tc_winner(g, &t));
    }
    release(&h);
    return r;
}

static PyObject *points(PyObject *self, PyObject *const *args, Py_ssize_t n) {
    (void)self;
    held h = {0};
    uint64_t m;
    const tc_game *g;
    PyObject *r = NULL;
    if (nargs(n, 2, "points") == 0 && (g = game_in(args[0], &h)) && hands_in(args[1], &m, 1) == 0) {
        r = PyLong_FromLong(tc_points(g, m));
    }
    release(&h);
    return r;
}

#ifdef TAPETE_HAVE_FORBIDDEN
static PyObject *verdict(PyObject *self, PyObject *const *args, Py_ssize_t n) {
    (void)self;
    held h = {0};
    tc_trick t;
    uint64_t hand;
    long card;
    const tc_game *g;
    PyObject *r = NULL;
    if (nargs(n, 8, "verdict") == 0 && (g = game_in(args[0], &h)) && trick_in(g, args + 1, args[5], g->seats, &t, &h) == 0
        && hands_in(args[6], &hand, 1) == 0 && int_in(args[7], 0, 63, &card) == 0) {
        r = PyLong_FromLong(tc_verdict(g, &t, hand, (int)card));
    }
    release(&h);
    return r;
}

static PyObject *forbidden(PyObject *self, PyObject *const *args, Py_ssize_t n) {
    (void)self;
    held h = {0};
    tc_trick t;
    long card;
    uint64_t f[TC_PLAY_RULES];
    const tc_game *g;
    PyObject *r = NULL;
    if (nargs(n, 8, "forbidden") == 0 && (g = game_in(args[0], &h)) && trick_in(g, args + 1, args[5], g->seats, &t, &h) == 0
        && int_in(args[6], 0, 63, &card) == 0 && list_out(args[7], 4 * TC_PLAY_RULES) == 0) {
        tc_forbidden(g, &t, (int)card, f);
        long rules = 0;
        int ok = 1;
        for (int k = 0; ok && k < TC_PLAY_RULES; k++) {
            ok = sets_out(args[7], 4 * k, f[k]) == 0;
            rules |= f[k] ? 1L << k : 0;
        }
        r = ok ? PyLong_FromLong(rules) : NULL;
    }
    release(&h);
    return r;
}
#endif

#ifdef TAPETE_HAVE_PLAYOUT
static PyObject *playouts(PyObject *self, PyObject *const *args, Py_ssize_t n) {
    (void)self;
    held h = {0};
    tc_trick t;
    uint64_t hands[TC_MAX_SEATS];
    long measure, count, seed;
    const tc_game *g;
    PyObject *r = NULL;
    if (nargs(n, 10, "playouts") == 0 && (g = game_in(args[0], &h))
        && trick_in(g, args + 1, args[5], g->seats - 1, &t, &h) == 0 && hands_in(args[6], hands, g->seats) == 0
        && int_in(args[7], 0, 1, &measure) == 0 && int_in(args[8], 0, 0x3FFFFFFF, &count) == 0
        && int_in(args[9], 1, 0x3FFFFFFF, &seed) == 0) {
        uint32_t x = (uint32_t)seed;
        long sum;
        Py_BEGIN_ALLOW_THREADS
        sum = tc_playouts(g, hands, &t, (int)measure, count, &x);
        Py_END_ALLOW_THREADS
        r = PyLong_FromLong(sum);
    }
    release(&h);
    return r;
}
#endif

#ifdef TAPETE_HAVE_SOLVER
/* solve and solve_core: one answer, two searches (the host's, and the small core's the
 * Pico runs, kept here so tests compare them on positions too deep for Python). */
static PyObject *solve_with(PyObject *const *args, Py_ssize_t n, int host, const char *name) {
    held h = {0};
    tc_trick t;
    tc_table tt;
    table_ref ref = {0};
    uint64_t hands[TC_MAX_SEATS];
    long team, measure, budget;
    const tc_game *g;
    PyObject *r = NULL;
    double seconds = 0;
    long keep = 0, lo = 0, hi = TC_NO_BOUND;
    /* the host's solve takes more, optional: a time limit in seconds (of this thread's CPU), `keep` (1: the
     * table's entries of the solves before, all of the same hand, team and measure,
     * are kept: solve_host.h), and bounds `lo`, `hi` known on the value */
    uint64_t deal[TC_MAX_SEATS];
    PyObject *deal_arg = NULL;
    if (host && n == 16) { /* and `deal`: the hand's cards at its start (solve_host.h) */
        deal_arg = args[15];
        n = 15;
    }
    if (host && n == 15) {
        if (int_in(args[13], 0, TC_NO_BOUND, &lo) < 0 || int_in(args[14], 0, TC_NO_BOUND, &hi) < 0) {
            return NULL;
        }
        n = 13;
    }
    if (host && (n == 12 || n == 13)) {
        seconds = PyFloat_AsDouble(args[11]);
        if (seconds == -1 && PyErr_Occurred()) {
            return NULL;
        }
        if (!(seconds >= 0)) {
            fail(TC_ERR_RANGE);
            return NULL;
        }
        if (n == 13 && int_in(args[12], 0, 1, &keep) < 0) {
            return NULL;
        }
        n = 11;
    }
    if (nargs(n, 11, name) == 0 && (g = game_in(args[0], &h))
        && trick_in(g, args + 1, args[5], g->seats - 1, &t, &h) == 0 && hands_in(args[6], hands, g->seats) == 0
        && int_in(args[7], 0, TC_MAX_SEATS - 1, &team) == 0 && int_in(args[8], 0, 1, &measure) == 0
        && int_in(args[10], 0, 0x3FFFFFFF, &budget) == 0 && (!deal_arg || hands_in(deal_arg, deal, g->seats) == 0)
        && table_in(args[9], &tt, &ref) == 0) {
        int v;
        tc_frame stack[TC_FRAMES];
        Py_BEGIN_ALLOW_THREADS
#ifdef TAPETE_HOST_SOLVER
        v = host ? tc_solve_host(g, hands, &t, (int)team, (int)measure, &tt, budget, seconds, (int)keep, (int)lo,
            (int)hi, deal_arg ? deal : 0, 0)
                 : tc_solve(g, hands, &t, (int)team, (int)measure, &tt, budget, 0, stack);
#else
        (void)host;
        (void)seconds;
        (void)keep;
        (void)lo;
        (void)hi;
        (void)deal;
        v = tc_solve(g, hands, &t, (int)team, (int)measure, &tt, budget, 0, stack);
#endif
        Py_END_ALLOW_THREADS
        table_out(&ref, &tt);
        r = v == TC_BAD_POSITION ? (fail(TC_ERR_POSITION), NULL) : PyLong_FromLong(v);
    }
    table_out(&ref, &tt);
    release(&h);
    return r;
}

static PyObject *solve(PyObject *self, PyObject *const *args, Py_ssize_t n) {
    (void)self;
    return solve_with(args, n, 1, "solve");
}

static PyObject *solve_core(PyObject *self, PyObject *const *args, Py_ssize_t n) {
    (void)self;
    return solve_with(args, n, 0, "solve_core");
}

#ifdef TAPETE_HAVE_CLAIM
static PyObject *claim(PyObject *self, PyObject *const *args, Py_ssize_t n) {
    (void)self;
    held h = {0};
    tc_trick t;
    tc_table tt;
    table_ref ref = {0};
    uint64_t hands[TC_MAX_SEATS], unseen, cant[TC_MAX_SEATS], deal[TC_MAX_SEATS];
    uint8_t line[64];
    long known, team, measure, target, budget, nodes = 0;
    const tc_game *g;
    PyObject *r = NULL;
    if (nargs(n, 16, "claim") == 0 && (g = game_in(args[0], &h))
        && trick_in(g, args + 1, args[5], g->seats - 1, &t, &h) == 0 && hands_in(args[6], hands, g->seats) == 0
        && int_in(args[7], 0, (1L << g->seats) - 1, &known) == 0 && hands_in(args[8], &unseen, 1) == 0
        && hands_in(args[9], cant, g->seats) == 0 && int_in(args[10], 0, TC_MAX_SEATS - 1, &team) == 0
        && int_in(args[11], 0, 1, &measure) == 0 && int_in(args[12], -1000, 1000, &target) == 0
        && int_in(args[14], 0, 0x3FFFFFFF, &budget) == 0 && list_out(args[15], 4 * g->seats) == 0
        && table_in(args[13], &tt, &ref) == 0) {
        int v;
        tc_frame stack[TC_FRAMES];
        Py_BEGIN_ALLOW_THREADS
        v = tc_claim(g, hands, (unsigned)known, unseen, cant, &t, (int)team, (int)measure, (int)target,
            &tt, budget, &nodes, deal, line, stack);
        Py_END_ALLOW_THREADS
        table_out(&ref, &tt);
        int ok = 1;
        Py_ssize_t len = PyList_GET_SIZE(args[15]), at = 4 * g->seats;
        if (len > at + 64) { /* room for the count of nodes searched */
            ok = set_item(args[15], at + 64, nodes) == 0;
        }
        if (v == 0) {
            for (int p = 0; ok && p < g->seats; p++) {
                ok = sets_out(args[15], 4 * p, deal[p]) == 0;
            }
            for (Py_ssize_t i = 0; ok && at + i < len && i < 64; i++) {
                ok = set_item(args[15], at + i, line[i] == TC_NO_CARD ? -1 : line[i]) == 0;
            }
        }
        r = !ok ? NULL : v == TC_BAD_POSITION ? (fail(TC_ERR_POSITION), NULL) : PyLong_FromLong(v);
    }
    table_out(&ref, &tt);
    release(&h);
    return r;
}
#endif
#endif

#ifdef TAPETE_HAVE_CLUB
static PyObject *club(PyObject *self, PyObject *const *args, Py_ssize_t n) {
    (void)self;
    held h = {0};
    tc_trick t;
    Py_buffer order = {0}, mem = {0};
    uint64_t hands[TC_MAX_SEATS], unseen, cant[TC_MAX_SEATS], deal[TC_MAX_SEATS];
    uint8_t line[64];
    long known, claimer, budget, nodes = 0;
    const tc_game *g;
    PyObject *r = NULL;
    if (nargs(n, 15, "club") == 0 && (g = game_in(args[0], &h))
        && trick_in(g, args + 1, args[5], g->seats - 1, &t, &h) == 0 && hands_in(args[6], hands, g->seats) == 0
        && int_in(args[7], 0, (1L << g->seats) - 1, &known) == 0 && hands_in(args[8], &unseen, 1) == 0
        && hands_in(args[9], cant, g->seats) == 0 && int_in(args[10], 0, g->seats - 1, &claimer) == 0
        && int_in(args[13], 0, 0x3FFFFFFF, &budget) == 0 && list_out(args[14], 4 * g->seats) == 0
        && PyObject_GetBuffer(args[11], &order, PyBUF_SIMPLE) == 0) {
        const uint8_t *o = order.buf;
        int bad = order.len > 16;
        for (Py_ssize_t i = 0; !bad && i < order.len; i++) {
            bad = o[i] > 63;
        }
        if (bad) {
            fail(TC_ERR_RANGE);
        } else if (PyObject_GetBuffer(args[12], &mem, PyBUF_WRITABLE) == 0) {
            int v;
            Py_BEGIN_ALLOW_THREADS
            v = tc_club(g, hands, (unsigned)known, unseen, cant, &t, (int)claimer, o, (int)order.len,
                mem.buf, mem.len > 0x7FFFFFFF ? 0x7FFFFFFF : (uint32_t)mem.len, budget, &nodes, deal, line);
            Py_END_ALLOW_THREADS
            int ok = 1;
            Py_ssize_t len = PyList_GET_SIZE(args[14]), at = 4 * g->seats;
            if (len > at + 64) {
                ok = set_item(args[14], at + 64, nodes) == 0;
            }
            if (v == 0) {
                for (int p = 0; ok && p < g->seats; p++) {
                    ok = sets_out(args[14], 4 * p, deal[p]) == 0;
                }
                for (Py_ssize_t i = 0; ok && at + i < len && i < 64; i++) {
                    ok = set_item(args[14], at + i, line[i] == TC_NO_CARD ? -1 : line[i]) == 0;
                }
            }
            r = !ok ? NULL : v == TC_BAD_POSITION ? (fail(TC_ERR_POSITION), NULL) : PyLong_FromLong(v);
            PyBuffer_Release(&mem);
        }
        PyBuffer_Release(&order);
    }
    release(&h);
    return r;
}
#endif

#ifdef TAPETE_COUNT_NODES
extern long tc_host_nodes;
static PyObject *host_nodes(PyObject *self, PyObject *unused) {
    (void)self;
    (void)unused;
    return PyLong_FromLong(tc_host_nodes);
}
#endif

static PyMethodDef methods[] = {
#ifdef TAPETE_COUNT_NODES
    {"host_nodes", host_nodes, METH_NOARGS, "nodes of the host's solves so far (a measuring build)"},
#endif
    {"legal", (PyCFunction)(void (*)(void))legal, METH_FASTCALL,
     "legal(game, trump, leader, n, cards, led_suits, hand, out) -> out: the legal suit sets"},
    {"winner", (PyCFunction)(void (*)(void))winner, METH_FASTCALL,
     "winner(game, trump, leader, n, cards) -> seat winning the trick so far (| DRAWN), or -1"},
    {"points", (PyCFunction)(void (*)(void))points, METH_FASTCALL, "points(game, suitsets) -> card points"},
#ifdef TAPETE_HAVE_FORBIDDEN
    {"verdict", (PyCFunction)(void (*)(void))verdict, METH_FASTCALL,
     "verdict(game, trump, leader, n, cards, led_suits, hand, card) -> -1 legal, else the rule broken"},
    {"forbidden", (PyCFunction)(void (*)(void))forbidden, METH_FASTCALL,
     "forbidden(game, trump, leader, n, cards, led_suits, card, out) -> bit per rule; out: 28 suit sets"},
#endif
#ifdef TAPETE_HAVE_PLAYOUT
    {"playouts", (PyCFunction)(void (*)(void))playouts, METH_FASTCALL,
     "playouts(game, trump, leader, n, cards, led_suits, hands, measure, count, seed) -> "
     "team 0's result summed over `count` random legal playouts"},
#endif
#ifdef TAPETE_HAVE_CLUB
    {"club", (PyCFunction)(void (*)(void))club, METH_FASTCALL,
     "club(game, trump, leader, n, cards, led_suits, hands, known, unseen, cant, claimer, order, "
     "memory, budget, out) -> 1 the claim stands by club law, 0 refuted (deal and line in out), "
     "OUT_OF_BUDGET, TOO_DEEP"},
#endif
#ifdef TAPETE_HAVE_SOLVER
    {"solve", (PyCFunction)(void (*)(void))solve, METH_FASTCALL,
     "solve(game, trump, leader, n, cards, led_suits, hands, team, measure, table, budget[, seconds[, keep[, lo, hi[, deal]]]])"
     " -> value, OUT_OF_BUDGET (the budget or the time limit ran out) or TOO_DEEP; lo, hi: bounds known on the value"},
    {"solve_core", (PyCFunction)(void (*)(void))solve_core, METH_FASTCALL,
     "solve_core(...) -> solve's answer by the small core's search (the one the Pico runs)"},
#ifdef TAPETE_HAVE_CLAIM
    {"claim", (PyCFunction)(void (*)(void))claim, METH_FASTCALL,
     "claim(game, trump, leader, n, cards, led_suits, hands, known, unseen, cant, team, measure, "
     "target, table, budget, out) -> 1 holds, 0 refuted (out: deal and line), OUT_OF_BUDGET, TOO_DEEP; "
     "out[4 * seats + 64], when there, gets the nodes searched"},
#endif
#endif
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "tapete_core",
    "tapete's C rule core (see firmware/native/README.md).", -1, methods,
    NULL, NULL, NULL, NULL,
};

#define CONSTANT(name, value) (PyModule_AddIntConstant(m, name, value) < 0)

PyMODINIT_FUNC PyInit_tapete_core(void) {
    PyObject *m = PyModule_Create(&module);
    if (!m) {
        return NULL;
    }
    if (CONSTANT("API", API) || CONSTANT("DESC_VERSION", TC_DESC_VERSION) || CONSTANT("DESC_SIZE", TC_DESC_SIZE)
        || CONSTANT("POINTS", TC_POINTS) || CONSTANT("TRICKS", TC_TRICKS) || CONSTANT("DRAWN", TC_DRAWN)
        || CONSTANT("PLAY_RULES", TC_PLAY_RULES)
#ifdef TAPETE_HAVE_SOLVER
        || CONSTANT("OUT_OF_BUDGET", TC_OUT_OF_BUDGET) || CONSTANT("TOO_DEEP", TC_TOO_DEEP)
        || CONSTANT("MAX_DEPTH", TAPETE_MAX_DEPTH) || CONSTANT("STACK", TAPETE_STACK_NEED)
#endif
    ) {
        Py_DECREF(m);
        return NULL;
    }
#ifdef TAPETE_HOST_SOLVER
    if (tc_add_hand_type(m) < 0) {
        Py_DECREF(m);
        return NULL;
    }
#endif
    return m;
}
