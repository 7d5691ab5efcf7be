"""The board's counters across matches (issue 36 item 7): lost, rejected and asked
again, per table and for the evening; a new match, another table's match, a restart
of the room server: none of them resets them."""
import json

from tapete.room.publish import TablePublisher
from tapete.room.server import RoomBoard, RoomServer
from tapete.room.store import RoomStore
from tapete.sim.room_table import match_lines
from tapete.views.web import wait_until as poll

from room.broker import connector


def wait_until(predicate, timeout=20.0):
    return poll(predicate, timeout, 0.05)


def card(board, table):
    return [t for t in json.loads(board.summary()[1])["tables"] if t["table"] == table][0]


def evening(board):
    return json.loads(board.summary()[1])["evening"]


def test_lost_rejected_and_asked_are_kept_across_matches_and_restarts(room, tmp_path):
    host, port = room.info["host"], room.info["port"]
    path = str(tmp_path / "room.sqlite")
    store = RoomStore(path)
    board = RoomBoard("club")
    server = RoomServer(store, board, "club", connector(room, "room")).start(host, port)
    truc = match_lines("truc", 7)
    a = TablePublisher("club", "t1", connector(room, "t1")).start(host, port)
    for ev in truc[:10]:
        a.publish(ev)
    a.client.publish(a.topic, '{"ev":"play","seq":10,"seat":{"a":1},"card":"7H"}', qos=1)   # rejected
    a.stop()
    # the recorder restarted with nothing kept before seq 13: 11 and 12 are lost
    b = TablePublisher("club", "t1", connector(room, "t1")).start(host, port)
    for ev in truc[13:]:
        b.publish(ev)
    # (the lines are in the store before the worker counts them: wait for the counters too)
    assert wait_until(lambda: store.next_seq("club", "t1") == len(truc) and card(board, "t1")["lost"] == 2), \
        server.counts()
    c = card(board, "t1")
    assert c["disputes"] == []      # a hand with lines lost is the audit's to judge, not the board's
    assert (c["lost"], c["rejected"]) == (2, 1) and c["resent"] >= 1
    assert "not a whole number" in c["last_rejected"]
    # the table's next match, and another table's: the counters stay
    for ev in match_lines("mus", 2, first_seq=len(truc)):
        b.publish(ev)
    b.stop()
    t2 = TablePublisher("club", "t2", connector(room, "t2")).start(host, port)
    t2.client.publish(t2.topic, '{"ev":"match","seq":0,"game":["truc"]}', qos=1)
    for ev in match_lines("botifarra", 1, first_seq=1):
        t2.publish(ev)
    t2.stop()
    assert wait_until(lambda: card(board, "t1")["game"] == "mus" and "t2" in board.views
                      and card(board, "t2")["rejected"] == 1)
    c = card(board, "t1")
    assert (c["lost"], c["rejected"]) == (2, 1) and c["match_lost"] == 0
    e = evening(board)
    assert e["lost"] == 2 and e["rejected"] == 2 and e["asked"] >= 1
    server.stop()
    store.close()
    # a restart of the room server on the same database: the evening goes on
    store = RoomStore(path)
    board = RoomBoard("club")
    server = RoomServer(store, board, "club", connector(room, "room"))
    assert (card(board, "t1")["lost"], card(board, "t1")["rejected"]) == (2, 1)
    assert evening(board)["rejected"] == 2 and evening(board)["lost"] == 2
    assert [r["seq"] for r in store.rejected("club")] == [10, 0]
    store.close()
