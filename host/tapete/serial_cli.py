"""`tapete record PORT` and `tapete scoreboard LOG|PORT`.

Recording: every line's crc and seq are checked and gaps asked for again (the
Recorder, link.py); the port survives an unplug (port.py); every event is appended
to the JSON Lines log and to the match database (store.py), flushed and committed
one by one; the live terminal view (tui.py) or, with `--plain`, one line per
event shows the table. Nothing is ever truncated: an existing log is added to.
"""
import json
import os
import sys
import time

from .errors import UsageError
from .link import NOT_HELD, LogFile, Recorder
from .port import Port


def open_port(name, baud=115200, timeout=0.2, on_problem=None, reconnect_s=30.0):
    """The controller's port (port.Port): PortError when it cannot be used."""
    return Port(name, baud, timeout, reconnect_s, on_problem)


def parse_options(text):
    """--options as a dict; UsageError quoting the problem."""
    if not text:
        return None
    try:
        value = json.loads(text)
    except ValueError as err:
        raise UsageError("--options is not valid JSON (%s): %r; write e.g. "
                         "--options '{\"target\": 21}'" % (err, text))
    if not isinstance(value, dict):
        raise UsageError("--options must be a JSON object such as '{\"target\": 21}', got %r" % text)
    return value


def new_command(game, options=None, dealer=0):
    """The `new` command, checked against the rules first (unknown game, bad option)."""
    from .rules import games
    from .rules.errors import TableError
    try:
        games.get(game, options or {})
    except TableError as err:
        raise UsageError("--new: " + str(err))
    cmd = {"cmd": "new", "game": game, "dealer": dealer, "id": "new"}
    if options:
        cmd["options"] = options
    return cmd


def _new_command(args):
    if not getattr(args, "new", None):
        if getattr(args, "options", None):
            parse_options(args.options)
        return None
    return new_command(args.new, parse_options(args.options), args.dealer)


def _names(args, new):
    """The names of --names / --teams, checked (against the new match's seats and
    teams with --new); None when neither is given."""
    from . import names
    given = names.from_options(getattr(args, "names", None), getattr(args, "teams", None))
    if given and new is not None:
        from .rules import games
        game = games.get(new["game"], new.get("options") or {})
        # the table plays as many seats as it has readers, within the game's counts
        names.check_for_game(given, max(games.game_class(new["game"]).seat_counts), game.teams)
    return given


class Refused(UsageError):
    """The controller refused the `new` or a `names` command."""

    exit_code = 1


def log_tail(path):
    """(last seq, match over) of an existing log, to carry on without repeats."""
    last, over = None, True
    try:
        with open(path, encoding="utf-8") as f:
            for line in f:
                try:
                    ev = json.loads(line)
                except ValueError:
                    continue
                if not isinstance(ev, dict):
                    continue
                if isinstance(ev.get("seq"), int):
                    last = ev["seq"]
                if ev.get("ev") == "match":
                    over = False
                elif ev.get("ev") == "match_end":
                    over = True
    except OSError:
        pass
    return last, over


def log_position(out, new=None):
    """(first seq to ask for, fresh) for recording into the log `out`. Fresh: no
    match of the log goes on, so the recording starts at the controller's next
    `match` event; a log whose match is over still gives its last seq, so that
    match (still in the controller's journal) is not recorded twice."""
    if new is None and os.path.exists(out):
        last, over = log_tail(out)
        if last is not None:
            return last + 1, over
    return 0, True


