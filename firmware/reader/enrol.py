"""Enrolment: which tag UID is which card (or control tag), stored in flash.

Loaded only to enrol or to check a deck, and dropped after (controller._unload);
during play the table holds just deck.py (the UID -> code lookup).

Canonical order, so a whole deck is enrolled in one pass onto one reader: suits
S H D C; within a suit faces A 2 3 4 5 6 7 8 9 10 J Q K restricted to the deck;
then the control tags in CONTROLS order. Card codes follow docs/rules-api.md:
card = suit * 16 + face - 1. Control tags get codes 64 + their index.

The file (`enrol.json`) is written atomically (temp file, then rename):
    {"version": 1, "deck": "spanish40", "signs": "french", "tags": {"<uid hex>": code, ...}}
`signs` says which suit signs the cards carry (French, or Spanish: oros, copas,
espadas, bastos), for the e-ink panel. Enrolment happens only on purpose:
`requested_at_boot()` needs a button held for two seconds at power-up (or the menu,
or the host sends a command); never by accident.

The deck check (`DeckCheck`, from the setup menu) takes the cards of the chosen
game's pack as the reader layer reports them: which were never seen, and which
tags are not enrolled at all.
"""
import json
import os
import time

from . import deck as _deck
from rules.packs import PACKS       # the packs the games use (one list, in the rules)
from .deck import CONTROLS as TABLE_CONTROLS, CONTROL_BASE, PATH, path_in  # noqa: F401  (re-exported)
from .wiezen_tags import WORDS as _WIEZEN

CONTROLS = TABLE_CONTROLS + _WIEZEN     # every tag a deck's set holds (enrolment only)

SUITS = "SHDC"
FACE_NAMES = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
# The packs a table can be taught, in the menu's order. A French 52 holds every
# game's pack (Mexican Manille's 40 too); the others are the packs as sold.
DECKS = dict((name, PACKS[name]) for name in ("spanish40", "spanish48", "piquet32", "french52"))
PACK_ORDER = ("spanish40", "spanish48", "piquet32", "french52")
SIGNS = _deck.SIGNS

ACCEPTED = 0
REPEATED = 1   # the tag just enrolled, read again (a card left lying): ignored
DUPLICATE = 2  # already enrolled as another item: refused
DONE = 3       # nothing left to enrol
RESULT_NAMES = ("accepted", "repeated", "duplicate", "done")


def order(deck="spanish40", controls=CONTROLS):
    """The codes to enrol, in canonical order."""
    if deck not in DECKS:
        raise ValueError("unknown deck %s (one of %s)" % (deck, ", ".join(sorted(DECKS))))
    out = []
    for suit in range(4):
        for face in DECKS[deck]:
            out.append(suit * 16 + face - 1)
    for i in range(len(controls)):
        out.append(CONTROL_BASE + i)
    return out


def name(code):
    """'7H', '10S' or a control word, for prompts and logs."""
    if code >= CONTROL_BASE:
        return CONTROLS[code - CONTROL_BASE]
    return FACE_NAMES[(code & 15) + 1] + SUITS[code >> 4]


class Deck(_deck.Deck):
    """The play-time table (deck.Deck) with what enrolment adds: naming a taken
    tag, undo, the code list and the atomic save."""

    def add(self, uid, n, code):
        """Enrol uid[:n] as `code` (the table grows as needed: later games add
        control tags); ValueError when the uid is taken."""
        taken = self.lookup(uid, n) if 1 <= n <= 10 else -1
        if taken >= 0:
            raise ValueError("tag already enrolled as %s" % name(taken))
        if self.count >= self.capacity:
            self.table.extend(bytearray(16 * self.REC))
            self.capacity += 16
        _deck.Deck.add(self, uid, n, code)

    def plain(self):
        """The same table as a deck.Deck, for play: holding it keeps no
        enrolment code alive (a class keeps its module's globals)."""
        d = _deck.Deck(0)
        d.table, d.capacity, d.count, d.name = self.table, self.capacity, self.count, self.name
        d.signs = self.signs
        return d

    def remove_last(self):
        """Forget the last enrolled tag (undo)."""
        if self.count:
            self.count -= 1

    def codes(self):
        """Every enrolled code (allocates)."""
        return [self.table[r * self.REC + 11] for r in range(self.count)]

    def to_json(self):
        tags = {}
        for k in range(self.count):
            r = k * self.REC
            n = self.table[r]
            tags["".join("%02x" % self.table[r + 1 + i] for i in range(n))] = self.table[r + 11]
        return json.dumps({"version": 1, "deck": self.name, "signs": SIGNS[self.signs],
                           "tags": tags})

    def save(self, path=PATH):
        """Write atomically: a temp file, then rename over the old one."""
        tmp = path + ".tmp"
        with open(tmp, "w") as f:
            f.write(self.to_json())
        try:
            os.rename(tmp, path)  # littlefs replaces the old file in one step
        except OSError:
            # Ports whose rename refuses an existing target: the old file goes
            # first, and load() falls back to the temp file if power fails here.
            os.remove(path)
            os.rename(tmp, path)


def rewrite(deck, path=PATH):
    """Save a play-time deck.Deck (after its suit signs changed)."""
    d = Deck(0)
    d.table, d.capacity, d.count, d.name, d.signs = (deck.table, deck.capacity, deck.count,
                                                     deck.name, deck.signs)
    d.save(path)


