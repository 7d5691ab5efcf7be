"""Hardware data: the pin map is sound and the generated files are up to date (CPython)."""
import copy
import os
import sys
import xml.etree.ElementTree as ET

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "hardware"))

import gen_board  # noqa: E402
import gen_wiring  # noqa: E402
import pinmap  # noqa: E402


def test_pin_map_has_no_conflict_and_real_spi_pins():
    assert pinmap.check(pinmap.load()) == []


def test_a_pin_used_twice_is_caught():
    pm = copy.deepcopy(pinmap.load())
    pm["buttons"]["undo"] = pm["rfid"]["cs"][0]
    assert any("used twice" in p for p in pinmap.check(pm))


def test_a_wrong_spi_function_is_caught():
    pm = copy.deepcopy(pinmap.load())
    pm["eink"]["spi"]["sck"] = 6  # an SPI0 pin
    assert any("cannot be SPI1" in p for p in pinmap.check(pm))


def test_spi_function_table_matches_the_datasheet():
    assert pinmap.spi_ok(0, "sck", 2) and pinmap.spi_ok(0, "sck", 18)
    assert pinmap.spi_ok(0, "miso", 4) and pinmap.spi_ok(0, "miso", 16)
    assert pinmap.spi_ok(1, "sck", 10) and pinmap.spi_ok(1, "mosi", 11) and pinmap.spi_ok(1, "miso", 12)
    assert not pinmap.spi_ok(1, "sck", 2) and not pinmap.spi_ok(0, "mosi", 4)


def test_twelve_readers_for_envite():
    pm = pinmap.load()
    cs = pinmap.chip_selects(pm, 12)
    assert len(set(cs)) == 12
    used = dict(pinmap.assignments(pm))
    for g in cs[4:]:
        assert g not in used or g == pm["eink"]["spi"]["miso"]


def test_board_pins_is_generated_from_the_pin_map():
    with open(gen_board.OUT) as f:
        assert f.read() == gen_board.render(pinmap.load()), "run make hardware"


def test_wiring_svg_is_generated_from_the_pin_map():
    with open(gen_wiring.OUT) as f:
        text = f.read()
    assert text == gen_wiring.render(pinmap.load()), "run make hardware"
    root = ET.fromstring(text)
    assert root.tag.endswith("svg")
    for g, _ in pinmap.assignments(pinmap.load()):
        assert "GP%d<" % g in text
