"""`tapete record` stopped with Ctrl-C mid-match and started again 10 s later, while
the simulated table (`tapete sim --pty`) plays on (until it has sent more than its
ring holds, then paused, so that a fast machine does not finish the match meanwhile):
the controller resends what the recorder missed from its journal, so the log and the
database hold, line for line, what the controller emitted, as one match."""
import os
import signal
import subprocess
import time

from tapete.log.store import Store

from host.simkit import TAPETE, Table, read_jsonl, record

OPTIONS = '{"target": 35, "irregularity": "report"}'
MISSED = 8      # lines the table sends while no recorder listens, before it is paused


def _events_in(path):
    return len(read_jsonl(path)) if os.path.exists(path) else 0


def test_a_recorder_stopped_for_ten_seconds_mid_match_loses_nothing(tmp_path):
    out, db = tmp_path / "log.jsonl", tmp_path / "t.sqlite"
    # A ring of 4 lines (the Pico's holds 64): on a loaded machine the table may
    # send fewer than 64 events in 10 s, and what it sent while no recorder had the
    # port open is gone (the Pico's USB drops it), so it must come from the journal.
    table = Table(tmp_path, "--fast", "--ring", "4", "--drop-closed", "--linger", "60")
    try:
        first = subprocess.Popen(
            TAPETE + ["record", table.port, "--plain", "--until-end", "--out", str(out),
                      "--db", str(db), "--new", "malilla", "--options", OPTIONS],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        deadline = time.time() + 300
        while _events_in(out) < 12:             # into the first hand's tricks
            assert time.time() < deadline and first.poll() is None, first.communicate()
            time.sleep(0.05)
        first.send_signal(signal.SIGINT)        # Ctrl-C
        _, err1 = first.communicate(timeout=60)
        assert first.returncode == 0, err1
        assert "stopped (Ctrl-C)" in err1 and "Traceback" not in err1
        stopped_at = _events_in(out)
        t0 = time.time()
        # The table plays on unheard until it has sent more than its ring holds, and is
        # then paused (SIGSTOP) for the rest of the 10 s: on a quiet machine the
        # simulated table would otherwise finish the match inside them
        while len(table.events()) - stopped_at <= MISSED:
            assert time.time() < t0 + 120 and table.proc.poll() is None
            time.sleep(0.02)
        table.proc.send_signal(signal.SIGSTOP)
        try:
            missed = len(table.events()) - stopped_at
            assert missed > 4, missed               # more than the controller's ring holds
            assert not any(e["ev"] == "match_end" for e in table.events())     # still mid-match
            time.sleep(max(0.0, t0 + 10 - time.time()))
        finally:
            table.proc.send_signal(signal.SIGCONT)
        code, _, err2 = record(table.port, out, db)
    finally:
        table.stop()
    emitted = table.events()
    assert code == 0, err2
    assert emitted[0]["ev"] == "match" and emitted[-1]["ev"] == "match_end"
    assert read_jsonl(out) == emitted           # line for line: nothing lost, nothing twice
    assert "LOST" not in err2 and "0 lost" in err2
    s = Store(str(db))
    matches = s.matches()
    assert [m["game"] for m in matches] == ["malilla"]      # one match, not split
    assert s.events(matches[0]["id"]) == emitted
    assert matches[0]["reason"] is not None
    s.close()
