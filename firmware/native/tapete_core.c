/* tapete_core: legality, trick winner, points, hidden-hand bookkeeping, solver.
 * See tapete_core.h for the encoding and docs/rules-api.md for the rules.
 *
 * Rules for this file, so it links as a MicroPython native module on every arch:
 * no initialised or static data (no tables, not even const ones), no heap, no
 * division or variable 64-bit shifts (libgcc calls on Cortex-M0), no recursion
 * deeper than the cards left in a hand.
 */
#include "tapete_core.h"

#define SUIT_ALL 0x1FFFu
#define ALL_CARDS 0x1FFF1FFF1FFF1FFFull

/* ---- bits ---------------------------------------------------------------- */

static inline uint64_t bit(int c) {
    uint32_t b = (uint32_t)1 << (c & 31);
    return (c & 32) ? (uint64_t)b << 32 : (uint64_t)b;
}

static inline uint32_t suit_bits(uint64_t m, int s) {
    uint32_t half = (s & 2) ? (uint32_t)(m >> 32) : (uint32_t)m;
    return (s & 1) ? half >> 16 : half & 0xFFFFu;
}

static inline uint64_t suit_mask(uint32_t bits, int s) {
    uint32_t half = (s & 1) ? bits << 16 : bits;
    return (s & 2) ? (uint64_t)half << 32 : (uint64_t)half;
}

static inline int ctz32(uint32_t x) {
#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__) || defined(__aarch64__) || (defined(__ARM_ARCH) && __ARM_ARCH >= 7))
    return __builtin_ctz(x);
#else
    int n = 0;
    if (!(x & 0xFFFFu)) { n += 16; x >>= 16; }
    if (!(x & 0xFFu)) { n += 8; x >>= 8; }
    if (!(x & 0xFu)) { n += 4; x >>= 4; }
    if (!(x & 0x3u)) { n += 2; x >>= 2; }
    if (!(x & 0x1u)) { n += 1; }
    return n;
#endif
}

static inline int ctz64(uint64_t m) {
    uint32_t lo = (uint32_t)m;
    return lo ? ctz32(lo) : 32 + ctz32((uint32_t)(m >> 32));
}

static inline int popcount32(uint32_t x) {
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0F0F0F0Fu;
    return (int)((x * 0x01010101u) >> 24);
}

static inline int popcount64(uint64_t m) {
    return popcount32((uint32_t)m) + popcount32((uint32_t)(m >> 32));
}

/* Faces (face - 1) of a suit whose strength is above st. */
static uint32_t faces_above(const tc_game *g, int st) {
    uint32_t m = 0;
    for (int f = 0; f < 13; f++) {
        if (g->strength[f] > st) {
            m |= (uint32_t)1 << f;
        }
    }
    return m;
}

/* ---- tricks -------------------------------------------------------------- */

int tc_seat(const tc_game *g, const tc_trick *t, int i) {
    return (t->leader + i * g->step) & 3;
}

int tc_beats(const tc_game *g, int a, int b) {
    int sa = TC_SUIT(a), sb = TC_SUIT(b);
    if (sa == sb) {
        return g->strength[TC_FACE(a)] > g->strength[TC_FACE(b)];
    }
    return sa == g->trump;
}

int tc_winning_pos(const tc_game *g, const tc_trick *t) {
    if (t->n == 0) {
        return -1;
    }
    int best = 0;
    for (int i = 1; i < t->n; i++) {
        if (tc_beats(g, t->card[i], t->card[best])) {
            best = i;
        }
    }
    return best;
}

int tc_winner(const tc_game *g, const tc_trick *t) {
    int p = tc_winning_pos(g, t);
    return p < 0 ? -1 : tc_seat(g, t, p);
}

int tc_points(const tc_game *g, uint64_t mask) {
    int sum = 0;
    for (int s = 0; s < 4; s++) {
        uint32_t b = suit_bits(mask, s);
        for (int f = 0; b; f++, b >>= 1) {
            if (b & 1) {
                sum += g->points[f];
            }
        }
    }
    return sum;
}

