/* The argument readers of the CPython glue (mod_cpython.c, mod_hand.c): the checks
 * of tapete_desc.h, with Python's errors. Internal to the CPython extension. */
#ifndef TAPETE_CPYTHON_ARGS_H
#define TAPETE_CPYTHON_ARGS_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include "../core/tapete_core.h"

/* ---- arguments ----------------------------------------------------------- */

static inline int fail(int err) {
    PyErr_SetString(err == TC_ERR_OUT ? PyExc_TypeError : PyExc_ValueError, tc_error_text(err));
    return -1;
}

static inline int int_in(PyObject *o, long lo, long hi, long *v) {
    *v = PyLong_AsLong(o);
    if (*v == -1 && PyErr_Occurred()) {
        return -1;
    }
    return (*v < lo || *v > hi) ? fail(TC_ERR_RANGE) : 0;
}

/* The buffers an argument list holds while the core reads them. */
typedef struct {
    Py_buffer desc, cards;
    int held_desc, held_cards;
} held;

static inline void release(held *h) {
    if (h->held_desc) {
        PyBuffer_Release(&h->desc);
    }
    if (h->held_cards) {
        PyBuffer_Release(&h->cards);
    }
    h->held_desc = h->held_cards = 0;
}

static inline const tc_game *game_in(PyObject *o, held *h) {
    if (PyObject_GetBuffer(o, &h->desc, PyBUF_SIMPLE) < 0) {
        return NULL;
    }
    h->held_desc = 1;
    const tc_game *g = tc_check_game(h->desc.buf, (size_t)h->desc.len);
    if (!g) {
        fail(TC_ERR_DESC);
    }
    return g;
}

/* args: trump, leader, n, cards (bytes-like, n cards in play order), led_suits (or
 * NULL: none) */
static inline int trick_in(const tc_game *g, PyObject *const *args, PyObject *led_arg, int max_n, tc_trick *t, held *h) {
    long trump, leader, n, led = 0;
    if (PyLong_Check(args[0]) == 0 || PyLong_Check(args[1]) == 0 || PyLong_Check(args[2]) == 0) {
        PyErr_SetString(PyExc_TypeError, "tapete_core: trump, leader and n must be ints");
        return -1;
    }
    trump = PyLong_AsLong(args[0]);
    leader = PyLong_AsLong(args[1]);
    n = PyLong_AsLong(args[2]);
    if (led_arg && int_in(led_arg, 0, 15, &led) < 0) {
        return -1;
    }
    if (PyErr_Occurred() || PyObject_GetBuffer(args[3], &h->cards, PyBUF_SIMPLE) < 0) {
        return -1;
    }
    h->held_cards = 1;
    int err = tc_check_trick(g, trump, leader, n, max_n, h->cards.buf, (size_t)h->cards.len, led);
    if (err) {
        return fail(err);
    }
    t->card = h->cards.buf;
    t->trump = (uint8_t)trump;
    t->leader = (uint8_t)leader;
    t->n = (uint8_t)n;
    t->led = (uint8_t)led;
    return 0;
}

/* `count` hands of four suit sets, flat, into masks. */
static inline int hands_in(PyObject *o, uint64_t *masks, Py_ssize_t count) {
    PyObject *seq = PySequence_Fast(o, "tapete_core: suit sets must be a list");
    if (!seq) {
        return -1;
    }
    int rc = 0;
    if (PySequence_Fast_GET_SIZE(seq) != 4 * count) {
        rc = fail(TC_ERR_SETS);
    }
    for (Py_ssize_t k = 0; rc == 0 && k < count; k++) {
        long s[4];
        for (int i = 0; rc == 0 && i < 4; i++) {
            PyObject *item = PySequence_Fast_GET_ITEM(seq, k * 4 + i);
            s[i] = PyLong_AsLong(item);
            if (s[i] == -1 && PyErr_Occurred()) {
                rc = -1;
            } else if (tc_check_set(s[i])) {
                rc = fail(TC_ERR_SETS);
            }
        }
        if (rc == 0) {
            masks[k] = tc_mask((uint32_t)s[0], (uint32_t)s[1], (uint32_t)s[2], (uint32_t)s[3]);
        }
    }
    Py_DECREF(seq);
    return rc;
}

static inline int list_out(PyObject *o, Py_ssize_t need) {
    if (!PyList_Check(o) || PyList_GET_SIZE(o) < need) {
        return fail(TC_ERR_OUT);
    }
    return 0;
}

static inline int set_item(PyObject *list, Py_ssize_t i, long v) {
    PyObject *x = PyLong_FromLong(v);
    if (!x) {
        return -1;
    }
    return PyList_SetItem(list, i, x); /* steals x */
}

static inline int sets_out(PyObject *list, Py_ssize_t at, uint64_t m) {
    for (int s = 0; s < 4; s++) {
        if (set_item(list, at + s, (long)tc_suit_set(m, s)) < 0) {
            return -1;
        }
    }
    return 0;
}

static inline int nargs(Py_ssize_t n, Py_ssize_t want, const char *name) {
    if (n != want) {
        PyErr_Format(PyExc_TypeError, "%s() takes %zd arguments (%zd given)", name, want, n);
        return -1;
    }
    return 0;
}

#endif
