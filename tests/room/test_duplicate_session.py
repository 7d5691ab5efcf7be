"""Duplicate made whole (issue 38): the boards' hand records to pre-deal them (HTML and
PDF), a round that ends once every board is played, the results sheets linked from
the room board, and the duplicate demo end to end against the real Mosquitto."""
import json
import os
import re
import subprocess
import sys

import pytest

from tapete.room.boards import load_boards, make_boards
from tapete.room.records import pages, records_html, records_pdf
from tapete.room.server import RoomBoard
from tapete.room.store import RoomStore
from tapete.room.web import standings
from tapete.sim.room_table import match_lines


def boards_file(tmp_path, game="botifarra", count=6):
    path = tmp_path / "boards.jsonl"
    path.write_text("".join(json.dumps(b) + "\n" for b in make_boards(game, count, seed=4)))
    return str(path), load_boards(str(path))


def test_the_hand_records_show_every_card_of_every_board_in_its_seat(tmp_path):
    _, boards = boards_file(tmp_path, "manille", 5)
    page = records_html(boards, "manille", "club")
    sections = re.findall(r"<section class='board' data-board='(\d+)'>(.*?)</section>", page)
    assert [int(n) for n, _ in sections] == [1, 2, 3, 4, 5]
    for n, body in sections:
        board = boards[int(n)]
        assert "dealer: seat %d" % board["dealer"] in body
        seats = re.findall(r"<p>seat (\d) \([^)]*\): (.*?)</p>", body)
        assert [int(s) for s, _ in seats] == [0, 1, 2, 3]
        for seat, cards in seats:
            # ♠ A K 7 | ♥ ... : each suit's sign, then the faces of that seat's cards
            held = sorted(face + sign for group in cards.split("  |  ")
                          for sign, faces in [group.split(" ", 1)] for face in faces.split())
            signs = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
            assert held == sorted(c[:-1] + signs[c[-1]] for c in board["hands"][int(seat)])


def test_spanish_cards_are_named_by_their_suit_once(tmp_path):
    _, boards = boards_file(tmp_path, "botifarra", 1)
    page = records_html(boards, "botifarra")
    assert "Hand records · Botifarra" in page
    line = re.search(r"<p>seat 0 \(North-South\): (.*?)</p>", page).group(1)
    assert line.count("swords:") <= 1 and line.count("cups:") <= 1
    assert sum(len(group.split(": ")[1].split()) for group in line.split("  |  ")) == 12


def test_the_pdf_holds_four_boards_a_page(tmp_path):
    _, boards = boards_file(tmp_path, "botifarra", 9)
    out = tmp_path / "records.pdf"
    records_pdf(boards, str(out), "botifarra", "club")
    data = out.read_bytes()
    assert data.startswith(b"%PDF")
    assert len(re.findall(rb"/Type /Page\b", data)) == 3
    figs = list(pages(boards, "botifarra"))
    assert [sum(1 for t in f.texts if t.get_text().startswith("Board ")) for f in figs] == [4, 4, 1]


def test_tapete_room_records_writes_html_or_pdf_and_refuses_another_kind(tmp_path):
    path, _ = boards_file(tmp_path, "botifarra", 2)
    for name in ("r.html", "r.pdf"):
        run = subprocess.run([sys.executable, "-m", "tapete.cli", "room", "records", path, "--out",
                              str(tmp_path / name)], capture_output=True, text=True)
        assert run.returncode == 0, run.stderr
        assert "the hand records of 2 boards" in run.stdout
    run = subprocess.run([sys.executable, "-m", "tapete.cli", "room", "records", path, "--out",
                          str(tmp_path / "r.txt")], capture_output=True, text=True)
    assert run.returncode != 0 and "FILE.html or FILE.pdf" in run.stderr
    assert not (tmp_path / "r.txt").exists()


