"""Cards laid on a reader to be shown, not played: a claimer's hand, a Tute
declaration, Mus's discards, the Mus showdown, Brisca's exchange (the 7 or 2 of
trumps shown, to take the turn-up) and Wiezen's troel and troela.

Troel names the card that makes the partner, a card its declarer does not hold: the
declarer shows what the call announces anyway, his three aces (the card named is the
fourth), or for troela his four aces and then the hearts he holds from the king down,
ending on confirm (the card named is the highest heart not shown).

A claim is checked against the claimer's remaining cards; a declaration shows its
king and queen (or four kings); a Mus discard shows the cards thrown; at a showdown
(the match's phase SHOW) every seat the rules wait for lays the cards it holds: Mus's
four, a Wiezen open miserie declarer's 13 (12 once he has played). When the rules do not know a hand, the
player lays those cards on its own reader, card by card, after the tag that
starts it (or, for the showdown, when the rules ask for the hands); the call (or
`hand` event) is made when the last card is in. Undo takes it back before that;
confirm ends a discard of fewer than four. Loaded for the occasion, dropped after
(controller._unload).
"""
from rules import cards as C
from rules.phases import SHOW
from .panel.say import say

_NONE = -1
CLAIM = 0
DECLARE = 1
DISCARD = 2
SHOWDOWN = 3
EXCHANGE = 4
TROEL = 5
TROELA = 6
KINDS = ("claim", "declare", "discard", "show", "exchange", "troel", "troela")   # each kind's call


def _word(kind):
    """What the seat shows its cards for, in the table's language."""
    if kind == CLAIM:
        return say("claim")
    if kind == DECLARE:
        return say("declare")
    if kind == EXCHANGE:
        return say("exchange")
    if kind == TROEL:
        return say("TROEL")
    if kind == TROELA:
        return say("TROELA")
    return say("discard") if kind == DISCARD else say("show")


def start(t, seat, kind, need=0):
    """Start collecting the cards `seat` shows for `kind` (a claim: `need` cards)."""
    t.showing = seat
    t.show_kind = kind
    t.show_needed = need
    t.shown = [[] for _ in range(t.seats)] if kind == SHOWDOWN else []
    _say(t, seat)


def claim(t, seat):
    """The claim tag at `seat`: claim now when the rules know the hand, else ask for it."""
    m = t.match
    if m.known[seat]:
        t.call(seat, "claim", None, True)
        return
    need = m.hand_tricks - m.trick.number + 1
    for i in range(m.trick.n):
        if m.trick.seats[i] == seat:
            need -= 1
    start(t, seat, CLAIM, need)


def card(t, seat, c):
    """A card laid while cards are being shown."""
    kind = t.show_kind
    if kind == SHOWDOWN:
        if not (t.match.awaiting() >> seat) & 1:
            t._warn(seat, say("shown"))
            return
        held = t.shown[seat]
        if c not in held:
            held.append(c)
        _say(t, seat)
        if len(held) == _holds(t.match, seat):
            t.shown[seat] = []
            t.show_hand(seat, [C.name(x) for x in held])
            if t.match.phase != SHOW:       # every hand is in: the showdown is over
                cancel(t)
        return
    if seat != t.showing:
        t._warn(seat, say("wait: %(what)s") % {"what": _word(kind)})
        return
    if c in t.shown:
        return
    if kind == TROEL or kind == TROELA:
        _troel(t, seat, kind, c)
        return
    t.shown.append(c)
    _say(t, seat)
    if kind == CLAIM and len(t.shown) == t.show_needed:
        _finish(t, "claim")
    elif kind == DECLARE and _declaration(t, t.shown):
        _finish(t, "declare")
    elif kind == DISCARD and len(t.shown) == 4:
        _finish(t, "discard")
    elif kind == EXCHANGE:      # one card: the card of trumps that takes the turn-up
        seat = t.showing
        cancel(t)
        t.call(seat, "exchange", {"card": C.name(c)}, True)


def confirm(t):
    """Confirm: a discard of fewer than four cards is complete."""
    if t.show_kind == DISCARD and t.shown:
        _finish(t, "discard")
    elif t.show_kind == TROELA and len(t.shown) >= 4:
        seat = t.showing
        held = t.shown
        cancel(t)
        for face in (13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2):
            if C.card(1, face) not in held:
                _troel_call(t, seat, "troela", C.card(1, face))
                return


def _troel(t, seat, kind, c):
    """A card shown for troel (the aces) or troela (the aces, then the hearts from the
    king down); troel is called with the fourth ace once three are shown."""
    aces = 0
    for x in t.shown:
        if x & 15 == 0:
            aces += 1
    if aces < (3 if kind == TROEL else 4):
        ok = c & 15 == 0                                # an ace first
    else:
        ok = c == C.card(1, 13 - (len(t.shown) - 4))    # then the hearts: K, Q, J, ... in turn
    if ok:
        t.shown.append(c)
    else:
        t._warn(seat, _word(kind) + "?")
        return
    _say(t, seat)
    if kind == TROEL and aces == 2:
        for s in range(4):
            if C.card(s, 1) not in t.shown:
                seat = t.showing
                cancel(t)
                _troel_call(t, seat, "troel", C.card(s, 1))
                return


def _troel_call(t, seat, word, c):
    """Troel or troela naming card `c`, once its cards are shown."""
    t.call(seat, word, {"card": C.name(c)}, True)


def _holds(m, seat):
    """The cards `seat` holds: those dealt, less those it played this hand."""
    know = m.knowledge
    n = m.hand_cards
    for i in range(know.count):
        if know.play_seat[i] == seat:
            n -= 1
    return n


def cancel(t):
    """Forget the cards being shown."""
    t.showing = _NONE
    t.shown = []
    t.message = ""
    t.changed = True


def _finish(t, word):
    seat = t.showing
    shown = [C.name(x) for x in t.shown]
    cancel(t)
    t.call(seat, word, {"cards": shown}, True)


def _declaration(t, cards):
    """A complete declaration: the game's (Guiñote's cante), else Tute's: a king and
    queen of one suit, or four kings."""
    done = getattr(t.match.game, "declaration_done", None)
    if done is not None:
        return done(cards)
    kings = [c for c in cards if c & 15 == 12]
    if len(kings) == 4:
        return True
    if len(cards) == 2 and len(kings) == 1:
        q = cards[0] if cards[1] in kings else cards[1]
        return q & 15 == 11 and q >> 4 == kings[0] >> 4
    return len(cards) >= 4


def _say(t, seat):
    kind = t.show_kind
    if kind == SHOWDOWN:
        t.message = say("show hands")
    elif kind == CLAIM:
        t.message = "S" + str(seat) + " " + _word(kind) + ": " + str(len(t.shown)) + "/" + str(t.show_needed)
    else:
        t.message = "S" + str(seat) + " " + _word(kind) + ": " + str(len(t.shown))
    t.changed = True
