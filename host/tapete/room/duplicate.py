"""Duplicate scores of a room: every table's result on a board compared with the other
tables that played the same board, and a printable results sheet per round.

A side is named by the match's `names.teams` (team 0 sits North-South, seats 0 and 2;
team 1 East-West); a board's result is North-South's hand score less East-West's
(the `hand_end` score: Botifarra's points over 36 times the multiplier).

Two scorings, because clubs differ:
  matchpoints  (default) each North-South result against every other on the board:
               2 for beating it, 1 for a tie; East-West get the top (2 per other table)
               less North-South's. What bridge clubs and their Bridgemate servers use
               for pairs events: it rewards doing better than the field however small
               the margin, so one wild board weighs no more than any other.
  total        the result less the average of the other tables' (North-South; East-West
               the opposite): the margin counts, as in team-of-four or Botifarra's
               own running score. A club that prizes big hands chooses it.
A misboarded result (room/boards.py) is shown, flagged, and scored for nobody; the
others on that board are compared among themselves.

Scores are the room's own, never the table's claim: each match is audited (the rules
replay its inputs, judge/audit) and a board's result is the audit's score of its
hand; a `hand_end` score that differs is flagged on the sheet (and on the board, as
it comes: room/server.py) and scored as the audit says. A hand of which no card was
seen (Truc or Envite ended by the calls) is scored and marked "not checked"; a hand
the audit cannot score, or a match that is not its table's own (its run id is
another table's), is shown and scored for nobody.
"""
import json
import sqlite3

from .boards import HandWatch
from .. import i18n
from ..i18n import _

SCORINGS = ("matchpoints", "total")


def _team_names(table, first):
    try:
        ev = json.loads(first) if first else {}
    except ValueError:
        ev = {}
    names = ev.get("names") if isinstance(ev.get("names"), dict) else {}
    given = names.get("teams")
    seats = ev.get("seats") or 4
    count = 3 if seats == 3 and ev.get("game") == "manille" else 2
    if isinstance(given, list) and len(given) >= count and all(isinstance(n, str) and n for n in given[:count]):
        return given[:count]
    # no team names: a side is its players (seats t, t + count, ...) when they have
    # names, so a pair is the same side in every round; else its table and number
    seated = names.get("seats") if isinstance(names.get("seats"), list) else []
    out = []
    for t in range(count):
        players = [seated[s] for s in range(t, seats, count) if s < len(seated) and isinstance(seated[s], str) and seated[s]]
        out.append(" + ".join(players) if players else _("%(table)s team %(team)s") % {"table": table, "team": t})
    return out


def _html(text):
    return str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def board_results(db_path, room, boards):
    """Every hand played from a board in the room: dicts of round, table, match, board,
    hand, ns, ew (side names), result (North-South's net score, from the room's own
    audit), claimed and audited (the table's `hand_end` score and the audit's),
    misboard, disputed (the table's score is not the audit's: scored from the audit,
    flagged), unchecked (no card of the hand was seen: its cards not checked against
    the board), unaudited (the audit has no score for it: not scored) and foreign (the
    match is not the table's own: not scored)."""
    db = sqlite3.connect("file:%s?mode=ro" % db_path, uri=True, timeout=5)
    try:
        rows = db.execute("SELECT r.round, r.tbl, r.match FROM room_matches r WHERE r.room = ?"
                          " ORDER BY r.round, r.tbl", (room,)).fetchall()
        owners = _run_owners(db, room)
        out = []
        for rnd, table, match in rows:
            events = [json.loads(body) for (body,) in
                      db.execute("SELECT body FROM events WHERE match = ? ORDER BY n", (match,))]
            out.extend(_match_results(rnd, table, match, events, boards, owners))
    finally:
        db.close()
    return out


def _run_owners(db, room):
    """{run id: the table that gave it first}: a boot's run id is its table's alone."""
    owners = {}
    try:
        rows = db.execute("SELECT tbl, ident FROM room_runs WHERE room = ? AND ident IS NOT NULL"
                          " ORDER BY started, rowid", (room,)).fetchall()
    except sqlite3.Error:
        rows = []
    for table, ident in rows:
        owners.setdefault(ident, table)
    return owners


def audited_hands(events):
    """{hand number: the room's own audit of it (rules replayed from the inputs)}."""
    from ..judge.audit import Audit
    audit = Audit()
    for n, ev in enumerate(events, 1):
        audit.feed(n, ev)
    return dict((h["hand"], h) for h in audit.result()["hands"])


def _numbers(score):
    """A score as the sheet can use it: a list of at least two numbers, else None."""
    if (isinstance(score, list) and len(score) >= 2
            and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in score)):
        return score
    return None