def test_a_match_that_played_every_board_ends_its_round_and_the_sheets_are_linked(tmp_path):
    path, boards = boards_file(tmp_path, "botifarra", 3)
    session = [dict(boards[n], board=n) for n in sorted(boards)]
    store = RoomStore(str(tmp_path / "room.sqlite"))
    whole = match_lines("botifarra", 1, options={"target": 9999}, boards=session, rnd=1)
    store.add("club", "t1", whole)
    cut = match_lines("botifarra", 2, options={"target": 9999}, boards=session, rnd=1)
    last_deal = max(i for i, e in enumerate(cut) if e["ev"] == "deal")
    store.add("club", "t2", cut[:last_deal + 3])     # still playing its last board
    store.close()
    st = standings(str(tmp_path / "room.sqlite"), "club", boards)
    rows = dict((m["table"], m) for m in st["rounds"][0]["matches"])
    assert rows["t1"]["over"] and rows["t1"]["reason"] == "boards" and rows["t1"]["ended"] == "every board played"
    assert not rows["t2"]["over"] and rows["t2"]["ended"] is None
    assert st["rounds"][0]["sheet"]["href"] == "/sheet/1"
    assert st["records"]["href"] == "/records"
    # without a boards file: no sheet, and the match that logged no match_end is playing
    plain = standings(str(tmp_path / "room.sqlite"), "club")
    assert "sheet" not in plain["rounds"][0] and not plain["rounds"][0]["matches"][0]["over"]

    # the room board's card says so as the last board ends (the server's HandWatch)
    from tapete.room.server import RoomServer

    class Quiet:
        def __init__(self):
            self.on_message = None

        def publish(self, *a, **k):
            pass
    server = RoomServer.__new__(RoomServer)
    server.boards, server.watches, server.board = boards, {}, RoomBoard("club")
    server.client, server.room, server.notices = Quiet(), "club", 0
    for ev in whole:
        server.board.feed("t1", ev, 1)
        server._check_board("t1", ev)
    card = json.loads(server.board.summary()[1])["tables"][0]
    assert card["over"] and card["ended"] == "every board of the session played" and card["winner"] is None


def test_the_duplicate_demo_plays_a_session_through_mosquitto(room_base):
    """make room-demo DUPLICATE=1, small: 3 tables, 2 boards, 2 rounds."""
    from room.broker import have_mosquitto
    from tapete.room.demo import run, summary_line
    if not have_mosquitto():
        pytest.skip("needs Debian's mosquitto and mosquitto-clients (.ci/run installs them)")
    out = os.path.join(room_base, "out")
    s, code = run(3, out, matches=2, pace_s=0.005, boards=2)
    assert code == 0, (summary_line(s), s["unclean"], s["server_stderr"][-2000:])
    assert s["lost"] == 0 and s["pages"]["played"] == 6
    with open(os.path.join(out, "sheet-2.html"), encoding="utf-8") as f:
        sheet = f.read()
    assert sheet.count("<h2>Board ") == 2 and "MISBOARDED" not in sheet and "not in the boards file" not in sheet
    with open(os.path.join(out, "records.pdf"), "rb") as f:
        assert f.read(4) == b"%PDF"
    assert "duplicate: 2 boards, 6 of 6 matches played" in summary_line(s)


def test_a_table_is_told_the_sessions_deals_so_it_stops_after_the_last_board(room, tmp_path):
    """A real table does not know the boards file: the room gives it a round whose cap
    is the session's deals (retained), and the table ends its match there (the cap,
    tested in tests/game_rules/test_cap.py and tests/table/mpy_test_round.py)."""
    from tapete.room.publish import TablePublisher
    from tapete.room.server import RoomBoard, RoomServer
    from tapete.room.store import RoomStore
    from room.broker import connector
    from room.test_broker import wait_until
    path, boards = boards_file(tmp_path, "botifarra", 3)
    store = RoomStore(str(tmp_path / "room.sqlite"))
    server = RoomServer(store, RoomBoard("club"), "club", connector(room, "room"),
                        boards=boards).start(room.info["host"], room.info["port"])
    pub = TablePublisher("club", "t1", connector(room, "t1")).start(room.info["host"], room.info["port"])
    lines = match_lines("botifarra", 1, options={"target": 9999},
                        boards=[dict(boards[n], board=n) for n in sorted(boards)])
    pub.publish(lines[0])
    assert wait_until(lambda: pub.notices, 10)
    given = [c for c in pub.take_commands() if c.get("cmd") == "round"]
    assert given == [{"cmd": "round", "id": "room-boards", "round": 1, "caps": {"deals": 3}}]
    pub.stop()
    server.stop()
    store.close()
