"""`tapete record` and `tapete scoreboard` behave like tools: one clear line and a
non-zero exit for a user's mistake, never a traceback; a log is never truncated;
a disconnect is reported; the live scoreboard waits through any silence."""
import json
import os
import pty
import subprocess
import sys
import time
import tty

from tapete.log.link import seal

TAPETE = [sys.executable, "-m", "tapete.cli"]


def run(args, **kw):
    return subprocess.run(TAPETE + args, capture_output=True, text=True, timeout=60, **kw)


def one_clear_line(proc, code):
    assert proc.returncode == code, proc.stderr
    assert "Traceback" not in proc.stderr
    lines = [x for x in proc.stderr.splitlines() if x.strip()]
    assert len(lines) == 1, proc.stderr
    return lines[0]


def test_a_port_that_does_not_exist_is_one_line(tmp_path):
    line = one_clear_line(run(["record", "/dev/ttyNOPE9", "--out", str(tmp_path / "l.jsonl"),
                               "--db", str(tmp_path / "t.sqlite")]), 2)
    assert "no serial port /dev/ttyNOPE9" in line and "plugged in" in line
    assert not (tmp_path / "l.jsonl").exists()


def test_a_file_given_as_the_port_points_to_audit(tmp_path):
    log = tmp_path / "match.jsonl"
    log.write_text('{"ev": "match", "game": "malilla"}\n')
    line = one_clear_line(run(["record", str(log), "--out", str(tmp_path / "o.jsonl")]), 2)
    assert "is a file, not a serial port" in line and "tapete audit " + str(log) in line
    line = one_clear_line(run(["scoreboard", "/dev/ttyNOPE9"]), 2)
    assert "no serial port" in line


def test_invalid_options_json_is_one_line(tmp_path):
    line = one_clear_line(run(["record", "/dev/null", "--new", "malilla", "--options", "{target: 3"]), 2)
    assert "--options is not valid JSON" in line
    line = one_clear_line(run(["record", "/dev/null", "--new", "malilla", "--options", "[1]"]), 2)
    assert "must be a JSON object" in line


def test_an_unknown_game_for_new_is_one_line():
    line = one_clear_line(run(["record", "/dev/null", "--new", "poker"]), 2)
    assert "unknown game 'poker'" in line and "malilla" in line
    line = one_clear_line(run(["record", "/dev/null", "--new", "manille", "--options", '{"target": "x"}']), 2)
    assert "target" in line


class Pty:
    """A pseudo-terminal standing in for the controller's USB port."""

    def __init__(self):
        self.master, slave = os.openpty()
        tty.setraw(slave)
        self.path = os.ttyname(slave)
        os.close(slave)

    def send(self, ev):
        os.write(self.master, (seal(json.dumps(ev)) + "\n").encode())

    def close(self):
        os.close(self.master)


EVENTS = [{"ev": "match", "game": "malilla", "seats": 4, "seq": 0},
          {"ev": "deal", "dealer": 0, "seq": 1},
          {"ev": "turnup", "card": "4H", "seq": 2},
          {"ev": "trump", "suit": "H", "hand": 1, "seq": 3}]


