"""Double-dummy analysis of a match: what each hand was worth with every card known
and both sides playing perfectly, and the points each side left on the table.

For every play of a hand whose cards are all known (every card was played, or the
table had the hands), the rest of the hand is solved before and after the card.
With perfect play the sum "points won so far + what the rest is worth" never
changes; a card that lowers it for its own side gave those points away. The sum
at the first lead is the hand's double-dummy value, and the points a side left on
the table are the total of what its own cards gave away.

`solve_position` is the one place that calls a solver: the C core
(`tapete_core.solve`, fast: a whole Malilla hand in about a second) when the game
is bound to it, else the rules' pure-Python search (`rules/solver.py`) under a
node budget. The core's API is being generalized; only that function knows it.
"""
import time

from . import split
from ..i18n import N_, _
from ..rules import cards as C
from ..rules import native, solver
from ..rules.duties import SEVEN
from ..rules.fold import apply
from ..rules.match import PLAY, Match
from ..rules.trick import Trick

PY_BUDGET = 400000          # nodes for the pure-Python search (about a few seconds)
CORE_BUDGET = 0             # the C core: no cap (a whole hand is its budget, DESIGN.md)
# The core's transposition table, allocated once (per process): 128 MB of entries
# and the 8 bytes of its header (the core uses the largest power of two of entries
# that fits: a bytearray of exactly 2**k bytes would use half of it). The first
# Botifarra hand of `tapete sim --game botifarra --fast --no-misplay` took 26.1 s to
# analyse with 2 MB of entries, 14.9 s with 16 MB, 15.6 s with 32 MB and 13.6 s with
# 64 MB (wall, one run each, load 1.2-1.8); its second, harder hand 98 s of CPU with
# 16 MB and 68 s with 64 MB (side by side in one run): a hand's searches share it.
# Later (the hand weighed from its last play back), hands 7 and 10 of that match's
# analysis took 34.1 s of CPU with 64 MB, 30.2 s with 128 MB; hands 2, 4 and 14 32.3,
# 30.3 and 29.9 s with 64, 128 and 256 MB: 128 MB, DDS's size (dds.h: 95 MB a thread
# by default, up to 160).
# 64 bytes more let the core put the entries on cache lines (mod_cpython.c: a bucket of
# four entries is then one line, not two).
TABLE_BYTES = 8 + (1 << 27) + 64
_table = None


BOUND_NONE = 0x7FFF         # the core's "no upper bound" (solve_host.h's TC_NO_BOUND)


# Why a hand has no value, or not every one: said in the players' language (the
# report's page prints them; a worker process is forked with the language set).
TOO_LARGE = N_("too large to solve here (no C core for this game)")


class TimeUp(Exception):
    """The hand's time limit ran out while a position was solved."""


def solve_position(game, hands, trick, team, seconds=0, keep=False, lo=0, hi=None, deal=None):
    """The points `team` takes from this position on (the cards already on `trick`
    included) with every hand known and perfect play on both sides; None when it
    cannot be solved here (no C core for this game, and too large for Python).
    `hands`: per seat a hand-shaped list of 4 suit sets of card codes. `seconds` > 0
    limits the C core's search (TimeUp past it). `keep`: the C core keeps what it
    learnt in the solves before, which must all have been of this hand and team
    (the analysis solves a hand's plays one after the other so: each a part of the
    last). `lo`, `hi` (None: none): bounds the value is known to lie within, which
    the C core starts from (they must hold: a card's value is at most, or at least,
    the value of the position it is played from). `deal` (hand-shaped, per seat):
    for a search that does not keep, every seat's cards at the hand's start, so that
    the searches after it that keep key a position alike whatever position each is
    of (earlier ones too), and find what the others learnt of it."""
    global _table
    if native.core is not None and isinstance(game.hot, native.Native):
        if _table is None:
            _table = bytearray(TABLE_BYTES)
        flat = []
        for h in hands:
            flat.extend(h)
        args = (game.hot.desc, trick.trump, trick.leader, trick.n, trick.cards, trick.led_suits, flat, team,
                native.core.POINTS, _table, CORE_BUDGET)
        if lo > 0 or hi is not None or deal is not None:
            bounds = (max(lo, 0), BOUND_NONE if hi is None else max(min(hi, BOUND_NONE), 0))
            extra = (seconds, 1 if keep else 0) + bounds
            if deal is not None:
                extra += ([x for h in deal for x in h],)
        else:
            extra = (seconds, 1) if keep else (seconds,) if seconds > 0 else ()
        try:
            v = native.core.solve(*(args + extra))
        except ValueError:
            return None
        if v == native.core.OUT_OF_BUDGET and seconds > 0:
            raise TimeUp()
        return v if v >= 0 else None
    try:
        v, _line = solver.solve(game, hands, trick, team, solver.POINTS, PY_BUDGET)
    except solver.OutOfBudget:
        return None
    return v


