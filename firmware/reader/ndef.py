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

Loaded by the reader layer only for a tag that no enrolled deck knows (its first
sighting), and by the menu's "write deck" mode; it allocates (a tag's first sighting
only). `memory()` is the reader layer's part (reader/seats.py, here so that a table
playing an enrolled deck holds none of this code).
"""
from micropython import const

from .deck import CONTROLS, CONTROL_BASE

FIRST_PAGE = const(4)
NOT_OURS = const(255)       # a tag read and found without a tapete record
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


# pages 4..11 as read (made with the module: it is loaded only when tags are read)
_MEM = bytearray(32)
_MEM2 = memoryview(_MEM)[16:]
_PACKS_B = (b"spanish40", b"spanish48", b"piquet32", b"mexican40", b"french52")
_SUITS_B = b"SHDC"
_FACES_B = (b"A", b"2", b"3", b"4", b"5", b"6", b"7", b"8", b"9", b"10", b"J", b"Q", b"K")


def _text(buf, n):
    """Where the record's text starts in buf[:n] (it ends at 6 + buf[4]), or 0 when
    buf holds no short text record of UTF-8."""
    if n < 9 or buf[0] != 0x03 or buf[1] == 0xFF or 2 + buf[1] > n:
        return 0
    if buf[2] & 0x17 != 0x11 or buf[3] != 1 or buf[5] != 0x54:
        return 0        # the first record: short, well-known, type "T"
    if 6 + buf[4] > 2 + buf[1] or buf[6] & 0x80:
        return 0        # cut short, or UTF-16
    return 7 + (buf[6] & 0x3F)


def _is(buf, i, j, word):
    """buf[i:j] == word (bytes), compared in place."""
    if j - i != len(word):
        return False
    for k in range(j - i):
        if buf[i + k] != word[k]:
            return False
    return True


def code_in(buf, n):
    """The card (or control) code of the record in buf[:n], or -1: the reader's
    path at a card's first lay, compared in place (a card allocates nothing: a
    collection there would fall on the verdict)."""
    start = _text(buf, n)
    end = 6 + buf[4] if start else 0
    sp = -1
    for i in range(start, end):
        if buf[i] == 0x20:
            sp = i
            break
    if sp < 0:
        return -1
    for p in _PACKS_B:
        if _is(buf, start, sp, p):
            break
    else:
        return -1
    w = sp + 1
    if 2 <= end - w <= 3:
        for suit in range(4):
            if buf[end - 1] == _SUITS_B[suit]:
                for f in range(13):
                    if _is(buf, w, end - 1, _FACES_B[f]):
                        return suit * 16 + f
    try:
        return card_code(bytes(buf[w:end]).decode())    # a control word: rare
    except (UnicodeError, ValueError):
        return -1


def decode(buf):
    """(pack, code) from user memory bytes (from page 4), or None when they hold no
    tapete record (another NDEF message, an empty tag, a damaged one)."""
    n = len(buf)
    code = code_in(buf, n)
    if code < 0:
        return None
    start = _text(buf, n)
    sp = start
    while buf[sp] != 0x20:
        sp += 1
    return bytes(buf[start:sp]).decode(), code


def length(head):
    """How many bytes from page 4 the record takes, from its first bytes (the TLV's
    length), or 0 when they hold no NDEF message."""
    if head[0] != 0x03 or head[1] == 0xFF:
        return 0
    return 2 + head[1]


def memory(sr, r, strong):
    """The reader layer (SeatReaders `sr`) and the tag just selected on reader `r`:
    its record read into `sr.learned` (its card code, or NOT_OURS), or, in the
    write-deck mode, `sr.writing`'s written and read back. OK, or the status that
    failed (a sighting that failed: tried again at the next look)."""
    from drivers import ntag
    from .deck import Deck
    uid, n = r.uid, r.uid_len
    if sr.learned is None:
        sr.learned = Deck(64)
    w = sr.writing
    if r.uid_len != 7 or r.sak & 0x08:
        # not an NTAG21x (SAK 0x00, 7-byte UID): a MIFARE Classic has no READ of
        # pages, and no phone app writes it an NDEF text either
        sr.learned.put(uid, n, NOT_OURS)
        return ntag.OK      # an unknown tag (write-deck mode: the panel says so)
    if w is not None:
        if not strong:
            return ntag.ERROR   # maybe a neighbour's tag: written only on its own reader
        code, data = w
        for k in range(len(data) // 4):
            st = ntag.write_page(r, FIRST_PAGE + k, data[4 * k:4 * k + 4])
            if st != ntag.OK:
                return st
    mem = _MEM
    st = ntag.read_page(r, FIRST_PAGE, mem)
    if st != ntag.OK:
        return st
    size = length(mem)
    if size > 16:
        st = ntag.read_page(r, FIRST_PAGE + 4, _MEM2)
        if st != ntag.OK:
            return st
    got = code_in(mem, size) if 0 < size <= 32 else -1
    if w is not None:
        if got != w[0]:
            return ntag.ERROR   # the read-back differs: written again at the next look
        if sr.wrote is None:
            sr.wrote = Deck(16)
        sr.wrote.put(uid, n, got)
        sr.writing = None
        sr.stats["written"] += 1
    sr.learned.put(uid, n, got if got >= 0 else NOT_OURS)
    sr.stats["read"] += 1
    return ntag.OK


def unwrite(sr, code):
    """The tag written as `code` in this write-deck pass may be written again."""
    w = sr.wrote
    if w is None:
        return
    t = w.table
    for k in range(w.count):
        if t[k * w.REC + 11] == code:
            t[k * w.REC + 11] = NOT_OURS
