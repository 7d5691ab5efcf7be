"""`tapete room`: a room of tables on one MQTT broker (docs/room.md).

  tapete room init FOLDER --room NAME --tables t1,t2,...   the broker's config, CA, passwords
  tapete room broker FOLDER                               Mosquitto on that config
  tapete room serve FOLDER [--db FILE] [--port 8780]      store every table's log, the board
  tapete room table-config FOLDER TABLE --ssid NAME       a Pico W's room.json (make deploy ROOM=FILE)
  tapete room records BOARDS --out FILE.html|.pdf         the session's hand records, to pre-deal it
"""
import os
import sys

from ..errors import UsageError
from ..i18n import N_
from ..room.lines import RoomError


def _tables(text):
    names = [t.strip() for t in (text or "").split(",") if t.strip()]
    if len(names) == 1 and names[0].isdigit():
        names = ["t%d" % (i + 1) for i in range(int(names[0]))]     # --tables 20
    return names


def cmd_init(args):
    from ..room.broker import init_room
    hosts = [h.strip() for h in (args.host_name or "").split(",") if h.strip()] or None
    info = init_room(args.folder, args.room, _tables(args.tables), args.listen, args.mqtt_port, hosts)
    from ..room.broker import conf_user, unreachable
    cannot = unreachable(args.folder)
    if cannot:
        print("tapete room: warning: the broker drops root to user %s, who cannot reach %s: `tapete "
              "room broker` will refuse to start (make the room in a folder that user can pass "
              "through, e.g. under /srv)" % (conf_user(args.folder), ", ".join(cannot)), file=sys.stderr)
    print("tapete room: room %s with %d tables in %s (broker on %s:%d, TLS, ACL, a password per table)"
          % (info["room"], len(info["tables"]), args.folder, info["host"], info["port"]))
    print("  keep secret: %s/ca.key, %s/broker.key and %s/secrets/ (give each table only its own "
          "password and ca.crt)" % ((args.folder,) * 3))
    return 0


def cmd_broker(args):
    from ..room.broker import Broker
    broker = Broker(args.folder).start()
    print("tapete room: mosquitto on %s:%d for room %s (Ctrl-C stops it)"
          % (broker.info["host"], broker.info["port"], broker.info["room"]), flush=True)
    try:
        broker.proc.wait()
    except KeyboardInterrupt:
        pass
    finally:
        broker.stop()
    return 0


def connector(folder=None, url=None, password_file=None, ca=None, user=None):
    """(room, host, port, connect) for the room folder or a broker address:
    `connect(client_id, clean)` makes a paho client with the right password and CA."""
    from ..room.broker import ROOM_USER, load_room, password
    from ..room.mqtt import Address, client, read_password
    if url:
        addr = Address(url)
        if not addr.room:
            raise RoomError("broker address %s: name the room at its end (.../ROOM)" % url)
        who = addr.user or user
        word = read_password(password_file) if password_file else None
        if folder and word is None and who:
            word = password(folder, who)
        cafile = ca or (os.path.join(folder, "ca.crt") if folder else None)
        if addr.tls and not cafile:
            raise RoomError("mqtts needs the room's CA: --ca ca.crt")
        room, host, port = addr.room, addr.host, addr.port
        cafile = cafile if addr.tls else None
    else:
        info = load_room(folder)
        who = user or ROOM_USER
        word = read_password(password_file) if password_file else password(folder, who)
        cafile = os.path.join(folder, "ca.crt")
        room, host, port = info["room"], info["host"], info["port"]

    def connect(client_id, clean):
        return client(client_id, who, word, cafile, clean)
    return room, host, port, connect


def cmd_serve(args):
    from ..room.server import RoomBoard, RoomServer
    from ..room.store import RoomStore
    from ..room.web import room_app
    from ..views.web import check_free, run_server
    if not args.folder and not args.mqtt:
        raise UsageError("name the room folder (tapete room init made it), or --mqtt URL")
    room, host, port, connect = connector(args.folder, args.mqtt, args.password_file, args.ca)
    db_path = args.db or (os.path.join(args.folder, "room.sqlite") if args.folder else None)
    if not db_path:
        raise UsageError("--db FILE: where the room's matches go")
    check_free(args.host, args.port)
    boards = None
    if args.boards:
        from ..room.boards import load_boards
        boards = load_boards(args.boards)
    schedule = None
    if args.event and args.schedule:
        raise UsageError("--event names every round's tables already: leave out --schedule")
    if args.event:
        from ..event import eventfile
        eventfile.load(args.event)      # a bad event file is said now, not in a thread
    if args.schedule:
        from ..room.schedule import load_schedule
        schedule = load_schedule(args.schedule)
    store = RoomStore(db_path)
    board = RoomBoard(room)
    server = RoomServer(store, board, room, connect, boards=boards, schedule=schedule)
    server.start(host, port)
    rounds = None
    if args.event:      # a round with a clock: each table told its round (room/rounds.py)
        from ..event.live import file_source
        from ..room.rounds import RoundAnnouncer
        rounds = RoundAnnouncer(room, file_source(args.event),
                                lambda topic, text: server.client.publish(topic, text, qos=1, retain=True))
        rounds.start()
    board.notice(N_("listening to the tables of room %(room)s on %(broker)s"),
                 {"room": room, "broker": "%s:%d" % (host, port)})
    print("tapete room: room %s from %s:%d into %s" % (room, host, port, store.path), file=sys.stderr, flush=True)
    try:
        view = None
        if args.event:
            from ..event.board import EventView
            view = EventView(args.event)
        run_server(room_app(board, store.path, boards, args.scoring, view), args.host, args.port,
                   "tapete room: the board of room %s on" % room)
    finally:
        if rounds is not None:
            rounds.stop()
        server.stop()
        store.close()
        c = server.counts()
        print("tapete room: %d lines received twice (stored once), %d bad, %d lost, %d resends asked"
              % (c["received_twice"], c["bad"], c["lost"], c["resends"]), file=sys.stderr)
    return 0