class HandValue:
    """The analysis of one hand (for team 0 and its opponents)."""

    def __init__(self, hand):
        self.hand = hand
        self.value = None       # [team 0, team 1]: the double-dummy points from the first lead
        self.played = None      # [team 0, team 1]: the points the play actually made
        self.left = [0, 0]      # points each side left on the table
        self.costly = []        # (trick, seat, card, points given away), the costliest first
        self.options = []       # (trick, seat, card, [(card it could have played, value), ...]):
                                # per play with a choice, the hand's value for the player's side
                                # after each legal card (the one played included), best first
        self.why = None         # why there is no value (hands not known, too large, ...)

    def as_dict(self):
        return {"hand": self.hand, "value": self.value, "played": self.played, "left": self.left,
                "costly": self.costly, "options": self.options, "why": self.why}


class _Hand:
    """The hand under analysis: every seat's cards still held, and the running sums."""

    def __init__(self, value, holdings):
        self.value = value
        self.holdings = holdings
        self.banked = [0, 0]        # points of the tricks each side has won so far
        self.total = 0              # every point of the hand (cards, tricks, last trick)
        self.limit = 0              # seconds the hand may take (0: no limit)
        self.deadline = None        # time.thread_time() when they are spent (CPU: the limit
                                    # cuts a hand where it would on an idle machine)
        self.plays = []             # (before, play, trick, after): each play with the positions
                                    # before it (trick, holdings, banked) and after it (the
                                    # same and whether the hand is over), in play order
        self.pending = []           # (before, play, trick, q after it): the plays as the second
                                    # pass gives them their options (_figures); before ends
                                    # with its q
        self.first_lead = None      # the first lead's cards as the second pass found them:
                                    # {card: team 0's q after it}
        self.jobs = 1               # processes its searches may be shared among (split.py)
        self.cores = None           # the report's idle cores (split.Cores; None: fork at once)

    def start_clock(self):
        """The limit runs from now: CPU time of this thread, which the C core's search
        counts too (driver.c's seconds_now), so a hand is cut where it would be on an
        idle machine, and the page is the same whatever else the machine runs."""
        self.deadline = time.thread_time() + self.limit if self.limit > 0 else None

    def seconds_left(self):
        """The time the next search may take: 0 for no limit, else what is left (a
        spent limit still gives the search a moment, which then stops at once)."""
        if self.deadline is None:
            return 0
        return max(self.deadline - time.thread_time(), 1e-6)

    def left(self):
        """The CPU seconds the hand has left (None: no limit), which a helper process
        forked now is given (split.share)."""
        return None if self.deadline is None else self.deadline - time.thread_time()

    def restart(self, left):
        """In a helper process just forked (its CPU time counted from 0): the time the
        hand had left at the fork, on this process's clock."""
        self.deadline = None if left is None else time.thread_time() + left

    def share(self, count, search, on_result=None):
        """{i: search(i)} for i in range(count), independent searches of this hand,
        shared among its processes (split.share: `jobs` of them, the forked ones
        starting from this one's table); split.CUT where the time ran out (TimeUp)."""
        def work(i):
            try:
                return search(i)
            except TimeUp:
                return split.CUT
        return split.share(count, work, self.jobs - 1, self.cores, on_result, self)


