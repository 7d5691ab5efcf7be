/* tapete_core as a MicroPython native module (.mpy): a thin glue over the core
 * (tapete_core.c and the solver). The API (README.md) is the same as the CPython
 * extension's (mod_cpython.c); the argument checks are tapete_desc.h's, shared by
 * both. The per-play calls (legal, forbidden, verdict, winner) allocate nothing. */
#include "py/dynruntime.h"
#include "../core/tapete_core.h"
#include "../core/solve.h"

#define API 2
/* claim()'s own frame on armv6m (-fstack-usage: 504 bytes), counted in STACK; the
 * searches' stack of frames (TC_FRAMES, 2340 bytes) is on the MicroPython heap, taken
 * for the call and given back after it (the core allocates nothing, so no collection
 * can run while it is held) */
#define GLUE_STACK 512

/* gcc emits calls to these for struct copies and clears; a native module links no
 * libc (Makefile: -fno-tree-loop-distribute-patterns keeps them from calling themselves) */
void *memset(void *s, int c, size_t n) {
    unsigned char *p = s;
    while (n--) {
        *p++ = (unsigned char)c;
    }
    return s;
}

void *memcpy(void *d, const void *s, size_t n) {
    unsigned char *p = d;
    const unsigned char *q = s;
    while (n--) {
        *p++ = *q++;
    }
    return d;
}

/* ---- arguments ----------------------------------------------------------- */

static void fail(int err) {
    if (err == TC_ERR_OUT) {
        mp_raise_TypeError(tc_error_text(err));
    }
    mp_raise_ValueError(tc_error_text(err));
}

static mp_int_t int_of(mp_obj_t o) {
    if (mp_obj_is_small_int(o)) {
        return MP_OBJ_SMALL_INT_VALUE(o);
    }
    return (mp_int_t)mp_obj_get_int(o);
}

static mp_int_t int_in(mp_obj_t o, mp_int_t lo, mp_int_t hi) {
    mp_int_t v = int_of(o);
    if (v < lo || v > hi) {
        fail(TC_ERR_RANGE);
    }
    return v;
}

static const tc_game *game_in(mp_obj_t desc) {
    mp_buffer_info_t bi;
    mp_get_buffer_raise(desc, &bi, MP_BUFFER_READ);
    const tc_game *g = tc_check_game(bi.buf, bi.len);
    if (!g) {
        fail(TC_ERR_DESC);
    }
    return g;
}

/* args: trump, leader, n, cards (bytes-like, n cards in play order); led suits apart */
static void trick_in(const tc_game *g, const mp_obj_t *args, mp_int_t led, int max_n, tc_trick *t) {
    mp_buffer_info_t bi;
    mp_int_t trump = int_of(args[0]), leader = int_of(args[1]), n = int_of(args[2]);
    mp_get_buffer_raise(args[3], &bi, MP_BUFFER_READ);
    int err = tc_check_trick(g, trump, leader, n, max_n, bi.buf, bi.len, led);
    if (err) {
        fail(err);
    }
    t->card = bi.buf;
    t->trump = (uint8_t)trump;
    t->leader = (uint8_t)leader;
    t->n = (uint8_t)n;
    t->led = (uint8_t)led;
}

/* `count` hands of four suit sets, flat, into masks. */
static void hands_in(mp_obj_t o, uint64_t *masks, size_t count) {
    size_t len;
    mp_obj_t *items;
    mp_obj_get_array(o, &len, &items);
    if (len != 4 * count) {
        fail(TC_ERR_SETS);
    }
    for (size_t k = 0; k < count; k++) {
        mp_int_t s[4];
        for (int i = 0; i < 4; i++) {
            s[i] = int_of(items[k * 4 + i]);
            if (tc_check_set(s[i])) {
                fail(TC_ERR_SETS);
            }
        }
        masks[k] = tc_mask((uint32_t)s[0], (uint32_t)s[1], (uint32_t)s[2], (uint32_t)s[3]);
    }
}

static mp_obj_t *list_out(mp_obj_t o, size_t need, size_t *len) {
    mp_obj_t *items;
    if (mp_obj_get_type(o) != &mp_type_list) {
        fail(TC_ERR_OUT);
    }
    mp_obj_get_array(o, len, &items);
    if (*len < need) {
        fail(TC_ERR_OUT);
    }
    return items;
}

static void sets_out(mp_obj_t *items, uint64_t m) {
    for (int s = 0; s < 4; s++) {
        items[s] = MP_OBJ_NEW_SMALL_INT((mp_int_t)tc_suit_set(m, s));
    }
}

/* ---- functions ----------------------------------------------------------- */

