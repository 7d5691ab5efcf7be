/* Bit helpers of the C core (internal). No libgcc calls on the Cortex-M0: no
 * division, no variable 64-bit shifts, no __builtin_popcount (taken only where it is
 * one instruction: x86-64 built with -mpopcnt, as setup.py builds the host's, and
 * aarch64). */
#ifndef TAPETE_BITS_H
#define TAPETE_BITS_H

#include <stdint.h>

static inline int tc_ctz32(uint32_t x) {
#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__) || defined(__aarch64__) \
    || (defined(__ARM_ARCH) && __ARM_ARCH >= 7))
    return __builtin_ctz(x);
#else
    int n = 0;
    if (!(x & 0xFFFFu)) {
        n += 16;
        x >>= 16;
    }
    if (!(x & 0xFFu)) {
        n += 8;
        x >>= 8;
    }
    if (!(x & 0xFu)) {
        n += 4;
        x >>= 4;
    }
    if (!(x & 0x3u)) {
        n += 2;
        x >>= 2;
    }
    if (!(x & 0x1u)) {
        n += 1;
    }
    return n;
#endif
}

/* Lowest set bit of a non-empty mask. */
static inline int tc_ctz64(uint64_t m) {
    uint32_t lo = (uint32_t)m;
    return lo ? tc_ctz32(lo) : 32 + tc_ctz32((uint32_t)(m >> 32));
}

static inline int tc_popcount32(uint32_t x) {
#if defined(__GNUC__) && (defined(__POPCNT__) || defined(__aarch64__))
    return __builtin_popcount(x); /* one instruction there (the host's build asks for it) */
#endif
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0F0F0F0Fu;
    return (int)((x * 0x01010101u) >> 24);
}

static inline int tc_popcount64(uint64_t m) {
#if defined(__GNUC__) && (defined(__POPCNT__) || defined(__aarch64__))
    return __builtin_popcountll(m);
#endif
    return tc_popcount32((uint32_t)m) + tc_popcount32((uint32_t)(m >> 32));
}

/* The k-th (0-based) set bit of m. */
static inline int tc_nth_bit(uint64_t m, int k) {
    while (k-- > 0) {
        m &= m - 1;
    }
    return tc_ctz64(m);
}

#endif