def analyse(inputs, limit=0, progress=None, jobs=1, cap=True):
    """{hand number: HandValue} for a match's input events, as judge/history.py
    `History.ruled_inputs` gives them: any play an x-undo took back left out, and the
    director's penalties carried along (`_match`). `limit` > 0: CPU seconds of
    search a hand may take; past them the hand's analysis stops there and says so (its
    `why`). `progress(done, total)` is called after each play, counted over the match.
    `jobs` > 1: hands are analysed in that many processes at once, and a hand's
    independent searches (its first lead's cards, the other cards of its plays) are
    shared among processes forked from the hand's own (split.py), the same values.
    `cap`: a hand forks such a helper only when one of the `jobs` cores is idle (no
    hand weighed beside it, no other helper); else each hand forks `jobs` - 1 at once.
    A hand split so counts its limit in each of its processes: each may take the CPU
    seconds the hand had left when it was forked. jobs=1: one process, no fork."""
    if jobs > 1:
        hands = _hand_numbers(inputs)
        if len(hands) > 1:
            return _analyse_in_parallel(inputs, limit, progress, jobs, hands, cap)
    return _analyse(inputs, limit, progress, jobs=jobs)


def _analyse(inputs, limit=0, progress=None, only=None, jobs=1, cores=None):
    """analyse's work in one process; `only`: the one hand number to weigh (the fold
    stops after it, and `progress` counts its plays alone); `jobs`, `cores`: what a
    hand's searches may be shared among (_Hand.share).

    The fold notes each play's position; once the hand is over it is weighed in two
    passes, so that a time limit costs what is dearest and least read. First each
    play's position, from the last play back to the first lead's (_plays_back), which
    with the first lead's cards give the hand's value, the points made and left and
    the costliest cards; then every other card the players could have played, from
    the last trick back to the first (_other_cards). The first trick's are whole-hand
    searches, as dear as the rest of the hand together; weighed last, a hand cut
    short misses only the earliest of them. The first lead's cards and the second
    pass are one list of independent searches, which the hand's processes share
    when there are several (jobs > 1); in one process they are made in that order,
    one after the other, as before the list was shared."""
    dealt = _dealt_by_hand(inputs)
    m = _match(inputs)
    out = {}
    h = None
    count = _Count(progress, sum(1 for ev in inputs if ev.get("ev") == "play"))
    for ev in inputs:
        name = ev.get("ev")
        if only is not None and m.game is not None and m.hand_no > only:
            break
        mine = only is None or (m.game is not None and m.hand_no == only)
        if name == "play" and mine and m.phase == PLAY and m.trick.number == 1 and m.trick.n == 0:
            h = _start(m, out, dealt.get(m.hand_no), limit)
            h.jobs, h.cores = jobs, cores
        trick_no = m.trick.number if m.game is not None else 0
        before = _position(m, h) if name == "play" and h is not None else None
        accepted, derived = apply(m, ev)
        if not accepted:
            continue        # refused: it changed nothing (rules/fold.py)
        if before is not None:
            h.plays.append((before, ev, trick_no, _after_play(m, h, ev, derived)))     # counted once weighed
        elif name == "play" and mine:
            count.one()
        if h is not None and any(d.get("ev") == "hand_end" or d.get("ev") == "x-claim"
                                 and not (d.get("call") == "concede" and d.get("sound") is not True)
                                 for d in derived):   # a concession waiting or cancelled: play goes on
            _weigh(m.game, h, count)
            _finish(h, any(d.get("ev") == "x-claim" for d in derived))
            h = None
    if h is not None:       # the log ends inside the hand: its plays so far
        _weigh(m.game, h, count)
    return out


