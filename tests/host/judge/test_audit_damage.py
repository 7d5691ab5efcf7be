"""The audit never turns damage to the log into violations (issue 35, item 8): each
case of the issue and of the brief, in a hand-made log, with and without the
controller's derived events and its seq (judge/audit/damage.py)."""
import json
import subprocess
import sys

import pytest

from tapete.judge.audit import audit_text
from tapete.views.report import render

from host.fixtures import controller_log, whole_match

TAPETE = [sys.executable, "-m", "tapete.cli"]


def _log(derived=True, seq=True, game="malilla"):
    inputs = whole_match(game, 3)
    events = controller_log(inputs) if derived else inputs
    if seq:
        events = [dict(e, seq=n) for n, e in enumerate(events)]
    return events


def _text(lines):
    return "\n".join(l if isinstance(l, str) else json.dumps(l) for l in lines) + "\n"


CLEAN = {}


def _clean(derived, seq):
    key = (derived, seq)
    if key not in CLEAN:
        CLEAN[key] = audit_text(_text(_log(derived, seq)))
    return CLEAN[key]


def _play(events, k):
    """Index of the k-th play."""
    return [i for i, e in enumerate(events) if e["ev"] == "play"][k]


def _judged_as_clean(result, derived, seq):
    clean = _clean(derived, seq)
    violations = [v for h in result["hands"] for v in h["violations"]]
    assert violations == [], violations
    assert result["disagreements"] == []
    assert [h["tricks"] for h in result["hands"]] == [h["tricks"] for h in clean["hands"]]
    assert result["totals"] == clean["totals"] and result["winner"] == clean["winner"]
    assert not any(h.get("incomplete") for h in result["hands"])


def _damage(result):
    assert all(e.get("damage") for e in result["errors"]), result["errors"]
    return [(e["line"], e["message"]) for e in result["errors"]]


LOGS = [pytest.param(d, s, id=("controller" if d else "inputs") + ("+seq" if s else ""))
        for d, s in ((True, True), (True, False), (False, True), (False, False))]


@pytest.mark.parametrize("derived,seq", LOGS)
def test_an_unreadable_card_code_is_log_damage_not_three_out_of_turn_plays(derived, seq):
    events = _log(derived, seq)
    i = _play(events, 5)
    lines = list(events)
    lines[i] = dict(events[i], card="11X")
    result = audit_text(_text(lines))
    _judged_as_clean(result, derived, seq)
    said = _damage(result)
    assert said[0] == (i + 1, "the card of this play names no card ('11X'): the log lost it")
    how = "the controller's trick 2 shows it" if derived else "the one card of the pack no play of the hand shows"
    assert said[1] == (i + 1, "judged as seat %d's play of %s (%s)" % (events[i]["seat"], events[i]["card"], how))


@pytest.mark.parametrize("derived,seq", LOGS)
def test_a_repeated_line_is_log_damage_not_a_duplicate_card(derived, seq):
    events = _log(derived, seq)
    i = _play(events, 5)
    lines = events[:i + 1] + [events[i]] + events[i + 1:]
    result = audit_text(_text(lines))
    _judged_as_clean(result, derived, seq)
    word = ("seq %d again" % events[i]["seq"]) if seq else "the same line as line %d again" % (i + 1)
    assert [l for l, _m in _damage(result)] == [i + 2] and word in result["errors"][0]["message"]


@pytest.mark.parametrize("derived", [True, False])
def test_a_reordered_pair_of_lines_is_judged_in_seq_order(derived):
    events = _log(derived, True)
    i = _play(events, 5)
    lines = list(events)
    lines[i], lines[i + 1] = lines[i + 1], lines[i]
    result = audit_text(_text(lines))
    _judged_as_clean(result, derived, True)
    assert _damage(result) == [(i + 2, "seq %d comes after seq %d: the lines are judged in seq order"
                                % (events[i]["seq"], events[i + 1]["seq"]))]


def test_without_seq_the_order_of_the_lines_is_the_order_of_play():
    # nothing else can tell a reordered pair from two seats playing out of turn
    events = _log(False, False)
    i = _play(events, 4)
    lines = list(events)
    lines[i], lines[i + 1] = lines[i + 1], lines[i]
    result = audit_text(_text(lines))
    assert "out-of-turn" in result["errors"][0]["message"]


