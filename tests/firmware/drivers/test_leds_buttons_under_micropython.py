"""The leds and buttons tests, run inside the MicroPython unix port."""
from mpy import assert_module_passes


def test_leds_buttons_under_micropython():
    assert_module_passes("firmware.drivers.mpy_test_leds_buttons")
