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
from textual.widgets import Footer, Static

from .view import (TableView, card_text, context_items, describe_claim, describe_violation,
                   team_name, trick_by_seat, trump_text)

# Where each seat sits, seen from above, for 4 seats: (row, column) in a 3x3 grid.
PLACES = {0: (2, 1), 1: (1, 2), 2: (0, 1), 3: (1, 0)}


def table_picture(s, title="tapete"):
    """A rich renderable of the state `s` (view.TableView.state())."""
    if not s.get("game"):
        return Panel(Text("no match yet: waiting for the table"), title=title)
    seats = s.get("seats") or 4
    trick = s.get("trick") or {}
    by = trick_by_seat(trick, seats)
    grid = Table.grid(expand=False, padding=(0, 3))
    for _ in range(3):
        grid.add_column(justify="center", min_width=14)
    cells = [[Text(""), Text(""), Text("")] for _ in range(3)]
    for seat in range(seats):
        r, c = PLACES.get(seat, (0, 0))
        t = Text()
        mark = "▶ " if s.get("turn") == seat else "  "
        t.append(mark + "seat %d" % seat, style="bold reverse" if s.get("turn") == seat else "bold")
        t.append("\n" + (card_text(by.get(seat)) or "··"), style="bold")
        cells[r][c] = t
    centre = Text()
    centre.append("trick %s\n" % trick.get("n", "-"))
    centre.append("trump " + trump_text(s), style="bold")
    cells[1][1] = centre
    for row in cells:
        grid.add_row(*row)
    info = Table.grid(padding=(0, 1))
    info.add_column(style="bold")
    info.add_column()
    opts = ", ".join("%s=%s" % kv for kv in sorted((s.get("options") or {}).items()))
    info.add_row("game", "%s%s" % (s["game"], "  (" + opts + ")" if opts else ""))
    info.add_row("hand", "%s   dealer seat %s" % (s.get("hand"), s.get("dealer")))
    info.add_row("trump", trump_text(s) + ("   turn-up " + card_text(s["turnup"]) if s.get("turnup") else ""))
    for key, value in context_items(s):
        info.add_row(key, value)
    totals = s.get("totals") or []
    for t in range(len(totals)):
        info.add_row("score", "%s: %s" % (team_name(s, t), totals[t]))
    info.add_row("to play", "seat %s" % s["turn"] if s.get("turn") is not None else "-")
    last = s.get("last")
    if last:
        lb = trick_by_seat(last, seats)
        info.add_row("last trick", "%s: %s   won by seat %s" % (
            last["n"], "  ".join("s%d %s" % (x, card_text(lb.get(x))) for x in range(seats)), last["winner"]))
    body = Table.grid()
    body.add_column()
    body.add_row(grid)
    body.add_row(Text(""))
    body.add_row(info)
    for v in s.get("violations", [])[-3:]:
        body.add_row(Text("VIOLATION " + describe_violation(v), style="bold red"))
    for c in s.get("claims", [])[-2:]:
        body.add_row(Text("CLAIM " + describe_claim(c), style="bold yellow"))
    r = s.get("result")
    if r:
        w = r.get("winner")
        body.add_row(Text("MATCH OVER: %s, totals %s (%s)" % (
            team_name(s, w) + " wins" if w is not None else "no winner",
            "/".join(map(str, r.get("totals") or [])), r.get("reason")), style="bold green"))
    return Panel(body, title=title)


class LiveView(App):
    """The recording's live view: the table, and a status line for the link."""

    CSS = "#table { height: auto; } #status { color: $warning; height: auto; }"
    BINDINGS = [("q", "quit", "quit")]

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
        self.query_one("#table", Static).update(table_picture(self.view.state(), self.heading))

    def note(self, text):
        self.notes = (self.notes + [text])[-4:]
        self.query_one("#status", Static).update("\n".join(self.notes))


def record_live(port, out, new, db, problem, args, first_seq=0):
    """Record with the live view; returns the Recorder when the recording ends."""
    from .serial_cli import record
    app = LiveView("tapete record %s -> %s" % (args.port, out))
    stopping = threading.Event()
    result = {}

    def from_thread(fn, *a):
        try:
            app.call_from_thread(fn, *a)
        except RuntimeError:
            pass        # the app has already closed

    def work():
        try:
            result["rec"] = record(
                port, out, new, echo=None, idle_limit=args.idle, db=db,
                on_event=lambda ev: from_thread(app.event, ev),
                on_problem=lambda text: (problem(text), from_thread(app.note, text)),
                until_end=args.until_end, stop=stopping.is_set, first_seq=first_seq)
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
