"""Reader layer: every seat's MFRC522 polled in turn -> placed / removed events.

Two ways to drive the fields, chosen by the board (boards/__init__.py: steady_fields):
one field at a time (up to 6 seats: the least current, no field ever near another)
or steady fields (every antenna on for good: 12 seats at 20 Hz, where settling each
field in turn cannot be fast enough).

One field at a time: a round visits each seat once with only that seat's antenna on
(neighbouring fields would wake each other's tags), ending with the seat set as
`last` (the seat to play: its new card is weighed the moment its visit ends, not a
round later). The field comes on at each visit, so every tag starts in IDLE:
  * each card already present is confirmed with WUPA + SELECT of its known UID
    (WUPA, not REQA: a card lying still must keep answering), with retries; no HLTA
    for the seat's last card: the REQA that looks for new cards sends a selected
    tag back to IDLE without an answer (ISO/IEC 14443-3, the ACTIVE state), and its
    field goes off at the end of the visit anyway;
Steady fields: a tag keeps its state while it lies in a field, so a card once
placed is kept in HALT, where REQA does not wake it. A visit is then one REQA when
nothing is new; the cards lying still are confirmed (WUPA + SELECT + HLTA) at one
seat in `confirm_every` each round, and their misses count those confirmations.
Only this seat's own cards are ever HALTed: a neighbour's tag reached by crosstalk
is left in IDLE, or its own reader's REQA would never find it.
In both:
  * new cards are caught with REQA, then anticollision/SELECT at reduced receiver
    gain + HLTA: a card lying on this reader answers there ("strong"), a
    neighbour's tag reached by crosstalk does not; one not heard is selected at
    normal gain and probed once more at low gain ("weak" if silent again).
At the end of the round the evidence is weighed:
  * a present card is removed (lifted) after `misses` confirmations in a row without
    an answer, each of `confirm_tries` tries (a lost frame is retried in the same
    visit: one missed answer is no miss); a corrupted reply (parity, CRC, BCC) is no
    answer either way. `misses` is 2 (docs/pico.md "Lifted or still there"): one
    silent confirmation can be a burst of lost frames (at 15 % of frames lost, 0.3 %
    of a 7-byte card's confirmations are: 3 frames a try, 6 tries), two in a row are
    a card gone (1e-5), and a card lifted and laid back two rounds later is seen as
    such: lifted, then laid anew. One field at a time, a tag starts from IDLE at
    every visit, so a card away for one visit only looks exactly like a flaky read,
    and is not a lift;
  * steady fields: a card lying still is HALTed, and a HALTed tag answers only WUPA;
    one that answers REQA has lost the field's power: it was lifted and laid back
    (at once, however short the lift). It is removed and found anew in the same
    round. A card counts so once confirmed (WUPA, SELECT, HLTA) after its placement:
    a HLTA lost at its placement leaves it out of HALT (a second REQA after a HLTA
    finds it then, one lost at the confirmation too is a chance of p^3); a tag woken
    from HALT falls back to HALT on any frame it does not expect;
  * a new card is placed at the one seat with strong sightings; a UID already
    present elsewhere, or seen only weakly, is counted as crosstalk and never
    placed twice; strong sightings at two seats, or a weak-only card that
    lingers, give one `conflict` event.
Events go to a preallocated ring; a scan in steady state allocates nothing.
It knows nothing about games: `deck.lookup(uid, n)` turns a UID into a code. A tag no
deck knows is read while it is selected, at its first sighting: a deck that carries
its own names (reader/ndef.py, docs/decks.md) needs no enrolment; in the menu's
write-deck mode (`writing`) the next new tag is written instead, then read back.
"""
from micropython import const
import time

from drivers.mfrc522 import OK, NO_TAG

PLACED = const(1)
REMOVED = const(2)
UNKNOWN = const(3)
CONFLICT = const(4)
KIND_NAMES = ("", "placed", "removed", "unknown", "conflict")

_HIT = const(1)
_MISS = const(2)
_UNCLEAR = const(3)
_RELAID = const(4)       # steady fields: a HALTed card answered REQA (lost the field's power)
_NOT_OURS = const(255)   # record.NOT_OURS (not imported: it loads on a new tag only)
_SETTLED = const(1)     # steady fields: confirmations before a REQA answer means a re-lay


