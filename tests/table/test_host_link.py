"""Host side of the serial link: `tapete record` against a fake port, scoreboard."""
import io
import json

from tapete.log.link import Recorder, seal, unseal, command
from tapete.cli import record as serial_cli


def line(ev):
    return (seal(json.dumps(ev)) + "\n").encode()


class FakePort:
    """Lines to read, and a record of what was written; resends served from `log`."""

    def __init__(self, lines, log=None):
        self.lines = list(lines)
        self.written = []
        self.log = log or []

    def readline(self):
        return self.lines.pop(0) if self.lines else b""

    def write(self, data):
        self.written.append(json.loads(unseal(data.decode())[0]))
        cmd = self.written[-1]
        if cmd.get("cmd") == "resend":
            self.lines[0:0] = [line(e) for e in self.log if e["seq"] >= cmd["from"]]


EVENTS = [{"ev": "match", "game": "malilla", "seats": 4, "seq": 0},
          {"ev": "deal", "dealer": 0, "seq": 1},
          {"ev": "turnup", "card": "4H", "seq": 2},
          {"ev": "trump", "suit": "H", "hand": 1, "seq": 3},
          {"ev": "play", "seat": 1, "card": "2S", "seq": 4}]


def test_seal_matches_the_firmware_framing():
    text = seal('{"ev": "deal", "dealer": 0}')
    assert text.endswith('"}') and ', "crc": "' in text
    assert unseal(text) == ('{"ev": "deal", "dealer": 0}', 1)
    assert unseal(text.replace("0,", "1,"))[1] == -1
    assert command({"cmd": "status"}).endswith(b"\n")


def test_record_stores_in_order_without_crc_and_asks_for_resends(tmp_path):
    damaged = line(EVENTS[2]).replace(b"4H", b"5H")         # bad crc
    wire = [line(EVENTS[0]), line(EVENTS[1]), damaged, line(EVENTS[3]),
            b"\xff\xfe garbage\n", line(EVENTS[4]), line(EVENTS[1])]   # a repeat at the end
    port = FakePort(wire, EVENTS)
    out = tmp_path / "log.jsonl"
    rec = serial_cli.record(port, str(out), new={"cmd": "new", "game": "malilla"},
                            echo=None, idle_limit=1)
    stored = [json.loads(x) for x in out.read_text().splitlines()]
    assert stored == EVENTS
    assert all("crc" not in e for e in stored)
    assert port.written[0]["cmd"] == "new"
    assert {"cmd": "resend", "from": 2} in port.written
    assert rec.bad_lines >= 1 and rec.duplicates >= 1


def test_a_gap_is_filled_by_a_resend():
    port = FakePort([line(EVENTS[0]), line(EVENTS[3])], EVENTS)
    got = []
    Recorder(port, got.append).run()
    assert [e["seq"] for e in got] == [0, 1, 2, 3, 4]


def test_a_restarted_controller_is_asked_for_what_it_journalled():
    port = FakePort([line(EVENTS[0]), line({"reply": "boot", "next_seq": 3})], EVENTS[:3])
    got = []
    Recorder(port, got.append).run()
    assert [e["seq"] for e in got] == [0, 1, 2]


class HoldingPort(FakePort):
    """A controller that holds only seqs from `oldest` on (its ring and journal)."""

    def __init__(self, lines, log, oldest):
        FakePort.__init__(self, lines, log)
        self.oldest = oldest

    def write(self, data):
        cmd = json.loads(unseal(data.decode())[0])
        if cmd.get("cmd") == "resend" and cmd["from"] < self.oldest:
            self.written.append(cmd)
            self.lines[0:0] = [line({"error": "seq %d is not held (oldest %d, next %d)" % (
                cmd["from"], self.oldest, self.log[-1]["seq"] + 1), "line": "..."})]
            return
        FakePort.write(self, data)


LATER = [dict(e, seq=e["seq"] + 100) for e in EVENTS]   # a controller up for a while


def test_a_gap_the_controller_no_longer_holds_is_stored_as_such():
    # The recorder carries on a match from seq 1; the controller holds from 3 on.
    got = []
    rec = Recorder(HoldingPort([line(EVENTS[4])], EVENTS, 3), got.append, first_seq=1)
    rec.run()
    assert got == [{"ev": "x-gap", "from": 1, "to": 2}] + EVENTS[3:]
    assert rec.lost == 2


