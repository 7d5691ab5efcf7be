"""A Pico W's table in a room: every log line published to tapete/<room>/<table>/log at
QoS 1 (shared/PROTOCOL.md 1.2, "Rooms"), unchanged (sealed, with its seq).

The publisher is a second reader of the link's resend ring (link.py): it keeps its own
place (`next`, the seq of the next line to publish) and never changes what the serial
link does. The MQTT client is micropython-umqtt.simple from PyPI, installed onto the
device by `make deploy` (never part of this repository).

The network down: the table plays on. Lines that would leave the ring before they
could be published are appended to an outbox journal in flash (`mqtt.jsonl`, written
only while the broker is away, so the flash is not worn by a healthy room); when the
broker is back the outbox is published first, in order, then the ring, and the file
goes. The room asks for a gap on tapete/<room>/<table>/resend: a seq still in the ring
is sent again; one that left it is answered with {"ev": "x-held", "oldest": O}.

The room's notices to the players (a misboarded hand) come on
tapete/<room>/<table>/notice as host commands ({"cmd": "notice", ...}, table/io/host.py).
They join the link's own input: `poll_lines`, which the app's link task calls with the
controller's `on_line`, hands them over first (`hand_notices`), so a notice is handled
between plays like every host command and neither the app nor the link changes.

`poll(now_ms)` does a bounded amount of work (at most BATCH lines, one connection try
every retry_ms) so the readers are never held up for long; a QoS 1 publish waits for
the broker's ack, a few milliseconds on a club's Wi-Fi.
"""
import json
import sys

BATCH = 4               # lines per poll()
RETRY_MS = 5000         # between connection tries while the broker is away
OUTBOX = "mqtt.jsonl"
NOTICES = 4             # notices kept until the controller takes them (a few per hand at most)


def alias_u_modules():
    """The PyPI release of umqtt.simple imports usocket, ustruct, ubinascii and ussl:
    names MicroPython dropped (1.21+) for socket, struct, binascii and ssl."""
    for old, new in (("usocket", "socket"), ("ustruct", "struct"), ("ubinascii", "binascii"),
                     ("ussl", "ssl")):
        if old not in sys.modules:
            try:
                __import__(old)
            except ImportError:
                sys.modules[old] = __import__(new)


def ca_der(pem):
    """The DER bytes of a PEM certificate (the room's ca.crt)."""
    import binascii
    body = "".join(l.strip() for l in pem.splitlines() if l.strip() and not l.startswith("-----"))
    return binascii.a2b_base64(body)


def make_client(table, host, port, password, ca_pem=None, keepalive=30):
    """A umqtt.simple client for the table's user, with TLS under the room's CA when
    `ca_pem` is given (the broker's certificate checked against it)."""
    alias_u_modules()
    from umqtt.simple import MQTTClient  # type: ignore[import-not-found]  # installed by mip
    der = ca_der(ca_pem) if ca_pem else None
    ssl_ctx = _tls(der) if der else None
    params = _tls_params(der, host) if der else {}
    return MQTTClient("tapete-table-" + table, host, port, user=table, password=password,
                      keepalive=keepalive, ssl=ssl_ctx, ssl_params=params)


class Coalesced:
    """The client's socket with its writes held until the next read: umqtt.simple writes
    a packet in up to four pieces, and over TLS each is a record and a TCP segment, which
    Nagle's algorithm and the broker's delayed ack turn into ~40 ms per QoS 1 publish
    (measured on loopback); one write per packet costs one round trip."""

    def __init__(self, sock):
        self.sock = sock
        self.out = []

    def write(self, data, n=None):
        if isinstance(data, str):
            data = data.encode()
        self.out.append(bytes(data if n is None else data[:n]))
        return len(self.out[-1])

    def flush(self):
        if self.out:
            data = b"".join(self.out)
            self.out = []
            self.sock.write(data)

    def read(self, n):
        self.flush()
        return self.sock.read(n)

    def setblocking(self, flag):
        self.flush()
        self.sock.setblocking(flag)

    def close(self):
        self.out = []
        self.sock.close()


