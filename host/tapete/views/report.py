"""The forms of an audit: readable text (each hand's tricks in a table, the points,
the scores, violations with their proof, the totals and the winner) and JSON, for a
log of one match or of many, written as each match's audit is done."""
import json

from ..rules import games
from ..rules.errors import TableError

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣", "none": "no trump"}


def team_name(team, result):
    """'team 0 (seats 0+2)' for partnerships, 'seat 2' at a table of three; with the
    match's names 'Els Cracs (Ana + Carme)', 'Carme'."""
    from ..log.names import seat_name, team_given_name
    names = result.get("names") or {}
    seats = seats_of(result)
    if len(result.get("totals") or []) == seats:       # each for themselves
        return seat_name(names, team) or "seat %d" % team
    members = range(team, seats, 2)
    if any(seat_name(names, s) for s in members):
        return "%s (%s)" % (team_given_name(names, team) or "team %d" % team,
                            " + ".join(seat_name(names, s) or "seat %d" % s for s in members))
    return team_given_name(names, team) or "team %d (seats %s)" % (team, "+".join(str(s) for s in members))


def players_line(result):
    """'Players: seat 0 Ana, seat 1 Biel, ...; teams: ...' when the match named them."""
    from ..log.names import seat_name
    names = result.get("names") or {}
    if not names:
        return None
    seats = seats_of(result)
    parts = ["seat %d %s" % (s, seat_name(names, s) or "(unnamed)") for s in range(seats)]
    line = "Players: " + ", ".join(parts)
    teams = len(result.get("totals") or [])
    if names.get("teams") and teams < seats:
        line += "; teams: " + ", ".join(team_name(t, result) for t in range(teams))
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


def render(result, seats=None):
    """The whole report as text."""
    out = []
    if result["game"] is None:
        title = "Audit of a log in which no match could be started"
    else:
        title = "Audit of a " + result["game"] + " match"
    if result.get("options"):
        title += " (" + ", ".join(k + "=" + str(v) for k, v in sorted(result["options"].items())) + ")"
    out += [title, "=" * len(title), ""]
    if result.get("profile"):
        out += ["House rules: profile " + str(result["profile"]), ""]
    players = players_line(result)
    if players:
        out += [players, ""]
    direction = _direction(result)
    seats = seats or seats_of(result)
    for hand in result["hands"]:
        out += render_hand(hand, seats, direction)
    out.append("Totals: " + " / ".join(str(t) for t in result["totals"]))
    winner = result["winner"]
    if winner is None and result.get("reason"):
        out.append("Winner: none (the match ended level: " + str(result["reason"]) + ")")
    elif winner is None:
        out.append("Winner: none yet (the log ends before the match does)")
    else:
        why = " by the other side's irregularity" if result.get("reason") == "irregularity" else ""
        out.append("Winner: " + team_name(winner, result) + why)
    if result.get("gaps"):
        n = len(result["gaps"])
        out += ["", "Events missing from the log (%d gap%s):" % (n, "" if n == 1 else "s")]
        for g in result["gaps"]:
            hands = g["hands"]
            out.append("  line %s: seq %d..%d%s" % (g["line"], g["from"], g["to"], (
                "; hand%s %s incomplete" % ("s" if len(hands) > 1 else "", ", ".join(map(str, hands)))
                if hands else "")))
    if result["errors"]:
        out += ["", "Errors in the log (" + str(len(result["errors"])) + "):"]
        for e in result["errors"]:
            out.append("  line " + str(e["line"]) + ": " + e["message"])
    if result.get("disagreements"):
        out += ["", "Where the controller disagrees with the rules (" + str(len(result["disagreements"])) + "):"]
        for d in result["disagreements"]:
            out.append("  line " + str(d["line"]) + ": " + d["message"])
            out.append("    rules: " + str(d["expected"]) + "  controller: " + str(d["logged"]))
    return "\n".join(out) + "\n"


