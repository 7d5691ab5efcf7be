/* The C core's own tests: rule sentences as vectors, the legal/forbidden contract on
 * random tricks, the solver against brute-force minimax on endings of up to three
 * tricks, and claims against an enumeration of every deal. Runs on the host (with
 * the sanitizers) and on an emulated Cortex-M0 (semihosting), so it uses no libc.
 *
 * TC_TEST_ROUNDS sets the number of random positions per game and check.
 */
#include <stdint.h>
#include "../tapete_core.h"
#include "tc_io.h"

#ifndef TC_TEST_ROUNDS
#define TC_TEST_ROUNDS 2000
#endif
#ifndef TC_TEST_TT_ENTRIES
#define TC_TEST_TT_ENTRIES 4096
#endif

#if defined(__GNUC__)
#define MAYBE_UNUSED __attribute__((unused))
#else
#define MAYBE_UNUSED
#endif

/* ---- output -------------------------------------------------------------- */

static int failures, checks;

static void put_int(long v) {
    char buf[24];
    int i = 23;
    int neg = v < 0;
    unsigned long u = neg ? 0ul - (unsigned long)v : (unsigned long)v;
    buf[i] = 0;
    do {
        buf[--i] = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    if (neg) {
        buf[--i] = '-';
    }
    io_puts(buf + i);
}

MAYBE_UNUSED static void put_hex(uint64_t v) {
    char buf[19];
    buf[0] = '0';
    buf[1] = 'x';
    for (int i = 0; i < 16; i++) {
        int d = (int)((v >> (60 - 4 * i)) & 15);
        buf[2 + i] = (char)(d < 10 ? '0' + d : 'a' + d - 10);
    }
    buf[18] = 0;
    io_puts(buf);
}

static void fail(const char *what, long seed, long got, long want) {
    failures++;
    if (failures <= 20) {
        io_puts("FAIL ");
        io_puts(what);
        io_puts(" seed=");
        put_int(seed);
        io_puts(" got=");
        put_int(got);
        io_puts(" want=");
        put_int(want);
        io_puts("\n");
    }
}

#define CHECK(what, got, want) do { long g_ = (long)(got), w_ = (long)(want); checks++; \
        if (g_ != w_) fail(what, __LINE__, g_, w_); } while (0)
#define CHECKM(what, got, want) do { uint64_t g_ = (got), w_ = (want); checks++; \
        if (g_ != w_) { fail(what, __LINE__, 0, 0); io_puts("  got "); put_hex(g_); \
            io_puts(" want "); put_hex(w_); io_puts("\n"); } } while (0)

/* ---- games and cards ----------------------------------------------------- */

enum { S = 0, H = 1, D = 2, C = 3 };
#define CARD(face, suit) ((suit) * 16 + (face) - 1)
#define B(face, suit) ((uint64_t)1 << CARD(face, suit))

static uint64_t deck_malilla, deck_manille;

static void make_game(tc_game *g, const int *order, int norder, const int *pts, int trump,
    int family, int flags, int step, int seven) {
    for (int f = 0; f < 13; f++) {
        g->strength[f] = 0;
        g->points[f] = 0;
    }
    for (int i = 0; i < norder; i++) {
        g->strength[order[i] - 1] = (uint8_t)(norder - i);
        g->points[order[i] - 1] = (uint8_t)pts[i];
    }
    g->trump = (uint8_t)trump;
    g->family = (uint8_t)family;
    g->flags = (uint8_t)flags;
    g->step = (uint8_t)step;
    g->seven = (uint8_t)seven;
}

static void malilla(tc_game *g, int trump) {
    int order[10] = {7, 1, 13, 12, 11, 6, 5, 4, 3, 2};
    int pts[10] = {5, 4, 3, 2, 1, 0, 0, 0, 0, 0};
    make_game(g, order, 10, pts, trump, TC_MALILLA, TC_TRICK_POINT, 1, 6);
}

