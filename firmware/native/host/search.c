/* The host solver's search: alpha-beta on the future value for the searching side
 * (fail-soft), the table at trick starts keyed by relative ranks (keys.c), the sure
 * points tried after the table (bounds.c), the leads ordered by the table's move,
 * killers and history (moves.c), and the enhanced transposition cut-off at a trick's
 * last card (table.c).
 */
#include "host.h"

#if defined(TAPETE_HAVE_SOLVER) && defined(TAPETE_HOST_SOLVER)

#define CLOCK_EVERY 4095 /* nodes between two looks at the clock, less one */

/* One node more: 1 when the search must stop (stopped already, its budget spent, or
 * past its deadline, looked at every CLOCK_EVERY + 1 nodes). */
static int spent(host *h) {
    search *s = &h->s;
    if (s->abort) {
        return 1;
    }
    if (++s->nodes > s->budget && s->budget > 0) {
        s->abort = 1;
        return 1;
    }
    if (!(s->nodes & CLOCK_EVERY) && h->deadline > 0 && seconds_now() > h->deadline) {
        s->abort = 1;
        return 1;
    }
    return 0;
}

/* At a trick start: 1 and *value when the position is settled before its moves are
 * searched (no card left, the window out of reach, the last trick, the table's entry,
 * the sure points), else 0 with the window narrowed and `n` filled in. */
static int settled(host *h, node *n, int *alpha, int *beta, int *value) {
    search *s = &h->s;
    const tc_trick *t = &s->t;
    for (int p = 0; p < s->g->seats; p++) {
        n->cards |= s->hand[p];
    }
    if (!n->cards) {
        *value = 0;
        return 1;
    }
    int total = tc_total(s);
    if (total <= *alpha || *beta <= 0) {
        *value = total <= *alpha ? total : 0;
        return 1;
    }
    if (!(s->hand[t->leader] & (s->hand[t->leader] - 1))) {
        *value = last_trick(h);
        return 1;
    }
    n->key = key_here(h, n->cards);
    n->meta = (unsigned)t->leader << 4 | (s->keyed_led ? t->led : 0u);
    int slack;
    const tc_entry *e = host_look(h, n->key, &n->like, n->meta, &slack);
    if (e) { /* before the sure points: it answers twice as often (measured) */
        if (entry_cut(h, e, slack, n, alpha, beta, value)) {
            return 1;
        }
        if (!slack) {
            if (e->lo == e->hi || !h->relative || !s->tt->entry || s->tt->mask < 3) {
                return 0;
            }
            int k; /* an inexact entry: a similar one may bound it closer */
            const tc_entry *f = host_similar(h, n->key, &n->like, n->meta, &k);
            if (!f || f == e) {
                return 0;
            }
            if (entry_cut(h, f, k, n, alpha, beta, value)) {
                return 1;
            }
            n->hint = card_of(h, n->cards, e->move); /* its own best lead first */
            return 0;
        }
    }
    /* none, or a similar position's entry left the window open: the sure points */
    if (h->relative && sure_cut(h, n, total, *alpha, *beta, value)) {
        return 1;
    }
    if (e) { /* its widened bounds hold here too: stored with this position's entry */
        int lo = e->lo - SLACK_DOWN(slack), hi = e->hi + SLACK_UP(slack);
        n->sure_lo = n->sure_lo > lo ? n->sure_lo : lo;
        n->sure_hi = n->sure_hi < hi ? n->sure_hi : hi;
    }
    return 0;
}

/* The moves searched in their order until one cuts the window [alpha, beta) off
 * (noted for the next positions' order): the best value, its move in *bestmove. */
static int search_moves(host *h, const uint8_t *move, int nm, int maximize, int alpha, int beta,
    int *bestmove) {
    search *s = &h->s;
    int best = maximize ? -1 : 10000;
    for (int i = 0; i < nm && !s->abort; i++) {
        int c = move[i];
        undo u;
        int gain = host_play(h, c, &u);
        int v = gain + host_ab(h, alpha - gain, beta - gain);
        host_unplay(h, c, &u);
        if (maximize ? v > best : v < best) {
            best = v;
            *bestmove = c;
            if (maximize && best > alpha) {
                alpha = best;
            } else if (!maximize && best < beta) {
                beta = best;
            }
        }
        if (alpha >= beta) {
            note_cut(h, c);
            break;
        }
    }
    return best;
}

/* The future value for the searching side in the window [alpha, beta), fail-soft:
 * at a trick start settled if it can be, else every move searched (the leads in
 * their order), the answer stored at a trick start. */
int host_ab(host *h, int alpha, int beta) {
    if (spent(h)) {
        return 0;
    }
    search *s = &h->s;
    const tc_game *g = s->g;
    const tc_trick *t = &s->t;
    node n = {0, 0, 0, 0, TC_NO_CARD, 0, 255};
    int v;
    if (t->n == 0 && settled(h, &n, &alpha, &beta, &v)) {
        return v;
    }
    int a0 = alpha, b0 = beta;
    uint8_t move[TC_MAX_HAND];
    int nm = host_moves(h, n.hint, move);
    if (t->n == 0) { /* at leads only: mid-trick, moves.c's order does better (measured) */
        order_leads(h, move, nm, n.hint != TC_NO_CARD && nm && move[0] == n.hint);
    }
    int maximize = g->team[s->to_play] == s->team;
    /* the leader has played: two tricks or more are left after this one */
    if (t->n == g->seats - 1 && h->relative && s->tt && nm > 1 && tc_popcount64(s->hand[t->leader]) >= 2
        && etc_cut(h, move, nm, maximize, alpha, beta, &v)) {
        return v;
    }
    int bestmove = TC_NO_CARD;
    int best = search_moves(h, move, nm, maximize, alpha, beta, &bestmove);
    if (t->n == 0 && !s->abort) {
        entry_store(h, &n, best, a0, b0, bestmove);
    }
    return best;
}

#endif
