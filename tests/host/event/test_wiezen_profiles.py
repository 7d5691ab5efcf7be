"""Wiezen's club profiles (host/tapete/event/profiles/wiezen/, waiting for the registry):
each is a file the profile loader accepts, and sets what its title says. The registry is
made to know Wiezen for these tests only (the stage driver wires it in: issue 37)."""
import os

import pytest

from tapete.event import profiles
from tapete.rules import games
from tapete.rules.games.wiezen import Wiezen

HERE = os.path.join(os.path.dirname(profiles.__file__), "wiezen")
FILES = sorted(f for f in os.listdir(HERE) if f.endswith(".json"))


@pytest.fixture
def registry(monkeypatch):
    known = games.game_class
    monkeypatch.setattr(games, "NAMES", games.NAMES + ("wiezen",))
    monkeypatch.setattr(games, "game_class", lambda name: Wiezen if name == "wiezen" else known(name))


def load(name):
    prof = profiles.load(os.path.join(HERE, name))
    assert prof["profile"] + ".json" == name        # named as the file, as the shipped ones are
    return prof


@pytest.mark.parametrize("name", FILES)
def test_each_wiezen_profile_passes_the_loader(registry, name):
    prof = load(name)
    game = Wiezen(profiles.match_options(prof))
    assert game.seats == 4 and prof["sources"]


def test_the_default_profile_is_the_iwwa_sheet(registry):
    g = Wiezen(profiles.match_options(load("wiezen.json")))
    assert g.table == "iwwa" and g.all_pass() == "next" and g.turnup


def test_kleurenwiezen_profile_bids_its_trump(registry):
    g = Wiezen(profiles.match_options(load("kleurenwiezen.json")))
    assert not g.turnup and g.table == "kleuren" and g.all_pass() == "redeal"


def test_a_wrong_option_in_a_wiezen_profile_names_its_key(registry):
    text = open(os.path.join(HERE, "wiezen-light.json")).read().replace('"light"', '"heavy"')
    with pytest.raises(profiles.ProfileError) as err:
        profiles.parse(text, "wiezen-light.json")
    assert "score_table" in str(err.value) and "line 7" in str(err.value)


def test_without_the_registry_the_loader_refuses_them():
    with pytest.raises(profiles.ProfileError):
        load("wiezen.json")
