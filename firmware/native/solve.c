/* The exact solver: alpha-beta on the future value for one side, driven by MTD(f)
 * (null-window searches sharing the transposition table). Move generation and
 * ordering are in moves.c, the table in tt.c. The reference is rules/solver.py
 * (plain minimax over the rule module's own legal cards): tests/native compares
 * the two on small endings of every game.
 *
 * Recursion: one frame of tc_ab per card left to play, capped by TAPETE_MAX_DEPTH.
 */
#include "search.h"

#ifdef TAPETE_HAVE_SOLVER

int tc_check_position(const tc_game *g, const uint64_t *hands, const tc_trick *t, unsigned seats) {
    uint64_t seen = 0, pack = 0;
    unsigned played = 0;
    if (t->n >= g->seats || t->leader >= g->seats) {
        return -1;
    }
    for (int s = 0; s < 4; s++) {
        pack |= tc_suit_mask(tc_deck(g, s), s);
    }
    int seat = t->leader;
    for (int i = 0; i < t->n; i++) {
        uint64_t b = tc_bit(t->card[i]);
        if ((seen & b) || !(pack & b)) {
            return -1;
        }
        seen |= b;
        played |= 1u << seat;
        seat = tc_next(g, seat);
    }
    int size = -1;
    for (int p = 0; p < g->seats; p++) {
        if (!((seats >> p) & 1)) {
            continue;
        }
        int k = tc_popcount64(hands[p]);
        if ((hands[p] & seen) || (hands[p] & ~pack) || k > TC_MAX_HAND) {
            return -1;
        }
        seen |= hands[p];
        k += (played >> p) & 1;
        if (size >= 0 && k != size) {
            return -1;
        }
        size = k;
    }
    return size < 0 ? 0 : size;
}

void tc_search_init(search *s, const tc_game *g, const uint64_t *hands, const tc_trick *t,
    int team, int measure, tc_table *tt, long budget) {
    unsigned d = tc_duties(g);
    s->g = g;
    s->tt = tt;
    s->nodes = 0;
    s->budget = budget;
    s->abort = 0;
    s->team = (uint8_t)team;
    s->measure = (uint8_t)measure;
    s->keyed_led = (d & TC_SEVEN) != 0;
    s->collapse = !(g->flags & (TC_SUITLESS | TC_DRAWS));
    s->rem_points = 0;
    for (int p = 0; p < g->seats; p++) {
        s->hand[p] = hands[p];
        s->rem_points += tc_points(g, hands[p]);
    }
    int seat = t->leader;
    for (int i = 0; i < t->n; i++) {
        s->play[i] = t->card[i];
        seat = tc_next(g, seat);
    }
    s->t = *t;
    s->t.card = s->play;
    s->start = 0;
    s->ply = t->n;
    s->to_play = (uint8_t)seat;
    /* per suit, the pack's slots by strength, strongest first (selection sort) */
    for (int su = 0; su < 4; su++) {
        const uint8_t *st = g->strength + su * 16;
        uint8_t *o = s->order[su];
        int k = 0;
        for (int f = 0; f < 16; f++) {
            if (st[f]) {
                o[k++] = (uint8_t)f;
            }
        }
        for (int i = 0; i < k; i++) {
            int m = i;
            for (int j = i + 1; j < k; j++) {
                if (st[o[j]] > st[o[m]]) {
                    m = j;
                }
            }
            uint8_t x = o[i];
            o[i] = o[m];
            o[m] = x;
        }
        s->count[su] = (uint8_t)k;
    }
    if (tc_total(s) > 255) { /* the table keeps values in a byte */
        s->tt = 0;
    }
}

/* Tricks still to be won, the current one included. */
static int tricks_left(const search *s) {
    return tc_popcount64(s->hand[s->t.leader]) + (s->t.n > 0);
}

/* Everything still to be won from the current state, the current trick included. */
int tc_total(const search *s) {
    int tricks = tricks_left(s);
    if (s->measure == TC_TRICKS) {
        return tricks;
    }
    int v = s->rem_points + tricks * s->g->trick_point;
    for (int i = 0; i < s->t.n; i++) {
        v += s->g->points[s->t.card[i]];
    }
    return v + (tricks ? s->g->last_trick : 0);
}

/* The value of the finished trick to its winner; `last` when no card is left. */
static int trick_value(const search *s, int last) {
    if (s->measure == TC_TRICKS) {
        return 1;
    }
    const tc_game *g = s->g;
    int v = g->trick_point + (last ? g->last_trick : 0);
    for (int i = 0; i < g->seats; i++) {
        v += g->points[s->t.card[i]];
    }
    return v;
}

/* Play card c for the seat to play; returns what the searching side gains when the
 * card ends a trick. */