static void manille(tc_game *g, int trump, int flags) {
    int order[8] = {10, 1, 13, 12, 11, 9, 8, 7};
    int pts[8] = {5, 4, 3, 2, 1, 0, 0, 0};
    make_game(g, order, 8, pts, trump, TC_MANILLE, flags, 3, 0xFF);
}

MAYBE_UNUSED static uint64_t deck_of(const int *faces, int n) {
    uint64_t m = 0;
    for (int s = 0; s < 4; s++) {
        for (int i = 0; i < n; i++) {
            m |= B(faces[i], s);
        }
    }
    return m;
}

static void trick(tc_trick *t, int leader, int led, int n, const int *cards) {
    t->leader = (uint8_t)leader;
    t->led = (uint8_t)led;
    t->n = (uint8_t)n;
    for (int i = 0; i < 4; i++) {
        t->card[i] = (uint8_t)(i < n ? cards[i] : 0);
    }
}

/* ---- random -------------------------------------------------------------- */

typedef struct {
    uint32_t x;
} rng;

MAYBE_UNUSED static uint32_t next(rng *r) {
    r->x ^= r->x << 13;
    r->x ^= r->x >> 17;
    r->x ^= r->x << 5;
    return r->x;
}

MAYBE_UNUSED static int below(rng *r, int n) {
    return (int)(next(r) % (uint32_t)n);
}

MAYBE_UNUSED static int count(uint64_t m) {
    int n = 0;
    while (m) {
        m &= m - 1;
        n++;
    }
    return n;
}

MAYBE_UNUSED static int nth_card(uint64_t m, int k) {
    for (int c = 0; c < 64; c++) {
        if ((m >> c) & 1) {
            if (k-- == 0) {
                return c;
            }
        }
    }
    return -1;
}

MAYBE_UNUSED static int random_card(rng *r, uint64_t m) {
    return nth_card(m, below(r, count(m)));
}

/* ---- rule sentences ------------------------------------------------------ */

