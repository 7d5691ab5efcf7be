"""`tapete sim` is game-agnostic: one hand of every game on the simulated table, its
calls made with the control tags (trump, double, raises, Mus's discards and
showdown...), audited with zero disagreements. Slow (a minute or two): run by
`make test-slow` (TAPETE_SLOW=1)."""
import json
import os
import subprocess
import sys

import pytest

from tapete.cli.sim import games_here

TAPETE = [sys.executable, "-m", "tapete.cli"]


@pytest.mark.skipif(not os.environ.get("TAPETE_SLOW"), reason="slow: make test-slow")
@pytest.mark.parametrize("game", games_here())
def test_a_hand_of_every_game_on_the_simulated_table(tmp_path, game):
    script = tmp_path / "one-hand.txt"
    script.write_text("ready\nhand\n")
    proc = subprocess.run(TAPETE + ["sim", "--game", game, "--seed", "5", "--fast", "--no-misplay",
                                    "--script", str(script), "--dir", str(tmp_path)],
                          capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "zero disagreements" in proc.stdout
    log = [json.loads(x) for x in (tmp_path / "table.jsonl").read_text().splitlines()]
    assert log[0]["ev"] == "match" and log[0]["game"] == game
    assert any(e["ev"] in ("hand_end", "match_end") for e in log), proc.stderr


@pytest.mark.skipif(not os.environ.get("TAPETE_SLOW"), reason="slow: make test-slow")
@pytest.mark.parametrize("seats,options", [(2, "{}"), (3, "{}"), (3, '{"subastado": true, "hands": 2}')])
def test_a_whole_match_of_tute_for_two_and_three_on_the_simulated_table(tmp_path, seats, options):
    """`make sim GAME=tute SEATS=2` (habanero, with its stock), `SEATS=3`, and subastado."""
    proc = subprocess.run(TAPETE + ["sim", "--game", "tute", "--seats", str(seats), "--seed", "7",
                                    "--options", options, "--fast", "--dir", str(tmp_path)],
                          capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "zero disagreements" in proc.stdout
    log = [json.loads(x) for x in (tmp_path / "table.jsonl").read_text().splitlines()]
    assert log[0]["ev"] == "match" and log[0]["game"] == "tute" and log[0]["seats"] == seats
    assert log[-1]["ev"] == "match_end", log[-1]
