"""`tapete report MATCH`: the match sheet, one printable HTML page per match.

It holds what a club sheet holds (the hands, every trick, the scores) and what
none does: every violation with its proof, every claim with the table's ruling,
a plot of the running score (matplotlib, drawn as SVG into the page, so the page
is one file that prints to PDF from any browser), and for trick games each hand's
double-dummy value and the points each side left on the table (analysis.py).
"""
import html
import io

from ..judge.analysis import analyse
from ..judge.history import History, sort_cards
from ..i18n import _, language, pgettext
from .incidents import Incidents
from .replay import overruled_text, voided_text
from .state import describe_claim, describe_incident, describe_violation, ending_text, team_name
from .words import (call_text, card_text, context_items, game_name, options_text, seat_label, seat_ref,
                    spanish_pack, trump_label, trump_text)

RED = ("H", "D")
SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}

CSS = """
body { font: 11pt/1.35 "DejaVu Sans", Helvetica, Arial, sans-serif; margin: 2em auto; max-width: 60em;
       color: #111; }
h1 { font-size: 18pt; margin-bottom: .2em; } h2 { font-size: 13pt; margin: 1.2em 0 .4em; }
.meta { color: #444; margin: 0 0 1em; }
table { border-collapse: collapse; margin: .4em 0; }
td, th { border: 1px solid #bbb; padding: .15em .5em; text-align: left; vertical-align: top; }
th { background: #eee; }
.card { white-space: nowrap; } .red { color: #c00; }
.win { font-weight: bold; } .bad { background: #fdd; outline: 2px solid #c00; }
.violation { color: #900; } .claim { color: #640; } .override { color: #046; }
.note { color: #555; font-size: 10pt; }
#incidents li { margin: .2em 0; overflow-wrap: anywhere; }
section.hand { page-break-inside: avoid; border-top: 2px solid #333; margin-top: 1.5em; }
.dd td:nth-child(n+2) { text-align: right; }
svg { max-width: 100%; height: auto; }
@media print { body { margin: 0; max-width: none; } a { color: inherit; text-decoration: none; } }
"""


def page_start(title, css):
    """A page's head and heading, in the report's language (the report, the score sheet)."""
    # the viewport: a phone lays the page out at its own width (the incident log's lines
    # wrap within it) instead of a desktop's 980 px shrunk to fit
    return ["<!DOCTYPE html>", '<html lang="%s"><head><meta charset="utf-8">' % language()
            + '<meta name="viewport" content="width=device-width, initial-scale=1">',
            "<title>%s</title><style>%s</style></head><body>" % (esc(title), css),
            "<h1>%s</h1>" % esc(title)]

def esc(x):
    return html.escape(str(x), quote=True)


def card_html(name, s=None):
    """A card with its suit sign, hearts and diamonds in red; a Spanish pack's card as
    printed, with its suit's name (words.card_text)."""
    if not name:
        return ""
    if spanish_pack(s):
        return '<span class="card">%s</span>' % esc(card_text(name, s))
    suit = name[-1]
    cls = "card red" if suit in RED else "card"
    return '<span class="%s">%s%s</span>' % (cls, esc(name[:-1]), SYMBOLS.get(suit, esc(suit)))


def text_html(text):
    """Plain text from view.describe_* with its suit signs coloured."""
    out = esc(text)
    for sym in ("♥", "♦"):
        out = out.replace(sym, '<span class="red">%s</span>' % sym)
    return out


