"""A live text scoreboard folded from table-log events."""
from .rules import cards

SUIT_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs", "none": "no trump"}


class Scoreboard:
    """Folds events one by one; `render()` is the text to show."""

    def __init__(self):
        self.game = None
        self.options = {}
        self.hand = 0
        self.dealer = None
        self.trump = None
        self.turnup = None
        self.totals = [0, 0]
        self.tricks = [0, 0]
        self.last_trick = None
        self.violations = []
        self.result = None
        self.plays = 0
        self.seq = None

    def feed(self, ev):
        """Fold one event."""
        name = ev.get("ev")
        self.seq = ev.get("seq", self.seq)
        if name == "match":
            self.__init__()
            self.game = ev.get("game")
            self.options = ev.get("options", {})
        elif name == "deal":
            self.hand += 1
            self.dealer = ev.get("dealer")
            self.trump = None
            self.tricks = [0, 0]
            self.last_trick = None
        elif name == "turnup":
            self.turnup = ev.get("card")
        elif name == "trump":
            self.trump = ev.get("suit")
        elif name == "play":
            self.plays += 1
        elif name == "trick":
            self.last_trick = ev
            self.tricks[ev["winner"] % 2] += 1
        elif name == "violation":
            self.violations.append(ev)
        elif name == "hand_end":
            self.totals = list(ev["totals"])
        elif name == "match_end":
            self.totals = list(ev["totals"])
            self.result = ev

    def render(self):
        """The scoreboard as text."""
        lines = ["tapete  " + (self.game or "no match yet")
                 + ("  " + ", ".join("%s=%s" % kv for kv in sorted(self.options.items()))
                    if self.options else "")]
        lines.append("hand %d  dealer %s  trump %s%s" % (
            self.hand, "-" if self.dealer is None else "seat %d" % self.dealer,
            SUIT_WORDS.get(self.trump, "?") if self.trump else "?",
            "  (turn-up %s)" % self.turnup if self.turnup else ""))
        lines.append("team 0 (seats 0+2): %3d    team 1 (seats 1+3): %3d" % tuple(self.totals))
        lines.append("tricks this hand: %d / %d" % tuple(self.tricks))
        if self.last_trick:
            t = self.last_trick
            lines.append("last trick %d: %s  won by seat %d" % (
                t["n"], " ".join(cards.name(cards.parse(c)) for c in t["cards"]), t["winner"]))
        for v in self.violations[-3:]:
            proof = v.get("proof")
            lines.append("VIOLATION hand %d trick %d: seat %d played %s (%s)%s" % (
                v["hand"], v["trick"], v["seat"], v["card"], v["rule"],
                ", proven by %s in trick %s" % (proof["card"], proof["trick"]) if proof else " at play"))
        if self.result:
            w = self.result.get("winner")
            lines.append("MATCH OVER: %s (%s)" % ("team %d wins" % w if w is not None else "no winner",
                                                   self.result.get("reason")))
        return "\n".join(lines) + "\n"
