"""A round with a clock (docs/protocol.md `round`, table/io/clock.py), under MicroPython:
the room's round command names the players, the panel shows the round and the time
left, and at a cap the table finishes the deal in play, then ends the match (`cap`)."""
import scratch
import tablekit   # first: it puts firmware/ ahead of tests/ on the path
import json

from table import phases as P

ROOT = scratch.path("tapete-round")


def _cmd(obj):
    return json.dumps(obj)


def _names(k):
    return [e["ev"] for e in k.events()]


def test_the_deals_cap_ends_the_match_once_the_deal_in_play_is_finished():
    k = tablekit.Kit(ROOT)
    r = k.command(_cmd({"cmd": "round", "round": 3, "table": 5, "left": 3000,
                        "caps": {"points": 101, "deals": 1, "minutes": 55}, "profile": "Torrefarrera 2026",
                        "profile_version": 3, "seats": ["Ana", "Biel", "Carme", "Dani"], "teams": ["Gràcia", "Sants"]}))
    assert r == [{"reply": "round", "ok": True}], r
    k.command('{"cmd": "new", "game": "malilla"}')
    first = [e for e in k.events() if e["ev"] == "match"][-1]
    assert first["names"] == {"seats": ["Ana", "Biel", "Carme", "Dani"], "teams": ["Gràcia", "Sants"]}
    assert first["profile"] == "Torrefarrera 2026"      # the event's house-rule profile, by name
    assert first["profile_version"] == 3                # ... and which edition of it
    from table.panel.round_line import text
    assert text(k.table) == "ROUND 3, TABLE 5, 50 min", text(k.table)
    p = tablekit.Players(k, seed=3)
    p.play_hand()
    evs = k.events()
    assert evs[-2]["ev"] == "cap" and evs[-2]["cap"] == "deals", evs[-3:]
    end = evs[-1]
    assert end["ev"] == "match_end" and end["reason"] == "cap" and end["cap"] == "deals", end
    assert _names(k).count("deal") == 1 and k.table.phase == P.OVER


def test_the_time_up_ends_the_match_at_the_next_deal_and_the_panel_says_last_deal():
    k = tablekit.Kit(ROOT)
    k.command(_cmd({"cmd": "round", "round": 1, "left": 0}))
    k.command('{"cmd": "new", "game": "malilla"}')
    from table.panel.round_line import text
    assert text(k.table) == "ROUND 1, LAST DEAL", text(k.table)
    k.app.draw()
    p = tablekit.Players(k, seed=3)
    p.play_hand()
    end = k.events()[-1]
    assert end["ev"] == "match_end" and end["cap"] == "minutes", end


def test_no_round_no_cap_and_round_0_clears_it():
    k = tablekit.Kit(ROOT)
    k.command(_cmd({"cmd": "round", "round": 2, "caps": {"deals": 1}}))
    k.command(_cmd({"cmd": "round", "round": 0}))
    assert k.table.round is None
    k.command('{"cmd": "new", "game": "malilla"}')
    p = tablekit.Players(k, seed=3)
    p.play_hand()
    assert "cap" not in _names(k) and k.table.phase == P.TURNUP


def test_a_bad_round_is_refused_and_changes_nothing():
    k = tablekit.Kit(ROOT)
    for bad in ({"cmd": "round"}, {"cmd": "round", "round": 1, "left": "soon"},
                {"cmd": "round", "round": 1, "caps": [1]}, {"cmd": "round", "round": 1, "caps": {"deals": -2}},
                {"cmd": "round", "round": 1, "seats": ["A name far too long for any table at all"]},
                {"cmd": "round", "round": 1, "profile": ""}, {"cmd": "round", "round": 1, "profile": 7},
                {"cmd": "round", "round": 1, "profile": "p", "profile_version": 0},
                {"cmd": "round", "round": 1, "profile_version": 2}):
        r = k.command(_cmd(bad))
        assert len(r) == 1 and "error" in r[0], (bad, r)
        assert k.table.round is None and k.table.names is None and k.table.profile is None, bad
