"""Claims and concessions: "the rest are ours" and "the rest are yours".

A claim (`{"ev": "call", "seat": s, "call": "claim", "cards": [...]}`) says the
claimer's side takes every remaining trick of the hand, the current one included.
The claimer normally shows its hand (`cards`); a known hand (`hand` event) serves
too. He may state his line: `order`, his cards in the order he will play them (it
shows them too; with `cards` as well, both list the same cards). A sound claim ends
the hand, scored as claimed. An unsound one is refused with a deal and a line of play
that defeat it, and play goes on. When the check is too large to settle within its
node budget (about a second's search on the Pico), the claim is undecided (sound
null) and play goes on: never a wrong ruling. The host's audit searches with a larger
budget: where it decides a claim the table left undecided (or the reverse), it notes
it and judges the rest of the log under the table's verdict (`taken`).

The event's law `claims` (rules/options.py LAWS) says how a claim is judged:
- `club` (the default: no game's text says otherwise, and clubs rule any doubt
  against the claimer): rules/club.py. One line of play chosen without seeing the
  hidden cards must take every trick against every distribution the table's knowledge
  allows and every defence; the stated line, else every normal line (the least
  favourable one decides). The C core's `club` answers it where the core is (the
  Pico too), else rules/club.py. Docs: docs/claims.md.
- `double-dummy` (friendly play): for each possible distribution the claiming side
  plays as if it could see it; a claim that needs a guess can pass. The C core's
  `claim` answers it where the core has the solver, else rules/solver.py (on the
  Pico, whose core has no solver, after the club check: what stands by club law
  stands double dummy).

A concession (`"call": "concede"`) gives every remaining trick to the other side. It
binds the conceder's side only when no partner objects (`"call": "object"`) within
the law `concession_wait` (seconds; the games' texts name no time: 10). Until then
the table waits (the match's phase is CALLS; cards are refused). It stands at once
when the side has no other player, when every partner concedes too, or when an input
with `t` past the wait comes (the conceder's `concede` again, which the table sends
when the time is up, a late `object`, or the next `deal`). Times are the events' `t`
(milliseconds): an event without `t` is taken as within the wait when it is an
objection, and after it otherwise (a hand-made log says what happened, in order).

Cards the claimer shows are evidence too: showing a card the table had ruled out
proves the earlier play illegal, exactly as playing it would.

Derived event (an `x-` event, which docs/protocol.md readers ignore unless they know it):
`{"ev": "x-claim", "hand", "trick", "seat", "call", "tricks", "sound": true | false |
null, "law", "deal": [[cards of seat 0], ...], "line": [cards]}` (deal and line when
unsound). A concession's: `sound` null while it waits (`wait`: seconds, `until`: the
`t` it ends at when known), false when a partner objected (`objected`: the seat),
true when it stands (`stood`: `alone`, `agreed`, `wait`).
"""
import sys

from . import cards as C
from . import native
from .errors import EventError
from .phases import CALLS, OVER, PLAY
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
# The club-law search in pure Python (rules/club.py), where the core is not: about 10k
# nodes a second under CPython (bench/bench_club_claims.py), far fewer on the Pico.
CLUB_BUDGET = 200000 if _DESKTOP else 1000
# The C core's club check (firmware/native/core/club.c), the Pico's: about 46k nodes a
# second there (bench/bench_claim_pico.py: 40000 nodes in 871 emulated ms), so a claim
# is decided within a second or left undecided (35000 leaves room for the call's own
# Python); a desktop does millions a second.
CLUB_NATIVE_BUDGET = 5000000 if _DESKTOP else 35000
# Its memory: 2 KB of frames, the rest a memo of exhausted trick starts (48 bytes each).
CLUB_BYTES = (1 << 22) if _DESKTOP else (1 << 15)
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
    return match.hand_tricks - match.trick.number + 1


def held_counts(match):
    """How many cards each seat still holds."""
    t = match.trick
    counts = [tricks_left(match)] * match.seats
    for i in range(t.n):
        counts[t.seats[i]] -= 1
    return counts


def law(game):
    """The event's claims law: `club` unless the options say `double-dummy`."""
    return game.options.get("claims") or "club"


