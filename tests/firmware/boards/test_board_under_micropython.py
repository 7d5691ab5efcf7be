"""boards/wiring.py tests, run inside the MicroPython unix port."""
from mpy import assert_module_passes


def test_board_under_micropython():
    assert_module_passes("firmware.boards.mpy_test_board")
