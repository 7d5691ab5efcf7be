"""Audit a table log: replay its input events through the rules and say what happened.

The audit recomputes every derived event (`trump`, `trick`, `violation`, `hand_end`,
`match_end`) from the input events, with the same rule module the table runs, and
reports where the controller's own derived events disagree. One bad line never
stops it: errors are collected with their line numbers and the audit goes on with
the next line (the PGN reader's habit). Nothing in a log makes it give up on a
match: a misspelt option is reported and the match is played with its default; an
error inside the rules themselves is reported on its line and the match rebuilt
from the events before it.

A log may hold several matches (a recorder appends them). Each `match` event that
names a known game, once a match is under way, starts the next match's audit.
`audit_matches` streams: it reads line by line and hands out each match's result
when the next one starts, so a log of any size is audited in the memory of one
match.
"""
import difflib
import json
import weakref

from .logread import BadLine, LogError, LogFile
from .rules import cards, games
from .rules.errors import OrderError, TableError
from .rules.fold import INPUTS, Fold
from .rules.match import DERIVED, DERIVED_X
from .rules.options import declared as declared_options, seat_counts_text

AuditError = LogError    # the log could not be read at all (exit status 2)

IDLE = "idle"
OVER = "over"
DERIVED_EXTRA = DERIVED_X      # tapete's own derived events (rules/match.py)
DERIVED_ALL = DERIVED + DERIVED_EXTRA
# The most hands a recorder's gap may hold: more is a damaged hand number (a match
# of the longest game, Tute played to its `hands`, has far fewer).
HANDS_IN_A_GAP = 500
# What `record` reads of a derived event the rules did not make (a hand in a gap).
UNJUDGED_KEYS = {"trump": ("suit",), "trick": ("cards",),
                 "violation": ("hand", "trick", "seat", "card", "rule", "proven"),
                 "x-refused": ("message",)}
# Keys of `hand_end` that carry a hand's context into the audit's hands (docs/protocol.md:
# multiplier, stake, declarations, rounds, ended; and tapete's own).
HAND_CONTEXT = ("multiplier", "stake", "value", "declarations", "rounds", "ended", "games", "lying",
                "bid", "trump_by", "doubles", "cards", "misdeal")
REFUSED_RULES = ("out-of-turn", "unknown-card", "duplicate-card")
# The keys of each derived event that docs/protocol.md fixes; only these are compared.
CONTRACT_KEYS = {
    "trump": ("suit", "hand"),
    "trick": ("hand", "n", "leader", "cards", "winner"),
    "violation": ("hand", "trick", "seat", "card", "rule", "proven"),
    "hand_end": ("hand", "points", "score", "totals"),
    "match_end": ("winner", "totals", "reason"),
}
_decode = json.JSONDecoder().decode    # json.loads without its checks of the argument
# Errors (and disagreements) listed per match; past that they are counted, so that a
# file of junk is audited in bounded memory.
LISTED = 1000


def parse_line(text):
    """A log line as an event dict; ValueError with a readable reason otherwise."""
    if text is None:
        raise ValueError("not UTF-8 text")
    if isinstance(text, BadLine):
        raise ValueError(text.reason)
    try:
        event = json.loads(text)
    except (ValueError, RecursionError) as err:
        stripped = text.strip()
        hint = " (truncated line?)" if not stripped.endswith("}") else ""
        reason = str(err) if isinstance(err, ValueError) else "nested too deeply"
        raise ValueError("not JSON" + hint + ": " + reason + ": " + _quote(stripped))
    if not isinstance(event, dict):
        raise ValueError("not a JSON object: " + _quote(text.strip()))
    return event


def _quote(text, limit=80):
    return repr(text if len(text) <= limit else text[:limit] + "...")