def _listed(match, ev, key, counts, seat):
    """The cards of a claim's `cards` or `order` (codes, as listed), checked."""
    game = match.game
    listed = ev[key]
    if not isinstance(listed, list):
        raise EventError("'claim' " + key + " must be a list, got " + repr(listed))
    out = []
    shown = [0, 0, 0, 0]
    for text in listed:
        c = match._card(text)
        if game.inner is not None:
            c = game.inner[c]
        if match.played[c >> 4] & C.bit(c):
            raise EventError("claim shows " + repr(text) + ", which was already played")
        shown[c >> 4] |= C.bit(c)
        out.append(c)
    if len(listed) != counts[seat] or C.count(shown) != counts[seat]:
        raise EventError("seat " + str(seat) + " holds " + str(counts[seat])
                         + " cards; the claim shows " + str(len(listed)))
    return out, shown


def claim(match, ev):
    """Check a claim; the derived events."""
    seat = ev["seat"]
    game = match.game
    mute(game, seat, "claim")
    know = match.knowledge
    counts = held_counts(match)
    shown = order = None
    out = []
    if "order" in ev:
        order, shown = _listed(match, ev, "order", counts, seat)
    if "cards" in ev:
        _, cards_shown = _listed(match, ev, "cards", counts, seat)
        if shown is not None and cards_shown != shown:
            raise EventError("the claim's 'order' and 'cards' list different cards")
        shown = cards_shown
    if shown is not None:
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
    rule = law(game)
    event = {"ev": "x-claim", "hand": match.hand_no, "trick": t.number, "seat": seat,
             "call": "claim", "tricks": target, "law": rule}
    sizes = dict((s, counts[s]) for s in range(match.seats) if s not in known)
    said = taken(match, seat)
    try:
        if said is not None:    # the table's verdict, as the audit takes it (below)
            sound = said.get("sound")
            if sound is None:
                raise OutOfBudget()
        elif rule == "club":
            sound, deal, line = _check_club(game, seat, known, t, unseen, sizes, cant, order)
        else:
            sound, deal, line = _check(game, known, t, team, target, C.cards_of(unseen), sizes, cant)
    except OutOfBudget:
        event["sound"] = None
        _faced(match, seat, shown)
        return out + [event]
    event["sound"] = sound
    if not sound:
        _faced(match, seat, shown)
        if said is not None:
            event["deal"] = said.get("deal")
            event["line"] = said.get("line")
        else:
            event["deal"] = [[match.name(c) for c in deal[s]] for s in range(match.seats)]
            event["line"] = [match.name(c) for c in line]
        return out + [event]
    return out + [event] + _finish(match, team, "claim")


def taken(match, seat):
    """The table's verdict on this claim (its logged `x-claim`) where the audit takes it
    instead of its own search's: one search left it undecided within its node budget
    and the other decided it (judge/audit/claims.py). `match.verdicts`, set by the
    audit only: (hand, trick, seat) -> the logged event. None otherwise."""
    verdicts = getattr(match, "verdicts", None)
    if not verdicts:
        return None
    return verdicts.get((match.hand_no, match.trick.number, seat))


def _faced(match, seat, shown):
    """A claim that does not end the hand leaves the claimer's cards seen: the table
    knows his hand from then on, as the players do (the clubs' reading: a claimer's
    cards are faced), so a card he then plays against a duty is proven at the play,
    while its trick is on the table (the correction window of `revoke_correct`)."""
    if shown is not None and not match.known[seat]:
        held = match.holding[seat]
        for x in range(4):
            held[x] = shown[x]
        match.known[seat] = True


def _check_club(game, seat, known, trick, unseen, sizes, cant, order):
    """The club-law check: the C core's (`club`) when it is there, else rules/club.py.
    Raises OutOfBudget when it cannot be settled within its bounds."""
    core = native.core
    if isinstance(game.hot, native.Native) and hasattr(core, "club"):
        said = _in_core(_club_native, game, seat, known, trick, unseen, cant, order)
        if said is not None:
            return said
    from . import club
    hands = [known.get(s) for s in range(game.seats)]
    return club.check(game, seat, hands, trick, club.mask_of(unseen), sizes,
                      [club.mask_of(x) for x in cant], order, CLUB_BUDGET)


_club_mem = None


