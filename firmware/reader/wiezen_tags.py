"""Wiezen's control tags, after the table's own (reader/deck.py `CONTROLS`): their codes
follow CONTROL_BASE + len(CONTROLS). Kept out of reader/deck.py, which the table holds
for good: its words would be interned at boot for every game (the Pico's heap had no
room for them); loaded when such a tag is read or enrolled."""
WORDS = ("vraag", "mee", "wait", "alleen", "miserie", "open-miserie", "solo", "solo-slim",
         "troel", "troela", "partner")
