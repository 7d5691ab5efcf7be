/* The host solver's bounds: the points a side is sure to take from a trick start
 * whatever both sides play (DDS's quick tricks carried over to point-counting
 * games), tried after the table within its entry's bounds: a lower bound for the
 * side searched for, and the total less the other side's sure points an upper one.
 * Counted on rank masks (ranks.c).
 */
#include "host.h"

#if defined(TAPETE_HAVE_SOLVER) && defined(TAPETE_HOST_SOLVER)

#include <string.h>

/* The rank of the strongest card of `r` (ranks), -1 when none. */
static int top_rank(uint32_t r) {
    return r ? 31 - __builtin_clz(r) : -1;
}

/* The ranks of `r` above rank `top` (all of them when top is -1). */
static uint32_t above(uint32_t r, int top) {
    return top < 0 ? r : r >> top >> 1 << top << 1;
}

/* Card points of the ranks `r` of suit `su`. */
static int points_of(const host *h, int su, uint32_t r) {
    return h->rpoints[su][0][r & 0xFF] + h->rpoints[su][1][r >> 8];
}

/* Card points of the `q` cheapest cards of the ranks `r` of suit `su` (all of them
 * when fewer): what a seat that must follow q tricks of that suit adds to them at
 * least. Where the suit's points never fall as its ranks rise, its weakest cards. */
static int cheapest(const host *h, int su, uint32_t r, int q) {
    int n = tc_popcount32(r), pts = 0;
    if (n <= q) {
        return points_of(h, su, r);
    }
    const uint8_t *rp = h->rank_points[su];
    if (h->monotone & 1u << su) {
        for (int j = 0; j < q; j++, r &= r - 1) {
            pts += rp[tc_ctz32(r)];
        }
        return pts;
    }
    uint8_t v[16];
    for (int j = 0; r; r &= r - 1, j++) { /* insertion sort: at most 16 */
        int x = rp[tc_ctz32(r)], k = j;
        for (; k > 0 && v[k - 1] > x; k--) {
            v[k] = v[k - 1];
        }
        v[k] = (uint8_t)x;
    }
    for (int j = 0; j < q; j++) {
        pts += v[j];
    }
    return pts;
}

/* Card points of seat `p`'s `k` cheapest cards, whatever their suits: what it adds at
 * least to k tricks its side loses, as it plays a card to every trick. */
static int cheapest_of_seat(const host *h, const ranked *rk, int p, int k, int trump, uint32_t skip) {
    int zeros = rk->zeros[p];
    if (zeros >= k) {
        return 0;
    }
    if (skip) {
        zeros -= tc_popcount32(skip & h->zero_ranks[trump]);
    }
    if (zeros >= k) {
        return 0;
    }
    uint32_t r4[4];
    for (int su = 0; su < 4; su++) {
        r4[su] = rk->r[p][su] & (su == trump ? ~skip : ~0u);
    }
    int need = k - zeros, n = 0, pts = 0;
    uint8_t v[TC_MAX_HAND];
    for (int su = 0; su < 4; su++) {
        for (uint32_t r = r4[su] & ~(uint32_t)h->zero_ranks[su]; r && n < TC_MAX_HAND; r &= r - 1) {
            v[n++] = h->rank_points[su][tc_ctz32(r)];
        }
    }
    for (int j = 0; j < need && j < n; j++) { /* selection: the need smallest */
        int m = j;
        for (int i = j + 1; i < n; i++) {
            m = v[i] < v[m] ? i : m;
        }
        uint8_t x = v[m];
        v[m] = v[j];
        v[j] = x;
        pts += x;
    }
    return pts;
}

/* A chain's parts, for sure_of to join two: the side's top trumps' points, the
 * plain suits' tricks and points (with the followers'), the trump chain's
 * followers' points, the leader's and the side's most top trumps, and per plain
 * suit the tricks its chain wins. */
typedef struct {
    int masters, quick, plain, follow, klead, kmax;
    uint8_t q[4];
} parts;

/* The side's trumps above every trump of the others: their points. Per seat of the
 * side its such trumps (mine[]); the most one seat holds (out->kmax, that seat
 * *star) and the leader's (out->klead). */
static int top_trumps(const host *h, const ranked *rk, int ours, int leader, uint32_t *mine, int *star,
    parts *out) {
    const search *s = &h->s;
    const tc_game *g = s->g;
    int trump = s->t.trump, pts = 0;
    if (trump >= 4) {
        return 0;
    }
    int top = top_rank(rk->side[ours][trump]); /* the other side's top trump */
    for (int p = 0; p < g->seats; p++) {
        if ((g->team[p] == s->team) != ours) {
            continue;
        }
        uint32_t m = above(rk->r[p][trump], top);
        int k = tc_popcount32(m);
        mine[p] = m;
        if (k > out->kmax) {
            *star = p;
        }
        pts += points_of(h, trump, m);
        out->kmax = k > out->kmax ? k : out->kmax;
        if (p == leader) {
            out->klead = k;
        }
    }
    return pts;
}

