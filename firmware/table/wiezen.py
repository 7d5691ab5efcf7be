"""Wiezen's control tags at the table: their words are reader/wiezen_tags.py's, coded
after the table's own (reader/deck.py `CONTROLS`). The controller imports this module
when such a tag is read (`Table._control`), so a table playing another game holds
none of it; during a Wiezen match it stays, as Wiezen's rules do. (Named after the
game: the name is a word the registry holds anyway, no new one kept for good.)

`troel` and `troela` start showing the cards their call announces (table/showing.py
names the card); every other word is a call, as the game's `tag_call` makes it."""
from reader.deck import CONTROL_BASE, CONTROLS
from reader.wiezen_tags import WORDS

from . import phases as P
from .panel.say import say


def control(t, seat, code):
    """Wiezen's tag `code` laid on `seat`'s reader at table `t`; the same checks as the
    table's own tags (Table._control)."""
    i = code - CONTROL_BASE - len(CONTROLS)
    word = WORDS[i] if i < len(WORDS) else "?"
    if t.phase not in (P.CALLS, P.PLAY, P.TURNUP) or t.showing != -1:
        t._warn(seat, say("not now"))
    elif word == "troel" or word == "troela":
        from . import showing           # the cards the call announces come first
        showing.start(t, seat, showing.KINDS.index(word))
    else:
        t.tag_call(seat, word)
