"""`tapete sim --script` scenarios of the event's laws (issue 35, docs/referee.md,
docs/claims.md), one per game family: a lead out of turn condoned (Malilla), a renuncio
ruled and scored (Manille), claims refused and accepted (Malilla), a correction inside
its window (Botifarra), a late misdeal that stands with a short hand (Tute), a concession
cancelled by the partner (Envite). Each log audits with no disagreement and no error,
the ruling is the one expected, and the players say it in the terminal."""
import json
import os
import subprocess
import sys

TAPETE = [sys.executable, "-m", "tapete.cli"]
SCENARIOS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "host",
                         "tapete", "sim", "scenarios")


def _run(tmp_path, name, *extra, seed=4):
    proc = subprocess.run(TAPETE + ["sim", "--script", os.path.join(SCENARIOS, name), "--dir",
                                    str(tmp_path / "sim"), "--fast", "--seed", str(seed)] + list(extra),
                          capture_output=True, text=True, timeout=400)
    log = [json.loads(x) for x in (tmp_path / "sim" / "table.jsonl").read_text().splitlines()]
    return proc, log


def test_a_lead_out_of_turn_played_on_is_condoned_at_the_table(tmp_path):
    proc, log = _run(tmp_path, "condoned_lead.txt", "--no-misplay")
    assert proc.returncode == 0, proc.stderr
    assert "sim: the table rules: condone, seat 1's 3H (out-of-turn)" in proc.stderr
    assert "zero disagreements with the controller, zero errors" in proc.stdout
    rulings = [e for e in log if e["ev"] == "x-ruling"]
    assert [(r["seat"], r["card"], r["penalty"]) for r in rulings] == [(1, "3H", "condone")]
    second = [e for e in log if e["ev"] == "trick"][1]
    assert second["leader"] == 1 and second["cards"][:2] == ["3H", "QH"]
    assert [e for e in log if e["ev"] == "hand_end"][0].get("ended") is None


def test_a_renuncio_is_ruled_and_the_hand_scored_for_the_other_side(tmp_path):
    proc, log = _run(tmp_path, "renuncio.txt", "--game", "manille", "--options",
                     '{"revoke_penalty": "hand"}')
    assert proc.returncode == 0, proc.stderr
    assert "zero disagreements with the controller, zero errors" in proc.stdout
    r = [e for e in log if e["ev"] == "x-ruling"][0]
    end = [e for e in log if e["ev"] == "hand_end"][0]
    assert r["penalty"] == "hand" and end["ended"] == "revoke"
    other = 1 - r["team"]
    assert end["points"][other] == 60 and end["score"][other] == 30 and r["score"] == end["score"]


def _clean(proc):
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "zero disagreements with the controller, zero errors" in proc.stdout


def of(log, name):
    return [e for e in log if e["ev"] == name]


def test_a_claim_refused_by_club_law_then_one_accepted(tmp_path):
    proc, log = _run(tmp_path, "claims.txt", "--no-misplay", seed=8)
    _clean(proc)
    refused, accepted = of(log, "x-claim")
    assert (refused["seat"], refused["law"], refused["tricks"], refused["sound"]) == (0, "club", 4, False)
    assert len(refused["line"]) >= 1 and len(refused["deal"]) == 4     # the refutation
    assert (accepted["seat"], accepted["tricks"], accepted["sound"]) == (0, 2, True)
    end = of(log, "hand_end")[0]
    assert end["ended"] == "claim" and sum(end["tricks"]) == 10
    assert end["score"] == [24, 0] and end["points"] == [54, 16]       # a malilla of 70 points
    assert "the table: S0: claim refused, play on" in proc.stderr


def test_a_revoke_corrected_inside_its_window_costs_nothing(tmp_path):
    proc, log = _run(tmp_path, "correction.txt", "--no-misplay", "--game", "botifarra",
                     "--profile", "botifarra-torrefarrera")
    _clean(proc)
    assert of(log, "match")[0]["profile"] == "botifarra-torrefarrera"
    v = of(log, "violation")
    assert [(x["seat"], x["card"], x["rule"], x["proven"]) for x in v] == [(3, "JH", "revoke", "at-play")]
    assert [(r["seat"], r["card"], r["penalty"]) for r in of(log, "x-ruling")] == [(3, "JH", "correct")]
    undo = of(log, "x-undo")
    assert [(u["seat"], u["card"]) for u in undo] == [(3, "JH")]
    fourth = [t for t in of(log, "trick") if "JS" in t["cards"]][0]
    assert fourth["cards"] == ["KS", "AD", "2S", "JS"]      # the JH replaced by the JS
    end = of(log, "hand_end")[0]
    assert end.get("ended") is None and sum(end["tricks"]) == 12 and sum(end["points"]) == 72
    assert "the table rules: correct, seat 3's JH (revoke)" in proc.stderr


def test_a_late_misdeal_stands_and_the_short_hands_trick_goes_to_the_other_side(tmp_path):
    proc, log = _run(tmp_path, "late_misdeal.txt", "--no-misplay", "--game", "tute")
    _clean(proc)
    r = of(log, "x-ruling")
    assert [(x["rule"], x["penalty"], x.get("short")) for x in r] == [("misdeal", "stands", 1)]
    assert of(log, "misdeal")[0]["short"] == 1
    plays = [e for e in log if e["ev"] == "play"]
    end = of(log, "hand_end")[0]
    assert len(plays) == 36 and sum(end["tricks"]) == 10       # 9 tricks played, the 10th given
    assert sum(end["points"]) == 130 and end.get("ended") is None
    # the missing trick is team 0's: one trick more than the tricks it won at the table
    won = [t["winner"] % 2 for t in of(log, "trick")]
    assert end["tricks"] == [won.count(0) + 1, won.count(1)]
    assert "seat 1's hand short: its missing trick to the other side" in proc.stderr
    assert "the table: S1: a card short, its trick to team 0" in proc.stderr


def test_a_concession_is_cancelled_by_the_partners_objection(tmp_path):
    proc, log = _run(tmp_path, "concession.txt", "--no-misplay", "--game", "envite")
    _clean(proc)
    waiting, cancelled = of(log, "x-claim")
    assert (waiting["call"], waiting["seat"], waiting["sound"], waiting["wait"]) == ("concede", 0, None, 10)
    assert (cancelled["sound"], cancelled["objected"]) == (False, 2)
    end = of(log, "hand_end")[0]
    assert end.get("ended") != "concede"
    assert "the table: S2: objects: concession cancelled" in proc.stderr


def test_three_players_and_a_dummy_the_dummys_partner_concedes_for_the_side(tmp_path):
    proc, log = _run(tmp_path, "manille_dummy.txt", "--no-misplay", "--game", "manille",
                     "--options", '{"dummy": true}')
    _clean(proc)
    assert of(log, "match")[0]["options"] == {"dummy": True} and of(log, "match")[0]["seats"] == 4
    assert any(p["seat"] == 3 for p in of(log, "play"))             # the dummy's cards, played
    assert [c["seat"] for c in of(log, "call")] == [1]              # the dummy's tag refused
    x = of(log, "x-claim")
    assert [(c["seat"], c["sound"], c["stood"]) for c in x] == [(1, True, "alone")]
    end = of(log, "hand_end")[0]
    assert end["ended"] == "concede" and sum(end["points"]) == 60 and end["score"][1] == 0
    assert "seat 3 is the dummy: its partner concedes for the side" in proc.stderr
