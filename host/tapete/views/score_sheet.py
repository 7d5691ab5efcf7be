"""The score sheet: one printed A4 page per match, beside the full report (sheet.py).

What a club's paper sheet holds: who played (seats, teams, names), each hand's
dealer, trump, points, score and running totals, the referee's incidents (each in one line with its ruling,
the proofs are in the full report), and the result. A whole Botifarra match (17
hands, tests/host/views/test_score_sheet.py) prints on one page: the rows are short,
and the violations listed are capped (MAX_LISTED) with a line saying how many more
the full report holds, so no match can push the sheet onto a second page.
"""
import html

from ..judge.history import History
from ..i18n import _
from .sheet import _result_words, page_start
from .incidents import Incidents
from .state import describe_incident, ending_text, team_name
from .words import context_label, game_name, options_text, seat_label, seat_text, trump_label, trump_text

MAX_LISTED = 12     # incidents listed on the page; a 17-hand match has rarely more than a few
# Letters of a name in the hands table (the dealer, a team's columns), the rest as "…":
# with 24-letter names and 2 teams the table is then one line a hand, within the page's
# width (tests/host/views/test_score_sheet.py); the players table above gives them whole.
SHORT = 12

CSS = """
@page { size: A4; margin: 14mm 12mm; }
body { font: 9.5pt/1.3 "DejaVu Sans", Helvetica, Arial, sans-serif; color: #111; margin: 0 auto;
       max-width: 186mm; }
h1 { font-size: 14pt; margin: 0 0 .2em; } h2 { font-size: 10.5pt; margin: .8em 0 .3em; }
.meta { color: #444; margin: 0 0 .5em; }
table { border-collapse: collapse; width: 100%; }
table.hands { font-size: 8.5pt; } table.hands td { white-space: nowrap; }
td, th { border: 1px solid #999; padding: .1em .4em; text-align: left; vertical-align: top; }
th { background: #eee; }
td.n { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
tr.bad td { background: #fde8e8; }
.players td, .players th { width: auto; }
ul.violations { margin: .2em 0; padding-left: 1.2em; } ul.violations li { margin: .1em 0; }
.note { color: #555; font-size: 8.5pt; }
@media print { body { max-width: none; } a { color: inherit; text-decoration: none; } }
"""


def esc(x):
    return html.escape(str(x), quote=True)


def render(loaded, full_report=None):
    """The page (a str) for a source.Loaded match; `full_report` names the full
    report's file, for the link at the foot."""
    hist = History(loaded.events)
    m = hist.match
    game = m.game
    if game is None:
        from ..errors import UsageError
        raise UsageError("%s holds no match event: nothing to put on a score sheet" % loaded.label)
    seats, teams = m.seats, m.teams
    s = {"teams": [[x for x in range(seats) if game.team_of[x] == t] for t in range(teams)],
         "game": game.name, "options": dict(getattr(game, "options", None) or {}), "names": hist.names}
    totals = list(m.totals)
    title = "%s: %s" % (game_name(s), _result_words(s, m, totals))
    opts = options_text(s)
    profile = getattr(m, "profile", None)
    rules = ("<br>" + esc(_("house rules: %(profile)s") % {"profile": profile})) if profile else ""
    out = page_start(title, CSS) + [
           '<p class="meta">%s%s%s</p>' % (esc(loaded.label), rules,
                                           ("<br>" + esc(_("options: ") + opts)) if opts else "")]
    out.append(_players(s, seats, teams))
    out.append(_hands(hist, s, teams))
    out.append(_incidents(hist.ruled_events(), s))     # no refused override joined to its ruling
    end = next((e for e in reversed(loaded.events) if e.get("ev") == "match_end"), None)
    if end is not None:
        w = end.get("winner")
        result = _("%(who)s, totals %(totals)s (%(reason)s)") % {
            "who": _("%(team)s wins") % {"team": team_name(s, w)} if w is not None else _("no winner"),
            "totals": " / ".join(map(str, end.get("totals") or [])), "reason": ending_text(s, end.get("reason"))}
    else:
        result = _("the log ends before the match does; totals %(totals)s") % {"totals": " / ".join(map(str, totals))}
    out.append('<h2>%s</h2><p id="result">%s</p>' % (esc(_("Result")), esc(result)))
    if full_report:
        out.append('<p class="note">%s <a href="%s">%s</a></p>' % (
            esc(_("every trick, proof and claim: the full report")), esc(full_report), esc(full_report)))
    out.append("</body></html>")
    return "\n".join(out)


