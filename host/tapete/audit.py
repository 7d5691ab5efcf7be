"""Audit a table log: replay its input events through the rules and say what happened.

The audit recomputes every derived event (`trump`, `trick`, `violation`, `hand_end`,
`match_end`) from the input events, with the same rule module the table runs, and
reports where the controller's own derived events disagree. One bad line never
stops it: errors are collected with their line numbers and the audit goes on with
the next line (the PGN reader's habit).
"""
import json

from .rules import cards
from .rules.errors import TableError
from .rules.match import DERIVED, Match

DERIVED_EXTRA = ("x-claim",)     # tapete's own derived events (firmware/rules/claims.py)
REFUSED_RULES = ("out-of-turn", "unknown-card", "duplicate-card")
# The keys of each derived event that PROTOCOL.md fixes; only these are compared.
CONTRACT_KEYS = {
    "trump": ("suit", "hand"),
    "trick": ("hand", "n", "leader", "cards", "winner"),
    "violation": ("hand", "trick", "seat", "card", "rule", "proven"),
    "hand_end": ("hand", "points", "score", "totals"),
    "match_end": ("winner", "totals", "reason"),
}


class AuditError(Exception):
    """The log could not be read at all (exit status 2)."""


def read_lines(path):
    """The log's lines as (line number, text or None when not UTF-8); AuditError when
    the file cannot be opened."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as err:
        raise AuditError("cannot read " + repr(path) + ": " + (err.strerror or str(err)))
    out = []
    for number, raw in enumerate(data.split(b"\n"), 1):
        try:
            out.append((number, raw.decode("utf-8")))
        except UnicodeDecodeError:
            out.append((number, None))
    return out


def parse_line(text):
    """A log line as an event dict; ValueError with a readable reason otherwise."""
    if text is None:
        raise ValueError("not UTF-8 text")
    stripped = text.strip()
    try:
        event = json.loads(stripped)
    except ValueError as err:
        hint = " (truncated line?)" if not stripped.endswith("}") else ""
        raise ValueError("not JSON" + hint + ": " + str(err) + ": " + _quote(stripped))
    if not isinstance(event, dict):
        raise ValueError("not a JSON object: " + _quote(stripped))
    return event


def _quote(text, limit=80):
    return repr(text if len(text) <= limit else text[:limit] + "...")


class Audit:
    """Replays one log; `result()` gives the object of PROTOCOL.md's `audit --json`."""

    def __init__(self):
        self.match = Match()
        self.hands = []
        self.errors = []
        self.disagreements = []
        self.options = {}
        self.game = None
        self.totals = [0, 0]
        self.winner = None
        self.reason = None
        self.controller_derives = False
        self.pending = []           # derived events the controller should have logged
        self.play_lines = {}        # (hand, card) -> line of the accepted play
        self.last_seq = None
        self.ended_at = None
        self.inputs = []            # (line, event) of every input the rules accepted
        self.undone = []            # plays taken back by x-undo

    # -- feeding ------------------------------------------------------------------------
    def feed_lines(self, lines):
        """Audit every (line number, text) pair."""
        parsed = []
        for number, text in lines:
            if text is not None and not text.strip():
                continue
            try:
                parsed.append((number, parse_line(text)))
            except ValueError as err:
                self.error(number, str(err))
        self.controller_derives = any(ev.get("ev") in DERIVED + DERIVED_EXTRA for _n, ev in parsed)
        for number, event in parsed:
            self.feed(number, event)
        self.flush_pending(None)
        return self

    def feed(self, number, event):
        """Audit one parsed event from line `number`."""
        self.check_seq(number, event)
        name = event.get("ev")
        if self.ended_at is not None and not str(name).startswith("x-"):
            # flagged once, and still audited: a stray 'end' must not lose the rest
            self.error(self.ended_at, "'end' is followed by more events (from line "
                       + str(number) + "); they are audited too")
            self.ended_at = None
        if name in DERIVED or name in DERIVED_EXTRA:
            self.compare(number, event)
            return
        if name == "x-undo":
            self.undo(number, event)
            return
        if isinstance(name, str) and name.startswith("x-"):
            return          # an extension this audit does not know: ignored (PROTOCOL.md)
        self.flush_pending(number)
        if name == "end":
            self.ended_at = number
            return
        if name == "match" and self.game is not None:
            self.error(number, "a second 'match' in one log; audit one match per log")
            return
        self.apply_input(number, event, True)

    def apply_input(self, number, event, live):
        """Apply one input event to the rules and fold in what they derive. `live` is
        False while replaying after an undo: errors were reported the first time."""
        name = event.get("ev")
        try:
            derived = self.match.apply(event)
        except TableError as err:
            if live:
                self.error(number, str(err))
            return
        self.inputs.append((number, event))
        if name == "match":
            self.game = self.match.game.name
            self.options = self.match.game.options
        elif name == "deal":
            self.hands.append({"hand": self.match.hand_no, "dealer": event["dealer"],
                               "trump": None, "turnup": None, "tricks": [], "points": None,
                               "score": None, "violations": [], "claims": [], "undone": []})
        elif name == "turnup":
            self.hands[-1]["turnup"] = cards.name(cards.parse(event["card"]))
        elif name == "play" and not any(d.get("rule") in REFUSED_RULES for d in derived):
            self.play_lines[(self.match.hand_no, cards.parse(event["card"]))] = number
        for d in derived:
            self.record(number, d, live)
        if live and self.controller_derives:
            self.pending.extend(derived)

    # -- undo ---------------------------------------------------------------------------------
    def undo(self, number, event):
        """`x-undo` (firmware/table): the play whose `seq` it names is taken back. The
        rules are rebuilt from the log's inputs without it, as the controller does."""
        seq = event.get("undo")
        target = None
        for entry in reversed(self.inputs):
            if entry[1].get("ev") == "play" and seq is not None and entry[1].get("seq") == seq:
                target = entry
                break
        if target is None:
            self.error(number, "x-undo names no play of this log (undo=" + repr(seq) + ")")
            return
        self.flush_pending(number)
        self.inputs.remove(target)
        self.undone.append({"hand": self.match.hand_no, "line": number, "play_line": target[0],
                            "seq": seq, "seat": target[1].get("seat"), "card": target[1].get("card")})
        inputs = self.inputs
        self.match = Match()
        self.hands = []
        self.inputs = []
        self.play_lines = {}
        self.game = None
        self.totals = [0, 0]
        self.winner = self.reason = None
        for n, ev in inputs:
            self.apply_input(n, ev, False)
        for u in self.undone:
            for hand in self.hands:
                if hand["hand"] == u["hand"]:
                    hand["undone"].append(dict((k, v) for k, v in u.items() if k != "hand"))

    def record(self, number, d, live=True):
        """Fold one derived event into the audit's hands and totals."""
        hand = self.hands[-1] if self.hands else None
        name = d["ev"]
        if name == "trump":
            hand["trump"] = d["suit"]
            if "bonus" in d:
                hand["bonus"] = d["bonus"]
        elif name == "trick":
            trick = _contract(d)
            del trick["ev"]
            hand["tricks"].append(trick)
        elif name == "violation" and "revises" in d:
            # every card played: the rule actually broken replaces the one first proven
            for v in hand["violations"]:
                if (v["trick"], v["seat"], v["card"]) == (d["trick"], d["seat"], d["card"]):
                    v["revised_from"] = v["rule"]
                    v["rule"] = d["rule"]
                    v["revised_line"] = number
                    v.pop("possible", None)
        elif name == "violation":
            v = dict(d)
            del v["ev"]
            if d["proven"] == "at-play":
                v["line"] = number
            else:
                v["line"] = self.play_lines.get((d["hand"], cards.parse(d["card"])))
                v["proof"] = dict(d["proof"], line=number)
            hand["violations"].append(v)
            if d["rule"] in REFUSED_RULES and live:
                self.error(number, "play refused (" + d["rule"] + "): seat " + str(d["seat"])
                           + " played " + d["card"] + _refusal_detail(d, self.match))
        elif name == "x-claim":
            c = dict(d)
            del c["ev"]
            c["line_no"] = number
            hand.setdefault("claims", []).append(c)
        elif name == "hand_end":
            for key in ("points", "score", "totals", "tricks"):
                hand[key if key != "tricks" else "tricks_won"] = d.get(key)
            self.totals = list(d["totals"])
        elif name == "match_end":
            self.winner = d["winner"]
            self.totals = list(d["totals"])
            self.reason = d["reason"]

    # -- the controller's own conclusions -----------------------------------------------------
    def compare(self, number, logged):
        """Check a derived event the controller logged against the rules' own."""
        if not self.pending:
            self.disagree(number, "the controller logged " + logged["ev"]
                          + " but the rules derive nothing here", None, logged)
            return
        expected = self.pending.pop(0)
        a, b = _contract(expected), _contract(logged)
        if a != b:
            self.disagree(number, "the controller's " + logged["ev"] + " differs from the rules'",
                          a, b)

    def flush_pending(self, number):
        """Derived events the controller should have logged before this input."""
        for expected in self.pending:
            self.disagree(number, "the controller did not log the " + expected["ev"]
                          + " the rules derive", _contract(expected), None)
        self.pending = []

    def disagree(self, number, message, expected, logged):
        self.disagreements.append({"line": number, "message": message,
                                   "expected": expected, "logged": logged})

    # -- input hygiene --------------------------------------------------------------------
    def check_seq(self, number, event):
        seq = event.get("seq")
        if seq is None:
            return
        if not isinstance(seq, int) or isinstance(seq, bool):
            self.error(number, "'seq' must be a whole number, got " + repr(seq))
            return
        if self.last_seq is not None and seq != self.last_seq + 1:
            gap = "missing events" if seq > self.last_seq + 1 else "repeated or reordered events"
            self.error(number, "seq jumps from " + str(self.last_seq) + " to " + str(seq)
                       + ": " + gap)
        self.last_seq = seq

    def error(self, number, message):
        self.errors.append({"line": number, "message": message})

    # -- the answer --------------------------------------------------------------------------
    def result(self):
        """The object of `tapete audit --json` (PROTOCOL.md)."""
        return {"game": self.game, "options": self.options, "hands": self.hands,
                "totals": self.totals, "winner": self.winner, "reason": self.reason,
                "errors": self.errors, "disagreements": self.disagreements}


def _contract(event):
    keys = CONTRACT_KEYS.get(event.get("ev"))
    if keys is None:    # tapete's own (x-claim): every key but the link's seq and time
        return dict((k, v) for k, v in event.items() if k not in ("seq", "t"))
    out = {"ev": event.get("ev")}
    for k in keys:
        out[k] = event.get(k)
    return out


def _refusal_detail(v, match):
    if v["rule"] == "out-of-turn":
        return " out of turn"
    if v["rule"] == "unknown-card":
        return ", which is not in the " + match.game.name + " pack"
    return ", already played this hand"


def audit_lines(lines):
    """Audit (line number, text) pairs; the result object."""
    return Audit().feed_lines(lines).result()


def audit_text(text):
    """Audit a whole log given as text (tests, the simulator)."""
    return audit_lines([(i, t) for i, t in enumerate(text.split("\n"), 1)])


def audit_file(path):
    """Audit a log file; AuditError when it cannot be read at all."""
    return audit_lines(read_lines(path))
