"""The firmware's MQTT path (firmware/table/io/mqtt_pub.py) under the MicroPython unix
port, whose sockets are real, against a real Mosquitto with the room's TLS and ACL:
every line once in the room through a broker that is away at the start, silent, slow,
or goes away mid-match; and all the while the table's loop is never held longer than
its scan round (table/pacing.py's PERIOD_MS: a verdict light is never late for the
room). The client is mqtt_as's API (tests/room/mqtt_as_lib.py says which one runs)."""
import json
import os
import re
import subprocess
import time

import pytest

from mpy import micropython
from room.broker import connector, free_port
from room.mqtt_as_lib import client_path
from room.slow_link import SlowLink
from tapete.room.broker import Broker, init_room, make_ca
from tapete.room.table_config import table_config, write_config
from tapete.room.server import RoomBoard, RoomServer
from tapete.room.store import RoomStore
from tapete.sim.room_table import match_lines

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def table_process(folder, tmp_path, lines, pace_ms=8, controller=False, port=None, ca=None,
                  run_ms=120000, response_s=3, host=None, linger_ms=1500, boot="flash"):
    """The table under the unix port, its room.json from the room folder (`port`: the
    broker reached through a SlowLink; `ca`: another CA than the room's; `host`: an
    address other than the room's; `boot`: the folder of this boot's flash and files)."""
    found = client_path()
    if found is None:
        pytest.skip("micropython-mqtt could not be fetched from PyPI (no network)")
    paths, _ = found
    flash = tmp_path / boot
    flash.mkdir()
    log = flash / "lines.jsonl"
    log.write_text("".join(json.dumps(ev) + "\n" for ev in lines))
    # the table's room.json, as the organiser puts it on a Pico W's flash (tapete room
    # table-config; the unix port has no Wi-Fi to join: its sockets are the machine's)
    cfg, _ = table_config(folder, "t1", "club-wifi", "not-used-here")
    if port is not None:
        cfg["port"] = port
    if host is not None:
        cfg["host"] = host
    if ca is not None:
        cfg["ca"] = ca
    write_config(str(flash / "room.json"), cfg)
    cfg = {"lines": str(log), "pace_ms": pace_ms, "root": str(flash), "linger_ms": linger_ms, "retry_ms": 200,
           "response_s": response_s, "run_ms": run_ms, "controller": controller}
    (flash / "cfg.json").write_text(json.dumps(cfg))
    env = dict(os.environ, MICROPYPATH=os.pathsep.join([os.path.join(ROOT, "firmware")] + paths + [".frozen"]))
    return subprocess.Popen([micropython(), "-X", "heapsize=4M", os.path.join(HERE, "mpy_table_mqtt.py"),
                             str(flash / "cfg.json")], env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def figures(out):
    """The table's counts and the loop's longest hold from its last lines."""
    got = dict((k, int(v)) for k, v in re.findall(r"(\w+) (\d+)", out.split("mqtt: ")[1].split("\n")[0]))
    got["published"] = int(out.split("mqtt: ")[1].split("/")[0])
    held = re.search(r"loop: held (\d+) ms at most, round (\d+) ms;", out)
    got.update(held=int(held.group(1)), round=int(held.group(2)))
    return got


def stored(store):
    return store.next_seq("club", "t1") or 0


def wait_until(predicate, timeout):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.02)
    return False


class Room:
    """The room server on its own database, for one test."""

    def __init__(self, room, tmp_path, **kw):
        self.store = RoomStore(str(tmp_path / "room.sqlite"))
        self.server = RoomServer(self.store, RoomBoard("club"), "club", connector(room, "room"), **kw)
        self.server.start(room.info["host"], room.info["port"])

    def events(self):
        self.server.stop()
        events = self.store.store.events(self.store.matches()[0]["match"])
        self.store.close()
        return events


def finish(proc, timeout=120):
    """(the table's output, its figures)."""
    try:
        out, err = proc.communicate(timeout=timeout)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 0, out + err
    return out, figures(out)


def all_in_order(room, lines, out):
    assert wait_until(lambda: stored(room.store) == len(lines), 30), (stored(room.store), out)
    events = room.events()
    assert [e.get("seq") for e in events] == [e["seq"] for e in lines], out
    assert unmarked(events) == lines                # unchanged but the run id, the crc stripped
    return events


