/* The C core's own tests, for every game the rule module describes (its descriptor
 * built here, independently of rules/native.py): rule sentences as vectors, the
 * legal/forbidden contract on random positions, the solver against brute-force
 * minimax on small endings, claims against an enumeration of every deal, and the
 * claim's bounds (node budget, search depth, stack). Runs on the host (with the
 * sanitizers) and on an emulated Cortex-M0 (semihosting), so it uses no libc.
 *
 * TC_TEST_ROUNDS sets the number of random positions per game and check.
 */
#include <stdint.h>
#include "../core/tapete_core.h"
#include "../core/solve.h"
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

static void put_hex(uint64_t v) {
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

static const char *current = "";

static void fail(const char *what, long where, long got, long want) {
    failures++;
    if (failures <= 20) {
        io_puts("FAIL ");
        io_puts(current);
        io_puts(": ");
        io_puts(what);
        io_puts(" at=");
        put_int(where);
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

/* ---- cards and games ----------------------------------------------------- */

enum { S = 0, H = 1, D = 2, C = 3 };
#define CARD(face, suit) ((suit) * 16 + (face) - 1)
#define B(face, suit) ((uint64_t)1 << CARD(face, suit))

/* A game from its rank order (faces high to low) and the points of the first
 * faces, the same in every suit. */
static void make_game(tc_game *g, int seats, int ccw, unsigned duties, const int *order, int norder,
    const int *pts, int npts, int hand_size) {
    uint8_t *b = (uint8_t *)g;
    for (int i = 0; i < TC_DESC_SIZE; i++) {
        b[i] = 0;
    }
    g->magic = TC_MAGIC;
    g->version = TC_DESC_VERSION;
    g->duties[0] = (uint8_t)duties;
    g->duties[1] = (uint8_t)(duties >> 8);
    g->seats = (uint8_t)seats;
    g->step = (uint8_t)(ccw ? seats - 1 : 1);
    g->hand_size = (uint8_t)hand_size;
    for (int s = 0; s < seats; s++) {
        g->team[s] = (uint8_t)(s & 1);
    }
    for (int su = 0; su < 4; su++) {
        for (int i = 0; i < norder; i++) {
            int c = su * 16 + order[i] - 1;
            g->strength[c] = (uint8_t)(norder - i);
            g->points[c] = (uint8_t)(i < npts ? pts[i] : 0);
        }
    }
}

static uint64_t pack_of(const tc_game *g) {
    uint64_t m = 0;
    for (int c = 0; c < 64; c++) {
        if (g->strength[c]) {
            m |= (uint64_t)1 << c;
        }
    }
    return m;
}

static int count(uint64_t m) {
    int n = 0;
    while (m) {
        m &= m - 1;
        n++;
    }
    return n;
}

static const int PTS5[5] = {5, 4, 3, 2, 1};

static void malilla(tc_game *g, int ccw) {
    int order[10] = {7, 1, 13, 12, 11, 6, 5, 4, 3, 2};
    make_game(g, 4, ccw, TC_FOLLOW | TC_HEAD_OPPONENT | TC_SEVEN, order, 10, PTS5, 5, 10);
    g->trick_point = 1;
}

/* Manille: deck 0 piquet 32, 1 Spanish 40, 2 Mexican 40; three seats each alone,
 * with the cards a table of three removes. */
static void manille(tc_game *g, int deck, int seats, int exemption, int bonus, int ccw) {
    int orders[3][10] = {{10, 1, 13, 12, 11, 9, 8, 7}, {7, 1, 13, 12, 11, 6, 5, 4, 3, 2},
                         {9, 1, 13, 12, 11, 7, 6, 5, 4, 3}};
    int n = deck ? 10 : 8;
    unsigned duties = TC_FOLLOW | TC_TRUMP | TC_OVERTRUMP | TC_UNDERTRUMP;
    if (exemption && seats == 4) {
        duties |= TC_EXEMPT;        /* the text: no duty to overtrump */
        if (exemption == 2) {
            duties |= TC_EXEMPT_TRUMP;  /* option exempt_trump: none to trump either */
        }
    }
    make_game(g, seats, ccw, duties, orders[deck], n, PTS5, 5, n);
    g->last_trick = (uint8_t)(bonus ? 1 : 0);
    if (seats == 3) {
        for (int s = 0; s < 3; s++) {
            g->team[s] = (uint8_t)s;
        }
        if (deck == 0) {
            g->strength[CARD(7, S)] = g->strength[CARD(7, C)] = 0;
        } else {
            g->strength[deck == 1 ? CARD(2, S) : CARD(3, S)] = 0;
        }
        g->hand_size = (uint8_t)(count(pack_of(g)) == 30 ? 10 : 13);
    }
}

static void botifarra(tc_game *g, int ccw) {
    int order[12] = {9, 1, 13, 12, 11, 8, 7, 6, 5, 4, 3, 2};
    make_game(g, 4, ccw, TC_FOLLOW | TC_HEAD_OPPONENT | TC_LOW_CARD, order, 12, PTS5, 5, 12);
    g->trick_point = 1;
}

static void tute(tc_game *g, int ccw) {
    int order[10] = {1, 3, 13, 12, 11, 7, 6, 5, 4, 2};
    int pts[5] = {11, 10, 4, 3, 2};
    make_game(g, 4, ccw, TC_FOLLOW | TC_HEAD_ALWAYS | TC_TRUMP | TC_OVERTRUMP | TC_UNDERTRUMP, order, 10, pts, 5, 10);
    g->last_trick = 10;
}

/* Envite at `seats` seats with `trump` fixed: the trump suit ranks 2 K Q J A 7..3 and
 * the added cards (3C QC JD 5D 2D AD, by players per side) rank above it, moved onto
 * free slots of the trump suit when printed in another suit. */
static void envite(tc_game *g, int seats, int trump, int ccw) {
    int plain[10] = {13, 12, 11, 1, 7, 6, 5, 4, 3, 2};
    int trumps[10] = {2, 13, 12, 11, 1, 7, 6, 5, 4, 3};
    int added[6] = {CARD(1, D), CARD(2, D), CARD(5, D), CARD(3, C), CARD(12, C), CARD(11, D)};
    int free_slots[6] = {7, 8, 9, 13, 14, 15};
    make_game(g, seats, ccw, TC_FOLLOW | TC_TRAWL, plain, 10, PTS5, 0, 3);
    for (int c = trump * 16; c < trump * 16 + 16; c++) {
        g->strength[c] = 0;
    }
    for (int i = 0; i < 10; i++) {
        g->strength[trump * 16 + trumps[i] - 1] = (uint8_t)(10 - i);
    }
    int per = seats / 2; /* players a side: 2 adds nothing, 3..6 add as many cards */
    int extra = per > 2 ? per : 0;
    int free = 0;
    for (int i = 0; i < extra; i++) {
        int p = added[6 - extra + i]; /* the highest first */
        int code = p;
        if (p >> 4 != trump) {
            code = trump * 16 + free_slots[free++];
            g->strength[p] = 0;
        }
        g->strength[code] = (uint8_t)(10 + extra - i);
    }
}

static void truc(tc_game *g, int ccw) {
    int order[10] = {3, 2, 1, 13, 12, 11, 7, 6, 5, 4};
    make_game(g, 4, ccw, 0, order, 10, PTS5, 0, 3);
    g->flags = TC_SUITLESS | TC_DRAWS;
}

/* Three seats each alone, 48 cards (16 each), follow, trump and overtrump without
 * forced under-trumping, a point for the last trick. */
static void alone(tc_game *g, int ccw) {
    int order[12] = {10, 1, 13, 12, 11, 9, 8, 7, 6, 5, 4, 3};
    make_game(g, 3, ccw, TC_FOLLOW | TC_TRUMP | TC_OVERTRUMP, order, 12, PTS5, 5, 16);
    for (int s = 0; s < 3; s++) {
        g->team[s] = (uint8_t)s;
    }
    g->last_trick = 1;
}

static tc_trick trick(int trump, int leader, int led, int n, const uint8_t *cards) {
    tc_trick t;
    t.card = cards;
    t.trump = (uint8_t)trump;
    t.leader = (uint8_t)leader;
    t.led = (uint8_t)led;
    t.n = (uint8_t)n;
    return t;
}

/* ---- rule sentences ------------------------------------------------------ */

static void test_descriptor_checks(void) {
    tc_game g;
    current = "descriptor";
    malilla(&g, 0);
    CHECK("a descriptor is read", tc_check_game(&g, TC_DESC_SIZE) == &g, 1);
    CHECK("wrong length", tc_check_game(&g, TC_DESC_SIZE - 1) == 0, 1);
    g.seats = 13;
    CHECK("13 seats", tc_check_game(&g, TC_DESC_SIZE) == 0, 1);
    g.seats = 4;
    g.step = 2;
    CHECK("a step that is no direction", tc_check_game(&g, TC_DESC_SIZE) == 0, 1);
    g.step = 3;
    g.version = TC_DESC_VERSION + 1;
    CHECK("another version", tc_check_game(&g, TC_DESC_SIZE) == 0, 1);
    g.version = TC_DESC_VERSION;
    uint8_t cards[2] = {CARD(2, S), 64};
    CHECK("trick ok", tc_check_trick(&g, 0, 3, 1, 4, cards, 2, 1), TC_OK);
    CHECK("leader past the seats", tc_check_trick(&g, 0, 4, 1, 4, cards, 2, 1), TC_ERR_TRICK);
    CHECK("a code past 63", tc_check_trick(&g, 0, 3, 2, 4, cards, 2, 1), TC_ERR_TRICK);
    CHECK("fewer bytes than n", tc_check_trick(&g, 0, 3, 3, 4, cards, 2, 1), TC_ERR_TRICK);
    CHECK("trump 5", tc_check_trick(&g, 5, 3, 1, 4, cards, 2, 1), TC_ERR_TRICK);
    CHECK("a 16-bit suit set", tc_check_set(0xFFFF), TC_OK);
    CHECK("17 bits", tc_check_set(0x10000), TC_ERR_SETS);
    CHECKM("mask of suit sets", tc_mask(1, 2, 4, 0x8000), 1ull | 2ull << 16 | 4ull << 32 | 0x8000ull << 48);
    CHECK("suit set of a mask", tc_suit_set(0x8000ull << 48, 3), 0x8000);
}

static void test_malilla_rules(void) {
    tc_game g;
    tc_trick t;
    current = "malilla sentences";
    malilla(&g, 0); /* clockwise */
    uint64_t hand = B(7, S) | B(2, S) | B(12, S) | B(3, H) | B(13, H) | B(7, D) | B(5, C);
    uint8_t c1[1] = {CARD(11, S)};
    t = trick(H, 0, 0, 0, c1);
    CHECKM("lead anything", tc_legal(&g, &t, hand), hand);
    t = trick(H, 1, 1 << S, 1, c1); /* seat 1 led J of spades, seat 2 to play */
    CHECKM("follow and beat", tc_legal(&g, &t, hand), B(7, S) | B(12, S));
    uint8_t c2[2] = {CARD(11, S), CARD(1, S)};
    t = trick(H, 3, 1 << S, 2, c2); /* seat 0's A wins, seat 1 to play */
    CHECKM("beat an opponent's ace", tc_legal(&g, &t, hand), B(7, S));
    uint8_t c3[3] = {CARD(11, S), CARD(1, S), CARD(2, S)};
    t = trick(H, 3, 1 << S, 3, c3); /* seat 0 (A) winning, seat 2 its partner */
    CHECKM("partner winning: follow", tc_legal(&g, &t, hand), B(7, S) | B(2, S) | B(12, S));
    uint8_t c4[2] = {CARD(11, S), CARD(2, H)};
    t = trick(H, 0, 1 << S, 2, c4);
    CHECKM("trumped: any of the led suit", tc_legal(&g, &t, hand), B(7, S) | B(2, S) | B(12, S));
    uint64_t voidh = B(3, H) | B(13, H) | B(7, D) | B(5, C) | B(6, D);
    t = trick(H, 1, 1 << S, 1, c1);
    CHECKM("void: trump", tc_legal(&g, &t, voidh), B(3, H) | B(13, H));
    uint8_t c5[2] = {CARD(11, S), CARD(12, H)};
    t = trick(H, 0, 1 << S, 2, c5);
    CHECKM("void: overtrump", tc_legal(&g, &t, voidh), B(13, H));
    uint8_t c6[2] = {CARD(11, S), CARD(1, H)};
    t = trick(H, 0, 1 << S, 2, c6);
    CHECKM("void, no beat: not the unled 7", tc_legal(&g, &t, voidh), voidh & ~B(7, D));
    t = trick(H, 0, 1 << S | 1 << D, 2, c6);
    CHECKM("the 7 of a suit led before is free", tc_legal(&g, &t, voidh), voidh);
    uint8_t c7[1] = {CARD(2, C)};
    t = trick(H, 3, 1 << C, 1, c7);
    CHECKM("only unled 7s: all legal", tc_legal(&g, &t, B(7, D) | B(7, S)), B(7, D) | B(7, S));
    CHECKM("the trump 7 is free", tc_legal(&g, &t, B(7, H) | B(7, D)), B(7, H));
    uint8_t c8[1] = {CARD(12, H)};
    t = trick(H, 1, 1 << H, 1, c8);
    CHECKM("trump lead: beat it", tc_legal(&g, &t, voidh), B(13, H));
    uint8_t c9[4] = {CARD(2, S), CARD(7, S), CARD(2, H), CARD(1, C)};
    t = trick(H, 1, 1 << S, 4, c9);
    CHECK("winner: the trump", tc_winner(&g, &t), 3);
    uint8_t c10[4] = {CARD(2, S), CARD(7, S), CARD(1, S), CARD(1, C)};
    t = trick(H, 1, 1 << S, 4, c10);
    CHECK("winner: the 7 is top", tc_winner(&g, &t), 2);
    CHECK("points: 60 in the pack", tc_points(&g, pack_of(&g)), 60);
#ifdef TAPETE_HAVE_FORBIDDEN
    uint64_t f[TC_PLAY_RULES];
    t = trick(H, 0, 1 << S, 2, c6);
    tc_forbidden(&g, &t, CARD(7, D), f);
    CHECKM("forbidden: revoke", f[TC_REVOKE], pack_of(&g) & 0xFFFFull);
    CHECKM("forbidden: must-beat", f[TC_MUST_BEAT], B(7, H));
    CHECK("verdict: seven-discard", tc_verdict(&g, &t, voidh, CARD(7, D)), TC_SEVEN_DISCARD);
    t = trick(H, 1, 1 << S, 1, c1);
    CHECK("verdict: must-beat", tc_verdict(&g, &t, hand, CARD(2, S)), TC_MUST_BEAT);
    CHECK("verdict: revoke", tc_verdict(&g, &t, hand, CARD(3, H)), TC_REVOKE);
    CHECK("verdict: legal", tc_verdict(&g, &t, hand, CARD(12, S)), TC_LEGAL);
#endif
}

static void test_manille_rules(void) {
    tc_game g;
    tc_trick t;
    current = "manille sentences";
    manille(&g, 0, 4, 0, 0, 1); /* anticlockwise */
    uint64_t hand = B(7, S) | B(10, S) | B(8, D) | B(1, D) | B(13, C);
    uint8_t c1[1] = {CARD(9, S)};
    t = trick(D, 0, 1 << S, 1, c1); /* seat 3 to play */
    CHECKM("follow, no duty to head", tc_legal(&g, &t, hand), B(7, S) | B(10, S));
    uint8_t c2[1] = {CARD(9, H)};
    t = trick(D, 0, 1 << H, 1, c2);
    CHECKM("void: must trump", tc_legal(&g, &t, hand), B(8, D) | B(1, D));
    uint8_t c3[2] = {CARD(9, H), CARD(13, D)};
    t = trick(D, 0, 1 << H, 2, c3);
    CHECKM("must overtrump", tc_legal(&g, &t, hand), B(1, D));
    uint8_t c4[2] = {CARD(9, H), CARD(10, D)};
    t = trick(D, 0, 1 << H, 2, c4);
    CHECKM("forced under-trump", tc_legal(&g, &t, hand), B(8, D) | B(1, D));
    uint8_t c5[3] = {CARD(9, H), CARD(10, D), CARD(7, H)};
    t = trick(D, 0, 1 << H, 3, c5); /* seat 3 winning, seat 1 (its partner) to play */
    CHECKM("partner winning, classical", tc_legal(&g, &t, hand), B(8, D) | B(1, D));
    manille(&g, 0, 4, 1, 0, 1);
    CHECKM("partner exemption: still trump", tc_legal(&g, &t, hand), B(8, D) | B(1, D));
    manille(&g, 0, 4, 2, 0, 1);
    CHECKM("partner exemption from trumping too", tc_legal(&g, &t, hand), hand);
    manille(&g, 0, 4, 0, 0, 1);
    t = trick(TC_NO_TRUMP, 0, 1 << H, 1, c2);
    CHECKM("no trump: any card", tc_legal(&g, &t, hand), hand);
    uint8_t c6[4] = {CARD(1, S), CARD(10, S), CARD(9, D), CARD(7, C)};
    t = trick(D, 0, 1 << S, 4, c6);
    CHECK("winner: the trump", tc_winner(&g, &t), 2); /* 0, 3, 2, 1 */
    uint8_t c7[4] = {CARD(1, S), CARD(10, S), CARD(9, C), CARD(7, C)};
    t = trick(D, 0, 1 << S, 4, c7);
    CHECK("winner: the 10 over the ace", tc_winner(&g, &t), 3);
    CHECK("points", tc_points(&g, pack_of(&g)), 60);
    manille(&g, 0, 3, 1, 0, 1);
    CHECK("three-handed: 30 cards", count(pack_of(&g)), 30);
    CHECK("three-handed: each alone", g.team[0] != g.team[2] && g.team[1] != g.team[2], 1);
    t = trick(D, 0, 1 << H, 2, c3); /* seat 2 trumped, seat 1 to play: an opponent (no partners) */
    CHECKM("three-handed: overtrump, no exemption", tc_legal(&g, &t, hand), B(1, D));
#ifdef TAPETE_HAVE_FORBIDDEN
    uint64_t f[TC_PLAY_RULES];
    manille(&g, 0, 4, 0, 0, 1);
    t = trick(D, 0, 1 << H, 2, c3);
    tc_forbidden(&g, &t, CARD(8, D), f);
    CHECKM("forbidden: revoke", f[TC_REVOKE], pack_of(&g) & (0xFFFFull << 16));
    CHECKM("forbidden: must-overtrump", f[TC_MUST_OVERTRUMP], B(1, D) | B(10, D));
    CHECK("verdict: must-trump", tc_verdict(&g, &t, B(8, D) | B(13, C), CARD(13, C)), TC_MUST_TRUMP);
#endif
}

static void test_botifarra_rules(void) {
    tc_game g;
    tc_trick t;
    current = "botifarra sentences";
    botifarra(&g, 1);
    uint64_t hand = B(13, S) | B(4, S) | B(2, S) | B(8, S) | B(3, C);
    uint8_t c1[2] = {CARD(12, S), CARD(11, S)};
    t = trick(H, 0, 1 << S, 2, c1); /* seat 0's Q wins, seat 2 (partner) to play */
    CHECKM("partner winning: a card with points or the lowest held", tc_legal(&g, &t, hand), B(13, S) | B(2, S));
    t = trick(H, 1, 1 << S, 1, c1); /* seat 1 led Q, seat 0 to play: an opponent wins */
    CHECKM("must head the trick", tc_legal(&g, &t, hand), B(13, S));
    uint8_t c2[1] = {CARD(1, S)};
    t = trick(H, 1, 1 << S, 1, c2);
    CHECKM("cannot head: any of the suit", tc_legal(&g, &t, hand), hand & 0xFFFFull);
    uint64_t voidh = B(5, H) | B(9, H) | B(4, C) | B(2, C);
    uint8_t c3[1] = {CARD(2, D)};
    t = trick(H, 1, 1 << D, 1, c3);
    CHECKM("void, an opponent wins: trump", tc_legal(&g, &t, voidh), B(5, H) | B(9, H));
    uint8_t c4[2] = {CARD(2, D), CARD(6, H)};
    t = trick(H, 0, 1 << D, 2, c4); /* seat 3 trumped with the 6; seat 2 to play must overtrump */
    CHECKM("void: over an opponent's trump", tc_legal(&g, &t, voidh), B(9, H));
    uint8_t c5[3] = {CARD(2, D), CARD(6, H), CARD(3, D)};
    t = trick(H, 1, 1 << D, 3, c5); /* seats 1, 0, 3: seat 0's trump wins, seat 2 (its partner) to play */
    CHECKM("partner winning, void: free, but the lowest of each suit", tc_legal(&g, &t, voidh),
        B(5, H) | B(9, H) | B(2, C));
#ifdef TAPETE_HAVE_FORBIDDEN
    uint64_t f[TC_PLAY_RULES];
    t = trick(H, 0, 1 << S, 2, c1);
    tc_forbidden(&g, &t, CARD(4, S), f);
    CHECKM("forbidden: low-card", f[TC_LOW_CARD_RULE], B(3, S) | B(2, S));
    CHECK("verdict: low-card", tc_verdict(&g, &t, hand, CARD(4, S)), TC_LOW_CARD_RULE);
    CHECK("verdict: the lowest is legal", tc_verdict(&g, &t, hand, CARD(2, S)), TC_LEGAL);
#endif
}

static void test_tute_rules(void) {
    tc_game g;
    tc_trick t;
    current = "tute sentences";
    tute(&g, 1);
    uint64_t hand = B(3, S) | B(4, S) | B(2, C) | B(12, C);
    uint8_t c1[2] = {CARD(13, S), CARD(12, S)};
    t = trick(C, 0, 1 << S, 2, c1); /* seat 0's K wins; seat 2, its partner, to play */
    CHECKM("head even the partner's card", tc_legal(&g, &t, hand), B(3, S));
    uint8_t c2[2] = {CARD(13, D), CARD(1, D)};
    t = trick(C, 0, 1 << D, 2, c2);
    CHECKM("void: must trump", tc_legal(&g, &t, hand), B(2, C) | B(12, C));
    uint8_t c3[2] = {CARD(13, D), CARD(11, C)};
    t = trick(C, 0, 1 << D, 2, c3);
    CHECKM("void: overtrump", tc_legal(&g, &t, hand), B(12, C));
    uint8_t c4[2] = {CARD(13, D), CARD(1, C)};
    t = trick(C, 0, 1 << D, 2, c4);
    CHECKM("void: under-trump when none goes above", tc_legal(&g, &t, hand), B(2, C) | B(12, C));
    uint8_t c5[4] = {CARD(2, D), CARD(4, D), CARD(3, S), CARD(7, D)};
    t = trick(C, 0, 1 << D, 4, c5);
    CHECK("winner: the led suit's best", tc_winner(&g, &t), 1); /* 0, 3, 2, 1 */
    CHECK("points: 120 in the pack", tc_points(&g, pack_of(&g)), 120);
}

static void test_envite_rules(void) {
    tc_game g;
    tc_trick t;
    current = "envite sentences";
    envite(&g, 12, H, 1); /* six a side: AD 2D 5D 3C QC JD added to hearts */
    CHECK("40 cards in the pack", count(pack_of(&g)), 40);
    CHECK("16 trumps", count(pack_of(&g) & (0xFFFFull << 16)), 16);
    CHECK("the 3 of clubs left clubs", g.strength[CARD(3, C)], 0);
    int top = H * 16 + 7; /* AD, the highest added card, in hearts' first free slot */
    CHECK("the ace of diamonds is the top trump", g.strength[top], 16);
    uint64_t hand = B(3, S) | (uint64_t)1 << (H * 16 + 15) | B(4, C);
    uint8_t c1[1] = {CARD(5, H)};
    t = trick(H, 0, 1 << H, 1, c1);
    CHECKM("trawl: an added trump follows trumps", tc_legal(&g, &t, hand), (uint64_t)1 << (H * 16 + 15));
    uint8_t c2[1] = {CARD(5, S)};
    t = trick(H, 0, 1 << S, 1, c2);
    CHECKM("follow suit", tc_legal(&g, &t, hand), B(3, S));
    uint8_t c3[1] = {CARD(5, D)};
    t = trick(H, 0, 1 << D, 1, c3);
    CHECKM("void: any card (no duty to trump)", tc_legal(&g, &t, hand), hand);
    uint8_t c4[4] = {CARD(13, S), (uint8_t)(H * 16 + 13), CARD(2, H), CARD(1, S)};
    t = trick(H, 0, 1 << S, 4, c4);
    CHECK("winner: an added trump beats the 2", tc_winner(&g, &t), 11); /* 0, 11, 10, 9 */
#ifdef TAPETE_HAVE_FORBIDDEN
    uint64_t f[TC_PLAY_RULES];
    t = trick(H, 0, 1 << H, 1, c1);
    tc_forbidden(&g, &t, CARD(3, S), f);
    CHECKM("forbidden: trawl, every trump", f[TC_TRAWL_RULE], pack_of(&g) & (0xFFFFull << 16));
    CHECK("verdict: trawl", tc_verdict(&g, &t, hand, CARD(3, S)), TC_TRAWL_RULE);
    t = trick(H, 0, 1 << S, 1, c2);
    tc_forbidden(&g, &t, CARD(4, C), f);
    CHECKM("forbidden: revoke, not trawl, on a plain lead", f[TC_REVOKE], pack_of(&g) & 0xFFFFull);
#endif
    envite(&g, 4, C, 0);
    CHECK("two a side: nothing added", count(pack_of(&g) & (0xFFFFull << 48)), 10);
}

static void test_truc_rules(void) {
    tc_game g;
    tc_trick t;
    current = "truc sentences";
    truc(&g, 1);
    uint64_t hand = B(3, S) | B(4, H) | B(7, C);
    uint8_t c1[1] = {CARD(1, D)};
    t = trick(TC_NO_TRUMP, 0, 1 << D, 1, c1);
    CHECKM("no duty at all", tc_legal(&g, &t, hand), hand);
    uint8_t c2[4] = {CARD(3, S), CARD(3, H), CARD(1, D), CARD(5, C)};
    t = trick(TC_NO_TRUMP, 0, 1, 4, c2); /* seats 0, 3, 2, 1 */
    CHECK("equal cards of opponents draw", tc_winner(&g, &t), 0 | TC_DRAWN);
    uint8_t c3[4] = {CARD(3, S), CARD(1, H), CARD(3, D), CARD(5, C)};
    t = trick(TC_NO_TRUMP, 0, 1, 4, c3);
    CHECK("equal cards of partners: the first wins", tc_winner(&g, &t), 0);
    uint8_t c4[4] = {CARD(4, S), CARD(4, H), CARD(2, D), CARD(5, C)};
    t = trick(TC_NO_TRUMP, 0, 1, 4, c4);
    CHECK("a higher card clears the draw", tc_winner(&g, &t), 2);
    uint8_t c5[2] = {CARD(7, S), CARD(3, C)};
    t = trick(TC_NO_TRUMP, 0, 1, 2, c5);
    CHECK("any suit beats by rank", tc_winner(&g, &t), 3);
#ifdef TAPETE_HAVE_FORBIDDEN
    CHECK("verdict: nothing is forbidden", tc_verdict(&g, &t, hand, CARD(7, C)), TC_LEGAL);
#endif
}

/* ---- random positions ---------------------------------------------------- */

typedef struct {
    uint32_t x;
} rng;

static uint32_t next(rng *r) {
    r->x ^= r->x << 13;
    r->x ^= r->x >> 17;
    r->x ^= r->x << 5;
    return r->x;
}

static int below(rng *r, int n) {
    return (int)(next(r) % (uint32_t)n);
}

static int nth_card(uint64_t m, int k) {
    for (int c = 0; c < 64; c++) {
        if ((m >> c) & 1) {
            if (k-- == 0) {
                return c;
            }
        }
    }
    return -1;
}

static int random_card(rng *r, uint64_t m) {
    return nth_card(m, below(r, count(m)));
}

enum { MALILLA, MANILLE, BOTIFARRA, TUTE, ENVITE, TRUC, ALONE, KINDS };
static const char *const KIND_NAMES[KINDS] = {"malilla", "manille", "botifarra", "tute", "envite", "truc", "alone"};

/* A random variant of a kind of game (options, seats, direction) and its trump. */
MAYBE_UNUSED static int random_game(rng *r, tc_game *g, int kind) {
    int ccw = below(r, 2);
    int trump = below(r, 4);
    switch (kind) {
        case MALILLA:
            malilla(g, ccw);
            break;
        case MANILLE:
            manille(g, below(r, 3), 3 + below(r, 2), below(r, 2), below(r, 2), ccw);
            break;
        case BOTIFARRA:
            botifarra(g, ccw);
            trump = below(r, 5);
            break;
        case TUTE:
            tute(g, ccw);
            break;
        case ENVITE:
            envite(g, 4 + 2 * below(r, 5), trump, ccw);
            break;
        case TRUC:
            truc(g, ccw);
            trump = TC_NO_TRUMP;
            break;
        default:
            alone(g, ccw);
            trump = below(r, 5);
            break;
    }
    return trump;
}

typedef struct {
    uint64_t hand[TC_MAX_SEATS];
    uint8_t cards[TC_MAX_SEATS];
    tc_trick t;
} position;

/* Deal, play `played` whole tricks of random legal cards, then `extra` cards of the
 * next trick; `tricks` are left. */
MAYBE_UNUSED static void random_position(rng *r, const tc_game *g, int trump, int left, int extra, position *p) {
    uint64_t deck = pack_of(g);
    int size = g->hand_size;
    for (int s = 0; s < g->seats; s++) {
        p->hand[s] = 0;
        for (int i = 0; i < size; i++) {
            int c = random_card(r, deck);
            deck &= ~((uint64_t)1 << c);
            p->hand[s] |= (uint64_t)1 << c;
        }
    }
    p->t = trick(trump, below(r, g->seats), 0, 0, p->cards);
    int seat = p->t.leader;
    for (int k = 0; k < (size - left) * g->seats + extra; k++) {
        uint64_t legal = tc_legal(g, &p->t, p->hand[seat]);
        int c = random_card(r, legal);
        p->hand[seat] &= ~((uint64_t)1 << c);
        if (p->t.n == 0) {
            p->t.led |= (uint8_t)(1 << (c >> 4));
        }
        p->cards[p->t.n++] = (uint8_t)c;
        seat = tc_next(g, seat);
        if (p->t.n == g->seats) {
            int w = tc_winner(g, &p->t);
            if (!(w & TC_DRAWN)) {
                p->t.leader = (uint8_t)w;
            }
            seat = p->t.leader;
            p->t.n = 0;
        }
    }
}

MAYBE_UNUSED static int to_play(const tc_game *g, const tc_trick *t) {
    int seat = t->leader;
    for (int i = 0; i < t->n; i++) {
        seat = tc_next(g, seat);
    }
    return seat;
}

static void test_legal_forbidden_contract(int kind) {
#ifdef TAPETE_HAVE_FORBIDDEN
    rng r = {0x1234567u + (uint32_t)kind * 7919u};
    current = "legal == not forbidden";
    for (int k = 0; k < TC_TEST_ROUNDS * 2; k++) {
        tc_game g;
        position p;
        int trump = random_game(&r, &g, kind);
        random_position(&r, &g, trump, 1 + below(&r, g.hand_size), below(&r, g.seats), &p);
        uint64_t hand = p.hand[to_play(&g, &p.t)];
        uint64_t legal = tc_legal(&g, &p.t, hand);
        checks++;
        if ((legal & ~hand) || !legal) {
            fail("legal is a non-empty part of the hand", k, 0, 0);
        }
        for (int c = 0; c < 64; c++) {
            if (!((hand >> c) & 1)) {
                continue;
            }
            uint64_t f[TC_PLAY_RULES];
            uint64_t all = 0, seen = 0;
            tc_forbidden(&g, &p.t, c, f);
            for (int i = 0; i < TC_PLAY_RULES; i++) {
                checks++;
                if (f[i] & seen) {
                    fail("a holding under two rules", k, i, c);
                }
                seen |= f[i];
                all |= f[i] & hand;
            }
            checks++;
            if ((all != 0) == (int)((legal >> c) & 1)) {
                fail("legal iff no forbidden set met", k, c, (long)((legal >> c) & 1));
            }
        }
    }
#else
    (void)kind;
#endif
}

#ifdef TAPETE_HAVE_SOLVER
/* A finished trick's worth to its winner, counted independently of the core. */
static int worth(const tc_game *g, const tc_trick *t, int last, int measure) {
    if (measure == TC_TRICKS) {
        return 1;
    }
    int v = g->trick_point + (last ? g->last_trick : 0);
    for (int i = 0; i < g->seats; i++) {
        v += g->points[t->card[i]];
    }
    return v;
}

static uint64_t all_of(const tc_game *g, const uint64_t *h) {
    uint64_t m = 0;
    for (int s = 0; s < g->seats; s++) {
        m |= h[s];
    }
    return m;
}

/* Plain minimax: the best `team` gets from here, every legal card tried. */
static int brute(const tc_game *g, uint64_t *h, tc_trick *t, int team, int measure) {
    int n = t->n;
    if (n == 0 && !all_of(g, h)) {
        return 0;
    }
    int seat = to_play(g, t);
    uint64_t legal = tc_legal(g, t, h[seat]);
    int mine = g->team[seat] == team;
    int best = mine ? -1000 : 1000;
    uint8_t *cards = (uint8_t *)t->card;
    for (int c = 0; c < 64; c++) {
        if (!((legal >> c) & 1)) {
            continue;
        }
        tc_trick save = *t;
        uint8_t saved[TC_MAX_SEATS];
        for (int i = 0; i < g->seats; i++) {
            saved[i] = cards[i];
        }
        h[seat] &= ~((uint64_t)1 << c);
        if (n == 0) {
            t->led |= (uint8_t)(1 << (c >> 4));
        }
        cards[n] = (uint8_t)c;
        t->n = (uint8_t)(n + 1);
        int v;
        if (n + 1 == g->seats) {
            int w = tc_winner(g, t);
            int gain = 0;
            if (!(w & TC_DRAWN)) {
                gain = g->team[w] == team ? worth(g, t, !all_of(g, h), measure) : 0;
                t->leader = (uint8_t)w;
            }
            t->n = 0;
            uint8_t next_cards[TC_MAX_SEATS];
            t->card = next_cards;
            v = gain + brute(g, h, t, team, measure);
        } else {
            v = brute(g, h, t, team, measure);
        }
        *t = save;
        for (int i = 0; i < g->seats; i++) {
            cards[i] = saved[i];
        }
        h[seat] |= (uint64_t)1 << c;
        if (mine ? v > best : v < best) {
            best = v;
        }
    }
    return best;
}

static int total_value(const tc_game *g, const uint64_t *h, const tc_trick *t, int measure) {
    int tricks = count(h[t->leader]) + (t->n > 0);
    if (measure == TC_TRICKS) {
        return tricks;
    }
    uint64_t all = all_of(g, h);
    for (int i = 0; i < t->n; i++) {
        all |= (uint64_t)1 << t->card[i];
    }
    return tc_points(g, all) + tricks * g->trick_point + (tricks ? g->last_trick : 0);
}

static tc_entry tt_mem[TC_TEST_TT_ENTRIES];
static tc_frame stack_mem[TC_FRAMES]; /* the searches' own stack (the heap's, on the Pico) */

/* Endings small enough for plain minimax: fewer tricks at big tables. */
static int small_ending(rng *r, const tc_game *g) {
    int most = g->seats > 6 ? 1 : g->seats > 4 ? 2 : 3;
    return 1 + below(r, most);
}

static void test_solver_vs_brute(int kind) {
    rng r = {0xBEEF01u + (uint32_t)kind * 77u};
    tc_table tt;
    tc_table_init(&tt, tt_mem, sizeof tt_mem, 0);
    current = "solve == minimax";
    for (int k = 0; k < TC_TEST_ROUNDS / 2; k++) {
        tc_game g;
        position p;
        int trump = random_game(&r, &g, kind);
        random_position(&r, &g, trump, small_ending(&r, &g), below(&r, g.seats), &p);
        int measure = below(&r, 4) ? TC_POINTS : TC_TRICKS;
        int team = g.team[below(&r, g.seats)];
        position b = p;
        b.t.card = b.cards;
        int want = brute(&g, b.hand, &b.t, team, measure);
        long nodes;
        int got = tc_solve(&g, p.hand, &p.t, team, measure, below(&r, 2) ? &tt : 0, 0, &nodes, stack_mem);
        checks++;
        if (got != want) {
            fail("solve == brute force", k, got, want);
        }
#ifdef TAPETE_HAVE_PLAYOUT
        {
            /* a random playout lands between nothing and everything; team 0 */
            uint32_t seed = (uint32_t)k + 1u;
            int total = total_value(&g, p.hand, &p.t, measure);
            long sum = tc_playouts(&g, p.hand, &p.t, measure, 3, &seed);
            checks++;
            if (sum < 0 || sum > 3L * total) {
                fail("playouts within range", k, sum, total);
            }
        }
#endif
    }
}

#ifdef TAPETE_HAVE_CLAIM
/* Least value for `team` over every deal of `pool` to the hidden seats. */
static int worst_deal(const tc_game *g, uint64_t *h, const position *p, unsigned known,
    const uint64_t *cant, const int *size, uint64_t pool, int team, int measure) {
    if (!pool) {
        for (int s = 0; s < g->seats; s++) {
            if (!((known >> s) & 1) && count(h[s]) != size[s]) {
                return 1000;
            }
        }
        position b = *p;
        b.t.card = b.cards;
        for (int s = 0; s < g->seats; s++) {
            b.hand[s] = h[s];
        }
        return brute(g, b.hand, &b.t, team, measure);
    }
    int c = nth_card(pool, 0);
    int best = 1000;
    for (int s = 0; s < g->seats; s++) {
        if (((known >> s) & 1) || ((cant[s] >> c) & 1) || count(h[s]) >= size[s]) {
            continue;
        }
        h[s] |= (uint64_t)1 << c;
        int v = worst_deal(g, h, p, known, cant, size, pool & ~((uint64_t)1 << c), team, measure);
        h[s] &= ~((uint64_t)1 << c);
        if (v < best) {
            best = v;
        }
    }
    return best;
}

/* Play the line on the deal with the core's rules: what `team` gets, or -1 when a
 * card is illegal or the hand is not finished. */
static int play_line(const tc_game *g, uint64_t *deal, const position *p, const uint8_t *line, int team, int measure) {
    position q = *p;
    q.t.card = q.cards;
    int v = 0;
    for (int i = 0; i < 64 && line[i] != TC_NO_CARD; i++) {
        int seat = to_play(g, &q.t);
        uint64_t b = (uint64_t)1 << line[i];
        if (!(tc_legal(g, &q.t, deal[seat]) & b)) {
            return -1;
        }
        deal[seat] &= ~b;
        if (q.t.n == 0) {
            q.t.led |= (uint8_t)(1 << (line[i] >> 4));
        }
        q.cards[q.t.n++] = line[i];
        if (q.t.n == g->seats) {
            int w = tc_winner(g, &q.t);
            if (!(w & TC_DRAWN)) {
                if (g->team[w] == team) {
                    v += worth(g, &q.t, !all_of(g, deal), measure);
                }
                q.t.leader = (uint8_t)w;
            }
            q.t.n = 0;
        }
    }
    return all_of(g, deal) || q.t.n ? -1 : v;
}

static void test_claims(int kind) {
    rng r = {0xC1A1Au + (uint32_t)kind * 31u};
    tc_table tt;
    tc_table_init(&tt, tt_mem, sizeof tt_mem, 0);
    current = "claims == every deal";
    for (int k = 0; k < TC_TEST_ROUNDS / 8; k++) {
        tc_game g;
        position p;
        uint64_t cant[TC_MAX_SEATS], deal[TC_MAX_SEATS], hid[TC_MAX_SEATS];
        uint8_t line[64];
        int size[TC_MAX_SEATS];
        int trump = random_game(&r, &g, kind);
        random_position(&r, &g, trump, g.seats > 4 ? 1 : 1 + below(&r, 2), below(&r, g.seats), &p);
        int claimer = below(&r, g.seats);
        unsigned known = 1u << claimer;
        if (!below(&r, 4)) {
            known |= 1u << below(&r, g.seats);
        }
        while (g.seats - count(known) > 3) { /* at most three hidden hands */
            known |= 1u << below(&r, g.seats);
        }
        int measure = below(&r, 3) ? TC_POINTS : TC_TRICKS;
        int team = g.team[claimer];
        int base = count(p.hand[p.t.leader]) + (p.t.n > 0);
        uint64_t unseen = 0;
        int seat = p.t.leader;
        for (int s = 0; s < g.seats; s++) {
            size[s] = base;
        }
        for (int i = 0; i < p.t.n; i++) {
            size[seat]--;
            seat = tc_next(&g, seat);
        }
        for (int s = 0; s < g.seats; s++) {
            cant[s] = 0;
            hid[s] = p.hand[s];
            if (!((known >> s) & 1)) {
                unseen |= p.hand[s];
                hid[s] = 0;
            }
        }
        for (int s = 0; s < g.seats; s++) { /* cards the table knows a hidden seat lacks */
            if (!((known >> s) & 1)) {
                for (int j = below(&r, 4); j > 0; j--) {
                    uint64_t others = unseen & ~p.hand[s];
                    if (others) {
                        cant[s] |= (uint64_t)1 << random_card(&r, others);
                    }
                }
            }
        }
        int target = below(&r, total_value(&g, p.hand, &p.t, measure) + 2);
        uint64_t work[TC_MAX_SEATS];
        for (int s = 0; s < g.seats; s++) {
            work[s] = hid[s];
        }
        int worst = worst_deal(&g, work, &p, known, cant, size, unseen, team, measure);
        long nodes;
        int got = tc_claim(&g, hid, known, unseen, cant, &p.t, team, measure, target,
            below(&r, 2) ? &tt : 0, 0, &nodes, deal, line, stack_mem);
        checks++;
        if (got != (worst >= target)) {
            fail("claim == every deal", k, got, worst >= target);
            continue;
        }
        if (got == 0) {
            int ok = 1;
            for (int s = 0; s < g.seats; s++) {
                if ((known >> s) & 1) {
                    ok &= deal[s] == p.hand[s];
                } else {
                    ok &= (deal[s] & cant[s]) == 0 && (deal[s] & ~unseen) == 0 && count(deal[s]) == size[s];
                }
            }
            int v = ok ? play_line(&g, deal, &p, line, team, measure) : -1;
            checks++;
            if (v < 0 || v >= target) {
                fail("the refuting deal fits and its line falls short", k, v, target);
            }
        }
    }
}
#endif

/* The claim's bounds: a claim early in a hand, every other hand hidden, returns
 * within its node budget, refuting line included; searches deeper than the build's
 * cap are refused. */
static void test_bounds(void) {
    rng r = {0xB0B0u};
    tc_table tt;
    tc_table_init(&tt, tt_mem, sizeof tt_mem, 0);
    current = "bounds";
    for (int kind = 0; kind < KINDS; kind++) {
        tc_game g;
        position p;
        int trump = random_game(&r, &g, kind);
        random_position(&r, &g, trump, g.hand_size, 0, &p); /* trick 1 */
        int cards = count(all_of(&g, p.hand));
        long nodes;
        int v = tc_solve(&g, p.hand, &p.t, 0, TC_TRICKS, &tt, 20000, &nodes, stack_mem);
        CHECK("a whole hand: too deep, out of budget or solved",
            cards > TAPETE_MAX_DEPTH ? v == TC_TOO_DEEP : (v == TC_OUT_OF_BUDGET) == (nodes > 20000), 1);
        CHECK("solve stays within its budget", nodes <= 20001, 1);
#ifdef TAPETE_HAVE_CLAIM
        uint64_t hid[TC_MAX_SEATS], cant[TC_MAX_SEATS], deal[TC_MAX_SEATS], unseen = 0;
        uint8_t line[64];
        int claimer = p.t.leader;
        for (int s = 0; s < g.seats; s++) {
            cant[s] = 0;
            hid[s] = s == claimer ? p.hand[s] : 0;
            unseen |= s == claimer ? 0 : p.hand[s];
        }
        for (long budget = 1; budget <= 100000; budget *= 10) {
            int got = tc_claim(&g, hid, 1u << claimer, unseen, cant, &p.t, g.team[claimer], TC_TRICKS,
                g.hand_size, &tt, budget, &nodes, deal, line, stack_mem);
            if (cards > TAPETE_MAX_DEPTH) {
                CHECK("a claim deeper than the cap is refused", got, TC_TOO_DEEP);
            } else {
                CHECK("a claim at trick 1 is settled or out of budget", got >= TC_OUT_OF_BUDGET && got <= 1, 1);
            }
            CHECK("a claim spends at most its budget", nodes <= budget + 1, 1);
        }
#endif
    }
    /* the line's search runs on the claim's budget: with just enough budget to find
     * the refuting deal, the claim stays refuted and its line is cut short */
#ifdef TAPETE_HAVE_CLAIM
    for (int round = 0; round < 20; round++) {
        tc_game g;
        position p;
        uint64_t hid[TC_MAX_SEATS], cant[TC_MAX_SEATS], deal[TC_MAX_SEATS], unseen = 0;
        uint8_t line[64];
        long nodes, full;
        malilla(&g, 0);
        random_position(&r, &g, H, 3, 0, &p);
        int claimer = p.t.leader;
        for (int s = 0; s < 4; s++) {
            cant[s] = 0;
            hid[s] = s == claimer ? p.hand[s] : 0;
            unseen |= s == claimer ? 0 : p.hand[s];
        }
        int got = tc_claim(&g, hid, 1u << claimer, unseen, cant, &p.t, g.team[claimer], TC_TRICKS, 3, 0, 0,
            &full, deal, line, stack_mem);
        if (got != 0) {
            continue; /* "the rest are ours" held here: try another deal */
        }
        int plies = 0;
        while (plies < 64 && line[plies] != TC_NO_CARD) {
            plies++;
        }
        CHECK("the unbounded line finishes the hand", plies, 12);
        long lo = 1, hi = full; /* the least budget that still refutes it */
        while (lo < hi) {
            long mid = lo + (hi - lo) / 2;
            got = tc_claim(&g, hid, 1u << claimer, unseen, cant, &p.t, g.team[claimer], TC_TRICKS, 3, 0, mid,
                &nodes, deal, line, stack_mem);
            CHECK("the check spends at most its budget", nodes <= mid + 1, 1);
            if (got == 0) {
                hi = mid;
            } else {
                CHECK("short of it: out of budget", got, TC_OUT_OF_BUDGET);
                lo = mid + 1;
            }
        }
        got = tc_claim(&g, hid, 1u << claimer, unseen, cant, &p.t, g.team[claimer], TC_TRICKS, 3, 0, lo,
            &nodes, deal, line, stack_mem);
        CHECK("refuted on the least budget", got, 0);
        CHECK("the line's search is on the claim's budget", nodes <= lo + 1, 1);
        CHECK("the line stops where the budget ran out", line[0], TC_NO_CARD);
        break;
    }
#endif
}

#if defined(__arm__) && !defined(__linux__)
/* The C stack a claim at the depth cap uses (Cortex-M0 runs only): paint the stack
 * below us, claim, and find the deepest word written. The claim's arguments live in
 * static memory so that only the core's own frames are measured. */
#define PAINT 0xA5A5A5A5u
#define PAINTED 6144
#define GAP 64 /* words between our frame and the painted region (paint's own frame) */

static tc_game cap_game;
static position cap_pos;
static uint64_t cap_hid[TC_MAX_SEATS], cap_cant[TC_MAX_SEATS], cap_deal[TC_MAX_SEATS], cap_unseen;
static uint8_t cap_line[64];
static unsigned cap_known;
static int cap_team, cap_left;
static long cap_nodes;

__attribute__((noinline)) static void paint(uint32_t *from) {
    for (int i = 0; i < PAINTED / 4; i++) {
        from[-i] = PAINT;
    }
}

__attribute__((noinline)) static int claim_at_cap(void) {
    return tc_claim(&cap_game, cap_hid, cap_known, cap_unseen, cap_cant, &cap_pos.t, cap_team, TC_TRICKS, cap_left,
        0, 30000, &cap_nodes, cap_deal, cap_line, stack_mem);
}

/* Bytes of stack below our stack pointer that the claim wrote. */
__attribute__((noinline)) static long measure_claim(int *got) {
    uintptr_t sp;
    __asm__ volatile ("mov %0, sp" : "=r"(sp));
    uint32_t *from = (uint32_t *)(sp & ~(uintptr_t)3) - GAP;
    paint(from);
    *got = claim_at_cap();
    int i = PAINTED / 4 - 1;
    while (i > 0 && from[-i] == PAINT) {
        i--;
    }
    return (long)(GAP + i) * 4;
}

static void test_stack(void) {
    rng r = {0x57ACu};
    current = "stack";
    long worst = 0;
    for (int kind = 0; kind < KINDS; kind++) {
        for (int round = 0; round < 3; round++) {
            int trump = random_game(&r, &cap_game, kind);
            int seats = cap_game.seats;
            cap_left = TAPETE_MAX_DEPTH / seats; /* as deep as the cap lets a claim go */
            if (cap_left > cap_game.hand_size) {
                cap_left = cap_game.hand_size;
            }
            random_position(&r, &cap_game, trump, cap_left, 0, &cap_pos);
            int claimer = cap_pos.t.leader;
            cap_known = 1u << claimer;
            while (round && seats - count(cap_known) > 3) { /* round 0: every other hand hidden */
                cap_known |= 1u << below(&r, seats);
            }
            cap_unseen = 0;
            for (int s = 0; s < seats; s++) {
                cap_cant[s] = 0;
                cap_hid[s] = (cap_known >> s) & 1 ? cap_pos.hand[s] : 0;
                cap_unseen |= (cap_known >> s) & 1 ? 0 : cap_pos.hand[s];
            }
            cap_team = cap_game.team[claimer];
            int got;
            long used = measure_claim(&got);
            CHECK("claim answered", got >= TC_OUT_OF_BUDGET && got <= 1, 1);
            if (used > worst) {
                worst = used;
            }
        }
    }
    io_puts("stack: a claim at the depth cap (");
    put_int(TAPETE_MAX_DEPTH);
    io_puts(" cards) uses ");
    put_int(worst);
    io_puts(" bytes of C stack\n");
    CHECK("a claim at the depth cap fits in the stack the build declares", worst <= TAPETE_STACK_NEED, 1);
}
#endif
#endif

int main(void) {
    test_descriptor_checks();
    test_malilla_rules();
    test_manille_rules();
    test_botifarra_rules();
    test_tute_rules();
    test_envite_rules();
    test_truc_rules();
    for (int kind = 0; kind < KINDS; kind++) {
        test_legal_forbidden_contract(kind);
#ifdef TAPETE_HAVE_SOLVER
        test_solver_vs_brute(kind);
#ifdef TAPETE_HAVE_CLAIM
        test_claims(kind);
#endif
#endif
        if (failures) {
            io_puts("  (in ");
            io_puts(KIND_NAMES[kind]);
            io_puts(")\n");
        }
    }
#ifdef TAPETE_HAVE_SOLVER
    test_bounds();
#if defined(__arm__) && !defined(__linux__)
    test_stack();
#endif
#endif
    put_int(checks - failures);
    io_puts(" passed, ");
    put_int(failures);
    io_puts(" failed\n");
    return failures ? 1 : 0;
}
