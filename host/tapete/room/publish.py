"""A table's side of a room on a computer: each log line published to
tapete/<room>/<table>/log at QoS 1, and the room's resend asks answered.

Used by `tapete record PORT --mqtt URL` (a table without Wi-Fi, on whatever small
computer its USB goes to) and by the room demo's simulated tables. The lines are
kept (as published, for the whole run: a match is a few thousand lines) so any ask
can be answered; paho queues what is published while the broker is away and sends
it when it is back (no line is dropped from its queue: room_mqtt.client).

The room's notices to the table (tapete/<room>/<table>/notice: a misboarded hand)
are host commands; they are kept until the recorder takes them (`take_commands`)
and sends them down the serial line between two of the table's lines, so the
serial port is written by the recorder's thread alone.
"""
import json
import threading

from .lines import log_topic, notice_topic, resend_topic
from ..rules import names as rules_names
from ..rules.errors import TableError

RESEND_BATCH = 500      # lines per ask: the room asks again for the rest
NOTICES = 16            # notices kept for the recorder (beyond: the oldest dropped)


class TablePublisher:
    """Publishes one table's lines; `publish(ev)` for each event in seq order."""

    def __init__(self, room, table, connect, client_id=None):
        from .mqtt import Connected, guarded
        self.room, self.table = room, table
        self.topic = log_topic(room, table)
        self.notice_topic = notice_topic(room, table)
        self.notices = []           # host commands from the room, for take_commands()
        self.notices_refused = 0    # notice messages that were no notice command
        self.kept = {}              # seq -> the line's text
        self.oldest = None
        self.lock = threading.Lock()
        self.resent = 0
        # A fixed client id and a kept session: asks made while we were away still come.
        self.client = connect(client_id or "tapete-table-%s-%s" % (room, table), False)
        self.connected = Connected(self.client)
        self.connected.on_up = self._subscribe
        self.client.on_message = guarded(self._ask)

    def start(self, host, port, wait_s=10.0):
        self.client.connect_async(host, port, keepalive=20)
        self.client.loop_start()
        self.connected.wait(wait_s, "the broker at %s:%d" % (host, port))
        return self

    def stop(self, flush_s=10.0):
        """Wait (up to flush_s) for every line to be acknowledged, then disconnect."""
        import time
        deadline = time.monotonic() + flush_s
        while self.client.want_write() or self._unacked():
            if time.monotonic() > deadline:
                break
            time.sleep(0.02)
        self.client.disconnect()
        self.client.loop_stop()

    def _unacked(self):
        # paho keeps in-flight QoS 1 messages until their PUBACK
        return bool(getattr(self.client, "_out_messages", None))

    def _subscribe(self, c):
        c.subscribe([(resend_topic(self.room, self.table), 1), (self.notice_topic, 1)])

    def publish(self, ev):
        """Publish one event (a dict with its seq, or the line's text)."""
        text = ev if isinstance(ev, str) else json.dumps(ev)
        seq = ev.get("seq") if isinstance(ev, dict) else json.loads(text).get("seq")
        with self.lock:
            if isinstance(seq, int):
                self.kept[seq] = text
                if self.oldest is None:
                    self.oldest = seq
        return self.client.publish(self.topic, text, qos=1)

    def _ask(self, c, userdata, msg):
        if msg.topic == self.notice_topic:
            self._notice(msg.payload)
            return
        try:
            cmd = json.loads(msg.payload.decode("utf-8"))
            first = int(cmd.get("from"))
            last = int(cmd["to"]) if cmd.get("to") is not None else None
        except (ValueError, TypeError, AttributeError, UnicodeDecodeError):
            return      # not an ask: nothing to do (the ACL lets only the room write here)
        with self.lock:
            # only the gap asked (`to`, the room's since issue 36), in one batch at most
            lines = [self.kept[s] for s in sorted(self.kept)
                     if s >= first and (last is None or s <= last)][:RESEND_BATCH]
            oldest = self.oldest
        if oldest is not None and first < oldest:
            c.publish(self.topic, json.dumps({"ev": "x-held", "oldest": oldest}), qos=1)
        for text in lines:
            self.resent += 1
            c.publish(self.topic, text, qos=1)


    def _notice(self, payload):
        try:
            cmd = json.loads(payload.decode("utf-8"))
        except (ValueError, UnicodeDecodeError):
            cmd = None
        if not isinstance(cmd, dict) or cmd.get("cmd") not in ("notice", "names"):
            self.notices_refused += 1       # only the room's notices and names go down
            return
        if cmd["cmd"] == "names":
            from ..log.names import commands
            try:
                names = rules_names.check(dict((k, cmd[k]) for k in rules_names.KEYS if k in cmd))
            except TableError:
                self.notices_refused += 1
                return
            # a list the round leaves empty clears the last round's; the rest in pieces
            # short enough for the serial line
            pieces = [{"cmd": "names", k: [], "id": "room-names"} for k in rules_names.KEYS
                      if not names.get(k)] + commands(names, "room-names")
            with self.lock:
                self.notices.extend(pieces)
                del self.notices[:-NOTICES]
            return
        with self.lock:
            self.notices.append(cmd)
            del self.notices[:-NOTICES]

    def take_commands(self):
        """The room's notices received since the last call, as host commands."""
        with self.lock:
            out, self.notices = self.notices, []
        return out


class Tee:
    """The recorder's match database, with every stored line also published: what
    `tapete record PORT --mqtt URL` hands the recorder as its `db`."""

    def __init__(self, db, publisher):
        self.db = db
        self.publisher = publisher
        self.path = db.path

    def add(self, ev):
        self.db.add(ev)
        if isinstance(ev.get("seq"), int):      # the recorder's own x-gap is no table line
            self.publisher.publish(ev)

    def take_commands(self):
        """The room's host commands for the table (serial_cli.record sends them)."""
        return self.publisher.take_commands()

    def close(self):
        self.publisher.stop()
        self.db.close()


def publishing(db, url, password_file=None, ca=None):
    """(Tee, publisher) for `tapete record --mqtt mqtts://TABLE@HOST:PORT/ROOM`: the
    table is the address's user, its password from `password_file`, TLS under `ca`."""
    from .lines import RoomError
    from .mqtt import Address, client, read_password
    addr = Address(url)
    if not addr.user or not addr.room:
        raise RoomError("--mqtt %s: write mqtts://TABLE@HOST:PORT/ROOM (the table is the broker user)" % url)
    if addr.tls and not ca:
        raise RoomError("--mqtt %s: TLS needs the room's CA certificate: --mqtt-ca ca.crt" % url)
    word = read_password(password_file) if password_file else None
    pub = TablePublisher(addr.room, addr.user,
                         lambda cid, clean: client(cid, addr.user, word, ca if addr.tls else None, clean))
    pub.start(addr.host, addr.port)
    return Tee(db, pub), pub
