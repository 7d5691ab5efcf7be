"""`tapete room table-config`: the room.json a Pico W in the room reads from its flash
(firmware/table/io/mqtt_pub.py, `from_config`), made from the room folder that `tapete
room init` wrote, for `make deploy ROOM=FILE`.

    {"room", "table", "host", "port", "password", "ca", "ssid", "wifi_password"}

The room's name, the broker's address and port come from the folder's room.json, the
table's password from secrets/<table>.pass, the CA from ca.crt (the PEM text: the
table checks the broker against it); the Wi-Fi network's name and password are the
organiser's (the club's network, not the room's). The file is SECRET (the table's
broker password and the Wi-Fi password): written for its owner only, by default into
the room folder's secrets/tables/.

What a table could not use is refused before anything is written: a table the room
does not have, a broker address its certificate is not made for (the table would
refuse the broker), a Wi-Fi name or password a Pico W cannot join with. A broker that
listens on loopback only is written with a warning (a table on this computer, as the
unix-port tests, reaches it; a Pico W does not).
"""
import json
import os
import re
import subprocess

from . import private
from .lines import RoomError, check_name
from .broker import load_room, need, password

LOOPBACK = ("127.0.0.1", "::1", "localhost")


def broker_names(folder):
    """The names and addresses the broker's certificate is made for (its
    subjectAltName), or None when openssl cannot say."""
    try:
        out = subprocess.run([need("openssl"), "x509", "-in", os.path.join(folder, "broker.crt"), "-noout",
                              "-ext", "subjectAltName"], capture_output=True, text=True, timeout=20)
    except (RoomError, OSError, subprocess.SubprocessError):
        return None
    if out.returncode != 0:
        return None
    return re.findall(r"(?:DNS|IP Address):([^,\s]+)", out.stdout)


def listen_address(folder):
    """The address in mosquitto.conf's `listener PORT ADDRESS` line, or None."""
    try:
        with open(os.path.join(folder, "mosquitto.conf"), encoding="utf-8") as f:
            for line in f:
                parts = line.split()
                if len(parts) >= 3 and parts[0] == "listener":
                    return parts[2]
    except OSError:
        pass
    return None


def check_wifi(ssid, word):
    """The Wi-Fi name and password as a Pico W's CYW43 takes them (802.11: a name of 1
    to 32 bytes; WPA2: a passphrase of 8 to 63 characters, or none for an open network)."""
    if not isinstance(ssid, str) or not 1 <= len(ssid.encode("utf-8")) <= 32:
        raise RoomError("Wi-Fi name %r: a network's name is 1 to 32 bytes" % (ssid,))
    if word and not 8 <= len(word) <= 63:
        raise RoomError("the Wi-Fi password has %d characters: WPA2 takes 8 to 63 (none for an open network)"
                        % len(word))
    return ssid, word


def table_config(folder, table, ssid, wifi_password, host=None):
    """(the room.json object for `table`, [warnings]); RoomError when a table could not
    use it."""
    info = load_room(folder)
    check_name(table)
    if table not in info["tables"]:
        raise RoomError("room %s has no table %r (its tables: %s)" % (info["room"], table, ", ".join(info["tables"])))
    check_wifi(ssid, wifi_password)
    host = host or info["host"]
    names = broker_names(folder)
    if names is not None and host not in names:
        raise RoomError("the broker's certificate is made for %s, not %s: the table would refuse the broker "
                        "(make the room with --host-name %s)" % (", ".join(names), host, host))
    warnings = []
    if host in LOOPBACK or listen_address(folder) in LOOPBACK:
        warnings.append("the broker is on loopback (%s, listening on %s): only a table on this computer "
                        "reaches it, a Pico W does not (tapete room init --listen 0.0.0.0 --host-name ADDRESS)"
                        % (host, listen_address(folder)))
    try:
        with open(os.path.join(folder, "ca.crt"), encoding="ascii") as f:
            ca = f.read()
    except OSError as err:
        raise RoomError("cannot read the room's CA %s: %s" % (os.path.join(folder, "ca.crt"), err.strerror))
    if "BEGIN CERTIFICATE" not in ca:
        raise RoomError("%s is not a PEM certificate" % os.path.join(folder, "ca.crt"))
    cfg = {"room": info["room"], "table": table, "host": host, "port": info["port"],
           "password": password(folder, table), "ca": ca, "ssid": ssid, "wifi_password": wifi_password}
    return cfg, warnings


def default_path(folder, table):
    return os.path.join(folder, "secrets", "tables", table + ".json")


def write_config(path, cfg, force=False):
    """Write `cfg` to a new file at `path`, made for its owner only (0600) as it is
    created, never through a file or a link already there (someone else's, in a shared
    folder): RoomError then, unless `force` (what is there is removed, never followed).
    A folder that does not exist yet is made, private (0700)."""
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        os.makedirs(folder, mode=0o700)
    text = json.dumps(cfg) + "\n"
    try:
        private.write(path, text, force=force)
    except RoomError:
        raise
    except OSError as err:
        raise RoomError("cannot write %s: %s" % (path, err.strerror))
    return path
