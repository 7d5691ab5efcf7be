"""The rest of a hand, solved exactly: the reference for the C core's solver.

`solve` is plain minimax with alpha-beta over the rules' own `legal_into`, for a
position where every remaining hand is known. `check_claim` runs it for every way
the unseen cards can lie among the hidden hands, consistent with what the table
knows (hand sizes, and cards a seat is known not to hold), and returns a deal and a
line of play that defeat the claim when there is one.

This pure-Python path is exact but slow: it is meant for endings of a few tricks,
for tests and as the fallback when the C core is absent; `budget` caps the nodes.
The C core (tapete_core) answers the same questions fast (tests check they agree).
"""
from .cards import cards_of
from .trick import Trick

POINTS = 0      # measure: points (cards, tricks and bonuses as the game counts them)
TRICKS = 1      # measure: tricks won


class OutOfBudget(Exception):
    """The search needed more nodes than it was allowed."""


class _Search:
    def __init__(self, game, team, measure, budget):
        self.game = game
        self.team = team
        self.measure = measure
        self.budget = budget
        self.nodes = 0

    def trick_value(self, trick, last):
        """What the trick just completed is worth to its winner."""
        if self.measure == TRICKS:
            return 1
        g = self.game
        v = g.trick_point
        for i in range(trick.n):
            v += g.points_of[trick.cards[i]]
        if last:
            v += g.last_trick
        return v

    def spend(self):
        """Count one node; OutOfBudget past the budget."""
        self.nodes += 1
        if self.budget and self.nodes > self.budget:
            raise OutOfBudget()

    def value(self, hands, trick, alpha, beta, line):
        """Best total for `team` from this position (cards on `trick` included)."""
        self.spend()
        g = self.game
        if trick.done():
            last = not any(hands[s][0] | hands[s][1] | hands[s][2] | hands[s][3] for s in range(g.seats))
            gain = self.trick_value(trick, last)
            here = gain if not trick.drawn and g.team_of[trick.winner] == self.team else 0
            if last:
                return here
            nxt = Trick(g)
            nxt.copy_from(trick)
            nxt.start(trick.leader if trick.drawn else trick.winner)
            return here + self.value(hands, nxt, alpha - here, beta - here, line)
        seat = trick.to_play
        legal = g.legal(hands[seat], trick)
        moves = _ordered(g, legal, trick)
        maximise = g.team_of[seat] == self.team
        best = -1 if maximise else 1 << 30
        best_line = None
        for c in moves:
            hands[seat][c >> 4] &= ~(1 << (c & 15))
            t = Trick(g)
            t.copy_from(trick)
            t.add(seat, c)
            sub = []
            v = self.value(hands, t, alpha, beta, sub)
            hands[seat][c >> 4] |= 1 << (c & 15)
            if (maximise and v > best) or (not maximise and v < best):
                best = v
                best_line = [c] + sub
            if maximise:
                alpha = max(alpha, v)
            else:
                beta = min(beta, v)
            if alpha >= beta:
                break
        line.extend(best_line)
        return best


def _ordered(game, legal, trick):
    """Try strong cards first (cuts sooner); collapse nothing: exactness first."""
    moves = cards_of(legal)
    moves.sort(key=lambda c: -game.strength[c])
    return moves


def solve(game, hands, trick, team, measure=POINTS, budget=0):
    """(value, line): the exact best result for `team` from the position, every hand
    known, both sides playing perfectly, and a principal line of play. `hands` is a
    list of hand-shaped suit sets per seat (not modified). Raises OutOfBudget."""
    work = [list(h) for h in hands]
    t = Trick(game)
    t.copy_from(trick)
    s = _Search(game, team, measure, budget)
    line = []
    v = s.value(work, t, -1, 1 << 30, line)
    return v, line


def deals(unseen, seats, sizes, cant, search=None):
    """Every way to give the `unseen` cards (a list) to `seats`, `sizes[seat]` each,
    no seat receiving a card of `cant[seat]` (hand-shaped). Yields {seat: [cards]}.
    With `search` (a _Search), every card placed costs it a node, so enumerating
    deals the table's knowledge rules out cannot escape its budget."""
    order = list(seats)

    def place(i, hands, left):
        if i == len(unseen):
            yield dict((s, list(hands[s])) for s in order)
            return
        c = unseen[i]
        for s in order:
            if search is not None:
                search.spend()
            if left[s] and not (cant[s][c >> 4] >> (c & 15)) & 1:
                hands[s].append(c)
                left[s] -= 1
                for d in place(i + 1, hands, left):
                    yield d
                left[s] += 1
                hands[s].pop()

    return place(0, dict((s, []) for s in order), dict((s, sizes[s]) for s in order))


def check_claim(game, known, trick, team, target, measure=POINTS, unseen=(), sizes=None,
                cant=None, budget=0):
    """Is a claim sound? `known` is {seat: hand} for the hands the table sees;
    `unseen` the cards it does not; `sizes[seat]` how many each hidden seat holds;
    `cant[seat]` (hand-shaped) the cards a seat is known not to hold.

    Returns (True, None, None) when `team` gets at least `target` for every
    distribution and every defence, else (False, deal, line): a distribution and a
    line of play that defeat it. One budget of `budget` nodes covers the deals tried,
    their searches and the refuting line: raises OutOfBudget when it runs out before
    the claim is settled; when it runs out during the line, the line is empty."""
    hidden = [s for s in range(game.seats) if s not in known]
    cant = cant or [[0, 0, 0, 0] for _ in range(game.seats)]
    search = _Search(game, team, measure, budget)
    for dist in deals(list(unseen), hidden, sizes or {}, cant, search):
        hands = []
        for s in range(game.seats):
            if s in known:
                hands.append(list(known[s]))
            else:
                h = [0, 0, 0, 0]
                for c in dist[s]:
                    h[c >> 4] |= 1 << (c & 15)
                hands.append(h)
        # a null window around the target settles "at least target?" fastest
        v = search.value([list(h) for h in hands], _copy(game, trick), target - 1, target, [])
        if v < target:
            deal = dict((x, cards_of(hands[x])) for x in range(game.seats))
            line = []
            try:
                search.value([list(h) for h in hands], _copy(game, trick), -1, 1 << 30, line)
            except OutOfBudget:
                line = []
            return False, deal, line
    return True, None, None


def _copy(game, trick):
    t = Trick(game)
    t.copy_from(trick)
    return t
