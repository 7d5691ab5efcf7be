"""A Pico W's table in a room: every log line published to tapete/<room>/<table>/log at
QoS 1 (docs/protocol.md 1.2, "Rooms"; docs/room.md), unchanged (sealed, with its seq),
by an MQTT client that never holds the table's loop: a broker away, slow or coming back never delays a verdict light.

The client is Peter Hinch's mqtt_as, installed onto the Pico W by `make deploy ROOM=...`
from its own package (`mpremote mip install github:peterhinch/micropython-mqtt`), never
part of this repository. Every socket step in it is non-blocking and awaited: the TCP
connect, the TLS handshake (`do_handshake` off: it advances inside the client's awaited
writes and reads), each QoS 1 publish's wait for its PUBACK (bounded by response_time),
and the reconnections (its own task, once a first connection was made). The table's
tasks run in between. (What cannot yield: the handshake's public-key arithmetic, one
mbedtls call: docs/room.md.) The topics come from room_topics, which the host reads too.

The publisher is a second reader of the link's resend ring (link.py): it keeps its own
place (`next`, the seq of the next line to take) and never changes what the serial link
does. Its two tasks (`run`):
  publish  takes the next line (the outbox first, then the ring) and awaits its
           publication: while the broker is away mqtt_as waits for it, then sends;
  keep     every KEEP_MS moves the lines that would leave the ring before they are
           published to an outbox journal in flash (`mqtt.jsonl`: written only while
           the room is half a ring behind, the broker away or slow, so a healthy room
           wears no flash); the file goes once it is published.
The room asks for a gap on tapete/<room>/<table>/resend: a seq still in the ring is sent
again; one that left it is answered with {"ev": "x-held", "oldest": O}.

Each boot in a room has a run id (run_id, on the link): the link puts it on every
`match` the table makes, so the room tells a re-flashed or swapped Pico numbering from
0 again from lines received twice.

The room's notices to the players (a misboarded hand, the next round's names) come on
tapete/<room>/<table>/notice as host commands (table/io/host.py). They are put on the
link's inbox, a queue its `poll_lines` reads before the serial's own lines, so the
controller handles a notice between plays like every host command.
"""
import json

import asyncio
from room_topics import LOG, NOTICE, RESEND, topic

RETRY_MS = 5000         # between first tries while the broker is away (then mqtt_as reconnects)
KEEP_MS = 50            # how often the keep task looks at the ring
IDLE_MS = 20            # the publish task's look for a new line when it has none
RESPONSE_S = 10         # mqtt_as: a PUBACK or a read later than this is a broken connection
KEEPALIVE_S = 30
OUTBOX = "mqtt.jsonl"
NOTICES = 4             # notices kept until the controller takes them (a few per hand at most)


def ca_der(pem):
    """The DER bytes of a PEM certificate (the room's ca.crt)."""
    import binascii
    body = "".join(l.strip() for l in pem.splitlines() if l.strip() and not l.startswith("-----"))
    return binascii.a2b_base64(body)


def run_id():
    """This boot's run id: 12 hex digits, fresh at every boot (a re-flashed or swapped
    Pico numbers its lines from 0 again; the room then sees a new run, never lines
    received twice). Random, not the board's unique id: the same Pico booted again
    is a new run too."""
    import binascii
    import os
    return binascii.hexlify(os.urandom(6)).decode()


def _path(root, name):
    return name if not root else root.rstrip("/") + "/" + name


