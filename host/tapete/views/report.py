"""The forms of an audit: readable text (each hand's tricks in a table, the points,
the scores, violations with their proof, the totals and the winner) and JSON, for a
log of one match or of many, written as each match's audit is done.

The text is in the process's language (`tapete --lang`, i18n): its frame and words;
a rule's word (revoke), a call and the log's own error messages stay as the log and
the rules say them (they are what docs/protocol.md names). JSON is never translated."""
import json

from ..i18n import N_, _, ngettext
from ..rules import games
from ..rules.errors import TableError

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def seat_word(seat):
    """'seat 2' in the current language."""
    return _("seat %(seat)s") % {"seat": seat}


def suit_sign(code):
    """A trump as the report shows it: its sign, 'no trump' in words."""
    return _("no trump") if code == "none" else SUIT_SYMBOLS.get(code, code)


def team_name(team, result):
    """'team 0 (seats 0+2)' for partnerships, 'seat 2' at a table of three; with the
    match's names 'Els Cracs (Ana + Carme)', 'Carme'."""
    from ..log.names import seat_name, team_given_name
    names = result.get("names") or {}
    seats = seats_of(result)
    if len(result.get("totals") or []) == seats:       # each for themselves
        return seat_name(names, team) or seat_word(team)
    members = range(team, seats, 2)
    if any(seat_name(names, s) for s in members):
        return "%s (%s)" % (team_given_name(names, team) or _("team %(team)s") % {"team": team},
                            " + ".join(seat_name(names, s) or seat_word(s) for s in members))
    return team_given_name(names, team) or _("team %(team)s (seats %(seats)s)") % {
        "team": team, "seats": "+".join(str(s) for s in members)}


def players_line(result):
    """'Players: seat 0 Ana, seat 1 Biel, ...; teams: ...' when the match named them."""
    from ..log.names import seat_name
    names = result.get("names") or {}
    if not names:
        return None
    seats = seats_of(result)
    parts = [seat_word(s) + " " + (seat_name(names, s) or _("(unnamed)")) for s in range(seats)]
    line = _("Players: %(players)s") % {"players": ", ".join(parts)}
    teams = len(result.get("totals") or [])
    if names.get("teams") and teams < seats:
        line += "; " + _("teams: %(teams)s") % {"teams": ", ".join(team_name(t, result) for t in range(teams))}
    return line


def seats_of(result):
    """The seats of an audited match, from its tricks (Envite: 4 to 12; three-handed
    Manille: 3), or 4."""
    for hand in result.get("hands", []):
        for t in hand.get("tricks", []):
            return len(t["cards"])
    return 3 if len(result.get("totals") or []) == 3 else 4


def card_text(code):
    """'7H' -> '7♥' (the code stays readable in any terminal that shows UTF-8)."""
    return code[:-1] + SUIT_SYMBOLS.get(code[-1], code[-1])


def profile_lines(result):
    """The house-rule profile a match names, its version, and whether the profile
    installed here is another version (docs/profiles.md)."""
    args = {"profile": result["profile"], "version": result.get("profile_version"),
            "installed": result.get("profile_installed_version")}
    text = (_("House rules: profile %(profile)s, version %(version)s") if args["version"] is not None
            else _("House rules: profile %(profile)s (no version on the log)")) % args
    if args["installed"] is not None:
        text += "\n" + _("The profile installed here is version %(installed)s: it may set other "
                         "rules than the match was played under (the log's options are what was "
                         "played).") % args
    return text


