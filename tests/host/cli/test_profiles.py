"""House-rule profiles (docs/profiles.md): the files shipped, the checks of a profile
file (one error naming the key and the line), and the commands that name one."""
import json
import os
import subprocess
import sys

import pytest

from tapete.event import profiles
from tapete.cli.record import new_command
from tapete.errors import UsageError
from tapete.event import eventfile
from tapete.judge.audit import audit_text
from tapete.rules import games
from tapete.rules.match import Match
from tapete.rules.options import LAWS

TAPETE = [sys.executable, "-m", "tapete.cli"]

GOOD = """{
  "profile": "house",
  "game": "mus",
  "title": "Our house",
  "version": 1,
  "options": {
    "target": 30
  },
  "laws": {
    "late_misdeal": "void"
  }
}
"""


def error_of(text):
    with pytest.raises(profiles.ProfileError) as err:
        profiles.parse(text, "house.json")
    return str(err.value)


def test_each_game_has_its_seed_text_as_a_profile_that_sets_nothing():
    shipped = dict((p["profile"], p) for p in profiles.every())
    for name in games.names():
        p = shipped[name]
        assert p["game"] == name and p["options"] == {} and p["laws"] == {} and p["sources"]


def test_the_profiles_clubs_publish_are_shipped_and_set_what_their_sources_say():
    opts = dict((p["profile"], profiles.match_options(p)) for p in profiles.every())
    assert opts["botifarra-torrefarrera"] == {"revoke_correct": True, "revoke_penalty": "hand"}
    assert opts["mus-8-kings-30"]["kings"] == 8 and opts["mus-8-kings-30"]["target"] == 30
    assert opts["mus-8-kings-40"]["kings"] == 8 and opts["mus-8-kings-40"]["target"] == 40
    assert opts["mus-4-kings"]["kings"] == 4
    assert opts["mus-practice"] == {"bonus": "side", "lone_side": "only"}
    assert opts["manillen"] == {"beat_in_suit": True}
    assert opts["envite-renuncio-3"] == {"revoke_penalty": "score", "revoke_score": 3}
    assert opts["envite-renuncio-5"] == {"revoke_penalty": "score", "revoke_score": 5}
    assert opts["truc-valencia"]["answer"] == "next"


def test_every_profile_shipped_makes_its_game_with_its_laws_passed_on():
    for p in profiles.every():
        game = games.get(p["game"], profiles.match_options(p))
        for key, value in p["laws"].items():
            assert key in LAWS and game.options[key] == value, p["profile"]
        for key, value in p["options"].items():
            assert game.options[key] == value, p["profile"]


def test_a_good_profile_file_is_read():
    p = profiles.parse(GOOD)
    assert p["profile"] == "house" and profiles.match_options(p) == {"target": 30, "late_misdeal": "void"}


@pytest.mark.parametrize("old, new, line, key", [
    ('"target": 30', '"target": "thirty"', 7, "target"),
    ('"target": 30', '"kings": 6', 7, "kings"),
    ('"target": 30', '"trump": 1', 7, "trump"),
    ('"late_misdeal": "void"', '"late_misdeal": "later"', 10, "late_misdeal"),
    ('"late_misdeal": "void"', '"revoke_score": -3', 10, "revoke_score"),
    ('"late_misdeal": "void"', '"target": 40', 10, "target"),          # an option among the laws
    ('"target": 30', '"out_of_turn": "condone"', 7, "out_of_turn"),    # a law among the options
    ('"version": 1', '"version": "one"', 5, "version"),
    ('"game": "mus"', '"game": "poker"', 3, "game"),
    ('"title": "Our house"', '"colour": "red"', 4, "colour"),
    ('"profile": "house"', '"profile": "Our House"', 2, "profile"),
])
def test_a_bad_profile_is_one_error_naming_the_key_and_the_line(old, new, line, key):
    msg = error_of(GOOD.replace(old, new))
    assert msg.startswith("house.json: line %d: key %r" % (line, key)), msg


def test_a_profile_that_is_not_json_or_lacks_a_key_says_where():
    assert "line 8: not JSON" in error_of(GOOD.replace('"target": 30', '"target": 30,'))
    assert "no 'title' key" in error_of(GOOD.replace('  "title": "Our house",\n', ""))
    assert "line 2: key 'profile' given twice" in error_of(GOOD.replace('"game": "mus"', '"profile": "x"'))


def test_a_profile_is_found_by_name_or_file_and_for_its_game(tmp_path):
    assert profiles.named("mus-4-kings", "mus")["options"]["kings"] == 4
    with pytest.raises(profiles.ProfileError, match="is for mus, not truc"):
        profiles.named("mus-4-kings", "truc")
    with pytest.raises(profiles.ProfileError, match="no profile 'mus-9-kings'.*mus-4-kings"):
        profiles.named("mus-9-kings", "mus")
    path = tmp_path / "house.json"
    path.write_text(GOOD)
    assert profiles.named(str(path), "mus")["profile"] == "house"


def test_the_match_event_names_its_profile_and_the_audit_and_report_say_it():
    m = Match()
    m.apply({"ev": "match", "game": "mus", "profile": "mus-4-kings", "options": {"kings": 4}})
    assert m.profile == "mus-4-kings" and m.snapshot()["profile"] == "mus-4-kings"
    log = json.dumps({"ev": "match", "game": "mus", "profile": "mus-4-kings", "options": {"kings": 4}}) + "\n"
    result = audit_text(log)
    assert result["profile"] == "mus-4-kings" and result["options"]["kings"] == 4
    from tapete.views.report import render
    assert "House rules: profile mus-4-kings" in render(result)


