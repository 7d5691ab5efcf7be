"""`tapete audit`: golden playthroughs, proofs, bad input by line number, exit codes."""
import json
import os
import subprocess
import sys

import pytest

from tapete.judge.audit import audit_file, audit_text
from tapete.views.report import render

from host.fixtures import EVERY_CALL, GOLDEN, controller_log, whole_match
from tapete.rules import games

TAPETE = [sys.executable, "-m", "tapete.cli"]


def golden(name):
    with open(os.path.join(GOLDEN, name + ".audit.json")) as f:
        return json.load(f)


def log_text(events):
    return "".join(json.dumps(e) + "\n" for e in events)


@pytest.mark.parametrize("name", ["malilla_match", "manille_match", "revoke_trick7"] + sorted(EVERY_CALL))
def test_audit_matches_the_golden_playthrough(name):
    result = audit_file(os.path.join(GOLDEN, name + ".jsonl"))
    assert json.loads(json.dumps(result)) == golden(name)
    assert result["errors"] == [] and result["disagreements"] == []


@pytest.mark.parametrize("name", ["malilla_match", "manille_match"])
def test_whole_match_report_shows_every_trick_points_scores_and_winner(name):
    result = audit_file(os.path.join(GOLDEN, name + ".jsonl"))
    text = render(result)
    tricks = sum(len(h["tricks"]) for h in result["hands"])
    assert tricks == len(result["hands"]) * (10 if name.startswith("malilla") else 8)
    assert text.count("  seat ") >= tricks          # one row per trick, winner named
    assert text.count("points ") == len(result["hands"])
    assert "Winner: team " + str(result["winner"]) in text
    assert result["winner"] in (0, 1)
    assert sum(h["score"][0] for h in result["hands"]) == result["totals"][0]


def test_revoke_provable_in_trick_7_is_reported_with_both_plays_named():
    result = audit_file(os.path.join(GOLDEN, "revoke_trick7.jsonl"))
    v = result["hands"][0]["violations"][0]
    assert v["rule"] == "revoke" and v["proven"] == 7 and v["trick"] < 7
    assert v["line"] and v["proof"]["line"] > v["line"] and v["proof"]["trick"] == 7
    text = render(result)
    assert "proven in trick 7 when seat " + str(v["seat"]) in text
    assert "(line " + str(v["line"]) + ")" in text and "(line " + str(v["proof"]["line"]) + ")" in text
    assert result["winner"] == 1 - v["seat"] % 2 and result["reason"] == "irregularity"


def _clean():
    return controller_log(whole_match("malilla", 3))


def _audit_with(events, index, bad_line):
    """Audit `events` with `bad_line` (raw text) put in place of / before event `index`."""
    lines = [json.dumps(e) for e in events]
    lines.insert(index, bad_line)
    return audit_text("\n".join(lines) + "\n")


def test_truncated_line_is_reported_with_its_line_number_and_nothing_else_lost():
    events = _clean()
    clean = audit_text(log_text(events))
    result = _audit_with(events, 10, '{"ev": "play", "seat": 1, "ca')
    assert [e["line"] for e in result["errors"]] == [11]
    assert "truncated" in result["errors"][0]["message"]
    assert result["hands"] == clean["hands"] and result["totals"] == clean["totals"]


@pytest.mark.parametrize("bad,words", [
    ('{"ev": "shuffle"}', "unknown event"),
    ('{"ev": "play", "seat": 1, "card": "ZZ"}', "'ZZ'"),
    ('[1, 2]', "not a JSON object"),
    ('\x00garbage', "not JSON"),
])
def test_bad_lines_are_reported_and_the_valid_events_around_them_kept(bad, words):
    events = _clean()
    clean = audit_text(log_text(events))
    result = _audit_with(events, 20, bad)
    assert len(result["errors"]) == 1 and result["errors"][0]["line"] == 21
    assert words in result["errors"][0]["message"]
    assert result["hands"] == clean["hands"] and result["winner"] == clean["winner"]


def _first_play_index(events, after=0):
    return next(i for i, e in enumerate(events) if e["ev"] == "play" and i >= after)


def test_card_not_in_the_deck_duplicate_and_out_of_turn_are_reported_by_line():
    events = _clean()
    i = _first_play_index(events)
    seat = events[i]["seat"]
    lines = [json.dumps(e) for e in events]
    lines.insert(i, json.dumps({"ev": "play", "seat": seat, "card": "9H"}))           # not in the pack
    # the next seat lays the card already on the table (the same line twice would be a
    # repeated line of the log, not a play: test_audit_damage.py)
    lines.insert(i + 2, json.dumps({"ev": "play", "seat": (seat + 1) % 4, "card": events[i]["card"]}))
    lines.insert(i + 3, json.dumps({"ev": "play", "seat": (seat + 2) % 4, "card": "2C"}))    # out of turn
    result = audit_text("\n".join(lines))
    msgs = dict((e["line"], e["message"]) for e in result["errors"])
    assert "unknown-card" in msgs[i + 1] and "duplicate-card" in msgs[i + 3] and "out-of-turn" in msgs[i + 4]
    rules = [v["rule"] for v in result["hands"][0]["violations"]]
    assert rules[:3] == ["unknown-card", "duplicate-card", "out-of-turn"]
    # the controller had not logged these refusals: the audit says so too
    clean = audit_text(log_text(events))
    assert [h["tricks"] for h in result["hands"]] == [h["tricks"] for h in clean["hands"]]