class MqttPub:
    """Publishes the link's lines through an mqtt_as client: `run(client)` is the task."""

    def __init__(self, link, room, table, root="", retry_ms=RETRY_MS):
        self.link = link
        self.topic = topic(room, table, LOG)
        self.asks = topic(room, table, RESEND)
        self.notices_topic = topic(room, table, NOTICE)
        self._asks_b = self.asks.encode()           # mqtt_as gives topics as bytes
        self._notices_b = self.notices_topic.encode()
        self.outbox = _path(root, OUTBOX)
        self.retry_ms = retry_ms
        self.next = link.next_seq           # lines before it were sent before a restart
        self.up = False
        self.tries = 0                      # first connections tried and failed
        self.connects = 0                   # connections made: the first and each reconnection
        self.published = 0
        self.outboxed = 0
        self.downs = 0
        self.pending_ask = None
        self._out_pos = 0                   # lines of the outbox already published
        self._out_off = 0                   # ... and their bytes: where its next line starts
        self._reader = None
        self._taken_off = 0                 # where the line after the one being published starts
        self.out_first = 0                  # seq of the outbox's first line
        self._out_count = self._count_outbox()

    # -- mqtt_as's handlers (config: subs_cb, connect_coro, wifi_coro) -----------------
    def on_message(self, topic_b, msg, retained=False, *more):
        """A message on a subscribed topic (mqtt_as gives topic and message as bytes)."""
        if topic_b == self._notices_b:
            self._notice(msg)
        elif topic_b == self._asks_b:
            try:
                self.pending_ask = int(json.loads(msg)["from"])
            except (ValueError, KeyError, TypeError):
                pass

    async def on_connect(self, client):
        """Each connection, the first and every reconnection: the room's topics."""
        self.connects += 1
        await client.subscribe(self.asks, 1)
        await client.subscribe(self.notices_topic, 1)

    async def on_wifi(self, up):
        """The connection up or down (mqtt_as calls it `wifi_coro`)."""
        if self.up and not up:
            self.downs += 1
        self.up = up

    def _notice(self, msg):
        """A notice from the room, queued on the link's inbox for the controller (beyond
        NOTICES not yet taken, the oldest is dropped: the latest matter)."""
        try:
            line = bytes(msg).decode()
        except UnicodeError:
            return
        inbox = self.link.inbox
        if len(inbox) >= NOTICES:
            inbox.pop(0)
        inbox.append(line)

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
        """Append ring lines about to be overwritten to the outbox (the room behind)."""
        link = self.link
        keep = len(link.lines) // 2         # room left in the ring before a line is lost
        if link.next_seq - self.next <= keep:
            return
        self._close_reader()                # read again past what is appended now
        if self._out_count == 0:
            self.out_first = self.next
        with open(self.outbox, "a") as f:
            while link.next_seq - self.next > keep:
                f.write(link.lines[self.next % len(link.lines)].rstrip("\n"))
                f.write("\n")
                self.next += 1
                self._out_count += 1
                self.outboxed += 1

    def _close_reader(self):
        if self._reader is not None:
            self._reader.close()
            self._reader = None

    def _outbox_line(self):
        """The outbox's line at _out_pos: opened again at its byte offset (a seek: the
        keep task closes the reader when it appends), never read from the start."""
        if self._reader is None:
            self._reader = open(self.outbox, "rb")
            self._reader.seek(self._out_off)
        raw = self._reader.readline()
        self._taken_off = self._out_off + len(raw)
        try:
            return raw.decode().rstrip("\n")
        except UnicodeError:
            return ""

    def _outbox_from(self, pos):
        """Publish the outbox again from its line `pos` (the room asked; rare)."""
        self._close_reader()
        off = 0
        with open(self.outbox, "rb") as f:
            for _ in range(pos):
                off += len(f.readline())
        self._out_pos = pos
        self._out_off = off

    def _outbox_sent(self):
        """One more outbox line published; the file goes with its last."""
        self._out_pos += 1
        self._out_off = self._taken_off
        if self._out_pos < self._out_count:
            return
        import os
        self._close_reader()
        try:
            os.remove(self.outbox)
        except OSError:
            pass
        self._out_pos = self._out_count = self._out_off = 0

    def _take(self):
        """(the next line to publish, whether it is the outbox's), or (None, False)."""
        if self._out_pos < self._out_count:
            return self._outbox_line(), True
        link = self.link
        if self.next < link.oldest():
            self.next = link.oldest()       # left the ring unsaved: the room asks, x-held
        if self.next >= link.next_seq:
            return None, False
        line = link.lines[self.next % len(link.lines)].rstrip("\n")
        self.next += 1                      # taken: the keep task saves only what follows
        return line, False

    async def _answer(self, client, first):
        """The room asked again from seq `first`: from the outbox or the ring, or say
        which is the oldest line still held."""
        oldest = self.out_first if self._out_count > 0 else self.link.oldest()
        if first < oldest:
            await client.publish(self.topic, json.dumps({"ev": "x-held", "oldest": oldest}), qos=1)
            first = oldest
        if self._out_count > 0 and first < self.out_first + self._out_count:
            if first - self.out_first < self._out_pos:
                self._outbox_from(first - self.out_first)
        elif first < self.next:
            self.next = max(first, self.link.oldest())     # sent again from the ring

    # -- the tasks -------------------------------------------------------------------
    async def _keep(self):
        while True:
            self._save()
            await asyncio.sleep_ms(KEEP_MS)

    async def run(self, client):
        """Connect (trying again every retry_ms until a first connection is made: after
        it mqtt_as keeps the connection itself), then publish for ever."""
        asyncio.create_task(self._keep())
        while True:
            try:
                await client.connect(quick=self.tries > 0)  # the Wi-Fi's 5 s check once
                break
            except Exception:   # OSError, a TLS refusal (ValueError): try again later
                self.tries += 1
                await asyncio.sleep_ms(self.retry_ms)
        while True:
            first = self.pending_ask
            if first is not None:
                self.pending_ask = None
                await self._answer(client, first)
            line, boxed = self._take()
            if line is None:
                await asyncio.sleep_ms(IDLE_MS)
                continue
            if line:                        # (an outbox line cut by a power cut is skipped)
                await client.publish(self.topic, line, qos=1)   # returns on its PUBACK
                self.published += 1
            if boxed:
                self._outbox_sent()

    def idle(self):
        """Nothing left to publish."""
        return self._out_pos >= self._out_count and self.next >= self.link.next_seq