/* legal(game, trump, leader, n, cards, led_suits, hand, out) -> out */
static mp_obj_t legal(size_t n_args, const mp_obj_t *args) {
    tc_trick t;
    uint64_t hand;
    size_t len;
    const tc_game *g = game_in(args[0]);
    trick_in(g, args + 1, int_in(args[5], 0, 15), g->seats, &t);
    hands_in(args[6], &hand, 1);
    sets_out(list_out(args[7], 4, &len), tc_legal(g, &t, hand));
    return args[7];
}
static MP_DEFINE_CONST_FUN_OBJ_VAR_BETWEEN(legal_obj, 8, 8, legal);

/* winner(game, trump, leader, n, cards) -> seat (| DRAWN) or -1 */
static mp_obj_t winner(size_t n_args, const mp_obj_t *args) {
    tc_trick t;
    const tc_game *g = game_in(args[0]);
    trick_in(g, args + 1, 0, g->seats, &t);
    return MP_OBJ_NEW_SMALL_INT(tc_winner(g, &t));
}
static MP_DEFINE_CONST_FUN_OBJ_VAR_BETWEEN(winner_obj, 5, 5, winner);

/* points(game, suitsets) -> int */
static mp_obj_t points(mp_obj_t desc, mp_obj_t sets) {
    uint64_t m;
    const tc_game *g = game_in(desc);
    hands_in(sets, &m, 1);
    return mp_obj_new_int(tc_points(g, m));
}
static MP_DEFINE_CONST_FUN_OBJ_2(points_obj, points);

#ifdef TAPETE_HAVE_FORBIDDEN
/* verdict(game, trump, leader, n, cards, led_suits, hand, card) -> -1 or rule */
static mp_obj_t verdict(size_t n_args, const mp_obj_t *args) {
    tc_trick t;
    uint64_t hand;
    const tc_game *g = game_in(args[0]);
    trick_in(g, args + 1, int_in(args[5], 0, 15), g->seats, &t);
    hands_in(args[6], &hand, 1);
    int card = (int)int_in(args[7], 0, 63);
    return MP_OBJ_NEW_SMALL_INT(tc_verdict(g, &t, hand, card));
}
static MP_DEFINE_CONST_FUN_OBJ_VAR_BETWEEN(verdict_obj, 8, 8, verdict);

/* forbidden(game, trump, leader, n, cards, led_suits, card, out) -> rule bits */
static mp_obj_t forbidden(size_t n_args, const mp_obj_t *args) {
    tc_trick t;
    uint64_t f[TC_PLAY_RULES];
    size_t len;
    const tc_game *g = game_in(args[0]);
    trick_in(g, args + 1, int_in(args[5], 0, 15), g->seats, &t);
    int card = (int)int_in(args[6], 0, 63);
    mp_obj_t *items = list_out(args[7], 4 * TC_PLAY_RULES, &len);
    tc_forbidden(g, &t, card, f);
    mp_int_t rules = 0;
    for (int r = 0; r < TC_PLAY_RULES; r++) {
        sets_out(items + 4 * r, f[r]);
        if (f[r]) {
            rules |= 1 << r;
        }
    }
    return MP_OBJ_NEW_SMALL_INT(rules);
}
static MP_DEFINE_CONST_FUN_OBJ_VAR_BETWEEN(forbidden_obj, 8, 8, forbidden);
#endif

#ifdef TAPETE_HAVE_PLAYOUT
/* playouts(game, trump, leader, n, cards, led_suits, hands, measure, count, seed) -> sum */
static mp_obj_t playouts(size_t n_args, const mp_obj_t *args) {
    tc_trick t;
    uint64_t hands[TC_MAX_SEATS];
    const tc_game *g = game_in(args[0]);
    trick_in(g, args + 1, int_in(args[5], 0, 15), g->seats - 1, &t);
    hands_in(args[6], hands, g->seats);
    int measure = (int)int_in(args[7], 0, 1);
    long count = (long)int_in(args[8], 0, 0x3FFFFFFF);
    uint32_t seed = (uint32_t)int_in(args[9], 1, 0x3FFFFFFF);
    return mp_obj_new_int(tc_playouts(g, hands, &t, measure, count, &seed));
}
static MP_DEFINE_CONST_FUN_OBJ_VAR_BETWEEN(playouts_obj, 10, 10, playouts);
#endif

#ifdef TAPETE_HAVE_SOLVER
/* A table over a caller's bytearray: the first 8 bytes keep the epoch. */
static uint8_t *table_in(mp_obj_t o, tc_table *tt) {
    tc_table_init(tt, 0, 0, 0);
    if (o == mp_const_none) {
        return 0;
    }
    mp_buffer_info_t bi;
    mp_get_buffer_raise(o, &bi, MP_BUFFER_RW);
    uint8_t *b = bi.buf;
    if (bi.len < 8) {
        return 0;
    }
    uint32_t epoch = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
    tc_table_init(tt, b + 8, (uint32_t)(bi.len - 8), epoch);
    return b;
}

