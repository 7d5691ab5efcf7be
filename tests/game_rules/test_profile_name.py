"""The `match` event names its house-rule profile (docs/profiles.md): the rules keep the
name, refuse a bad one with nothing changed, and play by the event's options."""
from game_rules.kit import Match, TableError, games, raises


def test_the_match_keeps_the_profile_it_names_in_every_game():
    for name in games.names():
        m = Match()
        m.apply({"ev": "match", "game": name, "profile": name, "options": {"late_misdeal": "void"}})
        assert m.profile == name and m.snapshot()["profile"] == name
        assert m.game.late_misdeal == "void", name
        m.apply({"ev": "match", "game": name})
        assert m.profile is None            # a new match names its own


def test_a_profile_that_is_not_a_name_is_refused_and_changes_nothing():
    m = Match()
    m.apply({"ev": "match", "game": "mus", "profile": "mus-4-kings", "options": {"kings": 4}})
    for bad in (7, "", "x" * 41, "two\nlines", ["mus"]):
        raises(TableError, m.apply, {"ev": "match", "game": "tute", "profile": bad})
        assert m.profile == "mus-4-kings" and m.game.name == "mus" and m.game.kings == 4


def test_the_profile_version_goes_with_its_profile_and_a_bad_one_changes_nothing():
    m = Match()
    m.apply({"ev": "match", "game": "tute", "profile": "tute", "profile_version": 2})
    assert m.profile == "tute"
    for bad in ({"profile": "tute", "profile_version": 0}, {"profile": "tute", "profile_version": "2"},
                {"profile": "tute", "profile_version": True}, {"profile_version": 1}):
        raises(TableError, m.apply, dict({"ev": "match", "game": "mus"}, **bad))
        assert m.profile == "tute" and m.game.name == "tute", bad
