"""A table that starts again from seq 0 (issue 36 item 2): a swapped or re-flashed
Pico, a new recorder, the database kept for the next evening. Its new run is stored
and shown, never dropped as received twice; an old line replayed is still one."""
import json
import time

from tapete.room.publish import TablePublisher
from tapete.room.server import RoomBoard, RoomServer
from tapete.room.store import RoomStore
from tapete.sim.room_table import match_lines
from tapete.views.web import wait_until as poll

from room.broker import connector


def wait_until(predicate, timeout=20.0):
    return poll(predicate, timeout, 0.05)


def play(room, lines, run_id=None):
    """One run of table t1: a fresh publisher (a boot), `lines` published."""
    host, port = room.info["host"], room.info["port"]
    pub = TablePublisher("club", "t1", connector(room, "t1")).start(host, port)
    for ev in lines:
        if run_id and ev["ev"] == "match":
            ev = dict(ev, run=run_id)
        pub.publish(ev)
    pub.stop()
    return pub


def t1_matches(store):
    return [m for m in store.matches() if m["table"] == "t1"]


def test_a_table_starting_again_at_seq_0_is_a_new_run_stored_and_shown(room, tmp_path):
    host, port = room.info["host"], room.info["port"]
    path = str(tmp_path / "room.sqlite")
    store = RoomStore(path)
    board = RoomBoard("club")
    server = RoomServer(store, board, "club", connector(room, "room")).start(host, port)
    truc = match_lines("truc", 7)
    play(room, truc)
    assert wait_until(lambda: store.next_seq("club", "t1") == len(truc))
    # the Pico swapped: a new boot numbers from 0 again, a shorter match of another game
    mus = match_lines("mus", 3)
    old = play(room, [truc[0]])             # the old match line replayed: received twice
    assert wait_until(lambda: server.counts()["received_twice"] >= 1)
    assert old.resent == 0 and store.run("club", "t1")[0] == 0
    play(room, mus)
    assert wait_until(lambda: store.next_seq("club", "t1") == len(mus)), server.counts()
    assert store.run("club", "t1")[0] == 1
    games = [m["game"] for m in t1_matches(store)]
    assert games == ["truc", "mus"]
    assert [e["seq"] for e in store.store.events(t1_matches(store)[1]["match"])] == list(range(len(mus)))
    card = [t for t in json.loads(board.summary()[1])["tables"] if t["table"] == "t1"][0]
    assert card["game"] == "mus" and card["run"] == 1 and card["seq"] == len(mus) - 1
    # an old run's line delivered again past the new run's end: not held for it
    twice = server.counts()["received_twice"]
    play(room, [truc[len(mus) + 5]])
    assert wait_until(lambda: server.counts()["received_twice"] == twice + 1)
    assert server.intakes["t1"].held == {} and store.next_seq("club", "t1") == len(mus)
    server.stop()
    store.close()

    # The next evening, the same database: the table boots with a run id on its match
    # line; the room server restarted; the new run is stored from its seq 0.
    store = RoomStore(path)
    board = RoomBoard("club")
    server = RoomServer(store, board, "club", connector(room, "room")).start(host, port)
    botifarra = match_lines("botifarra", 5)
    play(room, botifarra, run_id="a1b2c3d4e5f60718")
    assert wait_until(lambda: store.next_seq("club", "t1") == len(botifarra)), server.counts()
    assert store.run("club", "t1") == (2, "a1b2c3d4e5f60718")
    # the same run's line again: a duplicate; another boot with the same start: a new run
    play(room, [dict(botifarra[0])], run_id="a1b2c3d4e5f60718")
    play(room, botifarra[:40], run_id="99887766554433aa")
    assert wait_until(lambda: store.run("club", "t1") == (3, "99887766554433aa"))
    assert wait_until(lambda: store.next_seq("club", "t1") == 40), server.counts()
    # an old run's match replayed (its id known) starts nothing
    play(room, [dict(botifarra[0])], run_id="a1b2c3d4e5f60718")
    time.sleep(0.5)
    assert store.run("club", "t1")[0] == 3
    assert [m["game"] for m in t1_matches(store)] == ["truc", "mus", "botifarra", "botifarra"]
    assert server.counts()["lost"] == 0
    server.stop()
    store.close()


def test_a_room_database_made_before_runs_is_carried_on(tmp_path):
    import sqlite3
    path = str(tmp_path / "old.sqlite")
    db = sqlite3.connect(path)
    db.executescript("CREATE TABLE room_lines (room TEXT NOT NULL, tbl TEXT NOT NULL, seq INTEGER NOT NULL,"
                     " match INTEGER, n INTEGER, PRIMARY KEY (room, tbl, seq));"
                     "INSERT INTO room_lines VALUES ('club', 't1', 0, 1, 0), ('club', 't1', 1, 1, 1);")
    db.commit()
    db.close()
    store = RoomStore(path)
    assert store.next_seq("club", "t1") == 2 and store.run("club", "t1") == (0, None)
    store.close()
