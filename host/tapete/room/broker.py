"""The room's broker, never open: Mosquitto with a password per table, an ACL and TLS
under a certificate authority made for the room (`tapete room init`).

The room folder holds:
  room.json             room name, tables, the broker's address (no secrets)
  mosquitto.conf        loopback (or --listen) TLS listener, no anonymous clients
  passwd                Mosquitto's password file (salted hashes, mosquitto_passwd)
  acl                   table T: write tapete/<room>/T/log, read tapete/<room>/T/resend
                        and tapete/<room>/T/notice (one `pattern` line each, for every
                        table: adding one is a password, add_table); the room server: read every log,
                        write the resend asks and the notices only;
                        the board of a projector or a phone talks to `tapete room serve`,
                        never to the broker
  ca.crt                the room's certificate authority (given to every table)
  ca.key, broker.key    SECRET: whoever holds ca.key can make a broker the tables trust
  broker.crt            the broker's certificate, signed by ca.key, for its address
  secrets/<user>.pass   SECRET: each table's password, and the room server's (`room`)
  data/                 the broker's persistence (queued QoS 1 lines survive a restart)
"""
import json
import os
import pwd
import secrets
import shutil
import signal
import socket
import subprocess
import time

from .lines import RoomError, check_name
from ..room_topics import LOG, NOTICE, RESEND, every_table, own_table

ROOM_USER = "room"          # the room server's user (reads logs, asks resends)
DEFAULT_PORT = 8883         # MQTT over TLS


def need(tool):
    """The path of a system tool, or RoomError saying how to get it."""
    path = shutil.which(tool) or (os.path.exists("/usr/sbin/" + tool) and "/usr/sbin/" + tool)
    if not path:
        raise RoomError("%s is not installed (Debian: apt-get install mosquitto mosquitto-clients openssl)"
                        % tool)
    return path


def acl_text(room):
    """The ACL: each table writes only its own log and reads only its own resend asks
    and notices (Mosquitto's `pattern` lines: %u is the user, a table's user is its
    name, so a new table needs a password and no line here); only the room server
    writes the asks and the notices."""
    return "\n".join([
        "# tapete room %s: written by `tapete room init`; a table added later needs" % room,
        "# only its password (add_table): these patterns already name it",
        "pattern write %s" % own_table(room, LOG),
        "pattern read %s" % own_table(room, RESEND),
        "pattern read %s" % own_table(room, NOTICE),
        "",
        "user %s" % ROOM_USER,
        "topic read %s" % every_table(room, LOG),
        "topic write %s" % every_table(room, RESEND),
        "topic write %s" % every_table(room, NOTICE),
        ""])


def conf_text(folder, listen, port):
    f = os.path.abspath(folder)
    return "\n".join([
        "# tapete room broker: written by `tapete room init` (never open: no anonymous",
        "# client, a password per table, the ACL, TLS only)",
        # Started as root, Mosquitto would switch to its own user, who cannot write
        # this folder: it runs as whoever runs `tapete room`.
        "user %s" % pwd.getpwuid(os.getuid()).pw_name,
        "per_listener_settings false",
        "allow_anonymous false",
        "password_file %s/passwd" % f,
        "acl_file %s/acl" % f,
        "persistence true",
        "persistence_location %s/data/" % f,
        "autosave_interval 5",
        "max_queued_messages 100000",       # a room server away for a while misses nothing
        "log_dest stderr",
        "log_type error",
        "log_type warning",
        "listener %d %s" % (port, listen),
        "cafile %s/ca.crt" % f,
        "certfile %s/broker.crt" % f,
        "keyfile %s/broker.key" % f,
        "tls_version tlsv1.2",
        ""])


