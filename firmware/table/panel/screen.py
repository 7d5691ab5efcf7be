"""E-ink layouts: the table's state, legible across the table, within the panel.

One layout per screen (idle, setup, enrol, deck check, the game), arranged for a
wide panel (the 4.2" 400x300: the main facts side by side) or a tall one (2.13"
122x250, 2.9" 128x296: stacked). The game screen reads the match through
`Match.snapshot()`: a header (game, hand, dealer); the three main facts in the
largest glyphs (trump as a suit sign, the scores, whose turn); the hand's context
for games that have one (a framed region, none for Malilla and Manille); the
table's message in a black band; the last trick labelled by seat, or a violation
with its proof. hardware/PANEL.md gives the glyph heights in millimetres.

Drawing is paged (drivers/eink.py): `prepare(table)` reads the state once per
picture, then `paint(fb, ox, oy, rows)` draws it into a band, shifted by (ox, oy),
and may be called once per band. Text is framebuf's 8x8 font scaled by whole
pixels; the suit signs are bitmaps drawn from the pictures in
tests/firmware/suit_art.py (a test keeps them equal): the four French signs, then
the Spanish ones for the same codes (docs/protocol.md: espadas = S, copas = H, oros = D,
bastos = C); SMALL in 8x8 cells to sit in a line of text, BIG in 16x16.

Heap: this module stays loaded (with the wide panel's layout of the main facts;
a tall panel's is in screen_tall, loaded once); what a picture rarely needs is
loaded for it and dropped by `release()` after it: messages and violations (screen_notes), later games' hand context
(screen_context), and the screens between matches (screen_menu). Drawing
allocates (the display task, never the per-play path).
"""
import sys

import framebuf
import micropython

from rules import cards as C
from .. import phases as P
from .ink import INK, PAPER, reason_word, seat  # noqa: F401 (screen.INK ...: the screens' own)
from .say import load as load_language, say

LINE = 52     # characters in one run of scaled text (the widest panel at scale 1)
# The suit signs (framebuf's 8x8 font has none): spades, hearts, diamonds, clubs,
# then espadas, copas, oros, bastos.
SMALL = (
    b"\x10\x38\x7c\xfe\xfe\x10\x38\x00"  # spades
    b"\x6c\xfe\xfe\xfe\x7c\x38\x10\x00"  # hearts
    b"\x10\x38\x7c\xfe\x7c\x38\x10\x00"  # diamonds
    b"\x38\x38\xd6\xfe\xd6\x10\x38\x00"  # clubs
    b"\x10\x10\x10\x10\xfe\x10\x38\x00"  # espadas
    b"\xfe\xfe\x7c\x38\x10\x10\x7c\x00"  # copas
    b"\x38\x44\x92\xba\x92\x44\x38\x00"  # oros
    b"\x0e\x1e\x1c\x38\x70\x60\xc0\x00"  # bastos
)
BIG = (
    b"\x01\x00\x03\x80\x07\xc0\x0f\xe0\x1f\xf0\x3f\xf8\x7f\xfc\xff\xfe"
    b"\xff\xfe\xff\xfe\x7d\x7c\x39\x38\x01\x00\x03\x80\x0f\xe0\x00\x00"  # spades
    b"\x00\x00\x3c\x78\x7e\xfc\xff\xfe\xff\xfe\xff\xfe\xff\xfe\x7f\xfc"
    b"\x3f\xf8\x1f\xf0\x0f\xe0\x07\xc0\x03\x80\x01\x00\x00\x00\x00\x00"  # hearts
    b"\x01\x00\x03\x80\x03\x80\x07\xc0\x0f\xe0\x1f\xf0\x3f\xf8\x7f\xfc"
    b"\x3f\xf8\x1f\xf0\x0f\xe0\x07\xc0\x03\x80\x03\x80\x01\x00\x00\x00"  # diamonds
    b"\x03\x80\x07\xc0\x0f\xe0\x0f\xe0\x0f\xe0\x07\xc0\x3b\xb8\x7e\xfc"
    b"\xff\xfe\xff\xfe\x7e\xfc\x39\x38\x01\x00\x03\x80\x0f\xe0\x00\x00"  # clubs
    b"\x01\x00\x03\x80\x03\x80\x03\x80\x03\x80\x03\x80\x03\x80\x03\x80"
    b"\x03\x80\x7f\xfc\x7f\xfc\x01\x00\x01\x00\x03\x80\x03\x80\x00\x00"  # espadas
    b"\xff\xfe\xff\xfe\x7f\xfc\x7f\xfc\x3f\xf8\x1f\xf0\x0f\xe0\x03\x80"
    b"\x01\x00\x01\x00\x01\x00\x03\x80\x07\xc0\x1f\xf0\x3f\xf8\x00\x00"  # copas
    b"\x07\xc0\x1f\xf0\x38\x38\x60\x0c\x63\x8c\xc7\xc6\xcf\xe6\xcf\xe6"
    b"\xcf\xe6\xc7\xc6\x63\x8c\x60\x0c\x38\x38\x1f\xf0\x07\xc0\x00\x00"  # oros
    b"\x00\x1c\x00\x3e\x00\x7e\x00\xfc\x01\xf0\x03\xe0\x07\xc0\x0f\x80"
    b"\x0f\x00\x1e\x00\x3c\x00\x38\x00\x70\x00\x60\x00\xc0\x00\x00\x00"  # bastos
)


