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

Every file is made 0600 and every folder 0700 (private.py): made so, never opened
wider first. Run by root, Mosquitto drops to its own user (`user mosquitto`) before it
reads its files: those are given to that user and the room folder lets it pass (0710,
the broker's group); each folder above must let it pass too (Broker.start says when not).
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

from . import private
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


# A table's line on the wire: measured, the longest of the simulated tables' lines is
# 472 bytes (a Mus `hand_end`, 40 matches of every game: bench/bench_line_sizes.py), a
# `match` with the most names a table takes (12 seats and 6 teams of 24 characters,
# each escaped as JSON's \uXXXX pair) 5,366 bytes. The broker takes lines up to
# LINE_LIMIT (3x that, 35x the longest played line) and drops a longer one, answered
# all the same so its table carries on (Mosquitto's message_size_limit); a packet
# beyond PACKET_LIMIT (no table of ours ever sends one: publish.py keeps longer lines
# home) costs its sender the connection before the broker holds it in memory.
LINE_LIMIT = 16384
PACKET_LIMIT = 65536
# Per client: the lines in flight to it at once, and queued beyond those while it is
# away (the room server away for a while misses nothing: 100 tables at a line a
# second for a quarter of an hour), bounded in bytes too (a table flooding long
# lines cannot make the broker hold more than that for the room server).
INFLIGHT = 100
QUEUED = 100000
QUEUED_BYTES = 64 * 1024 * 1024
BROKER_USER = "mosquitto"       # Debian's mosquitto package makes it


def broker_user():
    """The passwd entry of the user the broker runs as: started by root, Mosquitto drops
    to `mosquitto`; started by anyone else, it runs as them (the room folder's owner)."""
    if os.getuid() != 0:
        return pwd.getpwuid(os.getuid())
    try:
        return pwd.getpwnam(BROKER_USER)
    except KeyError:
        raise RoomError("run as root, the broker would keep root: no user %r to drop to (Debian's "
                        "mosquitto package makes it), or run `tapete room` as a user" % BROKER_USER)


def conf_text(folder, listen, port, user):
    f = os.path.abspath(folder)
    return "\n".join([
        "# tapete room broker: written by `tapete room init` (never open: no anonymous",
        "# client, a password per table, the ACL, TLS only)",
        # Started by root, Mosquitto drops to this user at once, before it reads the
        # password file, the ACL and the keys: `tapete room init` gave them to it.
        "user %s" % user,
        "per_listener_settings false",
        "allow_anonymous false",
        "password_file %s/passwd" % f,
        "acl_file %s/acl" % f,
        "persistence true",
        "persistence_location %s/data/" % f,
        "autosave_interval 5",
        # (not max_packet_size alone, as Mosquitto's note at start suggests: that one
        # cuts the table off, and its client would send the same line again for ever)
        "message_size_limit %d" % LINE_LIMIT,
        "max_packet_size %d" % PACKET_LIMIT,
        "max_inflight_messages %d" % INFLIGHT,
        "max_queued_messages %d" % QUEUED,
        "max_queued_bytes %d" % QUEUED_BYTES,
        "log_dest stderr",
        "log_type error",
        "log_type warning",
        "listener %d %s" % (port, listen),
        # a client's id is its user's name, whatever it asks: no table can take the
        # room server's id (nor another table's) and knock it off, nor wipe its session
        # (a listener's option: after its `listener` line)
        "use_username_as_clientid true",
        "cafile %s/ca.crt" % f,
        "certfile %s/broker.crt" % f,
        "keyfile %s/broker.key" % f,
        "tls_version tlsv1.2",
        ""])


def _tool(args, cwd):
    """Run a tool whose files are its owner's only (umask 077); its argv never holds a
    secret (another user reads it in /proc)."""
    try:
        subprocess.run(args, cwd=cwd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                       umask=private.TOOL_UMASK)
    except subprocess.CalledProcessError as err:
        said = (err.stderr or b"").decode("utf-8", "replace").strip().splitlines()
        raise RoomError("%s failed: %s" % (" ".join(args[:2]), said[-1] if said else "exit %d" % err.returncode))


def _openssl(args, cwd):
    _tool([need("openssl")] + args, cwd)


def make_ca(folder, room, host_names):
    """The room's CA and the broker's certificate for `host_names` (IPs or names): the
    keys made 0600 by openssl itself (umask 077)."""
    _openssl(["ecparam", "-name", "prime256v1", "-genkey", "-noout", "-out", "ca.key"], folder)
    _openssl(["req", "-x509", "-new", "-key", "ca.key", "-sha256", "-days", "825",
              "-subj", "/CN=tapete room %s CA" % room, "-out", "ca.crt"], folder)
    _openssl(["ecparam", "-name", "prime256v1", "-genkey", "-noout", "-out", "broker.key"], folder)
    _openssl(["req", "-new", "-key", "broker.key", "-subj", "/CN=%s" % host_names[0],
              "-out", "broker.csr"], folder)
    alt = ",".join(("IP:" if _is_ip(h) else "DNS:") + h for h in host_names)
    private.write(os.path.join(folder, "broker.ext"),
                  "subjectAltName=%s\nbasicConstraints=CA:FALSE\nkeyUsage=digitalSignature,keyEncipherment\n"
                  "extendedKeyUsage=serverAuth\n" % alt)
    _openssl(["x509", "-req", "-in", "broker.csr", "-CA", "ca.crt", "-CAkey", "ca.key",
              "-CAcreateserial", "-days", "825", "-sha256", "-extfile", "broker.ext",
              "-out", "broker.crt"], folder)
    for name in ("broker.csr", "broker.ext", "ca.srl"):
        if os.path.exists(os.path.join(folder, name)):
            os.remove(os.path.join(folder, name))


def _is_ip(h):
    try:
        socket.inet_pton(socket.AF_INET6 if ":" in h else socket.AF_INET, h)
        return True
    except OSError:
        return False


def make_passwd(folder, users):
    """Mosquitto's password file for `users` ({user: password}): the passwords written
    into the new file (0600, in the private folder) and hashed there in place by
    `mosquitto_passwd -U` (salted PBKDF2-SHA512), so no password is ever on a command
    line; its backup of the plain file is 0600 too (umask 077) and removed by it."""
    path = os.path.join(folder, "passwd")
    private.write(path, "".join("%s:%s\n" % (user, word) for user, word in users.items()))
    _tool([need("mosquitto_passwd"), "-U", "passwd"], folder)
    return path


def _new_room_folder(folder, group=None):
    """The room folder, made private: 0700, or 0710 with `group` (the broker's, when it
    drops root: it passes through to its files, never lists the folder). An empty
    folder already there, ours, is taken (nothing in it yet to have been read)."""
    mode = 0o700 if group is None else 0o710
    if os.path.lexists(folder):
        st = os.lstat(folder)
        if not os.path.isdir(folder) or os.path.islink(folder) or st.st_uid != os.getuid() or os.listdir(folder):
            raise RoomError("%s is there already: a room is made in a new (or empty) folder of yours" % folder)
        os.chmod(folder, mode)      # empty: nothing in it was ever readable
    else:
        os.makedirs(os.path.dirname(os.path.abspath(folder)), exist_ok=True)
        private.make_dir(folder, mode)
    if group is not None:
        os.chown(folder, -1, group)     # still empty
    return folder


def init_room(folder, room, tables, listen="127.0.0.1", port=DEFAULT_PORT, host_names=None):
    """Write a room folder (see the module's docstring). RoomError when it exists.
    Every file is its owner's only (0600) and every folder private (0700) from the
    start; run by root, the broker's own files (the ones it reads once it has dropped
    to its user: the password file, the ACL, its key and certificates, its data) are
    given to that user, and the room folder lets it pass through (0710)."""
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
    runs_as = broker_user()
    drops_root = os.getuid() == 0 and runs_as.pw_uid != 0
    _new_room_folder(folder, runs_as.pw_gid if drops_root else None)
    private.make_dir(os.path.join(folder, "secrets"))
    private.make_dir(os.path.join(folder, "data"))
    names = host_names or ["127.0.0.1", "localhost"]
    make_ca(folder, room, names)
    words = {}
    for user in [ROOM_USER] + tables:
        words[user] = secrets.token_urlsafe(18)
        private.write(os.path.join(folder, "secrets", user + ".pass"), words[user] + "\n")
    make_passwd(folder, words)
    private.write(os.path.join(folder, "acl"), acl_text(room))
    private.write(os.path.join(folder, "mosquitto.conf"), conf_text(folder, listen, port, runs_as.pw_name))
    info = {"room": room, "tables": tables, "host": names[0], "port": port}
    private.write(os.path.join(folder, "room.json"), json.dumps(info, indent=1))
    if drops_root:
        for name in BROKER_READS + ("data",):
            os.chown(os.path.join(folder, name), runs_as.pw_uid, runs_as.pw_gid)
    return info


def add_table(folder, table):
    """A table joins a room after `init`: its password (secrets/<table>.pass, 0600), its
    hash added to passwd (hashed by `mosquitto_passwd -U` in a private file of its own:
    never on a command line) and its name in room.json; the ACL is not touched (its
    patterns name every table). A running broker takes the new password on
    `Broker.reload` (SIGHUP)."""
    info = load_room(folder)
    check_name(table)
    if table == ROOM_USER or table in info["tables"]:
        raise RoomError("%r is already a user of room %s" % (table, info["room"]))
    word = secrets.token_urlsafe(18)
    private.write(os.path.join(folder, "secrets", table + ".pass"), word + "\n")
    one = os.path.join(folder, "secrets", table + ".passwd")
    private.write(one, "%s:%s\n" % (table, word))
    try:
        _tool([need("mosquitto_passwd"), "-U", one], folder)
        with open(one, encoding="utf-8") as f:
            hashed = f.read()
    finally:
        os.remove(one)
    with open(os.path.join(folder, "passwd"), "a", encoding="utf-8") as f:     # keeps its mode
        f.write(hashed)
    info["tables"].append(table)
    del info["folder"]
    private.replace(os.path.join(folder, "room.json"), json.dumps(info, indent=1))
    return info


# What the broker reads once it has dropped root (the config it reads before, and on a
# reload after): its user must reach them.
BROKER_READS = ("mosquitto.conf", "passwd", "acl", "ca.crt", "broker.crt", "broker.key")


def conf_user(folder):
    """The `user` of the room's mosquitto.conf (None when it has none)."""
    try:
        with open(os.path.join(folder, "mosquitto.conf"), encoding="utf-8") as f:
            for line in f:
                parts = line.split()
                if len(parts) == 2 and parts[0] == "user":
                    return parts[1]
    except OSError:
        pass
    return None


def unreachable(folder):
    """What the broker's user cannot read (or write, its data/) once Mosquitto, started
    by root, has dropped to it: [] when all is well, or when it does not drop root."""
    user = conf_user(folder)
    if os.getuid() != 0 or not user or user == "root":
        return []
    try:
        pw = pwd.getpwnam(user)
    except KeyError:
        return ["the broker's user %r (no such user)" % user]
    f = os.path.abspath(folder)
    paths = [os.path.join(f, n) for n in BROKER_READS]
    check = ('for f; do test -r "$f" || echo "$f"; done; test -w "%s/data" -a -x "%s/data" || echo "%s/data"'
             % (f, f, f))
    out = subprocess.run(["sh", "-c", check, "sh"] + paths, user=pw.pw_uid, group=pw.pw_gid, extra_groups=[],
                         capture_output=True, text=True, timeout=20)
    return out.stdout.split()


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
        cannot = unreachable(self.folder)
        if cannot:
            raise RoomError("the broker drops root to user %s, who cannot reach %s: make the room in a "
                            "folder that user can pass through (each folder above it o+x), e.g. under /srv"
                            % (conf_user(self.folder), ", ".join(cannot)))
        fd = os.open(os.path.join(self.folder, "broker.log"), os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        log = os.fdopen(fd, "ab")
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
