"""The readable form of an audit: each hand's tricks in a table, the points, the
scores, violations with their proof, the totals and the winner."""
from .rules import games
from .rules.errors import TableError

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣", "none": "no trump"}
TEAM_NAMES = ("team 0 (seats 0+2)", "team 1 (seats 1+3)")


def card_text(code):
    """'7H' -> '7♥' (the code stays readable in any terminal that shows UTF-8)."""
    return code[:-1] + SUIT_SYMBOLS.get(code[-1], code[-1])


def render(result, seats=4):
    """The whole report as text."""
    out = []
    title = "Audit of a " + (result["game"] or "?") + " match"
    if result.get("options"):
        title += " (" + ", ".join(k + "=" + str(v) for k, v in sorted(result["options"].items())) + ")"
    out += [title, "=" * len(title), ""]
    direction = _direction(result)
    for hand in result["hands"]:
        out += render_hand(hand, seats, direction)
    out.append("Totals: " + " / ".join(str(t) for t in result["totals"]))
    winner = result["winner"]
    if winner is None:
        out.append("Winner: none yet (the log ends before the match does)")
    else:
        why = " by the other side's irregularity" if result.get("reason") == "irregularity" else ""
        out.append("Winner: " + TEAM_NAMES[winner] + why)
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
    trump = hand.get("trump") or "?"
    head = ("Hand " + str(hand["hand"]) + ": dealer seat " + str(hand["dealer"]) + ", trump "
            + SUIT_SYMBOLS.get(trump, trump))
    if hand.get("turnup"):
        head += " (turn-up " + card_text(hand["turnup"]) + ")"
    lines = [head]
    bonus = hand.get("bonus")
    if bonus:
        lines.append("  turn-up bonus: " + str(bonus["points"]) + " to team " + str(bonus["team"])
                     + (" (held until after the hand's result)" if bonus["held"] else ""))
    header = "  trick  lead  " + "  ".join("seat %d" % s for s in range(seats)) + "  winner"
    lines += [header, "  " + "-" * (len(header) - 2)]
    for t in hand["tricks"]:
        by_seat = [""] * seats
        seat = t["leader"]
        for code in t["cards"]:
            by_seat[seat] = card_text(code)
            seat = (seat + direction) % seats
        row = "  %5d  %4d  " % (t["n"], t["leader"]) + "  ".join("%-6s" % c for c in by_seat)
        lines.append(row + "  seat %d" % t["winner"])
    if hand.get("points") is not None:
        lines.append("  points " + " / ".join(map(str, hand["points"]))
                     + "   score " + " / ".join(map(str, hand["score"]))
                     + "   totals " + " / ".join(map(str, hand["totals"])))
    for v in hand["violations"]:
        lines.append("  VIOLATION " + describe_violation(v))
    for c in hand.get("claims", []):
        lines.append("  " + describe_claim(c))
    for u in hand.get("undone", []):
        lines.append("  UNDONE: seat %s's %s (line %s) was taken back at line %s"
                     % (u["seat"], card_text(str(u["card"])), u["play_line"], u["line"]))
    lines.append("")
    return lines


def describe_violation(v):
    """'revoke: seat 2 played 2♣ in trick 1 (line 12); proven in trick 3 when seat 2
    played 5♥ (line 25)'."""
    text = (v["rule"] + ": seat " + str(v["seat"]) + " played " + card_text(v["card"])
            + " in trick " + str(v["trick"]))
    if v.get("line"):
        text += " (line " + str(v["line"]) + ")"
    if v["proven"] == "at-play":
        return text + "; certain at the play"
    proof = v.get("proof") or {}
    text += ("; proven in trick " + str(v["proven"]) + " when seat " + str(v["seat"])
             + " played " + card_text(proof.get("card", "?")))
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
        return games.get(result["game"], result.get("options")).direction
    except TableError:
        return 1