def test_a_fresh_recording_starts_at_the_controllers_match_not_before():
    # Nothing recorded yet: what the controller holds from before its current match
    # (an earlier match's tail) is passed over, neither stored nor called a gap.
    tail = [{"ev": "hand_end", "hand": 3, "points": [1, 2], "score": [0, 1], "totals": [9, 9],
             "seq": 98}, {"ev": "match_end", "winner": 0, "totals": [9, 9], "reason": "target",
                          "seq": 99}]
    got = []
    rec = Recorder(HoldingPort([], tail + LATER, 98), got.append, fresh=True)
    rec.ask_resend(force=True)
    rec.run()
    assert got == LATER and rec.lost == 0 and rec.passed_over == 2


def test_a_match_already_in_the_log_is_not_recorded_again(tmp_path):
    done = EVENTS + [{"ev": "match_end", "winner": 0, "totals": [12, 3], "reason": "target",
                      "seq": 5}]
    out = tmp_path / "log.jsonl"
    out.write_text("".join(json.dumps(e) + "\n" for e in done))
    first, fresh = serial_cli.log_position(str(out))
    assert (first, fresh) == (6, True)
    nxt = [{"ev": "match", "game": "tute", "seats": 4, "seq": 6}]
    serial_cli.record(FakePort([], done + nxt), str(out), echo=None, idle_limit=1,
                      first_seq=first, fresh=fresh)
    assert [json.loads(x) for x in out.read_text().splitlines()] == done + nxt


def test_the_scoreboard_of_a_log_is_the_live_views_picture(tmp_path, capsys):
    from tapete.views.state import TableView, text_lines
    # the misdeal comes after the hand's first card: the law late_misdeal void voids it
    events = [dict(EVENTS[0], options={"late_misdeal": "void"})] + EVENTS[1:] + [
        {"ev": "violation", "hand": 1, "trick": 1, "seat": 2, "card": "KC", "rule": "revoke",
         "proven": 2, "proof": {"trick": 2, "card": "5S"}},
        {"ev": "misdeal", "seq": 6},
        {"ev": "deal", "dealer": 0, "seq": 7},      # refused: after a misdeal seat 1 deals
        {"ev": "deal", "dealer": 1, "seq": 8}]
    path = tmp_path / "log.jsonl"
    path.write_text("\n".join(json.dumps(e) for e in events) + "\n")
    from tapete.cli import main
    assert main(["scoreboard", str(path)]) == 0
    text = capsys.readouterr().out
    view = TableView()
    for ev in events:
        view.feed(ev)
    assert text == "\n".join(text_lines(view.state())) + "\n"
    # the rules' hand, not a count of deal lines; the misdealt hand's turn-up is gone
    assert "hand 2" in text and "hand 3" not in text and "turn-up" not in text, text
    assert "VIOLATION" in text and "malilla" in text.lower()


def test_a_controller_restarted_after_an_error_is_said_with_the_error():
    said, stored = [], []
    rec = Recorder(FakePort([], EVENTS), stored.append, on_problem=said.append)
    for ev in EVENTS[:2]:
        rec.feed(line(ev))
    rec.feed(line({"reply": "boot", "next_seq": 2, "phase": "turnup",
                   "crash": "MemoryError: memory allocation failed, allocating 368 bytes"}))
    assert said[0] == ("the controller restarted after an error: "
                       "MemoryError: memory allocation failed, allocating 368 bytes")
    assert "nothing was lost" in said[-1] and [e["seq"] for e in stored] == [0, 1]


def test_record_gives_the_names_to_the_table_before_the_new_match(tmp_path):
    names = {"seats": ["Ana", "Biel", "Carme", "Dani"], "teams": ["Els Cracs", "Sa Penya"]}
    port = FakePort([line(dict(EVENTS[0], names=names))] + [line(e) for e in EVENTS[1:]], EVENTS)
    out = tmp_path / "log.jsonl"
    serial_cli.record(port, str(out), new={"cmd": "new", "game": "malilla", "id": "new"},
                      echo=None, idle_limit=1, names=names)
    sent = [c["cmd"] for c in port.written]
    assert sent[:3] == ["names", "names", "new"], sent
    assert port.written[0]["seats"] == names["seats"] and port.written[1]["teams"] == names["teams"]
    assert json.loads(out.read_text().splitlines()[0])["names"] == names


def test_a_refused_name_stops_the_recording_with_the_tables_words(tmp_path):
    import pytest
    refusal = {"error": "seat 0's name holds a control character (U+000A): 'A\\nB'", "id": "names"}
    port = FakePort([line(refusal)])
    with pytest.raises(serial_cli.Refused, match="refused the players' names: seat 0's name"):
        serial_cli.record(port, str(tmp_path / "log.jsonl"), echo=None, idle_limit=1,
                          names={"seats": ["Ana"]})
