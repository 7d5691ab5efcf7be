"""The reader-layer tests, run inside the MicroPython unix port."""
from mpy import assert_module_passes


def test_reader_layer_under_micropython():
    assert_module_passes("firmware.reader.mpy_test_reader")


def test_reader_layer_with_steady_fields_under_micropython():
    assert_module_passes("firmware.reader.mpy_test_reader_steady")


def test_decks_that_carry_their_names_under_micropython():
    assert_module_passes("firmware.reader.mpy_test_ndef")
