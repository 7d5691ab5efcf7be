"""`tapete serve`: the live board in a browser, and the browser side of `tapete replay`.

Starlette (an ASGI toolkit) serves the page and pushes the table's state with
server-sent events; uvicorn runs it. The state is view.TableView's, the same one
the terminal view draws: the page (web/board.js) redraws itself from it whole on
every push, so a browser that joins late or reconnects shows the same picture.

Where the events come from (one `Follower` thread feeding the `Board`):
  a serial port      recorded as `tapete record` records it (checked, resent,
                     appended to the log and the database), and shown;
  a log file         followed as it is written (read from its start, then polled);
  the database       the newest match (or --match ID), polled for new events,
                     moving on to each new match as it starts.
A push leaves within one poll (50 ms for a file, 100 ms for the database) of the
event reaching the laptop; bench/bench_serve.py measures it up to the page.
"""
import asyncio
import json
import os
import socket
import stat
import sys
import threading
import time

from .. import i18n
from ..errors import UsageError
from .state import TableView, spoken

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "web")
FILE_POLL_S = 0.05
DB_POLL_S = 0.1
KEEPALIVE_S = 15.0


class Board:
    """The state every browser sees, fed from one thread, read by many clients."""

    def __init__(self, source):
        self.source = source
        self.view = TableView()
        self.lock = threading.Lock()
        self.version = 0
        self.note = ""              # the link's last problem, or what it waits for
        self.down = False
        self.waiting = None         # a line for the page before any match
        self.loop = None
        self.wakers = set()

    def feed(self, ev):
        with self.lock:
            self.view.feed(ev)
            self.version += 1
        self._wake()

    def reset(self):
        with self.lock:
            self.view = TableView()
            self.version += 1
        self._wake()

    def say(self, text, down=False):
        with self.lock:
            self.note = text
            self.down = down
            self.version += 1
        self._wake()

    def message(self, lang=None):
        """(version, JSON text) of the current picture, its words in `lang`."""
        with self.lock:
            state = self.view.state()
            with i18n.using(lang):
                state["said"] = spoken(state)
            msg = {"state": state, "source": self.source, "note": self.note,
                   "down": self.down, "waiting": self.waiting}
            return self.version, json.dumps(msg)

    def _wake(self):
        loop = self.loop
        if loop is None:
            return
        for ev in list(self.wakers):
            loop.call_soon_threadsafe(ev.set)


def _asset(name):
    with open(os.path.join(HERE, name), encoding="utf-8") as f:
        return f.read()


def request_language(request):
    """The page's language: ?lang= (a code of locale/LINGUAS), else the browser's Accept-Language."""
    return i18n.choose(request.query_params.get("lang"), request.headers.get("accept-language"))


def _page(name, lang):
    """A page in `lang`: its <html lang>, and the catalogue the page's script reads (WORDS)."""
    words = json.dumps(i18n.words(lang), ensure_ascii=False).replace("</", "<\\/")
    head = '<script>const LANG = "%s"; const WORDS = %s;</script>' % (lang, words)
    return _asset(name).replace('<html lang="en"', '<html lang="%s"' % lang).replace("<!-- words -->", head)


def _static_routes():
    from starlette.responses import Response
    from starlette.routing import Route

    def asset(name, kind):
        async def handler(request):
            return Response(_asset(name), media_type=kind)
        return handler
    return [Route("/board.js", asset("board.js", "text/javascript")),
            Route("/board.css", asset("board.css", "text/css"))]


def board_app(board):
    """The Starlette app of the live board."""
    from starlette.applications import Starlette
    from starlette.responses import HTMLResponse, Response, StreamingResponse
    from starlette.routing import Route

    async def page(request):
        return HTMLResponse(_page("board.html", request_language(request)))

    async def state(request):
        return Response(board.message(request_language(request))[1], media_type="application/json")

    async def events(request):
        wake = asyncio.Event()
        lang = request_language(request)
        board.loop = asyncio.get_running_loop()
        board.wakers.add(wake)

        async def stream():
            sent = -1
            try:
                while True:
                    version, text = board.message(lang)
                    if version != sent:
                        sent = version
                        yield "data: %s\n\n" % text
                    try:
                        await asyncio.wait_for(wake.wait(), KEEPALIVE_S)
                    except asyncio.TimeoutError:
                        yield ": still here\n\n"
                    wake.clear()
            finally:
                board.wakers.discard(wake)
        return StreamingResponse(stream(), media_type="text/event-stream",
                                 headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})

    return Starlette(routes=[Route("/", page), Route("/state", state), Route("/events", events)]
                     + _static_routes())


