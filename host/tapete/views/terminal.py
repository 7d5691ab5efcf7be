"""The live terminal view of `tapete record` (Textual).

The table from above: each seat where it sits (seat 0 at the bottom, play going
round), its card in the trick as it forms, whose turn, trump and the hand's
context, the scores, the last trick, violations as they are proven and claims
with their rulings, and what the link went through. It redraws from the state
(view.TableView) after every event; recording runs in a thread of its own, so a
slow terminal never holds up the port. Keys: q quits (the log is complete up to
the last event received).
"""
import threading

from rich.panel import Panel
from rich.table import Table
from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widgets import Footer, Static

from ..i18n import _
from .state import (TableView, card_text, context_items, describe_claim, describe_incident, describe_result,
                   describe_violation, game_name, options_text, ruled, seat_text, team_name, trick_by_seat,
                   trump_label, trump_text)

def places(n):
    """Where each of `n` seats sits, seen from above, as (row, column) in a square grid
    (size, places): seat 0 at the bottom, the next seats clockwise (docs/protocol.md), the
    middle cell left for trump."""
    import math
    size = 3 if n <= 4 else 5 if n <= 8 else 7
    r = (size - 1) / 2.0
    taken = set([(int(r), int(r))])
    out = {}
    ring = [(y, x) for y in range(size) for x in range(size) if y in (0, size - 1) or x in (0, size - 1)]
    for seat in range(n):
        a = 2 * math.pi * seat / n
        want = (int(round(r + r * math.cos(a))), int(round(r - r * math.sin(a))))
        if want in taken:
            want = min((c for c in ring if c not in taken),
                       key=lambda c: (c[0] - (r + r * math.cos(a))) ** 2 + (c[1] - (r - r * math.sin(a))) ** 2)
        taken.add(want)
        out[seat] = want
    return size, out


