"""A table's side of a room on a computer: each log line published to
tapete/<room>/<table>/log at QoS 1, and the room's resend asks answered.

Used by `tapete record PORT --mqtt URL` (a table without Wi-Fi, on whatever small
computer its USB goes to) and by the room demo's simulated tables. The lines are
kept (as published, for the whole run: a match is a few thousand lines) so any ask
can be answered; paho queues what is published while the broker is away and sends
it when it is back (no line is dropped from its queue: room_mqtt.client).

With the recorder's log (`tapete record --mqtt`), what paho holds only in memory is
also kept on disk: the log is the store and backlog.py says how far the broker has
acknowledged it, so a recorder started again (killed while the broker was away)
publishes first what the room never had. It starts while the broker is away too:
recording at once, publishing when the broker comes.

A line longer than the broker takes (broker.LINE_LIMIT) is not sent: the broker
would drop it all the same; it is counted (`too_long`).

The room's notices to the table (tapete/<room>/<table>/notice: a misboarded hand, the
next round's names, a round with a clock: its names in pieces, then the round)
are host commands; they are kept until the recorder takes them (`take_commands`)
and sends them down the serial line between two of the table's lines, so the
serial port is written by the recorder's thread alone.
"""
import json
import logging
import os
import threading

from .broker import LINE_LIMIT
from .lines import log_topic, notice_topic, resend_topic
from ..rules import names as rules_names
from ..rules.errors import TableError

RESEND_BATCH = 500      # lines per ask: the room asks again for the rest
NOTICES = 16            # notices kept for the recorder (beyond: the oldest dropped)

log = logging.getLogger(__package__)


class TablePublisher:
    """Publishes one table's lines; `publish(ev)` for each event in seq order."""

    def __init__(self, room, table, connect, client_id=None, backlog=None):
        """`backlog` (backlog.Backlog of the recorder's log): what the room has not
        acknowledged of it is published first, its last run kept for the asks."""
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
        self.too_long = 0           # lines longer than the broker takes: never sent
        self.backlog = backlog
        self.pending = {}           # mid -> the backlog's entry (None: a resend), until its PUBACK
        self.early = set()          # mids whose PUBACK came before publish() returned
        self.republished = 0        # lines of the log the room had not had at the start
        # A fixed client id and a kept session: asks made while we were away still come.
        self.client = connect(client_id or table, False)
        self.connected = Connected(self.client)
        self.connected.on_up = self._subscribe
        self.subscribed = threading.Event()     # the broker took our subscriptions
        self.client.on_subscribe = guarded(lambda *args: self.subscribed.set())
        self.client.on_message = guarded(self._ask)
        self.client.on_publish = guarded(self._acked)
        if backlog is not None:
            kept, waiting = backlog.read()
            with self.lock:
                self.kept = dict(kept)
                self.oldest = min(self.kept) if self.kept else None
            for end, seq, text in waiting:
                if seq is None:
                    backlog.line(end, acked=True)
                else:
                    self.republished += 1
                    self.publish(text, end)

    def start(self, host, port, wait_s=10.0, away_ok=False):
        """Connect (in paho's thread, which connects again whenever the broker is back).
        RoomError when the broker refuses, or does not answer within wait_s unless
        `away_ok` (then what is published waits for it)."""
        from .lines import RoomError
        self.client.connect_async(host, port, keepalive=20)
        self.client.loop_start()
        try:
            self.connected.wait(wait_s, "the broker at %s:%d" % (host, port))
        except RoomError:
            if self.connected.refused or not away_ok:
                self.client.loop_stop()
                raise
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
        if self.backlog is not None:
            self.backlog.advance()
            self.backlog.save(force=True)

    def waiting(self):
        """Lines of the log the room has not acknowledged (None without a log)."""
        return None if self.backlog is None else self.backlog.waiting()

    def _unacked(self):
        # paho keeps in-flight QoS 1 messages until their PUBACK
        return bool(getattr(self.client, "_out_messages", None))

    def _subscribe(self, c):
        c.subscribe([(resend_topic(self.room, self.table), 1), (self.notice_topic, 1)])

    def publish(self, ev, end=None):
        """Publish one event (a dict with its seq, or the line's text); `end`: where the
        line ends in the recorder's log (the backlog follows its acknowledgement)."""
        text = ev if isinstance(ev, str) else json.dumps(ev)
        seq = ev.get("seq") if isinstance(ev, dict) else json.loads(text).get("seq")
        entry = None if end is None or self.backlog is None else self.backlog.line(end)
        if len(text.encode("utf-8")) > LINE_LIMIT:
            self.too_long += 1
            log.warning("line %s is %d bytes, longer than the room's broker takes (%d): not sent",
                        seq, len(text.encode("utf-8")), LINE_LIMIT)
            if entry is not None:
                entry[1] = True
            return None
        with self.lock:
            if isinstance(seq, int):
                self.kept[seq] = text
                if self.oldest is None:
                    self.oldest = seq
        return self._send(text, entry)

    def _send(self, text, entry=None):
        """Publish at QoS 1 and follow its PUBACK (paho's lock is never taken under ours:
        its network thread calls _acked holding it)."""
        info = self.client.publish(self.topic, text, qos=1)
        with self.lock:
            if info.mid in self.early:
                self.early.discard(info.mid)
                if entry is not None:
                    entry[1] = True
            else:
                self.pending[info.mid] = entry
        return info

    def _acked(self, c, userdata, mid, reason=None, props=None):
        with self.lock:
            if mid not in self.pending:
                self.early.add(mid)
                return
            entry = self.pending.pop(mid)
        if entry is not None:
            entry[1] = True

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
            self._send(json.dumps({"ev": "x-held", "oldest": oldest}))
        for text in lines:
            self.resent += 1
            self._send(text)

    def _notice(self, payload):
        try:
            cmd = json.loads(payload.decode("utf-8"))
        except (ValueError, UnicodeDecodeError):
            cmd = None
        if not isinstance(cmd, dict) or cmd.get("cmd") not in ("notice", "names", "round"):
            self.notices_refused += 1       # only the room's notices, names and rounds go down
            return
        if cmd["cmd"] in ("names", "round"):
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
            if cmd["cmd"] == "round":       # the round itself after its names, names left out
                pieces.append(dict((k, v) for k, v in cmd.items() if k not in rules_names.KEYS))
            with self.lock:
                self.notices.extend(pieces)
                del self.notices[:-NOTICES]
            return
        with self.lock:
            self.notices.append(cmd)
            del self.notices[:-NOTICES]

    def wait_room(self, wait_s=3.0, retained_s=0.5):
        """Before a match the recorder starts: the room's retained word for the table
        (its round, its names) has come, or there is none. With the broker up, waits
        for the subscription's answer (at most `wait_s`), then up to `retained_s` for a
        notice: a broker sends a topic's retained message right after it. A broker away
        is not waited for (the match starts; the names come for the next one)."""
        import time
        if not self.connected.up or not self.subscribed.wait(wait_s):
            return False
        deadline = time.monotonic() + retained_s
        while time.monotonic() < deadline:
            with self.lock:
                if self.notices:
                    return True
            time.sleep(0.02)
        return False

    def take_commands(self):
        """The room's notices received since the last call, as host commands (called
        by the recorder between two reads: the backlog's state follows the acks)."""
        if self.backlog is not None:
            self.backlog.advance()
        with self.lock:
            out, self.notices = self.notices, []
        return out


