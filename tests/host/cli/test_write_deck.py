"""`tapete write-deck PORT`: the host starts the table's write-deck mode for a pack and
prints the progress the table replies (tests/table/mpy_test_decks.py has the table's
side: the same reply lines, from the simulated table)."""
import io
import json
import os
import re

import pytest

from tapete.cli import main
from tapete.cli import write_deck as W
from tapete.log.link import seal, unseal

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))


def line(obj):
    return (seal(json.dumps(obj)) + "\n").encode()


class FakePort:
    """The table's lines to read (b"" when none came: the port's timeout), and the
    commands written to it, parsed. `interrupt`: Ctrl-C at that read."""

    def __init__(self, lines, interrupt=None, after_stop=()):
        self.lines = list(lines)
        self.written = []
        self.reads = 0
        self.interrupt = interrupt
        self.after_stop = list(after_stop)

    def readline(self):
        self.reads += 1
        if self.reads == self.interrupt:
            raise KeyboardInterrupt
        return self.lines.pop(0) if self.lines else b""

    def write(self, data):
        body, status = unseal(data.decode())
        assert status == 1 and data.endswith(b"\n")
        self.written.append(json.loads(body))
        if self.written[-1].get("stop"):
            self.lines += self.after_stop


STARTED = {"reply": "write", "ok": True, "id": "write-deck", "result": "started", "pack": "piquet32",
           "tags": 40, "next": "7S"}


def test_the_packs_are_the_tables():
    with open(os.path.join(ROOT, "firmware", "reader", "enrol.py")) as f:
        text = f.read()
    order = re.search(r"^PACK_ORDER = \((.*)\)$", text, re.M).group(1)
    assert tuple(re.findall(r'"(\w+)"', order)) == W.PACKS


def test_a_pass_is_started_for_the_pack_and_its_progress_printed_until_done():
    port = FakePort([line({"ev": "x-held", "oldest": 3}),        # an event line: not a reply
                     line(STARTED), b"",
                     line({"reply": "write", "result": "written", "card": "7S", "next": "8S"}),
                     line({"reply": "write", "result": "written", "card": "8S", "next": "9S"}).replace(b"8S", b"9S", 1),
                     line({"reply": "write", "result": "failed", "why": "not written: locked, or it moved",
                           "next": "9S"}),
                     line({"reply": "write", "result": "duplicate", "card": "8S", "next": "9S"}),
                     line({"reply": "write", "result": "done", "tags": 2})])
    out, err = io.StringIO(), io.StringIO()
    assert W.write_deck(port, "piquet32", out=out, err=err) == 0
    assert port.written == [{"cmd": "write", "pack": "piquet32", "id": "write-deck"}]
    assert out.getvalue().splitlines() == [
        "writing a piquet32 deck: 40 tags; lay a tag for 7♠ on any reader",
        "written: 7♠; lay a tag for 8♠ on any reader",
        # (the damaged line, its crc bad, is not the table's word: left out)
        "a tag could not be written (not written: locked, or it moved): lay it flat on its reader "
        "again, or another tag; lay a tag for 9♠ on any reader",
        "already written in this pass: 8♠ (lay another tag); lay a tag for 9♠ on any reader",
        "done: 2 tags written; such a deck plays on any table with no enrolment"]
    assert err.getvalue() == ""


def test_the_tables_refusal_is_printed_and_the_exit_status_is_2():
    port = FakePort([line({"error": "the table is play: a deck is written between matches, with no "
                                    "enrolment or deck check on", "line": "...", "id": "write-deck"})])
    out, err = io.StringIO(), io.StringIO()
    assert W.write_deck(port, "spanish40", out=out, err=err) == 2
    assert "refused: the table is play: a deck is written between matches" in err.getvalue()
    assert out.getvalue() == ""


def test_no_answer_is_one_line_and_status_2():
    out, err = io.StringIO(), io.StringIO()
    assert W.write_deck(FakePort([]), "spanish40", out=out, err=err, first_s=0.05) == 2
    assert "no answer from the table" in err.getvalue()


def test_ctrl_c_stops_the_pass_at_the_table_and_says_what_it_wrote():
    done = {"reply": "write", "ok": True, "id": "stop", "result": "done", "tags": 5}
    port = FakePort([line(STARTED)], interrupt=3, after_stop=[line(done)])
    out, err = io.StringIO(), io.StringIO()
    assert W.write_deck(port, "piquet32", out=out, err=err) == 0
    assert port.written[-1] == {"cmd": "write", "stop": True, "id": "stop"}
    assert out.getvalue().splitlines()[-1].startswith("done: 5 tags written")


def test_stop_stops_a_pass_under_way():
    done = {"reply": "write", "ok": True, "id": "write-deck", "result": "done", "tags": 12}
    port = FakePort([line(done)])
    out = io.StringIO()
    assert W.write_deck(port, "spanish40", stop=True, out=out, err=io.StringIO()) == 0
    assert port.written == [{"cmd": "write", "stop": True, "id": "write-deck"}]
    assert out.getvalue().startswith("done: 12 tags written")


def test_a_bad_pack_or_port_is_one_clear_error_and_nothing_is_sent(tmp_path, capsys):
    with pytest.raises(SystemExit) as e:
        main(["write-deck", "/dev/ttyACM9", "--pack", "tarot78"])
    assert e.value.code == 2 and "invalid choice: 'tarot78'" in capsys.readouterr().err
    assert main(["write-deck", str(tmp_path / "nowhere")]) == 2
    assert "no serial port" in capsys.readouterr().err
    log = tmp_path / "log.jsonl"
    log.write_text("")
    assert main(["write-deck", str(log)]) == 2
    assert "is a file, not a serial port" in capsys.readouterr().err


def test_the_progress_is_said_in_the_players_language_with_the_cards_as_printed():
    """A Spanish pack's cards as they are printed (1 to 12 and the Spanish suits), every
    line in the language the command runs in."""
    from tapete import i18n
    port = FakePort([line(dict(STARTED, pack="spanish48", tags=48, next="AD")),
                     line({"reply": "write", "result": "written", "card": "AD", "next": "KS"}),
                     line({"reply": "write", "result": "done", "tags": 48})])
    out, err = io.StringIO(), io.StringIO()
    with i18n.using("es"):
        assert W.write_deck(port, "spanish48", out=out, err=err) == 0
    lines = out.getvalue().splitlines()
    assert lines[0] == "escribiendo una baraja spanish48: 48 etiquetas; pon una etiqueta para el 1 oros en cualquier lector"
    assert lines[1] == "escrita: 1 oros; pon una etiqueta para el 12 espadas en cualquier lector"
    assert lines[2].startswith("hecho: 48 etiquetas escritas")
    refused = FakePort([line({"id": "write-deck", "error": "a match is under way"})])
    with i18n.using("es"):
        assert W.write_deck(refused, "spanish48", out=io.StringIO(), err=err) == 2
    assert "la mesa lo rechazó: a match is under way" in err.getvalue()