def _shown(value, limit=80):
    """repr(value), cut short: a log line can hold anything."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "..."


class Audit:
    """Replays one match; `result()` gives the object of docs/protocol.md's `audit --json`.

    Feed it parsed events with `feed(line, event)` and lines that could not be read
    with `bad_line(line, message)`; `audit_matches` splits a log into matches."""

    def __init__(self):
        self.fold = _Judged(self)   # the rules' state, the accepted inputs (rules/fold.py)
        self.hands = []
        self.errors = []
        self.disagreements = []
        self.options = {}
        self.names = {}             # the match's players' names (docs/protocol.md 1.2), checked
        self.game = None
        self.totals = [0, 0]
        self.winner = None
        self.reason = None
        self.derives = None         # True once the controller logs a derived event
        self.pending = []           # derived events the controller should log next
        self.unlogged = []          # (line, event) missed before `derives` was known
        self.play_lines = {}        # (hand, card) -> line of the accepted play
        self.last_seq = None
        self.ended_at = None
        self.undone = []            # plays taken back by x-undo
        self.lines = [None, None]   # the first and last line of this match in the log
        self.refused_at = None      # line of a 'match' event the rules refused
        self.ended = None           # (line, why) once the match is over
        self.skipped = None         # events after the end (or before a match), counted
        self.unlisted = {"errors": [0, None, None], "disagreements": [0, None, None]}
        self.finished = False
        self.gaps = []              # events missing from the log: {line, from, to, hands}
        self.blind = None           # while a gap's hand goes on: what the controller said
        self.resumed = False        # judging again after a gap: the hand number to check

    @property
    def match(self):
        return self.fold.match

    @property
    def inputs(self):
        """(line, event) of every input the rules accepted, in order."""
        return self.fold.kept

    # -- feeding ------------------------------------------------------------------------
    def feed_lines(self, lines):
        """Audit every (line number, text) pair as one match (see `audit_matches` for a
        log that may hold several)."""
        for number, text in lines:
            if isinstance(text, str) and (not text or text.isspace()):
                continue
            try:
                event = parse_line(text)
            except ValueError as err:
                self.bad_line(number, str(err))
                continue
            self.feed(number, event)
        return self

    def bad_line(self, number, message):
        """A line that is not an event at all."""
        self.seen(number)
        self.error(number, message)

    def seen(self, number):
        if self.lines[0] is None:
            self.lines[0] = number
        self.lines[1] = number

    def feed(self, number, event):
        """Audit one parsed event from line `number`."""
        if self.lines[0] is None:
            self.lines[0] = number
        self.lines[1] = number
        name = event.get("ev")
        if name == "match":
            self.last_seq = None        # the controller numbers each match from 0
        if name == "x-gap":
            self.gap_line(number, event)
            return
        if "seq" in event:
            self.check_seq(number, event)
        if self.blind is not None and self.blind_event(number, event):
            return
        if self.resumed and name in DERIVED_ALL and self.check_resumed(number, event):
            return
        extension = type(name) is str and name.startswith("x-")
        if self.ended_at is not None and not extension:
            # flagged once, and still audited: a stray 'end' must not lose the rest
            self.error(self.ended_at, "'end' is followed by more events (from line "
                       + str(number) + "); they are audited too")
            self.ended_at = None
        if name in DERIVED_ALL:
            if self.pending or self.phase() is None:
                self.compare(number, event)
            else:
                self.skip(number, name)     # after the match's end, or before a match
            return
        if extension:
            if name == "x-undo":
                self.undo(number, event)
            return          # an extension this audit does not know: ignored (docs/protocol.md)
        if name in INPUTS:
            # the controller logs what an input derives before the next input it
            # accepts (accept() flushes); a refused input or a line that is no event
            # at all does not count: it changes nothing but itself (docs/protocol.md 1.2)
            if self.match.game is None or self.match.over:
                self.skip(number, name)
            else:
                self.apply_input(number, event, True)
            return
        if name == "match" or name == "end":
            self.flush_pending(number)
            if name == "end":
                self.ended_at = number
            else:
                self.start_match(number, event)
            return
        self.apply_input(number, event, True)   # the rules say what is wrong with it

    def phase(self):
        """IDLE before a match is accepted, OVER once it has ended, else None."""
        if self.match.game is None:
            return IDLE
        return OVER if self.match.over else None

    def start_match(self, number, event):
        """The `match` event: a misspelt or invalid option, or a wrong seat count, is
        reported and the match is played with the game's own value for it."""
        if self.phase() != IDLE:
            try:
                games.get(event.get("game"))
            except TableError as err:
                self.error(number, str(err) + _game_hint(event.get("game"))
                           + "; this 'match' is ignored and the match under way goes on")
            else:
                self.error(number, "a second 'match' while one is under way; audit_matches "
                           "audits each match of a log")
            return
        self.close_skipped()
        self.fold.quiet = True      # a refusal of the match as given is worded here
        try:
            status, err = self.fold.take(event, number)
        finally:
            self.fold.quiet = False
        if status == "accepted":
            return
        if not isinstance(err, TableError):     # a fault in the rules (reported like any error)
            self.error(number, _fault(err))
            self.refused_at = number
            return
        mended, problems = _mend_match(event)
        if mended is None:
            self.error(number, str(err) + _game_hint(event.get("game")))
            self.refused_at = number
            return
        for problem in problems:
            self.error(number, problem)
        if not self.apply_input(number, mended, True):
            self.refused_at = number

    def apply_input(self, number, event, live=True):
        """Apply one input event to the rules (through the fold, whose hooks `accept`
        and report a refusal); True when the rules accepted it. A fault in the rules
        is reported and the match rebuilt from the inputs before it (rules/fold.py)."""
        return self.fold.take(event, number, live)[0] == "accepted"

    def accept(self, number, event, derived, live):
        """Fold an input the rules accepted, and what they derived from it. `live` is
        False while a rebuild replays it (after an undo): its line was read before."""
        if live and event.get("ev") != "match":
            self.flush_pending(number)      # what the last input derived came before this one
        name = event.get("ev")
        if name == "match":
            self.game = self.match.game.name
            self.options = self.match.game.options
            if "names" in event:
                self.names = self.match_names(number, event["names"])
        elif name == "deal":
            # a hand left unfinished is closed (abandoned) before the new one opens
            for d in derived:
                if d.get("ev") == "hand_end":
                    self.record(number, d, live)
            derived = [d for d in derived if d.get("ev") != "hand_end"]
            self.hands.append({"hand": self.match.hand_no, "dealer": event["dealer"],
                               "trump": None, "turnup": None, "tricks": [], "points": None,
                               "score": None, "violations": [], "claims": [], "undone": [],
                               "calls": []})
            if event.get("cards") is not None:
                self.hands[-1]["cards"] = self.match.hand_cards     # as dealt (x-refused)
        elif name == "turnup":
            self.hands[-1]["turnup"] = cards.name(_card(event["card"]))
        elif name == "play" and not any(d.get("rule") in REFUSED_RULES for d in derived):
            self.play_lines[(self.match.hand_no, _card(event["card"]))] = number
        elif name == "call" and self.hands and event.get("call") not in ("claim", "concede"):
            said = {"line": number}    # the call as made: who, what, and its keys
            for key in event:
                if key not in ("ev", "seq", "t", "crc"):
                    said[key] = event[key]
            self.hands[-1]["calls"].append(said)
        for d in derived:
            self.record(number, d, live)
        if live:
            self.pending.extend(derived)

    # -- undo, and rebuilding the match --------------------------------------------------------
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
            self.error(number, "x-undo names no play of this match (undo=" + repr(seq) + ")")
            return
        self.close_skipped()
        self.flush_pending(number)
        self.undone.append({"hand": self.match.hand_no, "line": number, "play_line": target[0],
                            "seq": seq, "seat": target[1].get("seat"), "card": target[1].get("card")})
        self.fold.undo(seq)     # the rules rebuilt without it, as the controller does

    def restarting(self):
        """Before the fold replays the accepted inputs into a new Match (after an undo,
        or after the rules failed half-way through an event): what they made goes."""
        self.hands = []
        self.play_lines = {}
        self.game = None
        self.totals = [0, 0]
        self.winner = self.reason = self.ended = None

    def rebuilt(self):
        """The plays taken back, shown in their hands again."""
        for u in self.undone:
            for hand in self.hands:
                if hand["hand"] == u["hand"]:
                    hand["undone"].append(dict((k, v) for k, v in u.items() if k != "hand"))

    def record_unjudged(self, number, d):
        """A derived event of a hand the rules cannot judge (a gap): taken as the
        controller said it, when it can be read; a damaged one is an error of its
        line, and the hand goes on without it."""
        missing = [k for k in UNJUDGED_KEYS.get(d["ev"], ()) if k not in d]
        if not missing:
            try:
                self.record(number, d, False)
                return
            except (KeyError, TypeError, ValueError, AttributeError, IndexError):
                pass
        self.error(number, "this %s cannot be read (%s), in a hand the events missing from "
                   "the log leave unjudged: left out" % (d["ev"], ", ".join("no " + repr(k) for k in missing)
                                                          or "a value of the wrong kind"))

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
            if d["proven"] == "at-play" or d.get("card") is None:
                v["line"] = number      # at the play, or at a showdown (Mus)
            else:
                v["line"] = self.play_lines.get((d["hand"], _card(d["card"])))
                v["proof"] = dict(d["proof"], line=number)
            hand["violations"].append(v)
            if d["rule"] in REFUSED_RULES and live:
                self.error(number, "play refused (" + d["rule"] + "): seat " + str(d["seat"])
                           + " played " + d["card"] + _refusal_detail(d, self.match))
        elif name == "x-refused":
            if live:
                self.error(number, d["message"])
        elif name == "x-claim":
            c = dict(d)
            del c["ev"]
            c["line_no"] = number
            hand.setdefault("claims", []).append(c)
        elif name == "hand_end":
            for key in ("points", "score", "totals", "tricks"):
                hand[key if key != "tricks" else "tricks_won"] = d.get(key)
            for key in HAND_CONTEXT:        # what the game's calls settled (docs/protocol.md)
                if key in d:
                    hand[key] = d[key]
            self.totals = list(d["totals"])
        elif name == "match_end":
            self.winner = d["winner"]
            self.totals = list(d["totals"])
            self.reason = d["reason"]
            self.ended = (number, self._why_over(number))

    def _why_over(self, number):
        """How the match ended, in words, for the events that come after its end."""
        if self.reason == "irregularity":
            for v in reversed(self.hands[-1]["violations"] if self.hands else []):
                if v["rule"] not in REFUSED_RULES:
                    return ("seat " + str(v["seat"]) + "'s " + v["rule"] + " of " + v["card"]
                            + " (line " + str(v.get("line")) + "), proven at line " + str(number)
                            + ", lost it for team " + str(v["seat"] % 2))
        if self.winner is None:
            return "it ended at line " + str(number) + " with no winner"
        if self.reason == "target":
            return "team " + str(self.winner) + " reached the target at line " + str(number)
        return ("team " + str(self.winner) + " won it at line " + str(number)
                + " (" + str(self.reason) + ")")

    # -- events the rules cannot take: after the match's end, or before any match ---------------
    def skip(self, number, name):
        """Count an event that comes after the match's end (or before any match), to
        report the whole run once."""
        run = self.skipped
        if run is None:
            run = self.skipped = {"first": number, "last": number, "counts": {}}
        run["last"] = number
        run["counts"][name] = run["counts"].get(name, 0) + 1

    def close_skipped(self):
        """Report the run of skipped events as one error, on its first line."""
        run = self.skipped
        if run is None:
            return
        self.skipped = None
        counts = run["counts"]
        total = sum(counts.values())
        kinds = ", ".join(_count(counts[k], k) for k in sorted(counts, key=lambda k: -counts[k]))
        if total == 1:
            what = "the " + next(iter(counts)) + " at line " + str(run["first"]) + " was not audited"
        else:
            what = (str(total) + " events, lines " + str(run["first"]) + "-" + str(run["last"])
                    + " (" + kinds + "), were not audited")
        if self.ended is not None:
            message = "the match is over: " + self.ended[1] + "; " + what
        elif self.refused_at is not None:
            message = ("no match is being played (the 'match' at line " + str(self.refused_at)
                       + " was refused): " + what)
        else:
            message = "no 'match' event comes before them: " + what + "; a table log starts with 'match'"
        self.errors.append({"line": run["first"], "message": message})

    # -- the controller's own conclusions -----------------------------------------------------
    def compare(self, number, logged):
        """Check a derived event the controller logged against the rules' own."""
        if not self.derives:
            self.derives = True     # it does log them: what it missed so far counts
            for n, expected in self.unlogged:
                self.disagree(n, "the controller did not log the " + expected["ev"]
                              + " the rules derive", _contract(expected), None)
            self.unlogged = []
        if not self.pending:
            self.disagree(number, "the controller logged " + str(logged.get("ev"))
                          + " but the rules derive nothing here", None, logged)
            return
        expected = self.pending.pop(0)
        if not _same(expected, logged):
            self.disagree(number, "the controller's " + str(logged.get("ev"))
                          + " differs from the rules'", _contract(expected), _contract(logged))

    def flush_pending(self, number):
        """Derived events the controller should have logged before this input."""
        if not self.pending:
            return
        for expected in self.pending:
            if self.derives:
                self.disagree(number, "the controller did not log the " + expected["ev"]
                              + " the rules derive", _contract(expected), None)
            elif len(self.unlogged) < LISTED:   # kept until the log shows it logs them
                self.unlogged.append((number, expected))
        self.pending = []

    def disagree(self, number, message, expected, logged):
        self._list("disagreements", {"line": number, "message": message,
                                     "expected": expected, "logged": logged})

    # -- input hygiene --------------------------------------------------------------------
    def check_seq(self, number, event):
        seq = event.get("seq")
        if seq is None:
            return
        if not isinstance(seq, int) or isinstance(seq, bool):
            self.error(number, "'seq' must be a whole number, got " + _shown((seq)))
            return
        if self.last_seq is not None and seq > self.last_seq + 1:
            self.open_gap(number, self.last_seq + 1, seq - 1)   # events missing: not errors
        elif self.last_seq is not None and seq != self.last_seq + 1:
            self.error(number, "seq jumps from " + str(self.last_seq) + " to " + str(seq)
                       + ": repeated or reordered events")
        self.last_seq = seq

    # -- gaps: events missing from the log ---------------------------------------------------
    # A recorder that could not have some events (`x-gap`, or a jump in `seq`) leaves
    # the hand they fall in unknown: its cards, calls and verdicts cannot be judged.
    # The audit marks that hand (and any hand wholly inside the gap) `incomplete`,
    # takes what the controller said about it as it is (tricks, violations, scores:
    # nothing recomputed, nothing invented), and judges again from the next `deal`,
    # from the totals the controller gave last (a hand whose starting totals are in
    # the gap is not judged either). A match that ends inside a gap has the
    # controller's winner and totals. The rules take up the match from its hand
    # number, dealer, totals and games won in a series (Envite), as the last
    # `hand_end` before the deal said them.
    # Only derived events missing (the rules have them) touch no hand.
    def gap_line(self, number, event):
        """An `x-gap` line: the recorder's word for the events it could not have."""
        first, last = event.get("from"), event.get("to")
        if not all(isinstance(x, int) and not isinstance(x, bool) for x in (first, last)) \
                or last < first:
            self.error(number, "x-gap needs whole numbers 'from' <= 'to', got "
                       + _shown({"from": first, "to": last}))
            return
        self.open_gap(number, first, last)
        self.last_seq = last        # the jump it explains is not a second gap

    def open_gap(self, number, first, last):
        """Events `first`..`last` (seqs) are missing before line `number`."""
        gap = {"line": number, "from": first, "to": last, "hands": []}
        self.gaps.append(gap)
        if self.blind is None and self.pending and last - first < len(self.pending):
            # Only derived events are missing (the controller numbers them right
            # after their input): the rules have them; nothing else is unknown.
            del self.pending[:last - first + 1]
            return
        self.pending = []           # what the rules expected may be in the gap
        if self.match.game is None or (self.match.over and self.blind is None):
            return
        finished = not self.hands or self.hands[-1].get("points") is not None
        if not finished:
            self.hands[-1]["incomplete"] = True
            gap["hands"].append(self.hands[-1]["hand"])
        if self.blind is None:
            # known: the audit's totals are the controller's (no hand ended unseen)
            self.blind = {"hand": self.match.hand_no, "totals": None, "known": finished}
        else:
            self.blind["known"] = False

    def blind_event(self, number, event):
        """An event while the gap's hand goes on; True when it is dealt with here."""
        name = event.get("ev")
        blind = self.blind
        if name in DERIVED_ALL:
            hand = event.get("hand")
            last = self.hands[-1]["hand"] if self.hands else 0
            if isinstance(hand, int) and hand > last + HANDS_IN_A_GAP:
                # a damaged hand number, not hands missed: never a million empty hands
                self.error(number, "this %s says hand %d, after hand %d: hand numbers do not "
                           "jump so far; left out" % (name, hand, last))
                return True
            if isinstance(hand, int) and hand > last:
                self._unknown_hand(hand)
            if self.hands or name == "match_end":
                self.record_unjudged(number, event)
            if isinstance(hand, int) and hand > blind["hand"]:
                blind["hand"] = hand
                blind["known"] = False      # a hand ended in the gap: its score unseen
            if name == "hand_end" and isinstance(event.get("totals"), list):
                blind["totals"] = list(event["totals"])
                blind["known"] = True
                if isinstance(event.get("games"), list):
                    blind["games"] = list(event["games"])   # Envite's series so far
            return True
        if name == "deal" and not blind["known"]:
            # The totals this hand starts from are unknown: it is not judged either.
            self._unknown_hand(blind["hand"] + 1)
            self.hands[-1]["dealer"] = event.get("dealer")
            blind["hand"] += 1
            blind["known"] = False
            return True
        if name == "deal":
            return not self.resync(number, event)
        # a card, call or undo of a hand that cannot be judged
        return name in INPUTS or name == "x-undo"

    def _unknown_hand(self, number):
        """A hand whose deal is in a gap: known only by what the controller said."""
        gap = self.gaps[-1]
        last = self.hands[-1]["hand"] if self.hands else 0
        for h in range(last + 1, number + 1):
            self.hands.append({"hand": h, "dealer": None, "trump": None, "turnup": None,
                               "tricks": [], "points": None, "score": None, "violations": [],
                               "claims": [], "undone": [], "calls": [], "incomplete": True})
            gap["hands"].append(h)

    def resync(self, number, event):
        """The first `deal` after a gap: the rules take up the match again between
        hands, at the hand number and totals the controller gave. True when they do."""
        blind = self.blind
        resume = {"ev": "x-resync", "hand": blind["hand"], "totals": blind["totals"],
                  "dealer": event.get("dealer")}
        if blind.get("games") is not None:
            resume["games"] = blind["games"]
        self.blind = None
        if self.fold.take(resume, number)[0] != "accepted":     # kept: a rebuild replays it
            self.error(number, "after the events missing from the log, this deal cannot be "
                       "placed; the rest of the match is not judged")
            self.blind = blind
            return False
        self.resumed = True                     # its hand number checked on the next event
        return True

    def check_resumed(self, number, event):
        """The first derived event after a resync: a hand number other than the rules'
        says whole hands were in the gap (their scores unseen): blind again."""
        hand = event.get("hand")
        if not isinstance(hand, int):
            return False
        self.resumed = False
        if hand == self.match.hand_no or not self.hands:
            return False
        self.hands[-1]["incomplete"] = True
        self.hands[-1]["hand"] = hand
        self.gaps[-1]["hands"].append(hand)
        self.pending = []
        self.blind = {"hand": hand, "totals": None, "known": False}
        return self.blind_event(number, event)

    def _resync(self, resume):
        from .rules import match as M
        m = self.match
        game = m.game
        if game is None or m.over:
            return False
        dealer = resume.get("dealer")
        before = [s for s in range(m.seats) if game.next_dealer(s) == dealer]
        if not before:
            return False
        m.phase = M.DEAL
        m.trick.n = 0
        m.dealer = before[0]
        m.hand_no = max(m.hand_no, resume["hand"] or 0)
        if resume.get("totals") and len(resume["totals"]) == len(m.totals):
            m.totals[:] = resume["totals"]
            self.totals = list(resume["totals"])
        games = resume.get("games")
        if isinstance(games, list) and len(games) == len(m.games_won) \
                and all(isinstance(g, int) and not isinstance(g, bool) for g in games):
            m.games_won[:] = games      # the series so far, as the controller said it
        return True

    def match_names(self, number, given):
        """The `match` event's names, checked and cut to the match's seats and teams;
        names the rules refuse are an error, and the match is shown by seat numbers."""
        from .rules import names
        try:
            checked = names.check(given)
        except TableError as err:
            self.error(number, "names: " + str(err) + "; the seats are shown by number")
            return {}
        game = self.match.game
        for key, n in (("seats", game.seats), ("teams", game.teams)):
            row = checked.get(key)
            if row is not None and len(row) > n:
                self.error(number, "names: %d %s names for a match of %d; the names past "
                           "the %dth are dropped" % (len(row), key[:-1], n, n))
        return names.fit(checked, game.seats, game.teams) or {}

    def error(self, number, message):
        self._list("errors", {"line": number, "message": message})

    def _list(self, key, entry):
        """Keep the first LISTED entries; count the rest with their first and last line."""
        items = getattr(self, key)
        if len(items) < LISTED:
            items.append(entry)
            return
        count = self.unlisted[key]
        count[0] += 1
        if count[1] is None:
            count[1] = entry["line"]
        count[2] = entry["line"]

    # -- the answer --------------------------------------------------------------------------
    def finish(self):
        """The log has no more for this match: close what is open."""
        if self.finished:
            return
        self.finished = True
        self.close_skipped()
        self.flush_pending(None)
        self.unlogged = []      # the controller logged no derived event: nothing to miss
        for key in ("errors", "disagreements"):
            count, first, last = self.unlisted[key]
            if count:
                getattr(self, key).append({"line": first, "message": (
                    str(count) + " more " + key + " from line " + str(first) + " to line "
                    + str(last) + " are not listed (the first " + str(LISTED) + " are)")})
        self.errors.sort(key=_by_line)
        self.disagreements.sort(key=_by_line)

    def result(self):
        """The object of `tapete audit --json` (docs/protocol.md)."""
        self.finish()
        out = {"game": self.game, "options": self.options, "hands": self.hands,
               "totals": self.totals, "winner": self.winner, "reason": self.reason,
               "errors": self.errors, "disagreements": self.disagreements}
        if self.names:
            out["names"] = self.names
        if self.gaps:
            out["gaps"] = self.gaps
        return out


