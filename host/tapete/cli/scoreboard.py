"""`tapete scoreboard LOG|PORT`: a plain text scoreboard of a log file, or of a live
port followed through any silence."""
import json
import os
import sys

from ..log.link import Recorder
from ..log.recording import open_port


def cmd_scoreboard(args):
    if os.path.isfile(args.source):
        sys.stdout.write(scoreboard_of_file(args.source))
        return 0
    port = open_port(args.source, args.baud, reconnect_s=args.reconnect,
                     on_problem=lambda text: print("tapete scoreboard: " + text, file=sys.stderr))
    try:
        scoreboard_live(port, sys.stdout)
    except KeyboardInterrupt:
        pass
    finally:
        port.close()
    return 0


def scoreboard_of_file(path):
    """The scoreboard after a log file: the live view's picture (views/state.py, on the rule
    module's one log fold), so a file and a port show the same state."""
    from ..views.state import TableView, text_lines
    view = TableView()
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.strip():
                try:
                    ev = json.loads(line)
                except ValueError:
                    continue
                if isinstance(ev, dict):
                    view.feed(ev)
    return "\n".join(text_lines(view.state())) + "\n"


def scoreboard_live(port, out, stop=None, clear=True):
    """Show the table's state after each event, for as long as the port lives: any
    silence is waited through (the table may sit idle between hands)."""
    from ..views.state import TableView, text_lines
    view = TableView()

    def show(ev):
        view.feed(ev)
        out.write(("\x1b[2J\x1b[H" if clear else "") + "\n".join(text_lines(view.state())) + "\n")
        out.flush()

    rec = Recorder(port, show, fresh=True)
    if hasattr(port, "on_reconnect"):
        port.on_reconnect = rec.reconnected
    rec.ask_resend(force=True)
    idle = 0
    while not (stop is not None and stop()):
        raw = port.readline()
        if not raw:
            idle += 1
            if idle % 5 == 0:
                rec.idle()
            continue
        rec.feed(raw)
    return view


def register(sub):
    """Add `scoreboard` to the tapete command."""
    s = sub.add_parser("scoreboard", help="a text scoreboard of a log file or a live port",
                       description="Print the scoreboard of a log file, or follow a live port "
                       "(through any silence, until Ctrl-C).")
    s.add_argument("source", help="a table log file, or a serial port")
    s.add_argument("--baud", type=int, default=115200)
    s.add_argument("--reconnect", type=float, default=30.0,
                   help="seconds to wait for an unplugged port to come back (default 30)")
    s.set_defaults(run=cmd_scoreboard)

