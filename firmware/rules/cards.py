"""Cards: the one encoding every part of tapete uses, and its text form.

Encoding (the C core uses the same numbers):

    card = suit * 16 + (face - 1)
    suit: S=0 H=1 D=2 C=3           (docs/protocol.md order)
    face: A=1 2..10 J=11 Q=12 K=13

A *suit set* is a 13-bit int with bit (face - 1); a *hand* is a list of four suit
sets, one per suit. On the Pico a small int has 31 bits, so a 52-bit mask would be
a heap-allocated long on every operation: per-suit sets keep the hot path on small
ints. The C core packs the same bits into one uint64_t (16 bits per suit).
"""
from .errors import CardError

SUITS = "SHDC"
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")
NO_TRUMP = 4
FACES = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")

def card(suit, face):
    """The card of `suit` (0..3) and `face` (1..13)."""
    return suit * 16 + face - 1


def suit_of(c):
    """The suit (0..3) of a card."""
    return c >> 4


def face_of(c):
    """The face (1..13) of a card."""
    return (c & 15) + 1


def bit(c):
    """The bit of `c` inside its suit set."""
    return 1 << (c & 15)


def name(c):
    """The docs/protocol.md code of a card: `name(6) == "7H"`."""
    if not is_card(c):
        raise CardError("not a card number: " + repr(c))
    return FACES[c & 15] + SUITS[c >> 4]


def is_card(c):
    """True when `c` is a valid card number."""
    return isinstance(c, int) and 0 <= c < 64 and (c & 15) < 13


def parse(text):
    """Parse a card code (`"7H"`, `"10s"`, `"QD"`); raises CardError quoting it.

    Spanish aliases are accepted as `"<face> <suit>"` words, e.g. `"1 oros"`,
    `"rey bastos"`, `"sota de copas"`.
    """
    if not isinstance(text, str):
        raise CardError("a card must be a string, got " + repr(text))
    t = text.strip().upper()
    if " " in t:
        from .spanish import parse_spanish     # rare on the table: loaded when needed
        s, f = parse_spanish(text, t, FACES)
        return card(s, f)
    if len(t) < 2 or len(t) > 3:
        raise CardError("not a card code: " + repr(text))
    face_text, suit_text = t[:-1], t[-1]
    s = SUITS.find(suit_text)
    if s < 0 or face_text not in FACES:
        raise CardError("not a card code: " + repr(text))
    return card(s, FACES.index(face_text) + 1)


def parse_suit(text):
    """Parse a suit letter (`"H"`), or `"none"` for no trump."""
    if isinstance(text, str):
        t = text.strip().upper()
        if t == "NONE":
            return NO_TRUMP
        if len(t) == 1 and t in SUITS:
            return SUITS.index(t)
    raise CardError("not a suit: " + repr(text))


def suit_name(s):
    """`"S"`, `"H"`, `"D"`, `"C"`, or `"none"` for NO_TRUMP."""
    return "none" if s == NO_TRUMP else SUITS[s]


def empty_hand():
    """A hand holding nothing."""
    return [0, 0, 0, 0]


def hand_of(cards):
    """A hand (four suit sets) from a list of card numbers."""
    h = [0, 0, 0, 0]
    for c in cards:
        h[c >> 4] |= 1 << (c & 15)
    return h


def holds(hand, c):
    """True when the hand holds card `c`."""
    return bool(hand[c >> 4] & (1 << (c & 15)))


def cards_of(hand):
    """The card numbers in a hand, in suit then face order."""
    out = []
    for s in range(4):
        bits = hand[s]
        f = 0
        while bits:
            if bits & 1:
                out.append(s * 16 + f)
            bits >>= 1
            f += 1
    return out


def count(hand):
    """How many cards a hand holds."""
    n = 0
    for s in range(4):
        bits = hand[s]
        while bits:
            bits &= bits - 1
            n += 1
    return n


def is_empty(hand):
    """True when the hand holds nothing."""
    return not (hand[0] or hand[1] or hand[2] or hand[3])


def deck_of(faces):
    """The hand holding every card of the given faces in all four suits."""
    bits = 0
    for f in faces:
        bits |= 1 << (f - 1)
    return [bits, bits, bits, bits]