def test_play_after_the_match_ended_and_wrong_dealer_are_reported():
    events = _clean()
    text = log_text(events) + json.dumps({"ev": "play", "seat": 0, "card": "2C"}) + "\n"
    result = audit_text(text)
    assert result["errors"][-1]["line"] == len(events) + 1
    assert "match is over" in result["errors"][-1]["message"]
    deal = next(i for i, e in enumerate(events) if e["ev"] == "deal" and i > 5)
    wrong = dict(events[deal], dealer=(events[deal]["dealer"] + 2) % 4)
    result = audit_text(log_text(events[:deal] + [wrong] + events[deal:]))
    assert result["errors"][0]["line"] == deal + 1 and "wrong dealer" in result["errors"][0]["message"]
    assert len(result["hands"]) == len(audit_text(log_text(events))["hands"])


def test_controller_conclusions_that_differ_from_the_rules_are_shown():
    events = _clean()
    i = next(i for i, e in enumerate(events) if e["ev"] == "trick")
    events[i] = dict(events[i], winner=(events[i]["winner"] + 1) % 4)
    result = audit_text(log_text(events))
    assert len(result["disagreements"]) == 1 and result["disagreements"][0]["line"] == i + 1
    assert "differs" in render(result)


def test_seq_gap_is_reported():
    events = [dict(e, seq=n) for n, e in enumerate(_clean())]
    del events[30]
    result = audit_text(log_text(events))
    # docs/protocol.md 1.2: reported as a gap, its hand marked incomplete, not as errors
    assert [(g["from"], g["to"]) for g in result["gaps"]] == [(30, 30)]
    assert any(h.get("incomplete") for h in result["hands"]) and result["errors"] == []


def test_cli_exit_status_0_when_read_2_when_unreadable(tmp_path):
    good = os.path.join(GOLDEN, "malilla_match.jsonl")
    run = subprocess.run(TAPETE + ["audit", good, "--json"], capture_output=True, text=True)
    assert run.returncode == 0 and json.loads(run.stdout)["game"] == "malilla"
    run = subprocess.run(TAPETE + ["audit", good], capture_output=True, text=True)
    assert run.returncode == 0 and "Winner:" in run.stdout
    for bad in (str(tmp_path / "missing.jsonl"), str(tmp_path)):
        run = subprocess.run(TAPETE + ["audit", bad], capture_output=True, text=True)
        assert run.returncode == 2 and "cannot read" in run.stderr


def test_non_utf8_line_is_an_error_not_a_crash(tmp_path):
    path = tmp_path / "log.jsonl"
    events = _clean()
    data = log_text(events[:5]).encode() + b"\xff\xfe\n" + log_text(events[5:]).encode()
    path.write_bytes(data)
    result = audit_file(str(path))
    assert [e["line"] for e in result["errors"]] == [6] and "UTF-8" in result["errors"][0]["message"]


def _claim_log(seed, tricks_left, shown=True):
    """A controller log of a Manille hand played randomly until `tricks_left` remain,
    then a claim by the seat on play (showing its hand)."""
    import random
    from tapete.rules import cards, playout
    from tapete.rules.match import Match
    random.seed(seed)
    inputs = [{"ev": "match", "game": "manille", "seats": 4}, {"ev": "deal", "dealer": 0}]
    m = Match()
    for ev in inputs:
        m.apply(ev)
    hands, turnup = playout.deal(m.game, 0, random)
    inputs.append({"ev": "turnup", "card": cards.name(turnup)})
    m.apply(inputs[-1])
    holding = playout.play_until(m, hands, tricks_left, 0, random, inputs)
    seat = m.turn
    claim = {"ev": "call", "seat": seat, "call": "claim"}
    if shown:
        claim["cards"] = [cards.name(c) for c in cards.cards_of(holding[seat])]
    return controller_log(inputs + [claim])