def render(result, seats=None):
    """The whole report as text (in the current language: i18n)."""
    out = []
    if result["game"] is None:
        title = _("Audit of a log in which no match could be started")
    else:
        title = _("Audit of a %(game)s match") % {"game": result["game"]}
    if result.get("options"):
        title += " (" + ", ".join(k + "=" + str(v) for k, v in sorted(result["options"].items())) + ")"
    out += [title, "=" * len(title), ""]
    if result.get("profile"):
        out += [profile_lines(result), ""]
    players = players_line(result)
    if players:
        out += [players, ""]
    direction = _direction(result)
    seats = seats or seats_of(result)
    for hand in result["hands"]:
        out += render_hand(hand, seats, direction)
    out.append(_("Totals: %(totals)s") % {"totals": " / ".join(str(t) for t in result["totals"])})
    winner = result["winner"]
    if winner is None and result.get("reason"):
        out.append(_("Winner: none (the match ended level: %(reason)s)") % {"reason": result["reason"]})
    elif winner is None:
        out.append(_("Winner: none yet (the log ends before the match does)"))
    elif result.get("reason") == "irregularity":
        out.append(_("Winner: %(team)s by the other side's irregularity") % {"team": team_name(winner, result)})
    else:
        out.append(_("Winner: %(team)s") % {"team": team_name(winner, result)})
    if result.get("gaps"):
        n = len(result["gaps"])
        out += ["", ngettext("Events missing from the log (%(n)s gap):",
                             "Events missing from the log (%(n)s gaps):", n) % {"n": n}]
        for g in result["gaps"]:
            hands = g["hands"]
            line = "  " + _("line %(line)s: seq %(first)s..%(last)s") % {"line": g["line"], "first": g["from"],
                                                                      "last": g["to"]}
            if hands:
                line += "; " + ngettext("hand %(hands)s incomplete", "hands %(hands)s incomplete", len(hands)) % {
                    "hands": ", ".join(map(str, hands))}
            out.append(line)
    out += incident_lines(result, seats)
    errors = [e for e in result["errors"] if not e.get("damage")]
    damage = [e for e in result["errors"] if e.get("damage")]
    if damage:      # judge/audit/damage.py: never turned into a player's violation
        out += ["", _("Damage to the log, not the players' doing (%(n)s):") % {"n": len(damage)}]
        for e in damage:
            out.append("  " + _("line %(line)s: %(message)s") % {"line": e["line"], "message": e["message"]})
    if errors:
        out += ["", _("Errors in the log (%(n)s):") % {"n": len(errors)}]
        for e in errors:
            out.append("  " + _("line %(line)s: %(message)s") % {"line": e["line"], "message": e["message"]})
    if result.get("notes"):    # not disagreements (judge/audit/claims.py)
        out += ["", _("Decided by the host where the table could not, and the reverse (%(n)s):")
                % {"n": len(result["notes"])}]
        for d in result["notes"]:
            out.append("  " + _("line %(line)s: %(message)s") % {"line": d["line"], "message": d["message"]})
    if result.get("disagreements"):
        out += ["", _("Where the controller disagrees with the rules (%(n)s):") % {"n": len(result["disagreements"])}]
        for d in result["disagreements"]:
            out.append("  " + _("line %(line)s: %(message)s") % {"line": d["line"], "message": d["message"]})
            out.append("    " + _("rules: %(expected)s  controller: %(logged)s") % {
                "expected": d["expected"], "logged": d["logged"]})
    return "\n".join(out) + "\n"


def incident_lines(result, seats):
    """The referee's incident log (views/incidents.py) in the players' language: every
    irregularity, its ruling and any override, with the line that shows it."""
    from ..i18n import _
    from .incidents import from_audit
    from .state import describe_incident as describe
    items = from_audit(result)
    if not items:
        return []
    s = {"game": result.get("game"), "options": result.get("options") or {},
         "names": result.get("names") or {}, "seats": seats}
    out = ["", _("Referee's incident log (%(n)s):") % {"n": len(items)}]
    for item in items:
        where = (_("line %(line)s") % {"line": item["line"]} + ": ") if item.get("line") else ""
        out.append("  " + where + describe(item, s))
    return out


