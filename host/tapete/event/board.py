"""The event on the room board (`tapete room serve --event FILE`): each round's
pairings, results as they land, the ranking with its tie-breaks and the director's
corrections; and the director's page (/director), the same as one printable page with
what is waiting for the director.

A table's result is, in this order: the one in the event file (entered, collected or
corrected: `tapete event result`, `collect`), else the one that landed in the room's
database and is not entered yet (`landed`), else the score of the match under way
(`playing`). The ranking is the event file's, recomputed from its results only: a
landed result counts once the organiser has taken it in (`tapete event collect`, or
the tournament demo's own loop), so the board never ranks a score the director has
not seen. Read-only: the page changes nothing (GET only, as the room board)."""
import time

from ..i18n import _, pgettext
from . import clock, eventfile, formats, show


def live_scores(rounds):
    """{(round, event table): (totals, over, reason)} from the room's standings rows
    (room/web.py standings()["rounds"])."""
    out = {}
    for rnd in rounds:
        for m in rnd["matches"]:
            n = clock.table_number(m["table"])
            if n is not None and rnd["round"] is not None:
                out[(rnd["round"], n)] = (m["totals"], m["over"], m["reason"])
    return out


def standing(event, room_rounds=(), now=None):
    """The event as the board draws it: a plain dict (JSON), its words in the current
    language (i18n.using)."""
    now = time.time() if now is None else now
    names = eventfile.names(event)
    got = live_scores(room_rounds)
    rounds = []
    for rnd in reversed(event["rounds"]):       # the round under way first
        tables = []
        for t in rnd["tables"]:
            row = {"table": t["table"], "a": show.side(names, t["a"]), "b": show.side(names, t["b"]),
                   "score": t.get("score"), "state": "entered" if t.get("score") is not None else "waiting"}
            live = got.get((rnd["round"], t["table"]))
            if row["score"] is None and live is not None and live[0]:
                row["score"] = live[0]
                row["state"] = "landed" if live[1] else "playing"
                row["reason"] = live[2]
            tables.append(row)
        end = clock.ends(event, rnd)
        rounds.append({"round": rnd["round"], "tables": tables,
                       "byes": [names[e] for e in rnd.get("byes", [])],
                       "ends": None if end is None else time.strftime("%H:%M", time.localtime(end)),
                       "left_min": None if end is None else max(0, int((end - now + 59) // 60))})
    rows = formats.ranking_rows(event) if event["rounds"] else []
    keys = show.columns(event, rows)
    ranking = []
    for r in rows:
        cells = [show.number(r.get(k, "")) if k != "draw" else pgettext("ranking", show.DRAWS[r[k]]) for k in keys]
        ranking.append({"place": r["place"], "name": names[r["id"]], "cells": cells})
    caps = event.get("clock") or {}
    return {"name": event["name"], "game": event["game"], "profile": event.get("profile"),
            "format": event["format"], "clock": caps, "rounds": rounds, "ranking": ranking,
            "columns": [pgettext("ranking", show.HEADINGS[k]) for k in ["place", "name"] + keys],
            "corrections": [show.correction_line(c) + " · " + c.get("at", "") for c in event["corrections"]],
            "words": words()}


def words():
    """The board's words for the event, in the current language."""
    return {"event": _("Event"), "round": _("Round %(round)s"), "ends": _("ends at %(time)s, %(left)s min left"),
            "table": pgettext("ranking", "table"), "result": _("result"), "ranking": _("Ranking"),
            "corrections": _("Corrections"), "entered": _("entered"), "landed": _("landed, not entered yet"),
            "playing": _("playing"), "waiting": _("waiting"), "bye": _("bye: %(name)s"),
            "caps": _("caps: %(caps)s"), "points": _("%(n)s points"), "deals": _("%(n)s deals"),
            "minutes": _("%(n)s minutes"), "profile": _("house rules: %(profile)s")}


def _html(text):
    return str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def caps_text(st):
    w = st["words"]
    parts = [w[k] % {"n": show.number(v)} for k, v in st["clock"].items() if v is not None]
    return w["caps"] % {"caps": ", ".join(parts)} if parts else ""


def director_html(st, event_path, lang="en"):
    """The director's page: pairings and results of every round (what is still waiting,
    what landed and is not entered), the ranking, the corrections with who and why,
    and the commands that change them. Refreshed every 10 s."""
    w = st["words"]
    title = "%s: %s" % (w["event"], st["name"] or event_path)
    p = ["<!DOCTYPE html><html lang='%s'><head><meta charset='utf-8'>" % _html(lang),
         "<meta name='viewport' content='width=device-width, initial-scale=1'>",
         "<meta http-equiv='refresh' content='10'>",
         "<title>%s</title>" % _html(title),
         "<style>body{font-family:'DejaVu Sans',Arial,sans-serif;margin:1rem;color:#111;max-width:60rem}"
         "table{border-collapse:collapse;margin:.3rem 0 1rem;width:100%}"
         "th,td{border:1px solid #999;padding:.2rem .4rem;text-align:left;overflow-wrap:anywhere}"
         "td.n,th.n{text-align:right}.landed{background:#fff3c4}.playing{color:#555}.waiting{color:#b00}"
         "code{background:#eee;padding:0 .2rem}@media print{meta{display:none}}</style></head><body>",
         "<h1>%s</h1>" % _html(title),
         "<p>%s &middot; %s%s%s</p>" % (_html(st["game"]), _html(st["format"]),
                                        " &middot; " + _html(w["profile"] % {"profile": st["profile"]})
                                        if st["profile"] else "",
                                        " &middot; " + _html(caps_text(st)) if caps_text(st) else "")]
    for rnd in st["rounds"]:
        head = w["round"] % {"round": rnd["round"]}
        if rnd["ends"]:
            head += " &middot; " + _html(w["ends"] % {"time": rnd["ends"], "left": rnd["left_min"]})
        p.append("<h2>%s</h2><table class='round' data-round='%d'><tr><th class='n'>%s</th><th>A</th><th>B</th>"
                 "<th class='n'>%s</th><th></th></tr>" % (head, rnd["round"], _html(w["table"]), _html(w["result"])))
        for t in rnd["tables"]:
            score = "%s-%s" % tuple(t["score"]) if t["score"] else ""
            p.append("<tr class='%s' data-table='%d'><td class='n'>%d</td><td>%s</td><td>%s</td><td class='n'>%s</td>"
                     "<td>%s</td></tr>" % (t["state"], t["table"], t["table"], _html(t["a"]), _html(t["b"]),
                                          score, _html(w[t["state"]])))
        p.append("</table>")
        for name in rnd["byes"]:
            p.append("<p>%s</p>" % _html(w["bye"] % {"name": name}))
    if st["ranking"]:
        p.append("<h2>%s</h2><table class='ranking'><tr>%s</tr>" % (
            _html(w["ranking"]), "".join("<th%s>%s</th>" % ("" if i == 1 else " class='n'", _html(c))
                                         for i, c in enumerate(st["columns"]))))
        for r in st["ranking"]:
            p.append("<tr><td class='n'>%d</td><td>%s</td>%s</tr>" % (
                r["place"], _html(r["name"]), "".join("<td class='n'>%s</td>" % _html(c) for c in r["cells"])))
        p.append("</table>")
    p.append("<h2>%s</h2>" % _html(w["corrections"]))
    p.append("".join("<p class='correction'>%s</p>" % _html(c) for c in st["corrections"]) or "<p>&ndash;</p>")
    p.append("<p>%s</p>" % (_html(_("To enter the results that landed: %(collect)s. To correct a result: "
                                    "%(correct)s (who and why are kept).")) % {
        "collect": "<code>%s</code>" % _html("tapete event collect %s --db ROOM.sqlite" % event_path),
        "correct": "<code>%s</code>" % _html("tapete event result %s ROUND TABLE A B --by NAME --why TEXT"
                                             % event_path)}))
    p.append("</body></html>")
    return "\n".join(p)


class EventView:
    """The event file as the room board shows it, read afresh at each request (the
    organiser's `tapete event` writes it): what `tapete room serve --event` hands the
    room board (room/web.py)."""

    def __init__(self, path):
        self.path = path

    def standing(self, room_rounds, lang):
        from .. import i18n
        with i18n.using(lang):
            return standing(eventfile.load(self.path), room_rounds)

    def director(self, room_rounds, lang):
        from .. import i18n
        with i18n.using(lang):
            return director_html(standing(eventfile.load(self.path), room_rounds), self.path, lang)
