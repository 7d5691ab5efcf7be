"""The MQTT client the table's firmware speaks to (mqtt_as's API), for the MicroPython
unix port in tests: MICROPYPATH entries, never a copy in the repository.

The Pico W runs Peter Hinch's mqtt_as (`make deploy ROOM=...` installs it with mpremote
mip from its GitHub package). No registry these tests reach holds it, so by default the
tests run the firmware against PyPI's micropython-mqtt (Thorsten von Eicken's
mqtt_async, a fork of mqtt_as for asyncio) behind tests/room/mqtt_as_unix/mqtt_as.py,
a thin adapter that gives it mqtt_as's API and TLS. With TAPETE_MQTT_AS=DIR (a folder
holding Hinch's mqtt_as/ package, e.g. a checkout of peterhinch/micropython-mqtt) the
same tests run Hinch's own client instead (docs/room.md has the figures of both).

PyPI's release is an sdist with no setup.py (pip cannot install it), so this does what
MicroPython's own PyPI client did: the release's file from PyPI's JSON API, its sha256
checked against PyPI's, mqtt_async.py unpacked. Kept in build/mpy-lib/ so a second run
needs no network.
"""
import hashlib
import io
import json
import os
import tarfile
import urllib.request

PACKAGE = "micropython-mqtt"
VERSION = "0.7b4"
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
FOLDER = os.path.join(ROOT, "build", "mpy-lib", "%s-%s" % (PACKAGE, VERSION))
ADAPTER = os.path.join(HERE, "mqtt_as_unix")


def install(folder=FOLDER):
    """The folder holding mqtt_async.py (downloaded on first use); None without network."""
    if os.path.exists(os.path.join(folder, "mqtt_async.py")):
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
            if member.isfile() and os.path.basename(member.name) == "mqtt_async.py":
                with open(os.path.join(folder, "mqtt_async.py"), "wb") as f:
                    f.write(tar.extractfile(member).read())
    return folder


def client_path():
    """(MICROPYPATH entries that make `import mqtt_as` work, which client it is), or
    None when the client cannot be had (no network)."""
    hinch = os.environ.get("TAPETE_MQTT_AS")
    if hinch:
        return [hinch], "mqtt_as (Hinch) from " + hinch
    lib = install()
    if lib is None:
        return None
    return [ADAPTER, lib], "mqtt_async %s (PyPI) behind tests/room/mqtt_as_unix" % VERSION