def render(loaded, solve=True, limit=0, progress=None, jobs=1):
    """The page (a str) for a source.Loaded match; `limit`, `progress` and `jobs` go to
    analysis.analyse (seconds a hand's double-dummy analysis may take, a callback, the
    processes that weigh hands side by side)."""
    hist = History(loaded.events)
    m = hist.match
    game = m.game
    if game is None:
        from ..errors import UsageError
        raise UsageError("%s holds no match event: nothing to report" % loaded.label)
    seats = m.seats
    snap_teams = [[s for s in range(seats) if game.team_of[s] == t] for t in range(m.teams)]
    s = {"teams": snap_teams, "game": game.name, "options": dict(getattr(game, "options", None) or {}),
         "names": hist.names}
    values = analyse(hist.ruled_inputs(), limit, progress, jobs) if solve else {}   # as finally ruled
    end = next((e for e in reversed(loaded.events) if e.get("ev") == "match_end"), None)
    totals = list(m.totals)
    title = "%s: %s" % (game_name(s), _result_words(s, m, totals))
    opts = options_text(s)
    out = page_start(title, CSS) + [
           '<p class="meta">%s<br>%s%s</p>' % (
               esc(loaded.label), esc(", ".join(team_name(s, t) for t in range(m.teams))),
               ("<br>" + esc(_("options: ") + opts)) if opts else "")]
    out.append('<section id="score"><h2>%s</h2>%s</section>' % (esc(_("Running score")), score_plot(hist, game, s)))
    out.append(_summary_table(hist, values, m, s))
    for h in hist.hands:
        out.append(_hand_html(hist, h, values.get(h["hand"]), game, seats, s))
    if end is not None:
        w = end.get("winner")
        out.append('<h2 id="result">%s</h2><p>%s</p>' % (esc(_("Result")), esc(_("%(who)s, totals %(totals)s (%(reason)s)") % {
            "who": _("%(team)s wins") % {"team": team_name(s, w)} if w is not None else _("no winner"),
            "totals": " / ".join(map(str, end.get("totals") or [])), "reason": ending_text(s, end.get("reason"))})))
    else:
        out.append('<h2 id="result">%s</h2><p>%s</p>' % (esc(_("Result")), esc(
            _("the log ends before the match does; totals %(totals)s") % {"totals": " / ".join(map(str, totals))})))
    log = Incidents()       # the referee's incident log (views/incidents.py), the whole match
    for ev in hist.ruled_events():      # a refused override is among the refused events only
        log.feed(ev)
    if log.items:
        out.append('<section id="incidents"><h2>%s</h2><ul>%s</ul></section>' % (
            esc(_("Referee's incident log")), "".join(
                "<li>%s</li>" % text_html(describe_incident(i, s)) for i in log.items)))
    if hist.errors:
        out.append('<h2>%s</h2><ul>%s</ul>' % (esc(_("Events the rules refused")), "".join(
            "<li>%s</li>" % esc(_("event %(n)s: %(why)s") % {"n": n, "why": msg}) for n, msg in hist.errors)))
    out.append('<p class="note">%s</p></body></html>' % esc(_(
        "Made by tapete report. Double-dummy values: every card known, both sides playing perfectly, "
        "from the first lead; points left on the table: what a side's own cards gave away against "
        "that perfect line.")))
    return "\n".join(out)


def _result_words(s, m, totals):
    if m.winner is not None:
        return _("%(team)s wins, %(score)s") % {"team": team_name(s, m.winner),
                                              "score": _(" to ").join(map(str, totals))}
    return _("match not finished, %(score)s") % {"score": _(" to ").join(map(str, totals))}


def score_plot(hist, game, s=None):
    """The running score per team, hand by hand, as inline SVG (matplotlib)."""
    import matplotlib
    matplotlib.use("Agg")
    from matplotlib.figure import Figure
    teams = hist.match.teams
    xs = [0]
    ys = [[0] for _ in range(teams)]
    for h in hist.hands:
        if h["end"] is None:
            continue
        xs.append(h["hand"])
        for t in range(teams):
            ys[t].append((h["end"].get("totals") or [0] * teams)[t])
    fig = Figure(figsize=(7, 2.6), dpi=100)
    ax = fig.add_subplot(1, 1, 1)
    for t in range(teams):
        ax.plot(xs, ys[t], marker="o", label=_plot_label(s, t, teams))
    target = (getattr(game, "options", None) or {}).get("target")
    if isinstance(target, int):
        ax.axhline(target, color="#888", linestyle="--", linewidth=1)
        ax.annotate(_("target %(points)s") % {"points": target}, (0, target), textcoords="offset points", xytext=(2, 3),
                    fontsize=8, color="#555")
    ax.set_xlabel(_("hand"))
    ax.set_ylabel(_("total"))
    ax.set_xticks(xs)
    ax.legend(loc="upper left", fontsize=8)
    ax.grid(True, alpha=.3)
    fig.tight_layout()
    buf = io.StringIO()
    fig.savefig(buf, format="svg")
    svg = buf.getvalue()
    return svg[svg.index("<svg"):]


def _plot_label(s, t, teams):
    """A line of the running score: the team's name (or "team N"), or the player's."""
    from ..log.names import team_given_name
    if teams == 2:
        return team_given_name((s or {}).get("names"), t) or _("team %(team)s") % {"team": t}
    return seat_label(s, t)