def cmd_table_config(args):
    from ..room.table_config import default_path, table_config, write_config
    if args.wifi_password_file:
        from ..room.mqtt import read_password
        word = read_password(args.wifi_password_file)
    elif sys.stdin.isatty():
        import getpass
        word = getpass.getpass("Wi-Fi password of %s (empty: an open network): " % args.ssid)
    else:
        raise UsageError("give the Wi-Fi password with --wifi-password-file FILE (never on the "
                         "command line: it would show in ps)")
    cfg, warnings = table_config(args.folder, args.table, args.ssid, word, args.host)
    path = write_config(args.out or default_path(args.folder, args.table), cfg, args.force)
    for w in warnings:
        print("tapete room: warning: " + w, file=sys.stderr)
    print("tapete room: %s for table %s of room %s (broker %s:%d, Wi-Fi %s): SECRET, it holds the "
          "table's and the Wi-Fi's passwords" % (path, cfg["table"], cfg["room"], cfg["host"], cfg["port"],
                                                cfg["ssid"]))
    print("  onto the Pico W: make deploy ROOM=%s" % path)
    return 0


def cmd_boards(args):
    import json
    from ..room.boards import make_boards
    from ..rules import games
    from ..rules.errors import TableError
    try:
        games.get(args.game, {})
    except TableError as err:
        raise UsageError(str(err))
    if args.count < 1:
        raise UsageError("--count must be at least 1")
    if os.path.exists(args.file):
        raise UsageError("%s exists: a boards file is never overwritten (the session may be under way)"
                         % args.file)
    with open(args.file, "w", encoding="utf-8") as f:
        for b in make_boards(args.game, args.count, args.seed):
            f.write(json.dumps(b) + "\n")
    print("tapete room: %d boards of %s in %s" % (args.count, args.game, args.file))
    return 0


def cmd_sheet(args):
    from ..room.boards import load_boards
    from ..room.duplicate import board_results, score, sheet_html
    from ..log.store import StoreError
    if not os.path.exists(args.db):
        raise StoreError("no room database at %s" % args.db)
    boards = load_boards(args.boards)
    results = score(board_results(args.db, args.room, boards), args.scoring)
    rounds = sorted(set(r["round"] for r in results))
    if args.round not in rounds:
        raise UsageError("round %s has no board played in room %s (rounds with boards: %s)"
                         % (args.round, args.room, ", ".join(map(str, rounds)) or "none"))
    page = sheet_html(args.room, args.round, results, args.scoring)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(page)
        print("tapete room: the results sheet of round %d in %s" % (args.round, args.out))
    else:
        sys.stdout.write(page)
    return 0


def cmd_records(args):
    from ..room.boards import load_boards
    from ..room.records import game_of, records_html, records_pdf
    boards = load_boards(args.boards)
    game = game_of(boards, args.game)
    if not args.out.endswith((".html", ".pdf")):
        raise UsageError("--out FILE.html or FILE.pdf: the hand records' page or document")
    if args.out.endswith(".pdf"):
        records_pdf(boards, args.out, game, args.room)
    else:
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(records_html(boards, game, args.room))
    print("tapete room: the hand records of %d boards in %s" % (len(boards), args.out))
    return 0