class _Judged(Fold):
    """The audit's fold: its hooks fold each input's outcome into the `Audit`, and it
    takes the audit's own input, `x-resync` (the match taken up again after a gap)."""

    def __init__(self, audit):
        Fold.__init__(self)
        # no cycle: an audit done with is freed at once (audit_matches holds one match)
        self.audit = weakref.proxy(audit)
        self.quiet = False      # the caller words this input's refusal itself

    def step(self, event, m):
        if event.get("ev") == "x-resync":
            if not self.audit._resync(event):
                raise OrderError("the match cannot be taken up here")
            return []
        return m.apply(event)

    def accepted(self, tag, event, derived, live):
        if event.get("ev") != "x-resync":
            self.audit.accept(tag, event, derived, live)

    def refused(self, tag, event, error, live):
        if live and not self.quiet and event.get("ev") != "x-resync":
            self.audit.error(tag, str(error) if isinstance(error, TableError) else _fault(error))

    def restarting(self):
        self.audit.restarting()

    def rebuilt(self):
        self.audit.rebuilt()


def _by_line(entry):
    line = entry["line"]
    return (line is None, line or 0)


def _count(n, name):
    plural = {"match": "matches"}.get(name, name + "s")
    return str(n) + " " + (name if n == 1 else plural)


def _fault(err):
    """The error line for an exception the rules should never raise."""
    return ("the rules failed on this event (" + type(err).__name__ + ": " + str(err)
            + "); the match goes on from the events before it. This is a fault in "
            "tapete: please report it with this log")