def blit(fb, b, o, w, n, k, x, y, scale, c, top=-(1 << 20), bottom=1 << 20):
    """Draw the MONO_HLSB bitmap of w bytes by n rows at b[o:], rows k bytes apart,
    with its top left at (x, y), each pixel a scale x scale block in colour c: one
    fill_rect per run of set pixels in a row. Only the bitmap rows that fall in the
    buffer's rows top .. bottom - 1 are looked at (a band holds a slice of the
    picture: the rest would be clipped by fill_rect after the loop had paid for it)."""
    j0 = 0 if y >= top else (top - y) // scale
    j1 = n if y + n * scale <= bottom else (bottom - y + scale - 1) // scale
    if j1 > j0:
        _runs(fb.fill_rect, b, o, w * 8, j0, j1, k, x, y, scale, c)


@micropython.viper
def _runs(rect, b: ptr8, o: int, px: int, j0: int, j1: int, k: int, x: int, y: int,
          scale: int, c: int):
    # The bit scan in machine code: in bytecode it was most of a picture's drawing
    # time on the RP2040 (a scaled glyph row is 8 tests per byte).
    j = j0
    while j < j1:
        r = o + j * k
        i = 0
        while i < px:
            v = int(b[r + (i >> 3)])
            if v == 0 and (i & 7) == 0:
                i += 8          # a blank byte
            elif (v >> (7 - (i & 7))) & 1:
                s = i
                i += 1
                while i < px and (int(b[r + (i >> 3)]) >> (7 - (i & 7))) & 1:
                    i += 1
                rect(x + s * scale, y + j * scale, (i - s) * scale, scale, c)
            else:
                i += 1
        j += 1


# A player's name on the panel: its first PANEL_NAME letters (the big facts are drawn
# 4x, 32 px a letter, in a column of about a quarter of the 400 px panel: 8 letters fit
# at 1.5x, and `fit` shrinks any label to its column); a name with a letter the
# panel's font cannot draw (beyond Latin-1) shows as its seat, S0 .. S11.
PANEL_NAME = 8


def short_name(name):
    """`name` as the panel shows it, or None when its font cannot draw it."""
    if not name:
        return None
    for ch in name:
        o = ord(ch)
        if o < 0x20 or 0x7E < o < 0xC0 or o > 0xFF:
            return None
    return name[:PANEL_NAME]


def team_label(seats, n):
    """S0+S2 for a pair; EVEN or ODD for the partners of a larger table (PROTOCOL:
    partners are seat % 2); the first and last seat of any other team."""
    if len(seats) <= 2:
        return "+".join(seat(s) for s in seats)
    for k in range(2):
        if list(seats) == list(range(k, n, 2)):
            return say("EVEN") if k == 0 else say("ODD")
    return seat(seats[0]) + "+..+" + seat(seats[-1])


def reason_text(r):
    """Why the match ended, in the table's language (a reason without a word as it is)."""
    w = reason_word(r)
    return w if w is not None else str(r or "")


