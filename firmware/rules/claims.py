"""Claims and concessions: "the rest are ours" and "the rest are yours".

A claim (`{"ev": "call", "seat": s, "call": "claim", "cards": [...]}`) says the
claimer's side takes every remaining trick of the hand, the current one included.
The claimer normally shows its hand (`cards`); a known hand (`hand` event) serves
too. The table checks it against every distribution of the unseen cards consistent
with what it knows (hand sizes; cards a seat is known not to hold) and every legal
defence. A sound claim ends the hand, scored as claimed. An unsound one is refused
with a deal and a line of play that defeat it, and play goes on. When the check is
too large to settle within its bounds (a node budget that covers every deal tried
and the refuting line: about a second's search on the Pico), the claim is undecided
and play goes on. When the budget runs out while the refuting line is
searched, the refusal stands and the line shown stops there.

The check is the double-dummy reading: for each possible distribution, the claiming
side plays perfectly as if it could see it. That is kinder to the claimer than a
single line that works whatever the distribution (which is what a claimer really
commits to); a claim that needs guessing can pass. Stated here because players may
disagree: a stricter check is future work.

A concession (`"call": "concede"`) gives every remaining trick to the other side;
it needs no check.

Cards the claimer shows are evidence too: showing a card the table had ruled out
proves the earlier play illegal, exactly as playing it would.

Derived event (an `x-` event, which docs/protocol.md readers ignore unless they know it):
`{"ev": "x-claim", "hand", "trick", "seat", "call", "tricks", "sound": true | false |
null, "deal": [[cards of seat 0], ...], "line": [cards]}` (deal and line when unsound).
"""
import sys

from . import cards as C
from . import native
from .errors import EventError
from .phases import OVER
from .solver import TRICKS, OutOfBudget, check_claim

# Node budgets, sized for about a second of search: the C core does about 3M nodes/s
# on a desktop with its table (bench/bench_core.py: a claim that spends the whole
# budget) and about 59k nodes/s on the Pico (bench/bench_claim_pico.py: 64868 nodes
# in 1107 emulated ms), so a claim on the Pico is decided within 1 s or left
# undecided; the pure-Python search does ~100k nodes/s under CPython and far fewer on
# the Pico. A budget covers the whole check: every deal tried and the refuting line
# too. The C core keeps its search's depth on the heap (a stack of frames the module
# allocates for the call), so any trick can be claimed on the Pico.
_DESKTOP = sys.implementation.name == "cpython"
PY_BUDGET = 400000 if _DESKTOP else 5000
NATIVE_BUDGET = 5000000 if _DESKTOP else 55000
# The C core's transposition table: a few MB on a desktop, 32 KB on the Pico (a
# 10-trick claim searches about 30% fewer nodes than with 16 KB:
# bench/bench_claim_pico.py), or less when the heap has no block that large.
TABLE_BYTES = (1 << 22) if _DESKTOP else (1 << 15)
# The controller's C stack on the Pico (the rp2 port: micropython.mem_info() says
# "stack: ... out of 7936"); 0 where it is not counted. The core's deepest claim
# needs `core.STACK` bytes of it (bench/bench_core_pico.py shows both).
C_STACK = 7936 if sys.platform == "rp2" else 0


def _stack_use():
    import micropython
    return micropython.stack_use()


def stack_short():
    """True when the C stack left is less than the core's deepest claim needs: the
    claim is then left undecided rather than risk overflowing it."""
    need = getattr(native.core, "STACK", 0)
    return bool(C_STACK and need) and _stack_use() + need > C_STACK


def remaining(match):
    """The cards not yet in a finished trick (unplayed, or on the current trick)."""
    game = match.game
    out = [0, 0, 0, 0]
    for s in range(4):
        out[s] = game.deck[s] & ~match.played[s]
    t = match.trick
    for i in range(t.n):
        c = t.cards[i]
        out[c >> 4] |= 1 << (c & 15)
    return out


def tricks_left(match):
    """Tricks still to be won in this hand, the current one included."""
    return match.hand_cards - match.trick.number + 1


def held_counts(match):
    """How many cards each seat still holds."""
    t = match.trick
    counts = [tricks_left(match)] * match.seats
    for i in range(t.n):
        counts[t.seats[i]] -= 1
    return counts


