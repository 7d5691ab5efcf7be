"""A room's schedule names each table's players round by round: the room server gives
a table its next round's names (retained on its notice topic), the table's next match
carries them."""
import json

import pytest

from tapete.room.lines import RoomError
from tapete.room.publish import TablePublisher
from tapete.room.schedule import load_schedule
from tapete.room.server import RoomBoard, RoomServer
from tapete.room.store import RoomStore
from tapete.sim.room_table import match_lines

from room.broker import connector
from room.test_broker import wait_until

ROUND1 = {"seats": ["Ana", "Biel", "Carme", "Dani"], "teams": ["Els Cracs", "Sa Penya"]}
ROUND2 = {"seats": ["Ona", "Pau", "Queralt", "Roc"]}


def write(tmp_path, rows):
    path = tmp_path / "schedule.jsonl"
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    return str(path)


def test_a_schedule_is_read_and_each_fault_named_with_its_line(tmp_path):
    path = write(tmp_path, [dict(ROUND1, round=1, table="t1"), dict(ROUND2, round=2, table="t1")])
    sched = load_schedule(path)
    assert sched[(1, "t1")]["seats"] == ROUND1["seats"] and sched[(2, "t1")]["seats"] == ROUND2["seats"]
    for rows, says in (([{"round": 0, "table": "t1", "seats": ["A"]}], "round from 1"),
                       ([{"round": 1, "table": "t1"}], "names nobody"),
                       ([{"round": 1, "table": "t1", "seats": ["A\nB"]}], "line 1: seat 0's name holds"),
                       ([{"round": 1, "table": "t1", "seats": ["A"]}] * 2, "line 2: round 1 at table t1 is given twice"),
                       ([], "names nobody")):
        with pytest.raises(RoomError, match=says):
            load_schedule(write(tmp_path, rows))


def test_each_table_is_given_its_next_rounds_names(room, tmp_path):
    sched = load_schedule(write(tmp_path, [dict(ROUND1, round=1, table="t1"),
                                           dict(ROUND2, round=2, table="t1")]))
    store = RoomStore(str(tmp_path / "room.sqlite"))
    server = RoomServer(store, RoomBoard("club"), "club", connector(room, "room"),
                        schedule=sched).start(room.info["host"], room.info["port"])
    # the table connects after the server gave round 1's names: they were kept for it
    pub = TablePublisher("club", "t1", connector(room, "t1")).start(room.info["host"], room.info["port"])
    assert wait_until(lambda: pub.notices, 10)
    given = pub.take_commands()
    assert all(c["cmd"] == "names" for c in given)
    assert [c["seats"] for c in given if "seats" in c] == [ROUND1["seats"]]
    assert [c["teams"] for c in given if "teams" in c] == [ROUND1["teams"]]
    # its round 1 match starts (with those names): round 2's are given, teams cleared
    lines = match_lines("malilla", 3, names=ROUND1, max_hands=1)
    pub.publish(lines[0])
    assert wait_until(lambda: pub.notices, 10)
    given = pub.take_commands()
    assert {"cmd": "names", "teams": [], "id": "room-names"} in given
    assert [c["seats"] for c in given if "seats" in c] == [ROUND2["seats"]]
    pub.stop()
    server.stop()
    store.close()
