/* tapete_desc.h: a game as the C core reads it, shared by the core and both bindings.
 *
 * A game is described once, in Python (rules/game.py: card tables per card code,
 * duties, seats and teams); rules/native.py writes that description into a
 * bytearray of TC_DESC_SIZE bytes laid out as below (the `game descriptor`), kept
 * on the game and rewritten in place when its tables change (Envite's trump), so a
 * play allocates nothing. The core reads the descriptor where it lies: it is the
 * struct tc_game (bytes only, so any alignment will do).
 *
 * Card codes (docs/rules-api.md): code = suit * 16 + slot, suit S=0 H=1 D=2 C=3,
 * slot = face - 1 for every printed card. A game whose trump suit takes cards of
 * other suits (Envite) maps them onto free slots of the trump suit (7..9, 13..15),
 * so every slot 0..15 may hold a card: a suit set has 16 bits.
 *
 *   offset  size  field
 *        0     1  magic         TC_MAGIC ('T')
 *        1     1  version       TC_DESC_VERSION
 *        2     2  duties        rules/duties.py flags (TC_FOLLOW...), little-endian
 *        4     1  seats         3..12
 *        5     1  step          next seat = seat + step (mod seats): 1 clockwise,
 *                               seats - 1 anticlockwise
 *        6     1  flags         TC_SUITLESS | TC_DRAWS
 *        7     1  trick_point   points for each trick won
 *        8     1  last_trick    points for the last trick (Tute's 10)
 *        9     1  hand_size     cards dealt to each seat (at most 16)
 *       10     2  reserved      0
 *       12    12  team          team of each seat (partners: seat % 2; each alone: seat)
 *       24    64  strength      per card code: 1 = lowest of its suit, 0 = not in the pack
 *       88    64  points        per card code: card points
 *      152        (size)
 *
 * Trump is not in the descriptor: it is the trick's, passed with each call as the
 * rule module's Trick keeps it.
 *
 * This header also holds the mask <-> suit-set conversions and the argument checks
 * both bindings make, so the two accept exactly the same input. Plain C99; no data.
 */
#ifndef TAPETE_DESC_H
#define TAPETE_DESC_H

#include <stddef.h>
#include <stdint.h>

#define TC_MAGIC 0x54
#define TC_DESC_VERSION 2
#define TC_DESC_SIZE 152
#define TC_MAX_SEATS 12
#define TC_MAX_HAND 16      /* cards a seat may hold (a search's move list) */
#define TC_NO_TRUMP 4
#define TC_NO_CARD 0xFF

/* Byte offsets (rules/native.py writes them; tests/native compares the two). */
#define TC_D_MAGIC 0
#define TC_D_VERSION 1
#define TC_D_DUTIES 2
#define TC_D_SEATS 4
#define TC_D_STEP 5
#define TC_D_FLAGS 6
#define TC_D_TRICK_POINT 7
#define TC_D_LAST_TRICK 8
#define TC_D_HAND_SIZE 9
#define TC_D_TEAM 12
#define TC_D_STRENGTH 24
#define TC_D_POINTS 88

/* flags */
#define TC_SUITLESS 1   /* cards compare by strength whatever their suit (Truc) */
#define TC_DRAWS 2      /* equal cards of two opponents draw the trick (Truc) */

/* Duties: the numbers of rules/duties.py. */
#define TC_FOLLOW 1
#define TC_HEAD_OPPONENT 2
#define TC_HEAD_ALWAYS 4
#define TC_TRUMP 8
#define TC_OVERTRUMP 16
#define TC_UNDERTRUMP 32
#define TC_SEVEN 64
#define TC_LOW_CARD 128
#define TC_EXEMPT 256
#define TC_TRAWL 512
#define TC_EXEMPT_TRUMP 1024
#define TC_TRUMP_LEAD 2048   /* with TC_FOLLOW: follow only when trumps are led */
#define TC_DUTIES_ALL 4095

/* Rules a play can break: the numbers of rules/duties.py (docs/protocol.md words). */
#define TC_LEGAL (-1)
#define TC_REVOKE 0
#define TC_MUST_BEAT 1
#define TC_SEVEN_DISCARD 2
#define TC_MUST_TRUMP 3
#define TC_MUST_OVERTRUMP 4
#define TC_LOW_CARD_RULE 5
#define TC_TRAWL_RULE 6
#define TC_PLAY_RULES 7

#define TC_SEVEN_SLOT 6 /* the 7 inside a suit set */

typedef struct {
    uint8_t magic;
    uint8_t version;
    uint8_t duties[2];
    uint8_t seats;
    uint8_t step;
    uint8_t flags;
    uint8_t trick_point;
    uint8_t last_trick;
    uint8_t hand_size;
    uint8_t reserved[2];
    uint8_t team[TC_MAX_SEATS];
    uint8_t strength[64];
    uint8_t points[64];
} tc_game;

/* The layout above, checked by the compiler. */
typedef char tc_desc_layout_[(sizeof(tc_game) == TC_DESC_SIZE && offsetof(tc_game, team) == TC_D_TEAM
    && offsetof(tc_game, strength) == TC_D_STRENGTH && offsetof(tc_game, points) == TC_D_POINTS
    && offsetof(tc_game, hand_size) == TC_D_HAND_SIZE) ? 1 : -1];