def claim(match, ev):
    """Check a claim; the derived events."""
    seat = ev["seat"]
    game = match.game
    know = match.knowledge
    counts = held_counts(match)
    shown = None
    out = []
    if "cards" in ev:
        listed = ev["cards"]
        if not isinstance(listed, list):
            raise EventError("'claim' cards must be a list, got " + repr(listed))
        shown = [0, 0, 0, 0]
        for text in listed:
            c = match._card(text)
            if game.inner is not None:
                c = game.inner[c]
            if match.played[c >> 4] & C.bit(c):
                raise EventError("claim shows " + repr(text) + ", which was already played")
            shown[c >> 4] |= C.bit(c)
        if len(listed) != counts[seat] or C.count(shown) != counts[seat]:
            raise EventError("seat " + str(seat) + " holds " + str(counts[seat])
                             + " cards; the claim shows " + str(len(listed)))
        if match.known[seat] and shown != match.holding[seat]:
            raise EventError("the claim shows cards that are not seat " + str(seat) + "'s known hand")
        from .evidence import shown as shown_proofs
        out += shown_proofs(match, seat, C.cards_of(shown), {"shown": True})
        if out and game.irregularity == "game":
            match.winner = game.other_team(game.team_of[seat])
            match.end_reason = "irregularity"
            match.phase = OVER
            return out + [match.match_end()]
    elif not match.known[seat]:
        raise EventError("a claim shows the claimer's cards ('cards': the hand still held), "
                         "unless the table knows seat " + str(seat) + "'s hand")
    known = {}
    for s in range(match.seats):
        if match.known[s]:
            known[s] = list(match.holding[s])
    if shown is not None:
        known[seat] = shown
    unseen = remaining(match)
    t = match.trick
    for i in range(t.n):
        unseen[t.cards[i] >> 4] &= ~C.bit(t.cards[i])
    for s in known:
        for x in range(4):
            unseen[x] &= ~known[s][x]
    cant = [know.ruled_out(s) for s in range(match.seats)]
    team = game.team_of[seat]
    target = tricks_left(match)
    event = {"ev": "x-claim", "hand": match.hand_no, "trick": t.number, "seat": seat,
             "call": "claim", "tricks": target}
    try:
        sound, deal, line = _check(game, known, t, team, target, C.cards_of(unseen),
                                   dict((s, counts[s]) for s in range(match.seats) if s not in known),
                                   cant)
    except OutOfBudget:
        event["sound"] = None
        return out + [event]
    event["sound"] = sound
    if not sound:
        event["deal"] = [[match.name(c) for c in deal[s]] for s in range(match.seats)]
        event["line"] = [match.name(c) for c in line]
        return out + [event]
    return out + [event] + _finish(match, team, "claim")


def concede(match, ev):
    """The conceding side gives every remaining trick to the other side."""
    seat = ev["seat"]
    game = match.game
    if game.teams != 2:
        raise EventError("a concession gives the hand to the other side: at a table of "
                         + str(game.teams) + " playing each for themselves, play it out")
    event = {"ev": "x-claim", "hand": match.hand_no, "trick": match.trick.number, "seat": seat,
             "call": "concede", "tricks": tricks_left(match), "sound": True}
    return [event] + _finish(match, 1 - game.team_of[seat], "concede")


def _check(game, known, trick, team, target, unseen, sizes, cant):
    """The claim check: the C core when it is there, else the pure-Python search.
    Raises OutOfBudget when it cannot be settled within its bounds (node budget,
    and on the Pico the C stack's depth). A position the core refuses (ValueError:
    hands, unseen cards and trick that do not fit together) is judged by the Python
    rules, as it would be without the core; a heap too full for the search's frames
    leaves the claim undecided; anything else the core raises is one EventError
    line, never a traceback."""
    if isinstance(game.hot, native.Native):
        try:
            return _check_native(game, known, trick, team, target, unseen, cant)
        except OutOfBudget:
            raise
        except MemoryError:         # no heap for the search's frames: undecided
            raise OutOfBudget()
        except ValueError:
            pass                    # judged below, as without the core
        except Exception as err:    # whatever else the core raises: one clear line
            raise EventError("the claim cannot be checked: " + str(err))
    return check_claim(game, known, trick, team, target, TRICKS, unseen, sizes, cant, PY_BUDGET)


_table = None


def _table_memory():
    """The transposition table, allocated once: TABLE_BYTES, or the largest of its
    halves down to 4 KB that the heap can spare (none below that: the search is
    slower, not wrong)."""
    global _table
    size = TABLE_BYTES
    while _table is None and size >= 4096:
        try:
            _table = bytearray(size)
        except MemoryError:
            size >>= 1
    return _table


def _check_native(game, known, trick, team, target, unseen, cant):
    core = native.core
    if stack_short():
        raise OutOfBudget()
    seats = game.seats
    hands = []
    flat_cant = []
    mask = 0
    for s in range(seats):
        if s in known:
            hands.extend(known[s])
            mask |= 1 << s
        else:
            hands.extend((0, 0, 0, 0))
        flat_cant.extend(cant[s])
    out = [0] * (4 * seats + 64)
    r = core.claim(game.hot.desc, trick.trump, trick.leader, trick.n, trick.cards, trick.led_suits,
                   hands, mask, C.hand_of(unseen), flat_cant, team, core.TRICKS, target,
                   _table_memory(), NATIVE_BUDGET, out)
    if r < 0:           # OUT_OF_BUDGET, or TOO_DEEP for this build's C stack
        raise OutOfBudget()
    if r == 1:
        return True, None, None
    deal = dict((s, C.cards_of(out[4 * s:4 * s + 4])) for s in range(seats))
    line = []
    for c in out[4 * seats:]:
        if c < 0:
            break
        line.append(c)
    return False, deal, line


def _finish(match, team, reason):
    """End the hand with every remaining trick going to `team`."""
    game = match.game
    rest = remaining(match)
    points = 0
    for c in C.cards_of(rest):
        points += game.points_of[c]
    match.card_points[team] += points
    match.tricks_won[team] += tricks_left(match)
    match.last.copy_from(match.trick)
    match.last_team = team      # the rest includes the last trick (its bonus)
    return match.end_hand(team, reason)
