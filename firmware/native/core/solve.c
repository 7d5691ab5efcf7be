/* The exact solver: alpha-beta on the future value for one side, driven by MTD(f)
 * (null-window searches sharing the transposition table). Move generation and
 * ordering are in moves.c, the table in tt.c. The reference is rules/solver.py
 * (plain minimax over the rule module's own legal cards): tests/native compares
 * the two on small endings of every game.
 *
 * No recursion: tc_ab keeps one frame per card left to play on a stack the caller
 * gives (TC_FRAMES frames), capped by TAPETE_MAX_DEPTH.
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

/* Play card c for the seat to play; returns what the searching side gains when the
 * card ends a trick. */
int tc_play(search *s, int c, undo *u) {
    const tc_game *g = s->g;
    tc_trick *t = &s->t;
    int seat = s->to_play;
    tc_lay(s, c, u);
    if (t->n < g->seats) {
        s->to_play = (uint8_t)tc_next(g, seat);
        return 0;
    }
    tc_view v;
    tc_look(g, t, &v);
    return tc_end_trick(s, &v);
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

tc_entry *tc_probe_here(search *s, int store) {
    uint64_t cards = 0;
    for (int p = 0; p < s->g->seats; p++) {
        cards |= s->hand[p];
    }
    return tc_probe(s->tt, cards, (unsigned)s->t.leader << 4 | (s->keyed_led ? s->t.led : 0u), store);
}

/* Opening a position: its window narrowed by the bounds (what is left, the table),
 * and its moves in f. Returns 1 with the value in *v when none need searching. */
static int open_node(search *s, tc_frame *f, int alpha, int beta, int *v) {
    *v = 0;
    if (s->abort) {
        return 1;
    }
    if (++s->nodes > s->budget && s->budget > 0) {
        s->abort = 1;
        return 1;
    }
    const tc_game *g = s->g;
    tc_trick *t = &s->t;
    int hint = TC_NO_CARD;
    if (t->n == 0) {
        uint64_t cards = 0;
        for (int p = 0; p < g->seats; p++) {
            cards |= s->hand[p];
        }
        if (!cards) {
            return 1;
        }
        int total = tc_total(s);
        if (total <= alpha) {
            *v = total;
            return 1;
        }
        if (beta <= 0) {
            return 1;
        }
        /* the top trump still out wins the trick it falls on, whoever holds it, and
         * that trick is worth at least its trick point and the trump's own points:
         * a bound on either side (not where ties draw or suits do not rank) */
        if (t->trump < 4 && s->collapse) {
            const uint8_t *o = s->order[t->trump];
            uint32_t in = tc_suit_set(cards, t->trump);
            int k = 0;
            while (k < s->count[t->trump] && !((in >> o[k]) & 1)) {
                k++;
            }
            if (k < s->count[t->trump]) {
                int c = t->trump * 16 + o[k], p = 0;
                int sure = s->measure == TC_TRICKS ? 1 : g->trick_point + g->points[c];
                while (!(s->hand[p] & tc_bit(c))) {
                    p++;
                }
                if (g->team[p] == s->team ? sure >= beta : total - sure <= alpha) {
                    *v = g->team[p] == s->team ? sure : total - sure;
                    return 1;
                }
            }
        }
        tc_entry *e = tc_probe_here(s, 0);
        if (e) {
            if (e->lo >= beta) {
                *v = e->lo;
                return 1;
            }
            if (e->hi <= alpha) {
                *v = e->hi;
                return 1;
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
    /* the trick's winner so far, with only its own side still to play: the trick is
     * theirs, worth at least its trick point and the cards on it (no draws then:
     * only an opponent's equal card draws) */
    if (t->n && !(g->flags & TC_DRAWS)) {
        tc_view w;
        tc_look(g, t, &w);
        int ours = g->team[w.winner] == s->team, seat = s->to_play, sure = 1;
        for (int i = t->n; i < g->seats; i++) {
            if ((g->team[seat] == s->team) != ours) {
                sure = 0;
            }
            seat = tc_next(g, seat);
        }
        if (sure) {
            if (s->measure != TC_TRICKS) {
                sure = g->trick_point;
                for (int i = 0; i < t->n; i++) {
                    sure += g->points[t->card[i]];
                }
            }
            int total = tc_total(s);
            if (ours ? sure >= beta : total - sure <= alpha) {
                *v = ours ? sure : total - sure;
                return 1;
            }
        }
    }
    f->alpha = f->a0 = (int16_t)alpha;
    f->beta = f->b0 = (int16_t)beta;
    f->nm = (uint8_t)tc_moves(s, hint, f->move);
    f->i = 0;
    f->maximize = g->team[s->to_play] == s->team;
    f->best = f->maximize ? -1 : 10000;
    f->bestmove = TC_NO_CARD;
    return 0;
}

/* Closing a searched position: its bounds into the table (at a trick start). */
static void close_node(search *s, const tc_frame *f) {
    if (s->t.n || s->abort) {
        return;
    }
    tc_entry *e = tc_probe_here(s, 1);
    if (e) {
        int best = f->best, v = best < 0 ? 0 : best > 255 ? 255 : best;
        if (best <= f->a0) {
            if (v < e->hi) {
                e->hi = (uint8_t)v;
            }
        } else if (best >= f->b0) {
            if (v > e->lo) {
                e->lo = (uint8_t)v;
            }
        } else {
            e->lo = e->hi = (uint8_t)v;
        }
        e->move = f->bestmove;
    }
}

/* Alpha-beta on the future value for the searching side (fail-soft), on the
 * explicit stack s->fr: one frame per card played below the position, so the depth
 * of the search costs no C stack. */
int tc_ab(search *s, int alpha, int beta) {
    tc_frame *f = s->fr;
    int v;
    if (open_node(s, f, alpha, beta, &v)) {
        return v;
    }
    for (;;) {
        if (f->i < f->nm && !s->abort && f->alpha < f->beta) {
            f->gain = (int16_t)tc_play(s, f->move[f->i], &f->u);
            if (!open_node(s, f + 1, f->alpha - f->gain, f->beta - f->gain, &v)) {
                f++; /* down into the card's position */
                continue;
            }
        } else { /* every move tried, or a cut: back up to the card that led here */
            close_node(s, f);
            v = f->best;
            if (f == s->fr) {
                return v;
            }
            f--;
        }
        int c = f->move[f->i++];
        tc_unplay(s, c, &f->u);
        v += f->gain;
        if (f->maximize ? v > f->best : v < f->best) {
            f->best = (int16_t)v;
            f->bestmove = (uint8_t)c;
            if (f->maximize && v > f->alpha) {
                f->alpha = (int16_t)v;
            } else if (!f->maximize && v < f->beta) {
                f->beta = (int16_t)v;
            }
        }
    }
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
    int measure, tc_table *tt, long budget, long *nodes, tc_frame *stack) {
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
    s.fr = stack;
    tc_next_epoch(s.tt);
    int v = tc_exact(&s);
    if (nodes) {
        *nodes = s.nodes;
    }
    return v < 0 ? TC_OUT_OF_BUDGET : v;
}

#endif
