/* Move generation for the solver: the legal cards of the seat to play, one card of
 * each run of equivalent cards, in the order most likely to cut the search.
 *
 * Equivalent cards: two cards of one hand and suit with no card still in play
 * between them and the same points make the same game whichever is played (every
 * duty compares a card with the cards still in play). Not in suitless games (a card
 * of another suit may rank between them) nor where ties draw, and never the 7 where
 * the seven duty singles it out.
 *
 * Ordering, scored per situation (as DDS does): the table's best lead first; leading,
 * the top of a suit and strong cards; a card that takes the trick, cheaply when last
 * to play and with points when the partner follows; points onto a partner's trick;
 * cheap discards when losing.
 */
#include "search.h"

#ifdef TAPETE_HAVE_SOLVER

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

int tc_moves(const search *s, int hint, uint8_t move[TC_MAX_HAND]) {
    const tc_game *g = s->g;
    const tc_trick *t = &s->t;
    uint64_t hand = s->hand[s->to_play], legal = hand, present = 0;
    uint8_t score[TC_MAX_HAND];
    tc_view v = {0, 0, 0, 0};
    int nm = 0;
    for (int p = 0; p < g->seats; p++) {
        present |= s->hand[p];
    }
    for (int i = 0; i < t->n; i++) {
        present |= tc_bit(t->card[i]);
    }
    if (t->n) {
        tc_look(g, t, &v);
        legal = tc_legal_seen(g, t, &v, hand);
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
            int sc = score_of(s, &v, c, top, hint);
            top = 0;
            int j = nm++;
            while (j > 0 && score[j - 1] < sc) {
                score[j] = score[j - 1];
                move[j] = move[j - 1];
                j--;
            }
            score[j] = (uint8_t)sc;
            move[j] = (uint8_t)c;
        }
    }
    return nm;
}

#endif