def test_a_claim_in_a_log_is_accepted_or_refuted_with_the_refuting_line_shown():
    seen = set()
    for seed in range(60):
        events = _claim_log(seed, 3)
        result = audit_text(log_text(events))
        assert result["errors"] == [] and result["disagreements"] == []
        claim = result["hands"][0]["claims"][0]
        text = render(result)
        if claim["sound"]:
            assert "sound, the hand is scored as claimed" in text and result["hands"][0]["points"]
        else:
            assert "REFUSED" in text and " ".join(claim["line"][:1]) and claim["deal"]
        seen.add(claim["sound"])
        if seen == {True, False}:
            break
    assert seen == {True, False}


def test_controller_claim_ruling_that_differs_is_a_disagreement():
    events = _claim_log(3, 3)
    i = next(i for i, e in enumerate(events) if e["ev"] == "x-claim")
    events[i] = dict(events[i], sound=not events[i]["sound"])
    result = audit_text(log_text(events))
    assert [d["line"] for d in result["disagreements"]] == [i + 1]


def test_an_undone_play_is_taken_back_and_the_rest_still_agrees():
    from tapete.rules.match import Match
    inputs = whole_match("malilla", 3)
    # a misread: the first play of hand 1's trick 2 is read as the card played after it
    plays = [i for i, e in enumerate(inputs) if e["ev"] == "play"]
    i = plays[4]
    misread = {"ev": "play", "seat": inputs[i]["seat"], "card": inputs[i + 1]["card"]}
    m = Match()
    log = []
    for ev in inputs[:i]:
        log += [ev] + m.apply(ev)
    replay = Match()
    for ev in inputs[:i]:
        replay.apply(ev)
    log += [misread] + replay.apply(misread)
    undo = {"ev": "x-undo", "seat": misread["seat"], "card": misread["card"]}
    log.append(undo)
    for ev in inputs[i:]:
        log += [ev] + m.apply(ev)
    for n, ev in enumerate(log):     # the controller numbers every line it sends
        ev["seq"] = n
    undo["undo"] = misread["seq"]
    result = audit_text(log_text(log))
    clean = audit_text(log_text(controller_log(inputs)))
    assert result["disagreements"] == [] and result["totals"] == clean["totals"]
    assert [h["tricks"] for h in result["hands"]] == [h["tricks"] for h in clean["hands"]]
    undone = result["hands"][0]["undone"]
    undo_line = next(n for n, e in enumerate(log, 1) if e["ev"] == "x-undo")
    play_line = next(n for n, e in enumerate(log, 1) if e is misread)
    assert [(u["seat"], u["card"], u["line"], u["play_line"]) for u in undone] == [
        (misread["seat"], misread["card"], undo_line, play_line)]
    assert "UNDONE" in render(result)
    assert result["errors"] == []


def test_undo_naming_no_play_is_an_error():
    events = _clean()
    result = audit_text(log_text(events[:20]) + json.dumps({"ev": "x-undo", "undo": 999}) + "\n")
    assert "x-undo names no play" in result["errors"][-1]["message"]


# -- every game: a whole match with every call word -------------------------------------------
def _game_of(name):
    return EVERY_CALL[name][0]


@pytest.mark.parametrize("name", sorted(EVERY_CALL))
def test_the_whole_match_of_each_game_makes_every_call_and_the_report_shows_it(name):
    path = os.path.join(GOLDEN, name + ".jsonl")
    with open(path) as f:
        log = [json.loads(line) for line in f]
    game = games.game_class(_game_of(name))
    said = set(e["call"] for e in log if e["ev"] == "call")
    assert set(game.CALL_WORDS or game.calls) <= said or game.name == "manille"
    result = audit_file(path)
    text = render(result)
    hands = result["hands"]
    calls = sum(len(h["calls"]) for h in hands)
    assert calls == sum(1 for e in log if e["ev"] == "call")
    assert text.count("  calls: ") == sum(1 for h in hands if h["calls"])
    assert ("Winner: team" in text or "Winner: seat" in text) and result["winner"] is not None
    assert text.count("points ") == len(hands)
    tricks = sum(len(h["tricks"]) for h in hands)
    assert text.count("  seat ") >= tricks
    if game.name == "botifarra":
        assert all(h["multiplier"] >= 1 for h in hands) and "multiplier x" in text
    if game.name == "tute":
        assert any(h["declarations"] for h in hands) and "DECLARATION by seat" in text
    if game.name in ("envite", "truc"):
        assert all("stake" in h for h in hands) and "played for" in text
    if game.name == "mus":
        assert all(h["rounds"] for h in hands) and "ROUND grande" in text
    if game.name != "mus":
        assert "trump" in text or game.name == "truc"


