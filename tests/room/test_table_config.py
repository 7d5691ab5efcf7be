"""`tapete room table-config`: a Pico W's room.json from the room folder, secret, and
refused (nothing written) when a table could not use it; `make deploy ROOM=FILE`
puts it on the Pico. (The firmware reading what it writes, against a real broker:
test_table_mqtt_under_micropython.py.)"""
import json
import os
import stat
import subprocess
import sys

import pytest

from tapete.room.lines import RoomError
from tapete.room.broker import init_room, password
from tapete.room.table_config import table_config

from room.broker import have_mosquitto

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TAPETE = [sys.executable, "-m", "tapete.cli"]


@pytest.fixture
def club(tmp_path):
    """A room made for the club's Wi-Fi (no broker running: none is needed)."""
    if not have_mosquitto():
        pytest.skip("needs Debian's mosquitto_passwd (.ci/run installs it)")
    folder = str(tmp_path / "club")
    init_room(folder, "club", ["t1", "t2", "t3"], listen="0.0.0.0", host_names=["192.168.1.10", "tapete.local"])
    (tmp_path / "wifi.pass").write_text("casal-2026\n")
    return folder


def run(*args):
    return subprocess.run(TAPETE + ["room", "table-config"] + list(args), capture_output=True, text=True,
                          timeout=60)


def test_the_room_json_of_a_table_comes_from_the_room_folder_and_only_its_owner_reads_it(club, tmp_path):
    p = run(club, "t2", "--ssid", "Casal Gràcia", "--wifi-password-file", str(tmp_path / "wifi.pass"))
    assert p.returncode == 0, p.stderr
    path = os.path.join(club, "secrets", "tables", "t2.json")
    assert "make deploy ROOM=%s" % path in p.stdout and "SECRET" in p.stdout and p.stderr == ""
    with open(path, encoding="utf-8") as f:
        cfg = json.load(f)
    with open(os.path.join(club, "ca.crt")) as f:
        ca = f.read()
    assert cfg == {"room": "club", "table": "t2", "host": "192.168.1.10", "port": 8883,
                   "password": password(club, "t2"), "ca": ca, "ssid": "Casal Gràcia",
                   "wifi_password": "casal-2026"}
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert stat.S_IMODE(os.stat(os.path.dirname(path)).st_mode) == 0o700
    # another name the certificate is made for, another place
    p = run(club, "t3", "--ssid", "x", "--wifi-password-file", str(tmp_path / "wifi.pass"),
            "--host", "tapete.local", "--out", str(tmp_path / "t3.json"))
    assert p.returncode == 0, p.stderr
    assert json.loads((tmp_path / "t3.json").read_text())["host"] == "tapete.local"


def test_what_a_table_could_not_use_is_refused_in_one_line_and_nothing_is_written(club, tmp_path):
    (tmp_path / "short.pass").write_text("abc\n")
    wifi = str(tmp_path / "wifi.pass")
    for args, says in (
            (["t9", "--ssid", "x", "--wifi-password-file", wifi], "has no table 't9' (its tables: t1, t2, t3)"),
            (["t1", "--ssid", "x", "--wifi-password-file", wifi, "--host", "10.0.0.5"],
             "certificate is made for 192.168.1.10, tapete.local, not 10.0.0.5"),
            (["t1", "--ssid", "x" * 33, "--wifi-password-file", wifi], "1 to 32 bytes"),
            (["t1", "--ssid", "x", "--wifi-password-file", str(tmp_path / "short.pass")], "WPA2 takes 8 to 63"),
            (["t1", "--ssid", "x"], "--wifi-password-file"),          # no terminal to ask on
            (["t1", "--ssid", "x", "--wifi-password-file", str(tmp_path / "nope")], "cannot read")):
        p = subprocess.run(TAPETE + ["room", "table-config", club] + args, capture_output=True, text=True,
                           timeout=60, stdin=subprocess.DEVNULL)
        assert p.returncode == 2 and "Traceback" not in p.stderr, p.stderr
        lines = p.stderr.strip().splitlines()
        assert len(lines) == 1 and says in lines[0], p.stderr
    assert not os.path.exists(os.path.join(club, "secrets", "tables"))
    with pytest.raises(RoomError, match="not a room folder"):
        table_config(str(tmp_path), "t1", "x", "")


def test_a_broker_on_loopback_is_written_with_a_warning(tmp_path):
    if not have_mosquitto():
        pytest.skip("needs Debian's mosquitto_passwd (.ci/run installs it)")
    folder = str(tmp_path / "lo")
    init_room(folder, "lo", ["t1"])
    cfg, warnings = table_config(folder, "t1", "open-net", "")       # an open network: no password
    assert cfg["host"] == "127.0.0.1" and cfg["wifi_password"] == ""
    assert len(warnings) == 1 and "a Pico W does not" in warnings[0]


MQTT_AS = "github:peterhinch/micropython-mqtt"     # Peter Hinch's mqtt_as, from its own package


def test_make_deploy_puts_the_room_json_on_the_pico(club):
    path = os.path.join(club, "secrets", "tables", "t1.json")
    os.makedirs(os.path.dirname(path))
    with open(path, "w") as f:
        f.write("{}")
    p = subprocess.run(["make", "-n", "deploy", "ROOM=" + path, "PORT=/dev/ttyACM9"], cwd=ROOT,
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    assert "+ mip install %s" % MQTT_AS in p.stdout and "+ fs cp %s :room.json" % path in p.stdout
    p = subprocess.run(["make", "-n", "deploy", "ROOM=" + path + ".nope"], cwd=ROOT, capture_output=True,
                       text=True, timeout=120)
    assert p.returncode != 0 and "no such file (tapete room table-config" in p.stderr
    p = subprocess.run(["make", "-n", "deploy", "ROOM=1"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert p.returncode == 0 and "mip install %s" % MQTT_AS in p.stdout and ":room.json" not in p.stdout


def test_out_is_a_new_file_never_written_through_a_file_or_link_planted_there(club, tmp_path):
    wifi = str(tmp_path / "wifi.pass")
    shared = tmp_path / "shared"
    shared.mkdir()
    planted = tmp_path / "attackers.txt"
    planted.write_text("mine\n")
    link = shared / "t1.json"
    os.symlink(str(planted), str(link))
    p = run(club, "t1", "--ssid", "x", "--wifi-password-file", wifi, "--out", str(link))
    assert p.returncode == 2 and "Traceback" not in p.stderr, p.stderr
    assert "a link is there already; it is never written through" in p.stderr and "--force" in p.stderr
    assert planted.read_text() == "mine\n" and os.path.islink(str(link))
    # a plain file there: refused too
    other = shared / "t2.json"
    other.write_text("{}")
    p = run(club, "t2", "--ssid", "x", "--wifi-password-file", wifi, "--out", str(other))
    assert p.returncode == 2 and "a file is there already" in p.stderr, p.stderr
    assert other.read_text() == "{}"
    # --force: the link is removed, never followed; a new file made 0600 in its place
    p = run(club, "t1", "--ssid", "x", "--wifi-password-file", wifi, "--out", str(link), "--force")
    assert p.returncode == 0, p.stderr
    assert planted.read_text() == "mine\n" and not os.path.islink(str(link))
    assert json.loads(link.read_text())["table"] == "t1"
    assert stat.S_IMODE(os.lstat(str(link)).st_mode) == 0o600
