"""The event file and the players: checked on reading, one clear error naming the key
or the line."""
import datetime
import json

import pytest

from tapete.errors import UsageError
from tapete.event import eventfile, players

from host.event.kit import event_of, play, round_of

CSV = """name,club,fed_id,entry
Anna,Casal,F-101,Anna i Berta
Berta,Casal,,Anna i Berta
Carles,Penya,F-207,
"""


def test_players_from_csv_pairs_by_entry():
    entries = players.read_csv(CSV)
    assert [(e["id"], e["name"], [p["name"] for p in e["players"]]) for e in entries] == [
        (1, "Anna i Berta", ["Anna", "Berta"]), (2, "Carles", ["Carles"])]
    assert entries[0]["players"][0] == {"name": "Anna", "club": "Casal", "fed_id": "F-101"}
    assert "fed_id" not in entries[0]["players"][1] and players.club_of(entries[0]) == "Casal"


@pytest.mark.parametrize("text, message", [
    ("name,club\nAnna,Casal\nBerta\n", "players.csv line 3: 1 fields, the header has 2"),
    ("name,club\nAnna,Casal\n ,Penya\n", "players.csv line 3: no name"),
    ("nom,club\nAnna,Casal\n", "players.csv line 1: the header must name"),
    ("", "players.csv: empty"),
])
def test_a_bad_row_is_one_error_naming_its_line(text, message):
    with pytest.raises(UsageError) as err:
        players.read_csv(text)
    assert str(err.value).startswith(message) and "\n" not in str(err.value)


def written(tmp_path, event):
    path = str(tmp_path / "e.json")
    with open(path, "w") as f:
        json.dump(event, f)
    return path


def test_a_bad_key_is_one_error_naming_it(tmp_path):
    event = eventfile.new("mus", "swiss")
    for change, named in (({"colour": "red"}, "unknown key 'colour'"),
                          ({"settings": {"rounds": 5, "minutes": 50}}, "'settings.minutes'"),
                          ({"tiebreaks": ["won", "luck"]}, "unknown tie-break 'luck'"),
                          ({"format": "ladder"}, "unknown format 'ladder'"),
                          ({"tapete_event": 9}, "key 'tapete_event'"),
                          ({"settings": {"rounds": "five"}}, "key 'settings.rounds': \"five\" where int"),
                          ({"entries": [{"id": 1, "name": "A", "players": [{"name": "A", "nick": "a"}]}]},
                           "key 'entries\\[0\\].players\\[0\\].nick' is unknown"),
                          ({"season": {"name": "Liga"}}, "key 'season' has no 'points'")):
        with pytest.raises(UsageError, match=named):
            eventfile.load(written(tmp_path, dict(event, **change)))
    bare = dict(event)
    del bare["game"]
    with pytest.raises(UsageError, match="no 'game' key"):
        eventfile.load(written(tmp_path, bare))


def test_the_file_reads_back_as_written(tmp_path):
    event = event_of("swiss", 4)
    path = str(tmp_path / "e.json")
    eventfile.save(event, path)
    assert eventfile.load(path) == event
    assert event["settings"] == {"rounds": 5, "bye": {"won": 1, "for": 0, "against": 0}, "seed": 0}


def test_a_correction_needs_who_and_why_and_is_logged():
    event = event_of("swiss", 2)
    play(event, round_of(1, [(1, 2)]), [(101, 80)])
    with pytest.raises(UsageError, match="--by NAME and --why"):
        eventfile.enter_result(event, 1, 1, 80, 101)
    at = datetime.datetime(2026, 5, 2, 18, 30, tzinfo=datetime.timezone.utc)
    eventfile.enter_result(event, 1, 1, 80, 101, by="Marta", why="sheet read upside down", now=at)
    assert event["corrections"] == [{"round": 1, "table": 1, "was": [101, 80], "score": [80, 101], "by": "Marta",
                                     "why": "sheet read upside down", "at": "2026-05-02T18:30:00+00:00"}]
    assert event["rounds"][0]["tables"][0]["score"] == [80, 101]


def test_no_entry_once_round_one_is_drawn():
    event = event_of("swiss", 2)
    event["rounds"].append(round_of(1, [(1, 2)]))
    with pytest.raises(UsageError, match="round 1 is drawn"):
        eventfile.add_entries(event, players.read_csv("name\nZoe\n"))