def render_hand(hand, seats, direction=1):
    """One hand: header, trick table, points and scores, violations."""
    trump = hand.get("trump")
    head = _("Hand %(hand)s: dealer %(dealer)s") % {
        "hand": hand["hand"], "dealer": _("unknown") if hand["dealer"] is None else seat_word(hand["dealer"])}
    if trump is not None:       # Truc and Mus have none; a hand thrown in has none yet
        head += ", " + _("trump %(trump)s") % {"trump": suit_sign(trump)}
    if hand.get("turnup"):
        head += " (" + _("turn-up %(card)s") % {"card": card_text(hand["turnup"])} + ")"
    lines = [head]
    if hand.get("incomplete"):
        lines.append("  " + _("INCOMPLETE: events of this hand are missing from the log; what is shown "
                              "is what the controller logged, not judged"))
    lines += describe_context(hand)
    bonus = hand.get("bonus")
    if bonus:
        lines.append("  " + _("turn-up bonus: %(points)s to team %(team)s") % {"points": bonus["points"],
                                                                            "team": bonus["team"]}
                     + (" " + _("(held until after the hand's result)") if bonus["held"] else "")
                     + (" " + _("(taken back: the hand is void)") if hand.get("ended") in ("misdeal", "abandoned")
                        else ""))
    # the trick table: each column as wide as its heading or a card, whatever the language
    cols = [_("trick"), _("lead")] + [seat_word(s) for s in range(seats)] + [_("winner")]
    widths = [max(5, len(cols[0])), max(4, len(cols[1]))] + [max(6, len(c)) for c in cols[2:-1]]
    header = "  " + "  ".join(c.rjust(w) if i < 2 else c.ljust(w) for i, (c, w) in enumerate(zip(cols, widths))) \
        + "  " + cols[-1]
    if hand["tricks"]:
        lines += [header, "  " + "-" * (len(header) - 2)]
    for t in hand["tricks"]:
        by_seat = [""] * seats
        seat = t["leader"]
        for code in t["cards"]:
            by_seat[seat] = card_text(code)
            seat = (seat + direction) % seats
        row = "  " + str(t["n"]).rjust(widths[0]) + "  " + str(t["leader"]).rjust(widths[1]) + "  " \
            + "  ".join(c.ljust(w) for c, w in zip(by_seat, widths[2:]))
        lines.append(row + "  " + (_("drawn") if t["winner"] is None else seat_word(t["winner"])))
    if hand.get("points") is not None:
        lines.append("  " + _("points %(points)s   score %(score)s   totals %(totals)s") % {
            "points": " / ".join(map(str, hand["points"])), "score": " / ".join(map(str, hand["score"])),
            "totals": " / ".join(map(str, hand["totals"]))})
    for d in hand.get("declarations", []):
        lines.append("  " + _("DECLARATION by seat %(seat)s: %(cards)s, %(points)s points") % {
            "seat": d["seat"], "cards": " ".join(card_text(c) for c in d["cards"]), "points": d["points"]}
            + ("" if d.get("valid", True) else " " + _("(false: scores nothing)")))
    for r in hand.get("rounds", []):
        lines.append("  " + _("ROUND %(name)s %(how)s stake %(stake)s winner %(winner)s bonus %(bonus)s, "
                              "%(points)s points") % {
            "name": "%-7s" % r["name"], "how": "%-6s" % r["how"],
            "stake": "%-5s" % ("-" if r["stake"] is None else r["stake"]),
            "winner": "%-6s" % ("-" if r["winner"] is None else _("team %(team)s") % {"team": r["winner"]}),
            "bonus": r["bonus"], "points": r["points"]})
    if hand.get("misdeal"):
        md = hand["misdeal"]
        lines.append("  " + _("MISDEAL by seat %(seat)s%(why)s: the hand is void, nothing scored; "
                              "seat %(next)s deals next") % {
            "seat": md["seat"], "why": " (" + md["reason"] + ")" if md.get("reason") else "",
            "next": md.get("next_dealer")})
    elif hand.get("ended") == "abandoned":
        lines.append("  " + _("ABANDONED: a new deal came before the hand was finished; nothing scored"))
    elif hand.get("ended"):
        ending = ENDINGS.get(hand["ended"])
        lines.append("  " + _("the hand ended early: %(how)s") % {"how": _(ending) if ending else hand["ended"]})
    for v in hand["violations"]:
        lines.append("  " + _("VIOLATION") + " " + describe_violation(v))
    for c in hand.get("claims", []):
        lines.append("  " + describe_claim(c))
    for u in hand.get("undone", []):
        lines.append("  " + _("UNDONE: seat %(seat)s's %(card)s (line %(play_line)s) was taken back at line "
                              "%(line)s") % {"seat": u["seat"], "card": card_text(str(u["card"])),
                                             "play_line": u["play_line"], "line": u["line"]})
    lines.append("")
    return lines


ENDINGS = {"claim": N_("a sound claim"), "concede": N_("a concession"), "reject": N_("a raise was rejected"),
           "fold": N_("a side folded"), "tute": N_("a tute (four kings) was declared"),
           "trawl": N_("a trump lead (trawl) was not answered with a trump"),
           "ordago": N_("an órdago was accepted"), "decided": N_("its winner was decided"),
           "pass": N_("every player passed")}