BAD_CALLS = (
    # (game, seats, options, calls before, the bad call, what the error says)
    ("botifarra", 4, None, [], {"seat": 2, "call": "trump", "suit": "S"}, "may not name trump"),
    ("botifarra", 4, None, [{"seat": 0, "call": "trump", "suit": "H"}], {"seat": 2, "call": "double"},
     "turn to double"),
    ("botifarra", 4, None, [{"seat": 0, "call": "delegate"}], {"seat": 2, "call": "delegate"},
     "may not pass it back"),
    ("tute", 4, None, [], {"seat": 3, "call": "declare", "cards": ["KS", "QS"]}, "may not declare now"),
    ("truc", 4, None, [], {"seat": 1, "call": "truc"}, "turn"),
    ("truc", 4, None, [{"seat": 3, "call": "truc"}], {"seat": 0, "call": "retruc"}, "after an accepted truc"),
    ("envite", 4, None, [{"seat": 0, "call": "raise"}], {"seat": 0, "call": "raise"}, "awaits its answer"),
    ("mus", 4, None, [{"seat": 3, "call": "no-mus"}], {"seat": 3, "call": "bid", "amount": 1}, "2"),
    ("mus", 4, None, [], {"seat": 1, "call": "mus"}, "turn"),
)


@pytest.mark.parametrize("case", BAD_CALLS, ids=lambda c: c[0] + ": " + c[5])
def test_a_bad_call_is_an_error_with_its_line(case):
    game, seats, options, before, bad, says = case
    log = [{"ev": "match", "game": game, "seats": seats}, {"ev": "deal", "dealer": 0}]
    if game == "tute":
        log.append({"ev": "turnup", "card": "2C"})
    if game == "envite":
        log.append({"ev": "turnup", "card": "4C"})
    for c in before:
        log.append(dict(c, ev="call"))
    log.append(dict(bad, ev="call"))
    result = audit_text(log_text(log))
    errors = [e for e in result["errors"] if e["line"] == len(log)]
    assert errors and says in errors[0]["message"], result["errors"]


def test_a_call_after_the_hand_ended_is_an_error_with_its_line():
    log = [{"ev": "match", "game": "truc", "seats": 4}, {"ev": "deal", "dealer": 0},
           {"ev": "call", "seat": 3, "call": "truc"}, {"ev": "call", "seat": 2, "call": "reject"},
           {"ev": "call", "seat": 3, "call": "truc"}]
    result = audit_text(log_text(log))
    assert [e["line"] for e in result["errors"]] == [5]
    assert "waiting for a 'deal'" in result["errors"][0]["message"]


def test_a_misdeal_and_an_abandoned_hand_are_reported_void_in_json_and_text():
    log = [{"ev": "match", "game": "malilla", "seats": 4},
           {"ev": "deal", "dealer": 0}, {"ev": "turnup", "card": "7H"},
           {"ev": "misdeal", "reason": "a card face up"},
           {"ev": "deal", "dealer": 1}, {"ev": "turnup", "card": "AH"},
           {"ev": "play", "seat": 2, "card": "2H"},
           {"ev": "deal", "dealer": 1}, {"ev": "turnup", "card": "5S"}]
    result = audit_text(log_text(log))
    first, second, third = result["hands"]
    assert first["ended"] == "misdeal" and first["misdeal"]["next_dealer"] == 1
    assert first["score"] == [0, 0] and first["totals"] == [0, 0]
    assert second["ended"] == "abandoned" and second["tricks"] == [] and second["totals"] == [0, 0]
    assert third["dealer"] == 1 and third["score"] is None and result["errors"] == []
    text = render(result)
    assert "MISDEAL by seat 0 (a card face up)" in text and "ABANDONED" in text
    assert "taken back" in text


def test_a_truc_deal_of_refused_cards_is_an_error_line_and_the_hand_is_played():
    log = [{"ev": "match", "game": "truc", "seats": 4},
           {"ev": "deal", "dealer": 0, "cards": 2},
           {"ev": "play", "seat": 3, "card": "3H"}, {"ev": "play", "seat": 2, "card": "4S"}]
    result = audit_text(log_text(log))
    assert [e["line"] for e in result["errors"]] == [2] and "cards=2" in result["errors"][0]["message"]
    assert result["hands"][0]["cards"] == 3 and len(result["hands"]) == 1


def test_a_misdeal_that_stands_is_audited_with_its_ruling_and_the_hand_goes_on():
    from tapete.rules.match import Match
    inputs = [{"ev": "match", "game": "tute", "seats": 4}, {"ev": "deal", "dealer": 0},
              {"ev": "turnup", "card": "2C"}, {"ev": "play", "seat": 3, "card": "AH"},
              {"ev": "misdeal", "seat": 0, "reason": "a card short", "short": 2},
              {"ev": "play", "seat": 2, "card": "2H"}]
    m, log = Match(), []
    for ev in inputs:
        log.append(ev)
        log += m.apply(ev)
    assert [e["penalty"] for e in log if e["ev"] == "x-ruling"] == ["stands"]
    result = audit_text(log_text(log))
    assert result["errors"] == [] and result["disagreements"] == []
    assert len(result["hands"]) == 1 and result["hands"][0].get("ended") is None
