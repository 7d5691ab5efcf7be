"""Claims by club law: one line of play, chosen without seeing the hidden cards,
that takes every remaining trick against every distribution the table allows.

The claimer answers for his own cards only. Either he states his line (the call's
`order`: his cards in the order he will play them; at each turn he plays the first
of them still held that the rules allow), or every "normal" line counts, and the
least favourable one decides: at each of his turns he may play the highest card he
holds of any suit among the cards the rules allow (he leads a suit from the top,
follows with his best, and when void ruffs or discards the top of a suit). A claimer
who means to discard low, or to lead a suit in one order, says so by stating his line.

Every other seat, his partner included, may play any card the rules allow: the
claimer cannot answer for cards he does not see, and doubt goes against him. A hidden
seat's card is any unseen card it can hold: the table's knowledge (rules/knowledge.py:
the cards it is known not to hold) and each play's own lesson (a card played rules out
the holdings that would have made it illegal: `forbid_into`), with the remaining
unseen cards still dealable among the hidden seats (Hall's condition over the hidden
seats, counted exactly). So a refutation is always a real deal and a legal line.

Because every choice but the line's is the opponents', the check is one search for a
single losing line (no minimax): it stops at the first trick the claimer's side does
not take (lost, or drawn), and remembers the trick starts it has exhausted; a claimer
on lead holding only masters (`masters`) has the rest at once. The answer is exact
within its node budget; past it the claim is undecided (OutOfBudget).
"""
from .cards import cards_of
from .duties import PLAY_RULES
from .solver import OutOfBudget
from .trick import Trick


def mask_of(hand):
    """A hand-shaped list of suit sets as one int (bit c for card code c)."""
    return hand[0] | hand[1] << 16 | hand[2] << 32 | hand[3] << 48


def count(m):
    """How many cards an int mask holds."""
    n = 0
    while m:
        m &= m - 1
        n += 1
    return n


def codes(m):
    """The card codes of an int mask, lowest first."""
    out = []
    c = 0
    while m:
        if m & 1:
            out.append(c)
        m >>= 1
        c += 1
    return out


