"""What every live view shows, folded from the table log: one state, many pictures.

`TableView.feed(event)` takes the events as the controller sent them; `state()`
is a plain dict (JSON) that the terminal view, the web board and the replay draw
from, never patching themselves (STYLE.md, live views). The rules' own
`Match.snapshot()` gives the game, trump, turn, the trick as it forms, the last
trick, the totals and the hand's context (stake, multiplier, ... whatever the game
keeps); the controller's derived events add what only it says: violations with
their proofs, claims with their rulings, each hand's result, the match's end.
"""
from ..i18n import N_, _, ngettext
from ..rules.fold import UNDO, Fold
from ..rules.match import DERIVED
from .incidents import MAX_LIVE, Incidents
from .words import (card_text, context_items, declaration_text, game_name, options_text, rule_text,  # noqa: F401 (views import them here)
                    say, seat_label, seat_ref, seat_text, spanish_pack, team_name, trump_label, trump_text)

KEEP_VIOLATIONS = 8


class TableView:
    """Folds events; `state()` is the picture's data."""

    def __init__(self):
        self.reset()

    def reset(self):
        self.fold = Following()     # the rules' state of this match (rules/fold.py: undo, refusals)
        self.own_claim = None   # the x-claim the rules derived for the last input
        self.violations = []
        self.claims = []
        self.hands = []         # hand_end events of this match
        self.result = None
        self.events = 0
        self.seq = None
        self.errors = 0
        self.last_error = None
        self.gaps = []
        self.names = {}         # the match's players' names, checked (names.of_match)
        self.profile_version = None     # the version of the house-rule profile it names
        self.incidents = Incidents(MAX_LIVE)    # the referee's incident log (views/incidents.py)
        self.own_scores = {}    # hand -> the score the rules derived for it (the room checks claims by
                                # it); None after lines were lost (x-gap) in this match

    @property
    def match(self):
        return self.fold.match

    def feed(self, ev):
        """Fold one event (input or derived)."""
        name = ev.get("ev")
        if name == "match":
            self.reset()
            from ..log.names import of_match
            self.names = of_match(ev)
            version = ev.get("profile_version")
            self.profile_version = version if isinstance(version, int) and not isinstance(version, bool) else None
        self.events += 1
        if name != "x-override":    # fed below once the rules took it: a refused one joins no ruling
            self.incidents.feed(ev)
        if "seq" in ev:
            self.seq = ev["seq"]
        if name == "violation":
            # A revision (the rule named at the hand's end) replaces the first word.
            kept = [v for v in self.violations if not _same_play(v, ev)]
            self.violations = (kept + [ev])[-KEEP_VIOLATIONS:]
        elif name == "x-claim":
            self.claims = (self.claims + [ev])[-KEEP_VIOLATIONS:]
            self.follow_claim(ev)
        elif name == "hand_end":
            # a hand's end said again (a director's override changed it) replaces it
            self.hands = [h for h in self.hands if h.get("hand") != ev.get("hand")] + [ev]
        elif name == "x-reopen":
            # a director's override reopened the hand: its end (the match's) no longer stands
            withdrawn = ev.get("withdraws") or ()
            if "hand_end" in withdrawn:
                self.hands = [h for h in self.hands if h.get("hand") != ev.get("hand")]
            if "match_end" in withdrawn:
                self.result = None
        elif name == "match_end":
            self.result = ev
        elif name == "x-gap":
            self.gaps.append(ev)
            self.own_scores = None  # lines lost: the rules' state is no longer the table's
        elif name == UNDO:
            self.fold.feed(ev)  # a play taken back (the table's undo): rebuilt without it
        elif name in ("x-ruling", "x-override"):
            # a ruling's seq noted; a director's override rebuilds the match under it
            # (rules/fold.py), as the table did: else the board's match went on as if
            # the ruling stood (its totals, and the next deal refused)
            status, derived = self.fold.feed(ev)
            if status == "overruled" and name == "x-override":
                self.incidents.feed(ev)
            if status == "overruled" and self.own_scores is not None:
                for d in derived:      # the hand's end as the override left it (rules/rulings.py)
                    if d.get("ev") == "hand_end":
                        self.own_scores[d.get("hand")] = d.get("score")
                    elif d.get("ev") == "x-reopen":
                        self.own_scores.pop(d.get("hand"), None)
        if name in DERIVED or not isinstance(name, str) or name.startswith("x-") or name == "end":
            return
        # an input, or an event the rules do not know: they say what is wrong with it
        status, err = self.fold.take(ev)
        if status == "accepted":
            self.own_claim = next((d for d in err if d.get("ev") == "x-claim"), None)
        if status == "accepted" and self.own_scores is not None:
            for d in err:
                if d.get("ev") == "hand_end":
                    self.own_scores[d.get("hand")] = d.get("score")
        if status == "refused":
            self.errors += 1
            self.last_error = str(err)

    def follow_claim(self, ev):
        """The table's `x-claim`: where its search left the claim undecided and the
        board's rules decided it (or the reverse), the board follows the table's verdict
        as the audit does (judge/audit/claims.py): the match rebuilt under it."""
        from ..judge.audit.claims import undecided_by_one
        own, self.own_claim = self.own_claim, None
        if own is None or not undecided_by_one(own, ev):
            return
        said = dict((k, v) for k, v in ev.items() if k not in ("seq", "t", "crc"))
        self.fold.verdicts[(ev["hand"], ev["trick"], ev["seat"])] = said
        self.fold.rebuild()
        if self.own_scores is not None:
            self.own_scores.pop(ev["hand"], None)   # its end, if any, comes from the table's lines again

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
        s["incidents"] = [dict(i) for i in self.incidents.items[-MAX_LIVE:]]
        if self.names:
            s["names"] = self.names
        if self.profile_version is not None and s.get("profile"):
            s["profile_version"] = self.profile_version
        return s


