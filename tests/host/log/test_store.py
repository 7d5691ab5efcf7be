"""The match database: events stored as recorded, matches found by id, and `tapete
audit` of a match taken from it."""
import json
import subprocess
import sys

from tapete.log.source import load
from tapete.log.store import Store

from host.matchkit import controller_match, violating_match

TAPETE = [sys.executable, "-m", "tapete.cli"]


def fill(path, logs):
    store = Store(str(path))
    store.start("test")
    for log in logs:
        for ev in log:
            store.add(ev)
    store.close()


def test_the_database_holds_each_match_event_for_event(tmp_path):
    logs = [controller_match("malilla", 1, {"target": 10}), controller_match("manille", 2, {"target": 20})]
    fill(tmp_path / "t.sqlite", logs)
    store = Store(str(tmp_path / "t.sqlite"), create=False)
    assert [m["game"] for m in store.matches()] == ["malilla", "manille"]
    assert store.events(1) == logs[0] and store.events(2) == logs[1]
    assert store.matches()[0]["winner"] == logs[0][-1]["winner"]
    store.close()
    assert load("2", str(tmp_path / "t.sqlite")).events == logs[1]
    assert load("last", str(tmp_path / "t.sqlite")).events == logs[1]


def test_a_revised_violation_is_one_offence(tmp_path):
    log = violating_match()
    assert any(e.get("revises") for e in log)
    fill(tmp_path / "t.sqlite", [log])
    store = Store(str(tmp_path / "t.sqlite"), create=False)
    rows = store.db.execute("SELECT seat, card, rule FROM violations").fetchall()
    final = [e for e in log if e["ev"] == "violation"][-1]
    assert rows == [(final["seat"], final["card"], final["rule"])]


def test_a_log_file_with_several_matches_gives_each(tmp_path):
    logs = [controller_match("malilla", 1, {"target": 10}), controller_match("malilla", 5, {"target": 10})]
    path = tmp_path / "two.jsonl"
    path.write_text("".join(json.dumps(e) + "\n" for log in logs for e in log))
    assert load(str(path)).events == logs[1]
    assert load(str(path) + ":1").events == logs[0]
    assert load(str(path) + ":1").first_line == 1


def test_audit_takes_a_match_from_the_database_by_id(tmp_path):
    logs = [controller_match("malilla", 1, {"target": 10}),
            controller_match("malilla", 3, {"target": 12, "irregularity": "report"}, revoke_at=(1, 2))]
    assert any(e["ev"] == "violation" for e in logs[1])
    fill(tmp_path / "t.sqlite", logs)
    proc = subprocess.run(TAPETE + ["audit", "2", "--db", str(tmp_path / "t.sqlite"), "--json"],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    result = json.loads(proc.stdout)
    result = result["matches"][0] if "matches" in result else result
    assert result["game"] == "malilla" and result["totals"] == logs[1][-1]["totals"]
    assert not result["errors"] and not result.get("disagreements")
    assert [v["rule"] for h in result["hands"] for v in h["violations"]]
    proc = subprocess.run(TAPETE + ["audit", "7", "--db", str(tmp_path / "t.sqlite")],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and "no match 7" in proc.stderr and "Traceback" not in proc.stderr


def test_a_recording_restarted_mid_match_carries_on_the_same_match(tmp_path):
    log = controller_match("malilla", 1, {"target": 10})
    for seq, ev in enumerate(log):
        ev["seq"] = seq
    half = len(log) // 2
    fill(tmp_path / "t.sqlite", [log[:half]])       # the recorder is stopped here
    fill(tmp_path / "t.sqlite", [log[half:]])       # ... and started again: no `match`
    store = Store(str(tmp_path / "t.sqlite"), create=False)
    matches = store.matches()
    assert [m["game"] for m in matches] == ["malilla"]      # one match, never a `?` one
    assert store.events(matches[0]["id"]) == log
    assert matches[0]["winner"] == log[-1]["winner"]
    hands = store.db.execute("SELECT hand FROM hands ORDER BY hand").fetchall()
    assert [h[0] for h in hands] == list(range(1, sum(e["ev"] == "deal" for e in log) + 1))
    store.close()


def test_a_finished_match_or_another_source_is_not_carried_on(tmp_path):
    log = controller_match("malilla", 1, {"target": 10})
    fill(tmp_path / "t.sqlite", [log])
    store = Store(str(tmp_path / "t.sqlite"))
    store.start("test")
    store.add({"ev": "deal", "dealer": 1})          # after a finished match: a new row
    store.start("elsewhere")
    store.match = None
    store.add({"ev": "deal", "dealer": 1})
    assert len(store.matches()) == 3
    store.close()
