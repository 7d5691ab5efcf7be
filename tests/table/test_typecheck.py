"""The table firmware type-checks against the Pico's own API (MicroPython stubs)."""
import os
import site
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
STUBS_DIST = "micropython_rp2_rpi_pico_stubs"


def _site():
    for d in site.getsitepackages():
        if any(n.startswith(STUBS_DIST) for n in os.listdir(d)):
            return d
    return None


def _stub_dir(sp, into):
    """Only the stub modules (not all of site-packages, whose .py files mypy would read)."""
    record = [n for n in os.listdir(sp) if n.startswith(STUBS_DIST) and n.endswith(".dist-info")]
    names = set(["_mpy_shed"])
    with open(os.path.join(sp, record[0], "RECORD")) as f:
        for line in f:
            path = line.split(",")[0]
            if path.endswith(".pyi"):
                names.add(path.split("/")[0])
    for n in names:
        if os.path.exists(os.path.join(sp, n)):
            os.symlink(os.path.join(sp, n), os.path.join(into, n))
    return into


def test_table_firmware_typechecks_against_the_pico_stubs(tmp_path):
    pytest.importorskip("mypy")
    sp = _site()
    if sp is None:
        pytest.skip("micropython-rp2-rpi-pico-stubs is not installed (make setup)")
    stubs = _stub_dir(sp, str(tmp_path))
    env = dict(os.environ, MYPYPATH=os.pathsep.join([os.path.join(ROOT, "firmware"), stubs]))
    # The stdlib stubs (asyncio, time, select as MicroPython has them) replace typeshed.
    proc = subprocess.run(
        [sys.executable, "-m", "mypy", "--custom-typeshed-dir", sp, "--follow-imports=silent",
         "--check-untyped-defs", "--no-incremental", "firmware/table", "firmware/boards", "firmware/main.py"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    ours = [line for line in proc.stdout.splitlines()
            if line.startswith(("firmware/table/", "firmware/boards/", "firmware/main.py")) and ": error:" in line]
    assert not ours, "\n".join(ours)
    assert "error: INTERNAL" not in proc.stdout + proc.stderr
