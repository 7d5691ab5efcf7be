/* The claim check by club law (rules/club.py says it in Python; docs/claims.md):
 * one line of play for the claimer, chosen without seeing the hidden cards, must take
 * every remaining trick against every distribution of the unseen cards the table's
 * knowledge allows and every defence.
 *
 * The claimer plays his stated `order` (the first card of it he holds that is
 * legal), or, with no order, any normal card: the top legal card of a suit. Every
 * other seat plays any legal card; a hidden seat any unseen card it can hold, the card
 * ruling out what would have made it illegal (tc_forbidden), while the unseen cards
 * left can still be dealt among the hidden seats (Hall's condition over every set of
 * hidden seats). Every choice but the line's is the opposition's, so the check is one
 * depth-first search for a single losing line, on an explicit stack of frames in the
 * caller's memory (no C recursion: the Pico's C stack is short); the trick starts it
 * has exhausted are remembered, exactly keyed, in the rest of that memory (four seats
 * or fewer). One node budget covers every card tried.
 */
#include "tapete_core.h"
#include "bits.h"

#ifdef TAPETE_HAVE_CLUB

#define CLUB_PLIES 64

typedef struct {
    uint64_t todo, pool, cant; /* moves not yet tried; the pool and the seat's cant before the move */
    uint8_t seat, card, left, leader, n, led, start, head;
} club_frame;

typedef struct {
    uint64_t out, mine, other[3];
    uint8_t leader, led, used, pad[5];
} club_entry;

typedef struct {
    const tc_game *g;
    uint64_t hand[TC_MAX_SEATS], cant[TC_MAX_SEATS], pool;
    uint8_t left[TC_MAX_SEATS];
    uint8_t buf[CLUB_PLIES + TC_MAX_SEATS]; /* the trick's cards so far, then the line */
    uint8_t hs[TC_MAX_SEATS];               /* the hidden seats */
    tc_trick t;
    const uint8_t *order;
    int norder, nh, claimer, team;
    unsigned hidden;                        /* bit per hidden seat */
    club_entry *memo;
    uint32_t mask;
} club;

/* Can the pool be dealt to the hidden seats, left[s] each, none to a seat that
 * cannot hold the card? Hall: the cards only a set of seats can hold fit in it. */
static int dealable(const club *c) {
    for (unsigned sub = 0; sub < (1u << c->nh); sub++) {
        uint64_t only = c->pool;
        int room = 0;
        for (int i = 0; i < c->nh; i++) {
            int s = c->hs[i];
            if ((sub >> i) & 1) {
                room += c->left[s];
            } else {
                only &= c->cant[s];
            }
        }
        if (tc_popcount64(only) > room) {
            return 0;
        }
    }
    return 1;
}

static int is_hidden(const club *c, int seat) {
    return (c->hidden >> seat) & 1;
}

/* The cards `seat` may play here, as the check lets it. */
static uint64_t moves(const club *c, int seat) {
    const tc_game *g = c->g;
    if (is_hidden(c, seat)) {
        return c->pool & ~c->cant[seat];
    }
    uint64_t legal = tc_legal(g, &c->t, c->hand[seat]);
    if (seat != c->claimer) {
        return legal;
    }
    if (c->norder) {
        for (int i = 0; i < c->norder; i++) {
            if (legal & tc_bit(c->order[i])) {
                return tc_bit(c->order[i]);
            }
        }
        return 0;
    }
    uint64_t out = 0; /* the top legal card of each suit */
    for (int s = 0; s < 4; s++) {
        uint32_t set = tc_suit_set(legal, s);
        for (int f = 0; f < 16; f++) {
            if ((set >> f) & 1 && !(tc_above(g, s * 16 + f) & set)) {
                out |= tc_bit(s * 16 + f);
            }
        }
    }
    return out;
}

/* At a trick start with the claimer on lead: 1 when every card he holds is the
 * strongest of its suit still in play, and no other hand can hold a trump unless all
 * his cards are trumps. Whatever he leads then takes the trick (nothing can beat it:
 * no stronger card of its suit, no trump to ruff it), he leads again, and it stays so:
 * the rest is his, on every line. Not where cards compare across suits. */
static int masters(const club *c) {
    const tc_game *g = c->g;
    int p = c->claimer, trump = c->t.trump;
    if (c->t.n || c->t.leader != p || (g->flags & (TC_SUITLESS | TC_DRAWS))) {
        return 0;
    }
    uint64_t mine = c->hand[p], out = c->pool;
    for (int q = 0; q < g->seats; q++) {
        out |= q == p ? 0 : c->hand[q];
    }
    for (uint64_t m = mine; m; m &= m - 1) {
        int x = tc_ctz64(m);
        if (tc_above(g, x) & tc_suit_set(out, TC_SUIT(x))) {
            return 0;
        }
        if (TC_SUIT(x) != trump && trump < 4 && tc_suit_set(out, trump)) {
            return 0;
        }
    }
    return 1;
}