/* Malilla's restricted discards: the non-trump 7 of each suit not led yet. */
static uint64_t restricted_sevens(const tc_game *g, const tc_trick *t) {
    uint64_t m = 0;
    if (g->family != TC_MALILLA || g->seven > 12) {
        return 0;
    }
    unsigned led = t->led;
    if (t->n) {
        led |= 1u << TC_SUIT(t->card[0]);
    }
    for (int s = 0; s < 4; s++) {
        if (s != g->trump && !(led & (1u << s))) {
            m |= bit(s * 16 + g->seven);
        }
    }
    return m;
}

/* What the trick looks like to the seat to play: the winning card, whether an
 * opponent plays it, the cards of the led suit that beat it (when it is of the led
 * suit) and the trumps that beat it. */
typedef struct {
    int led, best, opp;
    uint64_t led_cards, beat_led, beat_trump, trumps;
} view;

/* The faces of the game's pack: those with a strength. */
static uint32_t pack_faces(const tc_game *g) {
    return faces_above(g, 0);
}

static void look(const tc_game *g, const uint16_t *above_of, const tc_trick *t, view *v) {
    int wp = tc_winning_pos(g, t);
    int me = tc_seat(g, t, t->n);
    v->led = TC_SUIT(t->card[0]);
    v->best = t->card[wp];
    v->opp = (tc_seat(g, t, wp) ^ me) & 1;
    uint32_t pack = above_of ? above_of[13] : pack_faces(g);
    v->led_cards = suit_mask(pack, v->led);
    int bs = TC_SUIT(v->best);
    uint32_t up = above_of ? above_of[TC_FACE(v->best)] : faces_above(g, g->strength[TC_FACE(v->best)]);
    uint64_t above = suit_mask(up, bs);
    v->beat_led = bs == v->led ? above : 0;
    v->beat_trump = 0;
    v->trumps = 0;
    if (g->trump < 4) {
        v->trumps = suit_mask(pack, g->trump);
        v->beat_trump = bs == g->trump ? above : v->trumps;
    }
}

/* Faces above each face (0..12) and the pack's faces (13): for repeated legal calls. */
static void above_table(const tc_game *g, uint16_t above_of[14]) {
    for (int f = 0; f < 13; f++) {
        above_of[f] = (uint16_t)faces_above(g, g->strength[f]);
    }
    above_of[13] = (uint16_t)pack_faces(g);
}

static uint64_t legal_with(const tc_game *g, const uint16_t *above_of, const tc_trick *t, uint64_t hand) {
    if (t->n == 0 || t->n > 3) {
        return hand;
    }
    view v;
    look(g, above_of, t, &v);
    uint64_t follow = hand & v.led_cards;
    if (g->family == TC_MALILLA) {
        if (follow) {
            if (v.opp && (follow & v.beat_led)) {
                return follow & v.beat_led;
            }
            return follow;
        }
        if (v.opp && (hand & v.beat_trump)) {
            return hand & v.beat_trump;
        }
        uint64_t rest = hand & ~restricted_sevens(g, t);
        return rest ? rest : hand;
    }
    /* Manille */
    if (follow) {
        return follow;
    }
    if (g->trump > 3 || ((g->flags & TC_PARTNER_EXEMPTION) && !v.opp)) {
        return hand;
    }
    uint64_t trumps = hand & suit_mask(SUIT_ALL, g->trump);
    if (!trumps) {
        return hand;
    }
    if (TC_SUIT(v.best) == g->trump && (trumps & v.beat_trump)) {
        return trumps & v.beat_trump;
    }
    return trumps;
}

uint64_t tc_legal(const tc_game *g, const tc_trick *t, uint64_t hand) {
    return legal_with(g, 0, t, hand);
}

