"""micropython-umqtt.simple from PyPI into a test folder, for the firmware's MQTT path
under the MicroPython unix port (never copied into the repository).

Its PyPI release is an upip archive (no setup.py: pip cannot install it), so this does
what upip, MicroPython's PyPI client, does: the release's file from PyPI's JSON API,
its sha256 checked against PyPI's, and the package's .py files unpacked. Kept in
build/mpy-lib/ so a second run needs no network.
"""
import hashlib
import io
import json
import os
import tarfile
import urllib.request

PACKAGE = "micropython-umqtt.simple"
VERSION = "1.3.4"
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FOLDER = os.path.join(ROOT, "build", "mpy-lib", "umqtt-simple-" + VERSION)


def install(folder=FOLDER):
    """The folder holding umqtt/simple.py (downloaded on first use); None without network."""
    if os.path.exists(os.path.join(folder, "umqtt", "simple.py")):
        return folder
    try:
        with urllib.request.urlopen("https://pypi.org/pypi/%s/json" % PACKAGE, timeout=30) as r:
            files = json.load(r)["releases"][VERSION]
        sdist = [u for u in files if u["packagetype"] == "sdist"][0]
        with urllib.request.urlopen(sdist["url"], timeout=60) as r:
            data = r.read()
    except OSError:
        return None
    if hashlib.sha256(data).hexdigest() != sdist["digests"]["sha256"]:
        raise AssertionError("%s %s: the archive's sha256 is not PyPI's" % (PACKAGE, VERSION))
    os.makedirs(folder, exist_ok=True)
    with tarfile.open(fileobj=io.BytesIO(data)) as tar:
        for member in tar.getmembers():
            parts = member.name.split("/")
            if member.isfile() and member.name.endswith(".py") and "umqtt" in parts:
                rel = parts[parts.index("umqtt"):]
                dest = os.path.join(folder, *rel)
                os.makedirs(os.path.dirname(dest), exist_ok=True)
                with open(dest, "wb") as f:
                    f.write(tar.extractfile(member).read())
    return folder