def describe_context(hand):
    """What the hand's calls settled: the calls in order, the multiplier or stake."""
    lines = []
    calls = hand.get("calls") or []
    if calls:
        said = []
        for c in calls:
            extra = " ".join(str(v) if not isinstance(v, list) else "+".join(map(str, v))
                             for k, v in c.items() if k not in ("line", "seat", "call"))
            said.append(seat_word(c["seat"]) + " %s%s (%s)" % (c["call"], " " + extra if extra else "",
                                                             _("line %(line)s") % {"line": c["line"]}))
        lines += _wrapped("  " + _("calls:") + " ", said)
    if hand.get("multiplier") is not None:
        lines.append("  " + _("multiplier x%(n)s") % {"n": hand["multiplier"]}
                     + ("" if hand.get("trump_by") is None
                        else ", " + _("trump named by seat %(seat)s") % {"seat": hand["trump_by"]}))
    if hand.get("stake") is not None:
        stake = (_("the whole game") if hand["stake"] == "game"
                 else _("%(n)s point(s)") % {"n": hand["stake"]})
        lines.append("  " + _("played for %(stake)s") % {"stake": stake}
                     + ("" if hand.get("value") is None
                        else ", " + _("scored %(value)s with the trawl's 2") % {"value": hand["value"]}))
    if hand.get("bid"):
        lines.append("  " + _("bid: %(amount)s pips by seat %(seat)s") % {"amount": hand["bid"]["amount"],
                                                                         "seat": hand["bid"]["seat"]})
    if hand.get("lying"):
        lines.append("  " + _("lying down: %(teams)s") % {
            "teams": ", ".join(_("team %(team)s") % {"team": t} for t, on in enumerate(hand["lying"]) if on)})
    if hand.get("games"):
        lines.append("  " + _("games won: %(games)s") % {"games": " / ".join(map(str, hand["games"]))})
    return lines


def _wrapped(first, items, width=96):
    """`items` joined with '; ' after `first`, folded into lines of about `width`."""
    lines = []
    line = first
    for i, item in enumerate(items):
        piece = item + (";" if i < len(items) - 1 else "")
        if len(line) + len(piece) + 1 > width and line.strip():
            lines.append(line.rstrip())
            line = " " * len(first)
        line += piece + " "
    lines.append(line.rstrip())
    return lines


def describe_violation(v):
    """'revoke: seat 2 played 2♣ in trick 1 (line 12); proven in trick 3 when seat 2
    played 5♥ (line 25)'."""
    if v.get("card") is None:       # Mus: a false `has`, proven by the hand shown
        said = (_("%(rule)s: seat %(seat)s said it had %(what)s, and its hand %(cards)s shows otherwise "
                  "(line %(line)s)") if v.get("said") else
                _("%(rule)s: seat %(seat)s said it had no %(what)s, and its hand %(cards)s shows otherwise "
                  "(line %(line)s)"))
        return said % {"rule": v["rule"], "seat": v["seat"], "what": v.get("declaration", "?"),
                       "cards": " ".join(card_text(c) for c in v.get("cards", [])), "line": v.get("line")}
    rule = v["rule"]
    if v.get("revised_from"):
        rule += " " + _("(first proven as %(rule)s, named at the hand's end: line %(line)s)") % {
            "rule": v["revised_from"], "line": v.get("revised_line")}
    elif v.get("possible"):
        rule += " " + _("(the proof leaves open: %(rules)s)") % {"rules": _(" or ").join(v["possible"])}
    at = {"rule": rule, "seat": v["seat"], "card": card_text(v["card"]), "trick": v["trick"]}
    text = _("%(rule)s: seat %(seat)s played %(card)s in trick %(trick)s") % at
    if v["rule"] == "cuarenta-first":
        plays = (v.get("proof") or {}).get("plays", [])
        return _("%(rule)s: seat %(seat)s declared las veinte %(cards)s in trick %(trick)s while holding las "
                 "cuarenta; proven in trick %(proven)s: it played %(plays)s") % {
            "rule": rule, "seat": v["seat"], "cards": " ".join(card_text(c) for c in v.get("declared", [])),
            "trick": v["trick"], "proven": v["proven"],
            "plays": _(" and ").join(_("%(card)s in trick %(trick)s") % {"card": card_text(p["card"]),
                                                                       "trick": p["trick"]} for p in plays)}
    if v["rule"] == "false-declaration":
        text = _("%(rule)s: seat %(seat)s declared %(card)s in trick %(trick)s") % at
    if v.get("line"):
        text += " (" + _("line %(line)s") % {"line": v["line"]} + ")"
    if v["proven"] == "at-play":
        return text + "; " + _("certain at the play")
    proof = v.get("proof") or {}
    who = proof.get("seat", v["seat"])
    said = (_("proven in trick %(trick)s when seat %(seat)s showed %(card)s")
            if proof.get("shown") or proof.get("declared") else
            _("proven in trick %(trick)s when seat %(seat)s played %(card)s"))
    text += "; " + said % {"trick": v["proven"], "seat": who, "card": card_text(proof.get("card", "?"))}
    if proof.get("line"):
        text += " (" + _("line %(line)s") % {"line": proof["line"]} + ")"
    return text


