"""`tapete selftest PORT` against the emulated Pico: a sound table passes; a dead
reader, a reader that holds MISO and crossed chip selects are named with their pin."""
import re
import subprocess

import rig as R
import table as T
from helper import helper

CS = R.P.RFID_CS        # the chip selects, from the pin map


def selftest(deployed, parts=None, **faults):
    with R.Rig(flash_image=deployed["image"], **faults) as rig:
        rig.wait_boot(1)
        rig.play(helper(rig))
        cmd = [T.venv_bin("tapete"), "selftest", rig.port] + (["--parts", parts] if parts else [])
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=900)
        try:
            done = rig.finish(timeout=120)
        except TimeoutError as e:        # the helper waits for a "done" that never came
            raise AssertionError("%s; `tapete selftest` said: %s" % (e, proc.stdout + proc.stderr))
        frames = list(rig.led_frames)
        panel = rig.frames
        rig.wait_boot(2)        # the controller runs again afterwards
    return proc, done, frames, panel


def lit(frames):
    """The chain positions lit, frame by frame, without repeats."""
    out = []
    for _, leds in frames:
        on = tuple(i for i, c in enumerate(leds) if c != (0, 0, 0))
        if on and (not out or out[-1] != on):
            out.append(on)
    return out


def test_a_sound_table_passes_every_part_and_lights_each_seat_in_turn(deployed):
    proc, done, frames, panel = selftest(deployed)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert done["failures"] == 0
    out = proc.stdout
    for s, g in enumerate(CS[:4]):
        assert "ok   reader seat %d (CS GP%d): MFRC522 v2.0 (VersionReg 0x92), FIFO self-test " \
               "passed, releases MISO" % (s, g) in out
        assert "ok   tag on seat %d (CS GP%d): read by this reader only" % (s, g) in out
    for name in ("menu", "confirm", "undo"):
        assert "ok   button %s" % name in out
    assert "ok   panel" in out and panel >= 1
    assert lit(frames)[:5] == [(0, 1, 2), (3, 4, 5), (6, 7, 8), (9, 10, 11), (12,)]


def test_a_dead_reader_is_named_with_its_chip_select(deployed):
    proc, done, _, _ = selftest(deployed, "readers,tags", dead=(2,))
    assert proc.returncode == 1
    assert "FAIL reader seat 2 (CS GP%d): no answer (VersionReg 0xff" % CS[2] in proc.stdout
    assert "ok   reader seat 1 (CS GP%d)" % CS[1] in proc.stdout


def test_a_reader_that_holds_miso_is_found_and_the_gate_named(deployed):
    proc, _, _, _ = selftest(deployed, "readers,tags", holds_miso=(1,))
    assert proc.returncode == 1
    assert "seat 1's module (CS GP%d) does not release MISO; fit its 74HC125 gate" % CS[1] \
        in proc.stdout
    assert "FAIL reader seat 0 (CS GP%d): reads 0x00: MISO is held by seat 1's module" % CS[0] \
        in proc.stdout
    assert "FAIL reader seat 1 (CS GP%d): MFRC522 v2.0 (VersionReg 0x92) answers, but holds MISO " \
        "low" % CS[1] in proc.stdout


def test_crossed_chip_selects_are_caught_by_the_tag_test(deployed):
    proc, _, _, _ = selftest(deployed, "readers,tags", swapped_cs=(0, 1))
    assert proc.returncode == 1
    assert "the tag on seat 0 is read through seat 1's chip select (GP%d)" % CS[1] in proc.stdout


def test_timing_reports_the_boards_own_figures_in_the_benchs_line_forms(deployed):
    proc, done, _, _ = selftest(deployed, "readers,timing")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    out = proc.stdout
    assert "ok   timing on this board: 4 seats, 4 with a card" in out, out
    rate = float(re.search(r"scan rate at 4 seats, a card on every seat: ([\d.]+) Hz", out).group(1))
    assert 5 < rate < 200, out
    m = re.search(r"first sighting -> LED write, (\d+) plays\): median ([\d.]+) ms, 95% ([\d.]+) ms, "
                  r"worst ([\d.]+) ms", out)
    assert m and int(m.group(1)) == 8, out
    # from the first sighting the seat's visit is finished and the round ended: a few ms,
    # never two rounds of four seats
    assert 0 < float(m.group(2)) <= float(m.group(4)) < 2000 / rate, out
    m = re.search(r"flash: 64 journal-sized appends, total ([\d.]+) ms, longest stall ([\d.]+) ms, "
                  r"(\d+) over 10 ms", out)
    # 4 KB appended: littlefs erased at least one 4 KB block (45 ms, the typical timing)
    assert m and int(m.group(3)) >= 1 and float(m.group(2)) >= 45, out
