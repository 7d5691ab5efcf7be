"""Mus's showdown (seed 004): the four rounds' keys of a four-card hand, and who wins.

Cards are the rule module's numbers (`cards.py`: suit * 16 + face - 1). Mus ignores
suits and plays "with eight kings and eight aces": a 3 counts as a king and a 2 as an
ace in every round (K-3 is a pair), aces low. Mus's order is then

    K=3  Q  J  7  6  5  4  A=2        (rank 10 9 8 7 6 5 4 1 below)

Every function here returns an int *key*: for every round a higher key is the
better hand, and 0 means "has no such combination" (pares, juego, punto).
Keys are small ints built with shifts from the ranks sorted by a five-comparator
network, so a key costs no allocation on the Pico.

- grande: the ranks high to low, base 16: compared by the highest card, then the next.
- chica: the same from the lowest card up, each rank flipped (11 - rank): lower wins.
- pares: `kind << 12 | rank << 8 | kicker << 4 | kicker`, kind 3 duples (higher
  pair, lower pair; four alike are duples of one rank twice), 2 medias (the three,
  then the kicker), 1 par simple (the pair, then the higher kicker, the lower). The
  seed compares kickers; tradition does not, the seed wins. The bonus is `kind`.
- juego (a total of 31 or more; A=2=1, J Q K 3 = 10, others their face):
  31 > 32 > 40 > 37 > 36 > 35 > 34 > 33 (38 and 39 cannot be made). Bonus 3 for 31, 2
  otherwise.
- punto (only when nobody has juego): the total, 30 best. Bonus 1.

Options (rules/mus.py): `kings` 8 (the text: "most widely played with eight aces and
eight kings") or 4 (the 3s and 2s are their own ranks, worth 3 and 2: K Q J 7 6 5 4 3
2 A, ranks 10 .. 1 with RANK4 and VALUE4); `real31` (false: the text; true: "31
real", three 7s and a jack, beats every other 31, the mano's included: key
JUEGO_REAL, bonus 3 as any 31). `keys(hand, kings, real31)` reads both.

Ties: two equal keys go to the seat first in turn order, from the dealer's right
(`direction` -1, anticlockwise, Mus's default: the seat after s is s - 1 mod 4).
"""

GRANDE = 0
CHICA = 1
PARES = 2
JUEGO = 3
PUNTO = 4
ROUND_NAMES = ("grande", "chica", "pares", "juego", "punto")

# Indexed by card & 15 (face - 1): A 2 3 4 5 6 7 8 9 10 J Q K. 0 = not in the pack.
RANK = (1, 1, 10, 4, 5, 6, 7, 0, 0, 0, 8, 9, 10)
VALUE = (1, 1, 10, 4, 5, 6, 7, 0, 0, 0, 10, 10, 10)
# With four kings (option `kings` 4): the 3s and 2s rank and count as themselves.
RANK4 = (1, 2, 3, 4, 5, 6, 7, 0, 0, 0, 8, 9, 10)
VALUE4 = (1, 2, 3, 4, 5, 6, 7, 0, 0, 0, 10, 10, 10)
RANK_NAMES = ("", "A", "", "", "4", "5", "6", "7", "J", "Q", "K")
PARES_NAMES = ("", "par", "medias", "duples")

JUEGO_REAL = 51     # "31 real" (7 7 7 J), above every other 31 (option `real31`)
JUEGO_31 = 50       # the keys of 31 and 32, above 40 (the best of the rest)
JUEGO_32 = 49


def in_pack(c):
    """True when card number `c` is in Mus's 40-card Spanish pack (no 8, 9, 10)."""
    return isinstance(c, int) and 0 <= c < 64 and (c & 15) < 13 and RANK[c & 15] != 0


def rank(c):
    """Mus's rank of a card (1 = A or 2 ... 10 = K or 3)."""
    return RANK[c & 15]


def value(c):
    """A card's value toward juego and punto."""
    return VALUE[c & 15]


def _sorted(hand, rank=RANK):
    """The four ranks high to low (a five-comparator sorting network, no list)."""
    a = rank[hand[0] & 15]
    b = rank[hand[1] & 15]
    c = rank[hand[2] & 15]
    d = rank[hand[3] & 15]
    if a < b:
        a, b = b, a
    if c < d:
        c, d = d, c
    if a < c:
        a, c = c, a
    if b < d:
        b, d = d, b
    if b < c:
        b, c = c, b
    return a, b, c, d


def grande(hand):
    """The grande key: highest card first, then the next, down to the lowest."""
    a, b, c, d = _sorted(hand)
    return a << 12 | b << 8 | c << 4 | d


def chica(hand):
    """The chica key: lowest card first, then the next up; a higher key is lower cards."""
    a, b, c, d = _sorted(hand)
    return (11 - d) << 12 | (11 - c) << 8 | (11 - b) << 4 | (11 - a)