class Following(Fold):
    """The board's log fold: a claim's verdict is the table's where one search left it
    undecided within its node budget and the other decided it (rules/claims.py `taken`)."""

    def __init__(self):
        Fold.__init__(self)
        self.verdicts = {}      # (hand, trick, seat) -> the table's x-claim

    def step(self, event, m):
        m.verdicts = self.verdicts
        return m.apply(event)


def profile_text(s):
    """'house rules: botifarra-torrefarrera (version 1)', or None without a profile
    (docs/profiles.md): the board's, the room's table list and table page."""
    if not s.get("profile"):
        return None
    if s.get("profile_version") is not None:
        return _("house rules: %(profile)s (version %(version)s)") % {
            "profile": s["profile"], "version": s["profile_version"]}
    return _("house rules: %(profile)s") % {"profile": s["profile"]}


def _same_play(a, b):
    return all(a.get(k) == b.get(k) for k in ("hand", "trick", "seat", "card"))


SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs", "none": "no trump"}


def cards_text(codes, s=None):
    return " ".join(card_text(c, s) for c in codes or [])


def describe_violation(v, s=None):
    """'seat 2 played 5♣ in trick 3: revoke, proven in trick 6 by 4♣' ."""
    if v.get("card") is None and v.get("declaration"):
        # a word, not a card: Mus's "I have pares" disproved by the hand shown
        text = (_("seat %(seat)s said it has %(what)s in hand %(hand)s") if v.get("said")
                else _("seat %(seat)s said it has not %(what)s in hand %(hand)s")) % {
            "seat": seat_ref(s, v.get("seat")), "what": declaration_text(s, v["declaration"]), "hand": v.get("hand")}
        return text + ": " + _("%(rule)s, proven by its hand shown at the showdown (%(cards)s)") % {
            "rule": rule_text(s, v.get("rule")), "cards": cards_text(v.get("cards"), s)}
    text = _("seat %(seat)s played %(card)s in trick %(trick)s: %(rule)s") % {
        "seat": seat_ref(s, v.get("seat")), "card": card_text(v.get("card"), s), "trick": v.get("trick"), "rule": rule_text(s, v.get("rule"))}
    proof = v.get("proof")
    if v.get("proven") == "at-play" or not proof:
        text += ", " + _("certain at the play")
    elif proof.get("shown"):
        text += ", " + _("proven by the cards shown in trick %(trick)s") % {"trick": proof.get("trick")}
    else:
        text += ", " + _("proven in trick %(trick)s by %(card)s") % {"trick": proof.get("trick"),
                                                                  "card": card_text(proof.get("card"), s)}
    if v.get("revises"):
        text += " " + _("(named at the hand's end; the proof alone said %(rule)s)") % {"rule": rule_text(s, v["revises"])}
    elif v.get("possible") and len(v["possible"]) > 1:
        text += " " + _("(the proof leaves possible: %(rules)s)") % {"rules": ", ".join(rule_text(s, r) for r in v["possible"])}
    return text