def replay_app(replay, start=0):
    """The Starlette app of `tapete replay --web`: the page, every step, the panels."""
    from starlette.applications import Starlette
    from starlette.responses import FileResponse, HTMLResponse, Response
    from starlette.routing import Route
    said = {}

    def steps_in(lang):
        """Every step, its words in `lang` (made once per language asked for)."""
        if lang not in said:
            with i18n.using(lang):
                said[lang] = json.dumps({"steps": [replay.step_dict(i) for i in range(len(replay.steps))],
                                         "start": start, "label": replay.loaded.label,
                                         "panel_note": replay.panel_note})
        return said[lang]
    panels = dict((os.path.basename(s.panel), s.panel) for s in replay.steps if s.panel)

    async def page(request):
        return HTMLResponse(_page("replay.html", request_language(request)))

    async def all_steps(request):
        return Response(steps_in(request_language(request)), media_type="application/json")

    async def panel(request):
        path = panels.get(request.path_params["name"])
        if path is None:
            return Response("no such panel", status_code=404)
        return FileResponse(path, media_type="image/png")

    return Starlette(routes=[Route("/", page), Route("/steps", all_steps),
                             Route("/panel/{name}", panel)] + _static_routes())


# -- followers: where the events come from ------------------------------------------------
class Follower(threading.Thread):
    """A thread that feeds a Board until `stop` is set."""

    def __init__(self, board):
        threading.Thread.__init__(self, daemon=True)
        self.board = board
        self.stop = threading.Event()
        self.error = None


class FileFollower(Follower):
    """A log file being written: every complete line from the start, then each new one.
    A file that shrinks (replaced, or truncated) is read again from its start."""

    def __init__(self, board, path):
        Follower.__init__(self, board)
        self.path = path

    def run(self):
        f = None
        pos = 0
        rest = b""
        said = False
        while not self.stop.is_set():
            if f is None:
                try:
                    f = open(self.path, "rb")
                    pos, rest = 0, b""
                    self.board.say(i18n._("following %s") % self.path)
                except OSError:
                    if not said:
                        self.board.say(i18n._("waiting for %s to appear") % self.path)
                        said = True
                    self.stop.wait(FILE_POLL_S * 4)
                    continue
            try:
                size = os.fstat(f.fileno()).st_size
                if os.stat(self.path).st_ino != os.fstat(f.fileno()).st_ino or size < pos:
                    f.close()           # a new file under the name, or truncated
                    f = None
                    self.board.reset()
                    continue
            except OSError:
                self.stop.wait(FILE_POLL_S)
                continue
            data = f.read()
            if data:
                pos += len(data)
                lines = (rest + data).split(b"\n")
                rest = lines.pop()
                for raw in lines:
                    ev = _event(raw)
                    if ev is not None:
                        self.board.feed(ev)
            else:
                self.stop.wait(FILE_POLL_S)
        if f is not None:
            f.close()


def _event(raw):
    try:
        ev = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        return None
    return ev if isinstance(ev, dict) else None


class DbFollower(Follower):
    """The match database: the newest match (or one by id), new events as they land."""

    def __init__(self, board, path, match_id=None):
        Follower.__init__(self, board)
        self.path = path
        self.pinned = match_id

    def run(self):
        from ..log.store import Store
        store = Store(self.path, create=False)
        current, seen = None, -1
        try:
            while not self.stop.is_set():
                want = self.pinned or store.last_match()
                if want is None:
                    self.board.waiting = i18n._("no match in the database yet")
                    self.board.say(i18n._("waiting for a match in %s") % store.path)
                elif want != current:
                    current, seen = want, -1
                    self.board.reset()
                    self.board.say(i18n._("match %d in %s") % (current, store.path))
                if current is not None:
                    rows = store.db.execute("SELECT n, body FROM events WHERE match = ? AND n > ? ORDER BY n",
                                            (current, seen)).fetchall()
                    for n, body in rows:
                        seen = n
                        self.board.feed(json.loads(body))
                    store.db.commit()       # end the read transaction: see the writer's next commit
                self.stop.wait(DB_POLL_S)
        finally:
            store.close()