def _match(inputs):
    """A Match for replaying `inputs`, under the director's penalties they carry
    (judge/history.py `Ruled`: the match as finally ruled) or, without, the law's."""
    m = Match()
    m.overrides = getattr(inputs, "overrides", None) or None
    return m


def _weigh(game, h, count):
    """The hand's two passes (_analyse), its plays all noted; its time limit runs
    from here."""
    h.start_clock()
    count.hand = 0
    q = _plays_back(game, h)
    if q is not None:
        _other_cards(game, h, q, count)
    for _ in range(len(h.plays) - count.hand):      # not weighed: counted all the same
        count.one()


def _plays_back(game, h):
    """The first pass: team 0's points (banked, and the rest's value) at the first lead
    and after each play, solved from the last play back to the first lead; its list,
    whose first item is None where the first lead is to be valued as the best of its
    cards (_first_lead, in the second pass's searches); None, with the hand's `why`,
    where it could not be made.

    A card's value is at most, or at least, the value of the position it is played
    from (the player's side takes the best), and equal when it was the best: each
    position is searched from that bound, the value after its play, which settles a
    best card in one test, and the kept table holds the positions after it, which its
    search meets again. So the whole hand comes last and cheapest: hands 2, 7 and 10
    of the sim's Botifarra match took 31.0 s of CPU so, where the whole hand first,
    then each play in order took 38.2 s (the same values). The whole hand itself is
    the best of the first lead's cards (_first_lead)."""
    hv = h.value
    if h.holdings is None or not h.plays:
        return None
    positions = [h.plays[0][0]] + [after for _b, _ev, _t, after in h.plays]
    q = [None] * len(positions)     # per position: team 0's banked + the rest's value
    first = True
    for k in range(len(positions) - 1, -1, -1):
        trick, holdings, banked = positions[k][:3]
        lo, hi = 0, None
        if k == len(positions) - 1:
            if positions[k][3]:
                q[k] = banked[0]    # the hand is over
                continue
        elif _forced(game, holdings, trick, h.plays[k][1].get("seat")):
            q[k] = q[k + 1]         # one card to play, or only alike ones: the value it leaves
            continue
        elif game.team_of[h.plays[k][1].get("seat")] == 0:
            lo = q[k + 1] - banked[0]
        else:
            hi = q[k + 1] - banked[0]
        if k == 0 and not first:
            break                   # the first lead's cards: _first_lead
        try:
            rest = solve_position(game, holdings, trick, 0, h.seconds_left(), keep=not first, lo=lo, hi=hi,
                                  deal=positions[0][1] if first else None)
        except TimeUp:
            hv.why = _no_value(h, k)
            return None
        if rest is None:
            hv.why = _(TOO_LARGE)
            return None
        first = False
        q[k] = banked[0] + rest
    return q


def _no_value(h, k):
    """The hand's `why` when the time ran out in the first pass at play k (or in the
    first lead's cards: k = 0)."""
    return _("cut short by the time limit (%(s)g s a hand): no value for this hand (its plays were "
             "weighed from the last back to trick %(n)d)") % {"s": h.limit, "n": h.plays[k][2]}


def _figures(game, h, q):
    """The hand's value, the points each card gave away, and h.pending for the second
    pass's options, from the first pass's list (_plays_back), complete."""
    hv = h.value
    hv.value = [q[0], None]
    for k, (before, ev, trick_no, after) in enumerate(h.plays):
        seat = ev.get("seat")
        change = q[k + 1] - q[k]
        side = game.team_of[seat]
        lost = -change if side == 0 else change     # what this card gave the other side
        if lost > 0:
            hv.left[side] += lost
            hv.costly.append((trick_no, seat, ev.get("card"), lost))
        h.pending.append((before + (q[k],), ev, trick_no, q[k + 1]))