static void test_malilla_rules(void) {
    tc_game g;
    tc_trick t;
    malilla(&g, H); /* hearts trump, clockwise */
    uint64_t hand = B(7, S) | B(2, S) | B(12, S) | B(3, H) | B(13, H) | B(7, D) | B(5, C);
    int c1[1] = {CARD(11, S)};
    /* a 7 may always be led; leading, anything goes */
    trick(&t, 0, 0, 0, c1);
    CHECKM("lead anything", tc_legal(&g, &t, hand), hand);
    /* holding the led suit, must follow, and beat an opponent's card of it */
    trick(&t, 1, 0, 1, c1); /* seat 1 led J of spades, seat 2 to play */
    CHECKM("follow and beat", tc_legal(&g, &t, hand), B(7, S) | B(12, S));
    /* partner winning: follow only */
    trick(&t, 0, 0, 1, c1); /* seat 0 led, seat 1 to play: opponent winning */
    int c2[2] = {CARD(11, S), CARD(1, S)};
    trick(&t, 3, 0, 2, c2); /* seat 3 led J, seat 0 played A (winning); seat 1 to play */
    CHECKM("beat opponent's ace", tc_legal(&g, &t, hand), B(7, S));
    trick(&t, 0, 0, 2, c2); /* seat 0 led J, seat 1 A wins; seat 2 is partner of 0: must beat */
    CHECKM("beat ace", tc_legal(&g, &t, hand), B(7, S));
    int c3[3] = {CARD(11, S), CARD(1, S), CARD(2, S)};
    trick(&t, 3, 0, 3, c3); /* seat 0 (A) winning, seat 2 to play is partner */
    CHECKM("partner winning: follow", tc_legal(&g, &t, hand), B(7, S) | B(2, S) | B(12, S));
    /* trumped lead suit: any card of the led suit */
    int c4[2] = {CARD(11, S), CARD(2, H)};
    trick(&t, 0, 0, 2, c4); /* seat 1 trumped, seat 2 to play */
    CHECKM("trumped: any of led", tc_legal(&g, &t, hand), B(7, S) | B(2, S) | B(12, S));
    /* void: must beat with a trump when an opponent wins */
    uint64_t voidh = B(3, H) | B(13, H) | B(7, D) | B(5, C) | B(6, D);
    trick(&t, 1, 0, 1, c1);
    CHECKM("void: trump", tc_legal(&g, &t, voidh), B(3, H) | B(13, H));
    int c5[2] = {CARD(11, S), CARD(12, H)};
    trick(&t, 0, 0, 2, c5); /* seat 1 trumped with Q, seat 2 to play: overtrump with K */
    CHECKM("void: overtrump", tc_legal(&g, &t, voidh), B(13, H));
    int c6[2] = {CARD(11, S), CARD(1, H)};
    trick(&t, 0, 0, 2, c6); /* ace of trumps: cannot beat, any card but the unled 7 */
    CHECKM("void: no beat, no seven", tc_legal(&g, &t, voidh), voidh & ~B(7, D));
    trick(&t, 0, 1 << D, 2, c6); /* diamonds led before: the 7 is free */
    CHECKM("void: seven of a led suit", tc_legal(&g, &t, voidh), voidh);
    int c7[1] = {CARD(2, C)};
    trick(&t, 2, 0, 1, c7); /* partner (2) leads clubs, seat 3 is void... */
    uint64_t sevens = B(7, D) | B(7, S);
    trick(&t, 3, 0, 1, c7); /* seat 3 led clubs, seat 0 to play: opponent winning, no trump */
    CHECKM("only sevens: legal", tc_legal(&g, &t, sevens), sevens);
    CHECKM("trump seven free", tc_legal(&g, &t, B(7, H) | B(7, D)), B(7, H));
    /* trump lead: must beat with a higher trump */
    int c8[1] = {CARD(12, H)};
    trick(&t, 1, 0, 1, c8);
    CHECKM("trump lead, beat", tc_legal(&g, &t, voidh), B(13, H));
    /* winner and points */
    int c9[4] = {CARD(2, S), CARD(7, S), CARD(2, H), CARD(1, C)};
    trick(&t, 1, 0, 4, c9);
    CHECK("winner: trump", tc_winner(&g, &t), 3);
    int c10[4] = {CARD(2, S), CARD(7, S), CARD(1, S), CARD(1, C)};
    trick(&t, 1, 0, 4, c10);
    CHECK("winner: 7 is top", tc_winner(&g, &t), 2);
    CHECK("points", tc_points(&g, deck_malilla), 60);
#ifdef TAPETE_HAVE_FORBIDDEN
    uint64_t f[TC_NRULES];
    trick(&t, 0, 0, 2, c6);
    tc_forbidden(&g, &t, CARD(7, D), f);
    CHECKM("forbidden revoke", f[TC_REVOKE], deck_malilla & 0x1FFFull);
    CHECKM("forbidden must-beat", f[TC_MUST_BEAT], B(7, H));
    CHECK("verdict seven", tc_verdict(&g, &t, voidh, CARD(7, D)), TC_SEVEN_DISCARD);
    trick(&t, 1, 0, 1, c1);
    CHECK("verdict must-beat", tc_verdict(&g, &t, hand, CARD(2, S)), TC_MUST_BEAT);
    CHECK("verdict revoke", tc_verdict(&g, &t, hand, CARD(3, H)), TC_REVOKE);
    CHECK("verdict legal", tc_verdict(&g, &t, hand, CARD(12, S)), TC_LEGAL);
#endif
}

