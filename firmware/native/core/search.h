/* What the solver's files share (internal to the C core): the search state, and the
 * entry points of solve.c, moves.c and tt.c. */
#ifndef TAPETE_SEARCH_H
#define TAPETE_SEARCH_H

#include "solve.h"
#include "bits.h"

#ifdef TAPETE_HAVE_SOLVER

#define TC_MAX_PLIES 64 /* cards of the largest pack */

/* One search: the position, played forward and back in place. */
typedef struct {
    const tc_game *g;
    uint64_t hand[TC_MAX_SEATS];
    uint8_t play[TC_MAX_PLIES]; /* cards in play order from the position's trick on */
    tc_trick t;                 /* the current trick: t.card points into play[] */
    uint8_t start;              /* index in play[] of the current trick's first card */
    uint8_t ply;                /* cards in play[] */
    uint8_t to_play;            /* seat to play */
    uint8_t team;               /* the side searched for: every other seat plays against it */
    uint8_t measure;            /* TC_POINTS or TC_TRICKS */
    uint8_t keyed_led;          /* the seven duty: the suits led are part of a position */
    uint8_t collapse;           /* equivalent cards are one move (not when suits do not rank) */
    uint8_t abort;              /* the budget ran out */
    int rem_points;             /* card points still in the hands */
    long nodes, budget;
    tc_table *tt;
    tc_frame *fr;               /* tc_ab's stack: TC_FRAMES frames (not set by tc_search_init) */
    uint8_t order[4][16];       /* per suit: the pack's slots, strongest first */
    uint8_t count[4];
} search;

/* Hand size at the current trick's start shared by the seats in `seats` (bit per
 * seat), or -1 when the hands (of those seats), the trick and each other do not fit
 * together: a card twice, a card outside the pack, sizes that differ, more than
 * TC_MAX_HAND cards. `seats` may be 0 (then 0). */
int tc_check_position(const tc_game *g, const uint64_t *hands, const tc_trick *t, unsigned seats);

/* Card c laid on the trick by the seat to play (kept in `u` for tc_unplay); the seat
 * to play is left for the caller, who knows whether the trick is full. tc_play's
 * start, and the host solver's play's. */
static inline void tc_lay(search *s, int c, undo *u) {
    tc_trick *t = &s->t;
    int seat = s->to_play;
    u->seat = (uint8_t)seat;
    u->led = t->led;
    u->leader = t->leader;
    u->start = s->start;
    s->hand[seat] &= ~tc_bit(c);
    s->rem_points -= s->g->points[c];
    if (t->n == 0) {
        t->led = (uint8_t)(t->led | 1u << TC_SUIT(c));
    }
    s->play[s->ply++] = (uint8_t)c;
    t->n++;
}

/* The value of the finished trick to its winner; `last` when no card is left. */
static inline int tc_trick_value(const search *s, int last) {
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

/* The trick just filled (its view `v`) taken by its winner: what the searching side
 * gains, and the next trick started. The end of tc_play, and of the host solver's
 * play (host/play.c), which keeps its own views; static, so the Pico's core, where
 * tc_play alone calls it, keeps it inlined (a function of its own: 28 bytes more). */
static inline int tc_end_trick(search *s, const tc_view *v) {
    const tc_game *g = s->g;
    tc_trick *t = &s->t;
    int gain = 0;
    if (!v->drawn) { /* a drawn trick goes to nobody; its leader leads again */
        if (g->team[v->winner] == s->team) {
            uint64_t left = 0;
            for (int p = 0; p < g->seats; p++) {
                left |= s->hand[p];
            }
            gain = tc_trick_value(s, !left);
        }
        t->leader = (uint8_t)v->winner;
    }
    s->to_play = t->leader;
    s->start = s->ply;
    t->card = s->play + s->ply;
    t->n = 0;
    return gain;
}

/* solve.c */
void tc_search_init(search *s, const tc_game *g, const uint64_t *hands, const tc_trick *t,
    int team, int measure, tc_table *tt, long budget);
int tc_total(const search *s);
int tc_play(search *s, int c, undo *u);
void tc_unplay(search *s, int c, const undo *u);
int tc_ab(search *s, int alpha, int beta);
int tc_exact(search *s);
/* The table's entry of the position at a trick start (store: make one if none). */
tc_entry *tc_probe_here(search *s, int store);

/* moves.c: the moves of the seat to play (one card of each run of equivalent
 * cards), best first; `hint` (a card or TC_NO_CARD) goes first. Returns how many. */
int tc_moves(const search *s, int hint, uint8_t move[TC_MAX_HAND]);

/* tt.c */
tc_entry *tc_probe(tc_table *tt, uint64_t cards, unsigned meta, int store);
void tc_next_epoch(tc_table *tt);

#endif
#endif
