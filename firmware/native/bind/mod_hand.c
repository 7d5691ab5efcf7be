/* tapete_core.Hand: the door for bots and playouts (CPython extension only).
 *
 * A hand in play as a small C object over the same rules as the rest of the core:
 * legal actions as small ints (the card codes of docs/rules-api.md, 0..63), apply
 * one, clone the state, read who won what; random playouts and the exact solver from
 * the state without leaving C. One call per action, no Python object per card
 * (CPython keeps the small ints), so a random playout through Python costs a few
 * method calls per card and nothing else.
 *
 * The hand is played to its last card, as the solver plays it (docs/rules-api.md):
 * the early ends of Envite and Truc stop play that can no longer change who wins.
 * A drawn trick (Truc) goes to nobody and its leader leads again.
 */
#include "cpython_args.h"
#include "../core/search.h"
#include "../host/solve_host.h"

typedef struct {
    PyObject_HEAD
    tc_game g;                    /* a copy: the hand keeps its game's tables */
    uint64_t hand[TC_MAX_SEATS];
    uint8_t cards[TC_MAX_SEATS];  /* the current trick's cards in play order */
    tc_trick t;                   /* t.card points into cards (set again by clone) */
    int to_play;                  /* seat to play, -1 when the hand is over */
    int points[TC_MAX_SEATS];     /* card, trick and last-trick points won per seat */
    int tricks[TC_MAX_SEATS];     /* tricks won per seat */
} HandObject;

static PyTypeObject HandType;

static uint64_t cards_out(const HandObject *h) {
    uint64_t m = 0;
    for (int p = 0; p < h->g.seats; p++) {
        m |= h->hand[p];
    }
    return m;
}

static PyObject *hand_new(PyTypeObject *type, PyObject *args, PyObject *kw) {
    PyObject *a[7];
    held hd = {0};
    tc_trick t;
    uint64_t hands[TC_MAX_SEATS];
    const tc_game *g;
    if (kw && PyDict_Size(kw)) {
        PyErr_SetString(PyExc_TypeError, "Hand() takes no keyword arguments");
        return NULL;
    }
    if (!PyArg_UnpackTuple(args, "Hand", 7, 7, &a[0], &a[1], &a[2], &a[3], &a[4], &a[5], &a[6])) {
        return NULL;
    }
    HandObject *h = NULL;
    if ((g = game_in(a[0], &hd)) && trick_in(g, a + 1, a[5], g->seats - 1, &t, &hd) == 0
        && hands_in(a[6], hands, g->seats) == 0) {
        if (tc_check_position(g, hands, &t, (1u << g->seats) - 1) < 0) {
            fail(TC_ERR_POSITION);
        } else if ((h = (HandObject *)type->tp_alloc(type, 0)) != NULL) {
            h->g = *g;
            int seat = t.leader;
            for (int i = 0; i < t.n; i++) {
                h->cards[i] = t.card[i];
                seat = tc_next(g, seat);
            }
            h->t = t;
            h->t.card = h->cards;
            for (int p = 0; p < g->seats; p++) {
                h->hand[p] = hands[p];
            }
            h->to_play = cards_out(h) ? seat : -1;
        }
    }
    release(&hd);
    return (PyObject *)h;
}

/* legal() -> the card codes the seat to play may play, lowest first ([] when over). */
static PyObject *hand_legal(HandObject *h, PyObject *unused) {
    (void)unused;
    if (h->to_play < 0) {
        return PyList_New(0);
    }
    uint64_t m = tc_legal(&h->g, &h->t, h->hand[h->to_play]);
    PyObject *out = PyList_New(tc_popcount64(m));
    for (Py_ssize_t i = 0; out && m; i++, m &= m - 1) {
        PyList_SET_ITEM(out, i, PyLong_FromLong(tc_ctz64(m)));
    }
    return out;
}