class View:
    """What a picture reads of the table (controller.Table), copied when it is
    prepared."""

    def __init__(self, t):
        self.phase = t.phase
        self.message = t.notice + ". " + t.message if t.notice and t.message else t.notice or t.message
        if getattr(t, "round", None) is not None and P.in_match(t.phase):     # the round, its time left
            from .round_line import text
            self.message = text(t) + (". " + self.message if self.message else "")
        self.problems = list(t.problems)
        self.violation = t.violation        # the controller replaces it, never edits it
        self.ruling = t.ruling              # ... and the last ruling (x-ruling) likewise
        self.pending = getattr(t.match, "pend_seat", -1)     # a card the law holds (or -1)
        self.game_name = t.game_name
        self.preset = t.preset
        self.first_dealer = t.first_dealer
        d = t.deck
        self.deck = None if d is None else (d.name, d.count)
        game = t.match.game
        self.target = getattr(game, "target", 0) if game is not None else 0
        self.names = getattr(t, "match_names", None) or {}     # the match's players' names
        en = t.enroller
        self.enroller = en.view() if en is not None and t.phase == P.ENROL else None


class Screen:
    """Draws the table's state into frame buffer bands (see the module docstring)."""

    def __init__(self, eink):
        self.width = eink.visible_width
        self.height = eink.height
        self.wide = self.width > self.height
        # One line of up to LINE characters rendered by framebuf, then scaled: text is
        # drawn in runs, never a string per character (MicroPython interns those).
        self._line = bytearray(LINE * 8)
        self._lfb = framebuf.FrameBuffer(self._line, LINE * 8, 8, framebuf.MONO_HLSB)
        self.frames = 0
        self.log = None         # a list: (text, scale) of everything drawn (tests)
        self.tick = None        # called before each text and sign: the app lets the
                                # awaited seat's reader in (app.py: between)
        self.table = None
        self.snap = {}          # the match's snapshot for this picture
        self.signs = 0          # 0 French suit signs, 1 Spanish (the enrolled deck's)
        self.fb = self._lfb
        self.ox = 0
        self.oy = 0
        self.lo = 0             # the panel rows this band holds: lo .. hi - 1
        self.hi = 0
        # Scales of the main facts and of the body text (hardware/PANEL.md).
        if self.wide:
            self.sign_scale, self.fact, self.body = 6, 5, 2
        elif self.height >= 290:
            self.sign_scale, self.fact, self.body = 4, 4, 1
        else:
            self.sign_scale, self.fact, self.body = 3, 3, 1

    # -- one picture --------------------------------------------------------------
    def prepare(self, table):
        """Read what the next picture shows, once: it is drawn band by band, and
        again into the panel's base RAM after a partial refresh, while the table
        plays on; every band and the base must show the same state."""
        self.frames += 1
        load_language(getattr(table, "root", ""))     # once: the language kept on flash
        self.table = View(table)
        m = table.match
        self.snap = m.snapshot() if m.game is not None and P.in_match(table.phase) else {}
        deck = table.deck
        if table.phase == P.ENROL and table.enroller is not None:
            deck = getattr(table.enroller, "deck", deck)
        self.signs = getattr(deck, "signs", 0) if deck is not None else 0

    def paint(self, fb, ox, oy, rows, first=None):
        """Draw the prepared picture into `fb`, panel pixel (x, y) at (x + ox, y + oy).
        The buffer holds `rows` rows from panel row `first` (default -oy): what lies
        wholly outside them is skipped, not drawn."""
        self.fb = fb
        self.ox = ox
        self.oy = oy
        self.lo = -oy if first is None else first
        self.hi = self.lo + rows
        t = self.table
        if t is None:
            return
        phase = t.phase
        if P.in_match(phase):
            self.game(t)
            return
        from . import screen_menu
        screen_menu.draw(self, t)

    def release(self):
        """The picture is on the panel: forget it, and drop the rarely needed
        drawing code it loaded (freed at the next collection)."""
        self.table = None
        self.snap = {}
        pkg = sys.modules.get("table.panel")
        for name in ("screen_notes", "screen_context", "screen_menu", "wiezen_words"):
            if sys.modules.pop("table.panel." + name, None) is not None and pkg is not None:
                try:
                    delattr(pkg, name)
                except AttributeError:
                    pass

    # -- drawing primitives (panel coordinates) ---------------------------------------
    def rect(self, x, y, w, h, c=INK):
        self.fb.fill_rect(x + self.ox, y + self.oy, w, h, c)

    def rule(self, y, h=1):
        self.rect(0, y, self.width, h)

    def text(self, s, x, y, scale=1, c=INK):
        """Text at (x, y), each glyph pixel a scale x scale block; characters 1..4
        are the suit signs of S H D C (small bitmaps, French or Spanish)."""
        if self.log is not None:
            self.log.append((s, scale))
        if y + 8 * scale <= self.lo or y >= self.hi:
            return
        if self.tick is not None:
            self.tick()
        fb = self.fb
        x += self.ox
        y += self.oy
        top = self.lo + self.oy      # the band's rows in the buffer
        bottom = self.hi + self.oy
        b = s.encode()
        n = len(b)
        i = 0
        while i < n:
            if b[i] < 8:        # a suit sign
                blit(fb, SMALL, (b[i] - 1 + 4 * self.signs) * 8, 1, 8, 1, x, y, scale, c,
                     top, bottom)
                x += 8 * scale
                i += 1
                continue
            if b[i] >= 0x80:    # a letter beyond ASCII (UTF-8: two bytes for Latin-1's)
                k = 2 if b[i] < 0xe0 else 3 if b[i] < 0xf0 else 4
                cp = ((b[i] & 0x1f) << 6 | (b[i + 1] & 0x3f)) if k == 2 and i + 1 < n else -1
                from .letters import glyph      # loaded by the first letter beyond ASCII
                blit(fb, glyph(cp), 0, 1, 8, 1, x, y, scale, c, top, bottom)
                x += 8 * scale
                i += k
                continue
            j = i + 1
            while j < n and j - i < LINE and 8 <= b[j] < 0x80:
                j += 1
            run = b[i:j].decode()
            if scale == 1:
                fb.text(run, x, y, c)
            else:
                self._lfb.fill(0)
                self._lfb.text(run, 0, 0, 1)
                blit(fb, self._line, 0, j - i, 8, LINE, x, y, scale, c, top, bottom)
            x += 8 * scale * (j - i)
            i = j

    def sign(self, suit, x, y, scale):
        """The big sign of suit 0..3 (16 x 16 pixels, scaled)."""
        if self.log is not None:
            self.log.append(("<" + C.SUITS[suit] + ">", scale))
        if y + 16 * scale > self.lo and y < self.hi:
            if self.tick is not None:
                self.tick()
            blit(self.fb, BIG, (suit + 4 * self.signs) * 32, 2, 16, 2,
                 x + self.ox, y + self.oy, scale, INK, self.lo + self.oy, self.hi + self.oy)

    # -- placing text -------------------------------------------------------------------
    @staticmethod
    def fit(s, w, scale):
        """The largest scale up to `scale` at which `s` is at most `w` pixels wide."""
        while scale > 1 and len(s) * 8 * scale > w:
            scale -= 1
        return scale

    @staticmethod
    def lh(scale):
        """Line height of text at `scale`."""
        return 8 * scale + (3 if scale == 1 else 2 if scale == 2 else scale)

    def centred(self, s, y, scale, x=0, w=0):
        """Centred in [x, x + w) (the panel's width by default), shrunk to fit.
        Returns the height used."""
        w = w or self.width - x
        scale = self.fit(s, w, scale)
        self.text(s, x + max(0, (w - len(s) * 8 * scale) // 2), y, scale)
        return self.lh(scale)

    def right(self, s, x, y, scale, c=INK):
        """Text ending at x."""
        self.text(s, x - len(s) * 8 * scale, y, scale, c)

    def title(self, s, right=""):
        """The header line (the right part only where it fits); returns the first
        row below it."""
        sc = 2 if self.wide else 1
        ls = self.fit(s, self.width - 4, sc)
        self.text(s, 2, 2, ls)
        room = self.width - 12 - len(s) * 8 * ls
        rs = self.fit(right, room, sc)
        if right and len(right) * 8 * rs <= room:
            self.right(right, self.width - 2, 2 + 8 * (ls - rs), rs)
        y = 4 + 8 * sc
        self.rule(y, 2 if self.wide else 1)
        return y + (6 if self.wide else 4)

    def card(self, name):
        """A card code ('7H') as face and suit sign; Spanish signs get Spanish numbers."""
        suit = C.SUITS.find(name[-1:])
        face = name[:-1]
        if self.signs:          # the numbers printed on Spanish packs
            face = ("1", "10", "11", "12", face)["AJQK".find(face)]
        return face + chr(suit + 1) if suit >= 0 else name

    # -- the game --------------------------------------------------------------------------
    def game(self, t):
        s = self.snap
        if not s:
            return
        right = say("HAND") + " " + str(s["hand"])
        if self.wide and s["dealer"] is not None:
            right += "  " + say("DEALER") + " " + seat(s["dealer"])
        head = str(s["game"]).upper()
        if s.get("profile") and s["hand"] <= 1 and not s.get("last"):
            # the match's start: its house-rule profile (docs/profiles.md) beside the game,
            # or alone where both do not fit (a profile's name says its game)
            prof, chars = s["profile"].upper(), (self.width - 4) // 8
            if len(head) + 3 + len(prof) <= chars:
                head += " - " + prof
            elif len(prof) <= chars:
                head = prof
        y = self.title(head, right)
        if self.wide:
            y = self.facts(t, s, y)
        else:                       # the 2.13" and 2.9" panels
            from . import screen_tall
            y = screen_tall.facts(self, t, s, y)
        if s["context"]:            # later games: calls, stakes, declarations
            from . import screen_context
            y = screen_context.region(self, s, y)
        if t.message or t.problems or t.violation is not None:
            from . import screen_notes as N
            y = N.notes(self, t, y)
        if t.violation is None:
            self.last_trick(s, y)

    def trump_label(self, s):
        """The first main fact's name: TRUMP, or STAKE in the games without trumps
        (Truc, Mus), which show what the hand is played for instead."""
        return say("TRUMP") if s.get("trumps", True) else say("STAKE")

    def trump_of(self, s):
        """(suit 0..3 or -1, text when there is no sign to show)."""
        tr = s["trump"]
        if not s.get("trumps", True):
            c = s["context"]
            v = c.get("proposed", c.get("stake"))
            return -1, str(v) if v is not None else "-"
        if tr is None:
            return -1, "?"
        i = C.SUITS.find(tr)
        # Botifarra's hand without trumps is called botifarra, in every language.
        return (i, "") if i >= 0 else (-1, "BOTIFARRA" if s.get("game") == "botifarra" else say("NO TRUMPS"))

    def who(self, t, n):
        """Seat `n` as the panel names it: the player's short name, or S0 .. S11."""
        row = t.names.get("seats") or ()
        name = short_name(row[n]) if n is not None and 0 <= n < len(row) else None
        return name or seat(n)

    def turn_of(self, t, s):
        """(label, the big value, a line under it) for the third main fact."""
        phase = t.phase
        if phase == P.TURNUP:
            return say("TURN-UP"), self.who(t, s["dealer"]), say("turns up")
        if phase == P.COLLECT:
            last = s["last"]
            return say("TRICK TO"), self.who(t, last["winner"]) if last else "-", say("collect it")
        if phase == P.HAND_END:
            return say("HAND END"), "", say("collect")
        if phase == P.OVER:
            w = s["winner"]
            teams = s.get("teams") or []
            who = self.team(t, teams, w, s["seats"]) if w is not None and w < len(teams) else "-"
            return say("WINNER"), who, reason_text(s["reason"])
        asked = s["context"].get("awaiting")
        if asked:                   # a call is awaited: who must call or answer
            who = self.who(t, asked[0]) if len(asked) == 1 else "+".join(seat(x) for x in asked) if len(asked) <= 2 else seat(asked[0]) + "+"
            # the calls, the showdown's hands laid down (Mus), or an answer to a raise
            label = say("TO CALL") if phase == P.CALLS else say("TO SHOW") if phase == P.SHOW else say("ANSWER")
            return label, who, ""
        turn = s["turn"]
        return (say("CALLS") if phase == P.CALLS else say("TO PLAY")), self.who(t, turn) if turn is not None else "-", ""

    def team(self, t, teams, i, n):
        """Team `i` as the panel names it: its short name, a lone player's, or its seats."""
        row = t.names.get("teams") or ()
        name = short_name(row[i]) if i < len(row) else None
        if name is None and len(teams[i]) == 1:
            return self.who(t, teams[i][0])
        return name or team_label(teams[i], n)

    def teams_of(self, s):
        """(label, total) per team."""
        teams = s.get("teams") or [[0, 2], [1, 3]]
        totals = s["totals"]
        t = self.table
        return [(self.team(t, teams, i, s["seats"]) if i < len(teams) else "T" + str(i),
                 str(totals[i])) for i in range(len(totals))]

    def last_trick(self, s, y):
        """The last trick: a cell per card, labelled by seat; the winner's reversed.
        As many as fit: the winner's first, then '..' for the rest."""
        last = s["last"]
        room = self.height - y - self.lh(1)
        if not last or room < self.lh(1):
            return
        win = last["winner"]
        head = say("LAST TRICK") + " " + str(last["n"])
        if self.wide:       # on a tall panel the winner's reversed cell says it
            head += "  " + say("won by") + " " + seat(win)
        hs = self.fit(head, self.width - 4, self.body)
        self.text(head, 2, y, hs)
        y += self.lh(hs)
        room = self.height - y
        cells = [(p[0], seat(p[0]) + " " + self.card(p[1])) for p in last["cards"]]
        n = len(cells)
        longest = max(len(c[1]) for c in cells)
        for sc in range(self.body + 1, 0, -1):
            per = max(1, (self.width + 8 * sc) // ((longest + 1) * 8 * sc))
            if (n + per - 1) // per * self.lh(sc) <= room:
                break
        fit = room // self.lh(sc) * per
        if n > fit:
            cells = ([c for c in cells if c[0] == win] + [c for c in cells if c[0] != win])
            cells = cells[:fit - 1] + [(-1, "..")]
            n = fit
        cw = self.width // per
        for i in range(n):
            who, txt = cells[i]
            cx = (i % per) * cw
            cy = y + (i // per) * self.lh(sc)
            if who == win:
                self.rect(cx, cy - 1, len(txt) * 8 * sc + 4, 8 * sc + 2)
                self.text(txt, cx + 2, cy, sc, PAPER)
            else:
                self.text(txt, cx + 2, cy, sc)

    def facts(self, t, s, y):
        """Trump | scores | whose turn, side by side (the 4.2" panel)."""
        cols = (0, 128, 264, self.width)
        ss = self.sign_scale
        h = 16 * ss + 44
        for x in cols[1:3]:
            self.rect(x, y, 2, h)
        # Trump: the big sign, and the turned-up card under it.
        self.centred(self.trump_label(s), y, 2, cols[0], cols[1])
        suit, word = self.trump_of(s)
        if suit >= 0:
            self.sign(suit, (cols[1] - 15 * ss) // 2, y + 20, ss)
        else:
            self.centred(word, y + 40, 8 if len(word) == 1 else 3, cols[0], cols[1])
        if s.get("turnup"):
            self.centred(say("up") + " " + self.card(s["turnup"]), y + h - 18, 2, cols[0], cols[1])
        # Scores: per team a label, and the number big under it.
        x, w = cols[1] + 6, cols[2] - cols[1] - 10
        target = t.target
        self.centred(say("TO") + " " + str(target) if target else say("SCORE"), y, 2, cols[1] + 2, w + 8)
        teams = self.teams_of(s)
        if len(teams) <= 2:
            for i in range(len(teams)):
                label, total = teams[i]
                r = y + 20 + i * 60
                self.text(label, x, r, self.fit(label, w, 2))
                self.right(total, x + w, r + 18, self.fit(total, w, self.fact))
        else:
            row = (h - 20) // len(teams)
            for i in range(len(teams)):
                label, total = teams[i]
                r = y + 20 + i * row
                sc = self.fit(total, w - len(label) * 16 - 4, max(1, min(self.fact, row // 9)))
                self.text(label, x, r + max(0, 8 * sc - 16), 2)
                self.right(total, x + w, r, sc)
        # Whose turn (or the phase's other big fact).
        label, big, under = self.turn_of(t, s)
        x = cols[2] + 4
        w = cols[3] - x
        self.centred(label, y, 2, x, w)
        if big:                     # a player's name shrinks to the column
            self.centred(big, y + 34, self.fit(big, w, ss), x, w)
        if under:
            self.centred(under, y + h - 18, 2, x, w)
        self.rule(y + h + 2, 2)
        return y + h + 8