@pytest.mark.parametrize("derived,seq", LOGS)
def test_a_truncated_last_line_loses_nothing_else(derived, seq):
    events = _log(derived, seq)
    lines = [json.dumps(e) for e in events]
    lines[-1] = lines[-1][:15]
    result = audit_text(_text(lines))
    _judged_as_clean(result, derived, seq)
    said = _damage(result)
    assert said[0][0] == len(lines) and "truncated line?" in said[0][1]
    if derived:     # the match_end it held is not "missing"
        assert "taken as the controller's match_end" in said[0][1]
    else:           # it held the hand's last card: the pack says which
        assert "the one card of the pack no play of the hand shows" in said[1][1]


@pytest.mark.parametrize("derived,seq", LOGS)
def test_a_line_of_binary_junk_in_place_of_a_play_is_filled_and_judged(derived, seq):
    events = _log(derived, seq)
    i = _play(events, 5)
    lines = list(events)
    lines[i] = "\x00\x01\xfe\x7f junk"
    result = audit_text(_text(lines))
    _judged_as_clean(result, derived, seq)
    said = _damage(result)
    assert said[0][0] == i + 1 and "not JSON" in said[0][1]
    assert said[1] == (i + 1, "judged as seat %d's play of %s (%s)" % (
        events[i]["seat"], events[i]["card"],
        "the controller's trick 2 shows it" if derived else "the one card of the pack no play of the hand shows"))


@pytest.mark.parametrize("derived,seq", LOGS)
def test_a_line_of_junk_between_two_events_changes_nothing(derived, seq):
    events = _log(derived, seq)
    i = _play(events, 5)
    result = audit_text(_text(events[:i] + ["\x00\xff junk"] + events[i:]))
    _judged_as_clean(result, derived, seq)
    assert [l for l, _m in _damage(result)] == [i + 1]


def test_a_lost_card_nothing_can_name_leaves_its_hand_incomplete_not_violations():
    # Truc deals 3 of 40 cards: no pack tells the card, and no controller logged the trick
    events = _log(False, False, "truc")
    i = _play(events, 1)
    lines = list(events)
    lines[i] = dict(events[i], card="11X")
    result = audit_text(_text(lines))
    hand = result["hands"][0]
    assert hand["incomplete"] and hand["points"] is None or hand.get("ended") == "abandoned"
    assert not any(h["violations"] for h in result["hands"])
    said = [(e["line"], e["message"]) for e in result["errors"] if e.get("damage")]
    assert said[1] == (i + 1, "%d events of hand 1 after this line are not judged"
                       % (next(j for j in range(i, len(events)) if events[j]["ev"] == "deal") - i - 1))
    # the match goes on from the next deal (the lost hand scores nothing: its score is
    # unknown, so a later call that needs the true totals may be refused: an error, never
    # a violation)
    assert len(result["hands"]) == len(audit_text(_text(events))["hands"])


def test_a_lost_card_in_a_controllers_log_takes_its_word_for_the_rest_of_the_hand():
    events = _log(True, True, "truc")
    i = _play(events, 1)
    lines = list(events)
    lines[i] = dict(events[i], card="11X")
    # the controller's trick is damaged too: nothing names the card
    t = next(j for j in range(i, len(events)) if events[j]["ev"] == "trick")
    lines[t] = '{"ev": "trick", "hand": 1, "n'
    result = audit_text(_text(lines))
    assert result["hands"][0]["incomplete"] and not any(h["violations"] for h in result["hands"])
    assert result["disagreements"] == []
    assert "the controller's word is taken for the rest of it" in " ".join(m for _l, m in _damage(result))


def test_a_repeated_seq_with_other_content_is_left_out():
    events = _log(True, True)
    i = _play(events, 5)
    other = dict(events[i], card="2S")
    result = audit_text(_text(events[:i + 1] + [other] + events[i + 1:]))
    _judged_as_clean(result, True, True)
    assert _damage(result) == [(i + 2, "seq %d again, saying something else: left out (the first counts)"
                                % events[i]["seq"])]


def test_the_text_report_lists_damage_apart_from_the_players_errors(tmp_path):
    events = _log(True, True)
    i = _play(events, 5)
    lines = list(events)
    lines[i] = dict(events[i], card="11X")
    path = tmp_path / "damaged.jsonl"
    path.write_text(_text(lines))
    run = subprocess.run(TAPETE + ["audit", str(path)], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert "Damage to the log, not the players' doing (2):" in run.stdout
    assert "Errors in the log" not in run.stdout and "VIOLATION" not in run.stdout
    run = subprocess.run(TAPETE + ["audit", str(path), "--json"], capture_output=True, text=True)
    errors = json.loads(run.stdout)["errors"]
    assert [e["damage"] for e in errors] == [True, True]
    assert "Damage to the log" in render(audit_text(_text(lines)))
