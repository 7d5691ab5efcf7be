"""The screens between matches: idle, setup, enrolment and the deck check.

Drawn with screen.Screen's primitives; loaded for these screens' pictures and
dropped after each (Screen.release), so their code takes no heap during play.
"""
from rules import cards as C
from .. import phases as P
from .lang_list import LANGS, NAMES
from .say import code, say, say_n
from .ink import seat
from .screen_notes import band, messages, para, wrap

# Loaded for each picture and dropped after it: the words are the table's language now.
PACK_NAMES = {"spanish40": say("SPANISH 40"), "spanish48": say("SPANISH 48"), "piquet32": say("PIQUET 32"),
              "french52": say("FRENCH 52"), "mexican40": say("MEXICAN 40")}

SIGNS_SAMPLE = "\x01\x02\x03\x04"    # the four suit signs, French or Spanish


def draw(self, t):
    """The screen for the table's phase: idle, setup, enrolment or the deck check."""
    if t.phase == P.ENROL:                  # enrolling, or checking the deck
        if t.enroller is not None:
            (check if t.enroller[0] == "check" else enrol)(self, t.enroller)
    elif t.phase == P.IDLE:
        idle(self, t)
    else:
        setup(self, t)


def centred(self, s, y, scale):
    """Centred across the panel, shrunk to fit, wrapped when even the smallest
    glyphs do not fit. Returns the height used."""
    scale = self.fit(s, self.width, scale)
    lines = wrap(s, self.width, scale)
    for i in range(len(lines)):
        self.centred(lines[i], y + i * self.lh(scale), scale)
    return len(lines) * self.lh(scale)


def hint_rows(self, lines):
    """(scale, rows) of button hints: one scale for all, wrapped where they must be."""
    sc = self.body
    for s in lines:
        sc = self.fit(s, self.width - 4, sc)
    rows = []
    for s in lines:
        rows += wrap(s, self.width - 4, sc)
    return sc, rows


def hints(self, lines):
    """Button hints at the bottom of the panel; returns their top row."""
    sc, rows = hint_rows(self, lines)
    top = self.height - len(rows) * self.lh(sc)
    for i in range(len(rows)):
        self.text(rows[i], 2, top + i * self.lh(sc), sc)
    return top


def foot(self, t, y, lines):
    """The message band from row y, then the button hints at the bottom; when the
    band would not fit whole above the hints, the hints give way to it."""
    texts = messages(self, t)
    if not texts:
        hints(self, lines)
        return
    need = 4
    for s in texts:
        need += len(wrap(s, self.width - 8, 1)) * self.lh(1)
    sc, rows = hint_rows(self, lines)
    top = self.height
    if y + need <= self.height - len(rows) * self.lh(sc) - 2:
        top = hints(self, lines) - 2
    band(self, texts, y, top)


def idle(self, t):
    sc = 5 if self.wide else 2
    self.centred("TAPETE", 4, sc)
    y = 8 + 8 * sc
    self.rule(y, 2 if self.wide else 1)
    y += 8
    b = self.body
    if t.deck is None:
        y += centred(self, say("NO DECK ENROLLED"), y, b)
    else:
        name, count = t.deck
        y += centred(self, PACK_NAMES.get(name, name.upper()) + ", " + str(count) + " " + say("TAGS"),
                     y, b)
        y += centred(self, say("SIGNS") + " " + SIGNS_SAMPLE, y, b)
    y += centred(self, say("LANGUAGE") + " " + NAMES[LANGS.index(code())], y, b)   # its own name
    foot(self, t, y + 4, [say("menu: new match"), say("hold confirm: enrol"), say("undo: suit signs"),
                          say("hold undo: write a deck"), say("hold menu: language")])


def setup(self, t):
    from rules.games import game_class     # the menu's presets: the game's own (table/menu.py)
    y = self.title(say("NEW MATCH"), SIGNS_SAMPLE)
    y += centred(self, t.game_name.upper(), y, self.fact) + 2
    opts = game_class(t.game_name).PRESETS[t.preset]
    words = [option_text(k, opts[k]) for k in opts] or [say("as written")]
    b = self.body
    for w in words:
        y += centred(self, w, y, b)
    y += 4
    if self.wide:
        y += centred(self, say("DEALER"), y, b)
        y += centred(self, seat(t.first_dealer), y, self.fact) + 2
    else:       # the small panels: one line, so that a preset's options leave room for the foot
        y += centred(self, say("DEALER") + " " + seat(t.first_dealer), y, b) + 2
    foot(self, t, y, [say("menu: game"), say("hold menu: options"), say("undo: dealer"),
                     say("hold undo: check deck"), say("confirm: start")])