static void test_manille_rules(void) {
    tc_game g;
    tc_trick t;
    manille(&g, D, 0); /* diamonds trump, anticlockwise */
    uint64_t hand = B(7, S) | B(10, S) | B(8, D) | B(1, D) | B(13, C);
    int c1[1] = {CARD(9, S)};
    trick(&t, 0, 0, 1, c1); /* seat 0 leads, seat 3 to play */
    CHECKM("follow, no duty to head", tc_legal(&g, &t, hand), B(7, S) | B(10, S));
    int c2[1] = {CARD(9, H)};
    trick(&t, 0, 0, 1, c2);
    CHECKM("void: must trump", tc_legal(&g, &t, hand), B(8, D) | B(1, D));
    int c3[2] = {CARD(9, H), CARD(13, D)};
    trick(&t, 0, 0, 2, c3); /* seat 3 trumped with K, seat 2 to play */
    CHECKM("must overtrump", tc_legal(&g, &t, hand), B(1, D));
    int c4[2] = {CARD(9, H), CARD(10, D)};
    trick(&t, 0, 0, 2, c4);
    CHECKM("forced undertrump", tc_legal(&g, &t, hand), B(8, D) | B(1, D));
    int c5[3] = {CARD(9, H), CARD(10, D), CARD(7, H)};
    trick(&t, 0, 0, 3, c5); /* seat 3 winning, seat 1 (its partner) to play */
    CHECKM("partner winning, classical", tc_legal(&g, &t, hand), B(8, D) | B(1, D));
    manille(&g, D, TC_PARTNER_EXEMPTION);
    CHECKM("partner exemption", tc_legal(&g, &t, hand), hand);
    manille(&g, TC_NO_TRUMP, 0);
    trick(&t, 0, 0, 1, c2);
    CHECKM("no trump: any", tc_legal(&g, &t, hand), hand);
    manille(&g, D, 0);
    int c6[4] = {CARD(1, S), CARD(10, S), CARD(9, D), CARD(7, C)};
    trick(&t, 0, 0, 4, c6);
    CHECK("winner: trump", tc_winner(&g, &t), 2); /* 0, 3, 2, 1 */
    int c7[4] = {CARD(1, S), CARD(10, S), CARD(9, C), CARD(7, C)};
    trick(&t, 0, 0, 4, c7);
    CHECK("winner: 10 over ace", tc_winner(&g, &t), 3);
    CHECK("points", tc_points(&g, deck_manille), 60);
#ifdef TAPETE_HAVE_FORBIDDEN
    uint64_t f[TC_NRULES];
    trick(&t, 0, 0, 2, c3);
    tc_forbidden(&g, &t, CARD(8, D), f);
    CHECKM("forbidden revoke", f[TC_REVOKE], deck_manille & (0x1FFFull << 16));
    CHECKM("forbidden overtrump", f[TC_MUST_OVERTRUMP], (B(1, D) | B(10, D)) & ~0ull);
    CHECK("verdict must-trump", tc_verdict(&g, &t, hand & ~(B(7, S) | B(10, S)), CARD(13, C)), TC_MUST_TRUMP);
#endif
}

/* ---- random positions ---------------------------------------------------- */

MAYBE_UNUSED static void random_game(rng *r, tc_game *g, int which) {
    if (which == TC_MALILLA) {
        malilla(g, below(r, 4));
        g->step = (uint8_t)(below(r, 4) ? 1 : 3);
    } else {
        int flags = below(r, 4);
        manille(g, below(r, 5), flags & (TC_PARTNER_EXEMPTION | TC_LAST_TRICK_BONUS));
        g->step = (uint8_t)(below(r, 4) ? 3 : 1);
    }
}

/* Deal `tricks` cards to each seat from the game's deck; then play `extra` random
 * legal cards into the current trick. Returns 0 if the deal went wrong. */
MAYBE_UNUSED static int random_position(rng *r, const tc_game *g, int tricks, int extra, uint64_t hands[4], tc_trick *t) {
    uint64_t deck = g->family == TC_MALILLA ? deck_malilla : deck_manille;
    for (int p = 0; p < 4; p++) {
        hands[p] = 0;
        for (int i = 0; i < tricks; i++) {
            int c = random_card(r, deck);
            deck &= ~((uint64_t)1 << c);
            hands[p] |= (uint64_t)1 << c;
        }
    }
    t->leader = (uint8_t)below(r, 4);
    t->led = (uint8_t)below(r, 16);
    t->n = 0;
    for (int i = 0; i < extra; i++) {
        int seat = tc_seat(g, t, t->n);
        uint64_t legal = tc_legal(g, t, hands[seat]);
        if (!legal) {
            return 0;
        }
        int c = random_card(r, legal);
        hands[seat] &= ~((uint64_t)1 << c);
        t->card[t->n++] = (uint8_t)c;
    }
    return 1;
}

