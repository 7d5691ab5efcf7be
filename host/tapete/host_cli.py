"""The laptop's subcommands: `serve`, `replay`, `stats`, `report`, and the database
source of `audit` (`tapete audit 12` audits match 12 of the match database).

Each command's work is in its own module; this file only reads the command line.
"""
import os
import sys

from .errors import UsageError

MATCH_HELP = ("a match: its id in the match database (see `tapete stats --list`), `last`, "
              "a log file (its last match), or FILE:N (its N-th match)")
DB_HELP = "the match database (default: tapete.sqlite in the user's data folder)"
# Seconds a hand's double-dummy analysis may take in `tapete report`: most hands of
# every game but Botifarra are weighed in a few seconds (bench/bench_solver.py); a
# long match should not keep the page waiting for minutes. --time-limit 0 lifts it.
# The sim's 16-hand Botifarra match (docs/host-tools.md): with 10 s, 3 of its hands
# had no value (the first lead's cards not all weighed); with 20 s every hand whole,
# in 53 s on 2 cores, as long as with no limit.
REPORT_LIMIT = 20.0


def _jobs(text):
    """--jobs' value: a whole number of processes, 1 or more."""
    import argparse
    try:
        v = int(text)
    except ValueError:
        v = 0
    if v < 1:
        raise argparse.ArgumentTypeError("%r is not a number of processes (1 or more)" % text)
    return v


def _cores():
    """The cores this process may run on: the report's processes by default."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def _seconds(text):
    """--time-limit's value: seconds, 0 or more."""
    import argparse
    try:
        v = float(text)
    except ValueError:
        v = -1
    if not v >= 0 or v == float("inf"):
        raise argparse.ArgumentTypeError("%r is not a number of seconds (0 or more)" % text)
    return v


def cmd_stats(args):
    from .stats import cmd_stats as run
    return run(args)


def cmd_report(args):
    from . import sheet
    from .source import load
    loaded = load(args.match, args.db)
    out = args.out or _default_report_path(loaded)
    if os.path.isdir(out):
        raise UsageError("--out %s is a folder; name the HTML file to write" % out)
    from . import score_sheet
    one_page = score_sheet_path(out)
    if not args.sheet:
        bar = ProgressBar(sys.stderr) if sys.stderr.isatty() and not args.no_solve else None
        sheet.write(loaded, out, solve=not args.no_solve, limit=args.time_limit, progress=bar, jobs=args.jobs)
        if bar is not None:
            bar.close()
    score_sheet.write(loaded, one_page, os.path.basename(out))
    print("tapete report: %s -> %s%s" % (loaded.label, "" if args.sheet else out + " and ", one_page))
    return 0


def score_sheet_path(report):
    """The one-page score sheet beside the full report: match-7.html -> match-7.sheet.html."""
    base, ext = os.path.splitext(report)
    return base + ".sheet" + (ext or ".html")


class ProgressBar:
    """The report's progress on a terminal: one line redrawn, the plays weighed so far."""

    WIDTH = 30

    def __init__(self, stream):
        self.stream = stream
        self.shown = None

    def __call__(self, done, total):
        filled = self.WIDTH * done // total if total else self.WIDTH
        line = "double-dummy analysis [%s%s] %d/%d plays" % ("#" * filled, "." * (self.WIDTH - filled), done, total)
        if line != self.shown:
            self.stream.write("\r" + line)
            self.stream.flush()
            self.shown = line

    def close(self):
        if self.shown is not None:
            self.stream.write("\n")
            self.stream.flush()


def _default_report_path(loaded):
    if loaded.match_id is not None:
        return "match-%d.html" % loaded.match_id
    base = os.path.splitext(os.path.basename(loaded.source or "match"))[0]
    return base + ".html"


def cmd_replay(args):
    """The replay in the terminal (Textual), the browser (--web) or as text (--plain):
    the command picks the front-end; replay.py, the steps, knows none of them."""
    from .replay import Replay, plain
    from .source import load
    loaded = load(args.match, args.db)
    folder = None
    if args.panels:
        folder = args.panels
        os.makedirs(folder, exist_ok=True)
    replay = Replay(loaded, panels=not args.no_panel, folder=folder)
    start = max(0, min(len(replay.steps) - 1, args.step - 1))
    if args.plain:
        plain(replay, keep=bool(args.panels))
        return 0
    if args.web:
        from . import web
        web.run_server(web.replay_app(replay, start), args.host, args.port,
                       "tapete replay: %s (%d steps) on" % (loaded.label, len(replay.steps)))
        return 0
    if not sys.stdout.isatty():
        plain(replay, keep=bool(args.panels))
        return 0
    from .tui import ReplayView
    ReplayView(replay, start).run()
    return 0


def cmd_serve(args):
    from . import web
    return web.serve_command(args)


