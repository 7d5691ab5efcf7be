"""Every callback from the network is guarded: a message whose handling raises is
logged and dropped, and paho's thread goes on serving every other table (issue 34,
item 4). Against the real Mosquitto (broker.py)."""
import json
import logging

from tapete.room.mqtt import guarded
from tapete.room.publish import TablePublisher
from tapete.room.server import RoomBoard, RoomServer
from tapete.room.store import RoomStore
from tapete.sim.room_table import match_lines
from tapete.views.web import wait_until as poll

from room.broker import connector


def wait_until(predicate, timeout=15.0):
    return poll(predicate, timeout, 0.02)


def test_a_guarded_callback_logs_what_it_raised_and_returns(caplog):
    def on_message(client, userdata, msg):
        raise TypeError("unhashable type: 'dict'")
    with caplog.at_level(logging.ERROR, logger="tapete.room"):
        assert guarded(on_message)(None, None, None) is None
    assert "dropped a message" in caplog.text and "unhashable type" in caplog.text


def test_a_line_whose_handling_raises_is_dropped_and_the_other_tables_go_on(room, tmp_path, caplog):
    store = RoomStore(str(tmp_path / "room.sqlite"))
    board = RoomBoard("club")
    server = RoomServer(store, board, "club", connector(room, "room")).start(room.info["host"], room.info["port"])
    feed = board.feed

    def feed_or_raise(table, ev, rnd):     # a fault in the board's handling of one table's lines
        if table == "t2":
            raise TypeError("unhashable type: 'dict'")
        return feed(table, ev, rnd)
    board.feed = feed_or_raise
    t1 = TablePublisher("club", "t1", connector(room, "t1")).start(room.info["host"], room.info["port"])
    t2 = TablePublisher("club", "t2", connector(room, "t2")).start(room.info["host"], room.info["port"])
    lines = match_lines("truc", 3)
    with caplog.at_level(logging.ERROR, logger="tapete.room"):
        t2.publish({"ev": "match", "seq": 0, "game": "truc", "seats": 4, "dealer": {"a": 1}})
        for ev in lines:
            t1.publish(ev)
        assert wait_until(lambda: store.next_seq("club", "t1") == len(lines))
    t1.stop()
    t2.stop()
    assert server.client._thread is not None and server.client._thread.is_alive()
    server.stop()
    events = store.store.events([m for m in store.matches() if m.get("table") == "t1"][0]["match"])
    assert [e["seq"] for e in events] == list(range(len(lines)))
    assert "dropped a message" in caplog.text
    assert json.dumps(lines[-1]["ev"]) in json.dumps([e["ev"] for e in events])
    store.close()