def option_text(key, value):
    """An option of the preset in words (rules' registry names: firmware/rules/options.py)."""
    name = {"direction": say("direction"), "irregularity": say("a proven foul"), "target": say("target"),
            "auction": say("auction"), "deck": say("pack"), "last_trick_bonus": say("last trick bonus"),
            "partner_exemption": say("partner exemption"), "hands": say("hands"), "games": say("games"),
            "fold_bonus": say("bonuses on a fold"), "lone_stake": say("a round declared by one side alone is worth"),
            "captains": say("captains"), "dummy": say("dummy"),
            "lone_side": say("a round declared by one side alone"),
            "bonus": say("pares and juego bonuses"),
            "score_table": say("score table"), "all_pass": say("all pass"),
            "bid_trump": say("trump bid")}.get(key, key.replace("_", " "))
    if value is True or value is False:
        value = say("yes") if value else say("no")
    elif key == "lone_side" or key == "bonus":      # Mus's practice preset: words of the option
        value = {"bet": say("is bet"), "only": say("is not bet"), "best": say("the best player's"),
                 "side": say("both partners'")}.get(value, str(value))
    elif key == "score_table" or key == "all_pass":     # Wiezen's presets: words of the option
        value = {"kleuren": say("colour whist"), "light": say("light failed ask"), "iwwa": "IWWA",
                 "redeal": say("same dealer again"), "double": say("next deal double"),
                 "next": say("next dealer")}.get(value, str(value))
    else:
        value = {"cw": say("clockwise"), "ccw": say("anticlockwise"), "game": say("loses the game"),
                 "report": say("is reported"), "piquet32": say("piquet 32"), "spanish40": say("Spanish 40"),
                 "mexican40": say("Mexican 40")}.get(value, str(value).lower())
    return name + ": " + value


def enrol(self, view):
    """Enrolment, or writing a deck: the pack, the next card or control tag, how far."""
    kind, pack, pos, total, code = view
    writing = kind == "write"
    y = self.title(say("WRITE DECK") if writing else say("ENROL"), SIGNS_SAMPLE)
    b = self.body
    y += centred(self, PACK_NAMES.get(pack, pack.upper()), y, b) + 2
    y += centred(self, say("NEXT"), y, b)
    if code < 0:
        what = say("DONE")
    elif code >= 64:
        from reader import enrol as D      # every tag of the set, Wiezen's too (enrolment only)
        what = D.CONTROLS[code - D.CONTROL_BASE]
    else:
        what = self.card(C.name(code))
    y += centred(self, what, y, 8 if self.wide else 4)
    y += centred(self, str(pos) + " / " + str(total), y, b + 1) + 2
    lines = [say("lay it on any reader"), say("undo: back"),
             say("confirm: done") if writing else say("confirm: save")]
    if pos == 0:
        lines = [say("menu: other pack")] + ([] if writing else [say("hold menu: signs")]) + lines
    foot(self, self.table, y, lines)


def check(self, view):
    """The deck check: the game, how many of its cards were seen, which are missing."""
    kind, game, seen, total, missing, foreign = view
    y = self.title(say("DECK CHECK"))
    b = self.body
    y += centred(self, game.upper(), y, b) + 2
    y += centred(self, str(seen) + " / " + str(total), y, self.fact) + 2
    top = hints(self, [say("cards on any reader"), say("confirm: done")])
    texts = []
    if foreign:
        texts.append(say_n("%(n)s tag not enrolled", "%(n)s tags not enrolled", foreign) % {"n": foreign})
    if missing:
        texts.append(say("missing:") + " " + " ".join(self.card(C.name(c)) for c in missing))
    elif seen == total:
        texts.append(say("every card seen"))
    para(self, texts, 2, y, self.width - 4, top - y - 2, b)
