"""`tapete serve [PORT or LOG]`: the live board in a browser."""
from .common import DB_HELP


def cmd_serve(args):
    from ..views import web
    return web.serve_command(args)


def register(sub):
    """Add `serve` to the tapete command."""
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
