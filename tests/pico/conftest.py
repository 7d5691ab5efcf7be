"""The emulated Pico for the tests: built, deployed once with mpremote, then booted
from that flash image by each test.

Without the RP2040 image (../shared/pico, or PICO_FIRMWARE / PICO_BOOTROM), Node.js
or the npm registry, the tests skip and say what is missing; under CI (CI=true) they
fail instead, as CI has ../shared/pico.
"""
import os
import shutil
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TOOLS = os.path.join(ROOT, "tools", "pico")
if TOOLS not in sys.path:
    sys.path.insert(0, TOOLS)


def _unavailable(reason):
    if os.environ.get("CI"):
        pytest.fail("emulated Pico: " + reason)
    pytest.skip("emulated Pico: " + reason)


@pytest.fixture(scope="session")
def pico_build():
    """`make pico-ready` (rp2040js, the .mpy files, the armv6m native module, mpremote)."""
    import rig as R
    try:
        R.find_images()
    except R.MissingImage as err:
        _unavailable(str(err))
    if not shutil.which("node") or not shutil.which("npm"):
        _unavailable("Node.js and npm are needed (apt-get install nodejs npm)")
    proc = subprocess.run(["make", "-s", "pico-ready"], cwd=ROOT, capture_output=True, text=True,
                          timeout=1200)
    if proc.returncode != 0:
        pytest.fail("make pico-ready failed:\n" + proc.stdout[-2000:] + proc.stderr[-2000:])
    return proc.stdout


@pytest.fixture(scope="session")
def deployed(pico_build, tmp_path_factory):
    """A fresh emulated Pico after `make deploy PORT=<its pty>`: the flash image, and
    what the deploy showed (files on the board, the boot reply)."""
    import rig as R
    import table as T
    out = str(tmp_path_factory.mktemp("pico"))
    image = os.path.join(out, "deployed.img")
    with R.Rig() as rig:
        T.deploy(rig, out, lambda text: None)
        boot = [r for r in rig.replies if r.get("reply") == "boot"]
        rig.raw_repl()
        files = rig.exec("import os; print(sorted(os.listdir('/lib')), sorted(os.listdir('/')))")
        rig.save(image)
    return {"image": image, "boot": boot, "files": files, "out": out}