def register(sub):
    """Add `room` (init, broker, serve) to the tapete command."""
    p = sub.add_parser("room", help="a room of tables on one MQTT broker: set up, broker, board",
                       description="A room of tables on one MQTT broker (docs/protocol.md 1.2, Rooms): "
                       "set up the broker (TLS, ACL, a password per table), run it, and serve the "
                       "room: every table's log stored once, the room board in a browser.")
    rs = p.add_subparsers(dest="room_command", required=True)
    i = rs.add_parser("init", help="make a room folder: Mosquitto config, CA, passwords, ACL")
    i.add_argument("folder", help="a new folder for the room (its secrets live there)")
    i.add_argument("--room", required=True, help="the room's name (letters, digits, - and _)")
    i.add_argument("--tables", required=True, help="the tables' names, comma separated (or a "
                   "number N: t1..tN)")
    i.add_argument("--listen", default="127.0.0.1", help="the address the broker listens on "
                   "(default loopback; 0.0.0.0 for the club's Wi-Fi)")
    i.add_argument("--mqtt-port", type=int, default=8883, help="the broker's TLS port (default 8883)")
    i.add_argument("--host-name", help="names and addresses the tables reach the broker by, comma "
                   "separated (the certificate is made for them; default 127.0.0.1,localhost)")
    i.set_defaults(run=cmd_init)
    b = rs.add_parser("broker", help="run Mosquitto on a room folder's config")
    b.add_argument("folder")
    b.set_defaults(run=cmd_broker)
    s = rs.add_parser("serve", help="store every table's log once and serve the room board")
    s.add_argument("folder", nargs="?", help="the room folder (its room user's password and CA)")
    s.add_argument("--mqtt", help="or a broker address mqtts://USER@HOST:PORT/ROOM")
    s.add_argument("--password-file", help="with --mqtt: a file holding the user's password")
    s.add_argument("--ca", help="with --mqtt: the room's CA certificate")
    s.add_argument("--db", help="the room database (default: room.sqlite in the room folder); "
                   "`tapete stats --db` and `tapete audit N --db` read it")
    s.add_argument("--host", default="127.0.0.1", help="the board's address (0.0.0.0: the "
                   "club's network)")
    s.add_argument("--port", type=int, default=8780, help="the board's TCP port (default 8780)")
    s.add_argument("--boards", help="duplicate play: the session's boards file (each hand "
                   "checked against its board; results sheets at /sheet/ROUND)")
    s.add_argument("--event", metavar="FILE", help="an event file (tapete event): each table is told "
                   "its round, names, caps and time left (docs/tournaments.md), and the board shows the standings")
    s.add_argument("--schedule", help="who sits where in each round (JSON Lines: round, "
                   "table, seats, teams; docs/room.md): each table's next match carries "
                   "its players' names")
    s.add_argument("--scoring", choices=("matchpoints", "total"), default="matchpoints",
                   help="duplicate scoring (default matchpoints; docs/room.md)")
    s.set_defaults(run=cmd_serve)
    c = rs.add_parser("table-config", help="write a Pico W's room.json (for make deploy ROOM=FILE)",
                      description="The room.json a Pico W in the room reads from its flash: the "
                      "broker's address and port, the room's CA, the table's name and password "
                      "(from the room folder), and the Wi-Fi network the organiser gives. The file "
                      "is secret; `make deploy ROOM=FILE` puts it on the Pico W.")
    c.add_argument("folder", help="the room folder (tapete room init made it)")
    c.add_argument("table", help="the table's name (one of the room's tables)")
    c.add_argument("--ssid", required=True, help="the Wi-Fi network's name")
    c.add_argument("--wifi-password-file", help="a file holding the Wi-Fi password (else it is asked "
                   "for on the terminal); an empty file: an open network")
    c.add_argument("--host", help="the broker's address as the table reaches it (default: the room's, "
                   "from init's --host-name; it must be one the broker's certificate names)")
    c.add_argument("--out", help="where to write it (default FOLDER/secrets/tables/TABLE.json); "
                   "a new file: never written through a file or a link already there")
    c.add_argument("--force", action="store_true", help="replace a file already at --out (a link "
                   "there is removed, never followed)")
    c.set_defaults(run=cmd_table_config)
    d = rs.add_parser("boards", help="deal a duplicate session's boards into a boards file")
    d.add_argument("file", help="the boards file to write (JSON Lines, docs/protocol.md 1.2)")
    d.add_argument("--game", default="botifarra", help="the game (default botifarra)")
    d.add_argument("--count", type=int, default=8, help="how many boards (default 8)")
    d.add_argument("--seed", type=int, default=1, help="the shuffle (default 1)")
    d.set_defaults(run=cmd_boards)
    r = rs.add_parser("records", help="the printable hand records of a session's boards, to pre-deal "
                      "them (HTML or PDF)")
    r.add_argument("boards", help="the session's boards file")
    r.add_argument("--out", required=True, help="FILE.html or FILE.pdf")
    r.add_argument("--game", help="the game (default: the one the boards file names)")
    r.add_argument("--room", help="the room's name, for the title")
    r.set_defaults(run=cmd_records)
    h = rs.add_parser("sheet", help="the printable duplicate results sheet of a round (HTML)")
    h.add_argument("db", help="the room database")
    h.add_argument("--room", required=True)
    h.add_argument("--boards", required=True, help="the session's boards file")
    h.add_argument("--round", type=int, required=True)
    h.add_argument("--scoring", choices=("matchpoints", "total"), default="matchpoints")
    h.add_argument("--out", help="write the page here (default: standard output)")
    h.set_defaults(run=cmd_sheet)
