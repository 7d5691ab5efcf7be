"""The table application's tests, run inside the MicroPython unix port."""
import os

from mpy import assert_module_passes

HERE = os.path.dirname(os.path.abspath(__file__))


def test_phases_lights_and_eink():
    assert_module_passes("mpy_test_phases", [HERE])


def test_serial_link_commands_and_resend():
    assert_module_passes("mpy_test_link", [HERE])


def test_power_loss_journal_restarts():
    assert_module_passes("mpy_test_journal", [HERE])