static void table_out(uint8_t *b, const tc_table *tt) {
    if (b) {
        b[0] = (uint8_t)tt->epoch;
        b[1] = (uint8_t)(tt->epoch >> 8);
        b[2] = (uint8_t)(tt->epoch >> 16);
        b[3] = (uint8_t)(tt->epoch >> 24);
    }
}

/* solve(game, trump, leader, n, cards, led_suits, hands, team, measure, table, budget) -> int */
static mp_obj_t solve(size_t n_args, const mp_obj_t *args) {
    tc_trick t;
    tc_table tt;
    uint64_t hands[TC_MAX_SEATS];
    const tc_game *g = game_in(args[0]);
    trick_in(g, args + 1, int_in(args[5], 0, 15), g->seats - 1, &t);
    hands_in(args[6], hands, g->seats);
    int team = (int)int_in(args[7], 0, TC_MAX_SEATS - 1);
    int measure = (int)int_in(args[8], 0, 1);
    long budget = (long)int_in(args[10], 0, 0x3FFFFFFF);
    uint8_t *b = table_in(args[9], &tt);
    tc_frame *stack = m_malloc(TC_FRAMES * sizeof(tc_frame));
    int v = tc_solve(g, hands, &t, team, measure, &tt, budget, 0, stack);
    m_free(stack);
    table_out(b, &tt);
    if (v == TC_BAD_POSITION) {
        fail(TC_ERR_POSITION);
    }
    return mp_obj_new_int(v);
}
static MP_DEFINE_CONST_FUN_OBJ_VAR_BETWEEN(solve_obj, 11, 11, solve);

#ifdef TAPETE_HAVE_CLAIM
/* claim(game, trump, leader, n, cards, led_suits, hands, known, unseen, cant, team,
 *       measure, target, table, budget, out) -> 1 holds, 0 refuted, OUT_OF_BUDGET, TOO_DEEP */
static mp_obj_t claim(size_t n_args, const mp_obj_t *args) {
    tc_trick t;
    tc_table tt;
    uint64_t hands[TC_MAX_SEATS], unseen, cant[TC_MAX_SEATS], deal[TC_MAX_SEATS];
    uint8_t line[64];
    size_t len;
    const tc_game *g = game_in(args[0]);
    trick_in(g, args + 1, int_in(args[5], 0, 15), g->seats - 1, &t);
    hands_in(args[6], hands, g->seats);
    unsigned known = (unsigned)int_in(args[7], 0, (1 << g->seats) - 1);
    hands_in(args[8], &unseen, 1);
    hands_in(args[9], cant, g->seats);
    int team = (int)int_in(args[10], 0, TC_MAX_SEATS - 1);
    int measure = (int)int_in(args[11], 0, 1);
    int target = (int)int_in(args[12], -1000, 1000);
    long budget = (long)int_in(args[14], 0, 0x3FFFFFFF);
    mp_obj_t *items = list_out(args[15], 4 * g->seats, &len);
    uint8_t *b = table_in(args[13], &tt);
    long nodes = 0;
    tc_frame *stack = m_malloc(TC_FRAMES * sizeof(tc_frame));
    int r = tc_claim(g, hands, known, unseen, cant, &t, team, measure, target, &tt, budget, &nodes, deal, line, stack);
    m_free(stack);
    table_out(b, &tt);
    if (r == TC_BAD_POSITION) {
        fail(TC_ERR_POSITION);
    }
    size_t at = 4 * g->seats;
    if (len > at + 64) { /* room for the count of nodes searched */
        items[at + 64] = mp_obj_new_int(nodes);
    }
    if (r == 0) {
        for (int p = 0; p < g->seats; p++) {
            sets_out(items + 4 * p, deal[p]);
        }
        for (size_t i = 0; at + i < len && i < 64; i++) {
            items[at + i] = MP_OBJ_NEW_SMALL_INT(line[i] == TC_NO_CARD ? -1 : (mp_int_t)line[i]);
        }
    }
    return MP_OBJ_NEW_SMALL_INT(r);
}
static MP_DEFINE_CONST_FUN_OBJ_VAR_BETWEEN(claim_obj, 16, 16, claim);
#endif
#endif

#ifdef TAPETE_HAVE_CLUB
/* club(game, trump, leader, n, cards, led_suits, hands, known, unseen, cant, claimer,
 *      order, memory, budget, out) -> 1 holds, 0 refuted, OUT_OF_BUDGET, TOO_DEEP */
