"""A Swiss event in a room with a clock, end to end (tapete.event.demo, the code of
`make tournament-demo`, on a smaller event): the room tells every table its round
before its match starts, every match carries its round's names, ends at a cap or its
target, and lands as the event's result; nothing is lost."""
import json
import os
import types

from tapete.event import demo, eventfile, formats
from tapete.room.publish import TablePublisher

from room.broker import have_mosquitto

import pytest


def test_a_round_from_the_room_reaches_a_usb_table_as_names_then_the_round():
    pub = TablePublisher("club", "t1", lambda cid, clean: types.SimpleNamespace())   # never connected
    cmd = {"cmd": "round", "id": "room-round", "round": 2, "table": 1, "left": 300, "caps": {"deals": 6},
           "seats": ["Ana", "Biel", "Carme", "Dani"], "teams": ["Gràcia A", "Narcís B"]}
    pub._notice(json.dumps(cmd).encode())
    down = pub.take_commands()
    assert [c["cmd"] for c in down] == ["names"] * (len(down) - 1) + ["round"]
    assert down[-1] == {"cmd": "round", "id": "room-round", "round": 2, "table": 1, "left": 300,
                        "caps": {"deals": 6}}
    assert all(len(json.dumps(c)) < 300 for c in down)     # each a line the table takes
    from tapete.rules import names
    held = None
    for c in down[:-1]:
        held = names.merge(held, c)
    assert held == {"seats": cmd["seats"], "teams": cmd["teams"]}


def test_a_small_swiss_event_over_two_tables_with_a_clock(room_base, tmp_path, monkeypatch):
    if not have_mosquitto():
        pytest.skip("needs Debian's mosquitto (.ci/run installs it)")
    out = os.path.join(room_base, "tournament")
    user_data = tmp_path / "user-data"         # the user's data folder: the demo never writes there
    monkeypatch.setenv("XDG_DATA_HOME", str(user_data))
    s, code = demo.run(out, tables=2, rounds=3, pace_s=0.002, seed=7,
                       clock_caps={"points": 101, "deals": 3, "minutes": None}, tell=lambda text: None)
    assert code == 0, s
    assert demo.summary_line(s) == "event: 3 rounds, 6 matches, 0 lost, ranking written to %s" % s["ranking"]
    assert s["unnamed"] == [] and s["unclean"] == [] and s["caps"] == ["cap"]   # 3 deals never reach 101
    event = eventfile.load(s["event"])
    # every result is the table's match_end totals, side a first
    from tapete.room.store import RoomStore
    store = RoomStore(s["db"])
    try:
        ended = dict(((m["round"], m["table"]), m["totals"]) for m in store.matches())
    finally:
        store.close()
    for rnd in event["rounds"]:
        for t in rnd["tables"]:
            assert t["score"] == ended[(rnd["round"], "t%d" % t["table"])]
    with open(s["ranking"], encoding="utf-8") as f:
        written = json.load(f)["ranking"]
    assert written == formats.ranking_rows(event)
    assert not user_data.exists() or not list(user_data.rglob("*.sqlite")), list(user_data.rglob("*"))
    assert sorted(os.listdir(out)) == ["broker", "event.json", "ranking.json", "room.sqlite"] + sorted(
        n for n in os.listdir(out) if n.startswith("room.sqlite-"))