def record(port, out_path, new=None, echo=sys.stdout, idle_limit=None, db=None,
           on_event=None, on_problem=None, until_end=None, stop=None, first_seq=0,
           fresh=None, names=None):
    """Record a controller's log from `port` into `out_path` (and the Store `db`).

    `echo` gets one line per event (None: quiet); `on_event(ev)` and
    `on_problem(text)` are told of each event and link problem; it stops after
    `idle_limit` seconds without an event, at the match's end when `until_end`
    (default: when idle_limit is set), or when `stop()` is true. `fresh` (default:
    first_seq is 0): nothing of the controller's current match is in the log, so the
    recording starts at its `match` (link.Recorder). `names` (a checked names
    object, tapete/names.py) is given to the table first, for the `new` match or,
    without one, the next match started at the table. A `db` that gives
    `take_commands()` (room_publish.Tee, `--mqtt`) has the room's notices for the
    table: each is sent down as a host command between two reads. Returns the Recorder.
    """
    log = LogFile(out_path)
    if until_end is None:
        until_end = idle_limit is not None
    refused = []

    def store(ev):
        log(ev)
        if db is not None:
            db.add(ev)
        if on_event is not None:
            on_event(ev)
        if echo is not None:
            echo.write(json.dumps(ev) + "\n")
            echo.flush()

    def reply(obj):
        if "error" in obj:
            if obj.get("id") in ("new", "names"):
                refused.append((obj["id"], obj["error"]))
            if on_problem is not None and not NOT_HELD.match(str(obj["error"])):
                on_problem("controller: " + str(obj.get("error")))

    rec = Recorder(port, store, reply, first_seq=first_seq, on_problem=on_problem,
                   fresh=first_seq == 0 if fresh is None else fresh)
    if hasattr(port, "on_reconnect"):
        port.on_reconnect = rec.reconnected
    if names:
        from .names import commands
        for cmd in commands(names):
            rec.send(cmd)
    if new is not None:
        rec.send(new)
    else:
        rec.ask_resend(force=True)   # whatever it still holds from our next seq on
    last_event = last_look = time.monotonic()
    interrupted = _StopOnCtrlC()
    room_commands = getattr(db, "take_commands", None)
    try:
        while not (stop is not None and stop()) and not interrupted.asked:
            if room_commands is not None and not getattr(port, "away", False):
                for cmd in room_commands():     # kept while the port is away
                    rec.send(cmd)
                    if on_problem is not None:
                        on_problem("the room's notice sent to the table: %s board %s (hand %s)"
                                   % (cmd.get("what"), cmd.get("board"), cmd.get("hand")))
            raw = port.readline()
            if refused:
                raise Refused("the table refused %s: %s" % (
                    "the new match" if refused[0][0] == "new" else "the players' names", refused[0][1]))
            now = time.monotonic()
            if getattr(port, "away", False):
                last_event = last_look = now    # unplugged: waiting for it is not silence
                continue
            ev = rec.feed(raw) if raw else None
            if ev is not None:
                last_event = last_look = now
                if ev.get("ev") == "match_end" and until_end:
                    break
                continue
            if idle_limit is not None and now - last_event >= idle_limit:
                break
            if now - last_look >= 1.0:
                last_look = now
                rec.idle()      # a gap still open is asked again; else "where are you?"
    finally:
        interrupted.restore()
        log.close()
    rec.interrupted = interrupted.asked
    return rec


class _StopOnCtrlC:
    """Ctrl-C asks the recording loop to stop between two events, so the event being
    stored reaches both the log and the database (in the main thread; elsewhere,
    as under the live view, the caller's `stop` does it)."""

    def __init__(self):
        import signal
        import threading
        self.asked = False
        self.old = None
        if threading.current_thread() is threading.main_thread():
            self.old = signal.signal(signal.SIGINT, self._ask)

    def _ask(self, signum, frame):
        self.asked = True

    def restore(self):
        if self.old is not None:
            import signal
            signal.signal(signal.SIGINT, self.old)
            self.old = None


def _open_db(args):
    from .store import Store
    db = Store(args.db)
    db.start(args.port)
    return db


def default_log():
    """Today's log in the user's data folder (appended to all day)."""
    import platformdirs
    folder = os.path.join(platformdirs.user_data_dir("tapete", appauthor=False), "logs")
    os.makedirs(folder, exist_ok=True)
    return os.path.join(folder, time.strftime("%Y-%m-%d") + ".jsonl")


def cmd_record(args):
    new = _new_command(args)
    args.names_given = _names(args, new)
    out = args.out or default_log()
    if os.path.isdir(out):
        raise UsageError("--out %s is a folder; name a log file" % out)
    first_seq, fresh = log_position(out, new)
    problems = []
    args.plain = args.plain or not sys.stdout.isatty()     # the live view needs a terminal

    def problem(text):
        problems.append(text)
        if args.plain:
            print("tapete record: " + text, file=sys.stderr, flush=True)

    port = open_port(args.port, args.baud, on_problem=problem, reconnect_s=args.reconnect)
    db = _open_db(args)
    if args.mqtt:       # a table without Wi-Fi in a room: every stored line also published
        from .room_publish import publishing
        db, _pub = publishing(db, args.mqtt, args.mqtt_password_file, args.mqtt_ca)
    print("tapete record: %s -> %s and %s%s" % (
        args.port, out, db.path, " (appending)" if os.path.exists(out) and os.path.getsize(out) else ""),
        file=sys.stderr, flush=True)
    try:
        if args.plain:
            from .view import TableView
            view = TableView()

            def show(ev):
                view.feed(ev)
                print(_plain_line(ev), flush=True)
            rec = record(port, out, new, echo=None, idle_limit=args.idle, db=db, on_event=show,
                         on_problem=problem, until_end=args.until_end, first_seq=first_seq,
                         fresh=fresh, names=args.names_given)
        else:
            from . import tui
            rec = tui.record_live(port, out, new, db, problem, args, first_seq, fresh)
    except KeyboardInterrupt:
        rec = None
    finally:
        port.close()
        if args.mqtt:
            db.close()      # waits for the broker's acks
    if rec is not None:
        print("%srecorded %d events to %s and %s (%d resends asked, %d bad lines, %d lost)"
              % ("stopped (Ctrl-C): " if getattr(rec, "interrupted", False) else "",
                 rec.events, out, db.path, rec.resends, rec.bad_lines, rec.lost), file=sys.stderr)
        if rec.lost:
            return 1
    return 0


