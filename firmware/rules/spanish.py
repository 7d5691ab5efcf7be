"""Spanish card names: `"1 oros"`, `"rey de bastos"`, `"sota copas"`.

Spanish-suited packs map onto the French codes (docs/protocol.md): oros = D, copas = H,
espadas = S, bastos = C; 1 = A, sota = J, caballo = Q, rey = K. Kept apart from
cards.py so the table loads it only when a Spanish name is read.
"""
from .errors import CardError

SUITS = {"O": 2, "OROS": 2, "C": 1, "COPAS": 1, "E": 0, "ESPADAS": 0, "B": 3, "BASTOS": 3}
FACE_WORDS = {"1": 1, "SOTA": 11, "CABALLO": 12, "REY": 13, "S": 11, "CB": 12, "R": 13}


def parse_spanish(text, t, faces):
    """(suit, face) of the card named by `t` (the upper-cased `text`): "<face> [de]
    <suit>"; `faces` are the face letters (cards.FACES: cards.py, which imports this
    file when it reads a Spanish name, makes the card)."""
    words = [w for w in t.split(" ") if w and w != "DE"]
    if len(words) != 2 or words[1] not in SUITS:
        raise CardError("not a card code: " + repr(text))
    f = FACE_WORDS.get(words[0])
    if f is None:
        if words[0] not in faces:
            raise CardError("not a card code: " + repr(text))
        f = faces.index(words[0]) + 1
    return SUITS[words[1]], f
