"""The eink tests, run inside the MicroPython unix port."""
from mpy import assert_module_passes


def test_eink_under_micropython():
    assert_module_passes("firmware.drivers.mpy_test_eink")