static inline unsigned tc_duties(const tc_game *g) {
    return (unsigned)g->duties[0] | (unsigned)g->duties[1] << 8;
}

/* The next seat in the direction of play (no division: the Cortex-M0 has none). */
static inline int tc_next(const tc_game *g, int seat) {
    seat += g->step;
    return seat >= g->seats ? seat - g->seats : seat;
}

/* ---- masks and suit sets --------------------------------------------------
 * In C a hand is a uint64_t mask with bit `code` (16 bits per suit); the Python API
 * passes four suit sets per hand, as the rule module keeps them (a 64-bit int would
 * be a heap object on the Pico). No variable 64-bit shifts: libgcc calls on M0. */

static inline uint64_t tc_mask(uint32_t s0, uint32_t s1, uint32_t s2, uint32_t s3) {
    return (uint64_t)(s0 | s1 << 16) | (uint64_t)(s2 | s3 << 16) << 32;
}

/* A 64-bit machine shifts 64 bits in one instruction; the Cortex-M0 calls libgcc for
 * a variable shift of 64 bits, so there the halves are shifted apart. */
#if defined(__x86_64__) || defined(__aarch64__)
#define TC_SHIFT64 1
#endif

static inline uint32_t tc_suit_set(uint64_t m, int s) {
#ifdef TC_SHIFT64
    return (uint32_t)(m >> (16 * s)) & 0xFFFFu;
#else
    uint32_t half = (s & 2) ? (uint32_t)(m >> 32) : (uint32_t)m;
    return (s & 1) ? half >> 16 : half & 0xFFFFu;
#endif
}

static inline uint64_t tc_suit_mask(uint32_t bits, int s) {
#ifdef TC_SHIFT64
    return (uint64_t)bits << (16 * s);
#else
    uint32_t half = (s & 1) ? bits << 16 : bits;
    return (s & 2) ? (uint64_t)half << 32 : (uint64_t)half;
#endif
}

static inline uint64_t tc_bit(int code) {
#ifdef TC_SHIFT64
    return (uint64_t)1 << code;
#else
    uint32_t b = (uint32_t)1 << (code & 31);
    return (code & 32) ? (uint64_t)b << 32 : (uint64_t)b;
#endif
}

/* ---- argument checks (both bindings) --------------------------------------- */

#define TC_OK 0
#define TC_ERR_DESC 1       /* not a descriptor of this version */
#define TC_ERR_TRICK 2      /* leader, n, trump, led suits or a trick card out of range */
#define TC_ERR_SETS 3       /* a suit set outside 0..0xFFFF or the wrong count */
#define TC_ERR_OUT 4        /* the out list is too short */
#define TC_ERR_RANGE 5      /* another argument out of range */
#define TC_ERR_POSITION 6   /* hands, unseen cards and trick do not fit together */

/* The descriptor in `buf` (`len` bytes), or 0 when it is not one this core reads. */
static inline const tc_game *tc_check_game(const void *buf, size_t len) {
    const tc_game *g = (const tc_game *)buf;
    if (len != TC_DESC_SIZE || g->magic != TC_MAGIC || g->version != TC_DESC_VERSION
        || g->seats < 2 || g->seats > TC_MAX_SEATS || (g->step != 1 && g->step != g->seats - 1)
        || g->hand_size > TC_MAX_HAND) {
        return 0;
    }
    return g;
}

/* A trick's arguments: trump 0..4, leader a seat, n cards (at most max_n) of which
 * `len` bytes are given, each a card code, led suits 0..15. */
static inline int tc_check_trick(const tc_game *g, long trump, long leader, long n, long max_n,
    const uint8_t *cards, size_t len, long led) {
    if (trump < 0 || trump > TC_NO_TRUMP || leader < 0 || leader >= g->seats || n < 0 || n > max_n
        || (size_t)n > len || led < 0 || led > 15) {
        return TC_ERR_TRICK;
    }
    for (long i = 0; i < n; i++) {
        if (cards[i] > 63) {
            return TC_ERR_TRICK;
        }
    }
    return TC_OK;
}

static inline int tc_check_set(long v) {
    return v < 0 || v > 0xFFFF ? TC_ERR_SETS : TC_OK;
}

/* The error's text, for both bindings (the strings live in the glue, not the core). */
static inline const char *tc_error_text(int err) {
    switch (err) {
        case TC_ERR_DESC:
            return "tapete_core: not a game descriptor of this core (rules/native.py describe)";
        case TC_ERR_TRICK:
            return "tapete_core: trick out of range (trump 0..4, leader a seat, n cards, led suits 0..15)";
        case TC_ERR_SETS:
            return "tapete_core: suit sets must be 0..0xFFFF, four per hand";
        case TC_ERR_OUT:
            return "tapete_core: out must be a list, long enough for the answer";
        case TC_ERR_POSITION:
            return "tapete_core: hands, unseen cards and trick do not fit together";
        default:
            return "tapete_core: argument out of range";
    }
}

#endif