def test_a_bad_profile_name_on_the_match_event_is_reported_and_the_match_audited():
    log = json.dumps({"ev": "match", "game": "tute", "profile": 7}) + "\n"
    result = audit_text(log)
    assert "profile" not in result and result["game"] == "tute"
    assert any("'profile'" in e["message"] for e in result["errors"])


def test_record_new_with_a_profile_sends_its_options_and_name():
    cmd = new_command("botifarra", {"target": 121}, 0, "botifarra-torrefarrera")
    assert cmd["profile"] == "botifarra-torrefarrera"
    assert cmd["options"] == {"revoke_correct": True, "revoke_penalty": "hand", "target": 121}
    with pytest.raises(UsageError):
        new_command("tute", None, 0, "botifarra-torrefarrera")


def test_an_event_file_names_a_profile_of_its_game():
    ev = eventfile.new("mus", "swiss", name="Open", profile="mus-8-kings-30")
    assert ev["profile"] == "mus-8-kings-30"
    with pytest.raises(UsageError, match="key 'profile'"):
        eventfile.new("mus", "swiss", name="Open", profile="manillen")


def test_tapete_games_profiles_lists_them():
    run = subprocess.run(TAPETE + ["games", "--profiles", "mus"], capture_output=True, text=True)
    assert run.returncode == 0 and "mus-8-kings-30" in run.stdout and "kings=8" in run.stdout
    assert "manillen" not in run.stdout
    run = subprocess.run(TAPETE + ["games", "--profiles", "--json"], capture_output=True, text=True)
    assert {p["profile"] for p in json.loads(run.stdout)} == {p["profile"] for p in profiles.every()}
    run = subprocess.run(TAPETE + ["games", "--profiles", "poker"], capture_output=True, text=True)
    assert run.returncode == 2 and "unknown game" in run.stderr


def test_the_live_board_shows_the_profile():
    from rich.console import Console
    from tapete.views.terminal import table_picture
    m = Match()
    m.apply({"ev": "match", "game": "mus", "profile": "mus-4-kings", "options": {"kings": 4}})
    m.apply({"ev": "deal", "dealer": 0})
    console = Console(width=120, record=True)
    console.print(table_picture(m.snapshot()))
    assert "house rules: mus-4-kings" in console.export_text()


def test_the_match_event_carries_the_profiles_version_and_the_audit_compares_it():
    """docs/profiles.md: `profile_version` beside `profile`; the audit says when the
    profile installed here is another version than the one the match was played under."""
    cmd = new_command("botifarra", None, 0, "botifarra-torrefarrera")
    installed = profiles.named("botifarra-torrefarrera")["version"]
    assert cmd["profile_version"] == installed
    from tapete.views.report import render

    def match(**keys):
        ev = dict({"ev": "match", "game": "botifarra", "profile": "botifarra-torrefarrera",
                   "options": {"revoke_correct": True, "revoke_penalty": "hand"}}, **keys)
        return audit_text(json.dumps(ev) + "\n")
    same = match(profile_version=installed)
    assert same["profile_version"] == installed and "profile_installed_version" not in same
    assert "House rules: profile botifarra-torrefarrera, version %d" % installed in render(same)
    other = match(profile_version=installed + 1)
    assert other["profile_installed_version"] == installed and not other["errors"]
    assert "installed here is version %d" % installed in render(other)
    none = match()          # a log from before the version: said, not an error
    assert "profile_version" not in none and none["profile_installed_version"] == installed
    assert "(no version on the log)" in render(none)
    # one's own profile file is not installed: nothing to compare with
    own = audit_text(json.dumps({"ev": "match", "game": "mus", "profile": "house",
                                 "profile_version": 4}) + "\n")
    assert own["profile_version"] == 4 and "profile_installed_version" not in own


def test_a_bad_profile_version_is_refused_by_the_rules_and_reported_by_the_audit():
    for bad in (0, "1", True, 2.5):
        with pytest.raises(ValueError, match="profile_version"):
            Match().apply({"ev": "match", "game": "tute", "profile": "tute", "profile_version": bad})
        result = audit_text(json.dumps({"ev": "match", "game": "tute", "profile": "tute",
                                        "profile_version": bad}) + "\n")
        assert result["profile"] == "tute" and "profile_version" not in result, bad
        assert any("'profile_version'" in e["message"] for e in result["errors"]), bad
    with pytest.raises(ValueError, match="with 'profile'"):
        Match().apply({"ev": "match", "game": "tute", "profile_version": 1})


def test_the_audit_reads_every_shipped_profiles_version_as_the_loader_does():
    """judge/audit/installed.py reads the version below the event layer: the same number
    the loader checks, for every profile shipped; none for another game or no file."""
    from tapete.judge.audit.installed import installed_version
    for prof in profiles.every():
        assert installed_version(prof["profile"], prof["game"]) == prof["version"]
        assert installed_version(prof["profile"], "no-such-game") is None
    for bad in (None, "", "../etc/passwd", "UPPER", 7, "no-such-profile"):
        assert installed_version(bad) is None
