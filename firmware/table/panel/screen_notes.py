"""What a picture rarely holds: the table's message and the readers' faults in a
black band, a violation with its proof, and the wrapping of long texts. Loaded by
screen.Screen for a picture that needs it and dropped after (Screen.release)."""
from rules import cards as C
from .. import phases as P
from .say import say
from .ink import INK, PAPER, seat


def wrap(s, w, scale):
    """`s` broken into lines at most `w` pixels wide (words kept whole when they fit)."""
    per = max(1, w // (8 * scale))
    lines = []
    line = ""
    for word in s.split(" "):
        while len(word) > per:
            if line:
                lines.append(line)
                line = ""
            lines.append(word[:per])
            word = word[per:]
        if not line:
            line = word
        elif len(line) + 1 + len(word) <= per:
            line = line + " " + word
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines


def para(self, texts, x, y, w, h, scale, c=INK):
    """Texts wrapped into the box (x, y, w, h) at `scale`, or smaller where they do
    not fit; what still does not fit ends in '..'. Returns the height used (colour
    c -1: only that, nothing drawn)."""
    lines = [""]
    for sc in range(scale, 0, -1):
        lines = []
        for s in texts:
            lines += wrap(s, w, sc)
        if len(lines) * self.lh(sc) <= h:
            break
    lh = self.lh(sc)
    n = min(len(lines), max(0, h // lh))
    for i in range(n if c >= 0 else 0):
        s = lines[i]
        if i == n - 1 and n < len(lines):
            s = s[:max(0, w // (8 * sc) - 2)] + ".."
        self.text(s, x, y + i * lh, sc, c)
    return n * lh


def band(self, texts, y, bottom=0):
    """White text on black, full width, from row y at most to `bottom` (the panel's
    end by default). Returns its height (0: no texts)."""
    if not texts:
        return 0
    w = self.width - 8
    h = para(self, texts, 4, y + 3, w, (bottom or self.height) - y - 4, self.body, -1)
    self.rect(0, y, self.width, h + 4)
    para(self, texts, 4, y + 3, w, h, self.body, PAPER)
    return h + 4


def words(self, text):
    """Card codes among the words of `text` shown with their suit signs."""
    out = []
    for w in text.split(" "):
        end = w[-1:]
        if end and end in ";,.:":
            w = w[:-1]
        else:
            end = ""
        if 2 <= len(w) <= 3 and w[-1:] in C.SUITS and w[:-1] in C.FACES:
            w = self.card(w)
        out.append(w + end)
    return " ".join(out)


def messages(self, t):
    """The band's texts: the table's message, then the readers' faults found at
    boot; outside play on a wide panel each with its advice, else shortened, and
    in play on one line when there are more than two."""
    out = []
    if t.phase == P.IDLE and t.deck is None and say("enrol a deck") not in t.message:
        out.append(say("enrol a deck"))
    if t.message:
        out.append(words(self, t.message))
    faults = t.problems
    playing = P.in_match(t.phase)
    if len(faults) > 2 and playing:
        return out + [say("reader faults:") + " " + " ".join(seat(f[0]) for f in faults)]
    for s, text in faults:
        # "seat 2: no MFRC522 answers (...): check ..." -> "S2 no MFRC522 answers"
        if text.startswith("seat") and ": " in text:
            text = text.split(": ", 1)[1]
        if playing or not self.wide:
            text = text.split(" (")[0].split(":")[0]
        out.append(seat(s) + " " + text)
    return out


def notes(self, t, y):
    """In the game: the band under the main facts, and a violation box below it.
    Returns the first free row."""
    h = band(self, messages(self, t), y)
    y += h + 3 if h else 0
    v = t.violation
    if v is not None:
        violation(self, v, y, ruling_line(t, v))
    return y


def ruling_line(t, v):
    """What the law does about violation `v` (docs/referee.md): its ruling once made,
    else why the card is not taken (it waits to be played on, or must be lifted)."""
    r = t.ruling
    if r is not None and r["hand"] == v["hand"] and r["seat"] == v["seat"] \
            and r.get("card") == v["card"]:
        return say("RULING") + " " + penalty_text(r)
    if v["rule"] == "out-of-turn" and t.pending == v["seat"]:
        return say("stands once played on")
    if v.get("proven") == "at-play" and v["rule"] in ("out-of-turn", "unknown-card", "duplicate-card"):
        return say("take it back")
    return None


def penalty_text(r):
    """A ruling's penalty as the panel says it."""
    p = r["penalty"]
    other = str(1 - r["team"])
    if p == "hand":
        return say("hand to team") + " " + other
    if p == "game":
        return say("match to team") + " " + other
    if p == "score":
        return str(r["score"][1 - r["team"]]) + " " + say("to team") + " " + other
    return {"condone": say("it stands"), "take-back": say("take it back"), "report": say("reported"),
            "correct": say("replace it before the next lead")}.get(p, p)


def rule_text(r):
    """A broken rule (rules/duties.py RULE_WORDS) as the panel names it."""
    return {"revoke": say("revoke"), "must-beat": say("must-beat"), "seven-discard": say("seven-discard"),
            "must-trump": say("must-trump"), "must-overtrump": say("must-overtrump"),
            "low-card": say("low-card"), "trawl": say("trawl"), "out-of-turn": say("out-of-turn"),
            "unknown-card": say("unknown-card"), "duplicate-card": say("duplicate-card"),
            "not-in-hand": say("not-in-hand"), "false-declaration": say("false-declaration")}.get(r, r)


def violation(self, v, y, ruled=None):
    """A framed box: who, which rule, the card, the later card that proves it, and
    what the law does about it (`ruled`)."""
    h = self.height - y
    self.rect(0, y, self.width, h)
    self.rect(2, y + 2, self.width - 4, h - 4, PAPER)
    head = say("FOUL") + " " + seat(v["seat"]) + " " + rule_text(v["rule"])
    lines = [head]
    if ruled:       # what to do comes first: a small panel cuts the box's last lines
        lines.append(ruled)
    lines.append(self.card(v["card"]) + " " + say("in trick") + " " + str(v["trick"]))
    proof = v.get("proof")
    if proof:       # the card played, then the later card that proves it
        lines.append(say("proven by") + " " + self.card(proof["card"]) + " " + say("in trick") + " " + str(proof["trick"]))
    elif v.get("proven") == "at-play":
        lines.append(say("at play"))
    para(self, lines, 6, y + 5, self.width - 12, h - 8, self.body + 1 if self.wide else self.body)
