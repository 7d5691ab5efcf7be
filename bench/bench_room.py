"""A room under load: many tables on one broker for a while, the broker restarted once
and one table cut off the network for a minute; nothing may be lost or duplicated.

    .venv/bin/python bench/bench_room.py                      # 100 tables, 10 minutes
    .venv/bin/python bench/bench_room.py --tables 20 --minutes 2 --cut 20
    .venv/bin/python bench/bench_room.py --tables 100 --pace 0.1 --flood 10000   # issue 36

`--flood N`: at 40% of the run one table (not the cut one) publishes N lines at once
(`x-flood` lines in its own numbering: the audit ignores them) in the middle of its
match, from a process of its own (a real table is its own device: in the bench's
process its burst held the interpreter's lock from the other tables' threads); the other tables' latency from the flood's start until 10 s after its last
line is reported apart, beside the steady figure (issue 36: within 2x of it).

Mosquitto with the room's TLS and ACL (tapete room init), the room server as its own
process (tapete room serve), the tables in this process (sim/room_table.py's matches
back to back, one line every --pace seconds each: a real table sends about one a
second), and a client of the room board's event stream that notes when each line
shows on the board (in a process of its own, as a browser is). Reported: event -> room board latency (p50, p95, max; the cut
table's lines held back during its cut are reported apart: they are late on purpose),
lines lost and duplicated, matches audited, and the CPU (seconds, and per cent of one
core over the run) and memory (peak resident set) of the room server and of the broker
(the Mosquitto process this bench starts, and the one that replaces it at the restart),
each from its /proc/<pid>/stat and status.
"""
import argparse
import json
import os
import subprocess
import sys
import threading
import time

from tapete.room.broker import Broker, init_room, password
from tapete.room.demo import BoardWatchProcess, _wait_listening, free_port, percentile
from tapete.rules.match import DERIVED, DERIVED_X
from tapete.room.mqtt import client
from tapete.room.publish import TablePublisher
from tapete.sim.room_table import DEMO_GAMES, match_lines


def proc_usage(pid):
    """(CPU seconds, peak RSS in MB) of a process, from /proc."""
    with open("/proc/%d/stat" % pid) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    cpu = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    peak = 0
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith("VmHWM:"):
                peak = int(line.split()[1]) / 1024.0
    return cpu, peak


class Table(threading.Thread):
    """One table: matches back to back until `until`, a line every `pace` seconds.
    While `cut` is set its lines are held (the table's network is down) and published
    when it clears."""

    def __init__(self, pub, index, until, pace, seed):
        threading.Thread.__init__(self, daemon=True)
        self.pub, self.index, self.until, self.pace, self.seed = pub, index, until, pace, seed
        self.sent = []              # (seq, time made)
        self.cut = threading.Event()
        self.held = []
        self.matches = 0
        self.flood_at = None        # time.time() to publish `flood` lines at once
        self.flood = 0
        self.flooded = None         # (start, end) of the flood

    def _flood(self, seq):
        """`flood` lines at once from `seq`; the seq after them."""
        t0 = time.time()
        for _ in range(self.flood):
            self.sent.append((seq, time.time()))
            self.pub.publish({"ev": "x-flood", "seq": seq, "pad": "f" * 64})
            seq += 1
        self.flooded = (t0, time.time())
        self.flood_at = None
        return seq

    def run(self):
        seq, k, shift = 0, 0, 0
        while time.time() < self.until:
            game = DEMO_GAMES[(self.index + k) % len(DEMO_GAMES)]
            for ev in match_lines(game, self.seed * 7919 + self.index * 101 + k, seq - shift,
                                  names={"teams": ["%s-ns" % self.pub.table, "%s-ew" % self.pub.table]}):
                if time.time() >= self.until and ev["ev"] not in DERIVED + DERIVED_X:
                    break           # the evening ends mid-match (after a play's conclusions)
                if self.flood_at is not None and time.time() >= self.flood_at and ev["ev"] not in DERIVED:
                    after = self._flood(ev["seq"] + shift)
                    shift = after - ev["seq"]
                ev = dict(ev, seq=ev["seq"] + shift)
                seq = ev["seq"] + 1
                self.sent.append((ev["seq"], time.time()))
                if self.cut.is_set():
                    self.held.append(ev)
                else:
                    for old in self.held:
                        self.pub.publish(old)
                    self.held = []
                    self.pub.publish(ev)
                time.sleep(self.pace)
            k += 1
            self.matches += 1
        for old in self.held:
            self.pub.publish(old)


