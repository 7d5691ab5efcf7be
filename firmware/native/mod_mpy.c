/* tapete_core as a MicroPython native module (.mpy): a thin glue over tapete_core.c.
 * The API (README.md) is the same as the CPython extension's (mod_cpython.c). */
#include "py/dynruntime.h"
#include "tapete_core.h"

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

#define DESC_LEN 32
#define DESC_MAGIC 0x54

/* ---- arguments ----------------------------------------------------------- */

static mp_int_t int_in(mp_obj_t o, mp_int_t lo, mp_int_t hi) {
    mp_int_t v = mp_obj_get_int(o);
    if (v < lo || v > hi) {
        mp_raise_ValueError(MP_ERROR_TEXT("tapete_core: argument out of range"));
    }
    return v;
}

static void game_in(mp_obj_t desc, mp_obj_t trump, tc_game *g) {
    mp_buffer_info_t bi;
    mp_get_buffer_raise(desc, &bi, MP_BUFFER_READ);
    const uint8_t *b = bi.buf;
    if (bi.len != DESC_LEN || b[30] != DESC_MAGIC) {
        mp_raise_ValueError(MP_ERROR_TEXT("tapete_core: not a game made by tapete_core.game()"));
    }
    for (int f = 0; f < 13; f++) {
        g->strength[f] = b[f];
        g->points[f] = b[13 + f];
    }
    g->family = b[26];
    g->flags = b[27];
    g->step = b[28];
    g->seven = b[29];
    g->trump = (uint8_t)int_in(trump, 0, 4);
}

/* args: leader, n, cards (bytes-like, n cards in play order), led_suits */
static void trick_in(const mp_obj_t *args, tc_trick *t, int max_n) {
    mp_buffer_info_t bi;
    t->leader = (uint8_t)int_in(args[0], 0, 3);
    t->n = (uint8_t)int_in(args[1], 0, max_n);
    mp_get_buffer_raise(args[2], &bi, MP_BUFFER_READ);
    if (bi.len < t->n) {
        mp_raise_ValueError(MP_ERROR_TEXT("tapete_core: fewer cards than n"));
    }
    const uint8_t *b = bi.buf;
    for (int i = 0; i < 4; i++) {
        t->card[i] = 0;
        if (i < t->n) {
            if (b[i] > 63 || TC_FACE(b[i]) > 12) {
                mp_raise_ValueError(MP_ERROR_TEXT("tapete_core: not a card"));
            }
            t->card[i] = b[i];
        }
    }
    t->led = (uint8_t)int_in(args[3], 0, 15);
}

/* `count` hands of four suit sets, flat, into masks. */
static void hands_in(mp_obj_t o, uint64_t *masks, size_t count) {
    size_t len;
    mp_obj_t *items;
    mp_obj_get_array(o, &len, &items);
    if (len != 4 * count) {
        mp_raise_ValueError(MP_ERROR_TEXT("tapete_core: wrong number of suit sets"));
    }
    for (size_t h = 0; h < count; h++) {
        uint32_t s[4];
        for (int i = 0; i < 4; i++) {
            s[i] = (uint32_t)int_in(items[h * 4 + i], 0, 0x1FFF);
        }
        masks[h] = (uint64_t)(s[0] | s[1] << 16) | (uint64_t)(s[2] | s[3] << 16) << 32;
    }
}

static mp_obj_t *list_out(mp_obj_t o, size_t need) {
    size_t len;
    mp_obj_t *items;
    if (mp_obj_get_type(o) != &mp_type_list) {
        mp_raise_TypeError(MP_ERROR_TEXT("tapete_core: out must be a list"));
    }
    mp_obj_get_array(o, &len, &items);
    if (len < need) {
        mp_raise_ValueError(MP_ERROR_TEXT("tapete_core: out list too short"));
    }
    return items;
}

static void sets_out(mp_obj_t *items, uint64_t m) {
    uint32_t lo = (uint32_t)m, hi = (uint32_t)(m >> 32);
    items[0] = MP_OBJ_NEW_SMALL_INT((mp_int_t)(lo & 0x1FFF));
    items[1] = MP_OBJ_NEW_SMALL_INT((mp_int_t)((lo >> 16) & 0x1FFF));
    items[2] = MP_OBJ_NEW_SMALL_INT((mp_int_t)(hi & 0x1FFF));
    items[3] = MP_OBJ_NEW_SMALL_INT((mp_int_t)((hi >> 16) & 0x1FFF));
}

/* ---- functions ----------------------------------------------------------- */