def _declared(game):
    return set(declared_options(type(game)))


def _mend_match(event):
    """A `match` event the rules refused, mended where only its options or seat count
    are wrong: (the event to play, [what was wrong and what is played instead]), or
    (None, []) when the game itself is unknown."""
    name = event.get("game")
    try:
        plain = games.get(name)
    except TableError:
        return None, []
    problems = []
    options = event.get("options")
    kept = {}
    if options is not None and not isinstance(options, dict):
        problems.append("'options' must be an object of option names and values, got "
                        + _shown((options)) + "; the match is audited with "
                        + plain.name + "'s default options")
    elif options:
        declared = _declared(plain)
        for key in options:
            try:
                games.get(name, {key: options[key]})
            except TableError as err:
                problems.append(str(err) + "; " + _instead(plain, key, declared))
            else:
                kept[key] = options[key]
        try:
            games.get(name, kept)
        except TableError as err:
            problems.append("these options do not go together (" + str(err)
                            + "); the match is audited with " + plain.name + "'s defaults")
            kept = {}
    seats = event.get("seats", plain.seats)
    if seats not in type(plain).seat_counts or isinstance(seats, bool):
        problems.append(plain.name + " is played by " + seat_counts_text(type(plain).seat_counts)
                        + " seats, got seats=" + _shown((seats)) + "; the match is audited as a "
                        + str(plain.seats) + "-seat match")
        seats = plain.seats
    mended = dict(event, seats=seats)
    if "options" in event:
        mended["options"] = kept
    return mended, problems


