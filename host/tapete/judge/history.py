"""A match told step by step: what `tapete replay` steps through and `tapete report` prints.

`History(events)` replays the log's input events through the rules (the derived
events the log holds are the controller's; the ones here are recomputed, as the
audit does, so a log of input events alone works too) and cuts the match into
steps: each hand's start (deal, turn-up, calls), every trick, a claim or a
concession, a hand ended early. Each step keeps the snapshot of the table then
(`snapshot(knowledge=True)`: what the table knew of each hidden hand at that
moment), the events it brought, and the violations seen at it: at the play (the
trick the offending card was played in) and at the proof.

A play taken back with the table's undo (`x-undo`) is dropped, as the controller
drops it: the rules state is rebuilt without it. Which events are inputs and what
a refusal does: the rule module's one log fold (rules/fold.py).

A director's override (`x-override`, docs/referee.md) is folded as the audit folds it:
the logged `x-ruling` lines give their seqs (each is set on the ruling the rules
derived, so the live board's fold, fed a step's events, follows the override too),
and the override rebuilds the match under the director's penalty. It is a step of
its own where it came ("override": the ruling, its old and new penalty, by whom, why,
and the hand's end as it now stands: an `x-reopen`, a new `hand_end`), and the steps
before it stay as the table played them: a hand end it withdrew is marked so
(`Step.withdrawn`). The hands (`hands`, the report) are the match as finally ruled:
they are refolded from the rebuilt match, so a reopened hand runs to its real end and
a hand the director ended keeps the tricks up to the ruling only (the cards played
on after it are listed in the override step's `voided`). `ruled_inputs()` gives the
inputs and the director's penalties the analysis replays. An override the rules
refuse (no such ruling, a hand before the last, a penalty the ruling cannot have) is
listed in `errors` and changes nothing.
"""
from ..i18n import _
from ..rules import cards as C
from ..rules.fold import OVERRIDE, RULING, Fold, without_undone
from ..rules.match import PLAY
from ..rules.rulings import key as ruling_key
from ..rules.view import snapshot


class Step:
    """One step of the replay: a hand's start, a trick, a claim."""

    def __init__(self, kind, hand, trick, state, inputs, derived, seq):
        self.kind = kind            # "deal", "trick", "claim", "end", "override"
        self.hand = hand
        self.trick = trick          # the trick number (0 before the first)
        self.state = state          # snapshot(knowledge=True), plus "seq"
        self.inputs = inputs        # the input events of this step
        self.derived = derived      # what the rules concluded from them
        self.seq = seq              # the last seq of the step (or None)
        self.proven = [e for e in derived if e.get("ev") == "violation"]
        self.played = []            # violations whose offending card is in this trick
        self.claims = [e for e in derived if e.get("ev") == "x-claim"]
        self.hand_end = next((e for e in derived if e.get("ev") == "hand_end"), None)
        self.match_end = next((e for e in derived if e.get("ev") == "match_end"), None)
        self.panel = None           # the panel's picture (a PNG path), when rendered
        self.overruled = None       # an override step's ruling: hand, trick, seat, rule, was
                                    # (the penalty before), penalty, by, reason, ruling (its
                                    # seq), voided (how many of its cards no longer count)
        self.reopen = next((e for e in derived if e.get("ev") == "x-reopen"), None)
        self.voided = []            # an override step's: inputs the rebuilt match no longer takes
        self.withdrawn = False      # its hand_end / match_end withdrawn by a later override

    def title(self):
        if self.kind == "deal":
            return _("hand %(hand)s: dealt") % {"hand": self.hand}
        if self.kind == "trick":
            return _("hand %(hand)s, trick %(trick)s") % {"hand": self.hand, "trick": self.trick}
        if self.kind == "claim":
            call = self.claims[0].get("call") if self.claims else "claim"
            return _("hand %(hand)s: %(call)s") % {"hand": self.hand,
                                                  "call": _("concession") if call == "concede" else _("claim")}
        if self.kind == "override":
            return _("hand %(hand)s: the director's override") % {"hand": self.hand}
        return _("hand %(hand)s: end") % {"hand": self.hand}

    def as_dict(self):
        """JSON for the browser replay."""
        return {"kind": self.kind, "title": self.title(), "hand": self.hand, "trick": self.trick,
                "state": self.state, "inputs": self.inputs, "proven": self.proven,
                "played": self.played, "claims": self.claims, "hand_end": self.hand_end,
                "match_end": self.match_end, "seq": self.seq, "overruled": self.overruled,
                "reopen": self.reopen, "voided": self.voided, "withdrawn": self.withdrawn,
                "panel": None if self.panel is None else self.panel.rsplit("/", 1)[-1]}