#ifdef TAPETE_HAVE_FORBIDDEN
void tc_forbidden(const tc_game *g, const tc_trick *t, int card, uint64_t out[TC_NRULES]) {
    for (int r = 0; r < TC_NRULES; r++) {
        out[r] = 0;
    }
    if (t->n == 0 || t->n > 3) {
        return;
    }
    view v;
    look(g, 0, t, &v);
    uint64_t c = bit(card);
    if (TC_SUIT(card) == v.led) {
        /* Following: only Malilla's duty to beat an opponent's card of the led suit. */
        if (g->family == TC_MALILLA && v.opp && !(c & v.beat_led)) {
            out[TC_MUST_BEAT] = v.beat_led;
        }
        return;
    }
    out[TC_REVOKE] = v.led_cards;
    if (g->family == TC_MALILLA) {
        if (v.opp && g->trump != v.led) {
            if (c & v.beat_trump) {
                return;
            }
            out[TC_MUST_BEAT] = v.beat_trump;
        }
        uint64_t sevens = restricted_sevens(g, t);
        if (c & sevens) {
            /* legal only when every card held is such a 7; parts named under
             * another rule keep that rule */
            uint32_t pack = pack_faces(g);
            uint64_t deck = suit_mask(pack, 0) | suit_mask(pack, 1) | suit_mask(pack, 2) | suit_mask(pack, 3);
            out[TC_SEVEN_DISCARD] = deck & ~sevens & ~out[TC_REVOKE] & ~out[TC_MUST_BEAT];
        }
        return;
    }
    /* Manille */
    if (g->trump > 3 || g->trump == v.led || ((g->flags & TC_PARTNER_EXEMPTION) && !v.opp)) {
        return;
    }
    if (TC_SUIT(card) != g->trump) {
        out[TC_MUST_TRUMP] = v.trumps;
    } else if (TC_SUIT(v.best) == g->trump && !(c & v.beat_trump)) {
        out[TC_MUST_OVERTRUMP] = v.beat_trump;
    }
}

int tc_verdict(const tc_game *g, const tc_trick *t, uint64_t hand, int card) {
    uint64_t out[TC_NRULES];
    tc_forbidden(g, t, card, out);
    for (int r = 1; r < TC_NRULES; r++) {
        if (out[r] & hand) {
            return r;
        }
    }
    return TC_LEGAL;
}
#endif

/* ---- random playouts ------------------------------------------------------ */
#ifdef TAPETE_HAVE_PLAYOUT
static int nth_bit(uint64_t m, int k) {
    while (k-- > 0) {
        m &= m - 1;
    }
    return ctz64(m);
}

long tc_playouts(const tc_game *g, const uint64_t hands[4], const tc_trick *t0, int measure,
    long count, uint32_t *seed) {
    long sum = 0;
    uint32_t x = *seed ? *seed : 1u;
    uint16_t above_of[14];
    above_table(g, above_of);
    for (long k = 0; k < count; k++) {
        uint64_t h[4] = {hands[0], hands[1], hands[2], hands[3]};
        tc_trick t = *t0;
        for (;;) {
            int seat = tc_seat(g, &t, t.n);
            uint64_t legal = legal_with(g, above_of, &t, h[seat]);
            if (!legal) {
                break;
            }
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            int c = nth_bit(legal, (int)(((x >> 8) & 0xFFFFu) * (uint32_t)popcount64(legal) >> 16));
            h[seat] &= ~bit(c);
            t.card[t.n++] = (uint8_t)c;
            if (t.n < 4) {
                continue;
            }
            int win = tc_winner(g, &t);
            if (!(win & 1)) {
                int left = (h[0] | h[1] | h[2] | h[3]) != 0;
                if (measure == TC_TRICKS) {
                    sum += 1;
                } else {
                    for (int i = 0; i < 4; i++) {
                        sum += g->points[TC_FACE(t.card[i])];
                    }
                    sum += (g->flags & TC_TRICK_POINT) ? 1 : 0;
                    sum += (!left && (g->flags & TC_LAST_TRICK_BONUS)) ? 1 : 0;
                }
            }
            t.led |= (uint8_t)(1u << TC_SUIT(t.card[0]));
            t.leader = (uint8_t)win;
            t.n = 0;
        }
    }
    *seed = x;
    return sum;
}
#endif

