"""The enrolment tests, run inside the MicroPython unix port."""
from mpy import assert_module_passes


def test_enrolment_under_micropython():
    assert_module_passes("firmware.reader.mpy_test_enrol")