/* The memo's entry for the position at a trick start (0 when not kept). */
static club_entry *entry(const club *c, club_entry *key) {
    const tc_game *g = c->g;
    if (!c->mask || g->seats > 4) {
        return 0;
    }
    uint64_t out = c->pool;
    for (int p = 0; p < g->seats; p++) {
        out |= c->hand[p];
    }
    key->out = out;
    key->mine = c->hand[c->claimer];
    key->other[0] = key->other[1] = key->other[2] = 0;
    for (int k = 0, p = tc_next(g, c->claimer); p != c->claimer; p = tc_next(g, p), k++) {
        key->other[k] = c->hand[p] | (c->cant[p] & c->pool);
    }
    key->leader = c->t.leader;
    key->led = c->t.led;
    key->used = 1;
    uint32_t h = (uint32_t)key->leader << 8 | key->led;
    uint64_t w[5] = {key->out, key->mine, key->other[0], key->other[1], key->other[2]};
    for (int i = 0; i < 5; i++) {
        h = (h ^ (uint32_t)w[i]) * 0x9E3779B1u;
        h = (h ^ (uint32_t)(w[i] >> 32) ^ h >> 15) * 0x9E3779B1u;
    }
    return c->memo + (h * 0x85EBCA6Bu >> 7 & c->mask);
}

static int same(const club_entry *a, const club_entry *b) {
    return a->used && a->out == b->out && a->mine == b->mine && a->other[0] == b->other[0]
        && a->other[1] == b->other[1] && a->other[2] == b->other[2] && a->leader == b->leader
        && a->led == b->led;
}

/* Take back the move of frame f. */
static void unmove(club *c, const club_frame *f) {
    if (is_hidden(c, f->seat)) {
        c->pool = f->pool;
        c->cant[f->seat] = f->cant;
        c->left[f->seat] = f->left;
    } else {
        c->hand[f->seat] |= tc_bit(f->card);
    }
    c->t.leader = f->leader;
    c->t.n = f->n;
    c->t.led = f->led;
    c->t.card = c->buf + f->start;
}

static void frame_at(club *c, club_frame *f, int seat, int start, int head) {
    f->seat = (uint8_t)seat;
    f->start = (uint8_t)start;
    f->head = (uint8_t)head;
    f->todo = moves(c, seat);
}

