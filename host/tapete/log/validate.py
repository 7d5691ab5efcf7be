"""A table's line checked against the protocol (PROTOCOL.md 1.2, docs/serial.md) before
anything stores or draws it: its size, its JSON depth, and per event kind the types
and ranges of the keys the store, the board and the audit read. The room checks every
line from the network with it; the serial link can too.

`check(text)` returns (event, None) for a line to keep, or (event or None, reason) for
one to refuse: the event when the line was JSON with a usable `seq` (the intake then
counts that seq as taken, so the table is not asked for it again and again).

Limits, and why:
- MAX_BYTES 8192: the longest line the simulator makes over every game is 470 bytes
  (a Mus `hand_end` with its rounds; bench in tests/room/test_validate.py measures it
  again); 17 times that leaves room for names and future keys, and keeps a flooding
  table's held lines small (8 KB x the server's per-table bound).
- MAX_DEPTH 8: real lines nest 4 deep (`hand_end.declarations[i].cards`).
- Whole numbers within +-2^53 (a browser reads them exactly; SQLite stores them), a
  `seq` from 0 to 2^53 - 1; text within MAX_TEXT characters; lists within MAX_ITEMS.
Readers ignore keys they do not know (PROTOCOL.md), so an unknown key is kept, but it
is held to the same size, depth and number limits.
"""
import json
import math

from ..rules import cards as rules_cards
from ..rules import games as rules_games
from ..rules.errors import TableError
from ..rules.fold import INPUTS, UNDO
from ..rules.match import DERIVED, DERIVED_X

MAX_BYTES = 8192
MAX_DEPTH = 8
MAX_INT = 2 ** 53
MAX_SEQ = 2 ** 53 - 1
MAX_TEXT = 200
MAX_ITEMS = 64
MAX_SEATS = 12          # Envite's largest table (rules/names.py)
MAX_HAND = 10 ** 6      # hands, tricks, points: far above any match
RUN = 64                # a run id's length at most (the table's boot identity)

# per key: a checker of its value (None: the key may be absent)


def _int(lo, hi):
    def check(v):
        if isinstance(v, bool) or not isinstance(v, int):
            return "not a whole number"
        if v < lo or v > hi:
            return "out of range %d..%d" % (lo, hi)
        return None
    return check


def _text(most=MAX_TEXT):
    def check(v):
        if not isinstance(v, str):
            return "not text"
        if len(v) > most:
            return "text longer than %d" % most
        return None
    return check


def _bool(v):
    return None if isinstance(v, bool) else "not true or false"


def _card(v):
    try:
        rules_cards.parse(v)
    except (TableError, ValueError, TypeError, IndexError):
        return "not a card"
    if len(v) > 24:
        return "not a card"
    return None


def _list_of(item, most=MAX_ITEMS):
    def check(v):
        if not isinstance(v, list):
            return "not a list"
        if len(v) > most:
            return "more than %d items" % most
        for x in v:
            why = item(x)
            if why:
                return "an item " + why
        return None
    return check


def _either(*checks):
    def check(v):
        whys = [c(v) for c in checks]
        return None if None in whys else whys[0]
    return check


def _null(v):
    return None if v is None else "not null"


def _object(v):
    return None if isinstance(v, dict) else "not an object"


def _game(v):
    if not isinstance(v, str):
        return "not text"
    if v.lower() not in rules_games.NAMES and v.lower() not in rules_games.ALIASES:
        return "not a game"
    return None


SEAT = _int(0, MAX_SEATS - 1)
COUNT = _int(0, MAX_HAND)
NUMBER = _int(-MAX_INT, MAX_INT)
CARDS = _list_of(_card)
PER_TEAM = _list_of(NUMBER, MAX_SEATS)
WORD = _text(32)

