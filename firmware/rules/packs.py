"""The packs the games use, as the faces each keeps in every suit.

Faces: A=1 2..10 J=11 Q=12 K=13 (Spanish packs: 1, sota=J, caballo=Q, rey=K). Each
game states its own rank order and card points in its module; enrolment and the
tests read the packs here.
"""

SPANISH40 = (1, 2, 3, 4, 5, 6, 7, 11, 12, 13)          # no 8 9 10: Malilla, Tute, Envite, Truc, Mus
SPANISH48 = (1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 13)    # no 10: Botifarra
PIQUET32 = (1, 7, 8, 9, 10, 11, 12, 13)               # 7 to A: classical Manille
MEXICAN40 = (1, 3, 4, 5, 6, 7, 9, 11, 12, 13)          # 52 minus 10s, 8s and 2s: Mexican Manille
FRENCH52 = tuple(range(1, 14))                          # covers every pack above

PACKS = {"spanish40": SPANISH40, "spanish48": SPANISH48, "piquet32": PIQUET32,
         "mexican40": MEXICAN40, "french52": FRENCH52}
