"""Connecting to the room's broker with paho-mqtt (Eclipse Paho: the maintained
Python MQTT client): an address, a user, its password, the room's CA.

An address is `mqtts://USER@HOST:PORT/ROOM` (TLS, port 8883 by default) or
`mqtt://...` (plain: only for a broker the organiser runs open on purpose; the room
tool never does). The password never goes in the address (it would show in `ps`):
it is read from `--password-file`, or from the room folder's secrets.
"""
import functools
import logging
import ssl
import threading
from urllib.parse import urlsplit

from .lines import RoomError, check_name


class Address:
    """A parsed broker address."""

    def __init__(self, url):
        parts = urlsplit(url)
        if parts.scheme not in ("mqtt", "mqtts"):
            raise RoomError("broker address %r: write mqtts://TABLE@HOST:PORT/ROOM" % url)
        self.tls = parts.scheme == "mqtts"
        self.host = parts.hostname or "127.0.0.1"
        try:
            self.port = parts.port or (8883 if self.tls else 1883)
        except ValueError:
            raise RoomError("broker address %r: the port is not a number" % url)
        self.user = parts.username
        if parts.password:
            raise RoomError("broker address %r holds a password: give it with --password-file" % url)
        room = parts.path.strip("/")
        self.room = check_name(room, "room") if room else None

    def __str__(self):
        return "%s://%s%s:%d/%s" % ("mqtts" if self.tls else "mqtt", self.user + "@" if self.user else "",
                                    self.host, self.port, self.room or "")


def client(client_id, user, password, ca=None, clean=True):
    """A paho client (MQTT 3.1.1) with the user's password and, with `ca`, TLS that
    checks the broker's certificate against the room's CA. Its client id is its user's
    name (`client_id` only for a broker without users): the room's broker binds them
    (use_username_as_clientid), so the kept session is the one the broker keeps."""
    import paho.mqtt.client as mqtt
    c = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=user or client_id, clean_session=clean,
                    protocol=mqtt.MQTTv311)
    if user:
        c.username_pw_set(user, password)
    if ca:
        c.tls_set(ca_certs=ca, cert_reqs=ssl.CERT_REQUIRED, tls_version=ssl.PROTOCOL_TLS_CLIENT)
    c.max_inflight_messages_set(100)
    c.max_queued_messages_set(0)        # never drop a line queued while the broker is away
    c.reconnect_delay_set(0.2, 5)
    c.enable_logger(_paho_log)      # -vv shows paho's own steps
    return c


class _Away(logging.Filter):
    """paho's errors while the broker is away (one per attempt to connect again) shown
    only with -vv: the publisher says once that it waits, and sends when it is back."""

    SAID = ("Client is not connected", "failed to receive on socket")

    def filter(self, record):
        return (_paho_log.isEnabledFor(logging.DEBUG)
                or not str(record.msg).startswith(self.SAID))


_paho_log = logging.getLogger(__package__ + ".paho")
_paho_log.addFilter(_Away())


log = logging.getLogger(__package__)


def guarded(callback):
    """A callback of paho's network thread that never kills it: whatever it raises is
    logged and the message dropped (acknowledged, so the broker does not deliver it
    again for ever), and the thread goes on serving every other table."""
    @functools.wraps(callback)
    def run(*args, **kwargs):
        try:
            return callback(*args, **kwargs)
        except Exception:       # noqa: BLE001: one bad message must not stop the room
            log.exception("dropped a message: %s raised", callback.__qualname__)
            return None
    return run


def read_password(path):
    try:
        with open(path, encoding="utf-8") as f:
            return f.read().strip()
    except OSError as err:
        raise RoomError("cannot read the password file %s: %s" % (path, err.strerror))


class Connected:
    """Waits for a paho client's connection (and tells why it was refused)."""

    def __init__(self, c):
        self.event = threading.Event()
        self.refused = None
        self.up = False
        self.on_up = None
        c.on_connect = guarded(self._connect)
        c.on_disconnect = guarded(self._disconnect)

    def _connect(self, c, userdata, flags, reason, props=None):
        if reason.is_failure:
            self.refused = str(reason)
            log.warning("the broker refused the connection: %s", reason)
        else:
            self.up = True
            if self.on_up is not None:
                self.on_up(c)
        self.event.set()

    def _disconnect(self, c, userdata, flags, reason, props=None):
        if self.up:
            log.info("disconnected from the broker: %s", reason)
        self.up = False

    def wait(self, timeout=10.0, where="the broker"):
        if not self.event.wait(timeout):
            raise RoomError("no answer from %s within %.0f s (is the broker running? `tapete room "
                            "broker FOLDER` runs it)" % (where, timeout))
        if self.refused:
            raise RoomError("the broker refused the connection: %s" % self.refused)
