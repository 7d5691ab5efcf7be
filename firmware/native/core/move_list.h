/* The solver's move list, shared by the Pico's core (moves.c) and the host's solver
 * (host/moves.c), which computes the legal cards its own way (tables made once per
 * search): one card of each run of equivalent cards, scored and sorted best first.
 * The host's solver takes score_of alone (TC_SCORE_ONLY) and makes the same list
 * on rank masks (host_list).
 * Static, called once in each file: one list for both, at 24 bytes of the Pico's
 * code (7778 -> 7802 of 8192, `make native-size`) against a second copy of it. */
#ifndef TAPETE_MOVE_LIST_H
#define TAPETE_MOVE_LIST_H
#include "search.h"

static int score_of(const search *s, const tc_view *v, int c, int top, int hint) {
    const tc_game *g = s->g;
    const tc_trick *t = &s->t;
    int st = g->strength[c], pts = g->points[c], sc;
    if (c == hint) {
        return 255;
    }
    if (t->n == 0) {
        sc = (top ? 64 : 0) + st + (TC_SUIT(c) == t->trump ? 0 : 8);
    } else {
        int last = t->n == g->seats - 1;
        if (tc_beats(g, c, v->best, t->trump)) {
            sc = last ? 200 + 4 * pts - st : 120 + st + 2 * pts;
        } else if (g->team[v->winner] == g->team[s->to_play]) {
            sc = (last ? 160 : 80) + 4 * pts - st;
        } else {
            sc = 60 - 4 * pts - st;
        }
    }
    return sc < 0 ? 0 : sc > 254 ? 254 : sc;
}

/* Card c of score sc into the list of nm cards sorted best first (stably: after
 * those of its score); the new count. */
static int insert_move(uint8_t move[TC_MAX_HAND], uint8_t score[TC_MAX_HAND], int nm, int c, int sc) {
    int j = nm;
    while (j > 0 && score[j - 1] < sc) {
        score[j] = score[j - 1];
        move[j] = move[j - 1];
        j--;
    }
    score[j] = (uint8_t)sc;
    move[j] = (uint8_t)c;
    return nm + 1;
}

#ifndef TC_SCORE_ONLY /* the host's solver lists its moves on rank masks (host_list) */
/* The list of `legal` (the seat to play's legal cards; v: the trick looked at when a
 * card was led), `hint` first, into move[]; their count. */
static int move_list(const search *s, const tc_view *v, uint64_t legal, int hint,
                     uint8_t move[TC_MAX_HAND]) {
    const tc_game *g = s->g;
    const tc_trick *t = &s->t;
    uint64_t present = 0;
    uint8_t score[TC_MAX_HAND];
    int nm = 0;
    for (int p = 0; p < g->seats; p++) {
        present |= s->hand[p];
    }
    for (int i = 0; i < t->n; i++) {
        present |= tc_bit(t->card[i]);
    }
    for (int su = 0; su < 4; su++) {
        uint32_t lb = tc_suit_set(legal, su);
        if (!lb) {
            continue;
        }
        uint32_t pb = tc_suit_set(present, su);
        const uint8_t *order = s->order[su];
        int prev = -1, top = 1;
        for (int k = 0; lb && k < s->count[su]; k++) { /* until its last legal card */
            int f = order[k];
            if (!((pb >> f) & 1)) {
                continue;
            }
            if (!((lb >> f) & 1)) {
                prev = -1;
                top = 0;
                continue;
            }
            lb &= ~(1u << f);
            int c = su * 16 + f;
            if (s->collapse && prev >= 0 && g->points[su * 16 + prev] == g->points[c]
                && !(s->keyed_led && (f == TC_SEVEN_SLOT || prev == TC_SEVEN_SLOT))) {
                continue; /* the same as the card just above it */
            }
            prev = f;
            nm = insert_move(move, score, nm, c, score_of(s, v, c, top, hint));
            top = 0;
        }
    }
    return nm;
}
#endif

#endif
