"""Duplicate Botifarra: a session's boards, each table's hand checked against its board,
matchpoints or total points against the field, a printable results sheet per round."""
import copy
import json
import subprocess
import sys

import pytest

from tapete.room.lines import RoomError
from tapete.room.boards import HandWatch, load_boards, make_boards, misboard
from tapete.room.duplicate import board_results, score, sheet_html, standings
from tapete.room.store import RoomStore
from tapete.sim.room_table import match_lines

TABLES = ("t1", "t2", "t3")
SIDES = {"t1": ["Sants", "Gràcia"], "t2": ["Horta", "Sarrià"], "t3": ["Clot", "Poble Sec"]}


def session(tmp_path, misboarded_at=None):
    """Three tables play the same three boards; `misboarded_at` (table, board): two
    cards put back in each other's pocket there."""
    boards = make_boards("botifarra", 3, seed=9)
    path = tmp_path / "boards.jsonl"
    path.write_text("".join(json.dumps(b) + "\n" for b in boards))
    store = RoomStore(str(tmp_path / "room.sqlite"))
    for i, table in enumerate(TABLES):
        played = copy.deepcopy(boards)
        if misboarded_at and misboarded_at[0] == table:
            b = played[misboarded_at[1] - 1]["hands"]
            b[0][0], b[1][0] = b[1][0], b[0][0]
        store.add("club", table, match_lines("botifarra", 100 + i, options={"target": 9999},
                                             names={"teams": SIDES[table]}, boards=played))
    store.close()
    return str(tmp_path / "room.sqlite"), load_boards(str(path)), str(path)


def test_a_hand_played_as_its_board_says_is_not_misboarded(tmp_path):
    db, boards, _ = session(tmp_path)
    results = board_results(db, "club", boards)
    assert [(r["table"], r["board"]) for r in results] == [(t, b) for t in TABLES for b in (1, 2, 3)]
    assert all(r["misboard"] == [] for r in results)


def test_a_card_in_the_wrong_pocket_is_flagged_and_scored_for_nobody(tmp_path):
    db, boards, _ = session(tmp_path, misboarded_at=("t2", 2))
    results = score(board_results(db, "club", boards))
    bad = [r for r in results if r["misboard"]]
    assert [(r["table"], r["board"]) for r in bad] == [("t2", 2)]
    assert "which the board gives seat 1" in bad[0]["misboard"][0]
    assert bad[0]["ns_score"] is None
    # the other two tables on board 2 are compared with each other only
    assert [r["top"] for r in results if r["board"] == 2 and not r["misboard"]] == [2, 2]


def test_the_boards_dealer_is_checked_too():
    board = {"dealer": 0, "hands": [["AS"], ["2S"], ["3S"], ["4S"]]}
    assert misboard(board, 0, {0: ["AS"], 1: ["2S"]}) == []
    assert misboard(board, 3, {0: ["AS"]}) == ["dealt by seat 3, the board's dealer is seat 0"]
    assert misboard(board, 0, {2: ["KH"]}) == ["seat 2 played KH, which the board gives no seat"]


def test_matchpoints_are_two_per_table_beaten_and_one_per_tie():
    rs = [{"round": 1, "board": 1, "result": r, "misboard": [], "ns": "a%d" % i, "ew": "b%d" % i}
          for i, r in enumerate((10, 4, 4, -6))]
    score(rs, "matchpoints")
    assert [(r["ns_score"], r["ew_score"], r["top"]) for r in rs] == [(6, 0, 6), (3, 3, 6), (3, 3, 6), (0, 6, 6)]


def test_total_points_are_the_result_less_the_other_tables_average():
    rs = [{"round": 1, "board": 1, "result": r, "misboard": [], "ns": "a%d" % i, "ew": "b%d" % i}
          for i, r in enumerate((10, 4, -6))]
    score(rs, "total")
    assert [(r["ns_score"], r["ew_score"]) for r in rs] == [(11.0, -11.0), (2.0, -2.0), (-13.0, 13.0)]
    with pytest.raises(ValueError):
        score(rs, "imps")


