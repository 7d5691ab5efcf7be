/* tapete_core as a CPython extension: a thin glue over tapete_core.c.
 * The API (README.md) is the same as the MicroPython native module's (mod_mpy.c). */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include "tapete_core.h"

#define DESC_LEN 32
#define DESC_MAGIC 0x54

/* ---- arguments ----------------------------------------------------------- */

static int int_in(PyObject *o, long lo, long hi, long *v) {
    *v = PyLong_AsLong(o);
    if (*v == -1 && PyErr_Occurred()) {
        return -1;
    }
    if (*v < lo || *v > hi) {
        PyErr_SetString(PyExc_ValueError, "tapete_core: argument out of range");
        return -1;
    }
    return 0;
}

static int game_in(PyObject *desc, PyObject *trump, tc_game *g) {
    Py_buffer b;
    long tr;
    if (PyObject_GetBuffer(desc, &b, PyBUF_SIMPLE) < 0) {
        return -1;
    }
    const uint8_t *d = b.buf;
    int ok = b.len == DESC_LEN && d[30] == DESC_MAGIC;
    if (ok) {
        for (int f = 0; f < 13; f++) {
            g->strength[f] = d[f];
            g->points[f] = d[13 + f];
        }
        g->family = d[26];
        g->flags = d[27];
        g->step = d[28];
        g->seven = d[29];
    }
    PyBuffer_Release(&b);
    if (!ok) {
        PyErr_SetString(PyExc_ValueError, "tapete_core: not a game made by tapete_core.game()");
        return -1;
    }
    if (int_in(trump, 0, 4, &tr) < 0) {
        return -1;
    }
    g->trump = (uint8_t)tr;
    return 0;
}

/* args: leader, n, cards (bytes-like, n cards in play order), led_suits */
static int trick_in(PyObject *const *args, tc_trick *t, int max_n) {
    long leader, n, led;
    Py_buffer b;
    if (int_in(args[0], 0, 3, &leader) < 0 || int_in(args[1], 0, max_n, &n) < 0
        || int_in(args[3], 0, 15, &led) < 0) {
        return -1;
    }
    if (PyObject_GetBuffer(args[2], &b, PyBUF_SIMPLE) < 0) {
        return -1;
    }
    const uint8_t *c = b.buf;
    int bad = b.len < n;
    t->leader = (uint8_t)leader;
    t->n = (uint8_t)n;
    t->led = (uint8_t)led;
    for (int i = 0; i < 4; i++) {
        t->card[i] = 0;
        if (!bad && i < n) {
            bad = c[i] > 63 || TC_FACE(c[i]) > 12;
            t->card[i] = c[i];
        }
    }
    PyBuffer_Release(&b);
    if (bad) {
        PyErr_SetString(PyExc_ValueError, "tapete_core: cards: fewer than n, or not a card");
        return -1;
    }
    return 0;
}

/* `count` hands of four suit sets, flat, into masks. */
static int hands_in(PyObject *o, uint64_t *masks, Py_ssize_t count) {
    PyObject *seq = PySequence_Fast(o, "tapete_core: suit sets must be a sequence");
    if (!seq) {
        return -1;
    }
    int rc = 0;
    if (PySequence_Fast_GET_SIZE(seq) != 4 * count) {
        PyErr_SetString(PyExc_ValueError, "tapete_core: wrong number of suit sets");
        rc = -1;
    }
    for (Py_ssize_t h = 0; rc == 0 && h < count; h++) {
        long s[4];
        for (int i = 0; rc == 0 && i < 4; i++) {
            rc = int_in(PySequence_Fast_GET_ITEM(seq, h * 4 + i), 0, 0x1FFF, &s[i]);
        }
        if (rc == 0) {
            masks[h] = (uint64_t)s[0] | (uint64_t)s[1] << 16 | (uint64_t)s[2] << 32 | (uint64_t)s[3] << 48;
        }
    }
    Py_DECREF(seq);
    return rc;
}

static int list_out(PyObject *o, Py_ssize_t need) {
    if (!PyList_Check(o)) {
        PyErr_SetString(PyExc_TypeError, "tapete_core: out must be a list");
        return -1;
    }
    if (PyList_GET_SIZE(o) < need) {
        PyErr_SetString(PyExc_ValueError, "tapete_core: out list too short");
        return -1;
    }
    return 0;
}

