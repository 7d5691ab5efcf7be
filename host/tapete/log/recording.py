"""The recording of a table: the controller's log read from its port into the JSON
Lines log and the match database, for `tapete record` (cli/record.py), the board of
`tapete serve` (views/web.py) and the live terminal view (views/terminal.py).

Every line's crc and seq are checked and gaps asked for again (the Recorder,
link.py); the port survives an unplug (port.py); every event is appended to the log
and to the match database (store.py), flushed and committed one by one. Nothing is
ever truncated: an existing log is added to.
"""
import json
import os
import sys
import time

from ..errors import UsageError
from .link import NOT_HELD, LogAppender, Recorder
from .port import Port


def open_port(name, baud=115200, timeout=0.2, on_problem=None, reconnect_s=30.0):
    """The controller's port (port.Port): PortError when it cannot be used."""
    return Port(name, baud, timeout, reconnect_s, on_problem)


SILENT_S = 5.0      # seconds of nothing at all from a port before saying no table answers


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


def current_match(path):
    """The events of the log's last match when it is not over (a recorder started
    again carries on with it: its views show it from its `match` on), else []."""
    out = []
    try:
        with open(path, encoding="utf-8") as f:
            for line in f:
                try:
                    ev = json.loads(line)
                except ValueError:
                    continue
                if not isinstance(ev, dict):
                    continue
                if ev.get("ev") == "match":
                    out = [ev]
                elif out:
                    out.append(ev)
                    if ev.get("ev") == "match_end":
                        out = []
    except OSError:
        return []
    return out


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
           fresh=None, names=None, look_s=1.0, silent_s=SILENT_S):
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
    table: each is sent down as a host command between two reads. When nothing at
    all has come from the port `silent_s` seconds after the start, `on_problem` is
    told once that no table answers (it goes on listening). Returns the Recorder.
    """
    log = LogAppender(out_path)
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
    room_commands = getattr(db, "take_commands", None)

    def room_word():
        for cmd in room_commands():
            rec.send(cmd)
            if on_problem is not None and cmd.get("cmd") != "names":    # the round says them
                on_problem("the room's word sent to the table: " + describe_command(cmd))
    if new is not None and room_commands is not None:
        # The room's round and names first, so that the match starts with them (a
        # broker's retained message comes just after the subscription).
        db.wait_room()
        room_word()
    if names:
        from .names import commands
        for cmd in commands(names):
            rec.send(cmd)
    if new is not None:
        rec.send(new)
    else:
        rec.ask_resend(force=True)   # whatever it still holds from our next seq on
    last_event = last_look = started = time.monotonic()
    heard = False       # any line at all from the port (a table answers)
    interrupted = _StopOnCtrlC()
    try:
        while not (stop is not None and stop()) and not interrupted.asked:
            if room_commands is not None and not getattr(port, "away", False):
                room_word()     # kept while the port is away
            raw = port.readline()
            if refused:
                raise Refused("the table refused %s: %s" % (
                    "the new match" if refused[0][0] == "new" else "the players' names", refused[0][1]))
            now = time.monotonic()
            if getattr(port, "away", False):
                last_event = last_look = now    # unplugged: waiting for it is not silence
                continue
            if raw:
                heard = True
            elif not heard and silent_s is not None and now - started >= silent_s:
                heard = True        # said once
                if on_problem is not None:
                    on_problem("no table answers on %s after %d s (is it the table's port, and the table on?); "
                               "still listening" % (getattr(port, "name", None) or "the port", silent_s))
            ev = rec.feed(raw) if raw else None
            if ev is not None:
                last_event = last_look = now
                if ev.get("ev") == "match_end" and until_end:
                    break
                continue
            if idle_limit is not None and now - last_event >= idle_limit:
                break
            if now - last_look >= look_s:
                last_look = now
                rec.idle()      # a gap still open is asked again; else "where are you?"
    finally:
        interrupted.restore()
        log.close()
    rec.interrupted = interrupted.asked
    return rec


def describe_command(cmd):
    """One line for a room's host command sent to the table."""
    word = cmd.get("cmd")
    if word == "notice":
        return "%s, board %s (hand %s)" % (cmd.get("what"), cmd.get("board"), cmd.get("hand"))
    if word == "round":
        out = "round %s" % cmd.get("round")
        if cmd.get("table") is not None:
            out += ", table %s" % cmd["table"]
        if cmd.get("left") is not None:
            out += ", %d min left" % ((int(cmd["left"]) + 59) // 60)
        caps = cmd.get("caps") or {}
        if caps:
            out += ", caps " + ", ".join("%s %s" % (k, caps[k]) for k in ("points", "deals", "minutes") if k in caps)
        return out
    if word == "names":
        return "names " + "; ".join(", ".join(n or "-" for n in cmd[k]) for k in ("seats", "teams") if cmd.get(k))
    return json.dumps(cmd)


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


def default_log():
    """Today's log in the user's data folder (appended to all day)."""
    import platformdirs
    folder = os.path.join(platformdirs.user_data_dir("tapete", appauthor=False), "logs")
    os.makedirs(folder, exist_ok=True)
    return os.path.join(folder, time.strftime("%Y-%m-%d") + ".jsonl")
