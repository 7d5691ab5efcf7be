/* The host solver's play: a card laid and taken back, as the core's tc_play and
 * tc_unplay, with the trick's view and every seat's ranks kept as it goes; and the
 * last trick played out without a search (one card each, nothing to choose).
 */
#include "host.h"

#if defined(TAPETE_HAVE_SOLVER) && defined(TAPETE_HOST_SOLVER)

/* tc_play with the trick's view kept per ply (h->view), so that no trick is looked
 * at again from its lead: tc_look was a twentieth of the search's instructions. */
int host_play(host *h, int c, undo *u) {
    search *s = &h->s;
    const tc_game *g = s->g;
    tc_trick *t = &s->t;
    int seat = s->to_play;
    tc_view v;
    if (t->n == 0) {
        v.best = c;
        v.winner = seat;
        v.drawn = 0;
    } else {
        v = h->view[s->ply - 1];
        if (tc_beats(g, c, v.best, t->trump)) {
            v.best = c;
            v.winner = seat;
            v.drawn = 0;
        } else if ((g->flags & TC_DRAWS) && g->strength[c] == g->strength[v.best]
                   && g->team[seat] != g->team[v.winner]) {
            v.drawn = 1;
        }
    }
    v.to_play = tc_next(g, seat);
    h->held.r[seat][TC_SUIT(c)] &= ~(1u << h->rank_of[c]);
    h->held.side[g->team[seat] != s->team][TC_SUIT(c)] &= ~(1u << h->rank_of[c]);
    h->held.zeros[seat] = (uint8_t)(h->held.zeros[seat] - !g->points[c]);
    h->view[s->ply] = v;
    tc_lay(s, c, u);
    if (t->n < g->seats) {
        s->to_play = (uint8_t)v.to_play;
        return 0;
    }
    return tc_end_trick(s, &v);
}

/* tc_unplay, the seat's ranks kept. */
void host_unplay(host *h, int c, const undo *u) {
    tc_unplay(&h->s, c, u);
    h->held.r[u->seat][TC_SUIT(c)] |= 1u << h->rank_of[c];
    h->held.side[h->s.g->team[u->seat] != h->s.team][TC_SUIT(c)] |= 1u << h->rank_of[c];
    h->held.zeros[u->seat] = (uint8_t)(h->held.zeros[u->seat] + !h->s.g->points[c]);
}

/* The last trick: one card each, nothing to choose; what the side gains. */
int last_trick(host *h) {
    search *s = &h->s;
    int gain = 0, n = s->g->seats;
    undo u[TC_MAX_SEATS];
    uint8_t c[TC_MAX_SEATS];
    for (int i = 0; i < n; i++) {
        c[i] = (uint8_t)tc_ctz64(s->hand[s->to_play]);
        gain += tc_play(s, c[i], &u[i]);
    }
    for (int i = n - 1; i >= 0; i--) {
        tc_unplay(s, c[i], &u[i]);
    }
    return gain;
}

#endif
