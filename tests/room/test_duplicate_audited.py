"""Duplicate scored from what the room saw (issue 36 item 6): the room's own audit of
each hand, never the table's claim; a claim that differs flagged on the sheet; Mus
boards checked from the `hand` events; a hand of which no card was seen marked; a
match that is not its table's own (another table's run id) scored for nobody."""
import copy
import json

from tapete.room.boards import HandWatch, load_boards, make_boards
from tapete.room.duplicate import board_results, score, sheet_html
from tapete.room.store import RoomStore
from tapete.sim.room_table import match_lines

TABLES = ("t1", "t2", "t3")


def session(tmp_path, game="botifarra", count=3, seed=9, options=None, change=None, match_seed=100):
    """Every table plays the same boards; `change(table, lines, played_boards)` may
    alter a table's lines or boards before they are stored (a forger, a misboard)."""
    boards = make_boards(game, count, seed=seed)
    path = tmp_path / "boards.jsonl"
    path.write_text("".join(json.dumps(b) + "\n" for b in boards))
    store = RoomStore(str(tmp_path / "room.sqlite"))
    for i, table in enumerate(TABLES):
        played = copy.deepcopy(boards)
        if change is not None:
            change(table, None, played)
        lines = match_lines(game, match_seed + i, options=options, names={"teams": [table + "a", table + "b"]},
                            boards=played)
        if change is not None:
            change(table, lines, None)
        store.add("club", table, lines)
    return store, load_boards(str(path))


def forge(table, score_given):
    """The table's first hand_end claims `score_given` (sent as a table would: the room's
    network check is bypassed here, as a database written before it would be)."""
    def change(t, lines, played):
        if t == table and lines is not None:
            end = next(e for e in lines if e["ev"] == "hand_end")
            end["score"] = score_given
    return change


def test_a_forged_hand_score_is_scored_from_the_rooms_audit_and_flagged(tmp_path):
    (tmp_path / "honest").mkdir()
    honest_store, boards = session(tmp_path / "honest")
    honest = score(board_results(honest_store.path, "club", boards))
    store, boards = session(tmp_path, change=forge("t1", [500, 0]))
    results = score(board_results(store.path, "club", boards))
    forged = next(r for r in results if r["table"] == "t1" and r["board"] == 1)
    assert forged["claimed"] == [500, 0] and forged["audited"] != [500, 0]
    assert forged["disputed"] and "500" in forged["disputed"]
    # the sheet's scores are what the audit says: the same as if nobody had lied
    assert [(r["table"], r["board"], r["result"], r["ns_score"]) for r in results] == \
        [(r["table"], r["board"], r["result"], r["ns_score"]) for r in honest]
    page = sheet_html("club", 1, results)
    assert "the table said [500, 0]" in page


def test_a_score_that_is_no_numbers_never_breaks_the_sheet(tmp_path):
    store, boards = session(tmp_path, change=forge("t2", ["a", "b"]))
    results = score(board_results(store.path, "club", boards))
    bad = next(r for r in results if r["table"] == "t2" and r["board"] == 1)
    assert bad["result"] is not None and bad["ns_score"] is not None and bad["disputed"]
    assert '["a", "b"]' in sheet_html("club", 1, results)


def test_a_mus_board_is_checked_from_the_hands_shown(tmp_path):
    def swap(table, lines, played):
        if table == "t3" and played is not None:
            hands = played[1]["hands"]          # board 2: two cards in each other's pocket
            hands[0][0], hands[1][0] = hands[1][0], hands[0][0]
    # match_seed: random matches whose Mus is played through every board (no órdago ends one)
    store, boards = session(tmp_path, game="mus", count=4, seed=5, change=swap, options={"target": 9999},
                            match_seed=105)
    results = score(board_results(store.path, "club", boards))
    bad = [(r["table"], r["board"]) for r in results if r["misboard"]]
    shown = [r for r in results if r["table"] == "t3" and r["board"] == 2][0]
    # a swapped card is caught when the showdown lays it, or its seat kept it (no discard)
    assert bad == [("t3", 2)], [(r["table"], r["board"], r["misboard"], r["unchecked"]) for r in results]
    assert "showed" in shown["misboard"][0] or "discarded" in shown["misboard"][0]


