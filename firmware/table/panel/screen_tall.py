"""The game's main facts on a tall panel (2.13" 122x250, 2.9" 128x296): trump, the
scores and whose turn stacked, in the largest glyphs that fit (hardware/PANEL.md).
Loaded by screen.Screen for a tall panel only (the default 4.2" is wide)."""


def facts(self, t, s, y):
    """Trump, scores, whose turn, stacked (the 2.13" and 2.9" panels)."""
    ss = self.sign_scale
    suit, word = self.trump_of(s)
    label = self.trump_label(s)
    up = self.card(s["turnup"]) if s.get("turnup") else ""
    x = 15 * ss + 8
    if suit >= 0 or len(word) * 8 <= 15 * ss:
        # The sign, or a short value in its place ("?", a stake), with the label and
        # the turned-up card beside it.
        if suit >= 0:
            self.sign(suit, 2, y, ss)
        else:
            self.text(word, 2, y + 4, self.fit(word, 15 * ss, 4))
        self.text(label, x, y + 2)
        if up:
            self.text(up, x, y + 14, self.fit(up, self.width - x, 2))
    else:
        # A word wider than the sign's place (BOTIFARRA, NO TRUMPS in any language)
        # would run into the label beside it: the label on the first line (the
        # turned-up card at its right), the word under it across the panel.
        self.text(label, 2, y + 2)
        if up:
            self.right(up, self.width - 2, y + 2, 1)
        self.text(word, 2, y + 16, self.fit(word, self.width - 4, 3))
    y += 16 * ss + 2
    self.rule(y)
    y += 4
    teams = self.teams_of(s)
    for label, total in teams:
        lw = len(label) * 8 + 4
        sc = self.fit(total, self.width - lw - 2, self.fact)
        if len(teams) > 2:
            sc = min(sc, 2)
        self.text(label, 2, y + 8 * sc - 8, 1)
        self.right(total, self.width - 2, y, sc)
        y += self.lh(sc)
    self.rule(y)
    y += 4
    label, big, under = self.turn_of(t, s)
    self.text(label, 2, y)
    if big:
        sc = self.fit(big, self.width - 4, self.fact)
        self.right(big, self.width - 2, y + 10, sc)
        y += 10 + self.lh(sc)
    else:
        y += self.lh(1)
    if under:
        self.text(under, 2, y, 1)
        y += self.lh(1)
    self.rule(y)
    return y + 3