/* game(strength, points, family, flags, direction, seven) -> bytes */
static mp_obj_t game(size_t n_args, const mp_obj_t *args) {
    uint8_t d[DESC_LEN];
    for (int i = 0; i < 2; i++) {
        mp_buffer_info_t bi;
        mp_get_buffer_raise(args[i], &bi, MP_BUFFER_READ);
        const uint8_t *b = bi.buf;
        if (bi.len != 13 && bi.len != 14) {
            mp_raise_ValueError(MP_ERROR_TEXT("tapete_core: strength and points need 13 or 14 bytes"));
        }
        for (int f = 0; f < 13; f++) {
            d[i * 13 + f] = b[bi.len == 14 ? f + 1 : f];
        }
    }
    d[26] = (uint8_t)int_in(args[2], 0, 1);
    d[27] = (uint8_t)int_in(args[3], 0, 7);
    d[28] = int_in(args[4], -1, 1) < 0 ? 3 : 1;
    mp_int_t seven = int_in(args[5], 0, 13);
    d[29] = seven ? (uint8_t)(seven - 1) : TC_NO_CARD;
    d[30] = DESC_MAGIC;
    d[31] = 0;
    return mp_obj_new_bytes(d, DESC_LEN);
}
static MP_DEFINE_CONST_FUN_OBJ_VAR_BETWEEN(game_obj, 6, 6, game);

/* legal(game, trump, leader, n, cards, led_suits, hand, out) -> out */
static mp_obj_t legal(size_t n_args, const mp_obj_t *args) {
    tc_game g;
    tc_trick t;
    uint64_t hand;
    game_in(args[0], args[1], &g);
    trick_in(args + 2, &t, 4);
    hands_in(args[6], &hand, 1);
    sets_out(list_out(args[7], 4), tc_legal(&g, &t, hand));
    return args[7];
}
static MP_DEFINE_CONST_FUN_OBJ_VAR_BETWEEN(legal_obj, 8, 8, legal);

/* winner(game, trump, leader, n, cards) -> seat or -1 */
static mp_obj_t winner(size_t n_args, const mp_obj_t *args) {
    tc_game g;
    tc_trick t;
    mp_obj_t targs[4] = {args[2], args[3], args[4], MP_OBJ_NEW_SMALL_INT(0)};
    game_in(args[0], args[1], &g);
    trick_in(targs, &t, 4);
    return mp_obj_new_int(tc_winner(&g, &t));
}
static MP_DEFINE_CONST_FUN_OBJ_VAR_BETWEEN(winner_obj, 5, 5, winner);

/* points(game, suitsets) -> int */
static mp_obj_t points(mp_obj_t desc, mp_obj_t sets) {
    tc_game g;
    uint64_t m;
    game_in(desc, MP_OBJ_NEW_SMALL_INT(TC_NO_TRUMP), &g);
    hands_in(sets, &m, 1);
    return mp_obj_new_int(tc_points(&g, m));
}
static MP_DEFINE_CONST_FUN_OBJ_2(points_obj, points);

#ifdef TAPETE_HAVE_FORBIDDEN
/* verdict(game, trump, leader, n, cards, led_suits, hand, card) -> -1 or rule code */
static mp_obj_t verdict(size_t n_args, const mp_obj_t *args) {
    tc_game g;
    tc_trick t;
    uint64_t hand;
    game_in(args[0], args[1], &g);
    trick_in(args + 2, &t, 4);
    hands_in(args[6], &hand, 1);
    int card = (int)int_in(args[7], 0, 63);
    return mp_obj_new_int(tc_verdict(&g, &t, hand, card) - 1);
}
static MP_DEFINE_CONST_FUN_OBJ_VAR_BETWEEN(verdict_obj, 8, 8, verdict);

/* forbidden(game, trump, leader, n, cards, led_suits, card, out) -> rule bits */
static mp_obj_t forbidden(size_t n_args, const mp_obj_t *args) {
    tc_game g;
    tc_trick t;
    uint64_t f[TC_NRULES];
    game_in(args[0], args[1], &g);
    trick_in(args + 2, &t, 4);
    int card = (int)int_in(args[6], 0, 63);
    mp_obj_t *items = list_out(args[7], 4 * (TC_NRULES - 1));
    tc_forbidden(&g, &t, card, f);
    mp_int_t rules = 0;
    for (int r = 1; r < TC_NRULES; r++) {
        sets_out(items + 4 * (r - 1), f[r]);
        if (f[r]) {
            rules |= 1 << (r - 1);
        }
    }
    return mp_obj_new_int(rules);
}
static MP_DEFINE_CONST_FUN_OBJ_VAR_BETWEEN(forbidden_obj, 8, 8, forbidden);
#endif

#ifdef TAPETE_HAVE_PLAYOUT
/* playouts(game, trump, leader, n, cards, led_suits, hands, measure, count, seed) -> sum */
static mp_obj_t playouts(size_t n_args, const mp_obj_t *args) {
    tc_game g;
    tc_trick t;
    uint64_t hands[4];
    game_in(args[0], args[1], &g);
    trick_in(args + 2, &t, 3);
    hands_in(args[6], hands, 4);
    int measure = (int)int_in(args[7], 0, 1);
    long count = (long)int_in(args[8], 0, 0x3FFFFFFF);
    uint32_t seed = (uint32_t)int_in(args[9], 1, 0x3FFFFFFF);
    return mp_obj_new_int(tc_playouts(&g, hands, &t, measure, count, &seed));
}
static MP_DEFINE_CONST_FUN_OBJ_VAR_BETWEEN(playouts_obj, 10, 10, playouts);
#endif

