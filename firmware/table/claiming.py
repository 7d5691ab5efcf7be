"""A claim at the table: "the rest are ours", with the claimer's hand shown.

The rules check a claim against the claimer's remaining cards. When they do not
know that hand, the claimer lays it on its own reader, card by card, after the
claim tag; the claim is made (a `call` with `cards`) when the last card is in.
Undo takes the claim back before that. Loaded for the claim, dropped after it
(controller._unload).
"""
from rules import cards as C

_NONE = -1


def start(t, seat):
    """The claim tag at `seat`: claim now, or ask for the hand first."""
    m = t.match
    if m.known[seat]:
        t.call(seat, "claim")
        return
    need = m.hand_cards - m.trick.number + 1
    for i in range(m.trick.n):
        if m.trick.seats[i] == seat:
            need -= 1
    t.showing = seat
    t.shown = []
    t.show_needed = need
    t.message = "S" + str(seat) + ": show " + str(need) + " cards"
    t.changed = True


def card(t, seat, c):
    """A card laid while the claimer shows its hand (others wait)."""
    if seat != t.showing:
        t._warn(seat, "wait: claim")
        return
    if c in t.shown:
        return
    t.shown.append(c)
    t.message = "S" + str(seat) + ": " + str(len(t.shown)) + "/" + str(t.show_needed)
    t.changed = True
    if len(t.shown) == t.show_needed:
        shown = [C.name(x) for x in t.shown]
        cancel(t)
        t.call(seat, "claim", {"cards": shown})


def cancel(t):
    """Forget a claim being shown."""
    t.showing = _NONE
    t.shown = []
    t.message = ""
    t.changed = True
