"""`tapete record PORT --out LOG` and `tapete scoreboard LOG|PORT`."""
import json
import os
import sys

from .link import LogFile, Recorder
from .scoreboard import Scoreboard


def open_port(name, baud=115200, timeout=1.0):
    """A pyserial port (readline returns b'' after `timeout` seconds of silence)."""
    import serial
    return serial.Serial(name, baud, timeout=timeout)


def _new_command(args):
    if not getattr(args, "new", None):
        return None
    cmd = {"cmd": "new", "game": args.new, "dealer": args.dealer}
    if args.options:
        cmd["options"] = json.loads(args.options)
    return cmd


def record(port, out_path, new=None, echo=sys.stdout, idle_limit=None):
    """Record a controller's log from `port` into `out_path`; the Recorder."""
    log = LogFile(out_path)
    board = Scoreboard()

    def store(ev):
        log(ev)
        board.feed(ev)
        if echo is not None:
            echo.write(json.dumps(ev) + "\n")
            echo.flush()

    def reply(obj):
        if echo is not None and "error" in obj:
            echo.write("controller: " + json.dumps(obj) + "\n")

    rec = Recorder(port, store, reply)
    if new is not None:
        rec.send(new)
    idle = 0
    try:
        while True:
            raw = port.readline()
            if not raw:
                idle += 1
                if idle_limit is not None and idle >= idle_limit:
                    break
                continue
            idle = 0
            ev = rec.feed(raw)
            if ev is not None and ev.get("ev") == "match_end" and idle_limit is not None:
                break
    except KeyboardInterrupt:
        pass
    finally:
        log.close()
    return rec


def cmd_record(args):
    port = open_port(args.port, args.baud)
    rec = record(port, args.out, _new_command(args), idle_limit=args.idle)
    print("recorded %d events to %s (%d resends asked, %d bad lines)"
          % (rec.events, args.out, rec.resends, rec.bad_lines), file=sys.stderr)
    return 0


def cmd_scoreboard(args):
    board = Scoreboard()
    if os.path.isfile(args.source):
        with open(args.source, encoding="utf-8") as f:
            for line in f:
                if line.strip():
                    try:
                        board.feed(json.loads(line))
                    except ValueError:
                        continue
        sys.stdout.write(board.render())
        return 0
    port = open_port(args.source, args.baud)

    def show(ev):
        board.feed(ev)
        sys.stdout.write("\x1b[2J\x1b[H" + board.render())
        sys.stdout.flush()

    rec = Recorder(port, show)
    rec.send({"cmd": "resend", "from": 0})
    try:
        rec.run()
    except KeyboardInterrupt:
        pass
    return 0


def register(sub):
    """Add `record` and `scoreboard` to the tapete command."""
    p = sub.add_parser("record", help="record a table's log from its USB serial port")
    p.add_argument("port", help="serial port, e.g. /dev/ttyACM0")
    p.add_argument("--out", required=True, help="the log file to write (JSON Lines)")
    p.add_argument("--baud", type=int, default=115200)
    p.add_argument("--new", metavar="GAME", help="start a new match of GAME first")
    p.add_argument("--options", help="the new match's options as a JSON object")
    p.add_argument("--dealer", type=int, default=0, help="the new match's first dealer")
    p.add_argument("--idle", type=int, default=None,
                   help="stop after this many silent seconds (default: run until Ctrl-C)")
    p.set_defaults(run=cmd_record)
    s = sub.add_parser("scoreboard", help="a text scoreboard of a log file or a live port")
    s.add_argument("source", help="a table log file, or a serial port")
    s.add_argument("--baud", type=int, default=115200)
    s.set_defaults(run=cmd_scoreboard)