/* ---- solver -------------------------------------------------------------- */
#ifdef TAPETE_HAVE_SOLVER

void tc_table_init(tc_table *tt, void *mem, uint32_t bytes, uint32_t epoch) {
    uintptr_t p = (uintptr_t)mem, a = (p + 7u) & ~(uintptr_t)7u;
    uint32_t n = 0;
    tt->entry = 0;
    tt->mask = 0;
    tt->epoch = epoch;
    if (mem && bytes > a - p) {
        n = (bytes - (uint32_t)(a - p)) / (uint32_t)sizeof(tc_entry);
    }
    if (n >= 2) {
        uint32_t k = 1;
        while (k * 2 <= n) {
            k *= 2;
        }
        tt->entry = (tc_entry *)a;
        tt->mask = k - 1;
    }
}

typedef struct {
    const tc_game *g;
    uint64_t hand[4];
    tc_trick t;
    tc_table *tt;
    long nodes, budget;
    int abort;
    int measure;
    int rem_points;  /* card points still in the hands */
    uint8_t order[13]; /* faces, strongest first */
    uint16_t above_of[14];
    uint8_t led_in_key;
} search;

static void search_init(search *s, const tc_game *g, const uint64_t hands[4], const tc_trick *t,
    int measure, tc_table *tt, long budget) {
    s->g = g;
    s->t = *t;
    s->tt = tt;
    s->nodes = 0;
    s->budget = budget;
    s->abort = 0;
    s->measure = measure;
    s->rem_points = 0;
    for (int i = 0; i < 4; i++) {
        s->hand[i] = hands[i];
        s->rem_points += tc_points(g, hands[i]);
    }
    /* selection sort of the faces by strength, strongest first */
    for (int i = 0; i < 13; i++) {
        s->order[i] = (uint8_t)i;
    }
    for (int i = 0; i < 13; i++) {
        int m = i;
        for (int j = i + 1; j < 13; j++) {
            if (g->strength[s->order[j]] > g->strength[s->order[m]]) {
                m = j;
            }
        }
        uint8_t x = s->order[i];
        s->order[i] = s->order[m];
        s->order[m] = x;
    }
    s->led_in_key = g->family == TC_MALILLA && g->seven <= 12;
    above_table(g, s->above_of);
}

static inline int card_points(const search *s, int c) {
    return s->g->points[TC_FACE(c)];
}

/* The value of a finished trick to its winner; `last` when no card is left. */
static int trick_value(const search *s, int last) {
    if (s->measure == TC_TRICKS) {
        return 1;
    }
    int v = 0;
    for (int i = 0; i < 4; i++) {
        v += card_points(s, s->t.card[i]);
    }
    if (s->g->flags & TC_TRICK_POINT) {
        v += 1;
    }
    if (last && (s->g->flags & TC_LAST_TRICK_BONUS)) {
        v += 1;
    }
    return v;
}

/* Everything still to be won from a trick start with `cards` cards in the hands. */
static int future_total(const search *s, int cards) {
    int tricks = cards >> 2;
    if (s->measure == TC_TRICKS) {
        return tricks;
    }
    int v = s->rem_points;
    if (s->g->flags & TC_TRICK_POINT) {
        v += tricks;
    }
    if (tricks && (s->g->flags & TC_LAST_TRICK_BONUS)) {
        v += 1;
    }
    return v;
}

typedef struct {
    uint8_t leader, led, n, seat;
    uint8_t card[4]; /* the finished trick: the next trick's plays overwrite it */
} undo;

