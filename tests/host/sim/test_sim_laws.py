"""`tapete sim --script` scenarios of the event's laws (issue 35, docs/referee.md): a
lead out of turn condoned at the table, a renuncio ruled and scored; the log audits
with no disagreement and no error."""
import json
import os
import subprocess
import sys

TAPETE = [sys.executable, "-m", "tapete.cli"]
SCENARIOS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "host",
                         "tapete", "sim", "scenarios")


def _run(tmp_path, name, *extra):
    proc = subprocess.run(TAPETE + ["sim", "--script", os.path.join(SCENARIOS, name), "--dir",
                                    str(tmp_path / "sim"), "--fast", "--seed", "4"] + list(extra),
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
