"""Players' names on the host (docs/protocol.md 1.2): --names read and checked, the
commands that carry them to the table, and every reader that shows them (audit,
report, board's words, score sheet, stats per player across matches)."""
import json
import re

import pytest

from tapete.log import names as N
from tapete.judge.audit import audit_text
from tapete.errors import UsageError
from tapete.log.link import command
from tapete.rules import names as rules_names
from tapete.log.store import Store
from tapete.views.stats import gather, render
from tapete.views.state import TableView, spoken, text_lines

from host.matchkit import controller_match


def audit_events(log):
    return audit_text("".join(json.dumps(ev, ensure_ascii=False) + "\n" for ev in log))


def named(log, seats=None, teams=None):
    """`log` with names on its match event."""
    given = {}
    if seats is not None:
        given["seats"] = seats
    if teams is not None:
        given["teams"] = teams
    return [dict(log[0], names=given)] + log[1:]


def test_a_comma_inside_a_name_is_written_backslash_comma():
    assert N.split_list(r"Ana\, la gran, Biel ,,Dani") == ["Ana, la gran", "Biel", "", "Dani"]
    assert N.split_list(r"a\\b") == ["a\\b"]
    assert N.from_options("Ana,Biel", "Els Cracs,Sa Penya") == {
        "seats": ["Ana", "Biel"], "teams": ["Els Cracs", "Sa Penya"]}
    assert N.from_options(None, None) is None


@pytest.mark.parametrize("text, why", [
    ("Ana,Maria del Mar Puigdomènech", "at most 24"),
    ("Ana,Bi\x07el", "control character (U+0007)"),
    (",,", "names nobody"),
])
def test_bad_names_are_refused_before_anything_is_sent(text, why):
    with pytest.raises(UsageError, match=re.escape(why)):
        N.from_options(text)


def test_more_names_than_the_match_has_seats_are_refused():
    with pytest.raises(UsageError, match="5 names but the match has 4 seats"):
        N.check_for_game({"seats": ["a", "b", "c", "d", "e"]}, 4, 2)


def test_a_long_list_goes_in_pieces_each_a_line_the_table_takes():
    given = {"seats": ["Puigdomènech Ñàñez %02d" % i for i in range(12)], "teams": ["Nosaltres", "Vosaltres"]}
    cmds = N.commands(given)
    assert len(cmds) > 2
    held = None
    for cmd in cmds:
        assert len(command(cmd)) - 1 < 300       # firmware/table/io/link.py MAX_LINE
        held = rules_names.merge(held, json.loads(json.dumps(cmd)))     # as the table does
    assert held == given


def test_the_audit_keeps_the_names_and_refuses_bad_ones_without_losing_the_match():
    log = controller_match("malilla", 7, {"irregularity": "report", "target": 10})
    r = audit_events(named(log, ["Ana", "Biel", "Carme", "Dani"], ["Els Cracs", "Sa Penya"]))
    assert r["names"] == {"seats": ["Ana", "Biel", "Carme", "Dani"], "teams": ["Els Cracs", "Sa Penya"]}
    assert r["errors"] == []
    plain = audit_events(log)
    bad = audit_events(named(log, ["Ana\nBiel"]))
    assert "names" not in bad and "control character" in bad["errors"][0]["message"]
    assert bad["totals"] == plain["totals"] and bad["winner"] == plain["winner"]


def test_the_board_the_terminal_and_the_report_say_the_players_names():
    from tapete.views.report import render as report
    log = named(controller_match("malilla", 7, {"irregularity": "report", "target": 10}),
                ["Ana", "", "Carme", "Dani"], ["Els Cracs"])
    view = TableView()
    for ev in log[:12]:
        view.feed(ev)
    s = view.state()
    said = spoken(s)
    assert said["seats"] == ["Ana", None, "Carme", "Dani"]
    assert said["teams"] == ["Els Cracs (Ana + Carme)", "team 1 (seat 1 + Dani)"]
    assert any("Ana" in line for line in text_lines(s))
    text = report(audit_events(log))
    assert "Players: seat 0 Ana, seat 1 (unnamed), seat 2 Carme, seat 3 Dani" in text


def test_stats_know_a_player_by_name_whatever_seat_they_sat_in(tmp_path):
    store = Store(str(tmp_path / "db.sqlite"))
    store.start("test")
    logs = [named(controller_match("malilla", 40 + i, {"irregularity": "report", "target": 10}), seats)
            for i, seats in enumerate([["Ana", "Biel", "Carme", "Dani"], ["Biel", "Ana", "Dani", "Carme"],
                                       ["Ana", "Biel", "Carme"]])]
    for log in logs:
        for ev in log:
            store.add(ev)
    store.close()
    store = Store(str(tmp_path / "db.sqlite"), create=False)
    g = gather(store)["malilla"]
    store.close()
    players = g["players"]
    assert players["Ana"]["matches"] == 3 and players["Dani"]["matches"] == 2
    assert players["seat 3"]["matches"] == 1           # the third match's fourth seat had no name
    wins = {}
    for log in logs:
        end = [e for e in log if e["ev"] == "match_end"][-1]
        for seat, name in enumerate(log[0]["names"]["seats"] + ["seat 3"] * (4 - len(log[0]["names"]["seats"]))):
            wins[name] = wins.get(name, 0) + (seat % 2 == end["winner"])
    assert dict((k, p["won"]) for k, p in players.items()) == wins
    assert "players:" in render({"malilla": g}) and "Ana 3 played, %d won" % wins["Ana"] in render({"malilla": g})


def test_a_database_made_before_names_gets_its_column(tmp_path):
    import sqlite3
    path = str(tmp_path / "old.sqlite")
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE matches (id INTEGER PRIMARY KEY, game TEXT, options TEXT, seats INTEGER, "
               "source TEXT, recorded TEXT, winner INTEGER, totals TEXT, reason TEXT, events INTEGER DEFAULT 0)")
    db.execute("INSERT INTO matches (game, seats) VALUES ('malilla', 4)")
    db.commit()
    db.close()
    store = Store(path)
    assert store.matches()[0]["names"] == {}
    assert "players" in gather(store)["malilla"]
    store.close()


def test_sim_refuses_bad_names_before_the_table_starts(tmp_path):
    import subprocess
    import sys
    r = subprocess.run([sys.executable, "-m", "tapete.cli", "sim", "--dir", str(tmp_path),
                        "--names", "Ana,Biel,Carme,Dani,Eva"], capture_output=True, text=True, timeout=60)
    assert r.returncode == 2 and "5 names but the match has 4 seats" in r.stderr
    assert not (tmp_path / "frames").exists()       # refused before the simulator began