/* Play card c for the seat to play (legal, checked by the caller). */
static void play(HandObject *h, int c) {
    const tc_game *g = &h->g;
    tc_trick *t = &h->t;
    int seat = h->to_play;
    h->hand[seat] &= ~tc_bit(c);
    if (t->n == 0) {
        t->led = (uint8_t)(t->led | 1u << TC_SUIT(c));
    }
    h->cards[t->n++] = (uint8_t)c;
    if (t->n < g->seats) {
        h->to_play = tc_next(g, seat);
        return;
    }
    tc_view v;
    tc_look(g, t, &v);
    uint64_t left = cards_out(h);
    if (!v.drawn) { /* a drawn trick goes to nobody; its leader leads again */
        int won = g->trick_point + (left ? 0 : g->last_trick);
        for (int i = 0; i < g->seats; i++) {
            won += g->points[h->cards[i]];
        }
        h->points[v.winner] += won;
        h->tricks[v.winner]++;
        t->leader = (uint8_t)v.winner;
    }
    t->n = 0;
    h->to_play = left ? t->leader : -1;
}

/* apply(card): play it for the seat to play; a card that is not legal is refused
 * with ValueError and changes nothing. */
static PyObject *hand_apply(HandObject *h, PyObject *arg) {
    long c = PyLong_AsLong(arg);
    if (c == -1 && PyErr_Occurred()) {
        return NULL;
    }
    if (h->to_play < 0) {
        PyErr_SetString(PyExc_ValueError, "Hand.apply: the hand is over");
        return NULL;
    }
    if (c < 0 || c > 63 || !(tc_legal(&h->g, &h->t, h->hand[h->to_play]) & tc_bit((int)c))) {
        PyErr_Format(PyExc_ValueError, "Hand.apply: card %ld is not a legal play for seat %d", c, h->to_play);
        return NULL;
    }
    play(h, (int)c);
    Py_RETURN_NONE;
}

/* clone() -> an independent copy. */
static PyObject *hand_clone(HandObject *h, PyObject *unused) {
    (void)unused;
    HandObject *k = (HandObject *)HandType.tp_alloc(&HandType, 0);
    if (k) {
        size_t head = offsetof(HandObject, g);
        memcpy((char *)k + head, (char *)h + head, sizeof(HandObject) - head);
        k->t.card = k->cards;
    }
    return (PyObject *)k;
}

static int team_measure(const HandObject *h, PyObject *const *args, Py_ssize_t n, const char *name,
    long *team, long *measure) {
    if (n != 2) {
        PyErr_Format(PyExc_TypeError, "Hand.%s() takes 2 arguments (%zd given)", name, n);
        return -1;
    }
    if (int_in(args[0], 0, h->g.seats - 1, team) < 0 || int_in(args[1], 0, 1, measure) < 0) {
        return -1;
    }
    return 0;
}

/* result(team, measure) -> what the seats of `team` have won so far (POINTS or TRICKS). */
static PyObject *hand_result(HandObject *h, PyObject *const *args, Py_ssize_t n) {
    long team, measure, sum = 0;
    if (team_measure(h, args, n, "result", &team, &measure) < 0) {
        return NULL;
    }
    for (int p = 0; p < h->g.seats; p++) {
        if (h->g.team[p] == team) {
            sum += measure == TC_TRICKS ? h->tricks[p] : h->points[p];
        }
    }
    return PyLong_FromLong(sum);
}

/* playouts(measure, count, seed) -> team 0's future result summed over `count`
 * random legal playouts from here, in C (tapete_core.playouts from this state). */
static PyObject *hand_playouts(HandObject *h, PyObject *const *args, Py_ssize_t n) {
    long measure, count, seed;
    if (n != 3) {
        PyErr_Format(PyExc_TypeError, "Hand.playouts() takes 3 arguments (%zd given)", n);
        return NULL;
    }
    if (int_in(args[0], 0, 1, &measure) < 0 || int_in(args[1], 0, 0x3FFFFFFF, &count) < 0
        || int_in(args[2], 1, 0x3FFFFFFF, &seed) < 0) {
        return NULL;
    }
    uint32_t x = (uint32_t)seed;
    long sum = h->to_play < 0 ? 0 : tc_playouts(&h->g, h->hand, &h->t, (int)measure, count, &x);
    return PyLong_FromLong(sum);
}

/* solve(team, measure) -> the exact future value for `team`, every hand known (the
 * host solver, with a table of its own for this call). */
