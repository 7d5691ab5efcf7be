"""`tapete record` against `tapete sim --pty`: a whole match through a pseudo-terminal,
as from a Pico, and the faults of a serial path: damaged and cut lines, dropped
bytes, the port closed and reopened, a controller restart mid-hand, a gap older
than the resend ring (resent from the journal), and the fastest rate the table
can send. What is stored,
in the log and in the database, is what the controller emitted: nothing lost or
repeated, and every problem reported."""
import json

from tapete.log.store import Store

from host.simkit import Table, read_jsonl, record

OPTIONS = '{"target": 12, "irregularity": "report"}'


def db_events(db):
    s = Store(str(db))
    ids = [m["id"] for m in s.matches()]
    assert len(ids) == 1
    events = s.events(ids[0])
    s.close()
    return events


def test_a_whole_match_recorded_from_the_simulated_pico_is_what_the_controller_emitted(tmp_path):
    table = Table(tmp_path, "--linger", "3")
    try:
        code, out, err = record(table.port, tmp_path / "log.jsonl", tmp_path / "t.sqlite",
                                "--new", "malilla", "--options", OPTIONS)
        table.finish()
    finally:
        table.stop()
    assert code == 0, err
    emitted = table.events()
    assert emitted[-1]["ev"] == "match_end" and emitted[0]["ev"] == "match"
    log = read_jsonl(tmp_path / "log.jsonl")
    assert log == emitted
    assert db_events(tmp_path / "t.sqlite") == emitted
    assert any(e["ev"] == "violation" for e in log)      # the scripted revoke, proven
    assert "VIOLATION seat" in out


FAULTS = """ready
garble 300
trick
trick
trick
garble 0
unplug 1.5
play 2
restart
trick
play 1
restart
trick
unplug
hand
hand
plug
play 4
"""


def test_faults_on_the_serial_path_lose_and_repeat_nothing_and_are_reported(tmp_path):
    table = Table(tmp_path, "--no-misplay", "--fast", "--linger", "40", script=FAULTS, seed=5)
    try:
        code, out, err = record(table.port, tmp_path / "log.jsonl", tmp_path / "t.sqlite",
                                "--new", "malilla", "--options", '{"target": 200}', "--idle", "20")
        table.finish()
    finally:
        table.stop()
    (tmp_path / "record.err").write_text(err)
    emitted = table.events()
    log = read_jsonl(tmp_path / "log.jsonl")
    # Two hands played while unplugged left the 64-line ring: the controller resends
    # them from its journal, so nothing is lost and the log is what it emitted, once,
    # in order.
    assert not [e for e in log if e["ev"] == "x-gap"], err
    assert log == emitted, err
    assert db_events(tmp_path / "t.sqlite") == log
    # Every problem reported as it happened.
    assert "damaged line" in err
    assert "disconnected" in err and "is back" in err
    assert err.count("the controller restarted") >= 2
    assert "LOST" not in err
    assert code == 0


def test_recording_at_the_fastest_rate_the_table_sends_loses_nothing(tmp_path):
    table = Table(tmp_path, "--fast", "--linger", "3")
    try:
        code, out, err = record(table.port, tmp_path / "log.jsonl", tmp_path / "t.sqlite",
                                "--new", "malilla", "--options", OPTIONS)
        table.finish()
    finally:
        table.stop()
    assert code == 0, err
    assert read_jsonl(tmp_path / "log.jsonl") == table.events()
    assert "lost" not in err.split("recorded")[0].lower()
    assert json.loads(json.dumps(db_events(tmp_path / "t.sqlite"))) == table.events()