#ifdef TAPETE_HAVE_SOLVER
/* A table over a caller's bytearray: the first 8 bytes keep the epoch. */
static uint8_t *table_in(mp_obj_t o, tc_table *tt) {
    if (o == mp_const_none) {
        tc_table_init(tt, 0, 0, 0);
        return 0;
    }
    mp_buffer_info_t bi;
    mp_get_buffer_raise(o, &bi, MP_BUFFER_RW);
    uint8_t *b = bi.buf;
    if (bi.len < 8) {
        tc_table_init(tt, 0, 0, 0);
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
    tc_game g;
    tc_trick t;
    tc_table tt;
    uint64_t hands[4];
    game_in(args[0], args[1], &g);
    trick_in(args + 2, &t, 3);
    hands_in(args[6], hands, 4);
    int team = (int)int_in(args[7], 0, 1);
    int measure = (int)int_in(args[8], 0, 1);
    uint8_t *b = table_in(args[9], &tt);
    long budget = (long)int_in(args[10], 0, 0x3FFFFFFF);
    int v = tc_solve(&g, hands, &t, team, measure, &tt, budget, 0);
    table_out(b, &tt);
    if (v == -2) {
        mp_raise_ValueError(MP_ERROR_TEXT("tapete_core: hands and trick do not fit together"));
    }
    return mp_obj_new_int(v);
}
static MP_DEFINE_CONST_FUN_OBJ_VAR_BETWEEN(solve_obj, 11, 11, solve);

#ifdef TAPETE_HAVE_CLAIM
/* claim(game, trump, leader, n, cards, led_suits, hands, known, unseen, cant, team,
 *       measure, target, table, budget, out) -> 1 holds, 0 refuted, -1 out of budget */
static mp_obj_t claim(size_t n_args, const mp_obj_t *args) {
    tc_game g;
    tc_trick t;
    tc_table tt;
    uint64_t hands[4], unseen, cant[4], deal[4];
    uint8_t line[52];
    game_in(args[0], args[1], &g);
    trick_in(args + 2, &t, 3);
    hands_in(args[6], hands, 4);
    unsigned known = (unsigned)int_in(args[7], 0, 15);
    hands_in(args[8], &unseen, 1);
    hands_in(args[9], cant, 4);
    int team = (int)int_in(args[10], 0, 1);
    int measure = (int)int_in(args[11], 0, 1);
    int target = (int)int_in(args[12], -1000, 1000);
    uint8_t *b = table_in(args[13], &tt);
    long budget = (long)int_in(args[14], 0, 0x3FFFFFFF);
    size_t len;
    mp_obj_t *items;
    list_out(args[15], 16);
    mp_obj_get_array(args[15], &len, &items);
    int r = tc_claim(&g, hands, known, unseen, cant, &t, team, measure, target, &tt, budget, deal, line);
    table_out(b, &tt);
    if (r == -2) {
        mp_raise_ValueError(MP_ERROR_TEXT("tapete_core: hands, unseen cards and trick do not fit together"));
    }
    if (r == 0) {
        for (int p = 0; p < 4; p++) {
            sets_out(items + 4 * p, deal[p]);
        }
        for (size_t i = 16; i < len && i < 16 + 52; i++) {
            items[i] = MP_OBJ_NEW_SMALL_INT(line[i - 16] == TC_NO_CARD ? -1 : (mp_int_t)line[i - 16]);
        }
    }
    return mp_obj_new_int(r);
}
static MP_DEFINE_CONST_FUN_OBJ_VAR_BETWEEN(claim_obj, 16, 16, claim);
#endif
#endif

static void constant(qstr name, mp_int_t v) {
    mp_store_global(name, MP_OBJ_NEW_SMALL_INT(v));
}

mp_obj_t mpy_init(mp_obj_fun_bc_t *self, size_t n_args, size_t n_kw, mp_obj_t *args) {
    MP_DYNRUNTIME_INIT_ENTRY

    mp_store_global(MP_QSTR_game, MP_OBJ_FROM_PTR(&game_obj));
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
#ifdef TAPETE_HAVE_SOLVER
    mp_store_global(MP_QSTR_solve, MP_OBJ_FROM_PTR(&solve_obj));
#ifdef TAPETE_HAVE_CLAIM
    mp_store_global(MP_QSTR_claim, MP_OBJ_FROM_PTR(&claim_obj));
#endif
#endif
    constant(MP_QSTR_MALILLA, TC_MALILLA);
    constant(MP_QSTR_MANILLE, TC_MANILLE);
    constant(MP_QSTR_PARTNER_EXEMPTION, TC_PARTNER_EXEMPTION);
    constant(MP_QSTR_LAST_TRICK_BONUS, TC_LAST_TRICK_BONUS);
    constant(MP_QSTR_TRICK_POINT, TC_TRICK_POINT);
    constant(MP_QSTR_POINTS, TC_POINTS);
    constant(MP_QSTR_TRICKS, TC_TRICKS);
    constant(MP_QSTR_API, 1);

    MP_DYNRUNTIME_INIT_EXIT
}
