"""One match audited: the rules replay its inputs, and the answer is built."""
import weakref

from ...rules import cards, games
from ...rules.errors import OrderError, TableError
from ...rules.fold import INPUTS, OVERRIDE, RULING, Fold
from ...rules.rulings import key as ruling_key
from .common import (DERIVED_ALL, HAND_CONTEXT, IDLE, LISTED, OVER, REFUSED_RULES, UNJUDGED_KEYS, _by_line, _card,
                     _contract, _count, _fault, _game_hint, _mend_match, _refusal_detail, parse_line)
from .compare import Comparing
from .damage import Mending
from .gaps import Gaps
from .rulings import Rulings


class Audit(Mending, Rulings, Comparing, Gaps):
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
        self.profile = None         # the house-rule profile the match names (docs/profiles.md)
        self.profile_version = None     # ... and the version of its file
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
        self.overruled = []         # a director's x-override lines, as taken
        self.held_cards = {}        # (hand, seat, card) -> line: a card out of turn the law holds
        self.lines = [None, None]   # the first and last line of this match in the log
        self.refused_at = None      # line of a 'match' event the rules refused
        self.ended = None           # (line, why) once the match is over
        self.skipped = None         # events after the end (or before a match), counted
        self.unlisted = {"errors": [0, None, None], "disagreements": [0, None, None]}
        self.finished = False
        self.gaps = []              # events missing from the log: {line, from, to, hands}
        self.blind = None           # while a gap's hand goes on: what the controller said
        self.resumed = False        # judging again after a gap: the hand number to check
        self.resumed_after_damage = False   # ... after a damaged line (no gap lists its hands)
        self.init_mending()         # damage to the log (damage.py)

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

    def seen(self, number):
        if self.lines[0] is None:
            self.lines[0] = number
        self.lines[1] = number

    def judge(self, number, event):
        """Judge one parsed event from line `number`, in the log's order as mended
        (`feed`, damage.py, is the door)."""
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
        if name == "x-ruling" and not any(p.get("ev") == "x-ruling" for p in self.pending):
            # a ruling the rules did not derive here (their laws may not rule it yet):
            # the controller's word, listed, never a disagreement (rulings.py)
            self.logged_ruling(number, event)
            return
        if name in DERIVED_ALL:
            if name == RULING and "seq" in event:
                self.fold.ruled[event["seq"]] = ruling_key(event)    # an override may name it
            if self.pending or self.phase() is None:
                self.compare(number, event)
            else:
                self.skip(number, name)     # after the match's end, or before a match
            return
        if extension:
            if name == "x-undo":
                self.undo(number, event)
            elif name == OVERRIDE:
                self.override(number, event)
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
            self.profile = self.match.profile
            self.profile_version = event.get("profile_version") if self.profile is not None else None
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

    def override(self, number, event):
        """`x-override`: a director overrules a ruling; the rules are rebuilt under it,
        as the controller does (rules/fold.py). One naming no ruling is an error."""
        self.close_skipped()
        self.flush_pending(number)
        status, k = self.fold.overrule(event, number)      # a refusal: the fold's hook says it
        if status == "overruled":
            said = {"hand": k[0], "line": number, "ruling": event.get("ruling"), "trick": k[1],
                    "seat": k[2], "rule": k[3], "penalty": event.get("penalty")}
            for key in ("by", "reason"):
                if key in event:
                    said[key] = event[key]
            self.overruled.append(said)
            self.rebuilt()

    def restarting(self):
        """Before the fold replays the accepted inputs into a new Match (after an undo,
        or after the rules failed half-way through an event): what they made goes."""
        self.hands = []
        self.play_lines = {}
        self.game = None
        self.totals = [0, 0]
        self.winner = self.reason = self.ended = None

    def rebuilt(self):
        """The plays taken back, and the director's overrides, shown in their hands again."""
        for u in self.undone:
            for hand in self.hands:
                said = dict((k, v) for k, v in u.items() if k != "hand")
                if hand["hand"] == u["hand"] and said not in hand["undone"]:    # said once, rebuilt or not
                    hand["undone"].append(said)
        for o in self.overruled:
            for hand in self.hands:
                if hand["hand"] == o["hand"]:
                    overrides = hand.setdefault("overrides", [])
                    said = dict((k, v) for k, v in o.items() if k != "hand")
                    if said not in overrides:
                        overrides.append(said)
                    for ruling in hand.get("rulings", ()):     # joined to the ruling it names (rulings.py)
                        if ruling.get("seq") == o["ruling"]:
                            ruling["override"] = {"penalty": o["penalty"], "by": o.get("by"),
                                                  "reason": o.get("reason"), "line": o["line"]}

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
            if d["rule"] == "out-of-turn" and self.match.pend_seat == d["seat"]:
                # the law holds it (condone): played on it stands, else its ruling says
                self.held_cards[(d["hand"], d["seat"], d["card"])] = number
            elif d["rule"] in REFUSED_RULES and live:
                self.error(number, "play refused (" + d["rule"] + "): seat " + str(d["seat"])
                           + " played " + d["card"] + _refusal_detail(d, self.match))
        elif name == "x-refused":
            if live:
                self.error(number, d["message"])
        elif name == RULING:
            self.keep_ruling(number, d, None)
            held = self.held_cards.pop((d["hand"], d["seat"], d.get("card")), None)
            if held is not None and d["penalty"] == "take-back" and live:
                self.error(held, "play refused (out-of-turn): seat " + str(d["seat"]) + " played "
                           + str(d.get("card")) + "; taken back (ruled at line " + str(number) + ")")
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

    def match_names(self, number, given):
        """The `match` event's names, checked and cut to the match's seats and teams;
        names the rules refuse are an error, and the match is shown by seat numbers."""
        from ...rules import names
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
        self.close_damage()
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
        if self.profile is not None:
            out["profile"] = self.profile
            if self.profile_version is not None:
                out["profile_version"] = self.profile_version
            # A profile edited since the match (its version raised) no longer says what
            # was played: the log's options do. The audit says so (docs/profiles.md).
            from .installed import installed_version
            installed = installed_version(self.profile, self.game)
            if installed is not None and installed != self.profile_version:
                out["profile_installed_version"] = installed
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
