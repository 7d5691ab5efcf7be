"""Decks that carry their own names: a tag's card (or control word) and pack in its
user memory, as one NDEF text record (docs/decks.md), so that a table needs no
enrolment for such a deck and any phone's NFC app reads and writes it.

NTAG213 user memory starts at page 4 (4 bytes a page; READ returns 4 pages):
    03 L                 NDEF message TLV, L bytes (< 255)
    D1 01 P 54           record: MB ME SR, well-known type, type length 1, payload P, "T"
    02 65 6E             text status (UTF-8, language code of 2 bytes) and "en"
    <pack> 20 <card>     the text: "spanish40 7H", "french52 10S", "spanish48 confirm"
    FE                   terminator TLV
The longest ("spanish48 delegate" and the like) takes 28 bytes: pages 4 to 10.

The format's writer and its names as text: loaded by the menu's "write deck" mode
(and by a control word's record, rare). Reading a record at a tag's first sighting is
reader/record.py's (the part a table playing such a deck keeps loaded; a table playing
an enrolled deck holds neither).
"""
from micropython import const
from .deck import CONTROLS, CONTROL_BASE, Deck
# the reading (record.py), and `length`, the format's, named here too
from .record import FIRST_PAGE, NOT_OURS, code_in, length, put, read, text_at  # noqa: F401

# reader/seats.py's UNKNOWN event kind, not imported (seats.py loads this module);
# tests/firmware/reader/mpy_test_ndef.py keeps the two equal
UNKNOWN = const(3)
_LANG = b"en"
_SUITS = "SHDC"
_FACES = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
# The packs a deck can name (rules/packs.py PACKS' keys, written out: the rules'
# module is not needed to read a tag)
PACK_NAMES = ("spanish40", "spanish48", "piquet32", "mexican40", "french52")


def card_name(code):
    """'7H', '10S' or a control word."""
    if code >= CONTROL_BASE:
        i = code - CONTROL_BASE
        if i < len(CONTROLS):
            return CONTROLS[i]
        from .wiezen_tags import WORDS      # Wiezen's tags: loaded only for them
        return WORDS[i - len(CONTROLS)]
    return _FACES[code & 15] + _SUITS[code >> 4]


def card_code(word):
    """The code of a card name or control word, or -1."""
    for i in range(len(CONTROLS)):
        if CONTROLS[i] == word:
            return CONTROL_BASE + i
    if 2 <= len(word) <= 3 and word[-1] in _SUITS:
        face = word[:-1]
        for f in range(13):
            if _FACES[f] == face:
                return _SUITS.index(word[-1]) * 16 + f
    from .wiezen_tags import WORDS      # Wiezen's tags: loaded only for them
    for i in range(len(WORDS)):
        if WORDS[i] == word:
            return CONTROL_BASE + len(CONTROLS) + i
    return -1


def encode(pack, code):
    """The user memory bytes (from page 4, padded to whole pages) naming `code` of
    `pack`. ValueError for a pack or code it cannot name."""
    if pack not in PACK_NAMES:
        raise ValueError("unknown pack %s (one of %s)" % (pack, ", ".join(PACK_NAMES)))
    # 11: Wiezen's tags after the table's (reader/wiezen_tags.py, not loaded for this check)
    if code < 0 or code >= CONTROL_BASE + len(CONTROLS) + 11 or \
            code < CONTROL_BASE and (code & 15) > 12:
        raise ValueError("not a card or control code: %r" % code)
    text = (pack + " " + card_name(code)).encode()
    payload = 1 + len(_LANG) + len(text)
    rec = bytes((0xD1, 0x01, payload, 0x54, len(_LANG))) + _LANG + text
    out = bytes((0x03, len(rec))) + rec + b"\xfe"
    return out + bytes(-len(out) % 4)


def decode(buf):
    """(pack, code) from user memory bytes (from page 4), or None when they hold no
    tapete record (another NDEF message, an empty tag, a damaged one)."""
    n = len(buf)
    code = code_in(buf, n)
    if code < 0:
        return None
    start = text_at(buf, n)
    sp = start
    while buf[sp] != 0x20:
        sp += 1
    return bytes(buf[start:sp]).decode(), code


def write(sr, r, strong, ntag):
    """The write-deck mode (SeatReaders._memory sends it here): `sr.writing`'s record
    written into the tag just selected on reader `r` (drivers/ntag.py as `ntag`),
    read back, and the tag remembered in `sr.wrote` and `sr.learned`. OK, or the
    status that failed (written again at the next look)."""
    uid, n = r.uid, r.uid_len
    if sr.learned is None:
        sr.learned = Deck(64)
    if n != 7 or r.sak & 0x08:
        put(sr.learned, uid, n, NOT_OURS)
        return ntag.OK      # not an NTAG21x: an unknown tag (the panel says so)
    if not strong:
        return ntag.ERROR   # maybe a neighbour's tag: written only on its own reader
    code, data = sr.writing
    for k in range(len(data) // 4):
        st = ntag.write_page(r, FIRST_PAGE + k, data[4 * k:4 * k + 4])
        if st != ntag.OK:
            return failed(sr, r, st)
    st, got = read(r, ntag)
    if st != ntag.OK:
        return failed(sr, r, st)
    if got != code:
        return failed(sr, r, ntag.ERROR)    # the read-back differs: written again at the next look
    sr.failing = None
    if sr.wrote is None:
        sr.wrote = Deck(16)
    put(sr.wrote, uid, n, got)
    sr.writing = None
    sr.stats["written"] += 1
    put(sr.learned, uid, n, got)
    sr.stats["read"] += 1
    return ntag.OK


# A write that fails this many times in a row on one tag is told to the table (a lost
# frame fails once and is written at the next look; a locked tag, or one lying at the
# edge of the field, fails every time).
FAILS_TOLD = 3


def failed(sr, r, st):
    """A WRITE or its read-back failed on the tag just selected on reader `r`: written
    again at the next look; at its FAILS_TOLD-th failure in a row the table is told, once
    (an UNKNOWN reader event carrying the code it was to get: table/menu.py
    `enrol_offer`, a `failed` reply to the host). Returns `st`."""
    n = r.uid_len
    uid = bytes(r.uid[:n])
    f = getattr(sr, "failing", None)
    if f is None or f[0] != uid:
        f = sr.failing = [uid, 0]
    f[1] += 1
    if f[1] == FAILS_TOLD:
        for s in range(len(sr.readers)):
            if sr.readers[s] is r:
                sr.events.push(UNKNOWN, s, sr.writing[0], r.uid, n)
                break
    return st


def unwrite(sr, code):
    """The tag written as `code` in this write-deck pass may be written again."""
    w = sr.wrote
    if w is None:
        return
    t = w.table
    for k in range(w.count):
        if t[k * w.REC + 11] == code:
            t[k * w.REC + 11] = NOT_OURS