def _game_hint(name):
    if not isinstance(name, str):
        return ""
    close = difflib.get_close_matches(name.lower(), games.names(), 1)
    return " (did you mean " + repr(close[0]) + "?)" if close else ""


def _instead(game, key, declared):
    """What the audit plays instead of a bad option."""
    if key not in declared:
        close = difflib.get_close_matches(key, sorted(declared), 1)
        hint = " (did you mean " + repr(close[0]) + "?)" if close else ""
        return "the match is audited without it" + hint
    default = game.options.get(key)
    if default is None:
        return "the match is audited with " + game.name + "'s own rule for it"
    return "the match is audited with its default, " + json.dumps(default)


def _same(expected, logged):
    """True when a logged derived event says what the rules derived (on the keys that
    docs/protocol.md fixes)."""
    name = expected.get("ev")
    if logged.get("ev") != name:
        return False
    keys = CONTRACT_KEYS.get(name)
    if keys is None:    # tapete's own x- events: every key but the link's seq and time
        return _contract(expected) == _contract(logged)
    for k in keys:
        if expected.get(k) != logged.get(k):
            return False
    return True


_CARDS = {}


def _card(text):
    """cards.parse for a card the rules accepted, remembered (the audit asks often)."""
    c = _CARDS.get(text)
    if c is None:
        c = cards.parse(text)
        if len(_CARDS) < 512:       # bounded: a log can spell cards many ways
            _CARDS[text] = c
    return c


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


