"""The room's broker never runs open: a password per table, the ACL, TLS under the
room's own CA; and lines published over it stored once, gaps asked again."""
import json
import os
import ssl
import subprocess
import threading
import time

import pytest

from tapete.room.lines import RoomError
from tapete.room.broker import add_table, password
from tapete.room.mqtt import Connected, client
from tapete.room.publish import TablePublisher
from tapete.room.server import RoomBoard, RoomServer
from tapete.room.store import RoomStore
from tapete.sim.room_table import match_lines
from tapete.views.web import wait_until as poll

from room.broker import connector


def listen(broker, user, topic):
    """A subscriber as `user`; returns (client, list of (topic, payload) received)."""
    got = []
    c = connector(broker, user)("listen-" + user, True)
    up = Connected(c)
    up.on_up = lambda cl: cl.subscribe(topic, qos=1)
    c.on_message = lambda cl, u, m: got.append((m.topic, m.payload.decode()))
    c.on_subscribe = lambda *a: subscribed.set()
    subscribed = threading.Event()
    c.connect(broker.info["host"], broker.info["port"])
    c.loop_start()
    up.wait()
    assert subscribed.wait(5)
    return c, got


def wait_until(predicate, timeout=10.0):
    return poll(predicate, timeout, 0.02)


def test_the_acl_refuses_a_table_that_publishes_as_another(room):
    sub, got = listen(room, "room", "tapete/club/+/log")
    t2 = connector(room, "t2")("t2", True)
    t2.connect(room.info["host"], room.info["port"])
    t2.loop_start()
    t2.publish("tapete/club/t1/log", '{"ev": "play", "seq": 0, "card": "AS", "seat": 0}', qos=1).wait_for_publish(5)
    t2.publish("tapete/club/t2/log", '{"ev": "match", "seq": 0, "game": "truc"}', qos=1).wait_for_publish(5)
    assert wait_until(lambda: got)
    time.sleep(0.3)
    assert got == [("tapete/club/t2/log", '{"ev": "match", "seq": 0, "game": "truc"}')]
    t2.loop_stop()
    sub.loop_stop()


def test_a_table_cannot_read_another_tables_log_nor_ask_its_resends(room):
    spy, got = listen(room, "t2", "tapete/club/t1/#")
    t1 = connector(room, "t1")("t1", True)
    t1.connect(room.info["host"], room.info["port"])
    t1.loop_start()
    t1.publish("tapete/club/t1/log", '{"ev": "match", "seq": 0, "game": "truc"}', qos=1).wait_for_publish(5)
    time.sleep(0.5)
    assert got == []
    t1.loop_stop()
    spy.loop_stop()


def test_only_the_room_server_writes_a_tables_notices_and_only_that_table_reads_them(room):
    mine, got = listen(room, "t1", "tapete/club/t1/notice")
    spy, spied = listen(room, "t2", "tapete/club/t1/notice")
    # t1 writes from its own connection: a second one of t1 would take its client id
    mine.publish("tapete/club/t1/notice", "from t1 itself", qos=1).wait_for_publish(5)
    spy.publish("tapete/club/t1/notice", "from t2", qos=1).wait_for_publish(5)
    c = connector(room, "room")("w-room", True)
    c.connect(room.info["host"], room.info["port"])
    c.loop_start()
    c.publish("tapete/club/t1/notice", "from the room", qos=1).wait_for_publish(5)
    c.disconnect()
    c.loop_stop()
    assert wait_until(lambda: got)
    time.sleep(0.3)
    assert got == [("tapete/club/t1/notice", "from the room")] and spied == []
    mine.loop_stop()
    spy.loop_stop()


def test_a_table_added_after_init_is_one_password_and_no_acl_line(room):
    acl = open(os.path.join(room.folder, "acl")).read()
    add_table(room.folder, "t3")
    room.reload()                   # Mosquitto reads its passwords again; clients stay connected
    assert open(os.path.join(room.folder, "acl")).read() == acl
    assert json.load(open(os.path.join(room.folder, "room.json")))["tables"] == ["t1", "t2", "t3"]
    sub, got = listen(room, "room", "tapete/club/+/log")
    spy, spied = listen(room, "t3", "tapete/club/t1/#")
    t3 = connector(room, "t3")("t3", True)
    t3.connect(room.info["host"], room.info["port"])
    t3.loop_start()
    t3.publish("tapete/club/t1/log", '{"ev": "play", "seq": 0, "card": "AS", "seat": 0}', qos=1).wait_for_publish(5)
    t3.publish("tapete/club/t3/log", '{"ev": "match", "seq": 0, "game": "truc"}', qos=1).wait_for_publish(5)
    t1 = connector(room, "t1")("t1", True)
    t1.connect(room.info["host"], room.info["port"])
    t1.loop_start()
    t1.publish("tapete/club/t1/log", '{"ev": "match", "seq": 0, "game": "tute"}', qos=1).wait_for_publish(5)
    assert wait_until(lambda: len(got) == 2)
    time.sleep(0.3)
    # its own log reaches the room; another's it can neither write nor read
    assert sorted(got) == [("tapete/club/t1/log", '{"ev": "match", "seq": 0, "game": "tute"}'),
                           ("tapete/club/t3/log", '{"ev": "match", "seq": 0, "game": "truc"}')]
    assert spied == []
    for c in (t3, t1, spy, sub):
        c.loop_stop()
    with pytest.raises(RoomError, match="already"):
        add_table(room.folder, "t3")


