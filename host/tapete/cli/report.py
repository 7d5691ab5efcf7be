"""`tapete report MATCH`: one printable HTML page of a match and its one-page score
sheet (views/sheet.py, views/score_sheet.py do the work; this reads the command line)."""
import os
import sys

from ..errors import UsageError
from .common import DB_HELP, MATCH_HELP

# Seconds of CPU a hand's double-dummy analysis may take in `tapete report`: a safety
# net against a hand far dearer than any measured, not a budget a hand meets. Most
# hands of every game are weighed in a few seconds (bench/bench_solver.py); the
# dearest measured, hand 6 of `tapete sim --game botifarra --fast` (seed 2026, 15
# hands), takes 86-95 s of CPU (425M nodes; docs/solver-experiments.md, stop 35), and
# was cut short by the 20 s this limit was before. --time-limit 0 lifts it.
REPORT_LIMIT = 150.0


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


def cmd_report(args):
    from ..views import sheet
    from ..log.source import load
    loaded = load(args.match, args.db)
    out = args.out or _default_report_path(loaded)
    if os.path.isdir(out):
        raise UsageError("--out %s is a folder; name the HTML file to write" % out)
    from ..views import score_sheet
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


def register(sub):
    """Add `report` to the tapete command."""
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
                   help="seconds of CPU time the double-dummy analysis of one hand may take (its own "
                   "work: a busy machine cuts no hand an idle one weighs whole; each process of a hand "
                   "shared among several, what the hand had left when it was forked); a hand cut short "
                   "says so on the page (default %g; 0: no limit)" % REPORT_LIMIT)
    o.add_argument("--jobs", type=_jobs, default=_cores(), metavar="N",
                   help="processes weighing hands side by side, a hand's searches shared with "
                   "forked helpers while a core has no hand to weigh (default: the cores, %d here; "
                   "1: one process)" % _cores())
    o.set_defaults(run=cmd_report)