/* The leader's chains of plain suits, `others` every other seat's cards: their
 * points with the cards every other seat follows onto them; their tricks in
 * out->quick and per suit out->q, and in *cross the suits whose chain's first card
 * the leader may play on its partner's lead. */
static int plain_chains(const host *h, const ranked *rk, int leader, const uint32_t *others,
    unsigned *cross, parts *out) {
    const tc_game *g = h->s.g;
    int trump = h->s.t.trump, pts = 0;
    for (int su = 0; su < 4; su++) {
        uint32_t mine = rk->r[leader][su];
        if (su == trump || !mine) {
            continue;
        }
        int cap = 16;
        for (int p = 0; p < g->seats; p++) {
            if (p != leader && trump < 4 && rk->r[p][trump]) {
                int len = tc_popcount32(rk->r[p][su]);
                cap = len < cap ? len : cap;
            }
        }
        /* every card above the others' top card is the leader's */
        uint32_t win = above(mine, top_rank(others[su]));
        int q = tc_popcount32(win);
        if (q > cap) {
            q = cap;
            while (tc_popcount32(win) > q) {
                win &= win - 1; /* the weakest goes */
            }
        }
        /* the first is the seat's top card: it may take a trick its partner
         * led, unless it is worth nothing where a card worth nothing must be
         * the lowest under a winning partner */
        if (q && (h->rank_points[su][top_rank(win)] || !(tc_duties(g) & TC_LOW_CARD))) {
            *cross |= 1u << su;
        }
        pts += points_of(h, su, win);
        out->quick += q;
        out->q[su] = (uint8_t)q;
        /* every other seat follows those q tricks while it holds the suit: its q
         * cheapest cards of it (all of them when shorter) fall on tricks the
         * leader wins (a seat void in an earlier suit of the chain may discard
         * some before, onto the leader's tricks too) */
        for (int p = 0; q && p < g->seats; p++) {
            pts += p == leader ? 0 : cheapest(h, su, rk->r[p][su], q);
        }
    }
    return pts;
}

/* Then the leader's trumps above every other seat's, partners' included (so the
 * leader keeps the lead), led one after another: each of the others follows them
 * with its cheapest trumps (its trumps are untouched so far: it followed the plain
 * suits before); their points. */
static int trump_chain(const host *h, const ranked *rk, int ours, int leader, const uint32_t *others) {
    const search *s = &h->s;
    const tc_game *g = s->g;
    int trump = s->t.trump, pts = 0, kl = 0;
    if (trump < 4) {
        kl = tc_popcount32(above(rk->r[leader][trump], top_rank(others[trump])));
    }
    for (int p = 0; kl && p < g->seats; p++) {
        if ((g->team[p] == s->team) != ours) {
            pts += cheapest(h, trump, rk->r[p][trump], kl);
        }
    }
    return pts;
}

/* The chain's value from its parts `c`: its points and tricks (no trump falls on the
 * plain suits' tricks); or, for the side not on lead, its top trumps' tricks (mine[]
 * per seat, `star` the seat with the most) with every other seat's cheapest cards of
 * any suit on them, when more. */
static int chain_value(const host *h, const ranked *rk, int ours, int leads, const parts *c,
    const uint32_t *mine, int star) {
    const search *s = &h->s;
    const tc_game *g = s->g;
    int tricks = c->quick + c->kmax; /* no trump falls on the plain suits' tricks */
    if (s->measure == TC_TRICKS) {
        return tricks;
    }
    int v = c->masters + c->plain + c->follow + tricks * g->trick_point;
    if (c->kmax && !leads) { /* or the top trumps' tricks, the others' cheapest cards on them */
        int w = c->masters + c->kmax * g->trick_point;
        for (int p = 0; p < g->seats; p++) { /* a partner's cards that are not top trumps */
            int k = (g->team[p] == s->team) != ours ? c->kmax : p == star ? 0 : c->kmax - tc_popcount32(mine[p]);
            w += k > 0 ? cheapest_of_seat(h, rk, p, k, s->t.trump, mine[p]) : 0;
        }
        v = w > v ? w : v;
    }
    return v;
}

/* What one side (the searching side when `ours`, else the others) is sure to take
 * from a trick start, whatever both sides play: a lower bound for the future value.
 * - Its trumps above every trump of the others take their tricks wherever they fall
 *   (only a card of their own side can beat them), with their points; one seat's
 *   such cards lie in as many different tricks.
 * - When it leads: the leader's cards of a plain suit above every card of every
 *   other seat in it, led one after another, win while each seat holding trumps
 *   still has to follow (follow duty), and a seat with no trumps can never take
 *   them. The partners count as others: a partner who took the trick would lead
 *   next, and the chain would break.
 * - Then the leader's trumps above every other seat's, led one after another.
 * Each other seat adds its cheapest cards of the suit it must follow to those
 * tricks. No trump falls on the plain suits' tricks (every seat holding trumps
 * follows them), so the side's top trumps win as many tricks more: the tricks are
 * the plain ones plus the most top trumps one seat holds. Or, for the side not on
 * lead, those top trumps' tricks counted alone with every other seat's cheapest
 * cards of any suit on them (a seat plays a card to every trick; a partner's own
 * top trumps are counted already). `leader` is the seat that leads the chain;
 * `cross` gets the plain suits whose chain's first card the seat may play on its
 * partner's lead (bit per suit).
 * Not for suitless games or drawn tricks (solve.c's collapse flag is off there). */