def _tls(der):
    """An SSLContext that checks the broker against the room's CA. It serves both
    releases of umqtt.simple: the newer wraps the socket with it, the PyPI one calls
    ussl.wrap_socket(**ssl_params) and only tests that `ssl` is true."""
    import ssl
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    ctx.verify_mode = ssl.CERT_REQUIRED
    ctx.load_verify_locations(cadata=der)
    return ctx


def _tls_params(der, host):
    import ssl
    return {"cadata": der, "cert_reqs": ssl.CERT_REQUIRED, "server_hostname": host}


def _path(root, name):
    return name if not root else root.rstrip("/") + "/" + name


class MqttPub:
    """Publishes the link's lines; `poll(now_ms)` from the app's loop."""

    def __init__(self, link, room, table, client, root="", retry_ms=RETRY_MS, network_up=None):
        self.link = link
        self.topic = "tapete/%s/%s/log" % (room, table)
        self.asks = "tapete/%s/%s/resend" % (room, table)
        self.notices_topic = "tapete/%s/%s/notice" % (room, table)
        self._notices_b = self.notices_topic.encode()   # as umqtt.simple gives it
        self.notices = []                   # notice lines for the controller (hand_notices)
        self.client = client
        self.outbox = _path(root, OUTBOX)
        self.retry_ms = retry_ms
        self.network_up = network_up        # e.g. network.WLAN().isconnected
        self.next = link.next_seq           # lines before it were sent before a restart
        self.up = False
        self.tried = None
        self.published = 0
        self.outboxed = 0
        self.downs = 0
        self.pending_ask = None
        self._out_pos = 0                   # lines of the outbox already published
        self._reader = None
        self.out_first = 0                  # seq of the outbox's first line
        self._out_count = self._count_outbox()

    # -- the outbox journal in flash ---------------------------------------------------
    def _count_outbox(self):
        """Lines in the outbox (one left by a power cut is published first); its lines
        are consecutive seqs from self.out_first."""
        n = 0
        try:
            with open(self.outbox) as f:
                for line in f:
                    if n == 0:
                        self.out_first = json.loads(line)["seq"]
                    n += 1
        except (OSError, ValueError, KeyError):
            pass
        return n

    def _save(self):
        """Append ring lines about to be overwritten to the outbox (the network down)."""
        link = self.link
        keep = len(link.lines) // 2         # room left in the ring before a line is lost
        if link.next_seq - self.next <= keep:
            return
        if self._out_count == 0:
            self.out_first = self.next
        with open(self.outbox, "a") as f:
            while link.next_seq - self.next > keep:
                f.write(link.lines[self.next % len(link.lines)].rstrip("\n"))
                f.write("\n")
                self.next += 1
                self._out_count += 1
                self.outboxed += 1

    def _outbox_line(self):
        if self._reader is None:
            self._reader = open(self.outbox)
            for _ in range(self._out_pos):
                self._reader.readline()
        return self._reader.readline().rstrip("\n")

    def _outbox_done(self):
        import os
        if self._reader is not None:
            self._reader.close()
            self._reader = None
        try:
            os.remove(self.outbox)
        except OSError:
            pass
        self._out_pos = self._out_count = 0

    # -- the connection ------------------------------------------------------------------
    def _connect(self, now_ms):
        if self.tried is not None and now_ms - self.tried < self.retry_ms:
            return False
        self.tried = now_ms
        if self.network_up is not None and not self.network_up():
            return False
        try:
            self.client.set_callback(self._ask)
            self.client.connect(clean_session=False)
            self.client.sock = Coalesced(self.client.sock)
            self.client.subscribe(self.asks, 1)
            self.client.subscribe(self.notices_topic, 1)
        except Exception:       # OSError, MQTTException, a TLS failure: try again later
            self._down()
            return False
        self.up = True
        return True

    def _down(self):
        if self._reader is not None:        # read again from _out_pos when back
            self._reader.close()
            self._reader = None
        if self.up:
            self.downs += 1
        self.up = False
        try:
            self.client.sock.close()
        except Exception:
            pass

    def _ask(self, topic, msg):
        if topic == self._notices_b or topic == self.notices_topic:
            self._notice(msg)
            return
        try:
            self.pending_ask = int(json.loads(msg)["from"])
        except (ValueError, KeyError, TypeError):
            pass

    def _notice(self, msg):
        """A notice from the room, kept as a host line for the controller (beyond
        NOTICES not yet taken, the oldest is dropped: the latest matter)."""
        try:
            line = msg.decode() if isinstance(msg, (bytes, bytearray)) else str(msg)
        except UnicodeError:
            return
        if len(self.notices) >= NOTICES:
            self.notices.pop(0)
        self.notices.append(line)

    def hand_notices(self):
        """Wrap the link's `poll_lines` so that the room's notices reach whoever reads
        the host's lines (the controller's on_line), before the serial's own."""
        serial = self.link.poll_lines
        notices = self.notices

        def poll_lines(handle, *limit):
            while notices:
                handle(notices.pop(0))
            serial(handle, *limit)
        setattr(self.link, "poll_lines", poll_lines)    # this link's own, the class's untouched

    def _answer(self):
        """The room asked again from seq `first`: from the outbox or the ring, or say
        which is the oldest line still held."""
        first = self.pending_ask
        self.pending_ask = None
        if first is None:
            return
        boxed = self._out_count > 0
        oldest = self.out_first if boxed else self.link.oldest()
        if first < oldest:
            self.client.publish(self.topic, json.dumps({"ev": "x-held", "oldest": oldest}), qos=1)
            first = oldest
        if boxed and first < self.out_first + self._out_count:
            if first - self.out_first < self._out_pos:
                self._out_pos = first - self.out_first
                if self._reader is not None:
                    self._reader.close()
                    self._reader = None
        elif first < self.next:
            self.next = max(first, self.link.oldest())     # sent again from the ring

    # -- the work ------------------------------------------------------------------------
    def poll(self, now_ms):
        """Publish up to BATCH lines (outbox first, then the ring); True when idle."""
        if not self.up:
            self._save()
            if not self._connect(now_ms):
                return False
        try:
            self.client.check_msg()
            if self.pending_ask is not None:
                self._answer()
            for _ in range(BATCH):
                if self._out_pos < self._out_count:
                    line = self._outbox_line()
                    if line:
                        self.client.publish(self.topic, line, qos=1)
                        self.published += 1
                    self._out_pos += 1
                    if self._out_pos >= self._out_count:
                        self._outbox_done()
                    continue
                if self.next < self.link.oldest():
                    self.next = self.link.oldest()      # left the ring: the room asks, x-held
                if self.next >= self.link.next_seq:
                    return True
                line = self.link.lines[self.next % len(self.link.lines)]
                self.client.publish(self.topic, line.rstrip("\n"), qos=1)
                self.next += 1
                self.published += 1
        except Exception:       # the broker or the network went away mid-way
            self._down()
            self._save()
            return False
        return self.next >= self.link.next_seq and self._out_pos >= self._out_count