def _plain_line(ev):
    from .view import describe_violation
    name = ev.get("ev")
    seq = ev.get("seq")
    head = "%5s " % ("" if seq is None else seq)
    if name == "violation":
        return head + "VIOLATION " + describe_violation(ev)
    body = dict((k, v) for k, v in ev.items() if k not in ("seq", "t", "crc"))
    return head + json.dumps(body)


def cmd_scoreboard(args):
    from .scoreboard import Scoreboard
    if os.path.isfile(args.source):
        board = Scoreboard()
        with open(args.source, encoding="utf-8") as f:
            for line in f:
                if line.strip():
                    try:
                        ev = json.loads(line)
                    except ValueError:
                        continue
                    if isinstance(ev, dict):
                        board.feed(ev)
        sys.stdout.write(board.render())
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


def scoreboard_live(port, out, stop=None, clear=True):
    """Show the table's state after each event, for as long as the port lives: any
    silence is waited through (the table may sit idle between hands)."""
    from .view import TableView, text_lines
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
    """Add `record` and `scoreboard` to the tapete command."""
    p = sub.add_parser("record", help="record a table's log from its USB serial port",
                       description="Record the table's log from its serial port into a JSON Lines "
                       "file and the match database, with a live view of the table.")
    p.add_argument("port", help="serial port, e.g. /dev/ttyACM0 (or the path `tapete sim --pty` prints)")
    p.add_argument("--out", help="the log file (JSON Lines); added to, never truncated "
                   "(default: today's log in the user's data folder)")
    p.add_argument("--db", help="the match database (default: tapete.sqlite in the user's data folder)")
    p.add_argument("--plain", action="store_true", help="one line per event instead of the live view (the default when the "
                        "output is not a terminal)")
    p.add_argument("--baud", type=int, default=115200)
    p.add_argument("--new", metavar="GAME", help="start a new match of GAME first")
    p.add_argument("--options", help="the new match's options as a JSON object")
    p.add_argument("--dealer", type=int, default=0, help="the new match's first dealer")
    p.add_argument("--names", metavar="A,B,...", help="the players' names, seat 0 first, comma "
                   "separated (a comma inside a name as \\, an empty place leaves a seat unnamed); "
                   "the table keeps them for its next matches until changed")
    p.add_argument("--teams", metavar="A,B", help="the teams' names, team 0 first (as --names)")
    p.add_argument("--idle", type=float, default=None,
                   help="stop after this many seconds without an event (default: run until Ctrl-C)")
    p.add_argument("--until-end", action="store_true", help="stop when the match ends")
    p.add_argument("--reconnect", type=float, default=30.0,
                   help="seconds to wait for an unplugged port to come back (default 30)")
    p.add_argument("--mqtt", metavar="URL", help="also publish every line to a room: "
                   "mqtts://TABLE@HOST:PORT/ROOM (docs/room.md)")
    p.add_argument("--mqtt-password-file", help="with --mqtt: the table's password, in a file")
    p.add_argument("--mqtt-ca", help="with --mqtt: the room's CA certificate (ca.crt)")
    p.set_defaults(run=cmd_record)
    s = sub.add_parser("scoreboard", help="a text scoreboard of a log file or a live port",
                       description="Print the scoreboard of a log file, or follow a live port "
                       "(through any silence, until Ctrl-C).")
    s.add_argument("source", help="a table log file, or a serial port")
    s.add_argument("--baud", type=int, default=115200)
    s.add_argument("--reconnect", type=float, default=30.0,
                   help="seconds to wait for an unplugged port to come back (default 30)")
    s.set_defaults(run=cmd_scoreboard)