/* True when every suit led must be followed (not only trumps: TC_TRUMP_LEAD). */
static int follows(const tc_game *g) {
    unsigned d = tc_duties(g);
    return (d & TC_FOLLOW) && !(d & TC_TRUMP_LEAD);
}

static int chain_of(const host *h, const ranked *rk, int ours, int leader, int leads,
    unsigned *cross, parts *out) {
    uint32_t mine[TC_MAX_SEATS] = {0}; /* per seat of the side, its top trumps */
    int star = -1;                     /* the seat with the most of them */
    memset(out, 0, sizeof *out);
    *cross = 0;
    out->masters = top_trumps(h, rk, ours, leader, mine, &star, out);
    if (leads && follows(h->s.g)) {
        uint32_t others[4]; /* every other seat's cards */
        for (int su = 0; su < 4; su++) {
            others[su] = (rk->side[0][su] | rk->side[1][su]) & ~rk->r[leader][su];
        }
        out->plain = plain_chains(h, rk, leader, others, cross, out);
        out->follow = trump_chain(h, rk, ours, leader, others);
    }
    return chain_value(h, rk, ours, leads, out, mine, star);
}

/* sure_of's bound: the leader's own chain, or the leader's chain of plain suits and
 * then a partner's chain (chain_of with the partner leading) when the leader can
 * give it the lead: a card of a plain suit in which the partner's top card is above
 * every other seat's, the leader's too, and no seat holding trumps is void, led as
 * the first trick of the partner's chain (the partner takes it with that card, every
 * other seat following as in the chain). The two chains' suits differ (each one's
 * top cards are above the other's); the partner follows every suit of the leader's
 * chain to its end (so it keeps its own cards), and the leader's cards of the
 * partner's suits are untouched by its own leads. */
static int sure_of(const host *h, const ranked *rk, int ours, int leads) {
    const search *s = &h->s;
    const tc_game *g = s->g;
    int leader = s->t.leader;
    unsigned cross, suits = 0;
    parts a, b;
    int best = chain_of(h, rk, ours, leader, leads, &cross, &a);
    if (!leads || !follows(g)) {
        return best;
    }
    for (int su = 0; su < 4; su++) {
        suits |= rk->r[leader][su] ? 1u << su : 0;
    }
    for (int p = 0; p < g->seats; p++) {
        if (p == leader || g->team[p] != g->team[leader]) {
            continue;
        }
        int top = 0; /* cheap first: the partner's top card above every other seat's */
        for (int su = 0; su < 4 && !top; su++) {
            if (su == s->t.trump || !((suits >> su) & 1)) {
                continue;
            }
            uint32_t rest = 0;
            for (int q = 0; q < g->seats; q++) {
                rest |= q == p ? 0 : rk->r[q][su];
            }
            top = top_rank(rk->r[p][su]) > top_rank(rest);
        }
        if (!top) {
            continue;
        }
        int v = chain_of(h, rk, ours, p, 1, &cross, &b);
        if (!(cross & suits)) {
            continue;
        }
        int follows = 1;
        for (int su = 0; su < 4; su++) {
            follows &= tc_popcount32(rk->r[p][su]) >= a.q[su];
        }
        if (follows && a.quick) { /* the leader's chain first, then the partner's */
            int tricks = a.quick + b.quick + b.kmax; /* no trump falls on the chains */
            int w = s->measure == TC_TRICKS ? tricks
                : b.masters + a.plain + b.plain + b.follow + tricks * g->trick_point;
            v = w > v ? w : v;
        }
        best = v > best ? v : best;
    }
    return best;
}

/* The sure points of both sides at the trick start `n` (the table had no entry of
 * it): 1 and *value when one of them decides the window [alpha, beta), else 0 with
 * n's sure bounds set, which the table's entry keeps (a position found there is not
 * counted again). Within the entry's bounds: a value met is exact. */
int sure_cut(host *h, node *n, int total, int alpha, int beta, int *value) {
    const search *s = &h->s;
    int lead = s->g->team[s->t.leader] == s->team;
    n->sure_lo = sure_of(h, &h->held, 1, lead);
    if (n->sure_lo >= beta) {
        *value = n->sure_lo;
        return 1;
    }
    n->sure_hi = total - sure_of(h, &h->held, 0, !lead);
    if (n->sure_hi <= alpha) {
        *value = n->sure_hi;
        return 1;
    }
    return 0;
}

#endif
