"""A tag's own record read at its first sighting (docs/decks.md, "Reading"): the part of
reader/ndef.py that a table playing a deck which carries its names keeps loaded.

Loaded by the reader layer at the first tag no enrolled deck knows and kept (imported
again at every card, it would cost milliseconds on the verdict); the format's writer,
the names of cards and packs as text and the write-deck mode stay in ndef.py, loaded
only for those (the menu, a control word's record): less code held during play.
"""
from micropython import const

from .deck import CONTROLS, CONTROL_BASE

FIRST_PAGE = const(4)
NOT_OURS = const(255)       # a tag read and found without a tapete record

# pages 4..11 as read (made with the module: it is loaded only when tags are read)
_MEM = bytearray(32)
_MEM2 = memoryview(_MEM)[16:]
# ndef.PACK_NAMES, _SUITS and _FACES as bytes, compared in place
_PACKS_B = (b"spanish40", b"spanish48", b"piquet32", b"mexican40", b"french52")
_SUITS_B = b"SHDC"
_FACES_B = b"A 2 3 4 5 6 7 8 9 10J Q K "   # two bytes a face, a space after one letter


def text_at(buf, n):
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
    """buf[i:j] == word (bytes, or a str of ASCII), compared in place."""
    if j - i != len(word):
        return False
    text = isinstance(word, str)
    for k in range(j - i):
        if buf[i + k] != (ord(word[k]) if text else word[k]):
            return False
    return True


def _face(buf, i, j):
    """The face (0..12) spelt by buf[i:j], or -1."""
    for f in range(13):
        a = _FACES_B[2 * f]
        b = _FACES_B[2 * f + 1]
        if j - i == 1 and b == 0x20 and buf[i] == a or \
                j - i == 2 and b != 0x20 and buf[i] == a and buf[i + 1] == b:
            return f
    return -1


def code_in(buf, n):
    """The card (or control) code of the record in buf[:n], or -1: the reader's
    path at a card's first lay, compared in place (a card allocates nothing: a
    collection there would fall on the verdict)."""
    start = text_at(buf, n)
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
                f = _face(buf, w, end - 1)
                if f >= 0:
                    return suit * 16 + f
    for i in range(len(CONTROLS)):      # a control word (deck.CONTROLS: ASCII)
        if _is(buf, w, end, CONTROLS[i]):
            return CONTROL_BASE + i
    from .wiezen_tags import WORDS      # Wiezen's tags, coded after them: loaded only here
    for i in range(len(WORDS)):
        if _is(buf, w, end, WORDS[i]):
            return CONTROL_BASE + len(CONTROLS) + i
    return -1


def put(deck, uid, n, code):
    """Remember uid[:n] as `code` in `deck` (a deck.Deck: the reader's table of tags
    read from their own memory, a cache emptied when full), replacing what it was.
    Here and not a Deck method: a table playing an enrolled deck never needs it."""
    t = deck.table
    rec = deck.REC
    for r in range(0, deck.count * rec, rec):
        if t[r] == n:
            for i in range(n):
                if t[r + 1 + i] != uid[i]:
                    break
            else:
                t[r + rec - 1] = code
                return
    if deck.count >= deck.capacity:
        deck.count = 0
    deck.add(uid, n, code)


def length(head):
    """How many bytes from page 4 the record takes, from its first bytes (the TLV's
    length), or 0 when they hold no NDEF message."""
    if head[0] != 0x03 or head[1] == 0xFF:
        return 0
    return 2 + head[1]


def read(r, ntag):
    """(status, code): the record of the tag selected on reader `r` read with
    drivers/ntag.py (`ntag`); code -1 when it holds none of ours, status not
    ntag.OK when a READ failed."""
    mem = _MEM
    st = ntag.read_page(r, FIRST_PAGE, mem)
    if st != ntag.OK:
        return st, -1
    size = length(mem)
    if size > 16:
        st = ntag.read_page(r, FIRST_PAGE + 4, _MEM2)
        if st != ntag.OK:
            return st, -1
    return ntag.OK, (code_in(mem, size) if 0 < size <= 32 else -1)


def memory(sr, r, strong):
    """The reader layer (SeatReaders `sr`) and the tag just selected on reader `r`:
    its record read into `sr.learned` (its card code, or NOT_OURS); the write-deck
    mode goes to ndef.py instead (SeatReaders._memory). OK, or the status that failed (a sighting that failed: tried again at the next look)."""
    from drivers import ntag
    if sr.learned is None:
        from .deck import Deck
        sr.learned = Deck(64)
    if r.uid_len != 7 or r.sak & 0x08:
        # not an NTAG21x (SAK 0x00, 7-byte UID): a MIFARE Classic has no READ of
        # pages, and no phone app writes it an NDEF text either
        put(sr.learned, r.uid, r.uid_len, NOT_OURS)
        return ntag.OK
    st, got = read(r, ntag)
    if st != ntag.OK:
        return st
    put(sr.learned, r.uid, r.uid_len, got if got >= 0 else NOT_OURS)
    sr.stats["read"] += 1
    return ntag.OK
