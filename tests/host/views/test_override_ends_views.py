"""A director's override that ends a hand or reopens one, as the log's readers follow
it (docs/referee.md "Rulings and overrides"): the live board's list of hands and its
result, the room's own score check, the match database, the room's line check."""
import json

from tapete.log.store import Store
from tapete.log.validate import event as check_line
from tapete.views.state import TableView

from game_rules.test_laws import play_out, revoke_at_play


def _override(t, penalty):
    ruling = [e for e in t.log if e["ev"] == "x-ruling"][-1]["seq"]
    return t.put({"ev": "x-override", "ruling": ruling, "penalty": penalty, "by": "director"})


def _viewed(log):
    v = TableView()
    for ev in log:
        v.feed(dict(ev))
    return v


def test_the_board_lists_the_hand_an_override_ended_with_the_rooms_own_score():
    t, seat, card, hands, rng, out = revoke_at_play("manille", {"revoke_penalty": "report", "target": 1000})
    _override(t, "hand")
    v = _viewed(t.log)
    (end,) = v.state()["hand_results"]
    assert end["ended"] == "revoke" and end["score"] == t.m.score
    assert v.own_scores[1] == end["score"]      # the room checks the table's hand_end by it


def test_the_board_drops_the_hand_an_override_reopened_and_lists_its_own_end_once():
    t, seat, card, hands, rng, out = revoke_at_play("manille", {"revoke_penalty": "hand", "target": 1000})
    assert [h["ended"] for h in _viewed(t.log).state()["hand_results"]] == ["revoke"]
    _override(t, "report")
    v = _viewed(t.log)
    assert v.state()["hand_results"] == [] and 1 not in v.own_scores
    play_out(t, hands, rng)
    v = _viewed(t.log)
    (end,) = v.state()["hand_results"]
    assert end.get("ended") is None and end["totals"] == t.m.totals


def test_a_match_end_withdrawn_is_no_longer_the_boards_result():
    t, seat, card, hands, rng, out = revoke_at_play("malilla", {"revoke_penalty": "report"})
    _override(t, "game")
    assert _viewed(t.log).state()["result"]["reason"] == "irregularity"
    _override(t, "report")
    v = _viewed(t.log)
    assert v.state()["result"] is None and not v.match.over


def test_the_match_database_forgets_a_withdrawn_end(tmp_path):
    t, seat, card, hands, rng, out = revoke_at_play("malilla", {"revoke_penalty": "report"})
    _override(t, "game")
    store = Store(str(tmp_path / "m.db"))
    for ev in t.log:
        store.add(ev)
    assert store.db.execute("SELECT reason FROM matches").fetchone()[0] == "irregularity"
    _override(t, "report")
    store.add(t.log[-2])
    store.add(t.log[-1])
    assert store.db.execute("SELECT winner, reason FROM matches").fetchone() == (None, None)
    t2, seat, card, hands, rng, out = revoke_at_play("manille", {"revoke_penalty": "hand", "target": 1000})
    _override(t2, "report")
    for ev in t2.log:
        store.add(ev)
    row = store.db.execute("SELECT score, ended FROM hands WHERE match = 2 AND hand = 1").fetchone()
    assert row == (None, None)
    store.close()


def test_the_room_takes_an_x_reopen_line_and_refuses_a_malformed_one():
    assert check_line({"ev": "x-reopen", "hand": 1, "withdraws": ["hand_end"], "seq": 4}) is None
    assert check_line({"ev": "x-reopen", "hand": 1, "seq": 4}) is not None
    assert check_line({"ev": "x-reopen", "hand": 1, "withdraws": "hand_end", "seq": 4}) is not None
    assert check_line({"ev": "x-reopen", "hand": -1, "withdraws": [], "seq": 4}) is not None


def test_the_board_follows_the_tables_verdict_on_a_claim_its_search_left_undecided():
    from host.judge.test_audit_bounded_claims import _undecided_hand
    t = _undecided_hand(True)       # the board's rules would end the hand as claimed
    v = _viewed(t.log)
    assert v.errors == 0 and v.match.totals == t.m.totals
    (end,) = v.state()["hand_results"]
    assert end.get("ended") is None and v.own_scores[1] == end["score"]