/* Play card c for the seat to play; returns what team 0 gains if it ends a trick. */
static int play(search *s, int c, undo *u) {
    tc_trick *t = &s->t;
    u->leader = t->leader;
    u->led = t->led;
    u->n = t->n;
    u->seat = (uint8_t)tc_seat(s->g, t, t->n);
    for (int i = 0; i < 4; i++) {
        u->card[i] = t->card[i];
    }
    s->hand[u->seat] &= ~bit(c);
    s->rem_points -= card_points(s, c);
    t->card[t->n] = (uint8_t)c;
    t->n++;
    if (t->n < 4) {
        return 0;
    }
    int win = tc_winner(s->g, t);
    int left = (s->hand[0] | s->hand[1] | s->hand[2] | s->hand[3]) != 0;
    int gain = (win & 1) ? 0 : trick_value(s, !left);
    t->leader = (uint8_t)win;
    t->led = (uint8_t)(t->led | (1u << TC_SUIT(t->card[0])));
    t->n = 0;
    return gain;
}

static void unplay(search *s, int c, const undo *u) {
    if (u->n == 3) {
        for (int i = 0; i < 4; i++) {
            s->t.card[i] = u->card[i];
        }
    }
    s->t.leader = u->leader;
    s->t.led = u->led;
    s->t.n = u->n;
    s->hand[u->seat] |= bit(c);
    s->rem_points += card_points(s, c);
}

static tc_entry *probe(search *s, uint64_t key, int store) {
    tc_table *tt = s->tt;
    if (!tt || !tt->entry) {
        return 0;
    }
    uint32_t h = (uint32_t)key * 0x9E3779B1u ^ (uint32_t)(key >> 32) * 0x85EBCA77u;
    h ^= h >> 15;
    h *= 0x2C1B3C6Du;
    h ^= h >> 13;
    tc_entry *a = &tt->entry[h & tt->mask & ~1u];
    tc_entry *b = a + 1;
    if (a->epoch == tt->epoch && a->key == key) {
        return a;
    }
    if (b->epoch == tt->epoch && b->key == key) {
        return b;
    }
    if (!store) {
        return 0;
    }
    /* slot a keeps the bigger subtree, slot b takes the rest */
    tc_entry *e = b;
    if (a->epoch != tt->epoch || popcount64(key) >= popcount64(a->key)) {
        e = a;
    }
    e->key = key;
    e->epoch = tt->epoch;
    e->lo = 0;
    e->hi = 255;
    e->move = TC_NO_CARD;
    return e;
}

#define MAXMOVES 16