def foreign_match(table, first, owners):
    """Why a match stored for `table` is not its own, or None: its `match` line's run
    id is one another table gave first (a table publishing another's log)."""
    ident = first.get("run") if isinstance(first, dict) else None
    owner = owners.get(ident) if isinstance(ident, str) else None
    if owner is not None and owner != table:
        return _("its run id %(run)s is table %(table)s's") % {"run": ident, "table": owner}
    return None


def _match_results(rnd, table, match, events, boards, owners):
    first = events[0] if events else {}
    names = _team_names(table, json.dumps(first))
    foreign = foreign_match(table, first, owners)
    own = None
    watch = HandWatch(boards)
    out = []
    for ev in events:
        hand = watch.feed(ev)
        if ev.get("ev") == "x-reopen" and "hand_end" in (ev.get("withdraws") or ()):
            out = [r for r in out if r["hand"] != ev.get("hand")]   # the override reopened it
        if hand is None:
            continue
        out = [r for r in out if r["hand"] != hand["hand"]]     # its end said again: the last counts
        if own is None:
            own = audited_hands(events)     # once per match, at its first board hand
        mine = own.get(hand["hand"]) if isinstance(hand["hand"], int) else None
        audited = _numbers(mine.get("score")) if mine is not None else None
        claimed = hand["score"]
        disputed = None
        if audited is not None and claimed != audited:
            disputed = "the table's score %s, the room's audit %s" % (
                json.dumps(claimed, ensure_ascii=False)[:40], json.dumps(audited))
        out.append({"round": rnd, "table": table, "match": match, "board": hand["board"],
                    "hand": hand["hand"], "ns": names[0], "ew": names[1],
                    "result": audited[0] - audited[1] if audited is not None else None,
                    "claimed": claimed, "audited": audited, "misboard": hand["misboard"],
                    "disputed": disputed, "unchecked": hand["unchecked"],
                    "unaudited": None if audited is not None else "the room's audit has no score for it",
                    "foreign": foreign})
    return out


def scored(r):
    """Does this result count on its board? Not when misboarded, not audited, or not
    the table's own match."""
    return not r["misboard"] and r.get("result") is not None and not r.get("foreign") and not r.get("unaudited")


def score(results, scoring="matchpoints"):
    """Each result with `ns_score`, `ew_score` and `top` (matchpoints) added; scored
    per round and board among the results that were not misboarded."""
    if scoring not in SCORINGS:
        raise ValueError("scoring %r: choose one of %s" % (scoring, ", ".join(SCORINGS)))
    groups = {}
    for r in results:
        r["ns_score"] = r["ew_score"] = r["top"] = None
        if scored(r):
            groups.setdefault((r["round"], r["board"]), []).append(r)
    for group in groups.values():
        for r in group:
            others = [o["result"] for o in group if o is not r]
            if scoring == "matchpoints":
                r["top"] = 2 * len(others)
                r["ns_score"] = sum(2 if r["result"] > o else 1 if r["result"] == o else 0 for o in others)
                r["ew_score"] = r["top"] - r["ns_score"]
            else:
                diff = r["result"] - sum(others) / len(others) if others else 0.0
                r["ns_score"], r["ew_score"] = round(diff, 1), round(-diff, 1)
    return results


def standings(results, scoring="matchpoints"):
    """Per side: its total, and with matchpoints the percentage of the tops it played."""
    sides = {}
    for r in results:
        if r["ns_score"] is None:
            continue
        for name, got in ((r["ns"], r["ns_score"]), (r["ew"], r["ew_score"])):
            s = sides.setdefault(name, {"side": name, "score": 0, "top": 0, "boards": 0})
            s["score"] += got
            s["top"] += r["top"] or 0
            s["boards"] += 1
    out = list(sides.values())
    for s in out:
        s["percent"] = round(100.0 * s["score"] / s["top"], 1) if scoring == "matchpoints" and s["top"] else None
        if scoring == "total":
            s["score"] = round(s["score"], 1)
    out.sort(key=lambda s: (-(s["percent"] if s["percent"] is not None else s["score"]), s["side"]))
    return out


def result_notes(r):
    """What the room's checks say of a result, for the sheet and the board: a score the
    table claimed that is not the audit's, a hand whose cards were not seen."""
    notes = []
    if r.get("disputed"):
        notes.append(_("scored from the room's audit: the table said %(claimed)s, the audit %(audited)s") % {
            "claimed": json.dumps(r["claimed"], ensure_ascii=False)[:40], "audited": json.dumps(r["audited"])})
    if r.get("unchecked"):
        notes.append(_("not checked against the board: no card of this hand was seen"))
    return "; ".join(notes)