def test_the_results_sheet_lists_every_board_and_the_standings(tmp_path):
    db, boards, path = session(tmp_path, misboarded_at=("t3", 1))
    results = score(board_results(db, "club", boards))
    page = sheet_html("club", 1, results)
    for b in (1, 2, 3):
        assert "Board %d" % b in page
    assert "MISBOARDED" in page and "Poble Sec" in page
    table = standings(results)
    # every side's matchpoints over the tops it played (t3 sat out board 1 by misboarding)
    assert sum(s["boards"] for s in table) == 2 * (3 * 3 - 1)
    assert all(0 <= s["percent"] <= 100 for s in table)
    cli = subprocess.run([sys.executable, "-m", "tapete.cli", "room", "sheet", db, "--room", "club",
                          "--boards", path, "--round", "1", "--scoring", "total"],
                         capture_output=True, text=True, timeout=60)
    assert cli.returncode == 0 and "points vs field" in cli.stdout
    wrong = subprocess.run([sys.executable, "-m", "tapete.cli", "room", "sheet", db, "--room", "club",
                            "--boards", path, "--round", "7"], capture_output=True, text=True, timeout=60)
    assert wrong.returncode == 2 and "rounds with boards: 1" in wrong.stderr


def test_a_bad_boards_file_names_its_line(tmp_path):
    for text, says in (('{"board": 1, "dealer": 0, "hands": [["AS"], ["AS"]]}\n', "deals a card twice"),
                       ('{"board": 1}\n', "line 1"),
                       ('{"board": 1, "dealer": 0, "hands": []}\n{"board": 1, "dealer": 0, "hands": []}\n',
                        "given twice"),
                       ("nope\n", "not JSON"), ("", "no board")):
        (tmp_path / "b.jsonl").write_text(text)
        with pytest.raises(RoomError, match=says):
            load_boards(str(tmp_path / "b.jsonl"))


def test_the_hand_watch_returns_a_board_hand_at_its_end_only():
    boards = dict((b["board"], b) for b in make_boards("botifarra", 1, seed=2))
    lines = match_lines("botifarra", 3, options={"target": 9999}, boards=list(boards.values()))
    w = HandWatch(boards)
    ended = [h for h in (w.feed(ev) for ev in lines) if h is not None]
    assert len(ended) == 1 and ended[0]["board"] == 1 and ended[0]["misboard"] == []
    assert sum(len(c) for c in ended[0]["played"].values()) == 48


def test_a_board_hand_an_override_reopened_is_taken_up_again_and_its_last_end_counts():
    # docs/referee.md: a director's override reopened the hand a ruling had ended (x-reopen)
    boards = dict((b["board"], b) for b in make_boards("botifarra", 2, seed=2))
    lines = match_lines("botifarra", 3, options={"target": 9999}, boards=list(boards.values()))
    i = next(i for i, ev in enumerate(lines) if ev["ev"] == "hand_end")
    first = lines[i]
    again = dict(first, score=[first["score"][1], first["score"][0]])
    reopened = lines[:i + 1] + [{"ev": "x-reopen", "hand": first["hand"], "withdraws": ["hand_end"]},
                                again] + lines[i + 1:]
    w = HandWatch(boards)
    ended = [h for h in (w.feed(ev) for ev in reopened) if h is not None]
    assert [(h["board"], h["hand"]) for h in ended] == [(1, 1), (1, 1), (2, 2)]
    assert ended[1]["score"] == again["score"] and ended[1]["misboard"] == []
    assert w.played_boards == {1, 2}
    # the room's results: one per board hand, its last end (room/duplicate.py)
    from tapete.room.duplicate import _match_results
    results = _match_results(1, "t1", 1, reopened, boards, {})
    assert [(r["board"], r["claimed"]) for r in results] == [(1, again["score"]),
                                                               (2, ended[2]["score"])]


def test_a_table_whose_deals_name_no_board_plays_the_boards_in_order():
    # A real table of readers cannot say which board it plays: its match's hands are
    # the session's boards in order, and a misboarded one is still found.
    boards = dict((b["board"], b) for b in make_boards("botifarra", 3, seed=2))
    lines = match_lines("botifarra", 3, options={"target": 9999}, boards=list(boards.values()))
    bare = [dict((k, v) for k, v in ev.items() if k != "board") for ev in lines]
    assert not any("board" in ev for ev in bare)
    w = HandWatch(boards)
    ended = [h for h in (w.feed(ev) for ev in bare) if h is not None]
    assert [h["board"] for h in ended] == [1, 2, 3] and all(h["misboard"] == [] for h in ended)
    # the table took its boards in another order (2, 3, 1): each hand is misboarded
    rotated = {1: boards[2], 2: boards[3], 3: boards[1]}
    w = HandWatch(rotated)
    ended = [h for h in (w.feed(ev) for ev in bare) if h is not None]
    assert [h["board"] for h in ended] == [1, 2, 3] and all(h["misboard"] for h in ended)