class Event:
    """An event read from the ring: kind, seat, card (code, or -1 when not
    enrolled), uid[:uid_len]. EventRing.get() refills the same one: copy what you keep.
    """

    def __init__(self):
        self.kind = 0
        self.seat = -1
        self.card = -1
        self.uid = bytearray(10)
        self.uid_len = 0

    def uid_hex(self):
        """The UID as hex text (allocates: for logs and enrolment)."""
        return "".join("%02x" % self.uid[i] for i in range(self.uid_len))

    def as_tuple(self):
        """(kind name, seat, card or uid hex): allocates, for logs and tests."""
        return (KIND_NAMES[self.kind], self.seat, self.card if self.card >= 0 else self.uid_hex())


class EventRing:
    """Fixed ring of events in flat byte buffers (an object per slot would cost
    ~200 bytes of heap each); when full the oldest is dropped (and counted)."""

    def __init__(self, size=32):
        self.size = size
        self._kind = bytearray(size)
        self._seat = bytearray(size)
        self._card = bytearray(size)     # code + 1: 0 when not enrolled
        self._n = bytearray(size)
        self._uid = bytearray(size * 10)
        self._e = Event()
        self.head = 0
        self.count = 0
        self.dropped = 0

    def __len__(self):
        return self.count

    def push(self, kind, seat, card, uid, n):
        size = self.size
        if self.count == size:
            self.head = (self.head + 1) % size
            self.count -= 1
            self.dropped += 1
        k = (self.head + self.count) % size
        self._kind[k] = kind
        self._seat[k] = seat
        self._card[k] = card + 1
        u = self._uid
        for i in range(n):
            u[k * 10 + i] = uid[i]
        self._n[k] = n
        self.count += 1

    def get(self):
        """The oldest event (the ring's one Event, refilled), or None."""
        if not self.count:
            return None
        k = self.head
        e = self._e
        e.kind = self._kind[k]
        e.seat = self._seat[k]
        e.card = self._card[k] - 1
        n = e.uid_len = self._n[k]
        u = self._uid
        for i in range(n):
            e.uid[i] = u[k * 10 + i]
        self.head = (k + 1) % self.size
        self.count -= 1
        return e


def _same(a, an, b, bn):
    if an != bn:
        return False
    for i in range(an):
        if a[i] != b[i]:
            return False
    return True


class _Card:
    """A UID being tracked: present at a seat, or a candidate being weighed."""

    def __init__(self, seats):
        self.uid = bytearray(10)
        self.n = 0
        self.card = -1
        self.misses = 0
        self.result = 0
        self.strong = bytearray(seats)
        self.weak = bytearray(seats)
        self.age = 0            # a candidate: rounds weighed; present: confirmations
                                # since it was placed, up to _SETTLED (one attribute
                                # more would grow every _Card's dict)
        self.last = 0
        self.flagged = False
        self.first_us = 0       # ticks_us of its first sighting

    def take(self, uid, n, t_us=0):
        for i in range(n):
            self.uid[i] = uid[i]
        self.n = n
        for i in range(len(self.strong)):
            self.strong[i] = 0
            self.weak[i] = 0
        self.age = 0
        self.flagged = False
        self.first_us = t_us