def _club_memory():
    """The C club check's memory (its frames, 2 KB, and the memo of exhausted trick
    starts): CLUB_BYTES, or the largest of its halves down to 4 KB the heap spares."""
    global _club_mem
    if _club_mem is None:
        _club_mem = _spare(CLUB_BYTES)
    if _club_mem is None:
        raise MemoryError()
    return _club_mem


def _spare(size):
    """A bytearray of `size`, or of the largest of its halves down to 4 KB that the
    heap can spare; None below that."""
    while size >= 4096:
        try:
            return bytearray(size)
        except MemoryError:
            size >>= 1
    return None


def _in_core(check, *args):
    """A check by the C core: its answer, or None when the core refuses the position
    (the Python rules judge it then). No heap for the search's frames: undecided
    (OutOfBudget); whatever else the core raises: one clear line."""
    try:
        return check(*args)
    except OutOfBudget:
        raise
    except MemoryError:
        raise OutOfBudget()
    except ValueError:
        return None
    except Exception as err:
        raise EventError("the claim cannot be checked: " + str(err))


def _flat(known, cant, seats):
    """The core's view of the seats: every hand in a row (a hidden one as empty), a bit
    per seat whose hand is known, and what each seat cannot hold, in a row."""
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
    return hands, mask, flat_cant


def _club_native(game, seat, known, trick, unseen, cant, order):
    core = native.core
    seats = game.seats
    hands, mask, flat_cant = _flat(known, cant, seats)
    out = [0] * (4 * seats + 65)
    r = core.club(game.hot.desc, trick.trump, trick.leader, trick.n, trick.cards, trick.led_suits,
                  hands, mask, list(unseen), flat_cant, seat, bytes(order or ()),
                  _club_memory(), CLUB_NATIVE_BUDGET, out)
    global last_nodes
    last_nodes = out[4 * seats + 64]
    if r < 0:           # OUT_OF_BUDGET, or TOO_DEEP
        raise OutOfBudget()
    if r == 1:
        return True, None, None
    deal = dict((s, C.cards_of(out[4 * s:4 * s + 4])) for s in range(seats))
    line = []
    for c in out[4 * seats:4 * seats + 64]:
        if c < 0:
            break
        line.append(c)
    return False, deal, line


last_nodes = 0      # nodes the C club check spent on the last claim (benches)


# -- concessions ------------------------------------------------------------------------
def concession_wait(game):
    """Seconds a partner has to object to a concession: the law, else the game's
    text (`concession_wait` on the game class; none names one: 10)."""
    return game.options.get("concession_wait") or getattr(game, "concession_wait", 10)


def _partners(game, seat):
    """The seats whose word a concession by `seat` waits for: its side's others, but a
    dummy (Manille's option `dummy`), whose partner speaks for both."""
    team = game.team_of[seat]
    dummy = getattr(game, "dummy", -1)
    return [s for s in range(game.seats) if s != seat and s != dummy and game.team_of[s] == team]


def mute(game, seat, word):
    """EventError when `seat` is a dummy (Manille's option `dummy`): it makes no calls."""
    if seat == getattr(game, "dummy", -1):
        raise EventError("seat " + str(seat) + " is the dummy: its partner "
                         + word + "s for the side")


def _concession(match, seat, tricks):
    return {"ev": "x-claim", "hand": match.hand_no, "trick": match.trick.number, "seat": seat,
            "call": "concede", "tricks": tricks}


def _late(match, ev):
    """True when `ev` comes after the pending concession's wait (its `t` past the
    end; without a `t`, or before the concession had one: taken as after it)."""
    until = match.conceding[1]
    t = ev.get("t")
    return until is None or not isinstance(t, int) or t >= until