static int set_item(PyObject *list, Py_ssize_t i, long v) {
    PyObject *x = PyLong_FromLong(v);
    if (!x) {
        return -1;
    }
    return PyList_SetItem(list, i, x); /* steals x */
}

static int sets_out(PyObject *list, Py_ssize_t at, uint64_t m) {
    for (int s = 0; s < 4; s++) {
        if (set_item(list, at + s, (long)((m >> (16 * s)) & 0x1FFF)) < 0) {
            return -1;
        }
    }
    return 0;
}

static int nargs(Py_ssize_t n, Py_ssize_t want, const char *name) {
    if (n != want) {
        PyErr_Format(PyExc_TypeError, "%s() takes %zd arguments (%zd given)", name, want, n);
        return -1;
    }
    return 0;
}

/* ---- functions ----------------------------------------------------------- */

static PyObject *game(PyObject *self, PyObject *const *args, Py_ssize_t n) {
    (void)self;
    uint8_t d[DESC_LEN];
    long family, flags, direction, seven;
    if (nargs(n, 6, "game") < 0) {
        return NULL;
    }
    for (int i = 0; i < 2; i++) {
        Py_buffer b;
        if (PyObject_GetBuffer(args[i], &b, PyBUF_SIMPLE) < 0) {
            return NULL;
        }
        const uint8_t *p = b.buf;
        Py_ssize_t len = b.len;
        if (len == 13 || len == 14) {
            for (int f = 0; f < 13; f++) {
                d[i * 13 + f] = p[len == 14 ? f + 1 : f];
            }
        }
        PyBuffer_Release(&b);
        if (len != 13 && len != 14) {
            PyErr_SetString(PyExc_ValueError, "tapete_core: strength and points need 13 or 14 bytes");
            return NULL;
        }
    }
    if (int_in(args[2], 0, 1, &family) < 0 || int_in(args[3], 0, 7, &flags) < 0
        || int_in(args[4], -1, 1, &direction) < 0 || int_in(args[5], 0, 13, &seven) < 0) {
        return NULL;
    }
    d[26] = (uint8_t)family;
    d[27] = (uint8_t)flags;
    d[28] = direction < 0 ? 3 : 1;
    d[29] = seven ? (uint8_t)(seven - 1) : TC_NO_CARD;
    d[30] = DESC_MAGIC;
    d[31] = 0;
    return PyBytes_FromStringAndSize((const char *)d, DESC_LEN);
}

static PyObject *legal(PyObject *self, PyObject *const *args, Py_ssize_t n) {
    (void)self;
    tc_game g;
    tc_trick t;
    uint64_t hand;
    if (nargs(n, 8, "legal") < 0 || game_in(args[0], args[1], &g) < 0 || trick_in(args + 2, &t, 4) < 0
        || hands_in(args[6], &hand, 1) < 0 || list_out(args[7], 4) < 0
        || sets_out(args[7], 0, tc_legal(&g, &t, hand)) < 0) {
        return NULL;
    }
    Py_INCREF(args[7]);
    return args[7];
}

static PyObject *winner(PyObject *self, PyObject *const *args, Py_ssize_t n) {
    (void)self;
    tc_game g;
    tc_trick t;
    if (nargs(n, 5, "winner") < 0 || game_in(args[0], args[1], &g) < 0) {
        return NULL;
    }
    PyObject *zero = PyLong_FromLong(0);
    PyObject *targs[4] = {args[2], args[3], args[4], zero};
    int rc = trick_in(targs, &t, 4);
    Py_DECREF(zero);
    if (rc < 0) {
        return NULL;
    }
    return PyLong_FromLong(tc_winner(&g, &t));
}

static PyObject *points(PyObject *self, PyObject *const *args, Py_ssize_t n) {
    (void)self;
    tc_game g;
    uint64_t m;
    if (nargs(n, 2, "points") < 0) {
        return NULL;
    }
    PyObject *nt = PyLong_FromLong(TC_NO_TRUMP);
    int rc = game_in(args[0], nt, &g);
    Py_DECREF(nt);
    if (rc < 0 || hands_in(args[1], &m, 1) < 0) {
        return NULL;
    }
    return PyLong_FromLong(tc_points(&g, m));
}