class Enroller:
    """Walks the canonical order; offer() each UID read on any reader."""

    def __init__(self, deck="spanish40", controls=CONTROLS, signs=0):
        self.order = order(deck, controls)
        self.deck = Deck(len(self.order))
        self.deck.name = deck
        self.deck.signs = signs
        self.pos = 0
        self._last = bytearray(10)
        self._last_n = 0

    def view(self):
        """What the panel shows of it: ("enrol", pack, tags in, tags in all, next code)."""
        return ("enrol", self.deck.name, self.pos, len(self.order), self.expected())

    def expected(self):
        """Code of the next tag to present, or -1 when finished."""
        return self.order[self.pos] if self.pos < len(self.order) else -1

    def done(self):
        return self.pos >= len(self.order)

    def offer(self, uid, n):
        """Enrol uid[:n] as the expected item. Returns ACCEPTED, REPEATED, DUPLICATE or DONE."""
        if self.done():
            return DONE
        if self._last_n == n and bytes(self._last[:n]) == bytes(uid[:n]):
            return REPEATED
        if self.deck.lookup(uid, n) >= 0:
            return DUPLICATE  # refused: present the expected card again
        self.deck.add(uid, n, self.order[self.pos])
        self.pos += 1
        for i in range(n):
            self._last[i] = uid[i]
        self._last_n = n
        return ACCEPTED

    def undo(self):
        """Step back one item (the undo button): that item is enrolled again."""
        if self.pos:
            self.pos -= 1
            self.deck.remove_last()
            self._last_n = 0


class DeckCheck:
    """Lay every card of a pack on any reader, in any order: which cards were never
    seen, and how many tags are not enrolled. The reader layer reports an enrolled
    card by its code (`seen`) and any other tag by its UID (`foreign_tag`)."""

    checking = True     # the screen and the menu tell it from an Enroller by this

    def __init__(self, title, codes):
        self.title = title
        self.expected = [c for c in codes if c < CONTROL_BASE]
        self.seen_cards = bytearray(CONTROL_BASE)
        self.foreign = []

    def seen(self, code):
        """An enrolled card (or control tag) laid on a reader."""
        if 0 <= code < CONTROL_BASE:
            self.seen_cards[code] = 1

    def foreign_tag(self, uid, n):
        """A tag that is not enrolled: counted once."""
        h = "".join("%02x" % uid[i] for i in range(n))
        if h not in self.foreign:
            self.foreign.append(h)

    def view(self):
        """What the panel shows of it: ("check", game, seen, cards in the pack,
        the missing codes (when 12 or fewer), tags not enrolled)."""
        missing = self.missing()
        return ("check", self.title, self.count(), len(self.expected),
                missing if len(missing) <= 12 else None, len(self.foreign))

    def count(self):
        """How many of the pack's cards have been seen."""
        return sum(1 for c in self.expected if self.seen_cards[c])

    def missing(self):
        """Codes of the pack not seen yet."""
        return [c for c in self.expected if not self.seen_cards[c]]

    @staticmethod
    def name(code):
        return name(code)

    def ok(self):
        return not self.missing() and not self.foreign

    def report(self):
        """{'missing': [...names], 'foreign': [uid hex...]}."""
        return {"missing": [name(c) for c in self.missing()], "foreign": list(self.foreign)}


def pack_codes(pack):
    """The card codes of a pack given as four suit sets (rules' Game.deck)."""
    return [s * 16 + f for s in range(4) for f in range(13) if pack[s] >> f & 1]


def requested_at_boot(pin, hold_ms=2000, active_low=True, sleep_ms=None, step_ms=20):
    """True only when the button on `pin` is held for hold_ms from boot."""
    sl = sleep_ms if sleep_ms is not None else time.sleep_ms
    pressed = 0 if active_low else 1
    for _ in range(hold_ms // step_ms):
        if pin.value() != pressed:
            return False
        sl(step_ms)
    return pin.value() == pressed


class Writer:
    """The menu's write-deck mode: the pack's cards, then the control tags, in the
    canonical order, each written into the next tag laid on any reader as an NDEF
    text record (reader/ndef.py, docs/decks.md): such a deck plays on any table
    with no enrolment. The reader layer writes (SeatReaders.writing) and reads back;
    a tag written is reported as that card."""

    writing = True

    def __init__(self, deck="spanish40", signs=0):
        self.order = order(deck)
        self.deck = _deck.Deck(0)      # its name and signs, for the panel
        self.deck.name = deck
        self.deck.signs = signs
        self.pos = 0

    def view(self):
        """What the panel shows: ("write", pack, tags written, tags in all, next code)."""
        return ("write", self.deck.name, self.pos, len(self.order), self.expected())

    def expected(self):
        """Code of the next tag to write, or -1 when finished."""
        return self.order[self.pos] if self.pos < len(self.order) else -1

    def done(self):
        return self.pos >= len(self.order)

    def record(self):
        """(code, user memory bytes) of the next tag to write, or None when done."""
        from . import ndef
        code = self.expected()
        return None if code < 0 else (code, ndef.encode(self.deck.name, code))

    def written(self, code):
        """A tag reported as `code`: the one just written (True, the next is due),
        or a tag written earlier or enrolled (False)."""
        if self.done() or code != self.order[self.pos]:
            return False
        self.pos += 1
        return True

    def undo(self):
        """Back one: the code of the card to write again (its tag may be laid again), or -1."""
        if not self.pos:
            return -1
        self.pos -= 1
        return self.order[self.pos]
