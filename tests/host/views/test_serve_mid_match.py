"""`tapete serve` started after a match began (issue 15, item 5): it shows that match
from its start, not "no match yet" until the next one. The controller resends what
the board missed from its journal, so the log the board records and the picture it
serves hold the match from its `match` line. No browser: the board's /state."""
import json
import time
import urllib.request

from host.browser import Server
from host.simkit import Table, read_jsonl


def _state(server):
    with urllib.request.urlopen(server.url + "state", timeout=10) as r:
        return json.loads(r.read().decode())["state"]


def test_serve_started_mid_match_shows_the_match_from_its_start(tmp_path):
    out, db = tmp_path / "board.jsonl", tmp_path / "t.sqlite"
    # The players start the match with the table's buttons; a ring of 4 lines and
    # nothing sent while no program has the port open (as the Pico's USB): what came
    # before `serve` can only come from the journal.
    table = Table(tmp_path, "--start", "--ring", "4", "--drop-closed", "--linger", "60")
    server = None
    try:
        deadline = time.time() + 300
        while len(table.events()) < 30:             # into the first hand's tricks
            assert time.time() < deadline and table.proc.poll() is None, table.proc.stderr.read()
            time.sleep(0.05)
        before = len(table.events())                # sent to nobody: the USB dropped them
        server = Server(["serve", table.port, "--out", str(out), "--db", str(db)])
        seen = {}

        def caught_up():
            s = _state(server)
            seen["state"] = s
            return s.get("game") == "malilla" and s["seq"] >= 30
        deadline = time.time() + 120
        while not caught_up():
            assert time.time() < deadline, seen
            time.sleep(0.2)
    finally:
        if server is not None:
            server.stop()
        table.stop()
    emitted = table.events()
    stored = read_jsonl(out)
    assert stored and stored[0]["ev"] == "match" and stored[0]["seq"] == emitted[0]["seq"]
    assert stored == emitted[:len(stored)]          # from the start, line for line
    assert len(stored) > before
    s = seen["state"]
    assert s["gaps"] == [] and s["errors"] == 0, s
    assert s["events"] >= 30, s
