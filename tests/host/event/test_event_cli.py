"""`tapete event`: an event run from the command line, start to ranking (in-process:
the command's main, its output and exit status, as the console script runs it)."""
import contextlib
import io
import json
import types

from tapete import i18n
from tapete.cli import main


def run(*args, lang="en"):
    """`tapete --lang LANG event ARGS...`: returncode, stdout, stderr."""
    out, err = io.StringIO(), io.StringIO()
    was = i18n.language()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main(["--lang", lang, "event"] + list(args))
            except SystemExit as done:        # --help, and argparse's own refusals
                code = done.code
    finally:
        i18n.set_language(was)
    return types.SimpleNamespace(returncode=code, stdout=out.getvalue(), stderr=err.getvalue())


def test_an_event_from_the_command_line(tmp_path):
    path = str(tmp_path / "open.json")
    csv = tmp_path / "players.csv"
    csv.write_text("name,club,entry\nAnna,Casal,AB\nBerta,Casal,AB\nCarles,Penya,CD\nDolors,Penya,CD\n"
                   "Enric,Ateneu,EF\nFina,Ateneu,EF\nGuillem,Cercle,GH\nHelena,Cercle,GH\n")
    assert run("new", path, "--game", "botifarra", "--format", "swiss", "--rounds", "3", "--seed", "5").returncode == 0
    listed = run("players", path, "--import", str(csv))
    assert listed.returncode == 0 and "AB" in listed.stdout and "Helena (Cercle)" in listed.stdout
    paired = run("pair", path)
    assert paired.returncode == 0 and paired.stdout.startswith("Round 1\ntable 1: ")
    event = json.load(open(path))
    t1, t2 = event["rounds"][0]["tables"]
    assert run("result", path, "1", "1", "101", "80").returncode == 0
    early = run("pair", path)
    assert early.returncode == 2 and early.stderr == "tapete event: round 1 is not finished: table(s) 2 without a result\n"
    assert run("result", path, "1", "2", "70", "101").returncode == 0
    again = run("result", path, "1", "1", "101", "60")
    assert again.returncode == 2 and again.stderr.count("\n") == 1 and "--by NAME and --why TEXT" in again.stderr
    fixed = run("result", path, "1", "1", "101", "60", "--by", "Marta", "--why", "sheet misread")
    assert fixed.returncode == 0 and "101-80 corrected to 101-60 by Marta (sheet misread)" in fixed.stdout
    ranking = json.loads(run("ranking", path, "--json").stdout)["ranking"]
    # t1.a won 101-60 (+41), t2.b won 101-70 (+31): the two winners first, by difference
    assert [(r["id"], r["won"], r["difference"]) for r in ranking] == [
        (t1["a"], 1, 41), (t2["b"], 1, 31), (t2["a"], 0, -31), (t1["b"], 0, -41)]
    second = run("pair", path)
    # winners meet winners
    assert "table 1: %s v %s" % (event_name(path, t1["a"]), event_name(path, t2["b"])) in second.stdout


def event_name(path, e):
    return [x["name"] for x in json.load(open(path))["entries"] if x["id"] == e][0]


def test_user_mistakes_are_one_line_and_exit_2(tmp_path):
    path = str(tmp_path / "e.json")
    missing = run("ranking", path)
    assert missing.returncode == 2 and missing.stderr.count("\n") == 1 and "no such event file" in missing.stderr
    assert run("new", path, "--game", "chess", "--format", "swiss").returncode == 2
    (tmp_path / "e.json").write_text('{"tapete_event": 1, "game": "mus", "format": "swiss", "venue": "x"}')
    bad = run("pair", path)
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "unknown key 'venue'" in bad.stderr
    (tmp_path / "p.csv").write_text("name,club\nAnna,Casal,extra\n")
    (tmp_path / "e.json").write_text('{"tapete_event": 1, "game": "mus", "format": "swiss"}')
    csv = run("players", path, "--import", str(tmp_path / "p.csv"))
    assert csv.returncode == 2 and "p.csv line 2: 3 fields, the header has 2" in csv.stderr
    assert run("result", path, "1", "1", "x", "3").returncode == 2


def test_every_event_verb_has_help():
    for verb in ("new", "players", "pair", "result", "ranking", "season"):
        out = run(verb, "--help")
        assert out.returncode == 0 and "usage: tapete event " + verb in out.stdout


def test_the_players_read_the_pairings_in_their_language(tmp_path):
    path = str(tmp_path / "e.json")
    run("new", path, "--game", "mus", "--format", "swiss", "--seed", "1")
    run("players", path, "--add", "Ane", "Miren", "--entry", "Ane-Miren")
    run("players", path, "--add", "Jon", "Iker", "--entry", "Jon-Iker")
    run("players", path, "--add", "Leire", "Unai", "--entry", "Leire-Unai")
    out = run("pair", path, lang="es").stdout
    assert out.startswith("Ronda 1\nmesa 1: ") and "descansa: " in out


def test_a_round_with_a_clock_started_by_the_director_and_its_results_collected_from_the_room(tmp_path):
    from tapete.room.store import RoomStore
    path = str(tmp_path / "open.json")
    assert run("new", path, "--game", "botifarra", "--format", "swiss", "--clock", "101,12,60",
               "--seed", "5").returncode == 0
    assert json.load(open(path))["clock"] == {"points": 101, "deals": 12, "minutes": 60.0}
    assert "round drawn" in run("start", path).stderr
    assert run("players", path, "--add", "Anna", "Berta", "--entry", "AB").returncode == 0
    assert run("players", path, "--add", "Carles", "Dolors", "--entry", "CD").returncode == 0
    assert run("pair", path).returncode == 0
    started = run("start", path)
    assert started.returncode == 0 and started.stdout.startswith("Round 1 started: it ends at ")
    assert json.load(open(path))["rounds"][0]["started"] > 0
    again = run("start", path)
    assert again.returncode == 2 and "started already" in again.stderr
    # the room's database: table t1's match of round 1 ended 12 to 29
    db = str(tmp_path / "room.sqlite")
    store = RoomStore(db)
    store.writer("club", "t1")
    store.add("club", "t1", [{"ev": "match", "game": "botifarra", "seats": 4, "round": 1, "seq": 0},
                             {"ev": "cap", "cap": "deals", "seq": 1},
                             {"ev": "match_end", "winner": 1, "totals": [12, 29], "reason": "cap", "seq": 2}])
    store.close()
    got = run("collect", path, "--db", db)
    assert got.returncode == 0 and "round 1, table 1: 12-29" in got.stdout
    assert json.load(open(path))["rounds"][0]["tables"][0]["score"] == [12, 29]
    assert run("collect", path, "--db", str(tmp_path / "none.sqlite")).returncode == 2
    assert run("new", str(tmp_path / "b.json"), "--game", "botifarra", "--format", "swiss",
               "--clock", "101,12").returncode == 2
