"""The native module (.mpy, x64) inside the MicroPython unix port. Needs MPY_DIR (a
MicroPython source tree, for py/dynruntime.mk); skips without it."""
import os
import shutil
import subprocess

import pytest

from mpy import assert_module_passes, micropython, run_script

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, "build", "natmod", "x64")


@pytest.fixture(scope="module")
def natmod_x64():
    mpy_dir = os.environ.get("MPY_DIR")
    if not mpy_dir:
        pytest.skip("MPY_DIR is not set: no MicroPython tree to build the native module with")
    if not shutil.which("x86_64-linux-gnu-gcc"):
        pytest.skip("x86_64-linux-gnu-gcc is not installed")
    try:
        import elftools  # noqa: F401  (mpy_ld needs it)
    except ImportError:
        pytest.skip("pyelftools is not installed (mpy_ld needs it)")
    os.makedirs(OUT, exist_ok=True)
    import sys
    proc = subprocess.run(
        ["make", "-s", "-C", os.path.join(ROOT, "firmware", "native"), "MPY_DIR=" + os.path.abspath(mpy_dir),
         "ARCH=x64", "OUT=" + OUT, "PYTHON=" + sys.executable, "natmod"],
        capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    return OUT


def test_the_mpy_version_matches_the_unix_port(natmod_x64):
    micropython()
    proc = run_script(["-c", "import sys, tapete_core; print(sys.implementation._mpy & 0xff, tapete_core.API)"],
                      [natmod_x64])
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.split() == ["6", "1"], proc.stdout


def test_native_module_passes_under_micropython(natmod_x64):
    assert_module_passes("native.mpy_test_core", [natmod_x64], heapsize="8M")