def _first_lead(game, h):
    """The first lead's searches: ((the leader's legal cards, their groups: _groups),
    [the first card of each group but the played one's]). The whole hand's value
    (what the rest is worth at the first lead, nothing banked yet) is the best of the
    leader's cards, each searched, rather than a search of its own: that search proves
    every card's bound again, and the second pass needs every card's value all the
    same (kept: h.first_lead). The sim's Botifarra match's report: 66.3 s -> 61.7 s,
    the same page. Each is searched with no bound, from the value of the card searched
    before it in its process (the C core's guess): independent searches."""
    before, ev = h.plays[0][:2]
    cards, groups = _groups(game, before, ev)
    played = _code(game, ev.get("card"))
    return (cards, groups), [g[0] for g in groups if played not in g]


class _Count:
    """The plays weighed so far, for `progress(done, total)`; `hand`: those of the
    hand being weighed."""

    def __init__(self, progress, total):
        self.progress = progress
        self.total = total
        self.done = 0
        self.hand = 0

    def one(self):
        self.done += 1
        self.hand += 1
        if self.progress is not None:
            self.progress(self.done, self.total)


def _other_cards(game, h, q, count):
    """The hand's second pass: every other card its plays could have been, from the
    last play back to the first (h.value.options, in play order); a time limit
    reached there leaves the earlier plays' other cards out and says which. With
    it, where `q` (the first pass's list) starts with None, the first lead's cards
    (_first_lead), whose best is the hand's value; the hand's figures (_figures)
    once that is known.

    Each play's other cards are searched from the position it was played from,
    bounded by that position's value, whatever the other plays' cards are worth, and
    the first lead's with no bound: they are one list of searches, the first lead's
    first, then from the last play back, shared among the hand's processes
    (_Hand.share; one list, so that no process waits for another's last search
    between the two), each play counted for the progress once its last card is in.
    Where the time runs out in the first lead's, the hand has no value, as when the
    first pass is cut; in the others', the plays from the latest one a search of
    which was cut back to the first lead are left out; as when one process makes
    the searches in order."""
    hv = h.value
    searches = []       # (play's index in h.plays, card to search)
    groups = [None] * len(h.plays)      # per play: (its legal cards, their groups)
    if q[0] is None:
        groups[0], lead = _first_lead(game, h)
        searches.extend((0, c) for c in lead)
    for k in range(len(h.plays) - 1, -1, -1):
        before, ev = h.plays[k][:2]
        if k == 0 and q[0] is None:
            continue
        cards, alike = groups[k] = _groups(game, before, ev)
        played = _code(game, ev.get("card"))
        searches.extend((k, g[0]) for g in alike if played not in g)
    waiting = [0] * len(h.plays)
    for k, _c in searches:
        waiting[k] += 1
    for k in range(len(h.plays) - 1, -1, -1):
        if not waiting[k]:
            count.one()

    def search(i):
        k, c = searches[i]
        before, ev = h.plays[k][:2]
        if q[k] is None:        # the first lead's
            trick, holdings, banked = before
            seat = ev.get("seat")
            return _value_after(game, trick, holdings, banked, seat, c, h.seconds_left(), None, game.team_of[seat])
        return _other_card(game, h, ev, before + (q[k],), c)

    def weighed(i, _value):
        k = searches[i][0]
        waiting[k] -= 1
        if not waiting[k]:
            count.one()
    values = h.share(len(searches), search, weighed)
    found = [{} for _k in h.plays]
    for i, (k, c) in enumerate(searches):
        found[k][c] = values[i]
    if q[0] is None:        # the first lead's cards: the hand's value
        if split.CUT in found[0].values():
            hv.why = _no_value(h, 0)
            return
        h.first_lead = _card_values(game, h.plays[0][1], q[1], groups[0][0], groups[0][1], found[0])
        if h.first_lead is None:
            hv.why = _(TOO_LARGE)
            return
        best = max if game.team_of[h.plays[0][1].get("seat")] == 0 else min
        q[0] = h.plays[0][0][2][0] + best(h.first_lead.values())
    _figures(game, h, q)
    cut = None
    for k in range(len(h.plays) - 1, -1, -1):
        before, ev, trick_no, q_after = h.pending[k]
        if split.CUT in found[k].values():
            cut = trick_no
            break
        _options(game, h, ev, trick_no, q_after, groups[k], found[k])
    h.pending = []
    h.value.options.reverse()
    if cut is not None:
        h.value.why = (_("cut short by the time limit (%(s)g s a hand): the other cards of trick 1 are not "
                         "weighed") if cut == 1 else
                       _("cut short by the time limit (%(s)g s a hand): the other cards of tricks 1 to %(n)d "
                         "are not weighed")) % {"s": h.limit, "n": cut}