def render_hand(hand, seats, direction=1):
    """One hand: header, trick table, points and scores, violations."""
    trump = hand.get("trump")
    head = "Hand " + str(hand["hand"]) + ": dealer " + (
        "unknown" if hand["dealer"] is None else "seat " + str(hand["dealer"]))
    if trump is not None:       # Truc and Mus have none; a hand thrown in has none yet
        head += ", trump " + SUIT_SYMBOLS.get(trump, trump)
    if hand.get("turnup"):
        head += " (turn-up " + card_text(hand["turnup"]) + ")"
    lines = [head]
    if hand.get("incomplete"):
        lines.append("  INCOMPLETE: events of this hand are missing from the log; what is shown "
                     "is what the controller logged, not judged")
    lines += describe_context(hand)
    bonus = hand.get("bonus")
    if bonus:
        lines.append("  turn-up bonus: " + str(bonus["points"]) + " to team " + str(bonus["team"])
                     + (" (held until after the hand's result)" if bonus["held"] else "")
                     + (" (taken back: the hand is void)" if hand.get("ended") in ("misdeal", "abandoned")
                        else ""))
    header = "  trick  lead  " + "  ".join("seat %d" % s for s in range(seats)) + "  winner"
    if hand["tricks"]:
        lines += [header, "  " + "-" * (len(header) - 2)]
    for t in hand["tricks"]:
        by_seat = [""] * seats
        seat = t["leader"]
        for code in t["cards"]:
            by_seat[seat] = card_text(code)
            seat = (seat + direction) % seats
        row = "  %5d  %4d  " % (t["n"], t["leader"]) + "  ".join("%-6s" % c for c in by_seat)
        lines.append(row + ("  drawn" if t["winner"] is None else "  seat %d" % t["winner"]))
    if hand.get("points") is not None:
        lines.append("  points " + " / ".join(map(str, hand["points"]))
                     + "   score " + " / ".join(map(str, hand["score"]))
                     + "   totals " + " / ".join(map(str, hand["totals"])))
    for d in hand.get("declarations", []):
        lines.append("  DECLARATION by seat %d: %s, %d points%s"
                     % (d["seat"], " ".join(card_text(c) for c in d["cards"]), d["points"],
                        "" if d.get("valid", True) else " (false: scores nothing)"))
    for r in hand.get("rounds", []):
        lines.append("  ROUND %-7s %-6s stake %-5s winner %-6s bonus %s, %s points"
                     % (r["name"], r["how"], "-" if r["stake"] is None else r["stake"],
                        "-" if r["winner"] is None else "team %d" % r["winner"], r["bonus"],
                        r["points"]))
    if hand.get("misdeal"):
        md = hand["misdeal"]
        lines.append("  MISDEAL by seat %s%s: the hand is void, nothing scored; seat %s deals next"
                     % (md["seat"], " (" + md["reason"] + ")" if md.get("reason") else "",
                        md.get("next_dealer")))
    elif hand.get("ended") == "abandoned":
        lines.append("  ABANDONED: a new deal came before the hand was finished; nothing scored")
    elif hand.get("ended"):
        lines.append("  the hand ended early: " + ENDINGS.get(hand["ended"], hand["ended"]))
    for v in hand["violations"]:
        lines.append("  VIOLATION " + describe_violation(v))
    for c in hand.get("claims", []):
        lines.append("  " + describe_claim(c))
    for u in hand.get("undone", []):
        lines.append("  UNDONE: seat %s's %s (line %s) was taken back at line %s"
                     % (u["seat"], card_text(str(u["card"])), u["play_line"], u["line"]))
    lines.append("")
    return lines


ENDINGS = {"claim": "a sound claim", "concede": "a concession", "reject": "a raise was rejected",
           "fold": "a side folded", "tute": "a tute (four kings) was declared",
           "trawl": "a trump lead (trawl) was not answered with a trump",
           "ordago": "an órdago was accepted", "decided": "its winner was decided",
           "pass": "every player passed"}


