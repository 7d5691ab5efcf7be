"""The stock (a `draw` stage, rules/stages.py): the draws after each trick and the
exchange of the turn-up. Loaded only by the games that have one (Brisca, Guiñote), at
their first draw or call: the other games' heap never holds it.

The table never sees a draw. At each trick's end every seat draws one card, the winner
first; what the table knew of the hands expires (a void shown, a whole hand known),
while the cards it knows a seat holds stay held (cards leave a hand only when played
or exchanged). The last drawer of the last round takes the turn-up: a card it must
hold. Then the arrastre begins (the game's `arrastre`: its duties).

The exchange: a seat whose side won the trick just played takes the turn-up into its
hand and leaves a card of trumps in its place (the 7, or the card the game names),
shown on the reader: the call `exchange` + `card`, between that trick and the next
lead, while the turn-up lies on the table.
"""
from . import cards as C
from .errors import CardError, OrderError
from .phases import PLAY


def draw(match, winner):
    """The draw stage after a trick won by `winner`."""
    m = match
    m.stock -= m.seats
    m.knowledge.expire()
    for s in range(m.seats):
        m.known[s] = False
    if m.stock <= 0:
        m.stock = 0
        m.stock_out = m.trick.number
        game = m.game
        last = (winner - game.direction) % m.seats
        m.turnup_seat = last
        if m.turnup is not None:
            c = m.turnup
            m.holding[last][c >> 4] |= 1 << (c & 15)
        game.arrastre(m)


def on_table(match):
    """True while the turn-up is on the table, between tricks: the stock is not drawn
    out, or its last round was drawn at the end of the trick just played (the table
    takes a trick's draw at once; at the table it comes after the exchange)."""
    m = match
    return m.trick.n == 0 and (m.stock > 0 or 0 < m.stock_out == m.trick.number - 1)


def exchange(match, seat, c):
    """`seat` takes the turn-up into its hand and leaves printed card `c` (of trumps)
    in its place, to be drawn last. CardError when the table knows `c` is not the
    seat's to give."""
    m = match
    code = m.game.inner[c] if m.game.inner is not None else c
    s, b = code >> 4, 1 << (code & 15)
    if m.played[s] & b:
        raise CardError("the " + C.name(c) + " has been played")
    if c == m.turnup:
        raise CardError("the " + C.name(c) + " is the turn-up")
    for other in range(m.seats):
        if other != seat and (m.holding[other][s] & b):
            raise CardError("seat " + str(other) + " holds the " + C.name(c))
    old = m.turnup
    holding = m.holding[seat]
    holding[s] &= ~b
    holding[old >> 4] |= 1 << (old & 15)       # the turn-up is now a card it must hold
    if m.turnup_seat >= 0:      # drawn at the trick's end: the last drawer drew `c`
        drew = m.holding[m.turnup_seat]
        drew[old >> 4] &= ~(1 << (old & 15))
        drew[s] |= b
    m.known[seat] = False
    m.turnup = c


def cards_held(match, seat):
    """How many cards `seat` holds now: dealt, plus drawn, less played (the simulator,
    rules/playout.py)."""
    m = match
    n = m.hand_cards + (m.game.shape(m.hand_cards)[1] - m.stock) // m.seats
    know = m.knowledge
    for j in range(know.count):
        if know.play_seat[j] == seat:
            n -= 1
    return n


def exchange_call(game, match, seat, ev, want):
    """Check and make the exchange `ev` of `seat`; `want` is the printed card that
    takes the turn-up (None: none may). Raises a TableError, changing nothing."""
    card = match._card(ev.get("card"))
    if want is None:
        raise OrderError("no card of trumps takes the turn-up " + C.name(match.turnup) + " in "
                         + game.name)
    if card != want:
        raise CardError("the turn-up " + C.name(match.turnup) + " is taken by the "
                        + C.name(want) + ", not " + repr(ev.get("card")))
    if match.phase != PLAY or match.trick.n or match.trick.number < 2:
        raise OrderError("the exchange is made between a trick won and the next lead")
    if game.team_of[match.last.winner] != game.team_of[seat]:
        raise OrderError("seat " + str(seat) + " may not exchange: its side did not win "
                         "the trick just played")
    if not on_table(match):
        raise OrderError("the turn-up has been drawn: no exchange")
    exchange(match, seat, card)
    return []


def random_exchange(game, match, hands, rng, want):
    """rules/playout.py: the exchange, half the time a seat of the winning side may
    and holds `want`; the players' hands updated as it leaves them."""
    if want is None or match.phase != PLAY or match.trick.n or match.trick.number < 2 \
            or not on_table(match) or rng.getrandbits(1):
        return None
    old = match.turnup
    for seat in hands:
        if want in hands[seat] and game.team_of[seat] == game.team_of[match.last.winner]:
            hands[seat].remove(want)
            hands[seat].append(old)
            drew = match.turnup_seat
            if drew >= 0 and old in hands[drew]:    # the last round drew `want` instead
                hands[drew].remove(old)
                hands[drew].append(want)
            return {"ev": "call", "seat": seat, "call": "exchange", "card": C.name(want)}
    return None