def test_the_broker_refuses_a_wrong_password_and_anonymous_clients(room):
    for user, word in (("t1", "not-its-password"), (None, None)):
        c = client("intruder", user, word, os.path.join(room.folder, "ca.crt"))
        up = Connected(c)
        c.connect(room.info["host"], room.info["port"])
        c.loop_start()
        with pytest.raises(RoomError, match="refused"):
            up.wait()
        c.loop_stop()


def test_the_broker_speaks_tls_only_under_the_rooms_own_ca(room):
    word = password(room.folder, "t1")
    plain = subprocess.run(["mosquitto_pub", "-h", "127.0.0.1", "-p", str(room.info["port"]), "-u", "t1",
                            "-P", word, "-t", "tapete/club/t1/log", "-m", "{}", "-q", "1"],
                           capture_output=True, text=True, timeout=20)
    assert plain.returncode != 0            # no TLS: no connection
    c = client("t1", "t1", word, None)
    c.tls_set(cert_reqs=ssl.CERT_REQUIRED)  # the system's CAs do not know the room's
    with pytest.raises(ssl.SSLError):
        c.connect(room.info["host"], room.info["port"])


def test_lines_published_twice_or_out_of_order_are_stored_once_in_order(room, tmp_path):
    store = RoomStore(str(tmp_path / "room.sqlite"))
    board = RoomBoard("club")
    server = RoomServer(store, board, "club", connector(room, "room")).start(room.info["host"], room.info["port"])
    pub = TablePublisher("club", "t1", connector(room, "t1")).start(room.info["host"], room.info["port"])
    lines = match_lines("truc", 7)
    # the table's line 3 goes astray the first time; lines 5 and 6 go out twice
    for ev in lines:
        if ev["seq"] == 3:
            pub.kept[3] = json.dumps(ev)            # held for a resend, never sent
            continue
        pub.publish(ev)
        if ev["seq"] in (5, 6):
            pub.publish(ev)
    assert wait_until(lambda: store.next_seq("club", "t1") == len(lines), 15)
    pub.stop()
    server.stop()
    events = store.store.events(store.matches()[0]["match"])
    assert [e["seq"] for e in events] == list(range(len(lines)))
    assert pub.resent >= 1 and server.counts()["received_twice"] >= 2
    store.close()


def test_a_misboarded_hand_is_flagged_on_the_room_board_as_it_ends(room, tmp_path):
    from tapete.room.boards import make_boards
    boards = make_boards("botifarra", 2, seed=4)
    played = json.loads(json.dumps(boards))
    h = played[1]["hands"]
    h[2][3], h[3][3] = h[3][3], h[2][3]         # board 2: two cards in each other's pocket
    store = RoomStore(str(tmp_path / "room.sqlite"))
    board = RoomBoard("club")
    server = RoomServer(store, board, "club", connector(room, "room"),
                        boards=dict((b["board"], b) for b in boards)).start(room.info["host"], room.info["port"])
    pub = TablePublisher("club", "t1", connector(room, "t1")).start(room.info["host"], room.info["port"])
    lines = match_lines("botifarra", 5, options={"target": 9999}, boards=played)
    for ev in lines:
        pub.publish(ev)
    assert wait_until(lambda: store.next_seq("club", "t1") == len(lines), 15)
    # and the table is told, on its own notice topic
    said = []       # beside the notice the session's deals: a round capped at the boards
    # (room/server.py _give_boards), which the publisher hands on as names, then the round
    assert wait_until(lambda: said.extend(pub.take_commands()) or any(c["cmd"] == "notice" for c in said), 10)
    assert [c for c in said if c["cmd"] == "notice"] == [{"cmd": "notice", "what": "misboard", "board": 2, "hand": 2}]
    assert {"cmd": "round", "id": "room-boards", "round": 1, "caps": {"deals": len(boards)}} in said, said
    pub.stop()
    server.stop()
    card = json.loads(board.summary()[1])["tables"][0]
    assert len(card["misboards"]) == 1 and card["misboards"][0].startswith("board 2 (hand 2): seat ")
    store.close()
    # a room server started again on the same database flags the board again, but
    # does not tell the table a second time
    store = RoomStore(str(tmp_path / "room.sqlite"))
    again = RoomServer(store, RoomBoard("club"), "club", connector(room, "room"),
                       boards=dict((b["board"], b) for b in boards))
    assert len(json.loads(again.board.summary()[1])["tables"][0]["misboards"]) == 1
    assert again.notices == 0
    store.close()