static PyObject *hand_solve(HandObject *h, PyObject *const *args, Py_ssize_t n) {
    long team, measure;
    if (team_measure(h, args, n, "solve", &team, &measure) < 0) {
        return NULL;
    }
    const size_t bytes = (size_t)1 << 20;
    void *mem = PyMem_Calloc(1, bytes);
    if (!mem) {
        return PyErr_NoMemory();
    }
    tc_table tt;
    tc_table_init(&tt, mem, (uint32_t)bytes, 0);
    int v;
    Py_BEGIN_ALLOW_THREADS
    v = tc_solve_host(&h->g, h->hand, &h->t, (int)team, (int)measure, &tt, 0, 0, 0, 0, TC_NO_BOUND, 0, 0);
    Py_END_ALLOW_THREADS
    PyMem_Free(mem);
    return PyLong_FromLong(v);
}

static PyObject *seat_list(const HandObject *h, const int *v) {
    PyObject *out = PyList_New(h->g.seats);
    for (Py_ssize_t p = 0; out && p < h->g.seats; p++) {
        PyList_SET_ITEM(out, p, PyLong_FromLong(v[p]));
    }
    return out;
}

static PyObject *get_over(HandObject *h, void *unused) {
    (void)unused;
    return PyBool_FromLong(h->to_play < 0);
}

static PyObject *get_to_play(HandObject *h, void *unused) {
    (void)unused;
    return PyLong_FromLong(h->to_play);
}

static PyObject *get_points(HandObject *h, void *unused) {
    (void)unused;
    return seat_list(h, h->points);
}

static PyObject *get_tricks(HandObject *h, void *unused) {
    (void)unused;
    return seat_list(h, h->tricks);
}

static PyObject *get_hands(HandObject *h, void *unused) {
    (void)unused;
    PyObject *out = PyList_New(4 * h->g.seats);
    for (int p = 0; out && p < h->g.seats; p++) {
        if (sets_out(out, 4 * p, h->hand[p]) < 0) {
            Py_CLEAR(out);
        }
    }
    return out;
}

static PyObject *get_trick(HandObject *h, void *unused) {
    (void)unused;
    return Py_BuildValue("(iiiy#i)", h->t.trump, h->t.leader, h->t.n, (const char *)h->cards,
        (Py_ssize_t)h->t.n, h->t.led);
}

static PyMethodDef hand_methods[] = {
    {"legal", (PyCFunction)hand_legal, METH_NOARGS, "legal() -> card codes the seat to play may play"},
    {"apply", (PyCFunction)hand_apply, METH_O, "apply(card): play it (ValueError when not legal)"},
    {"clone", (PyCFunction)hand_clone, METH_NOARGS, "clone() -> an independent copy"},
    {"result", (PyCFunction)(void (*)(void))hand_result, METH_FASTCALL,
     "result(team, measure) -> what team has won so far"},
    {"playouts", (PyCFunction)(void (*)(void))hand_playouts, METH_FASTCALL,
     "playouts(measure, count, seed) -> team 0's future result summed over random playouts in C"},
    {"solve", (PyCFunction)(void (*)(void))hand_solve, METH_FASTCALL,
     "solve(team, measure) -> exact future value for team, every hand known"},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef hand_getset[] = {
    {"over", (getter)get_over, NULL, "True when every card is played", NULL},
    {"to_play", (getter)get_to_play, NULL, "seat to play, -1 when over", NULL},
    {"points", (getter)get_points, NULL, "points won per seat", NULL},
    {"tricks", (getter)get_tricks, NULL, "tricks won per seat", NULL},
    {"hands", (getter)get_hands, NULL, "the hands left, four suit sets per seat", NULL},
    {"trick", (getter)get_trick, NULL, "(trump, leader, n, cards, led_suits) of the trick in play", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject HandType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "tapete_core.Hand",
    .tp_basicsize = sizeof(HandObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Hand(game, trump, leader, n, cards, led_suits, hands): a hand in play "
              "(legal, apply, clone; docs/rules-api.md)",
    .tp_new = hand_new,
    .tp_methods = hand_methods,
    .tp_getset = hand_getset,
};

int tc_add_hand_type(PyObject *m) {
    if (PyType_Ready(&HandType) < 0) {
        return -1;
    }
    Py_INCREF(&HandType);
    if (PyModule_AddObject(m, "Hand", (PyObject *)&HandType) < 0) {
        Py_DECREF(&HandType);
        return -1;
    }
    return 0;
}