def _pares(a, b, c, d):
    if a == b and c == d:
        return 0x3000 | a << 8 | c << 4          # duples (four alike: one rank twice)
    if a == c:
        return 0x2000 | a << 8 | d << 4          # medias, kicker below
    if b == d:
        return 0x2000 | b << 8 | a << 4          # medias, kicker above
    if a == b:
        return 0x1000 | a << 8 | c << 4 | d
    if b == c:
        return 0x1000 | b << 8 | a << 4 | d
    if c == d:
        return 0x1000 | c << 8 | a << 4 | b
    return 0


def pares(hand):
    """The pares key (0: no pares). `key >> 12` is the kind: 3 duples, 2 medias, 1 par."""
    a, b, c, d = _sorted(hand)
    return _pares(a, b, c, d)


def total(hand):
    """The hand's total toward juego and punto."""
    return VALUE[hand[0] & 15] + VALUE[hand[1] & 15] + VALUE[hand[2] & 15] + VALUE[hand[3] & 15]


def _juego(t):
    if t < 31:
        return 0
    if t == 31:
        return JUEGO_31
    if t == 32:
        return JUEGO_32
    return t


def juego(hand):
    """The juego key (0: no juego, under 31): 31 > 32 > 40 > 37 > ... > 33."""
    return _juego(total(hand))


def punto(hand):
    """The punto key: the total when under 31 (30 best), else 0 (the hand has juego)."""
    t = total(hand)
    return t if t < 31 else 0


def keys(hand, kings=8, real31=False):
    """All five keys of a hand at once, one sort: (grande, chica, pares, juego, punto),
    with 8 kings or 4 (option `kings`) and "31 real" or not (option `real31`)."""
    rank, value = (RANK, VALUE) if kings == 8 else (RANK4, VALUE4)
    a, b, c, d = _sorted(hand, rank)
    t = value[hand[0] & 15] + value[hand[1] & 15] + value[hand[2] & 15] + value[hand[3] & 15]
    j = _juego(t)
    if real31 and t == 31 and a == 8 and b == 7 and d == 7:
        j = JUEGO_REAL      # 7 7 7 J: the jack ranks 8, the sevens 7 in both orders
    return (a << 12 | b << 8 | c << 4 | d,
            (11 - d) << 12 | (11 - c) << 8 | (11 - b) << 4 | (11 - a),
            _pares(a, b, c, d), j, t if t < 31 else 0)


def pares_bonus(key):
    """The pares bonus of a pares key: duples 3, medias 2, par 1, none 0."""
    return key >> 12


def juego_bonus(key):
    """The juego bonus of a juego key: 31 gives 3, any other juego 2, none 0."""
    if not key:
        return 0
    return 3 if key >= JUEGO_31 else 2


def bonus(round_no, key):
    """The bonus one seat's key is worth in a round (grande and chica have none;
    punto's 1 belongs to the side that wins it, whichever seat holds the hand)."""
    if round_no == PARES:
        return key >> 12
    if round_no == JUEGO:
        return juego_bonus(key)
    if round_no == PUNTO:
        return 1 if key else 0
    return 0


def pares_name(key):
    """`"duples"`, `"medias"`, `"par"` or `""` for a pares key."""
    return PARES_NAMES[key >> 12]


def juego_total(key):
    """The total a juego key stands for (31..40), or 0."""
    if key == JUEGO_31 or key == JUEGO_REAL:
        return 31
    if key == JUEGO_32:
        return 32
    return key


def best(round_keys, first, step=-1, eligible=None):
    """The seat with the best key (higher wins; 0 never wins), ties to the seat first
    in turn order from `first` (the dealer's right), going by `step`. `eligible`: a
    sequence of four truth values, or None for every seat. None when nobody can win."""
    winner = None
    top = 0
    s = first
    for _ in range(4):
        k = round_keys[s]
        if k > top and (eligible is None or eligible[s]):
            top = k
            winner = s
        s = (s + step) & 3
    return winner


def best_in_turn(round_keys, order, eligible=None):
    """`best` over the seats of `order` (the hand's turn order, as the game's
    description gives it): the first of them wins a tie."""
    winner = None
    top = 0
    for s in order:
        k = round_keys[s]
        if k > top and (eligible is None or eligible[s]):
            top = k
            winner = s
    return winner


def first_seat(dealer, step=-1):
    """The dealer's right (anticlockwise): the first to speak and the tie winner."""
    return (dealer + step) & 3


def round_winner(round_no, hands, dealer, step=-1):
    """The seat that wins round `round_no` (GRANDE..PUNTO) among four hands (a list
    by seat, each four card numbers), or None when nobody holds the combination.
    The team is `seat % 2`."""
    fn = _KEY_FUNCTIONS[round_no]
    return best([fn(h) for h in hands], first_seat(dealer, step), step)


def showdown(hands, dealer, step=-1):
    """Every round's winning seat at once: a list indexed GRANDE..PUNTO (None where
    nobody holds pares, juego, or punto because someone has juego)."""
    ks = [keys(h) for h in hands]
    first = first_seat(dealer, step)
    out = []
    for r in range(5):
        out.append(best([ks[0][r], ks[1][r], ks[2][r], ks[3][r]], first, step))
    if out[JUEGO] is not None:
        out[PUNTO] = None       # punto is played only when nobody has juego
    return out


_KEY_FUNCTIONS = (grande, chica, pares, juego, punto)