def test_a_disconnect_while_recording_is_one_line_and_keeps_the_log(tmp_path):
    port = Pty()
    out = tmp_path / "log.jsonl"
    proc = subprocess.Popen(TAPETE + ["record", port.path, "--plain", "--out", str(out),
                                      "--db", str(tmp_path / "t.sqlite"), "--reconnect", "0.5"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    time.sleep(1.5)
    for ev in EVENTS:
        port.send(ev)
    deadline = time.time() + 20
    while time.time() < deadline and (not out.exists() or len(out.read_text().splitlines()) < 4):
        time.sleep(0.1)
    port.close()            # the cable is pulled and stays out
    stdout, stderr = proc.communicate(timeout=30)
    assert proc.returncode == 1
    assert "Traceback" not in stderr
    assert "disconnected and did not come back" in stderr.splitlines()[-1]
    assert [json.loads(x) for x in out.read_text().splitlines()] == EVENTS


def test_a_port_another_program_has_is_refused_in_one_line(tmp_path):
    # `record` and `serve` on one port would each read half of its lines.
    from tapete.log.port import open_serial
    port = Pty()
    holder = open_serial(port.path)
    try:
        for cmd in (["record", port.path, "--out", str(tmp_path / "l.jsonl"),
                     "--db", str(tmp_path / "t.sqlite")], ["scoreboard", port.path]):
            line = one_clear_line(run(cmd), 2)
            assert "in use by another program" in line and port.path in line, line
    finally:
        holder.close()
        port.close()


def test_record_never_truncates_an_existing_log(tmp_path):
    from tapete.cli import record as serial_cli
    out = tmp_path / "log.jsonl"
    old = '{"ev": "match", "game": "manille", "seats": 4}\n{"ev": "end"}\n'
    out.write_text(old)

    class Port:
        lines = [(seal(json.dumps(e)) + "\n").encode() for e in EVENTS]

        def readline(self):
            return self.lines.pop(0) if self.lines else b""

        def write(self, data):
            pass

    serial_cli.record(Port(), str(out), echo=None, idle_limit=2)
    text = out.read_text()
    assert text.startswith(old)
    assert [json.loads(x) for x in text.splitlines()[2:]] == EVENTS


def test_scoreboard_stays_live_through_silence():
    port = Pty()
    proc = subprocess.Popen(TAPETE + ["scoreboard", port.path], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    try:
        time.sleep(3.5)             # silence: the old scoreboard had quit after 1 s
        assert proc.poll() is None
        for ev in EVENTS:
            port.send(ev)
        got = b""
        deadline = time.time() + 20
        os.set_blocking(proc.stdout.fileno(), False)
        while time.time() < deadline and not (b"Malilla" in got and b"hearts" in got):
            time.sleep(0.1)
            got += proc.stdout.read() or b""
        assert b"Malilla" in got and b"hearts" in got
        assert proc.poll() is None
    finally:
        proc.terminate()
        proc.wait(10)
        port.close()


def test_every_subcommand_has_help():
    for cmd in ("record", "scoreboard", "sim", "serve", "replay", "stats", "report", "audit"):
        proc = run([cmd, "--help"])
        assert proc.returncode == 0 and "usage: tapete " + cmd in proc.stdout, cmd


def test_ctrl_c_stops_the_live_view_as_help_says():
    # Textual's own Ctrl-C only says "press ctrl+q"; the recording's view stops.
    import asyncio
    from tapete.views.terminal import LiveView

    async def press():
        app = LiveView()
        async with app.run_test() as pilot:
            await pilot.press("ctrl+c")
            await pilot.pause()
            return app.is_running

    assert asyncio.run(press()) is False


def test_a_port_where_no_table_answers_is_said_after_a_few_seconds(tmp_path):
    port = Pty()
    try:
        proc = run(["record", port.path, "--plain", "--out", str(tmp_path / "l.jsonl"),
                    "--db", str(tmp_path / "t.sqlite"), "--idle", "6.5"])
    finally:
        port.close()
    assert proc.returncode == 0, proc.stderr
    said = [x for x in proc.stderr.splitlines() if "no table answers" in x]
    assert said == ["tapete record: no table answers on %s after 5 s (is it the table's port, and the table "
                    "on?); still listening" % port.path], proc.stderr


def test_a_table_that_answers_is_never_said_silent(tmp_path):
    from tapete.cli import record as serial_cli

    class Port:
        lines = [(seal(json.dumps(e)) + "\n").encode() for e in EVENTS]

        def readline(self):
            time.sleep(0.05)
            return self.lines.pop(0) if self.lines else b""

        def write(self, data):
            pass
    said = []
    serial_cli.record(Port(), str(tmp_path / "l.jsonl"), echo=None, idle_limit=1, on_problem=said.append,
                      silent_s=0.3)
    assert not [x for x in said if "no table answers" in x], said


def test_a_restarted_record_shows_the_match_it_carries_on(tmp_path):
    out = tmp_path / "log.jsonl"
    out.write_text("".join(json.dumps(dict(e, names={"teams": ["Gràcia", "Sants"]}) if e["ev"] == "match" else e)
                           + "\n" for e in EVENTS))
    port = Pty()
    try:
        proc = run(["record", port.path, "--plain", "--out", str(out), "--db", str(tmp_path / "t.sqlite"),
                    "--idle", "1"])
    finally:
        port.close()
    assert proc.returncode == 0, proc.stderr
    said = [x for x in proc.stderr.splitlines() if "carrying on" in x]
    assert said == ["tapete record: carrying on the log's match: Malilla  (a proven foul loses the game, "
                    "target 35)   hand 1   dealer seat 0; "
                    "score: Gràcia 0   Sants 0"], proc.stderr