#ifdef TAPETE_HAVE_SOLVER
/* A trick's worth to its winner, counted independently of the core. */
static int worth(const tc_game *g, const tc_trick *t, int last, int measure) {
    if (measure == TC_TRICKS) {
        return 1;
    }
    int v = 0;
    for (int i = 0; i < 4; i++) {
        v += g->points[t->card[i] & 15];
    }
    if (g->flags & TC_TRICK_POINT) {
        v++;
    }
    if (last && (g->flags & TC_LAST_TRICK_BONUS)) {
        v++;
    }
    return v;
}

/* Plain minimax: the future value for team 0, every legal card tried. */
static int brute(const tc_game *g, uint64_t h[4], tc_trick *t, int measure) {
    int n = t->n;
    if (n == 0 && !(h[0] | h[1] | h[2] | h[3])) {
        return 0;
    }
    int seat = tc_seat(g, t, n);
    uint64_t legal = tc_legal(g, t, h[seat]);
    int best = (seat & 1) ? 1000 : -1000;
    for (int c = 0; c < 64; c++) {
        if (!((legal >> c) & 1)) {
            continue;
        }
        tc_trick save = *t;
        h[seat] &= ~((uint64_t)1 << c);
        t->card[n] = (uint8_t)c;
        t->n = (uint8_t)(n + 1);
        int v;
        if (n == 3) {
            int w = tc_winner(g, t);
            int gain = (w & 1) ? 0 : worth(g, t, !(h[0] | h[1] | h[2] | h[3]), measure);
            t->led |= (uint8_t)(1 << (t->card[0] >> 4));
            t->leader = (uint8_t)w;
            t->n = 0;
            v = gain + brute(g, h, t, measure);
        } else {
            v = brute(g, h, t, measure);
        }
        *t = save;
        h[seat] |= (uint64_t)1 << c;
        if ((seat & 1) ? v < best : v > best) {
            best = v;
        }
    }
    return best;
}

static int tricks_now(const uint64_t h[4], const tc_trick *t) {
    return (count(h[0] | h[1] | h[2] | h[3]) + t->n) / 4;
}

static int total_value(const tc_game *g, const uint64_t h[4], const tc_trick *t, int measure) {
    int cards = count(h[0] | h[1] | h[2] | h[3]) + t->n;
    int tricks = cards / 4;
    if (measure == TC_TRICKS) {
        return tricks;
    }
    uint64_t all = h[0] | h[1] | h[2] | h[3];
    for (int i = 0; i < t->n; i++) {
        all |= (uint64_t)1 << t->card[i];
    }
    int v = tc_points(g, all);
    if (g->flags & TC_TRICK_POINT) {
        v += tricks;
    }
    if (tricks && (g->flags & TC_LAST_TRICK_BONUS)) {
        v++;
    }
    return v;
}

#endif

static void test_legal_forbidden_contract(int which) {
#ifdef TAPETE_HAVE_FORBIDDEN
    rng r = {0x1234567u + (uint32_t)which};
    for (int k = 0; k < TC_TEST_ROUNDS * 5; k++) {
        tc_game g;
        uint64_t h[4];
        tc_trick t;
        random_game(&r, &g, which);
        if (!random_position(&r, &g, 1 + below(&r, 8), below(&r, 4), h, &t)) {
            continue;
        }
        int seat = tc_seat(&g, &t, t.n);
        uint64_t legal = tc_legal(&g, &t, h[seat]);
        CHECK("legal is a non-empty subset", (legal & ~h[seat]) == 0 && legal != 0, 1);
        for (int c = 0; c < 64; c++) {
            if (!((h[seat] >> c) & 1)) {
                continue;
            }
            uint64_t f[TC_NRULES];
            tc_forbidden(&g, &t, c, f);
            int meets = 0;
            for (int i = 1; i < TC_NRULES; i++) {
                meets |= (f[i] & h[seat]) != 0;
            }
            checks++;
            if (meets == (int)((legal >> c) & 1)) {
                fail("legal iff no forbidden set met", k, c, (long)((legal >> c) & 1));
            }
        }
    }
#else
    (void)which;
#endif
}