def _openssl(args, cwd):
    subprocess.run([need("openssl")] + args, cwd=cwd, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def make_ca(folder, room, host_names):
    """The room's CA and the broker's certificate for `host_names` (IPs or names)."""
    _openssl(["ecparam", "-name", "prime256v1", "-genkey", "-noout", "-out", "ca.key"], folder)
    _openssl(["req", "-x509", "-new", "-key", "ca.key", "-sha256", "-days", "825",
              "-subj", "/CN=tapete room %s CA" % room, "-out", "ca.crt"], folder)
    _openssl(["ecparam", "-name", "prime256v1", "-genkey", "-noout", "-out", "broker.key"], folder)
    _openssl(["req", "-new", "-key", "broker.key", "-subj", "/CN=%s" % host_names[0],
              "-out", "broker.csr"], folder)
    alt = ",".join(("IP:" if _is_ip(h) else "DNS:") + h for h in host_names)
    with open(os.path.join(folder, "broker.ext"), "w") as f:
        f.write("subjectAltName=%s\nbasicConstraints=CA:FALSE\nkeyUsage=digitalSignature,keyEncipherment\n"
                "extendedKeyUsage=serverAuth\n" % alt)
    _openssl(["x509", "-req", "-in", "broker.csr", "-CA", "ca.crt", "-CAkey", "ca.key",
              "-CAcreateserial", "-days", "825", "-sha256", "-extfile", "broker.ext",
              "-out", "broker.crt"], folder)
    for name in ("broker.csr", "broker.ext", "ca.srl"):
        if os.path.exists(os.path.join(folder, name)):
            os.remove(os.path.join(folder, name))
    for name in ("ca.key", "broker.key"):
        os.chmod(os.path.join(folder, name), 0o600)
    # Mosquitto may run as another user: it must read its key (the folder stays private).
    os.chmod(os.path.join(folder, "broker.key"), 0o644)


def _is_ip(h):
    try:
        socket.inet_pton(socket.AF_INET6 if ":" in h else socket.AF_INET, h)
        return True
    except OSError:
        return False


def init_room(folder, room, tables, listen="127.0.0.1", port=DEFAULT_PORT, host_names=None):
    """Write a room folder (see the module's docstring). RoomError when it exists."""
    check_name(room, "room")
    tables = [check_name(t) for t in tables]
    if not tables:
        raise RoomError("name at least one table (--tables t1,t2,...)")
    if len(set(tables)) != len(tables):
        raise RoomError("a table is named twice in %r" % ",".join(tables))
    if ROOM_USER in tables:
        raise RoomError("%r is the room server's own user: name the table otherwise" % ROOM_USER)
    if os.path.exists(os.path.join(folder, "room.json")):
        raise RoomError("%s already holds a room (room.json): choose another folder" % folder)
    os.makedirs(os.path.join(folder, "secrets"), exist_ok=True)
    os.makedirs(os.path.join(folder, "data"), exist_ok=True)
    os.chmod(folder, 0o755)
    os.chmod(os.path.join(folder, "secrets"), 0o700)
    names = host_names or ["127.0.0.1", "localhost"]
    make_ca(folder, room, names)
    for i, user in enumerate([ROOM_USER] + tables):
        _add_user(folder, user, first=i == 0)
    with open(os.path.join(folder, "acl"), "w") as f:
        f.write(acl_text(room))
    with open(os.path.join(folder, "mosquitto.conf"), "w") as f:
        f.write(conf_text(folder, listen, port))
    info = {"room": room, "tables": tables, "host": names[0], "port": port}
    with open(os.path.join(folder, "room.json"), "w") as f:
        json.dump(info, f, indent=1)
    return info


def _add_user(folder, user, first=False):
    """A new password for `user`: secrets/<user>.pass and its hash in passwd."""
    word = secrets.token_urlsafe(18)
    path = os.path.join(folder, "secrets", user + ".pass")
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as f:
        f.write(word + "\n")
    passwd = os.path.join(folder, "passwd")
    subprocess.run([need("mosquitto_passwd"), "-b"] + (["-c"] if first else []) + [passwd, user, word],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    os.chmod(passwd, 0o644)


def add_table(folder, table):
    """A table joins a room after `init`: its password and its name in room.json; the
    ACL is not touched (its patterns name every table). A running broker takes the new
    password on `Broker.reload` (SIGHUP)."""
    info = load_room(folder)
    check_name(table)
    if table == ROOM_USER or table in info["tables"]:
        raise RoomError("%r is already a user of room %s" % (table, info["room"]))
    _add_user(folder, table)
    info["tables"].append(table)
    del info["folder"]
    with open(os.path.join(folder, "room.json"), "w") as f:
        json.dump(info, f, indent=1)
    return info


def load_room(folder):
    """room.json of a room folder (RoomError when it is not one)."""
    path = os.path.join(folder, "room.json")
    try:
        with open(path, encoding="utf-8") as f:
            info = json.load(f)
    except OSError:
        raise RoomError("%s is not a room folder (no room.json): make one with `tapete room init`" % folder)
    except ValueError as err:
        raise RoomError("%s: %s" % (path, err))
    info["folder"] = os.path.abspath(folder)
    return info


def password(folder, user):
    """The user's password from the room folder's secrets."""
    path = os.path.join(folder, "secrets", user + ".pass")
    try:
        with open(path, encoding="utf-8") as f:
            return f.read().strip()
    except OSError:
        raise RoomError("no password for %r in %s (is it one of the room's tables?)"
                        % (user, os.path.join(folder, "secrets")))


class Broker:
    """A Mosquitto process on a room folder's config (start, stop, restart)."""

    def __init__(self, folder):
        self.folder = os.path.abspath(folder)
        self.info = load_room(folder)
        self.proc = None

    def start(self, wait_s=10.0):
        log = open(os.path.join(self.folder, "broker.log"), "ab")
        self.proc = subprocess.Popen([need("mosquitto"), "-c", os.path.join(self.folder, "mosquitto.conf")],
                                     stdout=log, stderr=log)
        log.close()
        deadline = time.monotonic() + wait_s
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RoomError("mosquitto stopped at once (see %s/broker.log)" % self.folder)
            try:
                socket.create_connection((self.info["host"], self.info["port"]), 0.2).close()
                return self
            except OSError:
                time.sleep(0.05)
        raise RoomError("mosquitto did not listen on %s:%d within %.0f s"
                        % (self.info["host"], self.info["port"], wait_s))

    def stop(self):
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.proc = None

    def reload(self):
        """Mosquitto reads its password file and ACL again (SIGHUP), clients kept."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGHUP)

    def restart(self):
        self.stop()
        return self.start()
