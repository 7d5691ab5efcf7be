"""`make tournament-demo`: a Swiss event run end to end on this machine.

The organiser's side (this process) makes the event (16 pairs of 8 clubs, Botifarra,
5 Swiss rounds, a clock of 101 points, 6 deals or a few seconds a round), draws each
round and starts its clock. The room (`tapete room serve --event`, its own process,
Mosquitto on loopback with the room's TLS and ACL) tells each of the 8 tables its round
(names, round, table, caps, time left) on the table's notice topic. Each simulated
table (sim/room_table.py: the rule module playing random legal cards, a line every
`pace` seconds) waits for its round's command, starts its match with the names it was
given, ends it at a cap (the deal in play finished, then `cap`) and publishes every
line over MQTT. The organiser takes the results as they land in the room's database
(event/live.py), draws the next round from the ranking, and at the end writes the
ranking. One summary line:

    event: R rounds, M matches, L lost, ranking written to PATH

A table's clock: the simulated table counts its own time in lines published (each
takes `pace` seconds), so the caps it meets are the same on a busy machine as on an
idle one and a run can be checked against a hand-computed ranking
(tests/event/test_tournament_demo.py). Exit status 1 when a line was lost, a match
lacked its round's names or did not audit clean.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import threading
import time

from . import clock, eventfile, formats, live, players, show

GAME = "botifarra"
PROFILE = "botifarra"   # the house-rule profile (the seed text's), named on each `match` event
CLUBS = ("Casal Gràcia", "Penya Sant Narcís", "Ateneu Torrefarrera", "Club Botifarra Vic",
         "Casino de Manlleu", "Penya la Bisbal", "Ateneu de Sants", "Cercle de Reus")
FIRST = ("Ana", "Biel", "Carme", "Dani", "Elna", "Ferran", "Glòria", "Hug", "Irene", "Jordi",
         "Laia", "Marc", "Núria", "Oriol", "Pilar", "Quim", "Rosa", "Sergi", "Teresa", "Uri",
         "Vinyet", "Xavier", "Zoe", "Arnau", "Berta", "Cesc", "Dolors", "Eudald", "Fina", "Guillem",
         "Helena", "Isaac")


def make_event(pairs=16, rounds=5, clock_caps=None, seed=7):
    """The demo's event: `pairs` pairs of two players, two pairs a club."""
    event = eventfile.new(GAME, "swiss", {"rounds": rounds, "seed": seed}, "Open de demostració", PROFILE)
    event["clock"] = clock.check(dict(clock_caps or {"points": 101, "deals": 6, "minutes": 0.15}))
    entries = []
    for i in range(pairs):
        club = CLUBS[(i // 2) % len(CLUBS)]
        two = [players.player("%s %d" % (FIRST[(2 * i) % len(FIRST)], i + 1), club, "FCB-%04d" % (101 + 2 * i)),
               players.player("%s %d" % (FIRST[(2 * i + 1) % len(FIRST)], i + 1), club)]
        entries.append(players.entry(0, two, "%s %s" % (club.split()[-1], "AB"[i % 2])))
    eventfile.add_entries(event, entries)
    return event


def table_lines(cmd, seed, first_seq, pace_s, arrived=0.0):
    """The lines of one table's match for its `round` command: the names and round on
    its `match` event, the caps met between deals (a team's total at the points cap,
    the deals cap played, or the time left spent: each line takes `pace_s`)."""
    caps = cmd.get("caps") or {}
    left = cmd.get("left")
    names = dict((k, cmd[k]) for k in ("seats", "teams") if k in cmd)

    def cap(m, lines):
        if caps.get("points") is not None and max(m.totals) >= caps["points"]:
            return "points"
        if caps.get("deals") is not None and m.hand_no >= caps["deals"]:
            return "deals"
        if left is not None and arrived + lines * pace_s >= left:
            return "minutes"
        return None
    from ..sim.room_table import match_lines
    return match_lines(GAME, seed, first_seq, options={"target": caps.get("points") or 101}, names=names,
                       head=dict({"round": cmd["round"]}, **({"profile": cmd["profile"]} if cmd.get("profile") else {})),
                       cap=cap)


class DemoTable(threading.Thread):
    """One simulated table in the room: waits for each round's command on its notice
    topic, then plays that round's match."""

    def __init__(self, pub, index, rounds, pace_s, seed):
        threading.Thread.__init__(self, daemon=True, name=pub.table)
        self.pub, self.index, self.rounds, self.pace_s, self.seed = pub, index, rounds, pace_s, seed
        self.sent = []          # seqs published
        self.played = {}        # round -> the round command it played
        self.held = None        # the names the table holds (rules/names.py)
        self.stopped = threading.Event()

    def wait_round(self, rnd):
        """The `round` command for round `rnd` (the last one taken wins), with the names
        held as the table holds them: the room's names commands come first, in pieces
        (room/publish.py), each merged as the firmware merges them (rules/names.py)."""
        from ..rules import names as rules_names
        got = None
        while not self.stopped.is_set():
            for cmd in self.pub.take_commands():
                if cmd.get("cmd") == "names":
                    self.held = rules_names.merge(self.held, cmd)
                elif cmd.get("cmd") == "round" and cmd.get("round") == rnd:
                    got = dict(cmd, **(self.held or {}))
            if got is not None:
                return got
            time.sleep(0.05)
        return None

    def run(self):
        seq = 0
        for rnd in range(1, self.rounds + 1):
            cmd = self.wait_round(rnd)
            if cmd is None:
                return
            self.played[rnd] = cmd
            for ev in table_lines(cmd, self.seed * 1000 + rnd * 37 + self.index, seq, self.pace_s):
                seq = ev["seq"] + 1
                self.pub.publish(ev)
                self.sent.append(ev["seq"])
                time.sleep(self.pace_s)


def wait_results(event, store_path, timeout_s, proc):
    """Enter the results as they land in the room's database; True when every table
    of the last round has one."""
    from ..room.store import RoomStore
    deadline = time.time() + timeout_s
    while time.time() < deadline:
        if proc.poll() is not None:
            raise RuntimeError("tapete room serve stopped: " + proc.communicate()[1])
        if os.path.exists(store_path):
            store = RoomStore(store_path)
            try:
                live.collect(event, store.matches())
            finally:
                store.close()
        if not eventfile.unfinished(event):
            return True
        time.sleep(0.25)
    return False


def run(out, tables=8, rounds=5, pace_s=0.01, seed=7, clock_caps=None, timeout_s=300, tell=print):
    """The demo; returns (summary dict, exit status)."""
    from ..judge.audit import audit_lines
    from ..room.broker import Broker, init_room, password
    from ..room.demo import _wait_listening, free_port
    from ..room.mqtt import client
    from ..room.publish import TablePublisher
    from ..room.store import RoomStore
    folder = os.path.join(out, "broker")
    db_path = os.path.join(out, "room.sqlite")
    event_path = os.path.join(out, "event.json")
    ranking_path = os.path.join(out, "ranking.json")
    for path in (folder, db_path, db_path + "-wal", db_path + "-shm", event_path, ranking_path):
        if os.path.isdir(path):
            shutil.rmtree(path)
        elif os.path.exists(path):
            os.remove(path)
    os.makedirs(out, exist_ok=True)
    event = make_event(2 * tables, rounds, clock_caps, seed)
    eventfile.save(event, event_path)
    names = [clock.table_name(i + 1) for i in range(tables)]
    info = init_room(folder, "demo", names, port=free_port())
    broker = Broker(folder).start()
    web_port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "tapete.cli", "room", "serve", folder, "--db", db_path,
                               "--port", str(web_port), "--event", event_path],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    demo_tables = []
    finished = True
    try:
        _wait_listening(web_port, server)
        ca = os.path.join(folder, "ca.crt")
        for i, name in enumerate(names):
            word = password(folder, name)
            pub = TablePublisher("demo", name, lambda cid, clean, n=name, w=word: client(cid, n, w, ca, clean))
            pub.start(info["host"], info["port"])
            table = DemoTable(pub, i, rounds, pace_s, seed)
            table.start()
            demo_tables.append(table)
        for r in range(1, rounds + 1):
            rnd = formats.next_round(event)
            rnd["started"] = time.time()
            event["rounds"].append(rnd)
            eventfile.save(event, event_path)       # the room tells the tables
            tell("\n".join(show.round_lines(event, rnd)))
            if not wait_results(event, db_path, timeout_s, server):
                tell("event: round %d: tables %s have no result after %d s"
                    % (r, ", ".join(map(str, eventfile.unfinished(event))), timeout_s))
                finished = False
                break
            eventfile.save(event, event_path)
        for t in demo_tables:
            t.stopped.set()
            t.join(10)
        for t in demo_tables:
            t.pub.stop()
    finally:
        server.terminate()
        try:
            _o, err = server.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
            _o, err = server.communicate()
        broker.stop()
    rows = formats.ranking_rows(event)
    with open(ranking_path, "w", encoding="utf-8") as f:
        json.dump({"event": event["name"], "tiebreaks": event["tiebreaks"], "ranking": rows}, f,
                  indent=1, ensure_ascii=False)
        f.write("\n")
    store = RoomStore(db_path)
    stored = set(store.db.execute("SELECT tbl, seq FROM room_lines").fetchall())
    lost = sum(1 for t in demo_tables for s in t.sent if (t.pub.table, s) not in stored)
    unclean, unnamed, ms = [], [], store.matches()
    for m in ms:
        lines = list(store.store.lines(m["match"]))
        a = audit_lines(lines)
        if a.get("errors") or a.get("disagreements") or m["reason"] is None:
            unclean.append(m["match"])
        first = json.loads(lines[0][1]) if lines else None
        if not named_as_told(first, event, m):
            unnamed.append(m["match"])
    store.close()
    summary = {"rounds": len(event["rounds"]), "matches": len(ms), "lost": lost, "unclean": unclean,
               "unnamed": unnamed, "ranking": ranking_path, "event": event_path, "db": db_path,
               "server_stderr": err, "finished": finished,
               "caps": sorted(set(m["reason"] for m in ms if m["reason"]))}
    ok = finished and lost == 0 and not unclean and not unnamed and len(ms) == tables * rounds
    return summary, 0 if ok else 1


def named_as_told(first, event, m):
    """True when the stored match's `match` event carries the names the event gives
    its table in its round and the event's house-rule profile (what the room told the
    table)."""
    if not isinstance(first, dict) or first.get("ev") != "match":
        return False
    n = clock.table_number(m["table"])
    for rnd in event["rounds"]:
        if rnd["round"] == m["round"]:
            for t in rnd["tables"]:
                if t["table"] == n:
                    return first.get("names") == clock.names_of(event, t) and \
                        first.get("profile") == event.get("profile")
    return False


def summary_line(s):
    return "event: %d rounds, %d matches, %d lost, ranking written to %s" % (
        s["rounds"], s["matches"], s["lost"], s["ranking"])


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m tapete.event.demo", description=__doc__.split("\n\n")[0])
    p.add_argument("--tables", type=int, default=8)
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("--out", default="out/tournament")
    p.add_argument("--pace", type=float, default=0.01, help="seconds between a table's lines (default 0.01)")
    p.add_argument("--seed", type=int, default=7)
    args = p.parse_args(argv)
    started = time.time()
    s, code = run(args.out, args.tables, args.rounds, args.pace, args.seed)
    event = eventfile.load(s["event"])
    print("\n".join(show.ranking_lines(event, formats.ranking_rows(event))))
    print("tournament-demo: %.1f s; the matches ended by %s; db %s" % (
        time.time() - started, ", ".join(s["caps"]) or "nothing", s["db"]))
    if s["unclean"]:
        print("tournament-demo: matches not auditing clean: %s" % s["unclean"])
    if s["unnamed"]:
        print("tournament-demo: matches without their round's names: %s" % s["unnamed"])
    print(summary_line(s))
    return code


if __name__ == "__main__":
    sys.exit(main())
