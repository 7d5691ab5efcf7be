"""A table's lines into its log (room.TableIntake): each line once, in seq order, a gap
asked for again (docs/protocol.md 1.2, Rooms)."""
import json

import pytest

from tapete.log.link import seal
from tapete.room.lines import RoomError, TableIntake, check_name, log_topic, parse_line, parse_topic


def line(seq, ev="play"):
    return {"ev": ev, "seq": seq}


def seqs(events):
    return [e.get("seq") for e in events]


def test_a_line_received_twice_is_stored_once():
    t = TableIntake()
    assert seqs(t.offer(line(0, "match"))) == [0]
    assert t.offer(line(0, "match")) == []
    assert seqs(t.offer(line(1))) == [1]
    assert t.offer(line(1)) == [] and t.duplicates == 2


def test_a_line_after_a_gap_waits_for_the_gap_and_the_gap_is_asked_again():
    t = TableIntake(expected=5)
    assert t.offer(line(7)) == []
    assert t.gap() == 5
    assert t.ask(now=10.0) == (5, 6)        # only the gap: 5 and 6
    assert t.ask(now=10.2) is None          # asked a moment ago
    assert t.ask(now=11.1) == (5, 6)        # its answer has not come: asked again...
    assert t.ask(now=12.0) is None          # ... then after twice as long (back-off)
    assert t.ask(now=13.2) == (5, 6)
    assert t.ask(now=16.0) is None and t.ask(now=17.3) == (5, 6)
    assert t.offer(line(6)) == []
    assert seqs(t.offer(line(5))) == [5, 6, 7]
    assert t.gap() is None and t.ask(now=20.0) is None


def test_a_table_first_heard_mid_match_is_asked_from_its_start():
    t = TableIntake()
    assert t.offer(line(40)) == []
    assert t.ask(now=0.0) == (0, 39)
    # the table no longer holds what came before seq 38: the log starts there
    assert seqs(t.offer({"ev": "x-held", "oldest": 38})) == []
    assert t.offer(line(39)) == []
    assert seqs(t.offer(line(38))) == [38, 39, 40]
    assert t.lost == 0


def test_lines_the_table_no_longer_holds_are_a_gap_event_and_the_log_goes_on():
    t = TableIntake(expected=3)
    t.offer(line(6))
    assert t.ask(now=1.0) == (3, 5)
    out = t.offer({"ev": "x-held", "oldest": 5}, now=1.5)
    assert out[0] == {"ev": "x-gap", "from": 3, "to": 4}
    assert t.lost == 2
    assert seqs(t.offer(line(5))) == [5, 6]


def test_a_line_without_a_whole_number_seq_is_refused_and_changes_nothing():
    t = TableIntake(expected=2)
    for bad in ({"ev": "play"}, {"ev": "play", "seq": "3"}, {"ev": "play", "seq": True}, {"ev": "play", "seq": -1}):
        assert t.offer(bad) == []
    assert t.bad == 4 and t.expected == 2 and t.gap() is None


def test_a_published_line_may_carry_the_serial_crc_which_is_checked_and_stripped():
    body = json.dumps({"ev": "play", "seat": 1, "card": "7H", "seq": 4})
    ev, text = parse_line(seal(body).encode())
    assert ev == {"ev": "play", "seat": 1, "card": "7H", "seq": 4} and text == body
    damaged = seal(body).replace("7H", "7S")
    assert parse_line(damaged) == (None, "bad crc")
    assert parse_line(b"\xff\xfe") == (None, "not UTF-8")
    assert parse_line("[1, 2]") == (None, "not a table event")


def test_topics_are_named_by_room_and_table_and_bad_names_are_refused():
    assert log_topic("club", "t-1") == "tapete/club/t-1/log"
    assert parse_topic("tapete/club/t-1/log") == ("club", "t-1", "log")
    assert parse_topic("tapete/club/+/log") is None
    assert parse_topic("other/club/t1/log") is None
    for bad in ("", "a b", "t/1", "+", "#", "é"):
        with pytest.raises(RoomError):
            check_name(bad)


def test_a_gap_answered_line_by_line_is_not_asked_again_and_a_later_gap_is_asked_at_once():
    t = TableIntake(expected=0)
    t.offer(line(0, "match"))
    t.offer(line(10))
    assert t.ask(now=0.0) == (1, 9)
    for s in range(1, 5):                   # the answer coming: the gap shrinks, no new ask
        t.offer(line(s))
        assert t.ask(now=0.1) is None
    for s in range(5, 10):
        t.offer(line(s))
    assert t.gap() is None and t.expected == 11
    t.offer(line(13))                       # a new gap past the one asked: asked at once
    assert t.ask(now=0.2) == (11, 12) and t.resends == 2


def test_an_x_held_unasked_or_beyond_what_the_table_sent_is_refused():
    t = TableIntake(expected=0)
    for s in range(3):
        t.offer(line(s, "match" if s == 0 else "play"))
    assert t.offer({"ev": "x-held", "oldest": 999999}, now=5.0) == []     # nobody asked
    t.offer(line(5))
    assert t.ask(now=6.0) == (3, 4)
    assert t.offer({"ev": "x-held", "oldest": 999999}, now=6.1) == []     # beyond seq 5
    assert t.held_refused == 2 and t.lost == 0 and t.expected == 3
    out = t.offer({"ev": "x-held", "oldest": 4}, now=6.2)                 # the true answer
    assert out[0] == {"ev": "x-gap", "from": 3, "to": 3} and t.lost == 1


def test_a_match_at_a_seq_already_stored_starts_a_new_run_unless_it_is_the_same_line():
    t = TableIntake(expected=50)
    old = {"ev": "match", "seq": 0, "game": "truc"}
    stored = {0: json.dumps(old)}.get
    assert not t.starts_run(dict(old), stored, set())                     # received twice
    assert t.starts_run({"ev": "match", "seq": 0, "game": "mus"}, stored, set())
    assert not t.starts_run({"ev": "match", "seq": 60, "game": "mus"}, stored, set())
    assert not t.starts_run({"ev": "play", "seq": 0}, stored, set())
    # with a run id: a new id is a new run, an earlier run's id an old line replayed
    t.ident = "b2"
    assert t.starts_run({"ev": "match", "seq": 0, "game": "truc", "run": "c3"}, stored, {"a1", "b2"})
    assert not t.starts_run({"ev": "match", "seq": 0, "game": "mus", "run": "a1"}, stored, {"a1", "b2"})
    assert not t.starts_run({"ev": "match", "seq": 70, "game": "mus", "run": "b2"}, stored, {"a1", "b2"})
    t.start_run(3, "c3", 0)
    assert t.run == 3 and t.expected == 0 and t.held == {}
