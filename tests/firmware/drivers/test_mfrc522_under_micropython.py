"""The MFRC522 driver tests, run inside the MicroPython unix port."""
from mpy import assert_module_passes


def test_mfrc522_driver_under_micropython():
    assert_module_passes("firmware.drivers.mpy_test_mfrc522")
