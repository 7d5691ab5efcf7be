"""The hand's context of later games (Botifarra's multiplier, Envite's stake and who
must answer, Tute's declarations, Mus's round and bets...: Match.snapshot()
["context"]) in a framed region headed HAND, shown generically. Loaded only when a
hand has a context: never for Malilla and Manille."""
from .ink import PAPER, reason_word, seat
from .say import say
from .screen_notes import words, wrap

# Words of the hand context (Match.snapshot()["context"]); other keys show as they are.
# (This module is loaded for each picture and dropped after it: the words are the
# table's language of the moment.)
CONTEXT_WORDS = {"multiplier": "x", "stake": say("STAKE") + " ", "proposed": say("RAISE TO") + " ",
                 "awaiting": say("ANSWER") + " ", "lying": say("LYING") + " ", "eleven": say("ELEVEN") + " ",
                 "declarations": "", "round": "", "bets": say("BETS") + " ", "trump_by": say("TRUMP BY") + " ",
                 "chooser": say("TRUMP?") + " ", "doubling": say("DOUBLE?") + " ", "games": say("GAMES") + " ",
                 "hands": say("HANDS") + " ", "bid": say("BID") + " ", "ended": say("ENDED") + " ",
                 "contract": "", "declarers": say("BY") + " ", "partner": say("WITH") + " ",
                 "target": say("TRICKS") + " ", "stock": say("STOCK") + " ",
                 "vueltas": say("VUELTAS") + " "}
SEAT_KEYS = ("seat", "awaiting", "lying", "winner", "caller", "leader", "trump_by", "chooser",
             "doubling", "eleven", "declarers", "partner")


def region(self, s, y):
    """The hand's context (calls, stakes, declarations...) in a framed region
    headed HAND; nothing at all when the game keeps none (Malilla, Manille)."""
    ctx = s["context"]
    items = []
    for k in sorted(ctx):
        items.append(CONTEXT_WORDS.get(k, k.upper() + " ") + value(self, k, ctx[k]))
    sc = self.body
    text = "  ".join(items)
    lines = wrap(text, self.width - 12, sc)
    if len(lines) > 2:
        sc = 1
        lines = wrap(text, self.width - 12, sc)[:3 if self.wide else 4]
    h = len(lines) * self.lh(sc) + 14
    self.fb.rect(self.ox, y + self.oy, self.width, h, 0)
    self.rect(0, y, 36, 10)
    head = say("HAND")
    self.rect(36, y, max(0, len(head) * 8 + 4 - 36), 10)
    self.text(head, 2, y + 1, 1, PAPER)
    for i in range(len(lines)):
        self.text(lines[i], 6, y + 12 + i * self.lh(sc), sc)
    return y + h + 3


def value(self, key, v):
    """A context value as words: seats as S<n>, card codes with their suit signs."""
    if isinstance(v, bool):
        return say("yes") if v else say("no")
    if isinstance(v, int):
        return seat(v) if key in SEAT_KEYS else str(v)
    if isinstance(v, (list, tuple)):
        return " ".join(value(self, key, x) for x in v)
    if isinstance(v, dict):
        return " ".join(value(self, k, v[k]) for k in v)
    if key == "contract":       # Wiezen's: its own words, loaded for this picture only
        from .wiezen_words import contract
        return contract(v)
    w = reason_word(v) if key == "ended" else None
    if w is not None:
        return w        # why the hand ended early, in the table's language
    return words(self, str(v))
