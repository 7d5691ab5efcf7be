"""`tapete record PORT --mqtt URL`: a table without Wi-Fi publishes through the computer
its USB goes to; every recorded line reaches the room once."""
import json
import os
import subprocess
import sys
import time
import tty

from tapete.log.link import seal
from tapete.room.server import RoomBoard, RoomServer
from tapete.room.store import RoomStore
from tapete.sim.room_table import match_lines

from room.broker import connector

TAPETE = [sys.executable, "-m", "tapete.cli"]


def test_record_publishes_every_line_of_the_port_to_the_room(room, tmp_path):
    store = RoomStore(str(tmp_path / "room.sqlite"))
    server = RoomServer(store, RoomBoard("club"), "club", connector(room, "room"))
    server.start(room.info["host"], room.info["port"])
    master, slave = os.openpty()
    tty.setraw(slave)
    path = os.ttyname(slave)
    os.close(slave)
    url = "mqtts://t2@127.0.0.1:%d/club" % room.info["port"]
    proc = subprocess.Popen(TAPETE + ["record", path, "--plain", "--out", str(tmp_path / "t2.jsonl"),
                                      "--db", str(tmp_path / "t2.sqlite"), "--until-end", "--idle", "20",
                                      "--mqtt", url, "--mqtt-ca", os.path.join(room.folder, "ca.crt"),
                                      "--mqtt-password-file", os.path.join(room.folder, "secrets", "t2.pass")],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    lines = match_lines("tute", 4)
    try:
        time.sleep(1.5)
        for ev in lines:
            os.write(master, (seal(json.dumps(ev)) + "\n").encode())
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(master)
    assert proc.returncode == 0, err
    deadline = time.time() + 20
    while time.time() < deadline and store.next_seq("club", "t2") != len(lines):
        time.sleep(0.05)
    server.stop()
    assert store.store.events(store.matches()[0]["match"]) == lines
    store.close()


def test_record_hands_the_rooms_misboard_notice_down_to_its_table(room, tmp_path):
    # the record tests' fake serial (tests/host/log/test_record_cli.py): lines in, commands out
    from tapete.cli import record as serial_cli
    from tapete.room.boards import make_boards
    from tapete.room.publish import publishing
    from tapete.log.store import Store
    boards = make_boards("botifarra", 2, seed=4)
    played = json.loads(json.dumps(boards))
    h = played[0]["hands"]
    h[1][0], h[2][0] = h[2][0], h[1][0]         # board 1: two cards in each other's pocket
    store = RoomStore(str(tmp_path / "room.sqlite"))
    server = RoomServer(store, RoomBoard("club"), "club", connector(room, "room"),
                        boards=dict((b["board"], b) for b in boards))
    server.start(room.info["host"], room.info["port"])
    lines = match_lines("botifarra", 5, options={"target": 9999}, boards=played)

    class Port:
        waiting = [(seal(json.dumps(e)) + "\n").encode() for e in lines]
        written = []

        def readline(self):
            time.sleep(0.002)                   # a table's pace, and no busy wait when silent
            return self.waiting.pop(0) if self.waiting else b""

        def write(self, data):
            self.written.append(json.loads(data.decode()))

    db = Store(str(tmp_path / "t2.sqlite"))
    db.start("fake")
    tee, pub = publishing(db, "mqtts://t2@127.0.0.1:%d/club" % room.info["port"],
                          os.path.join(room.folder, "secrets", "t2.pass"), os.path.join(room.folder, "ca.crt"))
    said = []
    try:
        serial_cli.record(Port(), str(tmp_path / "t2.jsonl"), echo=None, idle_limit=3, db=tee,
                          on_problem=said.append)
    finally:
        tee.close()
        server.stop()
        store.close()
    notices = [c for c in Port.written if c.get("cmd") == "notice"]
    assert [(c["what"], c["board"], c["hand"]) for c in notices] == [("misboard", 1, 1)], Port.written
    assert "the room's word sent to the table: misboard, board 1 (hand 1)" in said


def test_record_new_gives_the_table_its_round_and_names_before_the_match(room, tmp_path):
    # The room's round (retained on the table's notice topic, as `room serve --event`
    # publishes it) reaches the table before `new`: round 1's names are on its match.
    from tapete.cli import record as serial_cli
    from tapete.log.store import Store
    from tapete.room.publish import publishing
    room_side = connector(room, "room")("room", True)
    room_side.connect(room.info["host"], room.info["port"])
    room_side.loop_start()
    cmd = {"cmd": "round", "id": "room-round", "round": 1, "table": 2, "left": 3300,
           "caps": {"points": 101, "deals": 12, "minutes": 55},
           "seats": ["Ana", "Biel", "Carme", "Dani"], "teams": ["Gràcia A", "Sants B"]}
    room_side.publish("tapete/club/t2/notice", json.dumps(cmd), qos=1, retain=True).wait_for_publish(10)
    room_side.disconnect()
    room_side.loop_stop()

    class Port:
        written = []

        def readline(self):
            time.sleep(0.01)
            return b""

        def write(self, data):
            self.written.append(json.loads(data.decode()))

    db = Store(str(tmp_path / "t2.sqlite"))
    db.start("fake")
    tee, pub = publishing(db, "mqtts://t2@127.0.0.1:%d/club" % room.info["port"],
                          os.path.join(room.folder, "secrets", "t2.pass"), os.path.join(room.folder, "ca.crt"))
    said = []
    try:
        serial_cli.record(Port(), str(tmp_path / "t2.jsonl"), {"cmd": "new", "game": "botifarra", "id": "new"},
                          echo=None, idle_limit=0.5, db=tee, on_problem=said.append)
    finally:
        tee.close()
    words = [c["cmd"] for c in Port.written]
    assert words.index("round") < words.index("new") and words.index("names") < words.index("new"), words
    from tapete.rules import names
    held = None
    for c in Port.written[:words.index("new")]:
        if c["cmd"] == "names":
            held = names.merge(held, c)
    assert held == {"seats": cmd["seats"], "teams": cmd["teams"]}
    assert "the room's word sent to the table: round 1, table 2, 55 min left, caps points 101, deals 12, " \
           "minutes 55" in said, said
    assert not any("None" in s for s in said), said


def test_a_bad_mqtt_address_is_one_line(tmp_path):
    master, slave = os.openpty()
    path = os.ttyname(slave)
    for url, says in (("http://x/club", "mqtts://TABLE@HOST:PORT/ROOM"),
                      ("mqtts://127.0.0.1:8883/club", "the table is the broker user"),
                      ("mqtts://t1@127.0.0.1:8883/club", "--mqtt-ca")):
        p = subprocess.run(TAPETE + ["record", path, "--plain", "--out", str(tmp_path / "x.jsonl"),
                                     "--db", str(tmp_path / "x.sqlite"), "--mqtt", url],
                           capture_output=True, text=True, timeout=60)
        assert p.returncode == 2 and "Traceback" not in p.stderr, p.stderr
        assert says in p.stderr.strip().splitlines()[-1]
    os.close(master)
    os.close(slave)
