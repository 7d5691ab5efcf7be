"""What every live view shows, folded from the table log: one state, many pictures.

`TableView.feed(event)` takes the events as the controller sent them; `state()`
is a plain dict (JSON) that the terminal view, the web board and the replay draw
from, never patching themselves (STYLE.md, live views). The rules' own
`Match.snapshot()` gives the game, trump, turn, the trick as it forms, the last
trick, the totals and the hand's context (stake, multiplier, ... whatever the game
keeps); the controller's derived events add what only it says: violations with
their proofs, claims with their rulings, each hand's result, the match's end.
"""
from .rules.errors import TableError
from .rules.match import DERIVED, Match

KEEP_VIOLATIONS = 8


class TableView:
    """Folds events; `state()` is the picture's data."""

    def __init__(self):
        self.reset()

    def reset(self):
        self.match = Match()
        self.violations = []
        self.claims = []
        self.hands = []         # hand_end events of this match
        self.result = None
        self.events = 0
        self.seq = None
        self.errors = 0
        self.last_error = None
        self.gaps = []
        self.inputs = []        # this match's input events (an undo replays them)

    def feed(self, ev):
        """Fold one event (input or derived)."""
        name = ev.get("ev")
        if name == "match":
            self.reset()
        self.events += 1
        if "seq" in ev:
            self.seq = ev["seq"]
        if name == "violation":
            # A revision (the rule named at the hand's end) replaces the first word.
            kept = [v for v in self.violations if not _same_play(v, ev)]
            self.violations = (kept + [ev])[-KEEP_VIOLATIONS:]
        elif name == "x-claim":
            self.claims = (self.claims + [ev])[-KEEP_VIOLATIONS:]
        elif name == "hand_end":
            self.hands.append(ev)
        elif name == "match_end":
            self.result = ev
        elif name == "x-gap":
            self.gaps.append(ev)
        elif name == "x-undo":
            self._undo(ev)
        if name in DERIVED or not isinstance(name, str) or name.startswith("x-"):
            return
        self.inputs.append(ev)
        self._apply(ev)

    def _apply(self, ev):
        try:
            self.match.apply(ev)
        except TableError as err:
            self.errors += 1
            self.last_error = str(err)

    def _undo(self, ev):
        """A play taken back (the table's undo): the state is rebuilt without it."""
        self.inputs = [e for e in self.inputs if not (e.get("ev") == "play" and e.get("seq") == ev.get("undo"))]
        self.match = Match()
        for e in self.inputs:
            self._apply(e)

    def state(self, knowledge=False):
        """The state as a plain dict (the snapshot plus the controller's words)."""
        s = self.match.snapshot(knowledge)
        s["violations"] = list(self.violations)
        s["claims"] = list(self.claims)
        s["hand_results"] = list(self.hands)
        s["result"] = self.result
        s["events"] = self.events
        s["seq"] = self.seq
        s["errors"] = self.errors
        s["last_error"] = self.last_error
        s["gaps"] = list(self.gaps)
        return s


def _same_play(a, b):
    return all(a.get(k) == b.get(k) for k in ("hand", "trick", "seat", "card"))


SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs", "none": "no trump"}


def card_text(code):
    """'7H' -> '7♥'."""
    if not code:
        return ""
    return code[:-1] + SUIT_SYMBOLS.get(code[-1], code[-1])


def trump_text(s):
    t = s.get("trump")
    if t is None:
        return "?"
    return (SUIT_SYMBOLS.get(t, "") + " " + SUIT_WORDS.get(t, t)).strip()


def context_items(s):
    """The hand's context (stake, multiplier, ...) as (name, text) pairs, generically."""
    out = []
    for key in sorted(s.get("context") or {}):
        value = s["context"][key]
        if isinstance(value, (list, tuple)):
            value = ", ".join(str(v) for v in value)
        elif isinstance(value, dict):
            value = ", ".join("%s=%s" % kv for kv in sorted(value.items()))
        out.append((key, str(value)))
    return out


def team_name(s, team):
    teams = s.get("teams") or [[0, 2], [1, 3]]
    return "team %d (seats %s)" % (team, "+".join(str(x) for x in teams[team]))


