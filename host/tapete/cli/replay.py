"""`tapete replay MATCH`: trick by trick, forwards and back, in the terminal, the
browser or as text."""
import os
import sys

from .common import DB_HELP, MATCH_HELP


def cmd_replay(args):
    """The replay in the terminal (Textual), the browser (--web) or as text (--plain):
    the command picks the front-end; replay.py, the steps, knows none of them."""
    from ..views.replay import Replay, plain
    from ..log.source import load
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
        from ..views import web
        web.run_server(web.replay_app(replay, start), args.host, args.port,
                       "tapete replay: %s (%d steps) on" % (loaded.label, len(replay.steps)))
        return 0
    if not sys.stdout.isatty():
        plain(replay, keep=bool(args.panels))
        return 0
    from ..views.terminal import ReplayView
    ReplayView(replay, start).run()
    return 0


def register(sub):
    """Add `replay` to the tapete command."""
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
