"""Wiezen's club profiles (host/tapete/event/profiles/, beside the others): each is a
file the profile loader accepts for the registry's `wiezen`, and sets what its title says."""
import json
import os

import pytest

from tapete.event import profiles
from tapete.rules.games.wiezen import Wiezen

HERE = os.path.dirname(profiles.__file__)
FILES = sorted(f for f in os.listdir(HERE) if f.endswith(".json")
               and json.load(open(os.path.join(HERE, f)))["game"] == "wiezen")


def load(name):
    prof = profiles.load(os.path.join(HERE, name))
    assert prof["profile"] + ".json" == name        # named as the file, as the shipped ones are
    return prof


def test_the_four_club_profiles_are_shipped():
    assert FILES == ["kleurenwiezen.json", "wiezen-light.json", "wiezen-pass-doubles.json", "wiezen.json"]


@pytest.mark.parametrize("name", FILES)
def test_each_wiezen_profile_passes_the_loader(name):
    prof = load(name)
    game = Wiezen(profiles.match_options(prof))
    assert game.seats == 4 and prof["sources"]
    assert profiles.named(prof["profile"])["game"] == "wiezen"


def test_the_default_profile_is_the_iwwa_sheet():
    g = Wiezen(profiles.match_options(load("wiezen.json")))
    assert g.table == "iwwa" and g.all_pass() == "next" and g.turnup


def test_kleurenwiezen_profile_bids_its_trump():
    g = Wiezen(profiles.match_options(load("kleurenwiezen.json")))
    assert not g.turnup and g.table == "kleuren" and g.all_pass() == "redeal"
    assert "turnup" not in g.stages


def test_a_wrong_option_in_a_wiezen_profile_names_its_key():
    text = open(os.path.join(HERE, "wiezen-light.json")).read().replace('"light"', '"heavy"')
    with pytest.raises(profiles.ProfileError) as err:
        profiles.parse(text, "wiezen-light.json")
    assert "score_table" in str(err.value) and "line 7" in str(err.value)