class History:
    """The steps of one match (a list of event dicts, as logged)."""

    def __init__(self, events):
        self.events = events
        self.errors = []            # (event number, message) for inputs the rules refused
        self.steps = []
        self.hands = []             # per hand: dealt hands, tricks, trump, ... (see _hand)
        self.fold = _Told(self)
        self.names = {}             # the last match event's players' names, checked
        self.rulings = {}           # seq of a logged x-ruling -> its event, penalty as now ruled
        self.overrides = []         # the director's overrides taken, as the steps' `overruled`
        self._voided = None         # while an override rebuilds: the inputs it no longer takes
        self._build()

    @property
    def match(self):
        return self.fold.match

    # -- building ---------------------------------------------------------------------
    def _inputs(self):
        """The input events to replay (an `end` too: it closes the last step; the logged
        rulings and the director's overrides: rules/fold.py folds them): those an
        x-undo took back are left out."""
        return without_undone(self.events, ("end", RULING, OVERRIDE))

    def ruled_events(self):
        """The log's events without the director's overrides the rules refused: what the
        incident log (views/incidents.py) is fed, so that it joins no refused override to
        its ruling (the refusal is listed in `errors`)."""
        refused = set(n - 1 for n, _msg in self.errors)
        return [ev for i, ev in enumerate(self.events) if not (i in refused and ev.get("ev") == OVERRIDE)]

    def ruled_inputs(self):
        """The last match's inputs as finally ruled (those the match rebuilt under every
        override took, in order), carrying the director's penalties (`Ruled`): what the
        analysis replays, so it weighs each hand to its real end."""
        return Ruled((ev for _tag, ev in self.fold.kept), self.fold.overrides)

    def _build(self):
        pending, derived = [], []
        last_seq = None
        for i, ev in self._inputs():
            name = ev.get("ev")
            if name == RULING:
                self._ruling(ev, derived)
                continue
            if name == OVERRIDE:
                if self._override(i, ev, pending, derived):
                    pending, derived = [], []
                continue
            if name == "match":
                self.rulings = {}       # the controller numbers each match's lines from 0
                self.overrides = []
            if name == "play" and pending and not any(p.get("ev") == "play" for p in pending):
                self._step("deal", pending, derived, last_seq)     # the hand is ready for its lead
                pending, derived = [], []
            status, out = self.fold.take(ev, i)
            if status != "accepted":
                self.errors.append((i + 1, str(out)))
                continue
            if ev.get("seq") is not None:
                last_seq = ev["seq"]
            pending.append(ev)
            derived.extend(dict(d) for d in out)
            kinds = [d.get("ev") for d in out]
            if "x-claim" in kinds:
                self._step("claim", pending, derived, last_seq)
            elif "trick" in kinds:
                self._step("trick", pending, derived, last_seq)
            elif "hand_end" in kinds or "match_end" in kinds:
                self._step("end", pending, derived, last_seq)
            else:
                continue
            pending, derived = [], []
        if pending or derived:
            self._step("end" if self.steps else "deal", pending, derived, last_seq)
        self._place_violations()

    def _ruling(self, ev, derived):
        """A logged `x-ruling`: the fold notes its seq (an override names it), and the
        ruling the rules derived gets that seq, as the controller's line has it."""
        self.fold.feed(ev)
        if ev.get("seq") is None:
            return
        self.rulings[ev["seq"]] = dict(ev)
        k = ruling_key(ev)
        for d in reversed(derived + (self.steps[-1].derived if self.steps else [])):
            if d.get("ev") == RULING and ruling_key(d) == k and d.get("seq") is None:
                d["seq"] = ev["seq"]
                return

    def _override(self, i, ev, pending, derived):
        """A director's `x-override`: the match rebuilt under it (the hands refolded),
        a step of its own (True: `pending` and `derived` went into it); refused, an
        error that changes nothing."""
        self._voided = []
        try:
            status, out = self.fold.feed(ev, i)
        finally:
            voided, self._voided = self._voided, None
        if status != "overruled":
            self.errors.append((i + 1, str(out)))
            return False
        ruling = self.rulings.get(ev.get("ruling")) or {}
        hand, trick, seat, rule = self.fold.ruled[ev.get("ruling")]
        self.rulings.setdefault(ev.get("ruling"), ruling)
        said = {"ruling": ev.get("ruling"), "hand": hand, "trick": trick, "seat": seat, "rule": rule,
                "was": ruling.get("penalty"), "penalty": ev.get("penalty"), "by": ev.get("by"),
                "reason": ev.get("reason"), "voided": sum(1 for v in voided if v.get("ev") == "play")}
        self.overrides.append(said)
        ruling["penalty"] = ev.get("penalty")       # a second override's "was" is this one
        out = [dict(d) for d in out]
        reopen = next((d for d in out if d.get("ev") == "x-reopen"), None)
        if reopen is not None:
            gone = reopen.get("withdraws") or ()
            for step in reversed(self.steps):   # the end it withdrew: the last said of that hand
                if step.hand == reopen.get("hand") and (step.hand_end is not None and "hand_end" in gone
                                                        or step.match_end is not None and "match_end" in gone):
                    step.withdrawn = True
                    break
        self._step("override", list(pending) + [ev], list(derived) + out, ev.get("seq"))
        step = self.steps[-1]
        step.hand = hand
        step.overruled = said
        step.voided = voided
        return True

    def _accepted(self, ev, out):
        """The fold's hook for each input it took (also as a rebuild replays them): the
        hands as the rules have them now."""
        name = ev.get("ev")
        if name == "match":
            self.hands = []
            from ..log.names import of_match
            self.names = of_match(ev)
            return
        hand = self.hands[-1] if self.hands else None
        noted = out
        if name == "deal":
            # a hand left unfinished ends (abandoned) before the new one starts
            closed = [d for d in out if d.get("ev") == "hand_end"]
            if hand is not None and closed:
                self._note(hand, {}, closed)
            noted = [d for d in out if d.get("ev") != "hand_end"]
            hand = self._new_hand(ev)
        if hand is not None:
            self._note(hand, ev, noted)

    def _refused_again(self, ev):
        """An input the rebuilt match no longer takes (the hand the director ended)."""
        if self._voided is not None:
            self._voided.append(ev)

    def _step(self, kind, inputs, derived, seq):
        m = self.match
        state = snapshot(m, True)
        state["seq"] = seq
        trick = 0
        for d in derived:
            if d.get("ev") in ("trick", "x-claim"):
                trick = d.get("n", d.get("trick", 0))
        if not trick and m.game is not None:
            trick = m.trick.number if m.phase == PLAY else (self.steps[-1].trick if self.steps else 0)
        self.steps.append(Step(kind, m.hand_no, trick, state, list(inputs), list(derived), seq))

    def _place_violations(self):
        """Each violation is shown at its proof (the step that proved it) and at its play
        (the step of the trick the offending card was played in)."""
        for step in self.steps:
            for v in step.proven:
                for other in self.steps:
                    if other.kind == "trick" and other.hand == v.get("hand") and other.trick == v.get("trick"):
                        if not any(_same(v, x) for x in other.played):
                            other.played.append(v)
                        else:       # a revision names the rule actually broken: keep the last
                            other.played = [v if _same(v, x) else x for x in other.played]

    # -- per hand facts (the report) ------------------------------------------------------
    def _new_hand(self, ev):
        h = {"hand": len(self.hands) + 1, "dealer": ev.get("dealer"), "trump": None,
             "turnup": None, "dealt": {}, "shown": {}, "plays": [], "tricks": [], "calls": [],
             "violations": [], "claims": [], "end": None, "context": {}}
        self.hands.append(h)
        return h

    def _note(self, h, ev, out):
        name = ev.get("ev")
        if name == "hand":
            h["shown"][ev.get("seat")] = list(ev.get("cards") or [])
        elif name == "turnup":
            h["turnup"] = ev.get("card")
        elif name == "play":
            h["plays"].append(ev)
        elif name == "call":
            h["calls"].append(ev)
        for d in out:
            kind = d.get("ev")
            if kind == "trump":
                h["trump"] = d.get("suit")
            elif kind == "trick":
                h["tricks"].append(d)
            elif kind == "violation":
                h["violations"] = [x for x in h["violations"] if not _same(x, d)] + [d]
            elif kind == "x-claim":
                h["claims"].append(d)
            elif kind == "hand_end":
                h["end"] = d
                h["context"] = dict(snapshot(self.match)["context"])

    def dealt(self, h):
        """Each seat's hand as dealt: the `hand` events, or the cards it played (plus
        any shown in a claim). None for a seat whose cards are not all known."""
        size = self._hand_size()
        out = {}
        for seat in range(self.match.seats or 0):
            if seat in h["shown"]:
                out[seat] = list(h["shown"][seat])
                continue
            cards = [p["card"] for p in h["plays"] if p.get("seat") == seat]
            for c in h["calls"]:
                if c.get("seat") == seat and c.get("call") == "claim":
                    cards += [x for x in c.get("cards") or [] if x not in cards]
            out[seat] = cards if size is None or len(cards) == size else None
        return out

    def _hand_size(self):
        g = self.match.game
        return getattr(g, "hand_size", None) if g is not None else None