class SeatReaders:
    """All seats' readers; `scan()` runs one round, `events.get()` yields the news.

    readers: one drivers.mfrc522.MFRC522 per seat (already init()ed);
    deck: object with lookup(uid, n) -> card code or -1 (None: every UID unknown);
    steady: every field stays on (`start()` switches them on; no settling), the
    cards lying still confirmed at one seat in `confirm_every` each round.
    """

    def __init__(self, readers, deck=None, misses=2, retries=3, settle_us=3000,
                 max_cards=2, ring=32, candidates=8, conflict_rounds=8,
                 forget_rounds=4, margin=2, sleep_us=None, ticks_ms=None, sleep_ms_async=None,
                 ticks_us=None, steady=False, confirm_every=3, confirm_tries=6):
        if not readers:
            raise ValueError("at least one reader")
        if misses < 1 or retries < 0 or max_cards < 1 or confirm_every < 1 or confirm_tries < 1:
            raise ValueError("misses >= 1, retries >= 0, max_cards >= 1, confirm_every >= 1, "
                             "confirm_tries >= 1")
        n = len(readers)
        self.readers = readers
        self.seats = n
        self.deck = deck
        self.misses = misses
        self.retries = retries
        self.confirm_tries = confirm_tries
        self.steady = steady
        self.settle_us = 0 if steady else settle_us
        self.confirm_every = confirm_every if steady else 1
        self.max_cards = max_cards
        self.conflict_rounds = conflict_rounds
        self.forget_rounds = forget_rounds
        self.margin = margin
        self._sleep_us = sleep_us if sleep_us is not None else time.sleep_us
        self._ticks_ms = ticks_ms if ticks_ms is not None else time.ticks_ms
        self._ticks_us = ticks_us if ticks_us is not None else time.ticks_us
        self._sleep_ms_async = sleep_ms_async  # the simulator passes one on its clock
        self.events = EventRing(ring)
        # present[seat * max_cards + k]: a card lying on the seat, or None.
        self.present = [None] * (n * max_cards)
        self._free = [_Card(n) for _ in range(n * max_cards)]
        self.pending = [_Card(n) for _ in range(candidates)]
        self._used = bytearray(candidates)
        # ticks_us of the first sighting of the card last placed at each seat (the
        # start of its card -> light time, firmware-timed: selftest.py's timing part)
        self.seen_us = [0] * n
        self.round = 0
        self.last = n - 1       # the seat visited last in a round (see `order`)
        self.stats = {"rounds": 0, "crosstalk": 0, "unclear": 0, "conflicts": 0,
                      "weak": 0, "full": 0, "relaid": 0, "read": 0, "written": 0}
        # Decks that carry their own names (reader/ndef.py): the tags read so far
        # (a deck.Deck made at the first, code or NOT_OURS), and the menu's
        # write-deck mode: `writing` (code, user memory bytes) goes to the next new
        # tag laid on a reader, `wrote` the tags written in this pass
        self.learning = True    # False while a deck is enrolled (its tags are new)
        self.learned = None
        self.writing = None
        self.wrote = None

    # -- public ---------------------------------------------------------------
    def cards_at(self, seat):
        """How many cards lie on `seat`."""
        c = 0
        m = self.max_cards
        for k in range(m):
            if self.present[seat * m + k] is not None:
                c += 1
        return c

    def card_at(self, seat, k=0):
        """The k-th present _Card at `seat` (uid, n, card), or None."""
        return self.present[seat * self.max_cards + k]

    def still(self, seat, card):
        """Is `card` still lying on `seat`: present, and its last confirmation
        answered? False once lifted, and while its lift is being confirmed (the
        controller asks before the law condones a card out of turn: a card lifted a
        moment before the next card was played on to it was taken back)."""
        m = self.max_cards
        for k in range(m):
            c = self.present[seat * m + k]
            if c is not None and c.card == card:
                return c.misses == 0
        return False

    def order(self, k):
        """The k-th seat of a round: the one after `last` first, `last` at the end."""
        s = self.last + 1 + k
        n = self.seats
        return s - n if s >= n else s

    def start(self):
        """Steady fields: switch every antenna on (at boot, and after a reader was
        reset). A card lying there is found anew by REQA, as after a power-up."""
        if self.steady:
            for r in self.readers:
                r.antenna(True)
            for c in self.present:
                if c is not None:
                    c.age = 0      # in IDLE now, as if laid back: settled again first

    def scan(self):
        """One round over every seat (blocking: each antenna settles in turn)."""
        for k in range(self.seats):
            s = self.order(k)
            self.begin_seat(s)
            if self.settle_us:
                self._sleep_us(self.settle_us)
            self.finish_seat(s)
        self.end_round()
        return self.events.count

    async def run(self, period_ms=50, rounds=-1):
        """Scan as an asyncio task (for ever, or `rounds` rounds); the antenna
        settling time yields to the other tasks (e-ink, LEDs, serial)."""
        import asyncio
        sleep = self._sleep_ms_async or asyncio.sleep_ms
        settle_ms = (self.settle_us + 999) // 1000
        while rounds != 0:
            t0 = self._ticks_ms()
            for k in range(self.seats):
                s = self.order(k)
                self.begin_seat(s)
                await sleep(settle_ms)
                self.finish_seat(s)
            self.end_round()
            left = period_ms - time.ticks_diff(self._ticks_ms(), t0)
            await sleep(left if left > 0 else 0)
            if rounds > 0:
                rounds -= 1

    def visit(self, s):
        """One more visit of seat s between a round's others (the seat whose card the
        table awaits: its card is placed the moment this visit sees it, not at the
        round's end). Blocking; every other field must be off. A card lying still is
        confirmed as in a round but its misses are counted by the rounds alone, so that
        extra visits never make a flicker look like a lifted card (steady fields: a
        visit only looks for new cards, the lying ones stay HALTed)."""
        self.begin_seat(s)
        if self.settle_us:
            self._sleep_us(self.settle_us)
        self.finish_seat(s, True)
        for j in range(len(self.pending)):
            if self._used[j]:
                p = self.pending[j]
                if p.strong[s] and p.last == self.round and self._clear(p) == s \
                        and self._place(s, p):
                    self._used[j] = 0

    def begin_seat(self, s):
        """Switch seat s's field on (every other field is off; steady: it is on)."""
        if not self.steady:
            self.readers[s].antenna(True)

    def finish_seat(self, s, extra=False):
        """Confirm the seat's cards, look for new ones, switch its field off (steady
        fields: the cards are confirmed in this seat's rounds only, never in an
        `extra` visit, and the field stays on)."""
        r = self.readers[s]
        steady = self.steady
        confirm = not steady or not extra and (self.round + s) % self.confirm_every == 0
        if confirm and not steady:
            self._confirm_seat(s, r)
        self._look(s, r)
        if confirm and steady:
            # after the look: a card laid back is in IDLE, and the REQA must find it
            # there before a WUPA (which wakes IDLE tags too) HALTs it as if it lay still
            self._confirm_seat(s, r)
        if not steady:
            r.antenna(False)

    def _confirm_seat(self, s, r):
        m = self.max_cards
        base = s * m
        for k in range(m):
            c = self.present[base + k]
            if c is not None:
                # HLTA only when another card of this seat is confirmed after it
                # (its WUPA would otherwise find this one again in READY), or in
                # steady fields, where it must stay out of the next REQA
                more = self.steady
                for k2 in range(k + 1, m):
                    if self.present[base + k2] is not None:
                        more = True
                c.result = self._confirm(r, c, more)
                if c.result == _RELAID:
                    self._lift(base + k, c)
                    self.stats["relaid"] += 1
                    self._look(s, r)

    def _look(self, s, r):
        """Look for new cards at seat s (REQA, selection, probe)."""
        m = self.max_cards
        steady = self.steady
        found = 0
        fails = 0
        while found <= m and fails <= self.retries:
            st = r.request(False)
            if st == NO_TAG and (fails or steady and found):
                # A lost frame leaves a tag READY; REQA sends it back to IDLE
                # silently, so ask once more before concluding nobody is new.
                # Steady fields, after a HLTA: a lost HLTA leaves the tag ACTIVE,
                # the REQA just sent took it to IDLE, and this one finds it (HALTed
                # again below), or it would answer a later round's REQA as if laid
                # back (_sighting).
                st = r.request(False)
            if st == NO_TAG:
                break
            strong = False
            if st == OK:
                # Selected at low receiver gain, the tag is well coupled (a neighbour's
                # reached by crosstalk falls below the threshold): the probe and the
                # selection in one pass, 5 frames fewer than selecting and probing
                r.set_gain(True)
                st = r.select()
                r.set_gain(False)
                strong = st == OK
                if not strong:
                    # not heard at low gain (a weak tag, or a frame lost): that was the
                    # probe's first try; the tag is READY or IDLE, so ask it again
                    # (twice: the first REQA may only send it back to IDLE) and select
                    # it at normal gain, then probe once more (_strong)
                    st = r.request(False)
                    if st == NO_TAG:
                        st = r.request(False)
                    if st == OK:
                        st = r.select()
            if st == OK and self.learning and self._unread(r):
                # selected (ACTIVE): a tag no deck knows is read (a deck that carries
                # its own names), or written in the menu's write-deck mode; a read
                # or write that failed is a sighting that failed, tried again
                st = self._memory(r, strong)
            if st != OK:
                fails += 1
                self.stats["unclear"] += 1
                continue
            if steady:
                # Only a card kept track of at this seat is HALTed: a HALTed tag answers
                # no REQA, so one HALTed here and then forgotten (a neighbour's reached
                # by crosstalk, one for which no candidate slot or no room is left)
                # would never be found again. Any other stays out of HALT and would
                # answer every next REQA of this visit: none is asked.
                if not strong:
                    strong = self._strong_idle(r)
                kept = self._sighting(s, r.uid, r.uid_len, strong)
                if strong and (kept == 1 or kept == 2 and self.cards_at(s) < m):
                    r.halt()
                    found += 1
                    continue
                break
            r.halt()
            found += 1
            self._sighting(s, r.uid, r.uid_len, strong or self._strong(r))

    def end_round(self):
        """Weigh the round's evidence and emit events."""
        self.round += 1
        self.stats["rounds"] += 1
        m = self.max_cards
        for i in range(len(self.present)):
            c = self.present[i]
            if c is None:
                continue
            if c.result == _HIT:
                c.misses = 0
            elif c.result == _MISS:
                c.misses += 1
                if c.misses >= self.misses:
                    self._lift(i, c)
                    continue
            c.result = 0        # no evidence until its next confirmation
        for j in range(len(self.pending)):
            if self._used[j]:
                self._weigh(j)

    def _lift(self, i, c):
        """The card in present[i] was lifted: its slot freed, REMOVED."""
        self.present[i] = None
        c.result = 0
        self._free.append(c)
        self.events.push(REMOVED, i // self.max_cards, c.card, c.uid, c.n)

    # -- a seat -------------------------------------------------------------
    def _confirm(self, r, c, halt):
        # A miss is `confirm_tries` tries silent (a WUPA, or the SELECT after it: a
        # neighbour's tag reached by crosstalk may answer the WUPA, never the SELECT
        # of this UID). A card lying there answers the first; only a lifted one costs
        # them all (6 WUPA deadlines, ~3 ms, for `misses` rounds).
        unclear = False
        woke = False
        probe = self.steady and c.age >= _SETTLED
        for _ in range(self.confirm_tries):
            st = r.request(True)
            if st == NO_TAG and probe:
                # Steady fields, a HALTed card silent to WUPA: lifted, or laid back a
                # moment ago and still powering up (the look's REQA came too soon),
                # or a lost frame. Once, a REQA: a HALTed tag never answers it, one
                # laid back (IDLE) does (and this try's WUPA would HALT it unseen).
                probe = False
                if r.request(False) == OK:
                    r.request(False)    # READY back to IDLE: the look finds it anew
                    return _RELAID
            if st == NO_TAG and woke:
                # the last try's lost frame left the tag READY or ACTIVE: that WUPA
                # only sent it back (to HALT, or IDLE), silently; the try is this one
                st = r.request(True)
            woke = st == OK
            if st == OK:
                st = r.select_uid(c.uid, c.n)
                if st == OK:
                    if halt:
                        r.halt()
                    if c.age < _SETTLED:
                        c.age += 1
                    return _HIT
            if st != NO_TAG:
                unclear = True
        if unclear:
            self.stats["unclear"] += 1
            return _UNCLEAR
        return _MISS

    # -- tags that carry their own names (reader/ndef.py; docs/decks.md) ----------
    def _unread(self, r):
        """Is the tag just selected one whose memory is to be read (no deck knows
        it), or written (write-deck mode: not written yet in this pass)?"""
        uid, n = r.uid, r.uid_len
        if self.writing is not None:
            return self.wrote is None or self.wrote.lookup(uid, n) in (-1, _NOT_OURS)
        if self.learned is not None and self.learned.lookup(uid, n) >= 0:
            return False    # read already (first: a deck of such tags is found here)
        # enrolled: read at today's speed, from the table (`learned` is None then)
        return self.deck is None or self.deck.lookup(uid, n) < 0

    def unwrite(self, code):
        """Write-deck mode: the tag written as `code` in this pass may be written
        again (the menu's undo)."""
        from . import ndef
        ndef.unwrite(self, code)

    def _memory(self, r, strong):
        """Read the selected tag's record (reader/record.py: loaded at the first tag
        no deck knows), or write `writing`'s (reader/ndef.py, the write-deck mode's).
        OK or the failed status."""
        if self.writing is not None:
            from drivers import ntag
            from . import ndef
            return ndef.write(self, r, strong, ntag)
        from . import record
        return record.memory(self, r, strong)

    def _strong(self, r):
        """Is the tag just selected at normal gain well coupled? Asked once more at low
        receiver gain (its selection there, in finish_seat, was the first try)."""
        r.set_gain(True)
        ok = r.request(True) == OK and r.select_uid(r.uid, r.uid_len) == OK
        if ok:
            r.halt()
        r.set_gain(False)
        return ok

    def _strong_idle(self, r):
        """Steady fields: is the tag just selected at normal gain (ACTIVE) well
        coupled? Asked at low gain without a HALT: a first REQA at normal gain sends
        it back to IDLE (silently; a neighbour's tag hears no low-gain frame, so this
        one must be heard), then at low gain a REQA wakes it and its SELECT makes it
        ACTIVE again if it is heard there; if not, it is left in IDLE."""
        r.request(False)
        r.set_gain(True)
        ok = r.request(False) == OK and r.select_uid(r.uid, r.uid_len) == OK
        r.set_gain(False)
        return ok

    def _sighting(self, s, uid, n, strong):
        """Count a card seen at seat s: 1 a card lying there, 2 a candidate counted,
        0 neither (a card lying at another seat, or no candidate slot free)."""
        m = self.max_cards
        for i in range(len(self.present)):
            c = self.present[i]
            if c is not None and _same(c.uid, c.n, uid, n):
                if i // m != s:
                    self.stats["crosstalk"] += 1
                    return 0
                if not self.steady or c.age < _SETTLED:
                    c.result = _HIT  # found by REQA although WUPA missed it
                    return 1
                # Steady fields: a HALTed card answered REQA, so it lost the field's
                # power: lifted and laid back. Removed here, a candidate below.
                self._lift(i, c)
                self.stats["relaid"] += 1
                break
        free = -1
        for j in range(len(self.pending)):
            if self._used[j]:
                p = self.pending[j]
                if _same(p.uid, p.n, uid, n):
                    self._count(p, s, strong)
                    return 2
            elif free < 0:
                free = j
        if free < 0:
            return 0  # every candidate slot busy: seen again next round
        p = self.pending[free]
        p.take(uid, n, self._ticks_us())
        self._used[free] = 1
        self._count(p, s, strong)
        return 2

    def _count(self, p, s, strong):
        p.last = self.round
        if strong:
            if p.strong[s] < 255:
                p.strong[s] += 1
        else:
            self.stats["weak"] += 1
            if p.weak[s] < 255:
                p.weak[s] += 1

    def _clear(self, p):
        """The seat a candidate is clearly seen at (strong sightings there only, or
        `margin` more than anywhere else), or -1."""
        best = -1
        for s in range(self.seats):
            if p.strong[s] and (best < 0 or p.strong[s] > p.strong[best]):
                best = s
        second = 0
        for s in range(self.seats):
            if s != best and p.strong[s] > second:
                second = p.strong[s]
        if best >= 0 and (second == 0 or p.strong[best] >= second + self.margin):
            return best
        return -1

    def _weigh(self, j):
        p = self.pending[j]
        p.age += 1
        best = self._clear(p)
        if best >= 0 and self._place(best, p):
            self._used[j] = 0
            return
        if best < 0:
            for s in range(self.seats):
                if p.strong[s] and (best < 0 or p.strong[s] > p.strong[best]):
                    best = s
        if p.age >= self.conflict_rounds and not p.flagged:
            p.flagged = True
            self.stats["conflicts"] += 1
            seat = best
            if seat < 0:
                for s in range(self.seats):
                    if seat < 0 or p.weak[s] > p.weak[seat]:
                        seat = s
            self.events.push(CONFLICT, seat, -1, p.uid, p.n)
        if self.round - p.last >= self.forget_rounds:
            self._used[j] = 0

    def _code(self, uid, n):
        """A tag's card code: written in this write-deck pass, read from its memory
        (only tags no deck knew are read), or enrolled; -1 unknown."""
        code = self.wrote.lookup(uid, n) if self.wrote is not None else -1
        if (code < 0 or code == _NOT_OURS) and self.learned is not None:
            code = self.learned.lookup(uid, n)
        if (code < 0 or code == _NOT_OURS) and self.deck is not None:
            code = self.deck.lookup(uid, n)
        return code if code < _NOT_OURS else -1

    def _place(self, s, p):
        m = self.max_cards
        for k in range(m):
            if self.present[s * m + k] is None:
                c = self._free.pop()
                c.take(p.uid, p.n)
                self.seen_us[s] = p.first_us
                c.card = self._code(c.uid, c.n)
                c.misses = 0
                c.result = 0
                self.present[s * m + k] = c
                self.events.push(PLACED if c.card >= 0 else UNKNOWN, s, c.card, c.uid, c.n)
                return True
        self.stats["full"] += 1
        return False