def describe_violation(v):
    """'seat 2 played 5♣ in trick 3: revoke, proven in trick 6 by 4♣' ."""
    if v.get("card") is None and v.get("declaration"):
        # a word, not a card: Mus's "I have pares" disproved by the hand shown
        said = "has" if v.get("said") else "has not"
        return "seat %s said it %s %s in hand %s: %s, proven by its hand shown at the %s (%s)" % (
            v.get("seat"), said, v["declaration"], v.get("hand"), v.get("rule"),
            v.get("proven") or "showdown", " ".join(card_text(c) for c in v.get("cards") or []))
    text = "seat %s played %s in trick %s: %s" % (v.get("seat"), card_text(v.get("card")),
                                                  v.get("trick"), v.get("rule"))
    proof = v.get("proof")
    if v.get("proven") == "at-play" or not proof:
        text += ", certain at the play"
    elif proof.get("shown"):
        text += ", proven by the cards shown in trick %s" % proof.get("trick")
    else:
        text += ", proven in trick %s by %s" % (proof.get("trick"), card_text(proof.get("card")))
    if v.get("revises"):
        text += " (named at the hand's end; the proof alone said %s)" % v["revises"]
    elif v.get("possible") and len(v["possible"]) > 1:
        text += " (the proof leaves possible: %s)" % ", ".join(v["possible"])
    return text


def describe_claim(c):
    if c.get("call") == "concede":
        return "seat %s conceded the last %s trick(s)" % (c.get("seat"), c.get("tricks"))
    ruling = {True: "sound", False: "REFUSED", None: "too large to settle"}[c.get("sound")]
    text = "seat %s claimed the last %s trick(s): %s" % (c.get("seat"), c.get("tricks"), ruling)
    if c.get("sound") is False and c.get("line"):
        text += " (defeated by the line %s)" % " ".join(card_text(x) for x in c["line"])
    return text


def trick_by_seat(trick, seats):
    """{seat: card} of a snapshot's trick (or last trick), or {}."""
    if not trick:
        return {}
    return dict((seat, card) for seat, card in trick["cards"])


def text_lines(s):
    """The state as lines of plain text (the terminal view and `--plain` share it)."""
    seats = s.get("seats") or 4
    lines = []
    if not s.get("game"):
        return ["no match yet (waiting for the table)"]
    opts = ", ".join("%s=%s" % kv for kv in sorted((s.get("options") or {}).items()))
    lines.append("%s%s   hand %s   dealer seat %s" % (s["game"], "  (" + opts + ")" if opts else "",
                                                       s.get("hand"), s.get("dealer")))
    turnup = "  (turn-up %s)" % card_text(s["turnup"]) if s.get("turnup") else ""
    lines.append("trump: %s%s" % (trump_text(s), turnup))
    for key, value in context_items(s):
        lines.append("%s: %s" % (key, value))
    totals = s.get("totals") or []
    lines.append("score: " + "   ".join("%s %s" % (team_name(s, t), totals[t]) for t in range(len(totals))))
    if s.get("turn") is not None:
        lines.append("to play: seat %s" % s["turn"])
    trick = s.get("trick")
    if trick:
        by = trick_by_seat(trick, seats)
        lines.append("trick %s: " % trick["n"] + "  ".join(
            "seat %d %s" % (seat, card_text(by.get(seat)) or "--") for seat in range(seats)))
    last = s.get("last")
    if last:
        by = trick_by_seat(last, seats)
        lines.append("last trick %s: " % last["n"] + "  ".join(
            "seat %d %s%s" % (seat, card_text(by.get(seat)), "*" if seat == last["winner"] else "")
            for seat in range(seats)) + "   won by seat %s" % last["winner"])
    for h in s.get("hand_results", [])[-1:]:
        lines.append("hand %s: points %s, score %s" % (h.get("hand"), "/".join(map(str, h.get("points") or [])),
                                                       "/".join(map(str, h.get("score") or []))))
    for v in s.get("violations", [])[-3:]:
        lines.append("VIOLATION " + describe_violation(v))
    for c in s.get("claims", [])[-2:]:
        lines.append("CLAIM " + describe_claim(c))
    for g in s.get("gaps", []):
        lines.append("LOST seq %s..%s (left the controller's ring)" % (g.get("from"), g.get("to")))
    r = s.get("result")
    if r:
        w = r.get("winner")
        lines.append("MATCH OVER: %s (%s), totals %s" % (
            team_name(s, w) + " wins" if w is not None else "no winner", r.get("reason"),
            "/".join(map(str, r.get("totals") or []))))
    return lines