class Tee:
    """The recorder's match database, with every stored line also published: what
    `tapete record PORT --mqtt URL` hands the recorder as its `db`. With the log's
    backlog, each line is followed from where it ends in the log (written just before:
    recording.record writes the log, then the database)."""

    def __init__(self, db, publisher):
        self.db = db
        self.publisher = publisher
        self.path = db.path
        self.backlog = publisher.backlog

    def add(self, ev):
        self.db.add(ev)
        end = os.path.getsize(self.backlog.log) if self.backlog is not None else None
        if isinstance(ev.get("seq"), int):      # the recorder's own x-gap is no table line
            self.publisher.publish(ev, end)
        elif end is not None:
            self.backlog.line(end, acked=True)
        if self.backlog is not None:
            self.backlog.advance()

    def take_commands(self):
        """The room's host commands for the table (serial_cli.record sends them)."""
        return self.publisher.take_commands()

    def wait_room(self):
        """The room's word for the next match has come, or there is none (TablePublisher)."""
        return self.publisher.wait_room()

    def close(self):
        self.publisher.stop()
        self.db.close()


def publishing(db, url, password_file=None, ca=None, log_path=None, wait_s=2.0):
    """(Tee, publisher) for `tapete record --mqtt mqtts://TABLE@HOST:PORT/ROOM`: the
    table is the address's user, its password from `password_file`, TLS under `ca`.
    With `log_path` (the recorder's log), what the room has not acknowledged of it is
    published first, and a broker away at the start is waited for while recording
    (RoomError only when it refuses the table)."""
    from .backlog import Backlog
    from .lines import RoomError
    from .mqtt import Address, client, read_password
    addr = Address(url)
    if not addr.user or not addr.room:
        raise RoomError("--mqtt %s: write mqtts://TABLE@HOST:PORT/ROOM (the table is the broker user)" % url)
    if addr.tls and not ca:
        raise RoomError("--mqtt %s: TLS needs the room's CA certificate: --mqtt-ca ca.crt" % url)
    word = read_password(password_file) if password_file else None
    backlog = Backlog(log_path, log_topic(addr.room, addr.user)) if log_path else None
    pub = TablePublisher(addr.room, addr.user,
                         lambda cid, clean: client(cid, addr.user, word, ca if addr.tls else None, clean),
                         backlog=backlog)
    pub.start(addr.host, addr.port, wait_s, away_ok=backlog is not None)
    if backlog is not None:
        backlog.save(force=True)
    return Tee(db, pub), pub