/* Alpha-beta on the future value for team 0 (fail-soft). */
static int ab(search *s, int alpha, int beta) {
    if (s->abort) {
        return 0;
    }
    if (++s->nodes > s->budget && s->budget > 0) {
        s->abort = 1;
        return 0;
    }
    const tc_game *g = s->g;
    tc_trick *t = &s->t;
    int n = t->n;
    uint64_t key = 0;
    int hint = TC_NO_CARD;
    if (n == 0) {
        uint64_t rem = s->hand[0] | s->hand[1] | s->hand[2] | s->hand[3];
        if (!rem) {
            return 0;
        }
        int total = future_total(s, popcount64(rem));
        if (total <= alpha) {
            return total;
        }
        if (beta <= 0) {
            return 0;
        }
        unsigned meta = t->leader | (s->led_in_key ? (unsigned)t->led << 2 : 0u);
        key = rem | ((uint64_t)(meta & 7u) << 13) | ((uint64_t)(meta >> 3) << 29);
        tc_entry *e = probe(s, key, 0);
        if (e) {
            if (e->lo >= beta) {
                return e->lo;
            }
            if (e->hi <= alpha) {
                return e->hi;
            }
            if (e->lo > alpha) {
                alpha = e->lo;
            }
            if (e->hi < beta) {
                beta = e->hi;
            }
            hint = e->move;
        }
    }

    int a0 = alpha, b0 = beta;
    int seat = tc_seat(g, t, n);
    uint64_t legal = legal_with(g, s->above_of, t, s->hand[seat]);
    uint64_t present = s->hand[0] | s->hand[1] | s->hand[2] | s->hand[3];
    for (int i = 0; i < n; i++) {
        present |= bit(t->card[i]);
    }

    /* moves: one card of each run of equivalent cards, scored for ordering */
    uint8_t move[MAXMOVES];
    int16_t score[MAXMOVES];
    int nm = 0;
    int wp = n ? tc_winning_pos(g, t) : -1;
    int best_card = n ? t->card[wp] : 0;
    int mate_wins = n ? !((tc_seat(g, t, wp) ^ seat) & 1) : 0;
    int seven = g->family == TC_MALILLA ? g->seven : 0xFF;
    for (int su = 0; su < 4; su++) {
        uint32_t lb = suit_bits(legal, su);
        if (!lb) {
            continue;
        }
        uint32_t pb = suit_bits(present, su);
        int prev = -1, top = 1;
        for (int k = 0; k < 13; k++) {
            int f = s->order[k];
            if (!((pb >> f) & 1)) {
                continue;
            }
            if (!((lb >> f) & 1)) {
                prev = -1;
                top = 0;
                continue;
            }
            if (prev >= 0 && g->points[prev] == g->points[f] && f != seven && prev != seven) {
                continue; /* same as the card just above it */
            }
            prev = f;
            int c = su * 16 + f;
            int st = g->strength[f], pts = g->points[f];
            int sc;
            if (c == hint) {
                sc = 1000;
            } else if (n == 0) {
                sc = (top ? 64 : 0) + st + (su == g->trump ? 0 : 8);
            } else if (tc_beats(g, c, best_card)) {
                sc = n == 3 ? 200 + 4 * pts - st : 120 + st + 2 * pts;
            } else if (mate_wins) {
                sc = (n == 3 ? 160 : 80) + 4 * pts - st;
            } else {
                sc = 60 - 4 * pts - st;
            }
            top = 0;
            int j = nm++;
            while (j > 0 && score[j - 1] < sc) {
                score[j] = score[j - 1];
                move[j] = move[j - 1];
                j--;
            }
            score[j] = (int16_t)sc;
            move[j] = (uint8_t)c;
        }
    }

    int maximize = !(seat & 1);
    int best = maximize ? -1 : 10000;
    int bestmove = TC_NO_CARD;
    for (int i = 0; i < nm && !s->abort; i++) {
        int c = move[i];
        undo u;
        int gain = play(s, c, &u);
        int v = gain + ab(s, alpha - gain, beta - gain);
        unplay(s, c, &u);
        if (maximize) {
            if (v > best) {
                best = v;
                bestmove = c;
                if (best > alpha) {
                    alpha = best;
                }
            }
        } else if (v < best) {
            best = v;
            bestmove = c;
            if (best < beta) {
                beta = best;
            }
        }
        if (alpha >= beta) {
            break;
        }
    }
    if (n == 0 && !s->abort) {
        tc_entry *e = probe(s, key, 1);
        if (e) {
            int v = best < 0 ? 0 : best > 255 ? 255 : best;
            if (best <= a0) {
                if (v < e->hi) {
                    e->hi = (uint8_t)v;
                }
            } else if (best >= b0) {
                if (v > e->lo) {
                    e->lo = (uint8_t)v;
                }
            } else {
                e->lo = e->hi = (uint8_t)v;
            }
            e->move = (uint8_t)bestmove;
        }
    }
    return best;
}


static void next_epoch(tc_table *tt) {
    if (!tt || !tt->entry) {
        return;
    }
    tt->epoch++;
    if (tt->epoch == 0) {
        for (uint32_t i = 0; i <= tt->mask; i++) {
            tt->entry[i].epoch = 0;
        }
        tt->epoch = 1;
    }
}

/* Hand size every seat would have at the next trick start, or -1 when the hands,
 * the trick and each other do not fit together. */
