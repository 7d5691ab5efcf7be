"""`tapete audit` never crashes and never gives up on a match (issue 7, item 1)."""
import json
import os
import subprocess
import sys

import pytest

from tapete.judge.audit import AuditError, audit_file, audit_text
from tapete.views.report import render
from tapete.rules import cards, native

from host.fixtures import GOLDEN, controller_log, revoke_and_play_on, whole_match

TAPETE = [sys.executable, "-m", "tapete.cli"]


def log_text(events):
    return "".join(json.dumps(e) + "\n" for e in events)


def run_audit(path, *extra):
    return subprocess.run(TAPETE + ["audit", str(path)] + list(extra), capture_output=True, text=True)


def _without_lines(result):
    return dict((k, v) for k, v in result.items() if k != "lines")


# -- claims the C core cannot take ---------------------------------------------------------


def test_a_claim_without_cards_and_no_hand_known_is_an_error_line_not_a_traceback(tmp_path):
    assert native.ENABLED, "the C core must be built for this test (pip install -e .)"
    events = controller_log(whole_match("manille", 5))
    # seat on play claims near the end of hand 1 without showing its cards
    plays = [i for i, e in enumerate(events) if e["ev"] == "play"]
    cut = plays[26]
    seat = events[cut]["seat"]
    log = events[:cut] + [{"ev": "call", "seat": seat, "call": "claim"}]
    path = tmp_path / "claim.jsonl"
    path.write_text(log_text(log))
    run = run_audit(path, "--json")
    assert run.returncode == 0 and "Traceback" not in run.stderr, run.stderr
    result = json.loads(run.stdout)
    assert not result["hands"][0].get("claims")
    errors = [e for e in result["errors"] if e["line"] == len(log)]
    assert errors and "shows the claimer's cards" in errors[0]["message"]


def test_an_exception_inside_the_rules_is_an_error_line_and_the_match_goes_on(monkeypatch):
    from tapete.rules import claims
    events = controller_log(whole_match("malilla", 3))
    clean = audit_text(log_text(events))
    calls = []

    def broken(match, ev):
        calls.append(ev)
        raise ValueError("tapete_core: something the core refused")

    monkeypatch.setattr(claims, "claim", broken)
    i = next(i for i, e in enumerate(events) if e["ev"] == "play" and i > 30)
    claim = {"ev": "call", "seat": events[i]["seat"], "call": "claim", "cards": ["7H"]}
    result = audit_text(log_text(events[:i] + [claim] + events[i:]))
    assert calls and [e["line"] for e in result["errors"]] == [i + 1]
    assert "the rules failed on this event" in result["errors"][0]["message"]
    assert "tapete_core" in result["errors"][0]["message"]
    assert result["hands"] == clean["hands"] and result["winner"] == clean["winner"]


def test_a_fault_half_way_through_a_play_is_reported_and_the_match_rebuilt(monkeypatch):
    from tapete.rules.match import Match
    events = controller_log(whole_match("manille", 5))
    clean = audit_text(log_text(events))
    i = next(i for i, e in enumerate(events) if e["ev"] == "play" and i > 20)
    real = Match.play
    state = {"left": 1}

    def play_then_fail(self, seat, c):
        status = real(self, seat, c)        # the state has moved on...
        if state["left"] and cards.name(c) == events[i]["card"]:
            state["left"] -= 1
            raise RuntimeError("half-way")  # ...and then the rules fail
        return status

    monkeypatch.setattr(Match, "play", play_then_fail)
    # the same play logged twice (the table re-read it): the second one counts
    result = audit_text(log_text(events[:i + 1] + events[i:]))
    assert [e["line"] for e in result["errors"]] == [i + 1]
    assert "RuntimeError: half-way" in result["errors"][0]["message"]
    assert result["hands"] == clean["hands"] and result["totals"] == clean["totals"]


# -- options -----------------------------------------------------------------------------------