def _starts_a_match(event):
    """True for a `match` event naming a game the rules know (it can start a match,
    mended if need be); a `match` naming none is only an error in the current one."""
    if event.get("ev") != "match":
        return False
    try:
        games.get(event.get("game"))
    except TableError:
        return False
    return True


def audit_matches(lines, name="the log"):
    """Audit each match of a log given as (line number, text) pairs. Yields one result
    per match (the object of `audit --json`, plus "lines": [first, last]) as soon as
    the log moves on to the next match, so one match at a time is held. Lines before
    the first match belong to it. AuditError when the lines hold no event at all."""
    audit = Audit()
    read = events = 0
    for number, text in lines:
        event = None
        if type(text) is str:
            try:
                event = _decode(text)
            except (ValueError, RecursionError):
                pass
        if type(event) is not dict:     # the slow path: say why, or skip a blank line
            if isinstance(text, str) and (not text or text.isspace()):
                continue
            try:
                event = parse_line(text)
            except ValueError as err:
                read += 1
                audit.bad_line(number, str(err))
                continue
        read += 1
        kind = event.get("ev")
        if type(kind) is str:
            events += 1
            if kind == "match" and audit.phase() != IDLE and _starts_a_match(event):
                yield _with_lines(audit)
                audit = Audit()
        audit.feed(number, event)
    if not read:
        raise AuditError(name + " is empty: no events to audit")
    if not events:
        raise AuditError(name + " holds no table events: none of its " + str(read)
                         + " lines is a JSON object with an 'ev' (is it a table log?)")
    yield _with_lines(audit)


def _with_lines(audit):
    result = audit.result()
    result["lines"] = list(audit.lines)
    return result


def audit_lines(lines, name="the log"):
    """Audit (line number, text) pairs: the object of `tapete audit --json`. For a log
    of one match it is docs/protocol.md's; for several, {"matches": [each one's, with
    "lines": [first, last]], "count": n}. AuditError when there is no event at all."""
    results = list(audit_matches(lines, name))
    if len(results) == 1:
        del results[0]["lines"]
        return results[0]
    return {"matches": results, "count": len(results)}


def audit_text(text):
    """Audit a whole log given as text (tests, the simulator, a stored match)."""
    return audit_lines([(i, t) for i, t in enumerate(text.split("\n"), 1)])


def audit_file(path, progress=None):
    """Audit a log file (as `audit_lines`); AuditError when it cannot be read at all.
    For a file of many matches, `audit_matches(LogFile(path))` streams instead."""
    return audit_lines(LogFile(path, progress), repr(path))
