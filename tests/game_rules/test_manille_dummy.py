"""Manille's three players and a dummy (option `dummy`, seed 003's "a dummy hand is
dealt to the centre", read as the French clubs' "mort": games/manille.py): the dummy
is seat 3, played by its partner seat 1; it makes no calls; scored as four-handed."""
import random

from game_rules.kit import Match, TableError, games, of, playout, raises, start

try:
    from tapete.rules import fold
except ImportError:     # MicroPython
    from rules import fold


def test_the_option_is_offered_and_refused_where_no_dummy_sits():
    g = games.get("manille", {"dummy": True})
    assert "dummy" in type(g).OPTIONS and g.dummy == 3 and g.seats == 4 and g.teams == 2
    assert g.team_of[1] == g.team_of[3] and g.team_of[0] == g.team_of[2] != g.team_of[1]
    assert games.get("manille").dummy == -1
    for bad in ({"dummy": True, "auction": True},):
        raises(TableError, games.get, "manille", bad)
    raises(TableError, games.get, "manille", {"dummy": True}, 3)       # three seats: cards removed


def test_a_whole_match_with_the_dummy_is_played_scored_and_audited_as_four_handed():
    rng = random.Random(5) if hasattr(random, "Random") else random
    if not hasattr(random, "Random"):
        random.seed(5)
    log, derived, m = playout.random_match("manille", {"dummy": True}, rng, with_hands=False)
    assert m.over and m.seats == 4
    ends = [e for e in derived if e["ev"] == "hand_end"]
    assert ends and all(sum(e["points"]) == 60 for e in ends)           # the share of 30, as at four
    assert any(e["ev"] == "play" and e["seat"] == 3 for e in log)       # the dummy's cards are played
    # folded again (the audit's way), the same ends
    f = fold.Fold()
    again = []
    for ev in log:
        status, out = f.feed(ev)
        assert status == "accepted", (ev, out)
        again += [d for d in out if d["ev"] == "hand_end"]
    assert [e["score"] for e in again] == [e["score"] for e in ends]


def _in_play():
    m, _ = start("manille", dealer=0, turnup="9D", options={"dummy": True})
    return m


def test_the_dummy_makes_no_calls_its_partner_speaks_for_the_side():
    m = _in_play()
    for word in ("claim", "concede"):
        err = raises(TableError, m.apply, {"ev": "call", "seat": 3, "call": word, "cards": []})
        assert "dummy" in str(err), err
        assert m.conceding is None and not m.over


def test_the_dummys_partner_concedes_at_once_the_other_side_waits_for_its_partner():
    m = _in_play()
    out = m.apply({"ev": "call", "seat": 1, "call": "concede", "t": 1000})
    x = of(out, "x-claim")[0]
    assert x["sound"] is True and x["stood"] == "alone" and of(out, "hand_end")
    m = _in_play()
    out = m.apply({"ev": "call", "seat": 0, "call": "concede", "t": 1000})
    assert of(out, "x-claim")[0]["sound"] is None          # seat 2's word is awaited
    raises(TableError, m.apply, {"ev": "call", "seat": 3, "call": "object", "t": 2000})
    out = m.apply({"ev": "call", "seat": 2, "call": "object", "t": 2000})
    assert of(out, "x-claim")[0]["objected"] == 2