def _hand_numbers(inputs):
    """{hand number: its plays} for every hand with a play accepted, in play order."""
    m = _match(inputs)
    hands = {}
    for ev in inputs:
        n = m.hand_no if m.game is not None else None
        if apply(m, ev)[0] and ev.get("ev") == "play":
            hands[n] = hands.get(n, 0) + 1
    return hands


_queue = None           # a worker's line back to the parent: one item a play
_cores = None           # the report's idle cores (split.Cores), None: a hand forks at once


def _worker_start(queue, cores):
    global _queue, _cores
    _queue = queue
    _cores = cores


def _worker_hand(args):
    """One hand's analysis in a worker process: (hand number, its HandValue or None);
    the worker holds a core meanwhile (when they are counted)."""
    inputs, limit, n, jobs = args
    if _cores is not None:
        _cores.wait()
    try:
        out = _analyse(inputs, limit, lambda done, total: _queue.put(1), only=n, jobs=jobs, cores=_cores)
    finally:
        if _cores is not None:
            _cores.give()
    return n, out.get(n)


def _analyse_in_parallel(inputs, limit, progress, jobs, hands, cap):
    """analyse over min(`jobs`, hands) worker processes (forked: each has its own
    table), one hand a task in match order, each hand's searches shared among up to
    `jobs` processes (counted across the report when `cap`); the progress counts every
    play as a worker weighs it."""
    import multiprocessing
    ctx = multiprocessing.get_context("fork")
    queue = ctx.Queue()
    total = sum(1 for ev in inputs if ev.get("ev") == "play")
    done = 0
    out = {}
    pool = ctx.Pool(min(jobs, len(hands)), _worker_start, (queue, split.Cores(ctx, jobs) if cap else None))
    try:
        pending = pool.imap_unordered(_worker_hand, [(inputs, limit, n, jobs) for n in hands], 1)
        left = len(hands)
        while left:
            try:
                n, hv = pending.next(timeout=0.05)
                left -= 1
                if hv is not None:
                    out[n] = hv
            except multiprocessing.TimeoutError:
                pass
            while not queue.empty():
                queue.get()
                done += 1
                if progress is not None:
                    progress(min(done, total), total)
        pool.close()
    finally:
        pool.terminate()
        pool.join()
    while done < total:     # a worker's last items may still be in the pipe
        done += 1
        if progress is not None:
            progress(done, total)
    return dict(sorted(out.items()))


def _dealt_by_hand(inputs):
    """{hand number: {seat: [printed cards]}} for the hands whose every card is known
    (the `hand` events, or each seat played its whole hand)."""
    out = {}
    m = _match(inputs)
    plays, shown = {}, {}

    def close():
        if m.game is None or not m.hand_no:
            return
        got = {}
        for s in range(m.seats):
            cards = shown.get(s) or plays.get(s, [])
            if len(cards) != m.hand_cards:
                return
            got[s] = cards
        out[m.hand_no] = got
    for ev in inputs:
        name = ev.get("ev")
        if name == "deal":
            close()
            plays, shown = {}, {}
        if not apply(m, ev)[0]:
            continue
        if name == "play":
            plays.setdefault(ev.get("seat"), []).append(ev.get("card"))
        elif name == "hand":
            shown[ev.get("seat")] = list(ev.get("cards") or [])
    close()
    return out


def _code(game, printed):
    c = C.parse(printed)
    return game.inner[c] if game.inner is not None else c


