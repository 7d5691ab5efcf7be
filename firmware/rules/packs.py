"""Every pack, rank order and point table of the project, in one place.

Faces: A=1 2..10 J=11 Q=12 K=13 (Spanish packs: 1, sota=J, caballo=Q, rey=K).
An order lists a game's faces from high to low; it is also the game's pack.
"""

# The packs, as the faces they keep in every suit.
SPANISH40 = (1, 2, 3, 4, 5, 6, 7, 11, 12, 13)          # no 8 9 10: Malilla, Tute, Envite, Truc, Mus
SPANISH48 = (1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 13)    # no 10: Botifarra
PIQUET32 = (1, 7, 8, 9, 10, 11, 12, 13)               # 7 to A: classical Manille
MEXICAN40 = (1, 3, 4, 5, 6, 7, 9, 11, 12, 13)          # 52 minus 10s, 8s and 2s: Mexican Manille
FRENCH52 = tuple(range(1, 14))

PACKS = {"spanish40": SPANISH40, "spanish48": SPANISH48, "piquet32": PIQUET32,
         "mexican40": MEXICAN40, "french52": FRENCH52}

# Rank orders, high to low (seed texts; see each game's module for readings).
ORDERS = {
    "malilla": (7, 1, 13, 12, 11, 6, 5, 4, 3, 2),
    "manille": (10, 1, 13, 12, 11, 9, 8, 7),
    "manille-spanish40": (7, 1, 13, 12, 11, 6, 5, 4, 3, 2),
    "manille-mexican40": (9, 1, 13, 12, 11, 7, 6, 5, 4, 3),
    "botifarra": (9, 1, 13, 12, 11, 8, 7, 6, 5, 4, 3, 2),
    "tute": (1, 3, 13, 12, 11, 7, 6, 5, 4, 2),
    "truc": (3, 2, 1, 13, 12, 11, 7, 6, 5, 4),
}

# Card points per face (faces not listed are worth nothing).
POINTS = {
    "malilla": {7: 5, 1: 4, 13: 3, 12: 2, 11: 1},
    "manille": {10: 5, 1: 4, 13: 3, 12: 2, 11: 1},
    "manille-spanish40": {7: 5, 1: 4, 13: 3, 12: 2, 11: 1},
    "manille-mexican40": {9: 5, 1: 4, 13: 3, 12: 2, 11: 1},
    "botifarra": {9: 5, 1: 4, 13: 3, 12: 2, 11: 1},
    "tute": {1: 11, 3: 10, 13: 4, 12: 3, 11: 2},
    "truc": {},
}