def describe_claim(c):
    """A claim or concession and the table's ruling, with the defeating line."""
    at = {"seat": c["seat"], "tricks": c["tricks"], "trick": c.get("trick"), "line": c["line_no"]}
    if c["call"] == "concede":
        text = ngettext("CONCESSION by seat %(seat)s: the last %(tricks)s trick to the other side (line %(line)s)",
                        "CONCESSION by seat %(seat)s: the last %(tricks)s tricks to the other side (line %(line)s)",
                        c["tricks"]) % at
        if c.get("sound") is None:
            return text + ": " + _("waiting %(wait)s s for the partner's word") % {"wait": c.get("wait")}
        if c.get("sound") is False:
            return text + ": " + _("CANCELLED, seat %(seat)s objected; play went on") % {"seat": c.get("objected")}
        return text + (": " + _("stood (%(how)s)") % {"how": c["stood"]} if c.get("stood") else "")
    text = ngettext("CLAIM by seat %(seat)s of the last %(tricks)s trick in trick %(trick)s (line %(line)s): ",
                    "CLAIM by seat %(seat)s of the last %(tricks)s tricks in trick %(trick)s (line %(line)s): ",
                    c["tricks"]) % at
    if "host_sound" in c:      # one search undecided, the other not (judge/audit/claims.py)
        if c["sound"] is None:
            return text + (_("too large to settle at the table; the host's audit found it sound; "
                             "play went on as the table ruled") if c["host_sound"] else
                           _("too large to settle at the table; the host's audit refuted it; "
                             "play went on as the table ruled"))
        text += _("too large for the host's audit; the table's ruling taken: ")
    if c["sound"]:
        return text + _("sound, the hand is scored as claimed")
    if c["sound"] is None:
        return text + _("too large to settle here; play went on")
    if c.get("law") == "club":
        text += _("by club law, ")
    deal = "; ".join(seat_word(s) + ": " + " ".join(card_text(x) for x in cs) for s, cs in enumerate(c["deal"]))
    return text + _("REFUSED. Defeated by the deal [%(deal)s] and the line %(line)s") % {
        "deal": deal, "line": " ".join(card_text(x) for x in c["line"])}


def _direction(result):
    """The game's direction of play, to put each card under its seat."""
    try:
        return games.get(result["game"], result.get("options"), seats_of(result)).direction
    except TableError:
        return 1


class TextOut:
    """The readable report: one match as `render` gives it; several, each under its
    number and lines, and a count at the end."""

    def __init__(self, stream):
        self.stream = stream
        self.with_errors = 0
        self.with_disagreements = 0

    def one(self, result):
        self.stream.write(render(result))

    def begin_many(self):
        pass

    def add(self, result, number):
        self.with_errors += bool(result["errors"])
        self.with_disagreements += bool(result.get("disagreements"))
        head = _("Match %(n)s of the log, lines %(first)s-%(last)s") % {
            "n": number, "first": result["lines"][0], "last": result["lines"][1]}
        self.stream.write(("\n" if number > 1 else "") + head + "\n" + "#" * len(head) + "\n\n")
        self.stream.write(render(result))

    def end_many(self, count):
        self.stream.write("\n" + _("%(n)s matches audited: %(errors)s with errors in the log, %(disagree)s "
                                   "where the controller disagrees with the rules.") % {
            "n": count, "errors": self.with_errors, "disagree": self.with_disagreements} + "\n")


class JsonOut:
    """`--json`: one match, docs/protocol.md's object (indented); several, {"matches":
    [each, with "lines": [first, last]], "count": n}, written match by match, one
    match per line (compact: a log of thousands of matches is read by programs)."""

    def __init__(self, stream):
        self.stream = stream

    def one(self, result):
        result = dict(result)
        result.pop("lines", None)
        json.dump(result, self.stream, indent=1, ensure_ascii=False)
        self.stream.write("\n")

    def begin_many(self):
        self.stream.write('{"matches": [\n')

    def add(self, result, number):
        if number > 1:
            self.stream.write(",\n")
        self.stream.write(json.dumps(result, ensure_ascii=False))

    def end_many(self, count):
        self.stream.write('\n], "count": %d}\n' % count)


def write(results, out, before=None):
    """Write each result from the iterable `results` to `out` (TextOut or JsonOut) as
    it comes; the first is held until the second shows whether there are several.
    `before()` is called before each write (to clear a progress line). Returns the
    number of matches."""
    first = None
    count = 0
    for result in results:
        count += 1
        if count == 1:
            first = result
            continue
        if before:
            before()
        if count == 2:
            out.begin_many()
            out.add(first, 1)
            first = None
        out.add(result, count)
        out.stream.flush()
    if before:
        before()
    if count == 1:
        out.one(first)
    elif count:
        out.end_many(count)
    return count