def _start(m, out, dealt, limit=0):
    """The hand's analysis begins at its first lead: every seat's cards (weighed once
    the hand is over, _weigh)."""
    game = m.game
    hv = out[m.hand_no] = HandValue(m.hand_no)
    if m.teams != 2:
        hv.why = _("each plays for themselves: there are no two sides to weigh")
        return _Hand(hv, None)
    if dealt is None:
        hv.why = _("not every card of the hand is known (it ended early with hidden hands)")
        return _Hand(hv, None)
    holdings = []
    for s in range(m.seats):
        hand = [0, 0, 0, 0]
        for printed in dealt[s]:
            c = _code(game, printed)
            hand[c >> 4] |= C.bit(c)
        holdings.append(hand)
    h = _Hand(hv, holdings)
    h.limit = limit
    h.total = sum(game.points_of[c] for hand in holdings for c in C.cards_of(hand)) + \
        m.hand_tricks * game.trick_point + game.last_trick
    return h


def _after_play(m, h, ev, derived):
    """The play taken into the hand's holdings and banked points: the position after
    it, (trick, holdings, banked, whether the hand is over), copies."""
    game = m.game
    c = _code(game, ev.get("card"))
    h.holdings[ev.get("seat")][c >> 4] &= ~C.bit(c)
    for d in derived:
        if d.get("ev") == "trick" and d.get("winner") is not None:
            h.banked[game.team_of[d["winner"]]] += _trick_value(game, d, m)
    over = not (m.phase == PLAY and m.hand_no == h.value.hand)
    return _copies(m, h) + (over,)


def _position(m, h):
    """The position before a play: (trick, holdings, banked), copies; None when the
    hand is not weighed (its cards unknown, or no two sides)."""
    if h.holdings is None or m.phase != PLAY or m.hand_no != h.value.hand:
        return None
    return _copies(m, h)


def _copies(m, h):
    t = Trick(m.game)
    t.copy_from(m.trick)
    return t, [list(x) for x in h.holdings], list(h.banked)


def _other_card(game, h, ev, before, c):
    """Team 0's banked points and the rest's value after the player of `ev` plays `c`
    (a card of a group other than the one played) from `before`, which ends with the
    value of that position, the bound of every card's (_value_after). None when a
    search could not be made; TimeUp when the hand's time limit runs out."""
    trick, holdings, banked = before[:3]
    seat = ev.get("seat")
    return _value_after(game, trick, holdings, banked, seat, c, h.seconds_left(), before[3], game.team_of[seat])


def _options(game, h, ev, trick_no, q_played, groups, searched):
    """Every legal card the player could have played instead, with the hand's value
    for the player's side after it (both sides perfect from there): h.value.options.
    `q_played`: team 0's banked points and the rest's value after the card played;
    `groups`: (the legal cards, their groups: _groups), `searched`: {first card of
    each group but the played one's: its value}."""
    seat = ev.get("seat")
    q = _card_values(game, ev, q_played, groups[0], groups[1], searched)
    if q is None or len(q) < 2:
        return
    side = game.team_of[seat]
    got = [(_printed(game, c), x if side == 0 else h.total - x) for c, x in q.items()]
    got.sort(key=lambda x: -x[1])
    h.value.options.append((trick_no, seat, ev.get("card"), got))


def _groups(game, before, ev):
    """(the legal cards of the player of `ev` at `before`, in the hand's order of
    cards; the same in groups of alike cards, _alike)."""
    trick, holdings = before[:2]
    cards = C.cards_of(game.legal(holdings[ev.get("seat")], trick))
    return cards, _alike(game, holdings, trick, cards)


def _card_values(game, ev, q_played, cards, groups, searched):
    """{legal card: team 0's banked points and the rest's value after it} for a play,
    in the hand's order of `cards`, from the value after the card played (`q_played`)
    and `searched`, {first card of each other one of `groups`: its value}; None when
    a search could not be made."""
    played = _code(game, ev.get("card"))
    value = {}
    for group in groups:
        q = q_played if played in group else searched[group[0]]
        if q is None:
            return None
        for c in group:
            value[c] = q
    return {c: value[c] for c in cards}