@pytest.mark.parametrize("options", [[1], "x", 5])
@pytest.mark.parametrize("game", ["manille", "malilla"])
def test_options_that_are_not_an_object_are_an_error_and_the_match_goes_on(game, options):
    events = controller_log(whole_match(game, 5))
    clean = audit_text(log_text(events))
    events[0] = dict(events[0], options=options)
    result = audit_text(log_text(events))
    assert [e["line"] for e in result["errors"]] == [1]
    assert "'options' must be an object" in result["errors"][0]["message"]
    assert result["hands"] == clean["hands"] and result["options"] == clean["options"]


def test_a_misspelt_option_is_reported_with_a_hint_and_the_match_goes_on():
    events = controller_log(whole_match("malilla", 3))
    clean = audit_text(log_text(events))
    events[0] = dict(events[0], options={"trget": 35})
    result = audit_text(log_text(events))
    assert len(result["errors"]) == 1 and result["errors"][0]["line"] == 1
    message = result["errors"][0]["message"]
    assert "'trget'" in message and "did you mean 'target'?" in message and "without it" in message
    assert result["hands"] == clean["hands"] and result["winner"] == clean["winner"]
    assert result["disagreements"] == []


def test_an_invalid_option_value_is_reported_and_its_default_played():
    events = controller_log(whole_match("manille", 5))
    clean = audit_text(log_text(events))
    events[0] = dict(events[0], options={"target": -5, "last_trick_bonus": False, "direction": "up"})
    result = audit_text(log_text(events))
    messages = [e["message"] for e in result["errors"]]
    assert [e["line"] for e in result["errors"]] == [1, 1]
    assert any("target" in m and "its default, 101" in m for m in messages)
    assert any("direction" in m and "manille's own rule" in m for m in messages)
    assert result["options"]["last_trick_bonus"] is False and result["options"]["target"] == 101
    assert result["hands"] == clean["hands"]
    assert "Errors in the log (2)" in render(result)


def test_a_wrong_seat_count_is_reported_and_the_match_played_with_the_games_own():
    events = controller_log(whole_match("malilla", 3))
    clean = audit_text(log_text(events))
    events[0] = dict(events[0], seats=5)
    result = audit_text(log_text(events))
    assert [e["line"] for e in result["errors"]] == [1] and "4 seats" in result["errors"][0]["message"]
    assert result["hands"] == clean["hands"]


# -- several matches, empty and binary files ------------------------------------------------------


def _three_matches():
    return [controller_log(whole_match("malilla", 3)), controller_log(whole_match("manille", 5)),
            controller_log(whole_match("malilla", 4))]


def test_a_log_of_several_matches_audits_each_one(tmp_path):
    logs = _three_matches()
    path = tmp_path / "three.jsonl"
    path.write_text("".join(log_text(events) + json.dumps({"ev": "end"}) + "\n" for events in logs))
    result = audit_file(str(path))
    assert result["count"] == 3 and len(result["matches"]) == 3
    first = 1
    for events, got in zip(logs, result["matches"]):
        alone = audit_text(log_text(events))
        assert _without_lines(got) == alone and got["errors"] == []
        assert got["lines"] == [first, first + len(events)]     # its 'end' included
        first += len(events) + 1
    run = run_audit(path, "--json")
    assert run.returncode == 0 and json.loads(run.stdout)["count"] == 3
    run = run_audit(path)
    assert run.returncode == 0 and run.stdout.count("Winner: team") == 3
    assert "Match 3 of the log, lines " in run.stdout and "3 matches audited: 0 with errors" in run.stdout


def test_a_match_line_naming_no_game_does_not_split_the_match():
    events = controller_log(whole_match("malilla", 3))
    clean = audit_text(log_text(events))
    result = audit_text(log_text(events[:40] + [{"ev": "match", "game": "poker"}] + events[40:]))
    assert "game" in result and [e["line"] for e in result["errors"]] == [41]
    assert "'poker'" in result["errors"][0]["message"] and "goes on" in result["errors"][0]["message"]
    assert result["hands"] == clean["hands"]


