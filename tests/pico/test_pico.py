"""The deployed firmware on the emulated RP2040 (rp2040js): deploy with mpremote, a
hand read through the MFRC522 registers and judged, lights decoded from the LED
data pin, panel frames, the log recorded with `tapete record` through the board's
pseudo-terminal and audited, and power cuts that lose nothing."""
import os

import png

import rig as R
import table as T
from device import heap_app
from players import Players


def boots(rig):
    return sum(1 for r in rig.replies if r.get("reply") == "boot")


def test_make_deploy_copies_the_firmware_and_the_board_boots_it(deployed):
    lib, root = deployed["files"].strip().splitlines()[0].split("] [")
    for name in ("tapete_core.mpy", "rules", "drivers", "table", "reader", "boards", "selftest.mpy"):
        assert "'%s'" % name in lib, lib
    for name in ("main.py", "enrol.json", "lib"):
        assert "'%s'" % name in root, root
    assert deployed["boot"] and deployed["boot"][-1]["phase"] == "idle"


def test_a_hand_with_a_revoke_is_read_judged_lit_drawn_recorded_and_audited(deployed, tmp_path):
    frames = str(tmp_path / "frames")
    with R.Rig(flash_image=deployed["image"], frames=frames) as rig:
        rig.wait_boot(1)
        rig.raw_repl()
        rig.launch(heap_app())              # the controller as main.py runs it, heap watched
        rig.wait_boot(2)
        rec = T.Recording(rig, str(tmp_path / "table.jsonl"))
        players = Players(rig, seed=7, misplay=(1, 3), hands=1)
        rig.play(players.scenario())
        rig.finish(timeout=900)
        events = rec.stop(expect=len(rig.events))
        result = T.audit(rec.path)
        assert T.check(players, events, result) == []
        assert not rig.panel_errors
        heap = [r for r in rig.replies if r.get("reply") == "heap"]
    revokes = [e for e in events if e["ev"] == "violation"]
    assert revokes and revokes[0]["trick"] == 3 and revokes[0].get("proof"), revokes   # proven later
    assert len(players.placed) == 40 and all(x is not None for x in players.latency_us)
    # The panel's frames are real pictures of the panel's size.
    pngs = sorted(os.listdir(frames))
    # (the heap reply's "unshown": pictures put off for want of heap, app.py display_task)
    assert len(pngs) >= 3, (pngs, heap[-1:], rig.panel.log)
    w, h, _, _ = png.Reader(filename=os.path.join(frames, pngs[-1])).read()
    assert (w, h) == R.panel_size()
    # The heap watcher reported (DESIGN.md: >= 64K free at the low-water mark); with -s
    # its last reply is printed, the figure a branch is compared by (docs/pico.md).
    print("revoke hand heap:", heap[-1:])
    assert heap and heap[-1]["low"] >= 64 * 1024, heap[-1:]


def test_power_cuts_during_a_hand_lose_duplicate_and_invent_nothing(deployed, tmp_path):
    with R.Rig(flash_image=deployed["image"], seed=3) as rig:
        rig.wait_boot(1)
        rec = T.Recording(rig, str(tmp_path / "table.jsonl"))
        players = Players(rig, seed=11, hands=1, cuts=4)
        players.cut_chance = 0.25
        rig.play(players.scenario())
        rig.finish(timeout=900)
        events = rec.stop(expect=len(rig.events))
        result = T.audit(rec.path)
        assert T.check(players, events, result) == []
        assert players.cuts_done() == 4
        assert any(c[0] == "flash program" for c in players.cuts)     # mid journal write too