def _summary_table(hist, values, m, s=None):
    rows = []
    for h in hist.hands:
        e = h["end"] or {}
        v = values.get(h["hand"])
        dd = left = ""
        if v is not None and v.value is not None:
            dd = " / ".join("-" if x is None else str(x) for x in v.value)
            left = " / ".join(map(str, v.left)) if v.played is not None else ""
        rows.append("<tr><td><a href='#hand-%d'>%d</a></td><td>%s</td><td>%s</td><td>%s</td>"
                    "<td>%s</td><td>%s</td><td>%s</td></tr>" % (
                        h["hand"], h["hand"], esc(trump_text(dict(s or {}, trump=h["trump"]))),
                        esc(" / ".join(map(str, e.get("points") or []))),
                        esc(" / ".join(map(str, e.get("score") or []))),
                        esc(" / ".join(map(str, e.get("totals") or []))), esc(dd), esc(left)))
    heads = (_("hand"), trump_label(s or {}), _("points"), _("score"), _("totals"), _("double-dummy value"),
             _("left on the table"))
    return ('<section id="hands"><h2>%s</h2><table class="dd"><tr>%s</tr>%s</table></section>' % (
        esc(_("Hands")), "".join("<th>%s</th>" % esc(x) for x in heads), "".join(rows)))


def _hand_html(hist, h, value, game, seats, s):
    n = h["hand"]
    head = _("Hand %(hand)s: dealer seat %(dealer)s, %(trump_label)s %(trump)s") % {
        "hand": n, "dealer": seat_ref(s, h["dealer"]), "trump_label": trump_label(s), "trump": trump_text(dict(s, trump=h["trump"]))}
    out = ['<section class="hand" id="hand-%d"><h2>%s%s</h2>' % (
        n, esc(head), (" (%s)" % (esc(_("turn-up %(card)s") % {"card": "\x00"}).replace("\x00", card_html(h["turnup"], s))))
        if h["turnup"] else "")]
    dealt = hist.dealt(h)
    rows = []
    for seat in range(seats):
        cards = dealt.get(seat)
        shown = (" ".join(card_html(c, s) for c in sort_cards(cards, game)) if cards
                 else '<span class="note">%s</span>' % esc(_("not all known (the hand ended early)")))
        rows.append("<tr><th>%s</th><td>%s</td></tr>" % (esc(seat_label(s, seat)), shown))
    out.append('<table class="dealt"><tr><th colspan="2">%s</th></tr>%s</table>' % (
        esc(_("hands as dealt") if h["shown"] else _("hands as dealt (from the cards played)")), "".join(rows)))
    if h["calls"]:
        out.append('<p class="calls">%s %s</p>' % (esc(_("calls:")), "; ".join(
            "%s %s%s" % (esc(seat_label(s, c.get("seat"))), esc(call_text(s, c.get("call"))), _call_extra(c, s))
            for c in h["calls"])))
    bad = set((v.get("trick"), v.get("seat")) for v in h["violations"])
    head_row = "".join("<th>%s</th>" % esc(seat_label(s, x)) for x in range(seats))
    rows = []
    for t in h["tricks"]:
        by = {}
        seat = t.get("leader")
        order = _order(t, game, seats)
        for seat, card in zip(order, t.get("cards") or []):
            by[seat] = card
        cells = []
        for x in range(seats):
            cls = []
            if x == t.get("winner"):
                cls.append("win")
            if (t.get("n"), x) in bad:
                cls.append("bad")
            cells.append('<td class="%s">%s</td>' % (" ".join(cls), card_html(by.get(x), s)))
        rows.append('<tr class="trick"><td>%s</td><td>%s</td>%s<td>%s</td></tr>' % (
            t.get("n"), t.get("leader"), "".join(cells),
            esc(seat_label(s, t.get("winner")) if t.get("winner") is not None else _("drawn"))))
    out.append('<table class="tricks"><tr><th>%s</th><th>%s</th>%s<th>%s</th></tr>%s</table>'
               % (esc(_("trick")), esc(_("lead")), head_row, esc(_("winner")), "".join(rows)))
    for v in h["violations"]:
        out.append('<p class="violation">%s %s</p>' % (esc(_("VIOLATION")), text_html(describe_violation(v, s))))
    for c in h["claims"]:
        out.append('<p class="claim">%s</p>' % text_html(describe_claim(c, s)))
    for o in hist.overrides:    # the hand as the director finally ruled it (judge/history.py)
        if o["hand"] == n:
            out.append('<p class="override">%s%s</p>' % (text_html(overruled_text(o, s)), esc(
                "; " + voided_text(o["voided"]) if o.get("voided") else "")))
    e = h["end"]
    if e is not None:
        out.append("<p class='end'>%s</p>" % esc(_("points %(points)s, score %(score)s, totals %(totals)s") % {
            "points": " / ".join(map(str, e.get("points") or [])), "score": " / ".join(map(str, e.get("score") or [])),
            "totals": " / ".join(map(str, e.get("totals") or []))}
            + (" (%s %s)" % (_("hand ended by"), ending_text(s, e["ended"])) if e.get("ended") else "")))
    ctx = dict((k, v) for k, v in (h["context"] or {}).items() if k != "ended")
    if ctx:   # the hand's context in words (words.context_items), never its keys
        out.append("<p class='context'>%s</p>" % esc("; ".join(
            "%s: %s" % (label, value) for _key, label, value in context_items(dict(s, context=ctx)))))
    out.append(_dd_html(value, s))
    out.append("</section>")
    return "\n".join(out)