def test_one_match_prints_exactly_the_protocol_object():
    path = os.path.join(GOLDEN, "malilla_match.jsonl")
    run = run_audit(path, "--json")
    assert sorted(json.loads(run.stdout)) == sorted(
        ["game", "options", "hands", "totals", "winner", "reason", "errors", "disagreements"])


@pytest.mark.parametrize("content,words", [
    (b"", "is empty"),
    (b"\n  \n\n", "is empty"),
    (bytes(range(256)) * 40, "binary file"),
    (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(3000), "binary file"),
    (b"hello\nthis is a letter, not a log\n", "no table events"),
])
def test_an_empty_or_binary_file_exits_2_with_a_message(tmp_path, content, words):
    path = tmp_path / "log.jsonl"
    path.write_bytes(content)
    run = run_audit(path)
    assert run.returncode == 2 and run.stdout == "" and words in run.stderr, run.stderr
    assert "Traceback" not in run.stderr
    with pytest.raises(AuditError):
        audit_file(str(path))


def test_a_log_with_one_stray_nul_byte_is_still_audited(tmp_path):
    events = controller_log(whole_match("malilla", 3))
    path = tmp_path / "log.jsonl"
    path.write_bytes(log_text(events[:5]).encode() + b"\x00\x00\n" + log_text(events[5:]).encode())
    result = audit_file(str(path))
    assert [e["line"] for e in result["errors"]] == [6] and result["winner"] is not None


def test_a_line_far_too_long_is_one_error_and_the_rest_is_audited(tmp_path):
    events = controller_log(whole_match("malilla", 3))
    path = tmp_path / "log.jsonl"
    path.write_bytes(log_text(events[:5]).encode() + b"x" * 3000000 + b"\n" + log_text(events[5:]).encode())
    result = audit_file(str(path))
    assert [e["line"] for e in result["errors"]] == [6]
    assert "3000000 bytes" in result["errors"][0]["message"]
    assert result["hands"] == audit_text(log_text(events))["hands"]


# -- errors in line order; the end of a Malilla match by an irregularity ------------------------


def test_errors_are_listed_in_line_order():
    events = controller_log(whole_match("malilla", 3))
    lines = [json.dumps(e) for e in events]
    play = next(i for i, e in enumerate(events) if e["ev"] == "play" and i > 10)
    lines.insert(play, json.dumps({"ev": "play", "seat": (events[play]["seat"] + 2) % 4, "card": "2C"}))
    lines.insert(play + 6, '{"ev": "play", "seat": 1, "ca')          # truncated
    lines.insert(3, json.dumps({"ev": "end"}))                          # an 'end' with more after it
    result = audit_text("\n".join(lines))
    got = [e["line"] for e in result["errors"]]
    assert len(got) == 3 and got == sorted(got), result["errors"]


def test_plays_after_an_irregularity_ended_a_malilla_match_are_reported_once():
    inputs, proof = revoke_and_play_on()
    log = controller_log(inputs[:proof + 1]) + inputs[proof + 1:]
    result = audit_text(log_text(log))
    assert result["reason"] == "irregularity"
    proof_line = len(controller_log(inputs[:proof])) + 1
    later = len(inputs) - proof - 1
    first = len(log) - later + 1
    assert len(result["errors"]) == 1, result["errors"]
    error = result["errors"][0]
    assert error["line"] == first
    message = error["message"]
    rule = result["hands"][0]["violations"][-1]["rule"]
    assert "the match is over" in message and rule in message
    assert "proven at line " + str(proof_line) in message
    assert "%d events, lines %d-%d (%d plays)" % (later, first, len(log), later) in message
    assert "Errors in the log (1)" in render(result)
