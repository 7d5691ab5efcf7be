"""Rounds with a clock (event/clock.py): what the room tells each table, the results
as they land from the room's database (event/live.py), and the demo's ranking worked
on paper."""
import json

import pytest

from tapete.errors import UsageError
from tapete.event import clock, eventfile, live, players, ranking
from tapete.room.rounds import RoundAnnouncer, same_round

from host.event.kit import play, round_of


def pairs_event(caps=None):
    """Four pairs, Gràcia A and B, Narcís A and B (ids 1 to 4), two players each."""
    event = eventfile.new("botifarra", "swiss", {"seed": 7}, "test", "botifarra-torrefarrera")
    if caps is not None:
        event["clock"] = clock.check(caps)
    entries = []
    for i, name in enumerate(("Gràcia A", "Gràcia B", "Narcís A", "Narcís B")):
        entries.append(players.entry(0, [players.player("Ana %d" % (i + 1), "Casal"),
                                         players.player("Biel %d" % (i + 1), "Casal")], name))
    eventfile.add_entries(event, entries)
    return event


def test_the_room_tells_each_table_its_round_names_caps_and_time_left():
    event = pairs_event({"points": 101, "deals": 12, "minutes": 60})
    event["rounds"].append(dict(round_of(1, [(4, 2), (1, 3)]), started=1000.0))
    cmds = clock.commands(event, now=1000.0 + 90)
    assert sorted(cmds) == ["t1", "t2"]
    assert cmds["t1"] == {"cmd": "round", "id": "room-round", "round": 1, "table": 1, "left": 3510,
                          "caps": {"points": 101, "deals": 12, "minutes": 60}, "profile": "botifarra-torrefarrera",
                          "profile_version": 1,
                          "seats": ["Ana 4", "Ana 2", "Biel 4", "Biel 2"], "teams": ["Narcís B", "Gràcia B"]}
    # past the end: no time left, never a negative count
    assert clock.commands(event, now=1000.0 + 3700)["t2"]["left"] == 0


def test_a_round_not_started_or_without_a_time_cap_has_no_time_left():
    event = pairs_event({"points": None, "deals": 6, "minutes": 55})
    event["rounds"].append(round_of(1, [(1, 2), (3, 4)]))
    cmd = clock.commands(event, now=0)["t1"]
    assert "left" not in cmd and cmd["caps"] == {"deals": 6, "minutes": 55}
    assert clock.commands(pairs_event(), now=0) == {}       # no round drawn: nothing to say


def test_a_bad_clock_is_one_error_naming_it():
    with pytest.raises(UsageError, match="clock.deals"):
        clock.check({"deals": 0})
    with pytest.raises(UsageError, match="clock.hours"):
        clock.check({"hours": 1})
    with pytest.raises(UsageError, match="POINTS,DEALS,MINUTES"):
        clock.parse("101,12")
    assert clock.parse("101,,55") == {"points": 101, "deals": None, "minutes": 55.0}
    event = pairs_event()
    event["clock"] = {"deals": "twelve"}
    with pytest.raises(UsageError, match="clock.deals"):
        eventfile.check(event)


def test_a_name_a_table_cannot_take_is_said_before_any_round_is_sent():
    event = pairs_event()
    event["entries"][0]["name"] = "A pair whose name is far too long for a table"
    event["rounds"].append(round_of(1, [(1, 2), (3, 4)]))
    with pytest.raises(UsageError, match="table 1: team 0's name"):
        clock.commands(event, now=0)


def room_match(table, rnd, totals, reason="cap"):
    return {"table": table, "round": rnd, "totals": totals, "reason": reason}


def test_results_land_from_the_room_and_a_director_s_result_is_never_overwritten():
    event = pairs_event()
    event["rounds"].append(round_of(1, [(4, 2), (1, 3)]))
    eventfile.enter_result(event, 1, 2, 50, 40)             # the director's, entered first
    matches = [room_match("t1", 1, [12, 29]), room_match("t2", 1, [57, 0]),
               room_match("t1", 2, [1, 1]),                # a round the event has not drawn
               room_match("x9", 1, [5, 5]), room_match("t2", 1, [3, 3], reason=None)]  # not ended
    assert live.collect(event, matches) == [(1, 1, [12, 29])]
    assert [t["score"] for t in event["rounds"][0]["tables"]] == [[12, 29], [50, 40]]
    assert live.collect(event, matches) == []


def test_the_demo_s_small_event_ranked_as_on_paper():
    # The results of `tapete.event.demo.run(tables=2, rounds=3, caps 101 points, 3 deals)`:
    # round 1: D-B 12-29, A-C 57-0; round 2: A-B 22-7, D-C 56-0; round 3: A-D 21-15, B-C 8-16.
    # On paper: A won 3, 100 for 22 against (+78); D won 1, 83-50 (+33); B won 1, 44-50
    # (-6); C won 1, 16-121 (-105).
    A, B, C, D = 1, 2, 3, 4
    event = pairs_event()
    play(event, round_of(1, [(D, B), (A, C)]), [(12, 29), (57, 0)])
    play(event, round_of(2, [(A, B), (D, C)]), [(22, 7), (56, 0)])
    play(event, round_of(3, [(A, D), (B, C)]), [(21, 15), (8, 16)])
    rows = ranking.standings(event)
    assert [(r["place"], r["id"], r["won"], r["difference"], r["points"]) for r in rows] == [
        (1, A, 3.0, 78, 100), (2, D, 1.0, 33, 83), (3, B, 1.0, -6, 44), (4, C, 1.0, -105, 16)]


def test_the_room_publishes_a_round_again_when_it_changes_and_every_minute():
    sent, now = [], [0.0]
    cmds = {"t1": {"cmd": "round", "round": 1, "left": 600}}
    ann = RoundAnnouncer("club", lambda: cmds, lambda topic, text: sent.append((topic, json.loads(text))),
                         refresh_s=60, clock=lambda: now[0])
    ann.step()
    assert sent == [("tapete/club/t1/notice", {"cmd": "round", "round": 1, "left": 600})]
    cmds["t1"] = {"cmd": "round", "round": 1, "left": 590}
    now[0] = 10
    ann.step()
    assert len(sent) == 1                   # only the time left moved: not yet
    now[0] = 61
    ann.step()
    assert len(sent) == 2 and sent[-1][1]["left"] == 590
    cmds["t1"] = {"cmd": "round", "round": 2, "left": 600}
    now[0] = 62
    ann.step()
    assert len(sent) == 3 and sent[-1][1]["round"] == 2
    assert same_round({"round": 1, "left": 1}, {"round": 1, "left": 2})
    assert not same_round({"round": 1}, {"round": 2})


def test_an_event_file_half_written_is_looked_at_again_later():
    def broken():
        raise UsageError("event.json: not JSON")
    sent = []
    ann = RoundAnnouncer("club", broken, lambda topic, text: sent.append(topic))
    ann.step()
    assert sent == []
