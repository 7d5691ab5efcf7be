"""Players' names: the host's `names` command, the `match` event that carries them,
and a power cut (under MicroPython; docs/protocol.md 1.2, docs/serial.md)."""
import scratch
import tablekit   # first: it puts firmware/ ahead of tests/ on the path
import json

ROOT = scratch.path("tapete-names")


def _cmd(obj):
    return json.dumps(obj)


def _match_event(k):
    return [e for e in k.events() if e["ev"] == "match"][-1]


def test_the_match_event_carries_the_names_the_host_gave():
    k = tablekit.Kit(ROOT)
    r = k.command(_cmd({"cmd": "names", "seats": ["Ana", "Biel", "Carme", "Dani"],
                        "teams": ["Els Cracs", "Sa Penya"]}))
    assert r == [{"reply": "names", "ok": True, "next_match": True}], r
    k.command('{"cmd": "new", "game": "malilla"}')
    m = _match_event(k)
    assert m["names"] == {"seats": ["Ana", "Biel", "Carme", "Dani"], "teams": ["Els Cracs", "Sa Penya"]}
    # kept for the next match, until changed
    k.command('{"cmd": "new", "game": "malilla"}')
    assert _match_event(k)["names"]["seats"][2] == "Carme"


def test_names_in_pieces_are_joined_and_a_list_not_sent_is_kept():
    k = tablekit.Kit(ROOT)
    k.command(_cmd({"cmd": "names", "seats": ["Ana", "Biel"]}))
    k.command(_cmd({"cmd": "names", "seats": ["Carme", "Dani"], "at": 2}))
    k.command(_cmd({"cmd": "names", "teams": ["Nosaltres", "Vosaltres"]}))
    assert k.table.names == {"seats": ["Ana", "Biel", "Carme", "Dani"],
                             "teams": ["Nosaltres", "Vosaltres"]}
    k.command(_cmd({"cmd": "names", "teams": []}))
    assert k.table.names == {"seats": ["Ana", "Biel", "Carme", "Dani"]}
    k.command(_cmd({"cmd": "names", "seats": []}))
    assert k.table.names is None
    k.command('{"cmd": "new", "game": "malilla"}')
    assert "names" not in _match_event(k)


def test_names_are_cut_to_the_games_seats_and_unnamed_seats_are_empty():
    k = tablekit.Kit(ROOT)
    k.command(_cmd({"cmd": "names", "seats": ["Ana", "", "Carme"]}))
    k.command('{"cmd": "new", "game": "malilla"}')
    assert _match_event(k)["names"] == {"seats": ["Ana", "", "Carme", ""]}


def _error(k, obj):
    r = k.command(_cmd(obj))
    assert len(r) == 1 and "error" in r[0], r
    return r[0]["error"]


def test_bad_names_are_refused_and_change_nothing():
    k = tablekit.Kit(ROOT)
    k.command(_cmd({"cmd": "names", "seats": ["Ana", "Biel"]}))
    held = k.table.names
    assert "control character" in _error(k, {"cmd": "names", "seats": ["Ana\nBiel"]})
    assert "at most 24" in _error(k, {"cmd": "names", "seats": ["x" * 25]})
    assert "must be text" in _error(k, {"cmd": "names", "seats": [3]})
    assert "list of names" in _error(k, {"cmd": "names", "seats": "Ana"})
    assert "space" in _error(k, {"cmd": "names", "teams": [" Sa Penya"]})
    assert "at most 12" in _error(k, {"cmd": "names", "seats": ["a"] * 13})
    assert "send them in order" in _error(k, {"cmd": "names", "seats": ["Dani"], "at": 3})
    assert "not 'players'" in _error(k, {"cmd": "names", "players": ["Ana"]})
    assert "needs 'seats' or 'teams'" in _error(k, {"cmd": "names"})
    assert k.table.names == held


def test_a_power_cut_keeps_the_matchs_names():
    k = tablekit.Kit(ROOT)
    k.command(_cmd({"cmd": "names", "seats": ["Ana", "Biel", "Carme", "Dani"]}))
    k.command('{"cmd": "new", "game": "malilla"}')
    k.app.journal.close()
    k2 = tablekit.Kit(ROOT, fresh=False)
    assert k2.table.names == {"seats": ["Ana", "Biel", "Carme", "Dani"]}
    k2.command('{"cmd": "resend", "from": 0}')
    assert _match_event(k2)["names"]["seats"][0] == "Ana"      # rebuilt from the journal


def test_names_with_accents_and_quotes_go_through_the_log_and_the_journal():
    k = tablekit.Kit(ROOT)
    given = ["Núria", "D'Artagnan \"el\"", "Łukasz", "Xavi\\B"]
    r = k.command(_cmd({"cmd": "names", "seats": given}))
    assert r[0]["ok"], r
    k.command('{"cmd": "new", "game": "malilla"}')
    assert _match_event(k)["names"]["seats"] == given        # the line parsed back, crc good
    k.app.journal.close()
    k2 = tablekit.Kit(ROOT, fresh=False)
    assert k2.table.match_names["seats"] == given
    from table.panel.screen import short_name
    assert short_name("Núria") == "Núria" and short_name("Łukasz") is None   # the panel: S2
    assert short_name("Bartomeu Riera") == "Bartomeu"
