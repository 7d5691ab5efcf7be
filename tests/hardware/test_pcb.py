"""The carrier board (hardware/gen_pcb.py, committed in hardware/pcb): current with
pinmap.json, KiCad's design rules pass and every connection is routed, every pin of
the pin map is on the board and wired to its part, and the files a board house wants
are there. Needs Debian's kicad (.ci/run installs it). The board is checked as
committed: generating it (the router) takes about 30 s, `make hardware` does that."""
import csv
import json
import os
import subprocess
import sys
import zipfile

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "hardware"))
import pinmap  # noqa: E402

KICAD_PY = os.environ.get("KICAD_PY", "/usr/bin/python3")
UNROUTED = 0    # connections hardware/pcb_route.py may leave for a hand in pcbnew


def _has_pcbnew():
    try:
        return subprocess.run([KICAD_PY, "-c", "import pcbnew"], capture_output=True).returncode == 0
    except OSError:
        return False


pytestmark = pytest.mark.skipif(not _has_pcbnew(), reason="Debian's kicad (pcbnew) is not installed")


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("pcb")
    import shutil
    for name in os.listdir(os.path.join(ROOT, "hardware", "pcb")):
        shutil.copy(os.path.join(ROOT, "hardware", "pcb", name), str(out))
    probe = subprocess.run([KICAD_PY, os.path.join(os.path.dirname(__file__), "pcb_probe.py"),
                            str(out / "tapete.kicad_pcb"), str(out / "drc2.txt")],
                           check=True, capture_output=True, text=True)
    return out, json.loads(probe.stdout)


def test_design_rules_pass(built):
    _, r = built
    assert r["errors"] == []
    assert r["footprint_errors"]


def test_every_connection_is_routed(built):
    _, r = built
    assert r["unrouted"] <= UNROUTED


def test_committed_board_is_current():
    assert subprocess.run([sys.executable, os.path.join(ROOT, "hardware", "gen_pcb.py"),
                           "--check"]).returncode == 0


def _roles(pm):
    r, e, led, b = pm["rfid"], pm["eink"], pm["leds"], pm["buttons"]
    roles = {r["spi"]["sck"]: "reader SCK", r["spi"]["mosi"]: "reader MOSI",
             r["spi"]["miso"]: "reader MISO", r["reset"]: "reader RST",
             e["spi"]["sck"]: "panel CLK", e["spi"]["mosi"]: "panel DIN", e["cs"]: "panel CS",
             e["dc"]: "panel DC", e["rst"]: "panel RST", e["busy"]: "panel BUSY",
             led["data"]: "LED data", b["menu"]: "menu", b["confirm"]: "confirm", b["undo"]: "undo"}
    for seat, g in enumerate(pinmap.chip_selects(pm, 12)):
        roles[g] = "seat %d CS" % seat
    return roles


def test_every_pin_of_the_pin_map_is_on_the_board(built):
    _, r = built
    pads = r["pads"]
    pico = pads["U1"]
    for gpio, role in _roles(pinmap.load()).items():
        net = pico[str(pinmap.HEADER_PIN[gpio])]
        assert net, "GP%d (%s) is not connected" % (gpio, role)
        others = [(ref, n) for ref, ps in pads.items() if ref != "U1" for n, name in ps.items()
                  if name == net]
        assert others, "GP%d (%s): net %s goes nowhere" % (gpio, role, net)


def test_each_reader_connector_has_its_own_chip_select_and_buffered_miso(built):
    _, r = built
    pads = r["pads"]
    for seat in range(12):
        j = pads["J%d" % (seat + 1)]       # RC522 header order: SDA SCK MOSI MISO IRQ GND RST 3.3V
        assert j["1"] == "S%d_CS" % seat and j["4"] == "S%d_MISO" % seat
        assert j["2"] == "RD_SCK" and j["3"] == "RD_MOSI" and j["6"] == "GND" and j["7"] == "RD_RST"
        assert j["8"] == ("+3V3" if seat < 6 else "+3V3_READERS")
        gate = [(ref, n) for ref in ("U2", "U3", "U4") for n, name in pads[ref].items()
                if name == "S%d_MISO" % seat]
        assert len(gate) == 1                # one 74HC125 input per reader


def test_board_house_files(built):
    out, _ = built
    with zipfile.ZipFile(out / "gerbers.zip") as z:
        names = z.namelist()
    for ext in (".gtl", ".gbl", ".gts", ".gbs", ".gto", ".gm1", ".drl"):
        assert any(n.endswith(ext) for n in names), ext
    with open(out / "bom.csv") as f:
        bom = list(csv.DictReader(f))
    with open(out / "cpl.csv") as f:
        cpl = list(csv.DictReader(f))
    assert all(row["Manufacturer Part Number"] and row["Manufacturer"] for row in bom)
    refs = {ref for row in bom for ref in row["Designator"].split(",")}
    assert refs == {row["Designator"] for row in cpl}
    assert set(cpl[0]) == {"Designator", "Mid X", "Mid Y", "Layer", "Rotation"}
