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
#include "move_list.h"

int tc_moves(const search *s, int hint, uint8_t move[TC_MAX_HAND]) {
    const tc_trick *t = &s->t;
    uint64_t legal = s->hand[s->to_play];
    tc_view v = {0, 0, 0, 0};
    if (t->n) {
        tc_look(s->g, t, &v);
        legal = tc_legal_seen(s->g, t, &v, legal);
    }
    return move_list(s, &v, legal, hint, move);
}

#endif