def client_config(pub, cfg, response_s=RESPONSE_S):
    """mqtt_as's config for the table's user from room.json: TLS under the room's CA
    when it gives one (the broker's certificate and name checked). Clean sessions: mqtt_as
    (0.8.3) refuses a CONNACK whose session-present flag is set, so with a session kept
    at the broker it would never connect again; the table subscribes on each connection
    instead (on_connect), the room asks a gap again every second and its names notice
    is retained: only a misboard notice sent while the table is away is not seen."""
    from mqtt_as import config  # type: ignore[import-not-found]  # installed by mip (make deploy)
    c = dict(config)
    # the client id is the user's name: the room's broker binds them (use_username_as_clientid)
    c.update(client_id=cfg["table"], server=cfg["host"], port=cfg.get("port", 8883),
             user=cfg["table"], password=cfg["password"], keepalive=KEEPALIVE_S,
             response_time=response_s, clean_init=True, clean=True, queue_len=0,
             subs_cb=pub.on_message, connect_coro=pub.on_connect, wifi_coro=pub.on_wifi,
             ssid=cfg.get("ssid"), wifi_pw=cfg.get("wifi_password"))
    if cfg.get("ca"):
        import ssl
        c["ssl"] = True
        c["ssl_params"] = {"server_hostname": cfg["host"], "cert_reqs": ssl.CERT_REQUIRED,
                           "cadata": ca_der(cfg["ca"]), "do_handshake": False}
    return c


CONFIG = "room.json"


def from_config(link, root="", retry_ms=RETRY_MS, response_s=RESPONSE_S):
    """(the table's publisher, its mqtt_as client) from `room.json` in flash, or None
    when the table is in no room. room.json: {"room", "table", "host", "port",
    "password", "ca" (the room's ca.crt, PEM), and on a Pico W "ssid",
    "wifi_password"}: mqtt_as joins the Wi-Fi itself, in the background."""
    try:
        with open(_path(root, CONFIG)) as f:
            cfg = json.load(f)
    except OSError:
        return None
    from mqtt_as import MQTTClient  # type: ignore[import-not-found]  # installed by mip (make deploy)
    link.run = run_id()
    pub = MqttPub(link, cfg["room"], cfg["table"], root, retry_ms)
    return pub, MQTTClient(client_config(pub, cfg, response_s))


async def room_task(room):
    """The app's task for a table in a room: `room` is what from_config gave."""
    pub, client = room
    await pub.run(client)
