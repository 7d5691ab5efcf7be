"""`tapete record PORT`: the command.

The recording itself (crc and seq checked, gaps asked again, the log and the match
database written event by event) is recording.py, shared with `tapete serve`; here
the command picks what shows it: the live terminal view (views/terminal.py) or, with
`--plain`, one line per event.
"""
import json
import os
import sys

from ..errors import UsageError
from ..log.recording import Refused, default_log, log_position, log_tail, open_port, record  # noqa: F401 (callers name them here)


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


def new_command(game, options=None, dealer=0, profile=None):
    """The `new` command, checked against the rules first (unknown game, bad option).
    `profile`: a house-rule profile's name or file (docs/profiles.md): its options and
    laws, with `options` over them, and its name on the `match` event."""
    from ..rules import games
    from ..rules.errors import TableError
    name = None
    if profile is not None:
        from ..event import profiles
        prof = profiles.named(profile, game)
        merged = profiles.match_options(prof)
        merged.update(options or {})
        options, name, version = merged, prof["profile"], prof["version"]
    try:
        games.get(game, options or {})
    except TableError as err:
        raise UsageError("--new: " + str(err))
    cmd = {"cmd": "new", "game": game, "dealer": dealer, "id": "new"}
    if options:
        cmd["options"] = options
    if name is not None:
        cmd["profile"] = name
        cmd["profile_version"] = version    # the match event says which edition was played
    return cmd


def _new_command(args):
    if not getattr(args, "new", None):
        if getattr(args, "options", None):
            parse_options(args.options)
        return None
    return new_command(args.new, parse_options(args.options), args.dealer, getattr(args, "profile", None))


def _names(args, new):
    """The names of --names / --teams, checked (against the new match's seats and
    teams with --new); None when neither is given."""
    from ..log import names
    given = names.from_options(getattr(args, "names", None), getattr(args, "teams", None))
    if given and new is not None:
        from ..rules import games
        game = games.get(new["game"], new.get("options") or {})
        # the table plays as many seats as it has readers, within the game's counts
        names.check_for_game(given, max(games.game_class(new["game"]).seat_counts), game.teams)
    return given


def _open_db(args):
    from ..log.store import Store
    db = Store(args.db)
    db.start(args.port)
    return db


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
    pub = None
    if args.mqtt:       # a table without Wi-Fi in a room: every stored line also published
        from ..room.publish import publishing
        db, pub = publishing(db, args.mqtt, args.mqtt_password_file, args.mqtt_ca, log_path=out)
        _say_room(pub, args.mqtt, start=True)
    print("tapete record: %s -> %s and %s%s" % (
        args.port, out, db.path, " (appending)" if os.path.exists(out) and os.path.getsize(out) else ""),
        file=sys.stderr, flush=True)
    try:
        if args.plain:
            from ..views.state import TableView
            view = TableView()

            def show(ev):
                view.feed(ev)
                print(_plain_line(ev), flush=True)
            if new is None and not fresh:      # started again: the match the log carries on
                from ..log.recording import current_match
                for ev in current_match(out):
                    view.feed(ev)
                if view.match.game is not None:
                    from ..views.state import text_lines
                    from ..i18n import _
                    lines = text_lines(view.state())
                    score = [x for x in lines if x.startswith(_("score: "))]
                    print("tapete record: carrying on the log's match: " + "; ".join(lines[:1] + score[:1]),
                          file=sys.stderr, flush=True)
            rec = record(port, out, new, echo=None, idle_limit=args.idle, db=db, on_event=show,
                         on_problem=problem, until_end=args.until_end, first_seq=first_seq,
                         fresh=fresh, names=args.names_given, look_s=args.look_every)
        else:
            from ..views import terminal as tui
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
    if pub is not None:
        _say_room(pub, args.mqtt)
    if rec is not None and rec.lost:
        return 1
    return 0


def _say_room(pub, url, start=False):
    """The room's side on stderr: at the start, a broker away and what of the log it has
    not had; at the end, what it has not acknowledged (kept in the log, published at
    the next start: not lost)."""
    waiting = pub.waiting()
    if start:
        if not pub.connected.up:
            print("tapete record: the room's broker (%s) does not answer yet: recording here, publishing "
                  "when it comes" % url, file=sys.stderr, flush=True)
        if pub.republished:
            print("tapete record: %d lines of the log the room has not had: published first"
                  % pub.republished, file=sys.stderr, flush=True)
        return
    print("tapete record: the room: %s%s" % (
        "every line acknowledged" if not waiting else
        "%d lines not acknowledged yet (kept in the log: published at the next start)" % waiting,
        ", %d lines too long for the broker not sent" % pub.too_long if pub.too_long else ""),
        file=sys.stderr, flush=True)


def _plain_line(ev):
    from ..views.state import describe_violation
    name = ev.get("ev")
    seq = ev.get("seq")
    head = "%5s " % ("" if seq is None else seq)
    if name == "violation":
        return head + "VIOLATION " + describe_violation(ev)
    body = dict((k, v) for k, v in ev.items() if k not in ("seq", "t", "crc"))
    return head + json.dumps(body)


def register(sub):
    """Add `record` to the tapete command."""
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
    p.add_argument("--profile", metavar="NAME", help="the new match's house-rule profile (a name "
                   "`tapete games --profiles` lists, or a profile file); --options go over it")
    p.add_argument("--dealer", type=int, default=0, help="the new match's first dealer")
    p.add_argument("--names", metavar="A,B,...", help="the players' names, seat 0 first, comma "
                   "separated (a comma inside a name as \\, an empty place leaves a seat unnamed); "
                   "the table keeps them for its next matches until changed")
    p.add_argument("--teams", metavar="A,B", help="the teams' names, team 0 first (as --names)")
    p.add_argument("--idle", type=float, default=None,
                   help="stop after this many seconds without an event (default: run until Ctrl-C)")
    p.add_argument("--until-end", action="store_true", help="stop when the match ends")
    p.add_argument("--look-every", type=float, default=1.0, metavar="SECONDS",
                   help="seconds of silence before asking the controller where it is "
                   "(default 1; the emulated Pico's rig scales it to the emulator's speed)")
    p.add_argument("--reconnect", type=float, default=30.0,
                   help="seconds to wait for an unplugged port to come back (default 30)")
    p.add_argument("--mqtt", metavar="URL", help="also publish every line to a room: "
                   "mqtts://TABLE@HOST:PORT/ROOM (docs/room.md)")
    p.add_argument("--mqtt-password-file", help="with --mqtt: the table's password, in a file")
    p.add_argument("--mqtt-ca", help="with --mqtt: the room's CA certificate (ca.crt)")
    p.set_defaults(run=cmd_record)
