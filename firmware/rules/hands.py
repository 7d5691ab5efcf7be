"""`hand` events: a seat's whole hand as dealt (when the table knows it), the cards a
seat lays down after a hand that ended early, and the hands of a showdown (Mus).

Loaded by rules/match.py when a `hand` event comes: the table itself rarely knows a
hand, the audit often does.
"""
from . import cards as C
from .errors import CardError, EventError, OrderError
from .phases import DEAL, PLAY, SHOW


def on_hand(m, ev):
    """Apply a `hand` event to match `m`; the derived events."""
    seat = m._seat(ev, "seat")
    listed = ev.get("cards")
    if not isinstance(listed, list):
        raise EventError("'hand' needs a list of cards, got " + repr(listed))
    game = m.game
    if m.phase == SHOW:
        return game.on_show(m, seat, [m._card(t) for t in listed], ev)
    if m.phase == DEAL and m.ctx.ended is not None and m.hand_no:
        from .evidence import show_after
        return show_after(m, seat, listed)
    m._require_hand_open()
    if m.knowledge.count:
        raise OrderError("hand event after the first play of hand " + str(m.hand_no))
    hand = []
    for text in listed:
        c = m._card(text)
        if c in hand:
            raise CardError("card " + repr(text) + " listed twice in seat " + str(seat) + "'s hand")
        for other in range(m.seats):
            if other != seat and m.dealt[other] is not None and c in m.dealt[other]:
                raise CardError("card " + repr(text) + " is already in seat " + str(other) + "'s hand")
        hand.append(c)
    if len(listed) != m.hand_cards:
        raise EventError("seat " + str(seat) + "'s hand has " + str(len(listed))
                         + " cards; " + game.name + " deals " + str(m.hand_cards))
    if m.turnup is not None:
        if game.turnup_held and seat == m.dealer and m.turnup not in hand:
            raise CardError("the turn-up " + C.name(m.turnup) + " is not in the dealer's hand")
        if not game.turnup_held and m.turnup in hand:
            raise CardError("the turn-up " + C.name(m.turnup) + " is out of play, not in a hand")
    m.dealt[seat] = hand
    m.known[seat] = True
    if m.phase == PLAY:
        m.holding[seat] = m._codes(hand)
    return []