class TableProcess:
    """The flooding table in a process of its own, as a real table is its own device:
    in the bench's process its burst (10,000 publishes in a fraction of a second) held
    the interpreter's lock from the other 99 tables' threads and their MQTT clients,
    and the delay of their lines was the bench's, not the room's. It runs `Table` there
    (`--one-table CONFIG`) and writes what it sent when it is done."""

    def __init__(self, cfg, path):
        self.cfg, self.path = cfg, path
        self.pub = type("Pub", (), {"table": cfg["name"], "resent": 0, "stop": lambda self: None})()
        self.sent, self.flooded, self.matches = [], None, 0
        self.cut = threading.Event()        # never cut (the cut table is another)
        with open(path + ".json", "w") as f:
            json.dump(cfg, f)
        self.proc = None

    def start(self):
        self.proc = subprocess.Popen([sys.executable, os.path.abspath(__file__), "--one-table", self.path + ".json"])

    def join(self):
        self.proc.wait()
        with open(self.path + ".out") as f:
            got = json.load(f)
        self.sent = [tuple(x) for x in got["sent"]]
        self.flooded = tuple(got["flooded"]) if got["flooded"] else None
        self.pub.resent, self.matches = got["resent"], got["matches"]


def one_table(path):
    """--one-table CONFIG: one table (the flooder) in this process; what it sent to CONFIG's .out."""
    with open(path) as f:
        cfg = json.load(f)
    ca = os.path.join(cfg["folder"], "ca.crt")
    word = password(cfg["folder"], cfg["name"])
    pub = TablePublisher("bench", cfg["name"], lambda cid, clean: client(cid, cfg["name"], word, ca, clean))
    pub.start(cfg["host"], cfg["port"])
    t = Table(pub, cfg["index"], cfg["until"], cfg["pace"], cfg["seed"])
    t.flood, t.flood_at = cfg["flood"], cfg["flood_at"]
    t.run()
    time.sleep(10)                  # the room's asks after the last line answered
    out = {"sent": t.sent, "flooded": t.flooded, "resent": pub.resent, "matches": t.matches}
    pub.stop()
    with open(path[:-len(".json")] + ".out", "w") as f:
        json.dump(out, f)
    return 0


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--one-table"]:
        return one_table(argv[1])
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--tables", type=int, default=100)
    p.add_argument("--minutes", type=float, default=10.0)
    p.add_argument("--pace", type=float, default=1.0, help="seconds between a table's lines")
    p.add_argument("--cut", type=float, default=60.0, help="seconds one table is cut off")
    p.add_argument("--down", type=float, default=5.0, help="seconds the broker stays down at its restart")
    p.add_argument("--flood", type=int, default=0, help="lines one table publishes at once at 40%% of the run")
    p.add_argument("--out", default="out/bench-room")
    args = p.parse_args(argv)
    from tapete.judge.audit import audit_lines
    from tapete.room.store import RoomStore
    import shutil
    shutil.rmtree(args.out, ignore_errors=True)
    os.makedirs(args.out)
    folder = os.path.join(args.out, "broker")
    names = ["t%d" % (i + 1) for i in range(args.tables)]
    info = init_room(folder, "bench", names, port=free_port())
    broker = Broker(folder).start()
    db_path = os.path.join(args.out, "room.sqlite")
    web = free_port()
    server = subprocess.Popen([sys.executable, "-m", "tapete.cli", "room", "serve", folder, "--db", db_path,
                               "--port", str(web)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    _wait_listening(web, server)
    watch = BoardWatchProcess("http://127.0.0.1:%d/events" % web, os.path.join(args.out, "shown.txt"))
    ca = os.path.join(folder, "ca.crt")
    duration = args.minutes * 60.0
    start = time.time()
    until = start + duration
    tables = []
    flooder = None
    for i, name in enumerate(names):
        if args.flood and i == len(names) - 1:     # the flooder (never the cut table: a third in)
            flooder = TableProcess({"name": name, "folder": folder, "host": info["host"], "port": info["port"],
                                    "index": i, "until": until, "pace": args.pace, "seed": 1, "flood": args.flood,
                                    "flood_at": start + duration * 0.4}, os.path.join(args.out, "flooder"))
            tables.append(flooder)
            continue
        word = password(folder, name)
        pub = TablePublisher("bench", name, lambda cid, clean, n=name, w=word: client(cid, n, w, ca, clean))
        pub.start(info["host"], info["port"])
        tables.append(Table(pub, i, until, args.pace, 1))
    cpu0, _ = proc_usage(server.pid)
    broker_cpu0, _ = proc_usage(broker.proc.pid)
    for t in tables:
        t.start()
        time.sleep(args.pace / max(1, len(tables)))     # the tables' lines spread over time
    cut_table = tables[len(tables) // 3]
    cut_at = start + duration * 0.25
    restart_at = start + duration * 0.6
    time.sleep(max(0, cut_at - time.time()))
    cut_table.cut.set()
    cut_window = (time.time(), time.time() + args.cut)
    time.sleep(args.cut)
    cut_table.cut.clear()
    time.sleep(max(0, restart_at - time.time()))
    t0 = time.time()
    broker_cpu1, broker_peak1 = proc_usage(broker.proc.pid)     # the first broker, before it goes
    broker.stop()
    time.sleep(args.down)
    broker.start()
    restart_s = time.time() - t0
    restart_window = (t0, t0 + restart_s)
    for t in tables:
        t.join()
    time.sleep(10)                  # the last lines onto the board
    watch.collect()
    cpu1, peak = proc_usage(server.pid)
    broker_cpu2, broker_peak2 = proc_usage(broker.proc.pid)     # the one started at the restart
    run_s = time.time() - start
    for t in tables:
        t.pub.stop()
    server.terminate()
    server.communicate(timeout=30)
    broker.stop()

    store = RoomStore(db_path)
    stored = set(store.db.execute("SELECT tbl, seq FROM room_lines").fetchall())
    counts = store.db.execute("SELECT COALESCE(SUM(asked), 0), COALESCE(SUM(dropped), 0),"
                              " COALESCE(SUM(twice), 0), COALESCE(SUM(rejected), 0) FROM room_counts").fetchone()
    sent = sum(len(t.sent) for t in tables)
    lost = sum(1 for t in tables for s, _ in t.sent if (t.pub.table, s) not in stored)
    dup = store.db.execute(
        "SELECT COALESCE(SUM(c - 1), 0) FROM (SELECT r.tbl, e.seq, COUNT(*) AS c FROM events e"
        " JOIN room_matches r ON r.match = e.match WHERE e.seq IS NOT NULL GROUP BY r.tbl, e.seq) WHERE c > 1"
    ).fetchone()[0]
    matches = store.matches()
    unclean = 0
    for m in matches:
        a = audit_lines(store.store.lines(m["match"]))
        if a.get("errors") or a.get("disagreements"):
            unclean += 1
    store.close()
    steady, held, around_restart, flooded, own = [], [], [], [], []
    window = None
    if flooder is not None and flooder.flooded:
        window = (flooder.flooded[0], flooder.flooded[1] + 10)
    for t in tables:
        for s, at in t.sent:
            if t is flooder and window and window[0] <= at <= flooder.flooded[1]:
                continue            # the flood itself: late on purpose
            shown = watch.shown_at(t.pub.table, s)
            if shown is None:
                continue
            ms = (shown - at) * 1000.0
            if t is flooder and window and window[0] <= at <= window[1]:
                own.append(ms)      # the flooder's next lines wait behind its own burst
                continue
            if t is cut_table and cut_window[0] <= at <= cut_window[1]:
                held.append(ms)
            elif restart_window[0] - 1 <= at <= restart_window[1] + 5:
                around_restart.append(ms)
            elif window and window[0] <= at <= window[1]:
                flooded.append(ms)
            else:
                steady.append(ms)
    every = steady + around_restart + flooded

    def fig(values, p):
        v = percentile(values, p)
        return "-" if v is None else "%.0f" % v
    print("bench_room: %d tables for %.1f min (pace %.2f s), %d lines sent, %d matches stored (%d finished)"
          % (args.tables, run_s / 60.0, args.pace, sent, len(matches), sum(1 for m in matches if m["reason"])))
    print("  lost %d, duplicated %d, matches not auditing clean %d" % (lost, dup, unclean))
    print("  event -> room board latency ms: p50 %s, p95 %s, max %s (all lines but the cut table's held ones)"
          % (fig(every, 50), fig(every, 95), fig(every, 100)))
    print("  ... steady p95 %s; within 5 s of the broker restart (%.2f s down) p95 %s, max %s"
          % (fig(steady, 95), restart_s, fig(around_restart, 95), fig(around_restart, 100)))
    if window:
        print("  a flood of %d lines from %s in %.1f s: the other tables' p95 %s ms, max %s (steady p95 %s)"
              % (args.flood, flooder.pub.table, flooder.flooded[1] - flooder.flooded[0], fig(flooded, 95),
                 fig(flooded, 100), fig(steady, 95)))
        print("  ... the flooder's own lines in the 10 s after its burst (behind it): p95 %s ms, max %s"
              % (fig(own, 95), fig(own, 100)))
    resent = sum(t.pub.resent for t in tables)
    print("  resends: %d asks, %d lines resent for %d made (ratio %.3f); %d lines over a table's bound"
          " in the room server, %d received twice, %d rejected"
          % (counts[0], resent, sent, resent / max(1, sent), counts[1], counts[2], counts[3]))
    print("  the table cut off for %.0f s: %d lines held, shown %s s after they were made at most"
          % (args.cut, len(held), "-" if not held else "%.0f" % (max(held) / 1000.0)))
    print("  room server: %.1f s CPU over %.0f s (%.1f%% of one core), peak RSS %.0f MB"
          % (cpu1 - cpu0, run_s, 100.0 * (cpu1 - cpu0) / run_s, peak))
    broker_cpu = broker_cpu1 - broker_cpu0 + broker_cpu2
    print("  broker (mosquitto): %.1f s CPU over %.0f s (%.1f%% of one core), peak RSS %.0f MB "
          "(%.0f MB before its restart, %.0f MB after)"
          % (broker_cpu, run_s, 100.0 * broker_cpu / run_s, max(broker_peak1, broker_peak2),
             broker_peak1, broker_peak2))
    return 0 if lost == 0 and dup == 0 and unclean == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