def _players(s, seats, teams):
    """Who played: a row per seat, its player's name (or "seat N") and, at a table of
    partners, its team."""
    rows = []
    for seat in range(seats):
        team = next((t for t in range(teams) if seat in s["teams"][t]), None)
        rows.append("<tr><td>%s</td><td>%s</td>%s</tr>" % (
            esc(seat_text(seat)), esc(seat_label(s, seat)),
            "<td>%s</td>" % esc(team_name(s, team)) if teams < seats else ""))
    heads = [_("seat"), _("player")] + ([_("team")] if teams < seats else [])
    return '<h2>%s</h2><table class="players"><tr>%s</tr>%s</table>' % (
        esc(_("Players")), "".join("<th>%s</th>" % esc(h) for h in heads), "".join(rows))


STAKES = ("multiplier", "stake")   # what a hand was played for, where the game keeps it


def _hands(hist, s, teams):
    stakes = [k for k in STAKES if any(k in (h["context"] or {}) for h in hist.hands)]
    # two header rows: points, score and totals over a column per team
    lone = [_("hand"), _("dealer"), trump_label(s)] + [context_label(s, k) for k in stakes]
    top = "".join('<th rowspan="2">%s</th>' % esc(x) for x in lone)
    top += "".join('<th colspan="%d">%s</th>' % (teams, esc(k)) for k in (_("points"), _("score"), _("totals")))
    top += '<th rowspan="2">%s</th>' % esc(_("violations"))
    under = "".join("<th>%s</th>" % esc(_short_team(s, t)) for t in range(teams)) * 3
    rows = []
    for h in hist.hands:
        e = h["end"] or {}
        cells = ['<td class="n">%d</td>' % h["hand"],
                 "<td>%s</td>" % esc(short(seat_label(s, h["dealer"])) if h["dealer"] is not None else "-"),
                 "<td>%s</td>" % esc(trump_text(dict(s, trump=h["trump"])) if h["trump"] is not None else "-")]
        for k in stakes:    # a number only (x2: contro); the words are in the full report
            v = (h["context"] or {}).get(k)
            shown = "" if v is None or (k == "multiplier" and v == 1) else ("×%s" % v if k == "multiplier" else v)
            cells.append('<td class="n">%s</td>' % esc(shown))
        for key in ("points", "score", "totals"):
            got = e.get(key) or []
            cells += ['<td class="n">%s</td>' % esc(got[t] if t < len(got) else "") for t in range(teams)]
        cells.append('<td class="n">%s</td>' % (len(h["violations"]) or ""))
        rows.append('<tr%s>%s</tr>' % (' class="bad"' if h["violations"] else "", "".join(cells)))
    return '<h2>%s</h2><table class="hands"><tr>%s</tr><tr>%s</tr>%s</table>' % (
        esc(_("Hands")), top, under, "".join(rows))


def _short_team(s, t):
    """A column's team: its given name, or its number (the players are listed above)."""
    from ..log.names import team_given_name
    name = team_given_name(s.get("names"), t)
    if name:
        return short(name)
    members = s["teams"][t]
    return short(seat_label(s, members[0])) if len(members) == 1 else str(t)


def short(name):
    """`name` cut to SHORT letters, the cut shown."""
    return name if len(name) <= SHORT else name[:SHORT - 1].rstrip() + "…"


def _incidents(events, s):
    """The referee's incident log (views/incidents.py): each irregularity in one line with
    its ruling and any override; the proofs in full are in the full report."""
    log = Incidents()
    for ev in events:
        log.feed(ev)
    found = log.items
    if not found:
        return ""
    items = ["<li>%s</li>" % esc(describe_incident(i, s)) for i in found[:MAX_LISTED]]
    if len(found) > MAX_LISTED:
        items.append('<li class="note">%s</li>' % esc(_("%(n)s more in the full report") % {"n": len(found) - MAX_LISTED}))
    return '<h2 id="incidents">%s</h2><ul class="violations">%s</ul>' % (
        esc(_("Referee's incident log")), "".join(items))


def write(loaded, path, full_report=None):
    """Write the page to `path`."""
    page = render(loaded, full_report)
    with open(path, "w", encoding="utf-8") as f:
        f.write(page)
    return path
