"""The screens between matches: idle, setup, enrolment and the deck check.

Drawn with screen.Screen's primitives; loaded for these screens' pictures and
dropped after each (Screen.release), so their code takes no heap during play.
"""
from rules import cards as C
from . import phases as P
from .screen import seat
from .screen_notes import band, messages, para, wrap

PACK_NAMES = {"spanish40": "SPANISH 40", "spanish48": "SPANISH 48", "piquet32": "PIQUET 32",
              "french52": "FRENCH 52", "mexican40": "MEXICAN 40"}

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
        y += centred(self, "NO DECK ENROLLED", y, b)
    else:
        name, count = t.deck
        y += centred(self, PACK_NAMES.get(name, name.upper()) + ", " + str(count) + " TAGS",
                     y, b)
        y += centred(self, "SIGNS " + SIGNS_SAMPLE, y, b)
    foot(self, t, y + 4, ["menu: new match", "hold confirm: enrol", "undo: suit signs"])


def setup(self, t):
    from .menu import presets      # loaded in setup, dropped when a match starts
    y = self.title("NEW MATCH", SIGNS_SAMPLE)
    y += centred(self, t.game_name.upper(), y, self.fact) + 2
    opts = presets(t.game_name)[t.preset]
    words = [k.replace("_", " ") + ": " + str(opts[k]).lower() for k in opts] or ["as written"]
    b = self.body
    for w in words:
        y += centred(self, w, y, b)
    y += 4
    y += centred(self, "DEALER", y, b)
    y += centred(self, seat(t.first_dealer), y, self.fact) + 2
    foot(self, t, y, ["menu: game", "hold menu: options", "undo: dealer",
                     "hold undo: check deck", "confirm: start"])


def enrol(self, view):
    """Enrolment: the pack, the next card or control tag, how far."""
    kind, pack, pos, total, code = view
    y = self.title("ENROL", SIGNS_SAMPLE)
    b = self.body
    y += centred(self, PACK_NAMES.get(pack, pack.upper()), y, b) + 2
    y += centred(self, "NEXT", y, b)
    if code < 0:
        what = "DONE"
    elif code >= 64:
        import deck as D
        what = D.CONTROLS[code - D.CONTROL_BASE]
    else:
        what = self.card(C.name(code))
    y += centred(self, what, y, 8 if self.wide else 4)
    y += centred(self, str(pos) + " / " + str(total), y, b + 1) + 2
    lines = ["lay it on any reader", "undo: back", "confirm: save"]
    if pos == 0:
        lines = ["menu: other pack", "hold menu: signs"] + lines
    foot(self, self.table, y, lines)


def check(self, view):
    """The deck check: the game, how many of its cards were seen, which are missing."""
    kind, game, seen, total, missing, foreign = view
    y = self.title("DECK CHECK")
    b = self.body
    y += centred(self, game.upper(), y, b) + 2
    y += centred(self, str(seen) + " / " + str(total), y, self.fact) + 2
    top = hints(self, ["cards on any reader", "confirm: done"])
    texts = []
    if foreign:
        texts.append(str(foreign) + " tag(s) not enrolled")
    if missing:
        texts.append("missing: " + " ".join(self.card(C.name(c)) for c in missing))
    elif seen == total:
        texts.append("every card seen")
    para(self, texts, 2, y, self.width - 4, top - y - 2, b)