class PortFollower(Follower):
    """A serial port: recorded (log file and database) and shown."""

    def __init__(self, board, args):
        Follower.__init__(self, board)
        self.args = args
        from ..log.recording import default_log, open_port
        from ..log.store import Store
        self.out = args.out or default_log()
        self.port = open_port(args.port_name, args.baud, on_problem=self._problem, reconnect_s=args.reconnect)
        self.db = Store(args.db)
        self.db.start(args.port_name)

    def _problem(self, text):
        self.board.say(text, down="disconnected" in text)

    def run(self):
        from ..log.recording import log_position, record
        first, fresh = log_position(self.out)
        if not fresh:       # the match in the log goes on: show it from its start
            from ..log.source import from_file
            for ev in from_file(self.out).events:
                self.board.feed(ev)
        try:
            # fresh: the controller's match is recorded and shown from its `match`
            # (its journal holds it), even when it began before `serve` started
            record(self.port, self.out, None, echo=None, db=self.db, on_event=self.board.feed,
                   on_problem=self._problem, stop=self.stop.is_set, first_seq=first,
                   fresh=fresh)
        except Exception as err:        # a disconnect for good: shown, and the server stays up
            self.error = err
            self.board.say(str(err), down=True)
        finally:
            self.port.close()


def follower_for(args, board):
    """The follower for `tapete serve`'s source."""
    src = args.source
    if src is None or src == "db":
        from ..log.store import default_path
        path = args.db or default_path()
        if not os.path.exists(path):
            raise UsageError("no match database at %s (record a match first, or name one with --db)" % path)
        board.source = "match database %s" % path
        return DbFollower(board, path, args.match)
    if src.startswith(("socket://", "rfc2217://", "loop://")):
        kind = "port"
    elif os.path.exists(src):
        mode = os.stat(src).st_mode
        if stat.S_ISDIR(mode):
            raise UsageError("%s is a folder: give a serial port, a log file or nothing (the database)" % src)
        kind = "file" if stat.S_ISREG(mode) else "port"
    elif src.startswith("/dev/"):
        kind = "port"       # open_port says it is missing, in one line
    else:
        folder = os.path.dirname(os.path.abspath(src))
        if not os.path.isdir(folder):
            raise UsageError("no log %s and no folder %s for it: give a serial port, a log file or "
                             "nothing (the database)" % (src, folder))
        # a log not written yet (`tapete record --out` about to start): waited for, and said
        print("tapete serve: %s does not exist yet; the board waits for it to be written" % src,
              file=sys.stderr)
        kind = "file"
    if kind == "file":
        board.source = "log %s" % src
        return FileFollower(board, src)
    args.port_name = src
    board.source = "port %s" % src
    return PortFollower(board, args)


# -- running the server ---------------------------------------------------------------------
def check_free(host, port):
    """UsageError when the address cannot be listened on (in use, not ours)."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except socket.gaierror as err:
        raise UsageError("cannot listen on %s: %s" % (host, err))
    family, kind, proto, _name, addr = infos[0]
    s = socket.socket(family, kind, proto)
    try:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        s.bind(addr)
    except OSError as err:
        raise UsageError("cannot listen on %s:%d: %s (another `tapete serve`? choose one with --port)"
                         % (host, port, err.strerror or err))
    finally:
        s.close()


def run_server(app, host, port, banner):
    """Run uvicorn until Ctrl-C (or SIGTERM); print where to point the browser first."""
    import uvicorn
    check_free(host, port)
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else host
    print("%s: http://%s:%d/" % (banner, shown, port), flush=True)
    config = uvicorn.Config(app, host=host, port=port, log_level="warning", access_log=False,
                            timeout_graceful_shutdown=1)
    server = uvicorn.Server(config)
    server.run()


def serve_command(args):
    board = Board("")
    follower = follower_for(args, board)
    follower.start()
    try:
        run_server(board_app(board), args.host, args.port, "tapete serve: %s on" % board.source)
    finally:
        follower.stop.set()
        follower.join(5)
    if isinstance(follower, PortFollower):
        print("tapete serve: the log is in %s and %s" % (follower.out, follower.db.path), file=sys.stderr)
    return 0


def wait_until(predicate, timeout=10.0, step=0.02):
    """Poll `predicate` until true (tests and benches)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(step)
    return False
