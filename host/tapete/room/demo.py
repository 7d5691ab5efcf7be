"""`make room-demo TABLES=N`: a room on this machine, end to end.

Mosquitto on loopback with the room's ACL and TLS (`tapete room init`), the room
server (`tapete room serve`, its own process), and N simulated tables (sim/room_table.py)
each playing whole matches of mixed games and publishing every line over MQTT as a
table does (room/publish.py). A client of the room board's event stream notes when
each line shows on the board. At the end: every line the tables published is looked
for in the room database (lost), every stored line counted (duplicated), every match
audited; one summary line:

    room: N tables, M matches stored, L lost, D duplicated, board p95 X ms

`--duplicate B` (make room-demo DUPLICATE=1): a duplicate session instead, B boards of
Botifarra dealt into out/room/boards.jsonl, the room served with them, every table
playing the boards round after round (a new pair of sides at each); the line then
adds how many matches the room lists as played and where the results sheets and the
hand records (HTML, PDF) are.
Exit status 1 when anything was lost or duplicated or a match did not audit clean.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import threading
import time
import urllib.request

from .broker import Broker, init_room, password
from .mqtt import client
from .publish import TablePublisher
from ..sim.room_table import DEMO_GAMES, match_lines

DUPLICATE_GAME = "botifarra"    # the duplicate demo's game (a trick game played by pairs)


def free_port():
    import socket
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


class BoardWatch(threading.Thread):
    """Reads the room board's server-sent events: when each table's seq first showed."""

    def __init__(self, url):
        threading.Thread.__init__(self, daemon=True)
        self.url = url
        self.shown = {}             # table -> [(seq, time)] in order
        self.lock = threading.Lock()

    def run(self):
        while True:
            try:
                with urllib.request.urlopen(self.url, timeout=60) as resp:
                    for raw in resp:
                        if raw.startswith(b"data: "):
                            self._note(json.loads(raw[6:]), time.time())
            except OSError:
                time.sleep(0.2)

    def _note(self, summary, now):
        with self.lock:
            for t in summary["tables"]:
                seen = self.shown.setdefault(t["table"], [])
                if t.get("seq") is not None and (not seen or t["seq"] > seen[-1][0]):
                    seen.append((t["seq"], now))

    def shown_at(self, table, seq):
        """When the board first showed the table at `seq` or later (None: not yet)."""
        with self.lock:
            for s, at in self.shown.get(table, []):
                if s >= seq:
                    return at
        return None


class BoardWatchProcess:
    """BoardWatch in a process of its own (python -m tapete.room.demo --watch URL), as a
    browser is: the tables' threads in this process do not delay its reading. Its notes
    ("table seq time" lines) are read back with `collect()`."""

    def __init__(self, url, path):
        self.path = path
        self.out = open(path, "w")
        self.proc = subprocess.Popen([sys.executable, "-m", "tapete.room.demo", "--watch", url],
                                     stdout=self.out, stderr=subprocess.DEVNULL)
        self.shown = {}

    def collect(self):
        self.proc.terminate()
        self.proc.wait(10)
        self.out.close()
        with open(self.path) as f:
            for line in f:
                table, seq, at = line.split()
                self.shown.setdefault(table, []).append((int(seq), float(at)))

    def shown_at(self, table, seq):
        """When the board first showed the table at `seq` or later (None: never)."""
        for s, at in self.shown.get(table, []):
            if s >= seq:
                return at
        return None


def watch_main(url):
    """The watcher process: one line per table whose seq on the board went up."""
    last = {}
    while True:
        try:
            with urllib.request.urlopen(url, timeout=60) as resp:
                for raw in resp:
                    if not raw.startswith(b"data: "):
                        continue
                    now = time.time()
                    for t in json.loads(raw[6:])["tables"]:
                        s = t.get("seq")
                        if s is not None and s > last.get(t["table"], -1):
                            last[t["table"]] = s
                            sys.stdout.write("%s %d %.4f\n" % (t["table"], s, now))
                    sys.stdout.flush()
        except OSError:
            time.sleep(0.2)


def play_table(pub, table_index, matches, pace_s, sent, seed, boards=None):
    """One simulated table: its matches one after another, a line every pace_s. With
    `boards` (duplicate: the session's, in order), each match is a round of the
    session: the boards dealt as the file says, one hand each, and the table stops
    after the last (the room lists the round as played)."""
    seq = 0
    for k in range(matches):
        game = DEMO_GAMES[(table_index + k) % len(DEMO_GAMES)] if boards is None else DUPLICATE_GAME
        names = {"teams": ["%s-%s" % (pub.table, side) for side in ("north-south", "east-west")]}
        if boards is not None:      # a new pair of sides each round, as a movement moves them
            names = {"teams": ["pair %d" % (2 * ((table_index + k) % 99) + 1),
                               "pair %d" % (2 * ((table_index + 2 * k) % 99) + 2)]}
        lines = (match_lines(game, seed * 1000 + table_index * 37 + k, seq, names=names) if boards is None
                 else match_lines(game, seed * 1000 + table_index * 37 + k, seq, options={"target": 9999},
                                  names=names, boards=boards, rnd=k + 1))
        for ev in lines:
            seq = ev["seq"] + 1
            sent.append((ev["seq"], time.time()))
            pub.publish(ev)
            time.sleep(pace_s)


def percentile(values, p):
    if not values:
        return None
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100.0 * (len(values) - 1))))]


def run(tables, out, matches=1, pace_s=0.02, seed=1, timeout_s=600, quiet=False, boards=0):
    """The demo; returns (summary dict, exit status). `boards` > 0: a duplicate session
    of that many boards (`matches` rounds), its hand records and results sheets written
    beside the database."""
    from ..judge.audit import audit_lines
    from .store import RoomStore
    folder = os.path.join(out, "broker")
    db_path = os.path.join(out, "room.sqlite")
    for path in (folder, db_path, db_path + "-wal", db_path + "-shm"):
        if os.path.isdir(path):
            shutil.rmtree(path)
        elif os.path.exists(path):
            os.remove(path)
    os.makedirs(out, exist_ok=True)
    names = ["t%d" % (i + 1) for i in range(tables)]
    info = init_room(folder, "demo", names, port=free_port())
    session, boards_path = None, os.path.join(out, "boards.jsonl")
    if boards:
        from .boards import load_boards, make_boards
        with open(boards_path, "w", encoding="utf-8") as f:
            for b in make_boards(DUPLICATE_GAME, boards, seed):
                f.write(json.dumps(b) + "\n")
        loaded = load_boards(boards_path)
        session = [dict(loaded[n], board=n) for n in sorted(loaded)]
    broker = Broker(folder).start()
    web_port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "tapete.cli", "room", "serve", folder, "--db", db_path,
                               "--port", str(web_port)] + (["--boards", boards_path] if boards else []),
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    pages = {}
    pubs, threads, sent = [], [], {}
    try:
        _wait_listening(web_port, server)
        watch = BoardWatch("http://127.0.0.1:%d/events" % web_port)
        watch.start()
        ca = os.path.join(folder, "ca.crt")
        started = time.time()
        for i, name in enumerate(names):
            word = password(folder, name)
            pub = TablePublisher("demo", name, lambda cid, clean, n=name, w=word: client(cid, n, w, ca, clean))
            pub.start(info["host"], info["port"])
            pubs.append(pub)
            sent[name] = []
            th = threading.Thread(target=play_table, args=(pub, i, matches, pace_s, sent[name], seed, session),
                                  daemon=True)
            threads.append(th)
        for th in threads:
            th.start()
        for th in threads:
            th.join()
        played_s = time.time() - started
        # Every line on the board (the last of each table), or the time is up.
        deadline = time.time() + timeout_s
        while time.time() < deadline:
            if all(watch.shown_at(n, sent[n][-1][0]) for n in names if sent[n]):
                break
            time.sleep(0.1)
        for pub in pubs:
            pub.stop()
        if boards:
            pages = _duplicate_pages(web_port, out, matches)
    finally:
        server.terminate()
        try:
            _out, err = server.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
            _out, err = server.communicate()
        broker.stop()
    store = RoomStore(db_path)
    stored = dict(((r, t, s), 1) for r, t, s in store.db.execute("SELECT room, tbl, seq FROM room_lines"))
    lost = sum(1 for n in names for s, _ in sent[n] if ("demo", n, s) not in stored)
    dup = store.db.execute(
        "SELECT COALESCE(SUM(c - 1), 0) FROM (SELECT r.tbl, e.seq, COUNT(*) AS c FROM events e"
        " JOIN room_matches r ON r.match = e.match WHERE e.seq IS NOT NULL GROUP BY r.tbl, e.seq)"
        " WHERE c > 1").fetchone()[0]
    unclean = []
    ms = store.matches()
    for m in ms:
        a = audit_lines(store.store.lines(m["match"]))
        # a duplicate round ends with its boards, not a match_end (the room lists it played)
        if a.get("errors") or a.get("disagreements") or (m["reason"] is None and not boards):
            unclean.append(m["match"])
    store.close()
    latencies = []
    for n in names:
        for s, at in sent[n]:
            shown = watch.shown_at(n, s)
            if shown is not None:
                latencies.append((shown - at) * 1000.0)
    p95 = percentile(latencies, 95)
    summary = {"tables": tables, "matches": len(ms), "lost": lost, "duplicated": dup,
               "board_p95_ms": p95, "unclean": unclean, "lines": sum(len(v) for v in sent.values()),
               "played_s": played_s, "server_stderr": err, "boards": boards, "pages": pages}
    ok = lost == 0 and dup == 0 and not unclean and len(ms) == tables * matches
    if boards:
        ok = ok and len(pages.get("sheets", [])) == matches and pages.get("played") == tables * matches
    return summary, 0 if ok else 1


def _duplicate_pages(web_port, out, rounds):
    """The duplicate session's pages as the room serves them, written beside the
    database: each round's results sheet, the hand records (HTML and PDF), and how
    many matches the room lists as played (every board)."""
    from .boards import load_boards
    from .records import records_pdf
    base = "http://127.0.0.1:%d" % web_port
    got = {"sheets": []}
    deadline = time.time() + 30
    while time.time() < deadline:       # the last lines stored: every match played
        with urllib.request.urlopen(base + "/standings", timeout=30) as resp:
            st = json.loads(resp.read())
        got["played"] = sum(1 for r in st["rounds"] for m in r["matches"] if m["over"])
        if got["played"] == sum(len(r["matches"]) for r in st["rounds"]) and st["rounds"]:
            break
        time.sleep(0.2)
    for r in st["rounds"]:
        if r.get("sheet"):
            path = os.path.join(out, "sheet-%d.html" % r["round"])
            with urllib.request.urlopen(base + r["sheet"]["href"], timeout=30) as resp, open(path, "wb") as f:
                f.write(resp.read())
            got["sheets"].append(path)
    got["records"] = os.path.join(out, "records.html")
    with urllib.request.urlopen(base + st["records"]["href"], timeout=30) as resp, open(got["records"], "wb") as f:
        f.write(resp.read())
    records_pdf(load_boards(os.path.join(out, "boards.jsonl")), os.path.join(out, "records.pdf"), DUPLICATE_GAME, "demo")
    return got


def _wait_listening(port, proc, wait_s=60):
    import socket
    deadline = time.time() + wait_s
    while time.time() < deadline:
        if proc.poll() is not None:
            raise RuntimeError("tapete room serve stopped: " + proc.communicate()[1])
        try:
            socket.create_connection(("127.0.0.1", port), 0.2).close()
            return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError("tapete room serve did not listen within %d s" % wait_s)


def summary_line(s):
    p95 = "?" if s["board_p95_ms"] is None else "%.0f" % s["board_p95_ms"]
    line = "room: %d tables, %d matches stored, %d lost, %d duplicated, board p95 %s ms" % (
        s["tables"], s["matches"], s["lost"], s["duplicated"], p95)
    if s.get("boards"):
        pages = s["pages"]
        line += "; duplicate: %d boards, %d of %d matches played, sheets %s, hand records %s" % (
            s["boards"], pages.get("played", 0), s["matches"], " ".join(pages.get("sheets", [])) or "none",
            pages.get("records"))
    return line


def main(argv=None):
    if argv is None and sys.argv[1:2] == ["--watch"]:
        return watch_main(sys.argv[2])
    p = argparse.ArgumentParser(prog="python -m tapete.room.demo", description=__doc__.split("\n\n")[0])
    p.add_argument("--tables", type=int, default=4)
    p.add_argument("--matches", type=int, default=1, help="matches per table (default 1)")
    p.add_argument("--out", default="out/room")
    p.add_argument("--pace", type=float, default=0.1, help="seconds between a table's lines (default 0.1: ten times a real table)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--duplicate", type=int, default=0, metavar="BOARDS",
                   help="a duplicate session of BOARDS boards (Botifarra), --matches rounds, every "
                        "table dealing from the boards; the sheets and hand records written to --out")
    args = p.parse_args(argv)
    t = time.time()
    s, code = run(args.tables, args.out, args.matches, args.pace, args.seed, boards=args.duplicate)
    print("room-demo: %d lines from %d tables played in %.1f s (%.1f s in all); db %s"
          % (s["lines"], s["tables"], s["played_s"], time.time() - t, os.path.join(args.out, "room.sqlite")))
    if s["unclean"]:
        print("room-demo: matches not auditing clean: %s" % s["unclean"])
    for line in s["server_stderr"].splitlines():
        if line.startswith("tapete room:") and "lines received twice" in line:
            print(line)
    print(summary_line(s))
    return code


if __name__ == "__main__":
    sys.exit(main())