def _order(t, game, seats):
    """The seats of a trick's cards in play order."""
    order = [t.get("leader", 0)]
    for _ in range(len(t.get("cards") or []) - 1):
        order.append(game.next_seat(order[-1]))
    return order


def _call_extra(c, s=None):
    """A call's other keys; cards with their suit signs."""
    parts = []
    for k, v in sorted(c.items()):
        if k in ("ev", "seat", "call", "seq", "t"):
            continue
        if k == "cards" and isinstance(v, list):
            parts.append(esc(_("showing")) + " " + " ".join(card_html(str(x), s) for x in v))
        elif k == "suit":       # the trump named: its word (Botifarra's botifarra for none)
            parts.append(esc(trump_text(dict(s or {}, trump=v))))
        elif k in ("amount", "stake"):
            parts.append(esc(v))
        else:
            parts.append("%s %s" % (esc(k.replace("_", " ")), esc(v)))
    return (" " + ", ".join(parts)) if parts else ""


def _dd_html(v, s=None):
    if v is None:
        return '<p class="dd note">%s</p>' % esc(_("double-dummy: the hand was not played"))
    if v.value is None:
        return '<p class="dd note">%s %s</p>' % (esc(_("double-dummy:")), esc(v.why))
    parts = ['<table class="dd"><tr><th></th><th>%s</th><th>%s</th></tr>' % (
        esc(_("team %(team)s") % {"team": 0}), esc(_("team %(team)s") % {"team": 1}))]
    parts.append("<tr><th>%s</th><td>%s</td><td>%s</td></tr>" % ((esc(_("double-dummy value")),) + tuple(
        "-" if x is None else x for x in v.value)))
    if v.played is not None:
        parts.append("<tr><th>%s</th><td>%s</td><td>%s</td></tr>" % ((esc(_("made in play")),) + tuple(v.played)))
        parts.append("<tr><th>%s</th><td>%s</td><td>%s</td></tr>" % ((esc(_("left on the table")),) + tuple(v.left)))
    parts.append("</table>")
    if v.why:
        parts.append('<p class="note">%s</p>' % esc(v.why))
    if v.costly:
        parts.append('<p class="note">%s %s</p>' % (esc(_("costliest cards:")), ", ".join(
            "%s, %s %s (%s)" % (esc(_("trick %(n)s") % {"n": t}), esc(seat_label(s, seat)), card_html(card, s), pts)
            for t, seat, card, pts in v.costly[:5])))
    if v.options:
        rows = []
        for t, seat, card, got in v.options:
            best = got[0][1]
            cells = " ".join("%s%s&nbsp;%s%s" % ("<b>" if c == card else "", card_html(c, s), x, "</b>" if c == card else "")
                             for c, x in got)
            mine = dict(got).get(card)      # None: an illegal card (a revoke), none of the legal ones
            rows.append("<tr><td>%s</td><td>%s</td><td>%s</td><td>%s</td></tr>" % (
                t, esc(seat_label(s, seat)), esc(pgettext("double-dummy", "illegal")) if mine is None
                else esc(pgettext("double-dummy", "best")) if mine == best else "-%s" % (best - mine), cells))
        parts.append('<details class="dd"><summary>%s</summary><table class="dd"><tr><th>%s</th><th>%s</th>'
                     "<th>%s</th><th>%s</th></tr>%s</table></details>" % (
                         esc(_("every card the player could have played, with the hand's value for the player's "
                               "side after it (%(n)d plays with a choice)") % {"n": len(v.options)}),
                         esc(_("trick")), esc(_("seat")), esc(pgettext("double-dummy", "played")),
                         esc(_("values, best first (the card played in bold)")), "".join(rows)))
    return "\n".join(parts)


def write(loaded, path, solve=True, limit=0, progress=None, jobs=1):
    """Write the page to `path`."""
    page = render(loaded, solve, limit, progress, jobs)
    with open(path, "w", encoding="utf-8") as f:
        f.write(page)
    return path