int tc_club(const tc_game *g, const uint64_t *hands, unsigned known, uint64_t unseen,
    const uint64_t *cant, const tc_trick *t, int claimer, const uint8_t *order, int norder,
    void *mem, uint32_t bytes, long budget, long *nodes, uint64_t *deal, uint8_t *line) {
    club c;
    uint32_t skip = (uint32_t)(-(uintptr_t)mem & 7u); /* frames and memo on 8-byte words */
    club_frame *fr = (club_frame *)((uint8_t *)mem + skip);
    uint32_t frames = (CLUB_PLIES + 1) * sizeof(club_frame) + skip;
    long used = 0;
    int seats = g->seats, n0 = t->n, spent = 0;
    for (int i = 0; i < CLUB_PLIES; i++) {
        line[i] = TC_NO_CARD;
    }
    if (bytes < frames || !((known >> claimer) & 1)) {
        return TC_BAD_POSITION;
    }
    c.g = g;
    c.claimer = claimer;
    c.team = g->team[claimer];
    c.order = order;
    c.norder = norder;
    c.pool = unseen;
    c.nh = 0;
    c.hidden = 0;
    c.t = *t;
    c.mask = 0;
    uint32_t room = bytes - frames, n = 1; /* entries: a power of two (no division on M0) */
    while (n * 2 * sizeof(club_entry) <= room) {
        n *= 2;
    }
    c.memo = (club_entry *)((uint8_t *)mem + frames);
    if (room >= sizeof(club_entry)) {
        c.mask = n - 1;
        for (uint32_t i = 0; i < n; i++) {
            c.memo[i].used = 0;
        }
    }
    unsigned played = 0;
    for (int i = 0, p = t->leader; i < n0; i++, p = tc_next(g, p)) {
        c.buf[i] = t->card[i];
        played |= 1u << p;
    }
    c.t.card = c.buf;
    int size = tc_popcount64(hands[claimer]) + (int)((played >> claimer) & 1), need = 0;
    uint64_t seen = 0;
    for (int p = 0; p < seats; p++) {
        c.left[p] = 0;
        c.hand[p] = 0;
        c.cant[p] = cant[p];
        if ((known >> p) & 1) {
            c.hand[p] = hands[p];
            seen |= hands[p];
        } else {
            c.hs[c.nh++] = (uint8_t)p;
            c.hidden |= 1u << p;
            c.left[p] = (uint8_t)(size - (int)((played >> p) & 1));
            need += c.left[p];
        }
    }
    if ((unseen & seen) || need != tc_popcount64(unseen) || size > TC_MAX_HAND) {
        return TC_BAD_POSITION;
    }
    if (n0 + size * seats > CLUB_PLIES) {
        return TC_TOO_DEEP;
    }
    int to_play = t->leader;
    for (int i = 0; i < n0; i++) {
        to_play = tc_next(g, to_play);
    }
    int ply = 0;
    if (masters(&c)) {
        return 1;
    }
    frame_at(&c, fr, to_play, 0, n0 == 0);
    for (;;) {
        club_frame *f = fr + ply;
        if (!f->todo) { /* every card tried from here: no losing line */
            club_entry key, *e = f->head ? entry(&c, &key) : 0;
            if (e) {
                *e = key;
            }
            if (ply == 0) {
                break;
            }
            unmove(&c, fr + --ply);
            continue;
        }
        if (budget > 0 && used >= budget) {
            spent = 1;
            break;
        }
        used++;
        int card = -1, seat = f->seat;
        for (uint64_t m = f->todo; m; m &= m - 1) { /* the strongest first */
            int x = tc_ctz64(m);
            if (card < 0 || g->strength[x] > g->strength[card]) {
                card = x;
            }
        }
        uint64_t bit = tc_bit(card);
        f->todo &= ~bit;
        f->card = (uint8_t)card;
        f->pool = c.pool;
        f->cant = c.cant[seat];
        f->left = 0;
        f->leader = c.t.leader;
        f->n = c.t.n;
        f->led = c.t.led;
        if (is_hidden(&c, seat)) {
            uint64_t forb[TC_PLAY_RULES], all = 0;
            tc_forbidden(g, &c.t, card, forb);
            for (int r = 0; r < TC_PLAY_RULES; r++) {
                all |= forb[r];
            }
            f->left = c.left[seat];
            c.pool &= ~bit;
            c.cant[seat] |= all & ~bit;
            c.left[seat]--;
            if (!dealable(&c)) {
                unmove(&c, f);
                continue;
            }
        } else {
            c.hand[seat] &= ~bit;
        }
        c.buf[n0 + ply] = (uint8_t)card;
        if (c.t.n == 0) {
            c.t.led = (uint8_t)(c.t.led | 1u << TC_SUIT(card));
        }
        c.t.n++;
        int head = 0, next = tc_next(g, seat);
        if (c.t.n == seats) {
            int w = tc_winner(g, &c.t);
            if ((w & TC_DRAWN) || g->team[w & 15] != c.team) { /* a trick lost: refuted */
                for (int i = 0; i <= ply; i++) {
                    line[i] = c.buf[n0 + i];
                }
                for (int p = 0; p < seats; p++) {
                    deal[p] = ((known >> p) & 1) ? hands[p] : 0;
                }
                for (int i = 0; i <= ply; i++) {
                    if (!((known >> fr[i].seat) & 1)) {
                        deal[fr[i].seat] |= tc_bit(fr[i].card);
                    }
                }
                for (uint64_t m = c.pool; m; m &= m - 1) { /* the rest, still dealable */
                    int x = tc_ctz64(m);
                    c.pool &= ~tc_bit(x);
                    for (int i = 0; i < c.nh; i++) {
                        int s = c.hs[i];
                        if (c.left[s] && !(c.cant[s] & tc_bit(x))) {
                            c.left[s]--;
                            if (dealable(&c)) {
                                deal[s] |= tc_bit(x);
                                break;
                            }
                            c.left[s]++;
                        }
                    }
                }
                if (nodes) {
                    *nodes = used;
                }
                return 0;
            }
            uint64_t rest = c.pool;
            for (int p = 0; p < seats; p++) {
                rest |= c.hand[p];
            }
            if (!rest) { /* the last trick, taken */
                unmove(&c, f);
                continue;
            }
            c.t.leader = (uint8_t)(w & 15);
            c.t.n = 0;
            c.t.card = c.buf + n0 + ply + 1;
            club_entry key, *e = entry(&c, &key);
            if (masters(&c) || (e && same(e, &key))) { /* the rest is his, or exhausted before */
                unmove(&c, f);
                continue;
            }
            head = 1;
            next = c.t.leader;
        }
        ply++;
        frame_at(&c, fr + ply, next, (int)(c.t.card - c.buf), head);
    }
    if (nodes) {
        *nodes = used;
    }
    return spent ? TC_OUT_OF_BUDGET : 1;
}

#endif