def table_picture(s, title="tapete"):
    """A rich renderable of the state `s` (view.TableView.state())."""
    if not s.get("game"):
        return Panel(Text(_("no match yet: waiting for the table")), title=title)
    seats = s.get("seats") or 4
    trick = s.get("trick") or {}
    by = trick_by_seat(trick, seats)
    from_last = not by and s.get("last")    # between tricks: the last one stays in view
    if from_last:
        by = trick_by_seat(s["last"], seats)
    size, where = places(seats)
    grid = Table.grid(expand=False, padding=(0, 3 if size == 3 else 1))
    for _column in range(size):
        grid.add_column(justify="center", min_width=14 if size == 3 else 9)
    cells = [[Text("") for _c in range(size)] for _r in range(size)]
    for seat in range(seats):
        r, c = where[seat]
        t = Text()
        mark = "▶ " if s.get("turn") == seat else "  "
        t.append(mark + seat_text(seat), style="bold reverse" if s.get("turn") == seat else "bold")
        won = from_last and s["last"].get("winner") == seat
        t.append("\n" + (card_text(by.get(seat), s) or "··") + (" *" if won else ""),
                 style="dim" if from_last and not won else "bold")
        cells[r][c] = t
    centre = Text()
    centre.append(_("trick %(n)s") % {"n": trick.get("n", "-")} + "\n")
    centre.append(trump_label(s) + " " + trump_text(s), style="bold")
    cells[size // 2][size // 2] = centre
    for row in cells:
        grid.add_row(*row)
    info = Table.grid(padding=(0, 1))
    info.add_column(style="bold")
    info.add_column()
    opts = options_text(s)
    info.add_row(_("game"), "%s%s" % (game_name(s), "  (" + opts + ")" if opts else ""))
    if s.get("profile"):
        info.add_row("", _("house rules: %(profile)s") % {"profile": s["profile"]})
    info.add_row(_("hand"), _("%(hand)s   dealer seat %(dealer)s") % {"hand": s.get("hand"), "dealer": s.get("dealer")})
    info.add_row(trump_label(s), trump_text(s) + ("   " + _("turn-up %(card)s") % {"card": card_text(s["turnup"], s)}
                                                 if s.get("turnup") else ""))
    for _key, label, value in context_items(s):
        info.add_row(label, value)
    totals = s.get("totals") or []
    for t in range(len(totals)):
        info.add_row(_("score"), "%s: %s" % (team_name(s, t), totals[t]))
    info.add_row(_("to play"), seat_text(s["turn"]) if s.get("turn") is not None else "-")
    last = s.get("last")
    if last:
        lb = trick_by_seat(last, seats)
        won = (_("won by seat %(seat)s") % {"seat": last["winner"]} if last["winner"] is not None else _("drawn"))
        info.add_row(_("last trick"), "%s: %s   %s" % (
            last["n"], "  ".join("s%d %s" % (x, card_text(lb.get(x), s)) for x in range(seats)), won))
    for h in s.get("hand_results", [])[-1:]:
        info.add_row(_("last hand"), _("%(hand)s: points %(points)s, score %(score)s") % {
            "hand": h.get("hand"), "points": "/".join(map(str, h.get("points") or [])),
            "score": "/".join(map(str, h.get("score") or []))})
    body = Table.grid()
    body.add_column()
    body.add_row(grid)
    body.add_row(Text(""))
    body.add_row(info)
    for v in s.get("violations", [])[-3:]:
        body.add_row(Text(_("VIOLATION") + " " + describe_violation(v, s), style="bold red"))
    for c in s.get("claims", [])[-2:]:
        body.add_row(Text(_("CLAIM") + " " + describe_claim(c, s), style="bold yellow"))
    for i in ruled(s)[-3:]:     # the referee's rulings (views/incidents.py)
        body.add_row(Text(_("RULING") + " " + describe_incident(i, s), style="bold magenta"))
    if s.get("result"):
        body.add_row(Text(describe_result(s), style="bold green"))
    return Panel(body, title=title, width=84)


class LiveView(App):
    """The recording's live view: the table, and a status line for the link."""

    CSS = "#table { height: auto; } #status { color: $warning; height: auto; }"
    # Ctrl-C stops the recording, as `--help` says (Textual's own Ctrl-C only tells
    # to press Ctrl-Q); every event shown is already stored.
    BINDINGS = [("q", "quit", "quit"), Binding("ctrl+c", "quit", "stop", priority=True)]

    def __init__(self, title="tapete record"):
        App.__init__(self)
        self.view = TableView()
        self.heading = title
        self.notes = []
        self.starter = None     # called once the screen is up (starts the recording)

    def on_mount(self):
        if self.starter is not None:
            self.starter()

    def compose(self) -> ComposeResult:
        yield Static(table_picture(self.view.state(), self.heading), id="table")
        yield Static("", id="status")
        yield Footer()

    def event(self, ev):
        self.view.feed(ev)
        for table in self.query("#table"):      # none while the screen opens or closes
            table.update(table_picture(self.view.state(), self.heading))

    def note(self, text):
        self.notes = (self.notes + [text])[-4:]
        for status in self.query("#status"):
            status.update("\n".join(self.notes))


def record_live(port, out, new, db, problem, args, first_seq=0, fresh=None):
    """Record with the live view; returns the Recorder when the recording ends."""
    from ..log.recording import record
    app = LiveView("tapete record %s -> %s" % (args.port, out))
    stopping = threading.Event()
    result = {}

    def from_thread(fn, *a):
        # The view never stops the recording: every event is already in the file and
        # the database when it is shown, so a view that has closed (or failed) is skipped.
        try:
            app.call_from_thread(fn, *a)
        except Exception:
            pass

    def work():
        if new is None and not fresh:      # started again: the match the log carries on
            from ..log.recording import current_match
            for ev in current_match(out):
                from_thread(app.event, ev)
        try:
            result["rec"] = record(
                port, out, new, echo=None, idle_limit=args.idle, db=db,
                on_event=lambda ev: from_thread(app.event, ev),
                on_problem=lambda text: (problem(text), from_thread(app.note, text)),
                until_end=args.until_end, stop=stopping.is_set, first_seq=first_seq,
                fresh=fresh, names=getattr(args, "names_given", None),
                look_s=getattr(args, "look_every", 1.0))
        except Exception as err:      # shown after the app closes
            result["error"] = err
        from_thread(app.exit)

    thread = threading.Thread(target=work, daemon=True)
    app.starter = thread.start
    app.run()
    stopping.set()
    thread.join(5)
    if "error" in result:
        raise result["error"]
    return result.get("rec")


class ReplayView(App):
    """`tapete replay` in the terminal: one step at a time, forwards and back."""

    CSS = """
    #head { height: auto; background: $boost; }
    #main { height: auto; }
    #table { width: 85; height: auto; }
    #panel { width: 38; height: auto; margin: 0 0 0 2; }
    #notes { height: auto; }
    """
    BINDINGS = [("right,n,space", "next", "next"), ("left,p", "back", "back"),
                ("home", "first", "first"), ("end", "last", "last"), ("q", "quit", "quit")]

    def __init__(self, replay, start=0):
        App.__init__(self)
        self.replay = replay
        self.index = start

    def compose(self) -> ComposeResult:
        from textual.containers import Horizontal
        yield Static("", id="head")
        with Horizontal(id="main"):
            yield Static("", id="table")
            yield Static("", id="panel")
        yield Static("", id="notes")
        yield Footer()

    def on_mount(self):
        self.show()

    def show(self):
        from .replay import knowledge_lines, panel_braille, step_notes
        r = self.replay
        step = r.steps[self.index]
        self.query_one("#head", Static).update(Text(
            "step %d/%d: %s   (seq %s)   %s" % (self.index + 1, len(r.steps), step.title(), step.seq,
                                                r.loaded.label), style="bold"))
        self.query_one("#table", Static).update(table_picture(step.view, "the table"))
        if step.panel:
            pic = Text("\n".join(panel_braille(step.panel)))
            self.query_one("#panel", Static).update(Panel(pic, title="the panel", expand=False))
        else:
            self.query_one("#panel", Static).update(Text(r.panel_note or ""))
        notes = Text()
        notes.append("what the table knew of each hand:\n", style="bold")
        for line in knowledge_lines(step.state, r.history.match.game):
            notes.append("  " + line + "\n")
        for line in step_notes(step):
            notes.append(line + "\n", style="bold red" if "VIOLATION" in line or "PROVEN" in line
                         or "PLAYED" in line else "bold yellow")
        self.query_one("#notes", Static).update(notes)

    def action_next(self):
        if self.index + 1 < len(self.replay.steps):
            self.index += 1
            self.show()

    def action_back(self):
        if self.index > 0:
            self.index -= 1
            self.show()

    def action_first(self):
        self.index = 0
        self.show()

    def action_last(self):
        self.index = len(self.replay.steps) - 1
        self.show()