def unmarked(events):
    """The events without the run id the table's link puts on its `match` (this boot's:
    12 hex digits, checked here)."""
    out = []
    for e in events:
        if e.get("ev") == "match":
            assert re.fullmatch(r"[0-9a-f]{12}", e.get("run", "")), e
            e = dict((k, v) for k, v in e.items() if k != "run")
        out.append(e)
    return out


def never_held_past_a_round(got, out):
    """The loop's longest hold (the machine's own waits for a CPU taken out:
    mpy_loop_lag.py) against the table's scan round. A client that waits on the network
    would hold it for a whole silent second, or for every 100 ms of the slow link.
    Shown with pytest -s (docs/room.md's figures)."""
    print("\n" + out.strip())
    assert got["held"] < got["round"], out


def test_the_loops_probe_counts_a_call_that_blocks_and_not_the_machines_other_work(tmp_path):
    """The measuring instrument: a task that blocks 120 ms (as a client waiting on the
    network in a blocking call would) is seen, whatever the machine's load."""
    script = tmp_path / "blocks.py"
    script.write_text("import asyncio, time\nfrom mpy_loop_lag import Probe\n"
                      "async def main():\n    p = Probe()\n    asyncio.create_task(p.run())\n"
                      "    await asyncio.sleep_ms(50)\n    time.sleep_ms(120)\n    await asyncio.sleep_ms(50)\n"
                      "    print(p.held)\nasyncio.run(main())\n")
    env = dict(os.environ, MICROPYPATH=os.pathsep.join([HERE, ".frozen"]))
    out = subprocess.run([micropython(), str(script)], env=env, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert 100 <= int(out.stdout) < 1000, out.stdout     # (less the probe's 2 ms and a wait for a CPU)


def test_a_pico_w_table_publishes_every_line_once_through_a_broker_that_goes_away(room, tmp_path):
    lines = match_lines("botifarra", 3)
    r = Room(room, tmp_path)
    proc = table_process(room.folder, tmp_path, lines)
    try:
        if not wait_until(lambda: stored(r.store) >= 40 or proc.poll() is not None, 60):
            proc.kill()
            raise AssertionError("nothing reached the room: %r" % (proc.communicate(),))
        room.stop()                 # the club's Wi-Fi drops: the table plays on
        time.sleep(1.5)
        room.start()
    finally:
        out, got = finish(proc)
    all_in_order(r, lines, out)
    assert got["downs"] >= 1 and got["outboxed"] > 0, out     # lines kept in flash while it was away
    assert got["connects"] >= 2, out                           # and mqtt_as came back by itself
    assert not os.path.exists(tmp_path / "flash" / "mqtt.jsonl")   # published: the file is gone
    never_held_past_a_round(got, out)


def test_a_reflashed_table_numbering_from_0_again_is_a_new_run_its_lines_all_stored(room, tmp_path):
    """The link marks each boot's `match` with a fresh run id (mqtt_pub.run_id): a
    Pico re-flashed (its journal gone, seq from 0 again) is a new run in the room,
    its lines stored whole beside the first run's, none dropped as received twice."""
    first, again = match_lines("truc", 5), match_lines("truc", 6)
    r = Room(room, tmp_path)
    out1, _ = finish(table_process(room.folder, tmp_path, first, boot="boot1"))
    assert wait_until(lambda: stored(r.store) == len(first), 60), (out1, r.server.counts())
    out2, _ = finish(table_process(room.folder, tmp_path, again, boot="boot2"))
    assert wait_until(lambda: r.store.next_seq("club", "t1", 1) == len(again), 60), (
        out2, r.server.counts(), r.store.run("club", "t1"), r.store.next_seq("club", "t1", 0),
        r.store.next_seq("club", "t1", 1), len(first), len(again))
    r.server.stop()
    matches = r.store.matches()
    assert len(matches) == 2, matches
    runs = [r.store.store.events(m["match"]) for m in matches]
    assert [unmarked(evs) for evs in runs] == [first, again]
    assert runs[0][0]["run"] != runs[1][0]["run"]            # each boot its own id
    assert r.store.run("club", "t1")[0] == 1                  # the second run, numbered 1
    r.store.close()


def test_a_table_whose_broker_is_away_at_the_start_plays_on_and_publishes_all_once_it_is_up(room, tmp_path):
    lines = match_lines("botifarra", 1)
    r = Room(room, tmp_path)        # its broker session kept: what comes while it is away waits
    room.stop()
    proc = table_process(room.folder, tmp_path, lines)
    # the table deals and plays; its first connections are refused (Hinch's mqtt_as first
    # checks the Wi-Fi for 6 s: the broker stays away longer than that)
    time.sleep(7.5)
    room.start()
    out, got = finish(proc)
    all_in_order(r, lines, out)
    assert got["tries"] >= 1 and got["outboxed"] > 0, out
    never_held_past_a_round(got, out)


def test_a_silent_broker_then_a_slow_one_never_holds_the_tables_loop(room, tmp_path):
    """A broker that takes the connection and says nothing (its host gone: the TLS
    handshake waits until response_time), then one that answers every packet 100 ms
    late each way and is cut mid-way (a reconnection through it)."""
    lines = match_lines("botifarra", 1)[:60]
    r = Room(room, tmp_path)
    link = SlowLink(room.info["port"]).start()
    link.silent = True
    try:
        proc = table_process(room.folder, tmp_path, lines, pace_ms=20, port=link.port, response_s=1)
        time.sleep(7.5)             # (past Hinch's mqtt_as's 6 s Wi-Fi check: its first try is silenced too)
        link.silent = False
        link.cut()
        link.delay_s = 0.1
        assert wait_until(lambda: stored(r.store) >= 20 or proc.poll() is not None, 60)
        link.cut()                  # the slow broker's connection breaks: mqtt_as reconnects
        out, got = finish(proc)
    finally:
        link.stop()
    all_in_order(r, lines, out)
    assert got["tries"] >= 1 and got["connects"] >= 2, out
    never_held_past_a_round(got, out)


def test_a_pico_w_table_shows_the_rooms_misboard_notice_on_its_panel(room, tmp_path):
    from tapete.room.boards import make_boards
    boards = make_boards("botifarra", 2, seed=4)
    played = json.loads(json.dumps(boards))
    h = played[0]["hands"]
    h[0][2], h[1][2] = h[1][2], h[0][2]         # board 1: two cards in each other's pocket
    r = Room(room, tmp_path, boards=dict((b["board"], b) for b in boards))
    lines = match_lines("botifarra", 5, options={"target": 9999}, boards=played)
    # (lingering 5 s: the room, on a busy machine, tells the table after its last line)
    proc = table_process(room.folder, tmp_path, lines, pace_ms=2, controller=True, linger_ms=5000)
    out, got = finish(proc)
    r.server.stop()
    r.store.close()
    assert r.server.notices == 1, out
    # the notice came while board 2 was played (no deal since: the panel still shows it)
    assert [l for l in out.splitlines() if l.startswith("panel: ")] == ["panel: MISBOARD board 1"], out
    never_held_past_a_round(got, out)


def refused(folder, tmp_path, **kw):
    # (Hinch's mqtt_as first checks the Wi-Fi for 5 s: the first try comes after it)
    proc = table_process(folder, tmp_path, match_lines("botifarra", 1)[:10], run_ms=8000, **kw)
    out, got = finish(proc)
    assert got["connects"] == 0 and got["published"] == 0 and got["tries"] >= 1, out
    never_held_past_a_round(got, out)


def test_a_table_refuses_a_broker_whose_certificate_is_not_the_rooms(room, tmp_path):
    other = tmp_path / "other"
    other.mkdir()
    make_ca(str(other), "club", ["127.0.0.1", "localhost"])     # a CA of its own (self-signed)
    refused(room.folder, tmp_path, ca=(other / "ca.crt").read_text())


def test_a_table_refuses_a_broker_certified_for_another_name(tmp_path, room_base):
    from room.broker import have_mosquitto
    if not have_mosquitto():
        pytest.skip("needs Debian's mosquitto and mosquitto-clients (.ci/run installs them)")
    folder = os.path.join(room_base, "room")
    init_room(folder, "club", ["t1"], port=free_port(), host_names=["broker.example", "127.0.0.2"])
    broker = Broker(folder)
    broker.info["host"] = "127.0.0.1"   # it listens there, an address its certificate does not name
    broker.start()
    try:
        refused(folder, tmp_path, host="127.0.0.1")
    finally:
        broker.stop()