#ifdef TAPETE_HAVE_SOLVER
static tc_entry tt_mem[TC_TEST_TT_ENTRIES];

static void test_solver_vs_brute(int which) {
    rng r = {0xBEEF01u + (uint32_t)which * 77u};
    tc_table tt;
    tc_table_init(&tt, tt_mem, sizeof tt_mem, 0);
    for (int k = 0; k < TC_TEST_ROUNDS; k++) {
        tc_game g;
        uint64_t h[4];
        tc_trick t;
        random_game(&r, &g, which);
        if (!random_position(&r, &g, 1 + below(&r, 3), below(&r, 4), h, &t)) {
            continue;
        }
        int measure = below(&r, 4) ? TC_POINTS : TC_TRICKS;
        tc_trick tb = t;
        int want0 = brute(&g, h, &tb, measure);
        int total = total_value(&g, h, &t, measure);
        int team = below(&r, 2);
        int got = tc_solve(&g, h, &t, team, measure, below(&r, 2) ? &tt : 0, 0, 0);
        int want = team ? total - want0 : want0;
#ifdef TAPETE_HAVE_PLAYOUT
        {
            /* a random playout lands between the worst and best results */
            uint32_t seed = (uint32_t)k + 1u;
            long p = tc_playouts(&g, h, &t, measure, 3, &seed);
            checks++;
            if (p < 0 || p > 3L * total) {
                fail("playouts within range", k, p, total);
            }
            if (tricks_now(h, &t) == 1 && count(h[0] | h[1] | h[2] | h[3]) == 1 && p != 3L * want0) {
                fail("one card left: playout is forced", k, p, 3L * want0);
            }
        }
#endif
        if (got != want) {
            fail("solve == brute force", k, got, want);
        }
        checks++;
    }
}

#ifdef TAPETE_HAVE_CLAIM
/* Least value for `team` over every deal of `pool` to the hidden seats (brute force). */
static int worst_deal(const tc_game *g, uint64_t h[4], const tc_trick *t, unsigned known,
    const uint64_t cant[4], const int size[4], uint64_t pool, int team, int measure) {
    if (!pool) {
        for (int p = 0; p < 4; p++) {
            if (!((known >> p) & 1) && count(h[p]) != size[p]) {
                return 1000;
            }
        }
        tc_trick tb = *t;
        int v0 = brute(g, h, &tb, measure);
        return team ? total_value(g, h, t, measure) - v0 : v0;
    }
    int c = nth_card(pool, 0);
    int best = 1000;
    for (int p = 0; p < 4; p++) {
        if (((known >> p) & 1) || ((cant[p] >> c) & 1) || count(h[p]) >= size[p]) {
            continue;
        }
        h[p] |= (uint64_t)1 << c;
        int v = worst_deal(g, h, t, known, cant, size, pool & ~((uint64_t)1 << c), team, measure);
        h[p] &= ~((uint64_t)1 << c);
        if (v < best) {
            best = v;
        }
    }
    return best;
}