int tc_play(search *s, int c, undo *u) {
    const tc_game *g = s->g;
    tc_trick *t = &s->t;
    int seat = s->to_play;
    u->seat = (uint8_t)seat;
    u->led = t->led;
    u->leader = t->leader;
    u->start = s->start;
    s->hand[seat] &= ~tc_bit(c);
    s->rem_points -= g->points[c];
    if (t->n == 0) {
        t->led = (uint8_t)(t->led | 1u << TC_SUIT(c));
    }
    s->play[s->ply++] = (uint8_t)c;
    t->n++;
    if (t->n < g->seats) {
        s->to_play = (uint8_t)tc_next(g, seat);
        return 0;
    }
    tc_view v;
    tc_look(g, t, &v);
    int gain = 0;
    if (!v.drawn) { /* a drawn trick goes to nobody; its leader leads again */
        if (g->team[v.winner] == s->team) {
            uint64_t left = 0;
            for (int p = 0; p < g->seats; p++) {
                left |= s->hand[p];
            }
            gain = trick_value(s, !left);
        }
        t->leader = (uint8_t)v.winner;
    }
    s->to_play = t->leader;
    s->start = s->ply;
    t->card = s->play + s->ply;
    t->n = 0;
    return gain;
}

void tc_unplay(search *s, int c, const undo *u) {
    tc_trick *t = &s->t;
    if (t->n == 0) { /* the card had finished a trick: back into it */
        s->start = u->start;
        t->card = s->play + u->start;
        t->n = s->g->seats;
        t->leader = u->leader;
    }
    t->n--;
    s->ply--;
    t->led = u->led;
    s->to_play = u->seat;
    s->hand[u->seat] |= tc_bit(c);
    s->rem_points += s->g->points[c];
}

/* Alpha-beta on the future value for the searching side (fail-soft). */
int tc_ab(search *s, int alpha, int beta) {
    if (s->abort) {
        return 0;
    }
    if (++s->nodes > s->budget && s->budget > 0) {
        s->abort = 1;
        return 0;
    }
    const tc_game *g = s->g;
    tc_trick *t = &s->t;
    uint64_t cards = 0;
    unsigned meta = 0;
    int hint = TC_NO_CARD;
    tc_entry *e = 0;
    if (t->n == 0) {
        for (int p = 0; p < g->seats; p++) {
            cards |= s->hand[p];
        }
        if (!cards) {
            return 0;
        }
        int total = tc_total(s);
        if (total <= alpha) {
            return total;
        }
        if (beta <= 0) {
            return 0;
        }
        meta = (unsigned)t->leader << 4 | (s->keyed_led ? t->led : 0u);
        e = tc_probe(s->tt, cards, meta, 0);
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
    uint8_t move[TC_MAX_HAND];
    int nm = tc_moves(s, hint, move);
    int maximize = g->team[s->to_play] == s->team;
    int best = maximize ? -1 : 10000;
    int bestmove = TC_NO_CARD;
    for (int i = 0; i < nm && !s->abort; i++) {
        int c = move[i];
        undo u;
        int gain = tc_play(s, c, &u);
        int v = gain + tc_ab(s, alpha - gain, beta - gain);
        tc_unplay(s, c, &u);
        if (maximize ? v > best : v < best) {
            best = v;
            bestmove = c;
            if (maximize && best > alpha) {
                alpha = best;
            } else if (!maximize && best < beta) {
                beta = best;
            }
        }
        if (alpha >= beta) {
            break;
        }
    }
    if (t->n == 0 && !s->abort) {
        e = tc_probe(s->tt, cards, meta, 1);
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

/* The exact future value by MTD(f); -1 when the budget ran out. */
int tc_exact(search *s) {
    int lo = 0, hi = tc_total(s), guess = hi >> 1;
    while (lo < hi) {
        int beta = guess > lo ? guess : lo + 1;
        int v = tc_ab(s, beta - 1, beta);
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

int tc_solve(const tc_game *g, const uint64_t *hands, const tc_trick *t, int team,
    int measure, tc_table *tt, long budget, long *nodes) {
    search s;
    if (nodes) {
        *nodes = 0;
    }
    if (tc_check_position(g, hands, t, (1u << g->seats) - 1) < 0) {
        return TC_BAD_POSITION;
    }
    uint64_t all = 0;
    for (int p = 0; p < g->seats; p++) {
        all |= hands[p];
    }
    if (tc_popcount64(all) > TAPETE_MAX_DEPTH) {
        return TC_TOO_DEEP;
    }
    tc_search_init(&s, g, hands, t, team, measure, tt, budget);
    tc_next_epoch(s.tt);
    int v = tc_exact(&s);
    if (nodes) {
        *nodes = s.nodes;
    }
    return v < 0 ? TC_OUT_OF_BUDGET : v;
}

#endif
