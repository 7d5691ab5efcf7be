"""The schematic, the table drawing and the wiring are generated from the pin map and
kept current; the wiring shows its power and ground pins and every label whole."""
import os
import re
import sys
import xml.etree.ElementTree as ET

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "hardware"))

import gen_schematic  # noqa: E402
import gen_table  # noqa: E402
import gen_wiring  # noqa: E402
import pinmap  # noqa: E402


def test_schematic_svg_is_generated_from_the_pin_map_and_names_every_pin():
    with open(gen_schematic.OUT) as f:
        text = f.read()
    assert text == gen_schematic.render(pinmap.load()), "run make hardware"
    pm = pinmap.load()
    for g, _ in pinmap.assignments(pm):
        if g != pm["eink"]["spi"]["miso"]:      # the panel is write-only: a note names it
            assert ">GP%d<" % g in text, g
    assert "GP%d not connected" % pm["eink"]["spi"]["miso"] in text
    for part in ("74HC125", "74AHCT125", "10 kΩ", "33 Ω", "330 Ω", "100 nF", "10 µF", "1000 µF",
                 "MFRC522 seat 3", "AMS1117", "3V3(OUT)", "VBUS"):
        assert part in text, part
    # the panel's controller named truly: SSD1683 on the 4.2", SSD1680 on the smaller
    assert "%s e-paper %s inch" % (pinmap.controller(pm["eink"]["panel"]), pm["eink"]["panel"]) in text
    assert pinmap.controller("4.2") == "SSD1683" and pinmap.controller("2.9") == "SSD1680"


def test_table_svg_is_generated_and_keeps_readers_apart_for_3_to_12_seats():
    with open(gen_table.OUT) as f:
        text = f.read()
    assert text == gen_table.render(pinmap.load()), "run make hardware"
    for seats in range(3, 13):
        assert "%d seats" % seats in text
        r, d, spacing = gen_table.geometry(seats)
        assert spacing >= gen_table.MIN_SPACING - 0.5 and d == 2 * (r + gen_table.READER_FROM_EDGE)
        assert "Ø %d" % d in text


def test_wiring_shows_power_and_ground_pins_and_every_label_whole():
    with open(gen_wiring.OUT) as f:
        text = f.read()
    root = ET.fromstring(text)
    width = float(root.get("width"))
    for pin in (3, 8, 13, 18, 23, 28, 33, 38):
        assert "pin %2d  GND<" % pin in text
    assert "pin 36  3V3(OUT)<" in text and "pin 40  VBUS<" in text
    for el in root.iter():
        if el.tag.endswith("text") and el.text:
            size = float(el.get("font-size", 12))
            right = float(el.get("x")) + len(el.text) * size * 0.61
            assert right <= width, "cut off: %r" % el.text
