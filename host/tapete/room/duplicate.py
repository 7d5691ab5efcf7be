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
    ns, ew (side names), result (North-South's net score) and misboard."""
    db = sqlite3.connect("file:%s?mode=ro" % db_path, uri=True, timeout=5)
    try:
        rows = db.execute("SELECT r.round, r.tbl, r.match FROM room_matches r WHERE r.room = ?"
                          " ORDER BY r.round, r.tbl", (room,)).fetchall()
        out = []
        for rnd, table, match in rows:
            watch = HandWatch(boards)
            names = None
            for (body,) in db.execute("SELECT body FROM events WHERE match = ? ORDER BY n", (match,)):
                ev = json.loads(body)
                if names is None:
                    names = _team_names(table, body)
                hand = watch.feed(ev)
                if hand is None:
                    continue
                score = hand["score"] or [0, 0]
                out.append({"round": rnd, "table": table, "match": match, "board": hand["board"],
                            "ns": names[0], "ew": names[1], "result": score[0] - score[1],
                            "misboard": hand["misboard"]})
    finally:
        db.close()
    return out


def score(results, scoring="matchpoints"):
    """Each result with `ns_score`, `ew_score` and `top` (matchpoints) added; scored
    per round and board among the results that were not misboarded."""
    if scoring not in SCORINGS:
        raise ValueError("scoring %r: choose one of %s" % (scoring, ", ".join(SCORINGS)))
    groups = {}
    for r in results:
        r["ns_score"] = r["ew_score"] = r["top"] = None
        if not r["misboard"]:
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
             "td.n{text-align:right}.mis{color:#b00;font-weight:bold}h2{font-size:1.1rem;margin:1rem 0 .2rem}"
             "@media (max-width:480px){body{margin:.5rem;font-size:.78rem}h1{font-size:1.25rem}table{width:100%}"
             "th,td{padding:.15rem .2rem}}"
             "@media print{body{margin:0}h2{break-after:avoid}table{break-inside:avoid}}</style></head><body>",
             "<h1>%s</h1>" % (_("Room %(room)s · round %(round)s · duplicate results") % words),
             "<p>%s</p>" % (_("Scoring: %(scoring)s (%(how)s).") % {
                 "scoring": _html(_("matchpoints") if scoring == "matchpoints" else _("total")),
                 "how": _("2 per table beaten, 1 per tie; East-West get the top less North-South's")
                 if scoring == "matchpoints" else _("the result less the other tables' average")})]
    for board in sorted(set(r["board"] for r in mine)):
        rows = [r for r in mine if r["board"] == board]
        parts.append("<h2>%s</h2><table class='board' data-board='%d'><tr><th>%s</th><th>%s</th>"
                     "<th>%s</th><th>%s</th><th>%s</th><th>%s</th></tr>"
                     % (_("Board %(board)s") % {"board": board}, board, _("table"), _("North-South"),
                        _("East-West"), _("N-S result"), _("N-S %(unit)s") % {"unit": unit},
                        _("E-W %(unit)s") % {"unit": unit}))
        for r in sorted(rows, key=lambda r: r["table"]):
            if r["misboard"]:
                cells = "<td colspan='3' class='mis'>%s</td>" % _html(
                    _("MISBOARDED: %(what)s") % {"what": "; ".join(r["misboard"][:3])})
            else:
                cells = "<td class='n'>%s</td><td class='n'>%s</td><td class='n'>%s</td>" % (
                    r["result"], r["ns_score"], r["ew_score"])
            parts.append("<tr><td>%s</td><td>%s</td><td>%s</td>%s</tr>"
                         % (_html(r["table"]), _html(r["ns"]), _html(r["ew"]), cells))
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
