"""The room database: every table's log once, matches per table and round, readable by
the laptop tools (stats, audit)."""
import json
import subprocess
import sys

from tapete.room.store import RoomStore
from tapete.sim.room_table import match_lines


def test_tables_interleave_without_mixing_and_a_stored_line_is_never_stored_again(tmp_path):
    db = str(tmp_path / "room.sqlite")
    store = RoomStore(db)
    a = match_lines("truc", 1)
    b = match_lines("tute", 2)
    for i in range(max(len(a), len(b))):
        if i < len(a):
            store.add("club", "t1", [a[i]])
        if i < len(b):
            store.add("club", "t2", [b[i]])
    assert store.add("club", "t1", a[:5]) == 5          # already stored: skipped
    matches = store.matches()
    assert [(m["table"], m["game"], m["round"], m["events"]) for m in matches] == [
        ("t1", "truc", 1, len(a)), ("t2", "tute", 1, len(b))]
    assert [e["seq"] for e in store.store.events(matches[0]["match"])] == [e["seq"] for e in a]
    assert store.next_seq("club", "t1") == len(a) and store.next_seq("club", "t9") is None
    store.close()


def test_a_tables_next_match_is_its_next_round_and_carries_on_after_a_restart(tmp_path):
    db = str(tmp_path / "room.sqlite")
    first = match_lines("malilla", 3)
    second = match_lines("envite", 4, first_seq=len(first))
    store = RoomStore(db)
    store.add("club", "t1", first + second[:10])
    store.close()
    store = RoomStore(db)           # the room server restarted mid-match
    store.add("club", "t1", second[10:])
    rounds = [(m["round"], m["game"], m["events"]) for m in store.matches()]
    assert rounds == [(1, "malilla", len(first)), (2, "envite", len(second))]
    store.close()


def test_stats_and_audit_read_the_room_database(tmp_path):
    db = str(tmp_path / "room.sqlite")
    store = RoomStore(db)
    store.add("club", "t1", match_lines("botifarra", 5))
    store.close()
    tapete = [sys.executable, "-m", "tapete.cli"]
    stats = subprocess.run(tapete + ["stats", "--db", db, "--json"], capture_output=True, text=True)
    assert stats.returncode == 0 and "botifarra" in stats.stdout
    audit = subprocess.run(tapete + ["audit", "1", "--db", db, "--json"], capture_output=True, text=True)
    result = json.loads(audit.stdout)
    assert audit.returncode == 0 and result["errors"] == [] and result["winner"] is not None
