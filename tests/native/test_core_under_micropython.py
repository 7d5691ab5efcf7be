"""The native module (.mpy, x64) inside the MicroPython unix port. Needs MPY_DIR (a
MicroPython source tree, for py/dynruntime.mk); skips without it."""
import pytest

from mpy import assert_module_passes, micropython, run_script
from mpy import natmod_x64 as build_natmod_x64


@pytest.fixture(scope="module")
def natmod_x64():
    path, reason = build_natmod_x64()
    if path is None:
        pytest.skip(reason)
    return path


def test_the_mpy_version_matches_the_unix_port(natmod_x64):
    micropython()
    proc = run_script(["-c", "import sys, tapete_core; print(sys.implementation._mpy & 0xff, tapete_core.API)"],
                      [natmod_x64])
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.split() == ["6", "2"], proc.stdout


def test_native_module_passes_under_micropython(natmod_x64):
    assert_module_passes("native.mpy_test_core", [natmod_x64], heapsize="8M")