static mp_obj_t club(size_t n_args, const mp_obj_t *args) {
    tc_trick t;
    uint64_t hands[TC_MAX_SEATS], unseen, cant[TC_MAX_SEATS], deal[TC_MAX_SEATS];
    uint8_t line[64];
    size_t len;
    mp_buffer_info_t order, mem;
    const tc_game *g = game_in(args[0]);
    trick_in(g, args + 1, int_in(args[5], 0, 15), g->seats - 1, &t);
    hands_in(args[6], hands, g->seats);
    unsigned known = (unsigned)int_in(args[7], 0, (1 << g->seats) - 1);
    hands_in(args[8], &unseen, 1);
    hands_in(args[9], cant, g->seats);
    int claimer = (int)int_in(args[10], 0, g->seats - 1);
    mp_get_buffer_raise(args[11], &order, MP_BUFFER_READ);
    mp_get_buffer_raise(args[12], &mem, MP_BUFFER_RW);
    long budget = (long)int_in(args[13], 0, 0x3FFFFFFF);
    mp_obj_t *items = list_out(args[14], 4 * g->seats, &len);
    const uint8_t *o = order.buf;
    for (size_t i = 0; i < order.len; i++) {
        if (o[i] > 63 || order.len > 16) {
            fail(TC_ERR_RANGE);
        }
    }
    long nodes = 0;
    int r = tc_club(g, hands, known, unseen, cant, &t, claimer, o, (int)order.len, mem.buf,
        (uint32_t)mem.len, budget, &nodes, deal, line);
    if (r == TC_BAD_POSITION) {
        fail(TC_ERR_POSITION);
    }
    size_t at = 4 * g->seats;
    if (len > at + 64) {
        items[at + 64] = mp_obj_new_int(nodes);
    }
    if (r == 0) {
        for (int p = 0; p < g->seats; p++) {
            sets_out(items + 4 * p, deal[p]);
        }
        for (size_t i = 0; at + i < len && i < 64; i++) {
            items[at + i] = MP_OBJ_NEW_SMALL_INT(line[i] == TC_NO_CARD ? -1 : (mp_int_t)line[i]);
        }
    }
    return MP_OBJ_NEW_SMALL_INT(r);
}
static MP_DEFINE_CONST_FUN_OBJ_VAR_BETWEEN(club_obj, 15, 15, club);
#endif

static void constant(qstr name, mp_int_t v) {
    mp_store_global(name, MP_OBJ_NEW_SMALL_INT(v));
}

mp_obj_t mpy_init(mp_obj_fun_bc_t *self, size_t n_args, size_t n_kw, mp_obj_t *args) {
    MP_DYNRUNTIME_INIT_ENTRY

    mp_store_global(MP_QSTR_legal, MP_OBJ_FROM_PTR(&legal_obj));
    mp_store_global(MP_QSTR_winner, MP_OBJ_FROM_PTR(&winner_obj));
    mp_store_global(MP_QSTR_points, MP_OBJ_FROM_PTR(&points_obj));
#ifdef TAPETE_HAVE_FORBIDDEN
    mp_store_global(MP_QSTR_verdict, MP_OBJ_FROM_PTR(&verdict_obj));
    mp_store_global(MP_QSTR_forbidden, MP_OBJ_FROM_PTR(&forbidden_obj));
#endif
#ifdef TAPETE_HAVE_PLAYOUT
    mp_store_global(MP_QSTR_playouts, MP_OBJ_FROM_PTR(&playouts_obj));
#endif
#ifdef TAPETE_HAVE_CLUB
    mp_store_global(MP_QSTR_club, MP_OBJ_FROM_PTR(&club_obj));
#endif
#ifdef TAPETE_HAVE_SOLVER
    mp_store_global(MP_QSTR_solve, MP_OBJ_FROM_PTR(&solve_obj));
#ifdef TAPETE_HAVE_CLAIM
    mp_store_global(MP_QSTR_claim, MP_OBJ_FROM_PTR(&claim_obj));
#endif
    constant(MP_QSTR_OUT_OF_BUDGET, TC_OUT_OF_BUDGET);
    constant(MP_QSTR_TOO_DEEP, TC_TOO_DEEP);
    constant(MP_QSTR_MAX_DEPTH, TAPETE_MAX_DEPTH);
    constant(MP_QSTR_STACK, TAPETE_STACK_NEED ? TAPETE_STACK_NEED + GLUE_STACK : 0);
#endif
    constant(MP_QSTR_API, API);
    constant(MP_QSTR_DESC_VERSION, TC_DESC_VERSION);
    constant(MP_QSTR_DESC_SIZE, TC_DESC_SIZE);
    constant(MP_QSTR_POINTS, TC_POINTS);
    constant(MP_QSTR_TRICKS, TC_TRICKS);
    constant(MP_QSTR_DRAWN, TC_DRAWN);
    constant(MP_QSTR_PLAY_RULES, TC_PLAY_RULES);

    MP_DYNRUNTIME_INIT_EXIT
}