class ClubCheck:
    """One claim's check. `hands[s]`: the suit sets of a seat the table sees (the
    claimer's included), None for a hidden seat; `pool`: the unseen cards (int mask);
    `sizes[s]`: cards each hidden seat holds; `cant[s]`: int mask of the cards a seat is
    known not to hold; `order`: the claimer's stated line (card codes) or None."""

    def __init__(self, game, claimer, hands, pool, sizes, cant, order, budget):
        self.game = game
        self.claimer = claimer
        self.team = game.team_of[claimer]
        self.hands = hands
        self.hidden = [s for s in range(game.seats) if hands[s] is None]
        self.pool = pool
        self.left = [sizes.get(s, 0) for s in range(game.seats)]
        self.cant = list(cant)
        self.order = order
        self.budget = budget
        self.nodes = 0
        self.safe = set()           # trick starts from which no losing line exists
        self.scratch = [0] * (PLAY_RULES * 4)
        self.found = None           # (pool, cant, left) when the losing trick completed

    def spend(self):
        self.nodes += 1
        if self.budget and self.nodes > self.budget:
            raise OutOfBudget()

    def dealable(self, pool, cant, left):
        """Can the cards of `pool` be dealt to the hidden seats, `left[s]` each, none
        to a seat that cannot hold it? Hall's condition over every set of hidden seats:
        the cards only they can hold are no more than they hold together."""
        hidden = self.hidden
        n = len(hidden)
        for subset in range(1 << n):
            only = pool
            room = 0
            for i in range(n):
                s = hidden[i]
                if (subset >> i) & 1:
                    room += left[s]
                else:
                    only &= cant[s]
            if only and count(only) > room:
                return False
        return True

    def forbidden(self, c, trick):
        """The holdings playing `c` into `trick` rules out (int mask)."""
        sets = self.scratch
        self.game.hot.forbid_into(c, trick, sets)
        m = 0
        for r in range(PLAY_RULES):
            k = r * 4
            m |= sets[k] | sets[k + 1] << 16 | sets[k + 2] << 32 | sets[k + 3] << 48
        return m

    def moves(self, seat, trick):
        """The cards `seat` may play here, as the check lets it."""
        game = self.game
        hand = self.hands[seat]
        if hand is None:
            return None         # a hidden seat: moves_hidden
        legal = game.legal(hand, trick)
        if seat == self.claimer:
            if self.order is not None:
                for c in self.order:
                    if (legal[c >> 4] >> (c & 15)) & 1:
                        return [c]
                return []
            out = []
            for s in range(4):      # the top legal card of each suit
                top = -1
                for c in cards_of([legal[x] if x == s else 0 for x in range(4)]):
                    if top < 0 or game.strength[c] > game.strength[top]:
                        top = c
                if top >= 0:
                    out.append(top)
            return out
        out = cards_of(legal)
        out.sort(key=lambda c: -game.strength[c])
        return out

    def masters(self, trick):
        """At a trick start with the claimer on lead: True when every card he holds
        is the strongest of its suit still in play, and no other hand can hold a trump
        unless all his are trumps. Whatever he leads then takes the trick, and it stays
        so: the rest is his on every line (not where cards compare across suits)."""
        game = self.game
        if trick.n or trick.leader != self.claimer or game.draws or getattr(game, "suitless", False):
            return False
        out = self.pool
        for s in range(game.seats):
            if s != self.claimer and self.hands[s] is not None:
                out |= mask_of(self.hands[s])
        trump = trick.trump
        for c in cards_of(self.hands[self.claimer]):
            if (game.above[c] << ((c >> 4) * 16)) & out:
                return False
            if trump < 4 and c >> 4 != trump and (out >> (trump * 16)) & 0xFFFF:
                return False
        return True

    def refute(self, trick, line):
        """True when a losing line exists from `trick` (the line is left in `line`)."""
        self.spend()
        seat = trick.to_play
        moves = self.moves(seat, trick)
        hidden = moves is None
        if hidden:
            moves = codes(self.pool & ~self.cant[seat])
            moves.sort(key=lambda c: -self.game.strength[c])
        for c in moves:
            b = 1 << c
            if hidden:
                pool, cant, left = self.pool, self.cant[seat], self.left[seat]
                self.pool = pool & ~b
                self.cant[seat] = cant | (self.forbidden(c, trick) & ~b)
                self.left[seat] = left - 1
                if not self.dealable(self.pool, self.cant, self.left):
                    self.pool, self.cant[seat], self.left[seat] = pool, cant, left
                    continue
            else:
                hand = self.hands[seat]
                hand[c >> 4] &= ~(1 << (c & 15))
            t = Trick(self.game)
            t.copy_from(trick)
            t.add(seat, c)
            line.append(c)
            found = self.after(t, line)
            if hidden:
                self.pool, self.cant[seat], self.left[seat] = pool, cant, left
            else:
                hand[c >> 4] |= 1 << (c & 15)
            if found:
                return True
            line.pop()
        return False

    def after(self, t, line):
        """The search after a card: on, or the trick's outcome."""
        if not t.done():
            return self.refute(t, line)
        if t.drawn or self.game.team_of[t.winner] != self.team:
            self.found = (self.pool, list(self.cant), list(self.left))
            return True
        if not self.pool and not any(mask_of(h) for h in self.hands if h is not None):
            return False        # the last trick, taken
        key = (t.winner, t.led_suits, self.pool,
               tuple(mask_of(h) for h in self.hands if h is not None),
               tuple(self.cant[s] & self.pool for s in self.hidden),
               tuple(self.left[s] for s in self.hidden))
        if key in self.safe:
            return False
        nxt = Trick(self.game)
        nxt.copy_from(t)
        nxt.start(t.winner)
        if self.masters(nxt):
            return False
        if self.refute(nxt, line):
            return True
        self.safe.add(key)
        return False

    def deal(self, seats):
        """The hidden seats' hands (card codes) on a refuting line (`seats`: who
        played each of its cards): each seat's cards of the line, and the cards left
        unseen dealt as the knowledge allows (one card at a time, keeping the rest
        dealable: always possible while Hall's condition holds)."""
        pool, cant, left = self.found
        left = list(left)
        out = dict((s, []) for s in self.hidden)
        for s, c in seats:    # the hidden seats' cards of the line
            if s in out:
                out[s].append(c)
        for c in codes(pool):
            for s in self.hidden:
                if left[s] and not (cant[s] >> c) & 1:
                    left[s] -= 1
                    if self.dealable(pool & ~((1 << (c + 1)) - 1), cant, left):
                        out[s].append(c)
                        break
                    left[s] += 1
        return out


def check(game, claimer, hands, trick, pool, sizes, cant, order, budget):
    """(sound, deal, line): sound is True when the claim stands by club law, else a
    deal (every seat's remaining cards) and a line of play that defeat it. Raises
    OutOfBudget when `budget` nodes do not settle it."""
    check = ClubCheck(game, claimer, [None if h is None else list(h) for h in hands],
                      pool, sizes, cant, order, budget)
    t = Trick(game)
    t.copy_from(trick)
    line = []
    if check.masters(t) or not check.refute(t, line):
        return True, None, None
    seats = []
    x = Trick(game)
    x.copy_from(trick)
    for c in line:
        seats.append((x.to_play, c))
        x.add(x.to_play, c)
        if x.done():
            x.start(x.winner)
    hidden = check.deal(seats)
    deal = {}
    for s in range(game.seats):
        deal[s] = sorted(hidden[s]) if s in hidden else cards_of(hands[s])
    return False, deal, line
