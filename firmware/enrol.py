"""Enrolment: which tag UID is which card (or control tag), stored in flash.

Loaded only to enrol or to check a deck, and dropped after (controller._unload);
during play the table holds just deck.py (the UID -> code lookup).

Canonical order, so a whole deck is enrolled in one pass onto one reader: suits
S H D C; within a suit faces A 2 3 4 5 6 7 8 9 10 J Q K restricted to the deck;
then the control tags in CONTROLS order. Card codes follow docs/rules-api.md:
card = suit * 16 + face - 1. Control tags get codes 64 + their index.

The file (`enrol.json`) is written atomically (temp file, then rename):
    {"version": 1, "deck": "spanish40", "tags": {"<uid hex>": code, ...}}
Enrolment happens only on purpose: `requested_at_boot()` needs a button held for
two seconds at power-up (or the host sends a command); never by accident.
"""
import json
import os
import time

import deck as _deck
from deck import CONTROLS, CONTROL_BASE, PATH, path_in  # noqa: F401  (re-exported)

SUITS = "SHDC"
FACE_NAMES = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
DECKS = {
    "french52": (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13),
    "spanish48": (1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 13),   # Botifarra: no 10
    "spanish40": (1, 2, 3, 4, 5, 6, 7, 11, 12, 13),          # Malilla, Tute, Envite
    "piquet32": (1, 7, 8, 9, 10, 11, 12, 13),                # Manille
}

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
        """Enrol uid[:n] as `code`; ValueError when full or the uid is taken."""
        taken = self.lookup(uid, n) if 1 <= n <= 10 else -1
        if taken >= 0:
            raise ValueError("tag already enrolled as %s" % name(taken))
        _deck.Deck.add(self, uid, n, code)

    def plain(self):
        """The same table as a deck.Deck, for play: holding it keeps no
        enrolment code alive (a class keeps its module's globals)."""
        d = _deck.Deck(0)
        d.table, d.capacity, d.count, d.name = self.table, self.capacity, self.count, self.name
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
        return json.dumps({"version": 1, "deck": self.name, "tags": tags})

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


class Enroller:
    """Walks the canonical order; offer() each UID read on the enrolment reader."""

    def __init__(self, deck="spanish40", controls=CONTROLS, capacity=80):
        self.order = order(deck, controls)
        self.deck = Deck(capacity)
        self.deck.name = deck
        self.pos = 0
        self._last = bytearray(10)
        self._last_n = 0

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
    """Pass the deck over a reader before a hand: missing, duplicate, foreign tags."""

    def __init__(self, deck, expected_codes):
        self.deck = deck
        self.expected = list(expected_codes)
        self.seen = bytearray(128)
        self.duplicates = []
        self.foreign = []

    def offer(self, uid, n):
        """Count one tag read (each card's placement event, once)."""
        code = self.deck.lookup(uid, n)
        if code < 0:
            h = "".join("%02x" % uid[i] for i in range(n))
            if h not in self.foreign:
                self.foreign.append(h)
            return code
        if self.seen[code]:
            self.duplicates.append(code)
        self.seen[code] = 1
        return code

    def missing(self):
        """Codes of the deck not seen yet."""
        return [c for c in self.expected if c < CONTROL_BASE and not self.seen[c]]

    def ok(self):
        return not self.missing() and not self.duplicates and not self.foreign

    def report(self):
        """{'missing': [...names], 'duplicate': [...], 'foreign': [uid hex...]}."""
        return {"missing": [name(c) for c in self.missing()],
                "duplicate": [name(c) for c in self.duplicates],
                "foreign": list(self.foreign)}


def requested_at_boot(pin, hold_ms=2000, active_low=True, sleep_ms=None, step_ms=20):
    """True only when the button on `pin` is held for hold_ms from boot."""
    sl = sleep_ms if sleep_ms is not None else time.sleep_ms
    pressed = 0 if active_low else 1
    for _ in range(hold_ms // step_ms):
        if pin.value() != pressed:
            return False
        sl(step_ms)
    return pin.value() == pressed