def test_mus_cards_drawn_from_the_stock_are_not_a_misboard():
    board = {"dealer": 0, "hands": [["1S", "2S", "3S", "4S"], ["1C", "2C", "3C", "4C"],
                                    ["1H", "2H", "3H", "4H"], ["1D", "2D", "3D", "4D"]]}
    from tapete.room.boards import misboard
    # seat 0 drew a card the board gave nobody, after discarding one: fine
    assert misboard(board, 0, {}, {0: ["5S", "2S", "3S", "4S"]}, {0: ["1S"]}) == []
    # seat 1 shows a card of seat 2, which kept its hand: a misboard
    assert misboard(board, 0, {}, {1: ["1H", "2C", "3C", "4C"]}, {1: [None]}) == \
        ["seat 1 showed 1H, which the board gives seat 2"]
    # no discard at all: every card shown is the seat's own
    assert misboard(board, 0, {}, {3: ["1D", "2D", "3D", "5D"]}, {}) == \
        ["seat 3 showed 5D, which the board gives no seat"]


def test_a_hand_ended_before_a_card_was_played_is_marked_unchecked(tmp_path):
    # Truc seed 5's board 2 ends by the calls before a card is played (found by HandWatch)
    store, boards = session(tmp_path, game="truc", count=3, seed=3, options={"target": 9999}, match_seed=5)
    results = score(board_results(store.path, "club", boards))
    marked = [r for r in results if r["unchecked"]]
    assert marked, [(r["table"], r["board"]) for r in results]
    assert all(r["ns_score"] is not None for r in marked)        # scored, only marked
    assert "not checked against the board" in sheet_html("club", 1, results)


def test_a_match_that_is_another_tables_is_flagged_and_scored_for_nobody(tmp_path):
    def copy_t1(table, lines, played):
        if lines is not None:
            lines[0]["run"] = "boot-of-t1" if table in ("t1", "t2") else "boot-of-" + table
    store, boards = session(tmp_path, change=copy_t1)
    store.new_run("club", "t1", "boot-of-t1", 0)
    store.new_run("club", "t2", "boot-of-t1", 0)    # t2 publishes t1's match: its run id
    results = score(board_results(store.path, "club", boards))
    t2 = [r for r in results if r["table"] == "t2"]
    assert t2 and all("table t1's" in r["foreign"] and r["ns_score"] is None for r in t2)
    assert all(r["foreign"] is None for r in results if r["table"] != "t2")
    assert "not this table's match" in sheet_html("club", 1, results)


def test_hands_past_the_sessions_last_board_are_no_board_of_it():
    boards = {1: {"dealer": 0, "hands": [["AS"], ["2S"], ["3S"], ["4S"]]}}
    w = HandWatch(boards)
    w.feed({"ev": "match"})
    w.feed({"ev": "deal", "dealer": 0})
    w.feed({"ev": "play", "seat": 0, "card": "AS"})
    assert w.feed({"ev": "hand_end", "hand": 1, "score": [1, 0]})["board"] == 1
    assert w.done
    w.feed({"ev": "deal", "dealer": 1})             # the table plays on: no board, no flag
    w.feed({"ev": "play", "seat": 1, "card": "KS"})
    assert w.feed({"ev": "hand_end", "hand": 2, "score": [0, 1]}) is None


def test_the_board_flags_a_hand_score_the_rules_do_not_give():
    from tapete.room.server import RoomBoard
    board = RoomBoard("club")
    lines = match_lines("botifarra", 4, options={"target": 9999}, max_hands=2)
    end = next(e for e in lines if e["ev"] == "hand_end")
    true_score = end["score"]
    end["score"] = [500, 0]
    for ev in lines:
        board.feed("t1", ev, 1)
    card = json.loads(board.summary()[1])["tables"][0]
    assert card["disputes"] == ["hand 1: the table said [500, 0], the room's audit %s" % json.dumps(true_score)]
    honest = RoomBoard("club")
    for ev in match_lines("botifarra", 4, options={"target": 9999}, max_hands=2):
        honest.feed("t1", ev, 1)
    assert json.loads(honest.summary()[1])["tables"][0]["disputes"] == []