def _forced(game, holdings, trick, seat):
    """Is every legal card of `seat` alike (_alike), one card above all, so that the
    position's value is the value after whichever is played? (A third of a Botifarra
    hand's plays: no search.)"""
    cards = C.cards_of(game.legal(holdings[seat], trick))
    return len(cards) < 2 or len(_alike(game, holdings, trick, cards)) == 1


def _alike(game, holdings, trick, cards):
    """The legal `cards` in groups of equivalent cards, each group strongest first: of
    one suit, next to each other among the cards still in play (every hand's and the
    trick's), worth the same points. Whichever of a group is played, the rest of the
    hand is the same game, so one solve values the group. This is the C core's own
    collapse (moves.c, whose values the differential tests prove), kept off where it
    is off: suitless games, ties that draw, and the 7 under the seven duty."""
    if game.suitless or game.draws:
        return [[c] for c in cards]
    seven = game.duties & SEVEN
    legal = set(cards)
    present = [c for hand in holdings for c in C.cards_of(hand)] + list(trick.cards[:trick.n])
    present.sort(key=lambda c: (c >> 4, -game.strength[c]))
    groups = []
    group = None
    for c in present:
        if c not in legal:
            group = None        # a card between them in play: they differ
            continue
        if group is not None and group[0] >> 4 == c >> 4 and game.points_of[group[0]] == game.points_of[c] \
                and not (seven and ((c & 15) == 6 or (group[0] & 15) == 6)):
            group.append(c)
            continue
        group = [c]
        groups.append(group)
    return groups


def _value_after(game, trick, holdings, banked, seat, c, seconds, q_before, side):
    """Team 0's banked points plus the rest's value after `seat` plays `c` there. A
    legal card of `side` gives team 0 at most `q_before` (the position's value, team
    0's banked points with it) when side is 0, at least when it is 1: the position's
    value is the best of its cards' for the side to play. The search starts from that
    bound, and a card as good as the best is settled by one test."""
    t = Trick(game)
    t.copy_from(trick)
    hands = [list(x) for x in holdings]
    hands[seat][c >> 4] &= ~C.bit(c)
    banked = list(banked)
    t.add(seat, c)
    if t.n == game.seats:
        left = any(any(x) for x in hands)
        if not t.drawn:
            won = game.trick_point + (0 if left else game.last_trick)
            for x in t.cards[:t.n]:
                won += game.points_of[x]
            banked[game.team_of[t.winner]] += won
        if not left:
            return banked[0]
        t.start(t.leader if t.drawn else t.winner)
    if q_before is None:
        rest = solve_position(game, hands, t, 0, seconds, keep=True)
    elif side == 0:
        rest = solve_position(game, hands, t, 0, seconds, keep=True, hi=q_before - banked[0])
    else:
        rest = solve_position(game, hands, t, 0, seconds, keep=True, lo=q_before - banked[0])
    return None if rest is None else banked[0] + rest


def _printed(game, c):
    """The printed card of a card code of the hand."""
    return C.name(game.outer[c] if game.outer is not None else c)


def _trick_value(game, trick_ev, m):
    """What a completed trick is worth to its winner (card points, the trick's own
    point, the last trick's bonus), as the solver counts it."""
    v = game.trick_point
    for name in trick_ev.get("cards") or []:
        v += game.points_of[_code(game, name)]
    if trick_ev.get("n") == m.hand_tricks:
        v += game.last_trick
    return v


def _finish(h, claimed):
    """The hand is over: both sides' figures."""
    hv = h.value
    if hv.value is None:
        return
    if claimed:
        claim = _("ended by a claim: the value is given, the play after it was not made")
        hv.why = claim if hv.why is None else claim + "; " + hv.why
        hv.played = None
        return
    hv.value[1] = h.total - hv.value[0]
    hv.played = list(h.banked)
    hv.costly.sort(key=lambda x: -x[3])