static int check_position(const uint64_t hands[4], const tc_trick *t, const tc_game *g, unsigned seats) {
    if (t->n > 3 || t->leader > 3) {
        return -1;
    }
    uint64_t seen = 0;
    int played[4] = {0, 0, 0, 0};
    for (int i = 0; i < t->n; i++) {
        uint64_t b = bit(t->card[i]);
        if ((seen & b) || t->card[i] > 63 || TC_FACE(t->card[i]) > 12) {
            return -1;
        }
        seen |= b;
        played[tc_seat(g, t, i)] = 1;
    }
    int size = -1;
    for (int p = 0; p < 4; p++) {
        if (!((seats >> p) & 1)) {
            continue;
        }
        if ((hands[p] & seen) || (hands[p] & ~ALL_CARDS)) {
            return -1;
        }
        seen |= hands[p];
        int k = popcount64(hands[p]) + played[p];
        if (size >= 0 && k != size) {
            return -1;
        }
        size = k;
    }
    return size;
}

/* Everything still to be won from the current state, the current trick included. */
static int total_from(const search *s) {
    uint64_t rem = s->hand[0] | s->hand[1] | s->hand[2] | s->hand[3];
    int tricks = (popcount64(rem) + s->t.n) >> 2;
    if (s->measure == TC_TRICKS) {
        return tricks;
    }
    int v = s->rem_points;
    for (int i = 0; i < s->t.n; i++) {
        v += card_points(s, s->t.card[i]);
    }
    if (s->g->flags & TC_TRICK_POINT) {
        v += tricks;
    }
    if (tricks && (s->g->flags & TC_LAST_TRICK_BONUS)) {
        v += 1;
    }
    return v;
}

/* Exact future value for team 0 by MTD(f): null-window searches sharing the table. */
static int exact(search *s) {
    int lo = 0, hi = total_from(s), guess = hi >> 1;
    while (lo < hi) {
        int beta = guess > lo ? guess : lo + 1;
        int v = ab(s, beta - 1, beta);
        if (s->abort) {
            return -1;
        }
        if (v < beta) {
            hi = v;
        } else {
            lo = v;
        }
        guess = v;
    }
    return lo;
}

int tc_solve(const tc_game *g, const uint64_t hands[4], const tc_trick *t, int team,
    int measure, tc_table *tt, long budget, long *nodes) {
    search s;
    if (check_position(hands, t, g, 15) < 0) {
        return -2;
    }
    search_init(&s, g, hands, t, measure, tt, budget);
    next_epoch(tt);
    int total = total_from(&s);
    int v = exact(&s);
    if (nodes) {
        *nodes = s.nodes;
    }
    if (v < 0) {
        return -1;
    }
    return (team & 1) ? total - v : v;
}

#ifdef TAPETE_HAVE_CLAIM
typedef struct {
    search s;
    const tc_game *g;
    const tc_trick *t;
    const uint64_t *cant;
    tc_table *tt;
    uint64_t hands[4];
    int hidden[4], nh, size[4];
    int team, measure, target;
    long budget, used;
} claim_ctx;

/* 1 when the claim holds on the deal in c->hands, 0 when it fails, -1 out of budget. */
static int claim_holds(claim_ctx *c) {
    search *s = &c->s;
    long left = 0;
    if (c->budget > 0) {
        left = c->budget - c->used;
        if (left <= 0) {
            return -1;
        }
    }
    search_init(s, c->g, c->hands, c->t, c->measure, c->tt, left);
    next_epoch(c->tt);
    int total = total_from(s), ok;
    if (c->target <= 0) {
        return 1;
    }
    if (c->target > total) {
        return 0;
    }
    if (c->team & 1) {
        int thr = total - c->target;
        ok = ab(s, thr, thr + 1) <= thr;
    } else {
        ok = ab(s, c->target - 1, c->target) >= c->target;
    }
    c->used += s->nodes;
    return s->abort ? -1 : ok;
}

