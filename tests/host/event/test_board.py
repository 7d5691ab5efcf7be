"""The event on the room board and the director's page (event/board.py): each round's
pairings, results entered, landed or being played, the ranking by its tie-breaks, the
corrections with who and why."""
import datetime

from tapete import i18n
from tapete.event import board, eventfile

from host.event.kit import round_of
from host.event.test_clock import pairs_event


def room_rounds():
    """The room's standings rows: t1's match of round 2 ended 60-41, t2's under way at 20-33."""
    return [{"round": 2, "matches": [
        {"table": "t1", "totals": [60, 41], "over": True, "reason": "cap"},
        {"table": "t2", "totals": [20, 33], "over": False, "reason": None}]}]


def two_rounds():
    event = pairs_event({"points": 101, "deals": 12, "minutes": 60})
    event["rounds"].append(round_of(1, [(4, 2), (1, 3)]))
    eventfile.enter_result(event, 1, 1, 12, 29)
    eventfile.enter_result(event, 1, 2, 57, 0)
    eventfile.enter_result(event, 1, 2, 57, 10, by="Marta", why="sheet misread",
                           now=datetime.datetime(2026, 12, 6, 21, 5, tzinfo=datetime.timezone.utc))
    event["rounds"].append(dict(round_of(2, [(1, 2), (3, 4)]), started=1000.0))
    return event


def test_results_entered_landed_or_being_played_each_said_as_such():
    st = board.standing(two_rounds(), room_rounds(), now=1000.0 + 15 * 60)
    r2, r1 = st["rounds"]                           # the round under way first
    assert r2["round"] == 2 and r2["left_min"] == 45
    assert [(t["table"], t["a"], t["b"], t["score"], t["state"]) for t in r2["tables"]] == [
        (1, "Gràcia A", "Gràcia B", [60, 41], "landed"), (2, "Narcís A", "Narcís B", [20, 33], "playing")]
    assert [(t["score"], t["state"]) for t in r1["tables"]] == [([12, 29], "entered"), ([57, 10], "entered")]


def test_the_ranking_counts_entered_results_only_with_its_tie_breaks():
    st = board.standing(two_rounds(), room_rounds(), now=0)
    assert st["columns"] == ["place", "name", "won", "difference", "points", "played"]
    # round 1 only: Gràcia A 57-10 (+47), Gràcia B 29-12 (+17), Narcís B 12-29, Narcís A 10-57
    assert [(r["place"], r["name"], r["cells"]) for r in st["ranking"]] == [
        (1, "Gràcia A", ["1", "47", "57", "1"]), (2, "Gràcia B", ["1", "17", "29", "1"]),
        (3, "Narcís B", ["0", "-17", "12", "1"]), (4, "Narcís A", ["0", "-47", "10", "1"])]
    assert st["corrections"] == ["round 1 table 2: 57-0 corrected to 57-10 by Marta (sheet misread)"
                                 " · 2026-12-06T21:05:00+00:00"]


def test_the_directors_page_in_the_players_language():
    with i18n.using("ca"):
        st = board.standing(two_rounds(), room_rounds(), now=1000.0)
        page = board.director_html(st, "open.json", "ca")
    assert "<html lang='ca'>" in page and "Marta" in page and "sheet misread" in page
    assert "Gràcia A" in page and "data-round='2'" in page and "class='landed'" in page
    assert "tapete event collect open.json --db ROOM.sqlite" in page
    assert "<h2>Classificació</h2>" in page and "<h2>Correccions</h2>" in page, page


def test_names_are_escaped_on_the_directors_page():
    event = two_rounds()
    event["entries"][0]["name"] = "<b>Gràcia</b>"
    page = board.director_html(board.standing(event, [], now=0), "open.json")
    assert "<b>Gràcia" not in page and "&lt;b&gt;Gràcia&lt;/b&gt;" in page
