"""`make sim` (`tapete sim`) ends on the result: the sim waits for the panel before
it stops, every hand's turn-up screen is captured, the same seed gives the same
frames, and it prints a short summary (the log is in the file)."""
import hashlib
import json
import os
import subprocess
import sys

TAPETE = [sys.executable, "-m", "tapete.cli"]
ARGS = ["sim", "--seed", "7", "--options", '{"target": 8, "irregularity": "report"}']


def run(folder):
    proc = subprocess.run(TAPETE + ARGS + ["--dir", str(folder)], capture_output=True, text=True,
                          timeout=600)
    frames = os.path.join(str(folder), "frames")
    pngs = sorted(x for x in os.listdir(frames) if x.endswith(".png"))
    digests = [hashlib.sha256(open(os.path.join(frames, x), "rb").read()).hexdigest() for x in pngs]
    with open(os.path.join(frames, "index.jsonl")) as f:
        index = [json.loads(x) for x in f]
    return proc, digests, index


def test_make_sim_ends_on_the_result_the_same_every_run(tmp_path):
    first, frames, index = run(tmp_path / "a")
    assert first.returncode == 0, first.stdout + first.stderr
    # A short summary, not the raw log.
    lines = first.stdout.strip().splitlines()
    assert len(lines) < 20 and not any(x.startswith("{") for x in lines), first.stdout
    assert "wins after" in first.stdout and "zero disagreements" in first.stdout
    log = [json.loads(x) for x in open(tmp_path / "a" / "table.jsonl")]
    assert log[-1]["ev"] == "match_end"
    # The last frame is the final panel: the match is over on it.
    assert index[-1]["phase"] == "over" and index[-1]["frame"] == len(frames)
    assert index[-1]["seq"] == log[-1]["seq"]
    # Every hand's turn-up screen was drawn and saved.
    hands = [e["hand"] for e in log if e["ev"] == "hand_end"]
    assert sorted(set(x["hand"] for x in index if x["phase"] == "turnup")) == hands
    # tapete replay draws the panel with the controller's own screen code as the
    # simulator does: its last step is the sim's last frame, pixel for pixel.
    import png
    from tapete.views.replay import Replay
    from tapete.log.source import load
    replay = Replay(load(str(tmp_path / "a" / "table.jsonl")))
    last = os.path.join(str(tmp_path / "a" / "frames"), "%04d.png" % len(frames))
    assert list(png.Reader(filename=replay.steps[-1].panel).asRGB8()[2]) == \
        list(png.Reader(filename=last).asRGB8()[2])
    # Same seed, same frames.
    second, frames2, index2 = run(tmp_path / "b")
    assert second.returncode == 0
    assert frames2 == frames and index2 == index