/* Deal the cards of `pool` to hidden seats i.. in every way the table allows. */
static int deal_from(claim_ctx *c, int i, uint64_t pool) {
    int seat = c->hidden[i];
    if (i == c->nh - 1) {
        if (popcount64(pool) != c->size[seat] || (pool & c->cant[seat])) {
            return 1;
        }
        c->hands[seat] = pool;
        return claim_holds(c);
    }
    uint64_t avail = pool & ~c->cant[seat];
    uint8_t idx[64], comb[16];
    int m = 0, k = c->size[seat];
    while (avail) {
        int b = ctz64(avail);
        idx[m++] = (uint8_t)b;
        avail &= avail - 1;
    }
    if (k > m || k > 16) {
        return 1;
    }
    for (int j = 0; j < k; j++) {
        comb[j] = (uint8_t)j;
    }
    for (;;) {
        uint64_t mask = 0;
        for (int j = 0; j < k; j++) {
            mask |= bit(idx[comb[j]]);
        }
        c->hands[seat] = mask;
        int r = deal_from(c, i + 1, pool & ~mask);
        if (r <= 0) {
            return r;
        }
        int j = k - 1;
        while (j >= 0 && comb[j] == m - k + j) {
            j--;
        }
        if (j < 0) {
            return 1;
        }
        comb[j]++;
        for (int l = j + 1; l < k; l++) {
            comb[l] = (uint8_t)(comb[l - 1] + 1);
        }
    }
}

/* A line of play on the refuting deal: each side takes its best card in turn. */
static void refuting_line(claim_ctx *c, uint8_t line[52]) {
    search *s = &c->s;
    search_init(s, c->g, c->hands, c->t, c->measure, c->tt, 0);
    int plies = 0;
    while (plies < 52) {
        tc_trick *t = &s->t;
        int seat = tc_seat(s->g, t, t->n);
        uint64_t legal = tc_legal(s->g, t, s->hand[seat]);
        if (!legal) {
            break;
        }
        int mine = (seat & 1) == (c->team & 1);
        int pick = -1, pick_v = 0;
        while (legal) {
            int card = ctz64(legal);
            legal &= legal - 1;
            undo u;
            int gain = play(s, card, &u);
            int v = gain + exact(s); /* value for team 0 */
            unplay(s, card, &u);
            if (c->team & 1) {
                v = -v;
            }
            if (pick < 0 || (mine ? v > pick_v : v < pick_v)) {
                pick = card;
                pick_v = v;
            }
        }
        undo u;
        play(s, pick, &u);
        line[plies++] = (uint8_t)pick;
    }
}

int tc_claim(const tc_game *g, const uint64_t hands[4], unsigned known, uint64_t unseen,
    const uint64_t cant[4], const tc_trick *t, int team, int measure, int target,
    tc_table *tt, long budget, uint64_t deal[4], uint8_t line[52]) {
    claim_ctx c;
    int played[4] = {0, 0, 0, 0};
    known &= 15u;
    for (int i = 0; i < 52; i++) {
        line[i] = TC_NO_CARD;
    }
    int size = check_position(hands, t, g, known);
    if (size < 0 || (unseen & ~ALL_CARDS)) {
        return -2;
    }
    c.g = g;
    c.t = t;
    c.cant = cant;
    c.tt = tt;
    c.team = team;
    c.measure = measure;
    c.target = target;
    c.budget = budget;
    c.used = 0;
    c.nh = 0;
    for (int i = 0; i < t->n; i++) {
        played[tc_seat(g, t, i)] = 1;
        if (unseen & bit(t->card[i])) {
            return -2;
        }
    }
    int need = 0;
    for (int p = 0; p < 4; p++) {
        c.hands[p] = 0;
        if ((known >> p) & 1) {
            c.hands[p] = hands[p];
            if (unseen & hands[p]) {
                return -2;
            }
        } else {
            c.hidden[c.nh++] = p;
            c.size[p] = size - played[p];
            need += c.size[p];
        }
    }
    if (need != popcount64(unseen)) {
        return -2;
    }
    int r = c.nh ? deal_from(&c, 0, unseen) : claim_holds(&c);
    if (r == 0) {
        for (int p = 0; p < 4; p++) {
            deal[p] = c.hands[p];
        }
        refuting_line(&c, line);
    }
    return r;
}
#endif

#endif
