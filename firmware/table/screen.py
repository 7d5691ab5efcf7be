"""E-ink layouts, readable across a table: framebuf's 8x8 font scaled up.

The panel stands portrait (122 x 250 on the 2.13", 128 x 296 on the 2.9"): game
and hand on top, the
trump suit letter very big, the scores, whose turn, the last trick, and a
violation with its proof when there is one. Drawing allocates (it runs in the
display task, never on the per-play path).
"""
import framebuf

from rules import cards as C
from . import phases as P

INK = 0       # the panel RAM: 0 black, 1 white
PAPER = 1
SEAT_WORDS = ("S0", "S1", "S2", "S3")


class Screen:
    """Draws the table's state into an EInk driver's framebuffer."""

    def __init__(self, eink):
        self.eink = eink
        self.fb = eink.fb
        self.width = eink.visible_width
        self.height = eink.height
        self._glyph_buf = bytearray(8)
        self._glyph = framebuf.FrameBuffer(self._glyph_buf, 8, 8, framebuf.MONO_HLSB)
        self.frames = 0

    # -- drawing primitives ----------------------------------------------------------
    def text(self, s, x, y, scale=1):
        """Text at (x, y), each 8x8 glyph pixel drawn as a scale x scale block."""
        if scale == 1:
            self.fb.text(s, x, y, INK)
            return
        g = self._glyph
        for ch in s:
            g.fill(0)
            g.text(ch, 0, 0, 1)
            for j in range(8):
                for i in range(8):
                    if g.pixel(i, j):
                        self.fb.fill_rect(x + i * scale, y + j * scale, scale, scale, INK)
            x += 8 * scale

    def centred(self, s, y, scale=1):
        self.text(s, max(0, (self.width - len(s) * 8 * scale) // 2), y, scale)

    def rule(self, y):
        self.fb.hline(0, y, self.width, INK)

    # -- layouts ---------------------------------------------------------------------
    def draw(self, table):
        """The picture for the table's phase."""
        self.fb.fill(PAPER)
        phase = table.phase
        if phase == P.ENROL:
            self._enrol(table)
        elif phase in (P.IDLE, P.SETUP):
            self._setup(table)
        else:
            self._game(table)
        self.frames += 1

    def _setup(self, table):
        self.centred("TAPETE", 4, 2)
        self.rule(24)
        if table.phase == P.IDLE:
            self.centred("MENU:", 60, 2)
            self.centred("NEW", 84, 3)
            self.centred("MATCH", 112, 3)
            self.centred("hold confirm", 250)
            self.centred("to enrol", 262)
            return
        self.centred(table.game_name.upper(), 40, 2)
        from .menu import PRESETS      # loaded in setup, dropped when a match starts
        opts = PRESETS[table.game_name][table.preset]
        y = 70
        if not opts:
            self.centred("as written", y)
        for k in opts:
            self.centred(k + "=" + str(opts[k]), y)
            y += 12
        self.centred("DEALER", 120, 2)
        self.centred(SEAT_WORDS[table.first_dealer], 142, 4)
        self.centred("confirm: go", 270)

    def _enrol(self, table):
        self.centred("ENROL", 4, 2)
        self.rule(24)
        en = table.enroller
        if en is None:
            return
        code = en.expected()
        import enrol
        self.centred("NEXT", 50, 2)
        self.centred(enrol.name(code) if code >= 0 else "DONE", 80, 4)
        self.centred(str(en.pos) + "/" + str(len(en.order)), 140, 2)
        self.centred("undo: back", 250)
        self.centred("confirm: save", 262)

    def _game(self, table):
        m = table.match
        title = m.game.name.upper() if m.game else "?"
        self.centred(title, 2, 2)
        self.centred("HAND " + str(m.hand_no), 20)
        self.rule(30)
        # Trump: the suit letter, very big.
        self.text("TRUMP", 4, 38)
        suit = "?" if m.trump is None else ("-" if m.trump == C.NO_TRUMP else C.SUITS[m.trump])
        self.text(suit, 64, 34, 6)
        self.rule(84)
        # Scores: team 0 (S0+S2) and team 1 (S1+S3).
        self.text("02", 8, 90)
        self.text("13", self.width - 24, 90)
        score = str(m.totals[0]) + "-" + str(m.totals[1])
        self.centred(score, 102, 3 if len(score) <= 5 else 2)
        self.rule(130)
        y = 136
        if table.phase == P.OVER:
            self.centred("GAME", y, 3)
            w = m.winner
            self.centred("TEAM " + (str(w) if w is not None else "-"), y + 30, 2)
            self.centred(str(m.end_reason), y + 50)
        elif table.phase == P.TURNUP:
            self.centred("TURN-UP", y, 2)
            self.centred("BY " + SEAT_WORDS[m.dealer], y + 22, 3)
        elif table.phase == P.HAND_END:
            self.centred("HAND", y, 2)
            self.centred("OVER", y + 20, 2)
            self.centred("collect", y + 44)
        else:
            turn = m.turn
            self.centred("PLAY", y, 2)
            self.centred(">" + (SEAT_WORDS[turn] if turn is not None else "--"), y + 20, 3)
        self.rule(194)
        v = table.violation
        if v is not None:
            self._violation(v)
        else:
            self._last_trick(m)

    def _last_trick(self, m):
        t = m.last
        self.text("LAST TRICK", 4, 198)
        if not t.n:
            return
        for i in range(t.n):
            x = 2 + (i % 2) * 60
            y = 208 + (i // 2) * 20
            mark = "*" if t.seats[i] == t.winner else " "
            self.text(C.name(t.cards[i]) + mark, x, y, 2)
        if self.height >= 270:
            self.text("won by " + SEAT_WORDS[t.winner], 4, 252)

    def _violation(self, v):
        """A framed box: who, which rule, the card, and the later card that proves it."""
        top = 196
        self.fb.fill_rect(0, top, self.width, self.height - top, INK)
        self.fb.fill_rect(2, top + 2, self.width - 4, self.height - top - 4, PAPER)
        self.centred("FOUL " + SEAT_WORDS[v["seat"]], top + 4, 2)
        self.centred(v["rule"], top + 22)
        played = v["card"] + " t" + str(v["trick"])
        proof = v.get("proof")
        if proof:       # the card played, then the later card that proves it
            self.centred(played + ">" + proof["card"] + " t" + str(proof["trick"]), top + 34)
        else:
            self.centred(played + " at play", top + 34)