# The keys each event kind's readers use: the store (log/store.py), the board
# (views/state.py), the audit (judge/audit/). Keys not named here are free.
KINDS = {
    "match": {"game": _game, "seats": _int(1, MAX_SEATS), "options": _object, "names": _object,
              "round": _int(0, MAX_HAND), "profile": _text(), "profile_version": _int(1, MAX_INT)},
    "deal": {"dealer": SEAT, "cards": _either(_int(0, 64), CARDS, _list_of(CARDS, MAX_SEATS)),
             "cut": _bool, "board": _int(0, MAX_HAND)},
    "misdeal": {"seat": SEAT, "reason": _text()},
    "turnup": {"card": _card},
    "hand": {"seat": SEAT, "cards": CARDS},
    "play": {"seat": SEAT, "card": _card},
    "call": {"seat": SEAT, "call": WORD, "cards": CARDS, "suit": WORD, "amount": NUMBER,
             "count": COUNT, "has": _bool},
    "end": {},
    "cap": {"cap": WORD},
    "trump": {"suit": WORD, "hand": COUNT, "bonus": _object},
    "trick": {"hand": COUNT, "n": COUNT, "leader": SEAT, "cards": CARDS,
              "winner": _either(SEAT, _null)},
    "violation": {"hand": COUNT, "trick": _either(COUNT, _null), "seat": SEAT, "card": _card,
                  "rule": WORD, "proven": _either(COUNT, WORD), "revises": _bool},
    "hand_end": {"hand": COUNT, "points": PER_TEAM, "score": PER_TEAM, "totals": PER_TEAM,
                 "ended": _either(WORD, _null)},
    "match_end": {"winner": _either(SEAT, _null), "totals": PER_TEAM, "reason": _either(_text(), _null)},
    UNDO: {"undo": _int(0, MAX_SEQ)},
    "x-claim": {"hand": COUNT, "trick": COUNT, "seat": SEAT, "call": WORD,
                "sound": _either(_bool, _null)},
    "x-held": {"oldest": _int(0, MAX_SEQ + 1)},
    "x-ruling": {"hand": COUNT, "trick": COUNT, "seat": SEAT, "team": SEAT, "rule": WORD,
                 "penalty": WORD, "card": _card, "score": PER_TEAM},
    "x-override": {"ruling": _int(0, MAX_SEQ), "penalty": WORD, "by": _text(), "reason": _text()},
    "x-reopen": {"hand": COUNT, "withdraws": _list_of(WORD, 2)},
}
# Required keys (PROTOCOL.md's tables; optional ones are checked when present).
REQUIRED = {
    "match": ("game",), "deal": ("dealer",), "turnup": ("card",), "hand": ("seat", "cards"),
    "play": ("seat", "card"), "call": ("seat", "call"), "x-held": ("oldest",), UNDO: ("undo",),
    "x-ruling": ("hand", "seat", "rule", "penalty"), "x-override": ("ruling", "penalty"),
    "x-reopen": ("hand", "withdraws"),
}
KNOWN = set(("match", "end") + INPUTS + DERIVED + DERIVED_X) | set(KINDS)
COMMON = {"seq": _int(0, MAX_SEQ), "t": _int(0, MAX_INT), "run": _text(RUN)}


class Refused(ValueError):
    """Why a line is refused (the reason stored with it)."""


def _finite(text):
    raise Refused("not JSON: %s" % text)


def _shape(v, depth=1):
    """Refused when `v` nests deeper than MAX_DEPTH or holds a value out of range."""
    if depth > MAX_DEPTH:
        raise Refused("nested deeper than %d" % MAX_DEPTH)
    if isinstance(v, dict):
        if len(v) > MAX_ITEMS:
            raise Refused("an object with more than %d keys" % MAX_ITEMS)
        for k, x in v.items():
            if len(k) > MAX_TEXT:
                raise Refused("a key longer than %d" % MAX_TEXT)
            _shape(x, depth + 1)
    elif isinstance(v, list):
        if len(v) > MAX_ITEMS:
            raise Refused("a list with more than %d items" % MAX_ITEMS)
        for x in v:
            _shape(x, depth + 1)
    elif isinstance(v, bool) or v is None:
        pass
    elif isinstance(v, int):
        if not -MAX_INT <= v <= MAX_INT:
            raise Refused("a number beyond 2^53")
    elif isinstance(v, float):
        if not math.isfinite(v) or abs(v) > MAX_INT:
            raise Refused("a number beyond 2^53")
    elif isinstance(v, str):
        if len(v) > MAX_TEXT:
            raise Refused("text longer than %d" % MAX_TEXT)


def event(ev):
    """None when the parsed `ev` follows the protocol, else the reason (text)."""
    if not isinstance(ev, dict):
        return "not a table event"
    name = ev.get("ev")
    if not isinstance(name, str) or not name or len(name) > 32:
        return "no event name"
    if name not in KNOWN and not name.startswith("x-"):
        return "unknown event %r" % name[:32]
    try:
        _shape(ev)
    except Refused as why:
        return str(why)
    for key, check in COMMON.items():
        if key in ev:
            why = check(ev[key])
            if why:
                return "%s %s" % (key, why)
    for key in REQUIRED.get(name, ()):
        if key not in ev:
            return "%s without %s" % (name, key)
    for key, check in KINDS.get(name, {}).items():
        if key in ev:
            why = check(ev[key])
            if why:
                return "%s.%s %s" % (name, key, why)
    return None


def check(body):
    """(event, None) for a line (text, crc already stripped) to keep; (event, reason)
    for one to refuse whose `seq` is usable, (None, reason) for any other."""
    if len(body.encode("utf-8")) > MAX_BYTES:
        return None, "longer than %d bytes" % MAX_BYTES
    try:
        ev = json.loads(body, parse_constant=_finite)
    except Refused as why:
        return None, str(why)
    except RecursionError:
        return None, "nested deeper than %d" % MAX_DEPTH
    except ValueError:
        return None, "not JSON"
    why = event(ev)
    if why is None:
        return ev, None
    return (placeable(ev), why)


def placeable(ev):
    """`ev` when its `seq` can take its place in the log (a dict with a valid seq)."""
    if isinstance(ev, dict) and COMMON["seq"](ev.get("seq")) is None:
        return ev
    return None