static PyObject *verdict(PyObject *self, PyObject *const *args, Py_ssize_t n) {
    (void)self;
    tc_game g;
    tc_trick t;
    uint64_t hand;
    long card;
    if (nargs(n, 8, "verdict") < 0 || game_in(args[0], args[1], &g) < 0 || trick_in(args + 2, &t, 4) < 0
        || hands_in(args[6], &hand, 1) < 0 || int_in(args[7], 0, 63, &card) < 0) {
        return NULL;
    }
    return PyLong_FromLong(tc_verdict(&g, &t, hand, (int)card) - 1);
}

static PyObject *forbidden(PyObject *self, PyObject *const *args, Py_ssize_t n) {
    (void)self;
    tc_game g;
    tc_trick t;
    long card;
    uint64_t f[TC_NRULES];
    if (nargs(n, 8, "forbidden") < 0 || game_in(args[0], args[1], &g) < 0 || trick_in(args + 2, &t, 4) < 0
        || int_in(args[6], 0, 63, &card) < 0 || list_out(args[7], 4 * (TC_NRULES - 1)) < 0) {
        return NULL;
    }
    tc_forbidden(&g, &t, (int)card, f);
    long rules = 0;
    for (int r = 1; r < TC_NRULES; r++) {
        if (sets_out(args[7], 4 * (r - 1), f[r]) < 0) {
            return NULL;
        }
        if (f[r]) {
            rules |= 1L << (r - 1);
        }
    }
    return PyLong_FromLong(rules);
}

static PyObject *playouts(PyObject *self, PyObject *const *args, Py_ssize_t n) {
    (void)self;
    tc_game g;
    tc_trick t;
    uint64_t hands[4];
    long measure, count, seed;
    if (nargs(n, 10, "playouts") < 0 || game_in(args[0], args[1], &g) < 0 || trick_in(args + 2, &t, 3) < 0
        || hands_in(args[6], hands, 4) < 0 || int_in(args[7], 0, 1, &measure) < 0
        || int_in(args[8], 0, 0x3FFFFFFF, &count) < 0 || int_in(args[9], 1, 0x3FFFFFFF, &seed) < 0) {
        return NULL;
    }
    uint32_t x = (uint32_t)seed;
    long sum;
    Py_BEGIN_ALLOW_THREADS
    sum = tc_playouts(&g, hands, &t, (int)measure, count, &x);
    Py_END_ALLOW_THREADS
    return PyLong_FromLong(sum);
}

/* A table over a caller's bytearray (its first 8 bytes keep the epoch), or None. */
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
        tc_table_init(tt, p + 8, (uint32_t)(ref->b.len - 8), epoch);
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
    }
}

static PyObject *solve(PyObject *self, PyObject *const *args, Py_ssize_t n) {
    (void)self;
    tc_game g;
    tc_trick t;
    tc_table tt;
    table_ref ref;
    uint64_t hands[4];
    long team, measure, budget;
    if (nargs(n, 11, "solve") < 0 || game_in(args[0], args[1], &g) < 0 || trick_in(args + 2, &t, 3) < 0
        || hands_in(args[6], hands, 4) < 0 || int_in(args[7], 0, 1, &team) < 0
        || int_in(args[8], 0, 1, &measure) < 0 || int_in(args[10], 0, 0x3FFFFFFF, &budget) < 0
        || table_in(args[9], &tt, &ref) < 0) {
        return NULL;
    }
    int v;
    Py_BEGIN_ALLOW_THREADS
    v = tc_solve(&g, hands, &t, (int)team, (int)measure, &tt, budget, 0);
    Py_END_ALLOW_THREADS
    table_out(&ref, &tt);
    if (v == -2) {
        PyErr_SetString(PyExc_ValueError, "tapete_core: hands and trick do not fit together");
        return NULL;
    }
    return PyLong_FromLong(v);
}