def concede(match, ev):
    """A concession: it waits for the partners (or stands at once without any)."""
    seat = ev["seat"]
    game = match.game
    mute(game, seat, "concede")
    if game.teams != 2:
        raise EventError("a concession gives the hand to the other side: at a table of "
                         + str(game.teams) + " playing each for themselves, play it out")
    pending = match.conceding
    if pending is not None:
        by = pending[0]
        if game.team_of[seat] != game.team_of[by]:
            raise EventError("seat " + str(by) + "'s concession waits for its partner's word")
        if seat == by:
            if not _late(match, ev):
                raise EventError("seat " + str(seat) + "'s partner may object until t="
                                 + str(pending[1]))
            return stand(match, "wait")
        pending[2].append(seat)
        if len(pending[2]) == len(_partners(game, by)):
            return stand(match, "agreed")
        return []
    tricks = tricks_left(match)
    if not _partners(game, seat):
        event = _concession(match, seat, tricks)
        event["sound"] = True
        event["stood"] = "alone"
        return [event] + _finish(match, 1 - game.team_of[seat], "concede")
    wait = concession_wait(game)
    t = ev.get("t")
    until = t + 1000 * wait if isinstance(t, int) else None
    match.conceding = [seat, until, []]
    match.phase = CALLS         # the table waits for the partner's word
    event = _concession(match, seat, tricks)
    event["sound"] = None
    event["wait"] = wait
    if until is not None:
        event["until"] = until
    return [event]


def object_to(match, ev):
    """A partner objects to the pending concession: cancelled, play goes on; too
    late (after the wait), the concession stands."""
    seat = ev["seat"]
    game = match.game
    pending = match.conceding
    if pending is None:
        raise EventError("no concession to object to")
    by = pending[0]
    if seat not in _partners(game, by):
        raise EventError("only seat " + str(by) + "'s partner objects to its concession")
    t = ev.get("t")
    if pending[1] is not None and isinstance(t, int) and t >= pending[1]:
        return stand(match, "wait")
    match.conceding = None
    match.phase = PLAY
    event = _concession(match, by, tricks_left(match))
    event["sound"] = False
    event["objected"] = seat
    return [event]


def stand(match, how):
    """The pending concession binds its side: the hand ends."""
    by = match.conceding[0]
    match.conceding = None
    match.phase = PLAY
    event = _concession(match, by, tricks_left(match))
    event["sound"] = True
    event["stood"] = how
    return [event] + _finish(match, 1 - match.game.team_of[by], "concede")


def waiting(match, ev):
    """Any other input while a concession waits: after the wait (a `deal`), the
    concession stands first; within it the input is refused."""
    if ev.get("ev") == "deal" and _late(match, ev):
        return stand(match, "wait")
    raise EventError("seat " + str(match.conceding[0]) + " conceded: its partner objects "
                     "('object') or concedes too" + (" until t=" + str(match.conceding[1])
                                                     if match.conceding[1] is not None else ""))


def _check(game, known, trick, team, target, unseen, sizes, cant):
    """The claim check: the C core when it is there, else the pure-Python search.
    Raises OutOfBudget when it cannot be settled within its bounds (node budget,
    and on the Pico the C stack's depth). A position the core refuses (ValueError:
    hands, unseen cards and trick that do not fit together) is judged by the Python
    rules, as it would be without the core; a heap too full for the search's frames
    leaves the claim undecided; anything else the core raises is one EventError
    line, never a traceback."""
    if isinstance(game.hot, native.Native) and not hasattr(native.core, "claim") \
            and hasattr(native.core, "club"):
        # The Pico's core has the club check alone: a claim that stands by club law
        # stands double dummy too (one line for every deal is a line for each deal);
        # anything else is the Python rules' to judge (a claim is of every trick left).
        claimer = [s for s in known if game.team_of[s] == team]
        if claimer:
            try:
                if _club_native(game, claimer[0], known, trick, C.hand_of(unseen), cant, None)[0]:
                    return True, None, None
            except Exception:   # undecided, or no memory: the Python rules judge
                pass
    elif isinstance(game.hot, native.Native):
        said = _in_core(_check_native, game, known, trick, team, target, unseen, cant)
        if said is not None:
            return said
    return check_claim(game, known, trick, team, target, TRICKS, unseen, sizes, cant, PY_BUDGET)


_table = None


def _table_memory():
    """The transposition table, allocated once: TABLE_BYTES, or the largest of its
    halves down to 4 KB that the heap can spare (none below that: the search is
    slower, not wrong)."""
    global _table
    if _table is None:
        _table = _spare(TABLE_BYTES)
    return _table


def _check_native(game, known, trick, team, target, unseen, cant):
    core = native.core
    if stack_short():
        raise OutOfBudget()
    seats = game.seats
    hands, mask, flat_cant = _flat(known, cant, seats)
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