def sheet_html(room, rnd, results, scoring="matchpoints"):
    """The printable results sheet of one round (an HTML page)."""
    mine = [r for r in results if r["round"] == rnd]
    unit = _("MP") if scoring == "matchpoints" else _("points vs field")
    words = {"room": _html(room), "round": _html(rnd)}
    # Names are never cut: a long one (a side "Françoise Vandenbroucke", a club "Casal
    # Gràcia de Manresa") wraps in its cell between its words, never inside one (each
    # column is as wide as its longest word); on a phone the sheet is set smaller to fit.
    parts = ["<!DOCTYPE html><html lang='%s'><head><meta charset='utf-8'>" % i18n.language(),
             "<meta name='viewport' content='width=device-width, initial-scale=1'>",
             "<title>%s</title>" % (_("Room %(room)s, round %(round)s: duplicate results") % words),
             "<style>body{font-family:'DejaVu Sans',Arial,sans-serif;margin:1.5rem;color:#111}"
             "table{border-collapse:collapse;margin:.3rem 0 1rem;min-width:60%;max-width:100%}"
             "th,td{border:1px solid #999;padding:.2rem .5rem;text-align:left;overflow-wrap:break-word}"
             "td.n{text-align:right}.mis,.note{color:#b00;font-weight:bold}h2{font-size:1.1rem;margin:1rem 0 .2rem}"
             "@media (max-width:480px){body{margin:.5rem;font-size:.7rem}h1{font-size:1.2rem}table{width:100%}"
             "th,td{padding:.15rem .15rem}th{overflow-wrap:anywhere}td.note{overflow-wrap:anywhere}}"
             "@media print{body{margin:0}h2{break-after:avoid}table{break-inside:avoid}}</style></head><body>",
             "<h1>%s</h1>" % (_("Room %(room)s · round %(round)s · duplicate results") % words),
             "<p>%s</p>" % (_("Scoring: %(scoring)s (%(how)s).") % {
                 "scoring": _html(_("matchpoints") if scoring == "matchpoints" else _("total")),
                 "how": _("2 per table beaten, 1 per tie; East-West get the top less North-South's")
                 if scoring == "matchpoints" else _("the result less the other tables' average")})]
    for board in sorted(set(r["board"] for r in mine)):
        rows = [r for r in mine if r["board"] == board]
        parts.append("<h2>%s</h2><table class='board' data-board='%d'><tr><th>%s</th><th>%s</th>"
                     "<th>%s</th><th>%s</th><th>%s</th><th>%s</th><th>%s</th></tr>"
                     % (_("Board %(board)s") % {"board": board}, board, _("table"), _("North-South"),
                        _("East-West"), _("N-S result"), _("N-S %(unit)s") % {"unit": unit},
                        _("E-W %(unit)s") % {"unit": unit}, _html(_("checks"))))
        for r in sorted(rows, key=lambda r: r["table"]):
            if r["misboard"]:
                cells = "<td colspan='3' class='mis'>%s</td>" % _html(
                    _("MISBOARDED: %(what)s") % {"what": "; ".join(r["misboard"][:3])})
            elif r.get("foreign") or r.get("unaudited"):
                cells = "<td colspan='3' class='mis'>%s</td>" % _html(
                    _("not this table's match: %(why)s") % {"why": r["foreign"]} if r.get("foreign")
                    else _("not scored: %(why)s") % {"why": _("the room's audit has no score for it")})
            else:
                cells = "<td class='n'>%s</td><td class='n'>%s</td><td class='n'>%s</td>" % (
                    r["result"], r["ns_score"], r["ew_score"])
            parts.append("<tr><td>%s</td><td>%s</td><td>%s</td>%s<td class='note'>%s</td></tr>"
                         % (_html(r["table"]), _html(r["ns"]), _html(r["ew"]), cells, _html(result_notes(r))))
        parts.append("</table>")
    parts.append("<h2>%s</h2><table class='standings'><tr><th>%s</th><th>%s</th>"
                 "<th>%s</th><th>%s</th>%s</tr>" % (_("Standings of round %(round)s") % words, _("place"),
                                                    _("side"), _("boards"), unit,
                                                    "<th>%</th>" if scoring == "matchpoints" else ""))
    for i, s in enumerate(standings(mine, scoring), 1):
        parts.append("<tr><td class='n'>%d</td><td>%s</td><td class='n'>%d</td><td class='n'>%s</td>%s</tr>"
                     % (i, _html(s["side"]), s["boards"], s["score"],
                        "<td class='n'>%s</td>" % s["percent"] if scoring == "matchpoints" else ""))
    parts.append("</table></body></html>")
    return "\n".join(parts)