static PyObject *claim(PyObject *self, PyObject *const *args, Py_ssize_t n) {
    (void)self;
    tc_game g;
    tc_trick t;
    tc_table tt;
    table_ref ref;
    uint64_t hands[4], unseen, cant[4], deal[4];
    uint8_t line[52];
    long known, team, measure, target, budget;
    if (nargs(n, 16, "claim") < 0 || game_in(args[0], args[1], &g) < 0 || trick_in(args + 2, &t, 3) < 0
        || hands_in(args[6], hands, 4) < 0 || int_in(args[7], 0, 15, &known) < 0
        || hands_in(args[8], &unseen, 1) < 0 || hands_in(args[9], cant, 4) < 0
        || int_in(args[10], 0, 1, &team) < 0 || int_in(args[11], 0, 1, &measure) < 0
        || int_in(args[12], -1000, 1000, &target) < 0 || int_in(args[14], 0, 0x3FFFFFFF, &budget) < 0
        || list_out(args[15], 16) < 0 || table_in(args[13], &tt, &ref) < 0) {
        return NULL;
    }
    int r;
    Py_BEGIN_ALLOW_THREADS
    r = tc_claim(&g, hands, (unsigned)known, unseen, cant, &t, (int)team, (int)measure, (int)target,
        &tt, budget, deal, line);
    Py_END_ALLOW_THREADS
    table_out(&ref, &tt);
    if (r == -2) {
        PyErr_SetString(PyExc_ValueError, "tapete_core: hands, unseen cards and trick do not fit together");
        return NULL;
    }
    if (r == 0) {
        Py_ssize_t len = PyList_GET_SIZE(args[15]);
        for (int p = 0; p < 4; p++) {
            if (sets_out(args[15], 4 * p, deal[p]) < 0) {
                return NULL;
            }
        }
        for (Py_ssize_t i = 16; i < len && i < 16 + 52; i++) {
            if (set_item(args[15], i, line[i - 16] == TC_NO_CARD ? -1 : line[i - 16]) < 0) {
                return NULL;
            }
        }
    }
    return PyLong_FromLong(r);
}

static PyMethodDef methods[] = {
    {"game", (PyCFunction)(void (*)(void))game, METH_FASTCALL,
     "game(strength, points, family, flags, direction, seven) -> bytes: a game descriptor"},
    {"legal", (PyCFunction)(void (*)(void))legal, METH_FASTCALL,
     "legal(game, trump, leader, n, cards, led_suits, hand, out) -> out: the legal suit sets"},
    {"winner", (PyCFunction)(void (*)(void))winner, METH_FASTCALL,
     "winner(game, trump, leader, n, cards) -> seat winning the trick so far, or -1"},
    {"points", (PyCFunction)(void (*)(void))points, METH_FASTCALL,
     "points(game, suitsets) -> card points"},
    {"verdict", (PyCFunction)(void (*)(void))verdict, METH_FASTCALL,
     "verdict(game, trump, leader, n, cards, led_suits, hand, card) -> -1 legal, else the rule code"},
    {"forbidden", (PyCFunction)(void (*)(void))forbidden, METH_FASTCALL,
     "forbidden(game, trump, leader, n, cards, led_suits, card, out) -> bit per rule; out: 20 suit sets"},
    {"playouts", (PyCFunction)(void (*)(void))playouts, METH_FASTCALL,
     "playouts(game, trump, leader, n, cards, led_suits, hands, measure, count, seed) -> "
     "team 0's points summed over `count` random legal playouts"},
    {"solve", (PyCFunction)(void (*)(void))solve, METH_FASTCALL,
     "solve(game, trump, leader, n, cards, led_suits, hands, team, measure, table, budget) -> value"},
    {"claim", (PyCFunction)(void (*)(void))claim, METH_FASTCALL,
     "claim(game, trump, leader, n, cards, led_suits, hands, known, unseen, cant, team, measure, "
     "target, table, budget, out) -> 1 holds, 0 refuted (out: deal and line), -1 out of budget"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "tapete_core",
    "tapete's C rule core (see firmware/native/README.md).", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit_tapete_core(void) {
    PyObject *m = PyModule_Create(&module);
    if (!m) {
        return NULL;
    }
    if (PyModule_AddIntConstant(m, "MALILLA", TC_MALILLA) < 0
        || PyModule_AddIntConstant(m, "MANILLE", TC_MANILLE) < 0
        || PyModule_AddIntConstant(m, "PARTNER_EXEMPTION", TC_PARTNER_EXEMPTION) < 0
        || PyModule_AddIntConstant(m, "LAST_TRICK_BONUS", TC_LAST_TRICK_BONUS) < 0
        || PyModule_AddIntConstant(m, "TRICK_POINT", TC_TRICK_POINT) < 0
        || PyModule_AddIntConstant(m, "POINTS", TC_POINTS) < 0
        || PyModule_AddIntConstant(m, "TRICKS", TC_TRICKS) < 0
        || PyModule_AddIntConstant(m, "API", 1) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
