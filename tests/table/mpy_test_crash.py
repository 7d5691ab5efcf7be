"""An error escaping the controller on the Pico: kept, said once, the chip restarted
(table/crash.py, under MicroPython)."""
import scratch
import tablekit   # noqa: F401 (firmware/ ahead of tests/ on the path)
import os
import sys
from table import crash

ROOT = scratch.path("tapete-crash")


class Restarted(Exception):
    pass


class Machine:
    """machine.reset(), as the Pico's watchdog reboot, seen from here."""
    resets = 0

    @classmethod
    def reset(cls):
        cls.resets += 1
        raise Restarted()


class Board:
    def __init__(self, pico):
        self.pico = pico
        self.root = ROOT

    def on_pico(self):
        return self.pico

    def make(self):
        return self


class App:
    def __init__(self, err):
        self.err = err

    def run(self, board):
        raise self.err


def _fresh():
    try:
        os.mkdir(ROOT)
    except OSError:
        pass
    try:
        os.remove(ROOT + "/" + crash.FILE)
    except OSError:
        pass
    sys.modules["machine"] = Machine


def test_an_error_on_the_pico_is_kept_and_the_chip_restarts():
    _fresh()
    before = Machine.resets
    try:
        crash.run(App(MemoryError("memory allocation failed, allocating 368 bytes")), Board(True))
    except Restarted:
        pass
    assert Machine.resets == before + 1
    why = crash.last(ROOT)
    assert why == "MemoryError: memory allocation failed, allocating 368 bytes", why
    assert crash.last(ROOT) is None         # said once: the next boot has nothing to say


def test_ctrl_c_still_stops_the_controller():
    _fresh()
    before = Machine.resets
    try:
        crash.run(App(KeyboardInterrupt()), Board(True))
        assert False, "the interrupt was swallowed"
    except KeyboardInterrupt:
        pass
    assert Machine.resets == before and crash.last(ROOT) is None


def test_off_the_pico_the_error_goes_up_as_it_is():
    _fresh()
    try:
        crash.run(App(ValueError("a fault")), Board(False))
        assert False, "the error was swallowed"
    except ValueError as err:
        assert str(err) == "a fault"
    assert crash.last(ROOT) is None