def describe_claim(c, s=None):
    if c.get("call") == "concede":
        text = ngettext("seat %(seat)s conceded the last %(tricks)s trick",
                        "seat %(seat)s conceded the last %(tricks)s tricks",
                        c.get("tricks") or 0) % {"seat": seat_ref(s, c.get("seat")), "tricks": c.get("tricks")}
        if c.get("sound") is None:      # waiting for the partner (docs/claims.md)
            text += " " + _("(the partner may object for %(wait)s s)") % {"wait": c.get("wait")}
        elif c.get("sound") is False:
            text += " " + _("(the partner objected: play goes on)")
        return text
    ruling = {True: _("sound"), False: _("REFUSED"), None: _("too large to settle")}[c.get("sound")]
    text = ngettext("seat %(seat)s claimed the last %(tricks)s trick: %(ruling)s",
                    "seat %(seat)s claimed the last %(tricks)s tricks: %(ruling)s", c.get("tricks") or 0) % {
        "seat": seat_ref(s, c.get("seat")), "tricks": c.get("tricks"), "ruling": ruling}
    if c.get("sound") is False and c.get("line"):
        text += " " + _("(defeated by the line %(cards)s)") % {"cards": cards_text(c["line"], s)}
    return text


def describe_result(s):
    """'MATCH OVER: team 0 (seats 0+2) wins (target), totals 101/64'."""
    r = s.get("result") or {}
    w = r.get("winner")
    who = _("%(team)s wins") % {"team": team_name(s, w)} if w is not None else _("no winner")
    return _("MATCH OVER: %(who)s (%(reason)s), totals %(totals)s") % {
        "who": who, "reason": ending_text(s, r.get("reason")), "totals": " / ".join(map(str, r.get("totals") or []))}


def ending_text(s, reason):
    from .words import ENDINGS, say
    return say(s, ENDINGS[reason]) if reason in ENDINGS else str(reason)


def trick_by_seat(trick, seats):
    """{seat: card} of a snapshot's trick (or last trick), or {}."""
    if not trick:
        return {}
    return dict((seat, card) for seat, card in trick["cards"])


def spoken(s):
    """What the board and the replay show in words, said in the current language
    (i18n.using): the browser draws these as they are and never words a key itself."""
    if not s.get("game"):
        return {}
    last = s.get("last")
    cards = set()
    for t in (s.get("trick"), last):
        for _seat, code in (t or {}).get("cards", []):
            cards.add(code)
    if s.get("turnup"):
        cards.add(s["turnup"])
    for d in (s.get("context") or {}).get("declarations") or []:
        cards.update(d.get("cards") or [])
    for k in s.get("knowledge") or []:
        cards.update(k.get("holds") or [])
        cards.update(k.get("lacks") or [])
    return {"game": game_name(s), "options": options_text(s), "profile": profile_text(s),
            "trump_label": trump_label(s), "trump": trump_text(s),
            "spanish": spanish_pack(s),
            "cards": dict((c, card_text(c, s)) for c in cards),
            "teams": [team_name(s, t) for t in range(len(s.get("totals") or []))],
            "seats": [_seat_name(s, x) for x in range(s.get("seats") or 0)],    # None: unnamed
            "context": [[k, label, text] for k, label, text in context_items(s)],
            "violations": [describe_violation(v, s) for v in s.get("violations") or []],
            "claims": [describe_claim(c, s) for c in s.get("claims") or []],
            "incidents": incident_texts(s),
            "result": describe_result(s) if s.get("result") else None}


# The penalties of docs/protocol.md's x-ruling, as the referee says them.
PENALTIES = {"report": N_("reported, no penalty"), "correct": N_("corrected: the card taken back and replaced"),
             "condone": N_("condoned: the card stands"), "take-back": N_("the card taken back"),
             "hand": N_("the offending side loses the hand"), "game": N_("the offending side loses the game"),
             "score": N_("a fixed penalty score"), "stands": N_("the deal stands"),
             "void": N_("the hand is void")}
def describe_incident(item, s=None, short=False):
    """One incident of the referee's log (views/incidents.py) in words: 'hand 2: seat 1 played 5♣ in trick 3: revoke, proven in
    trick 6 by 4♣; ruling: the offending side loses the hand (0 / 35); OVERRULED by
    Marta: reported, no penalty (the lead was condoned)'. `short`: the live board's
    form, which names the seat and the rule only (its VIOLATION line says the rest)."""
    what = item.get("what")
    if short and item.get("violation"):
        text = _("seat %(seat)s: %(rule)s") % {"seat": seat_ref(s, item.get("seat")), "rule": rule_text(s, what)}
    elif item.get("violation"):
        text = describe_violation(item["violation"], s)
    elif item.get("claim"):
        text = describe_claim(item["claim"], s)
    elif what == "misdeal":
        text = _("misdeal by seat %(seat)s") % {"seat": seat_ref(s, item.get("seat"))} \
            if item.get("seat") is not None else _("misdeal")
        if item.get("reason"):
            text += " (" + str(item["reason"]) + ")"
    else:
        text = _("seat %(seat)s: %(rule)s") % {"seat": seat_ref(s, item.get("seat")), "rule": rule_text(s, what)}
        proof = item.get("proof") or {}
        if proof.get("card"):
            text += ", " + _("proven in trick %(trick)s by %(card)s") % {
                "trick": proof.get("trick"), "card": card_text(proof.get("card"), s)}
    text = _("hand %(hand)s") % {"hand": item.get("hand")} + ": " + text
    if item.get("penalty"):
        text += "; " + _("ruling: %(penalty)s") % {"penalty": penalty_text(s, item["penalty"])}
        if item.get("score"):
            text += " (" + " / ".join(str(x) for x in item["score"]) + ")"
    over = item.get("override")
    if over:
        text += "; " + _("OVERRULED by %(by)s: %(penalty)s") % {
            "by": over.get("by") or _("the director"), "penalty": penalty_text(s, over.get("penalty"))}
        if over.get("reason"):
            text += " (" + str(over["reason"]) + ")"
    return text