def describe_context(hand):
    """What the hand's calls settled: the calls in order, the multiplier or stake."""
    lines = []
    calls = hand.get("calls") or []
    if calls:
        said = []
        for c in calls:
            extra = " ".join(str(v) if not isinstance(v, list) else "+".join(map(str, v))
                             for k, v in c.items() if k not in ("line", "seat", "call"))
            said.append("seat %s %s%s (line %s)" % (c["seat"], c["call"], " " + extra if extra else "",
                                                    c["line"]))
        lines += _wrapped("  calls: ", said)
    if hand.get("multiplier") is not None:
        lines.append("  multiplier x%s%s" % (hand["multiplier"], "" if hand.get("trump_by") is None
                                               else ", trump named by seat %s" % hand["trump_by"]))
    if hand.get("stake") is not None:
        lines.append("  played for %s%s" % ("the whole game" if hand["stake"] == "game"
                                            else str(hand["stake"]) + " point(s)",
                                            "" if hand.get("value") is None
                                            else ", scored %s with the trawl's 2" % hand["value"]))
    if hand.get("bid"):
        lines.append("  bid: %s pips by seat %s" % (hand["bid"]["amount"], hand["bid"]["seat"]))
    if hand.get("lying"):
        lines.append("  lying down: " + ", ".join("team %d" % t for t, on in enumerate(hand["lying"]) if on))
    if hand.get("games"):
        lines.append("  games won: " + " / ".join(map(str, hand["games"])))
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
        return ("%s: seat %s said %s %s, and its hand %s shows otherwise (line %s)"
                % (v["rule"], v["seat"], "it had" if v.get("said") else "it had no",
                   v.get("declaration", "?"), " ".join(card_text(c) for c in v.get("cards", [])),
                   v.get("line")))
    rule = v["rule"]
    if v.get("revised_from"):
        rule += " (first proven as " + v["revised_from"] + ", named at the hand's end: line " \
            + str(v.get("revised_line")) + ")"
    elif v.get("possible"):
        rule += " (the proof leaves open: " + " or ".join(v["possible"]) + ")"
    text = (rule + ": seat " + str(v["seat"]) + " played " + card_text(v["card"])
            + " in trick " + str(v["trick"]))
    if v["rule"] == "cuarenta-first":
        plays = (v.get("proof") or {}).get("plays", [])
        return (rule + ": seat " + str(v["seat"]) + " declared las veinte "
                + " ".join(card_text(c) for c in v.get("declared", [])) + " in trick "
                + str(v["trick"]) + " while holding las cuarenta; proven in trick "
                + str(v["proven"]) + ": it played "
                + " and ".join(card_text(p["card"]) + " in trick " + str(p["trick"]) for p in plays))
    if v["rule"] == "false-declaration":
        text = (rule + ": seat " + str(v["seat"]) + " declared " + card_text(v["card"])
                + " in trick " + str(v["trick"]))
    if v.get("line"):
        text += " (line " + str(v["line"]) + ")"
    if v["proven"] == "at-play":
        return text + "; certain at the play"
    proof = v.get("proof") or {}
    how = "showed" if proof.get("shown") or proof.get("declared") else "played"
    who = proof.get("seat", v["seat"])
    text += ("; proven in trick " + str(v["proven"]) + " when seat " + str(who)
             + " " + how + " " + card_text(proof.get("card", "?")))
    if proof.get("line"):
        text += " (line " + str(proof["line"]) + ")"
    return text


def describe_claim(c):
    """A claim or concession and the table's ruling, with the defeating line."""
    who = "seat " + str(c["seat"])
    rest = "the last " + str(c["tricks"]) + " trick" + ("s" if c["tricks"] != 1 else "")
    if c["call"] == "concede":
        return "CONCESSION by " + who + ": " + rest + " to the other side (line " + str(c["line_no"]) + ")"
    text = "CLAIM by " + who + " of " + rest + " in trick " + str(c["trick"]) + " (line " + str(c["line_no"]) + "): "
    if c["sound"]:
        return text + "sound, the hand is scored as claimed"
    if c["sound"] is None:
        return text + "too large to settle here; play went on"
    deal = "; ".join("seat %d: %s" % (s, " ".join(card_text(x) for x in cs)) for s, cs in enumerate(c["deal"]))
    return (text + "REFUSED. Defeated by the deal [" + deal + "] and the line "
            + " ".join(card_text(x) for x in c["line"]))


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
        head = "Match %d of the log, lines %d-%d" % (number, result["lines"][0], result["lines"][1])
        self.stream.write(("\n" if number > 1 else "") + head + "\n" + "#" * len(head) + "\n\n")
        self.stream.write(render(result))

    def end_many(self, count):
        self.stream.write("\n%d matches audited: %d with errors in the log, %d where the "
                          "controller disagrees with the rules.\n"
                          % (count, self.with_errors, self.with_disagreements))


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