CONFIG = "room.json"


def from_config(link, root="", retry_ms=RETRY_MS):
    """The table's publisher from `room.json` in flash, or None when the table is in no
    room. room.json: {"room", "table", "host", "port", "password", "ca" (the room's
    ca.crt, PEM), and on a Pico W "ssid", "wifi_password"}. Wi-Fi is joined in the
    background; until it is up the publisher keeps its lines (MqttPub.network_up)."""
    try:
        with open(_path(root, CONFIG)) as f:
            cfg = json.load(f)
    except OSError:
        return None
    network_up = None
    try:
        import network  # type: ignore[import-not-found]  # a Pico W's (not in the Pico stubs)
    except ImportError:
        network = None          # the unix port: its sockets need no joining
    if network is not None and cfg.get("ssid"):
        wlan = network.WLAN(network.STA_IF)
        wlan.active(True)
        if not wlan.isconnected():
            wlan.connect(cfg["ssid"], cfg.get("wifi_password", ""))
        network_up = wlan.isconnected
    client = make_client(cfg["table"], cfg["host"], cfg.get("port", 8883), cfg["password"], cfg.get("ca"))
    pub = MqttPub(link, cfg["room"], cfg["table"], client, root, retry_ms, network_up)
    pub.hand_notices()
    return pub


async def room_task(pub, ticks_ms):
    """The app's task for a table in a room: publish while there is something to."""
    import asyncio
    while True:
        idle = pub.poll(ticks_ms())
        await asyncio.sleep_ms(50 if idle else 5)