def audit_source(args, plain_run):
    """`tapete audit` of a match in the database (an id or `last`), around the audit
    itself; a log file goes to the audit as before."""
    from .source import is_db_spec
    if args.db is None and not is_db_spec(args.log):
        return plain_run(args)
    from . import audit as A
    from .source import from_db, load
    loaded = from_db(args.log, args.db) if is_db_spec(args.log) else load(args.log, args.db)
    if hasattr(A, "audit_matches"):     # the streaming audit: one result per match
        from .report import JsonOut, TextOut, write
        out = (JsonOut if args.json else TextOut)(sys.stdout)
        write(A.audit_matches(loaded.lines(), loaded.label), out, None)
        return 0
    import json
    from .report import render
    result = A.audit_lines(loaded.lines())
    if args.json:
        json.dump(result, sys.stdout, indent=1, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        sys.stdout.write("%s\n\n%s" % (loaded.label, render(result)))
    return 0


def _extend_audit(sub):
    audit = sub.choices.get("audit")
    if audit is None:
        return
    audit.add_argument("--db", help=DB_HELP + "; LOG may then be a match id or `last`")
    plain = audit.get_default("run")
    audit.set_defaults(run=lambda args: audit_source(args, plain))
    audit.description = ((audit.description or "") + " LOG may also be a match id in the match "
                         "database, or `last`.").strip()


def register(sub):
    """Add serve, replay, stats and report to the tapete command."""
    _extend_audit(sub)
    p = sub.add_parser("serve", help="a live board in the browser, for a screen beside the table",
                       description="Serve a live board of the table to a browser: the table from "
                       "above, each seat's card in the trick, whose turn, trump, scores, stake or "
                       "multiplier, and violations with their proof. It follows a serial port "
                       "(recording it as `tapete record` does), a log file being written, or the "
                       "match database.")
    p.add_argument("source", nargs="?", help="a serial port, or a log file being written "
                   "(default: the match database)")
    p.add_argument("--db", help=DB_HELP)
    p.add_argument("--match", type=int, help="with the database: follow this match id "
                   "(default: the newest, and each new one as it starts)")
    p.add_argument("--host", default="127.0.0.1", help="the address to listen on "
                   "(0.0.0.0 for other screens on the network; default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8765, help="the TCP port (default 8765)")
    p.add_argument("--out", help="with a serial port: the log file to append to "
                   "(default: today's log in the user's data folder)")
    p.add_argument("--baud", type=int, default=115200)
    p.add_argument("--reconnect", type=float, default=30.0,
                   help="with a serial port: seconds to wait for it to come back after an unplug")
    p.set_defaults(run=cmd_serve)

    r = sub.add_parser("replay", help="step through a match trick by trick, forwards and back",
                       description="Step through a match trick by trick, forwards and back: the "
                       "cards, what the table knew of each hidden hand then, the panel as the "
                       "controller drew it, claims with their ruling and each violation at its "
                       "play and at its proof. Keys: right/left (or n/p) step, home/end, q quits.")
    r.add_argument("match", help=MATCH_HELP)
    r.add_argument("--db", help=DB_HELP)
    r.add_argument("--web", action="store_true", help="in the browser instead of the terminal")
    r.add_argument("--host", default="127.0.0.1", help="with --web: the address (default 127.0.0.1)")
    r.add_argument("--port", type=int, default=8766, help="with --web: the TCP port (default 8766)")
    r.add_argument("--plain", action="store_true", help="print every step as text and exit")
    r.add_argument("--step", type=int, default=1, help="the step to start at (1-based)")
    r.add_argument("--no-panel", action="store_true",
                   help="do not render the panel (it runs the firmware's drawing under micropython)")
    r.add_argument("--panels", metavar="DIR", help="keep the panel pictures in DIR (one PNG a step)")
    r.set_defaults(run=cmd_replay)

    s = sub.add_parser("stats", help="results, violations and claims over every recorded match",
                       description="What the match database says, per game: matches and hands, "
                       "results per team and per seat, violations per seat and per rule, points "
                       "per hand, claims made and refused.")
    s.add_argument("--db", help=DB_HELP)
    s.add_argument("--game", help="one game only")
    s.add_argument("--json", action="store_true", help="the figures as JSON")
    s.add_argument("--list", action="store_true", help="list the matches (their ids) instead")
    s.set_defaults(run=cmd_stats)

    o = sub.add_parser("report", help="a printable HTML page of one match",
                       description="Write one HTML page for a match, printable to PDF from the "
                       "browser: the hands, every trick, violations with their proofs, claims, a "
                       "plot of the running score and, for trick games, each hand's double-dummy "
                       "value and the points each side left on the table; and beside it the score "
                       "sheet, which prints on one A4 page.")
    o.add_argument("match", help=MATCH_HELP)
    o.add_argument("--db", help=DB_HELP)
    o.add_argument("--out", help="the HTML file (default: match-ID.html, or the log's name .html)")
    o.add_argument("--no-solve", action="store_true", help="leave out the double-dummy analysis")
    o.add_argument("--sheet", action="store_true", help="only the one-page score sheet (written beside "
                   "the full report in any case, as NAME.sheet.html: hands, points, scores, violations, "
                   "who played; one A4 page)")
    o.add_argument("--time-limit", type=_seconds, default=REPORT_LIMIT, metavar="SECONDS",
                   help="seconds the double-dummy analysis of one hand may take; a hand cut short says "
                   "so on the page (default %g; 0: no limit)" % REPORT_LIMIT)
    o.add_argument("--jobs", type=_jobs, default=_cores(), metavar="N",
                   help="processes weighing hands side by side (default: the cores, %d here)" % _cores())
    o.set_defaults(run=cmd_report)
