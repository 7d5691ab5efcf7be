"""The event as the players read it: a round's pairings and the ranking, as text
lines in the players' language (tapete.i18n)."""
from ..i18n import NP_, _, ngettext, pgettext
from . import eventfile

# Column headings of the ranking, by the key of its rows: words of a ranking table
# (their context), where "won" heads a count of games won, not a hand's result.
HEADINGS = {"place": NP_("ranking", "place"), "name": NP_("ranking", "name"),
            "won": NP_("ranking", "won"), "difference": NP_("ranking", "difference"),
            "points": NP_("ranking", "points"), "opponents": NP_("ranking", "opponents"),
            "played": NP_("ranking", "played"), "percent": NP_("ranking", "win %"),
            "league": NP_("ranking", "league points"), "drawn": NP_("ranking", "drawn"),
            "lost": NP_("ranking", "lost"), "group": NP_("ranking", "group"),
            "draw": NP_("ranking", "draw"), "ceros": NP_("ranking", "ceros")}
# The draws of a ceros event.
DRAWS = {"main": NP_("ranking", "main draw"), "consolation": NP_("ranking", "consolation"),
         "out": NP_("ranking", "out")}


def side(names, who):
    """An entry's name, or a table side of several players (rotating partners)."""
    if isinstance(who, list):
        return " & ".join(names[p] for p in who)
    return names[who]


def number(v):
    """2.0 as 2, 2.5 as 2.5, a percentage to one decimal."""
    if isinstance(v, float):
        return ("%d" % v) if v == int(v) else ("%.1f" % v)
    return str(v)


def round_lines(event, rnd):
    """A round's pairings: one line a table, then the byes."""
    names = eventfile.names(event)
    out = [_("Round %(round)s") % {"round": rnd["round"]}]
    for t in rnd["tables"]:
        line = _("table %(table)s: %(a)s v %(b)s") % {"table": t["table"], "a": side(names, t["a"]),
                                                      "b": side(names, t["b"])}
        if t.get("group"):
            line += "  (" + _("group %(group)s") % {"group": t["group"]} + ")"
        if t.get("stage") in DRAWS:
            line += "  (" + pgettext("ranking", DRAWS[t["stage"]]) + ")"
        if t.get("at"):
            line += "  (" + _("at %(club)s") % {"club": t["at"]} + ")"
        if t.get("score") is not None:
            line += "  %d-%d" % tuple(t["score"])
        out.append(line)
    for e in rnd.get("byes", []):
        out.append(_("bye: %(name)s") % {"name": names[e]})
    return out


def columns(event, rows):
    """The ranking's columns after place and name: the event's tie-breaks (a
    league's points and record, a rotating event's win percentage), then what the
    format adds, then the games played."""
    if event["format"] == "league":
        keys = ["league", "won", "drawn", "lost", "difference", "points"]
    elif event["format"] == "rotating":
        keys = ["won", "difference", "points", "percent"]
    else:
        keys = list(event["tiebreaks"])
    keys += [k for k in ("group", "draw", "ceros") if rows and k in rows[0]]
    return keys + ["played"]


def ranking_lines(event, rows):
    """The ranking as aligned text lines: place, name, then the columns."""
    names = eventfile.names(event)
    keys = columns(event, rows)
    head = [pgettext("ranking", HEADINGS[k]) for k in ["place", "name"] + keys]
    body = []
    for row in rows:
        cells = [str(row["place"]), names[row["id"]]]
        for k in keys:
            v = row.get(k, "")
            cells.append(pgettext("ranking", DRAWS[v]) if k == "draw" else number(v))
        body.append(cells)
    widths = [max(len(r[i]) for r in [head] + body) for i in range(len(head))]
    fmt = lambda r: "  ".join(c.ljust(w) if i == 1 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths)))
    return [fmt(head).rstrip()] + [fmt(r).rstrip() for r in body]


def correction_line(c):
    return _("round %(round)s table %(table)s: %(was)s corrected to %(score)s by %(by)s (%(why)s)") % {
        "round": c["round"], "table": c["table"], "was": "%d-%d" % tuple(c["was"]),
        "score": "%d-%d" % tuple(c["score"]), "by": c["by"], "why": c["why"]}


def club_lines(rows):
    """The clubs by their players' average win percentage."""
    out = [_("Clubs by their players' average win percentage")]
    for r in rows:
        out.append("%3d  %-24s %5.1f%%  (%s)" % (r["place"], r["club"], r["percent"],
                                                 ngettext("%(n)s player", "%(n)s players", r["players"]) % {"n": r["players"]}))
    return out


def season_lines(rows):
    out = []
    for r in rows:
        line = "%3d  %-24s %-16s %6s" % (r["place"], r["name"], r["club"], number(float(r["points"])))
        if r["qualified"]:
            line += "  " + _("qualified")
        out.append(line)
    return out