static void test_claims(int which) {
    rng r = {0xC1A1Au + (uint32_t)which};
    tc_table tt;
    tc_table_init(&tt, tt_mem, sizeof tt_mem, 0);
    for (int k = 0; k < TC_TEST_ROUNDS / 4; k++) {
        tc_game g;
        uint64_t h[4], cant[4], deal[4];
        uint8_t line[52];
        tc_trick t;
        random_game(&r, &g, which);
        if (!random_position(&r, &g, 1 + below(&r, 2), below(&r, 4), h, &t)) {
            continue;
        }
        int claimer = below(&r, 4);
        unsigned known = (1u << claimer) | (below(&r, 4) ? 0u : 1u << ((claimer + 2) & 3));
        int measure = below(&r, 3) ? TC_POINTS : TC_TRICKS;
        int team = claimer & 1;
        uint64_t unseen = 0;
        int size[4], played[4] = {0, 0, 0, 0};
        for (int i = 0; i < t.n; i++) {
            played[tc_seat(&g, &t, i)] = 1;
        }
        int base = count(h[claimer]) + played[claimer];
        uint64_t hid[4];
        for (int p = 0; p < 4; p++) {
            size[p] = base - played[p];
            cant[p] = 0;
            hid[p] = h[p];
            if (!((known >> p) & 1)) {
                unseen |= h[p];
                hid[p] = 0;
            }
        }
        /* the table knows a few cards that each hidden seat does not hold */
        for (int p = 0; p < 4; p++) {
            if (!((known >> p) & 1)) {
                for (int j = below(&r, 4); j > 0; j--) {
                    uint64_t others = unseen & ~h[p];
                    if (others) {
                        cant[p] |= (uint64_t)1 << random_card(&r, others);
                    }
                }
            }
        }
        int total = total_value(&g, h, &t, measure);
        int target = below(&r, total + 2);
        uint64_t work[4] = {hid[0], hid[1], hid[2], hid[3]};
        int worst = worst_deal(&g, work, &t, known, cant, size, unseen, team, measure);
        int got = tc_claim(&g, hid, known, unseen, cant, &t, team, measure, target,
            below(&r, 2) ? &tt : 0, 0, deal, line);
        checks++;
        if (got != (worst >= target)) {
            fail("claim == every deal", k, got, worst >= target);
            continue;
        }
        if (got == 0) {
            /* the refuting deal fits what the table knows, and its line falls short */
            int ok = 1;
            for (int p = 0; p < 4; p++) {
                if ((known >> p) & 1) {
                    ok &= deal[p] == h[p];
                } else {
                    ok &= (deal[p] & cant[p]) == 0 && (deal[p] & ~unseen) == 0 && count(deal[p]) == size[p];
                }
            }
            tc_trick tl = t;
            int v = 0, i = 0;
            while (ok && i < 52 && line[i] != TC_NO_CARD) {
                int seat = tc_seat(&g, &tl, tl.n);
                uint64_t b = (uint64_t)1 << line[i];
                if (!(tc_legal(&g, &tl, deal[seat]) & b)) {
                    ok = 0;
                    break;
                }
                deal[seat] &= ~b;
                tl.card[tl.n++] = line[i++];
                if (tl.n == 4) {
                    int w = tc_winner(&g, &tl);
                    if ((w & 1) == team) {
                        v += worth(&g, &tl, !(deal[0] | deal[1] | deal[2] | deal[3]), measure);
                    }
                    tl.led |= (uint8_t)(1 << (tl.card[0] >> 4));
                    tl.leader = (uint8_t)w;
                    tl.n = 0;
                }
            }
            ok &= !(deal[0] | deal[1] | deal[2] | deal[3]) && tl.n == 0;
            checks++;
            if (!ok || v >= target) {
                fail("refuting line", k, v, target);
            }
        }
    }
}
#endif
#endif

int main(void) {
    int mal[10] = {1, 2, 3, 4, 5, 6, 7, 11, 12, 13};
    int man[8] = {1, 7, 8, 9, 10, 11, 12, 13};
    deck_malilla = deck_of(mal, 10);
    deck_manille = deck_of(man, 8);
    test_malilla_rules();
    test_manille_rules();
    for (int which = TC_MALILLA; which <= TC_MANILLE; which++) {
        test_legal_forbidden_contract(which);
#ifdef TAPETE_HAVE_SOLVER
        test_solver_vs_brute(which);
#ifdef TAPETE_HAVE_CLAIM
        test_claims(which);
#endif
#endif
    }
    put_int(checks - failures);
    io_puts(" passed, ");
    put_int(failures);
    io_puts(" failed\n");
    return failures ? 1 : 0;
}
