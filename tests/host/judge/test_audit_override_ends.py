"""The audit of a director's override that ends a hand or reopens one (docs/referee.md
"Rulings and overrides"): it recomputes the `hand_end` / `x-reopen` the override line
derives and agrees with the controller's, and says so when a log lacks them."""
import json

from tapete.judge.audit import audit_text
from tapete.views.report import render

from game_rules.test_laws import legal_card, play_out, revoke_at_play


def log_text(events):
    return "".join(json.dumps(e) + "\n" for e in events)


def _without(log, name):
    """The log without its `name` lines, numbered again (no seq gap: the controller
    never sent them, rather than the recorder lost them)."""
    out = [dict(e) for e in log if e["ev"] != name]
    for n, e in enumerate(out):
        e["seq"] = n
    return out


def _override(t, penalty):
    ruling = [e for e in t.log if e["ev"] == "x-ruling"][-1]["seq"]
    return t.put({"ev": "x-override", "ruling": ruling, "penalty": penalty, "by": "director"})


def test_an_override_that_ends_the_hand_audits_with_its_hand_end_and_no_disagreement():
    t, seat, card, hands, rng, out = revoke_at_play("manille", {"revoke_penalty": "report", "target": 1000})
    _override(t, "hand")
    result = audit_text(log_text(t.log))
    assert result["disagreements"] == [] and result["errors"] == []
    hand = result["hands"][0]
    assert hand["ended"] == "revoke" and hand["score"] == t.m.score
    assert [o["penalty"] for o in hand["overrides"]] == ["hand"]
    assert result["totals"] == t.m.totals
    assert "OVERRUL" in render(result).upper()


def test_a_reopened_hand_audits_with_its_x_reopen_and_its_own_end():
    t, seat, card, hands, rng, out = revoke_at_play("manille", {"revoke_penalty": "hand", "target": 1000})
    _override(t, "report")
    play_out(t, hands, rng)
    assert [e["ev"] for e in t.log if e["ev"] in ("hand_end", "x-reopen")] == ["hand_end", "x-reopen", "hand_end"]
    result = audit_text(log_text(t.log))
    assert result["disagreements"] == [] and result["errors"] == []
    assert result["hands"][0].get("ended") is None and result["totals"] == t.m.totals


def test_a_log_that_does_not_say_the_hand_ended_or_reopened_is_a_disagreement():
    t, seat, card, hands, rng, out = revoke_at_play("manille", {"revoke_penalty": "report", "target": 1000})
    _override(t, "hand")
    log = _without(t.log, "hand_end")       # as the table logged before
    result = audit_text(log_text(log))
    assert [d["message"] for d in result["disagreements"]] == [
        "the controller did not log the hand_end the rules derive"]
    t, seat, card, hands, rng, out = revoke_at_play("manille", {"revoke_penalty": "hand", "target": 1000})
    _override(t, "report")
    m = t.m
    t.play(m.turn, legal_card(m, hands, m.turn, rng))
    log = _without(t.log, "x-reopen")
    result = audit_text(log_text(log))
    assert [d["message"] for d in result["disagreements"]] == [
        "the controller did not log the x-reopen the rules derive"]


def test_an_override_of_an_earlier_hands_ruling_is_an_error_of_its_line():
    t, seat, card, hands, rng, out = revoke_at_play("manille", {"revoke_penalty": "report", "target": 1000})
    ruling = [e for e in t.log if e["ev"] == "x-ruling"][-1]["seq"]
    play_out(t, hands, rng)
    t.put({"ev": "deal", "dealer": t.m.next_dealers()[0]})
    t.put({"ev": "x-override", "ruling": ruling, "penalty": "hand", "by": "director"})
    result = audit_text(log_text(t.log))
    assert len(result["errors"]) == 1 and "is final" in result["errors"][0]["message"]
    assert result["errors"][0]["line"] == len(t.log)
    assert result["disagreements"] == []