def penalty_text(s, word):
    return say(s, PENALTIES[word]) if word in PENALTIES else str(word)


def incident_texts(s):
    """The referee's rulings of the state's incident log in words (views/incidents.py),
    oldest first: the live board's "referee's log" box, beside its VIOLATION and CLAIM
    lines (which say the irregularities themselves, so the box repeats none unruled)."""
    return [describe_incident(i, s, short=True) for i in ruled(s)]


def ruled(s):
    """The incidents the referee ruled on (or a misdeal): what the VIOLATION and CLAIM
    lines do not say."""
    return [i for i in s.get("incidents") or [] if i.get("penalty") or i.get("override") or i.get("what") == "misdeal"]


def _seat_name(s, seat):
    from ..log.names import seat_name
    return seat_name(s.get("names"), seat)


def text_lines(s):
    """The state as lines of plain text (the terminal view and `--plain` share it)."""
    seats = s.get("seats") or 4
    lines = []
    if not s.get("game"):
        return [_("no match yet (waiting for the table)")]
    opts = options_text(s)
    lines.append(_("%(game)s%(options)s   hand %(hand)s   dealer seat %(dealer)s") % {
        "game": game_name(s), "options": "  (" + opts + ")" if opts else "", "hand": s.get("hand"),
        "dealer": seat_ref(s, s.get("dealer"))})
    turnup = "  (" + _("turn-up %(card)s") % {"card": card_text(s["turnup"], s)} + ")" if s.get("turnup") else ""
    lines.append("%s: %s%s" % (trump_label(s), trump_text(s), turnup))
    for _key, label, value in context_items(s):
        lines.append("%s: %s" % (label, value))
    totals = s.get("totals") or []
    lines.append(_("score: ") + "   ".join("%s %s" % (team_name(s, t), totals[t]) for t in range(len(totals))))
    if s.get("turn") is not None:
        lines.append(_("to play: seat %(seat)s") % {"seat": seat_ref(s, s["turn"])})
    trick = s.get("trick")
    if trick:
        by = trick_by_seat(trick, seats)
        lines.append(_("trick %(n)s: ") % {"n": trick["n"]} + "  ".join(
            "%s %s" % (seat_label(s, seat), card_text(by.get(seat), s) or "--") for seat in range(seats)))
    last = s.get("last")
    if last:
        by = trick_by_seat(last, seats)
        won = (_("won by seat %(seat)s") % {"seat": seat_ref(s, last["winner"])} if last["winner"] is not None
               else _("drawn"))
        lines.append(_("last trick %(n)s: ") % {"n": last["n"]} + "  ".join(
            "%s %s%s" % (seat_label(s, seat), card_text(by.get(seat), s), "*" if seat == last["winner"] else "")
            for seat in range(seats)) + "   " + won)
    for h in s.get("hand_results", [])[-1:]:
        lines.append(_("hand %(hand)s: points %(points)s, score %(score)s") % {
            "hand": h.get("hand"), "points": "/".join(map(str, h.get("points") or [])),
            "score": "/".join(map(str, h.get("score") or []))})
    for v in s.get("violations", [])[-3:]:
        lines.append(_("VIOLATION") + " " + describe_violation(v, s))
    for c in s.get("claims", [])[-2:]:
        lines.append(_("CLAIM") + " " + describe_claim(c, s))
    for i in ruled(s)[-3:]:
        lines.append(_("RULING") + " " + describe_incident(i, s))
    for g in s.get("gaps", []):
        lines.append(_("LOST seq %(first)s..%(last)s (left the controller's ring)") % {
            "first": g.get("from"), "last": g.get("to")})
    if s.get("result"):
        lines.append(describe_result(s))
    return lines