class Ruled(list):
    """A match's input events with the director's penalties (`overrides`: rules/rulings.py
    `key` -> penalty) that a Match replaying them must judge under (`Match.overrides`;
    judge/analysis.py reads them). A list, so every reader of inputs takes it as one
    (and a worker process gets it whole: it pickles with its attribute)."""

    def __init__(self, events=(), overrides=None):
        list.__init__(self, events)
        self.overrides = dict(overrides or {})


class _Told(Fold):
    """History's fold: its hooks keep `History.hands` as the rules have the match,
    also when an override rebuilds it (rules/fold.py)."""

    def __init__(self, history):
        Fold.__init__(self)
        self.history = history

    def accepted(self, tag, event, derived, live):
        self.history._accepted(event, derived)

    def refused(self, tag, event, error, live):
        if not live:
            self.history._refused_again(event)


def _same(a, b):
    """The same offence: one play (a revision names its rule anew)."""
    return all(a.get(k) == b.get(k) for k in ("hand", "trick", "seat", "card"))


def sort_cards(names, game=None):
    """Printed cards sorted by suit (S H D C) and, in each suit, high to low."""
    def key(name):
        c = C.parse(name)
        strength = game.strength[c] if game is not None else c & 15
        return (c >> 4, -strength)
    try:
        return sorted(names, key=key)
    except (ValueError, IndexError, TypeError):
        return list(names)
