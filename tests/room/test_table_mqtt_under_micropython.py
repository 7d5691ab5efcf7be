"""The firmware's MQTT path (firmware/table/io/mqtt_pub.py) under the MicroPython unix
port, whose sockets are real, against a real Mosquitto with the room's TLS and ACL:
every line once in the room, through a broker that goes away mid-match."""
import json
import os
import subprocess
import time

import pytest

from mpy import micropython
from room.broker import connector
from room.umqtt_lib import install
from tapete.room_table_config import table_config, write_config
from tapete.room_server import RoomBoard, RoomServer
from tapete.room_store import RoomStore
from tapete.sim.room_table import match_lines

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def table_process(room, tmp_path, lines, pace_ms=8, controller=False):
    lib = install()
    if lib is None:
        pytest.skip("micropython-umqtt.simple could not be fetched from PyPI (no network)")
    log = tmp_path / "lines.jsonl"
    log.write_text("".join(json.dumps(ev) + "\n" for ev in lines))
    flash = tmp_path / "flash"
    flash.mkdir()
    # the table's room.json, as the organiser puts it on a Pico W's flash (tapete room
    # table-config; the unix port has no Wi-Fi to join: its sockets are the machine's)
    cfg, _ = table_config(room.folder, "t1", "club-wifi", "not-used-here")
    write_config(str(flash / "room.json"), cfg)
    cfg = {"lines": str(log), "pace_ms": pace_ms, "root": str(flash), "linger_ms": 1500, "retry_ms": 200,
           "controller": controller}
    (tmp_path / "cfg.json").write_text(json.dumps(cfg))
    env = dict(os.environ, MICROPYPATH=os.pathsep.join([os.path.join(ROOT, "firmware"), lib, ".frozen"]))
    return subprocess.Popen([micropython(), "-X", "heapsize=4M", os.path.join(HERE, "mpy_table_mqtt.py"),
                             str(tmp_path / "cfg.json")], env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def stored(store):
    return store.next_seq("club", "t1") or 0


def wait_until(predicate, timeout):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.02)
    return False


def test_a_pico_w_table_publishes_every_line_once_through_a_broker_that_goes_away(room, tmp_path):
    lines = match_lines("botifarra", 3)
    store = RoomStore(str(tmp_path / "room.sqlite"))
    server = RoomServer(store, RoomBoard("club"), "club", connector(room, "room"))
    server.start(room.info["host"], room.info["port"])
    proc = table_process(room, tmp_path, lines)
    try:
        if not wait_until(lambda: stored(store) >= 40 or proc.poll() is not None, 60):
            proc.kill()
            raise AssertionError("nothing reached the room: %r" % (proc.communicate(),))
        room.stop()                 # the club's Wi-Fi drops: the table plays on
        time.sleep(1.5)
        room.start()
        out, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 0, out + err
    assert wait_until(lambda: stored(store) == len(lines), 30), (stored(store), out)
    server.stop()
    events = store.store.events(store.matches()[0]["match"])
    assert [e.get("seq") for e in events] == [e["seq"] for e in lines], ([e for e in events if "seq" not in e], out, server.counts())
    assert events == lines                          # unchanged, the crc stripped
    outboxed = int(out.split("outboxed ")[1].split(",")[0])
    downs = int(out.split("downs ")[1])
    assert downs >= 1 and outboxed > 0, out        # lines kept in flash while it was away
    assert not os.path.exists(tmp_path / "flash" / "mqtt.jsonl")   # and published: the file is gone
    store.close()


def test_a_pico_w_table_shows_the_rooms_misboard_notice_on_its_panel(room, tmp_path):
    from tapete.room_boards import make_boards
    boards = make_boards("botifarra", 2, seed=4)
    played = json.loads(json.dumps(boards))
    h = played[0]["hands"]
    h[0][2], h[1][2] = h[1][2], h[0][2]         # board 1: two cards in each other's pocket
    store = RoomStore(str(tmp_path / "room.sqlite"))
    server = RoomServer(store, RoomBoard("club"), "club", connector(room, "room"),
                        boards=dict((b["board"], b) for b in boards))
    server.start(room.info["host"], room.info["port"])
    lines = match_lines("botifarra", 5, options={"target": 9999}, boards=played)
    proc = table_process(room, tmp_path, lines, pace_ms=2, controller=True)
    try:
        out, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 0, out + err
    server.stop()
    store.close()
    assert server.notices == 1
    # the notice came while board 2 was played (no deal since: the panel still shows it)
    assert out.strip().splitlines()[-1] == "panel: MISBOARD board 1", out + err
