"""A room of tables on one MQTT broker (docs/protocol.md 1.2, "Rooms"): topic names,
and each table's intake, which turns the lines a broker delivers into the table's log
in `seq` order, each line once.

Topics (`<room>` and `<table>`: letters, digits, `-` and `_`; the templates are
firmware/room_topics, read by the table too):
  tapete/<room>/<table>/log      the table publishes each log line, unchanged, QoS 1
  tapete/<room>/<table>/resend   the room asks the table again: {"cmd": "resend", "from": N}
                                 (the serial link's own command, docs/protocol.md)
  tapete/<room>/<table>/notice   the room tells the table's players: {"cmd": "notice",
                                 "what": "misboard", "board": N, "hand": H} (a host command,
                                 docs/protocol.md: the panel shows it until the next deal)
A table that no longer holds a line it is asked for says so on its log topic with
`{"ev": "x-held", "oldest": O}` (no seq: it is not part of the log).

QoS 1 means "at least once": a line can arrive twice (a publisher that did not see
the broker's ack sends it again) and, across a reconnect, after a later one. The
intake stores a line once (by its seq), holds lines that arrive early until the gap
before them is filled, and asks the table for the gap again until it is.
"""
import json
import re

from ..log.intake import MAX_HELD, SeqIntake
from ..log.link import unseal
from ..room_topics import LOG, NOTICE, PREFIX, RESEND, parse, topic

NAME = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
REASK_S = 1.0           # a gap still open is asked again this often


class RoomError(ValueError):
    """A bad room or table name, a bad broker address (a user's mistake: exit 2)."""

    exit_code = 2


def check_name(name, what="table"):
    """`name` when it is a valid room or table name, else RoomError quoting it."""
    if not isinstance(name, str) or not NAME.match(name):
        raise RoomError("%s name %r: use 1 to 64 letters, digits, '-' or '_'" % (what, name))
    return name


def log_topic(room, table):
    return topic(check_name(room, "room"), check_name(table), LOG)


def resend_topic(room, table):
    return topic(check_name(room, "room"), check_name(table), RESEND)


def notice_topic(room, table):
    return topic(check_name(room, "room"), check_name(table), NOTICE)


def misboard_notice(board, hand):
    """The notice a table gets when its hand did not match its duplicate board."""
    return {"cmd": "notice", "what": "misboard", "board": board, "hand": hand}


def parse_topic(topic):
    """(room, table, kind) of a room topic, or None when it is not one."""
    parts = parse(topic)
    if parts is None or not (NAME.match(parts[0]) and NAME.match(parts[1])):
        return None
    return parts


def parse_line(payload):
    """(event dict, body text) of a published line, crc checked and stripped; or
    (None, why) when it is not a table-log line."""
    if isinstance(payload, bytes):
        try:
            payload = payload.decode("utf-8")
        except UnicodeDecodeError:
            return None, "not UTF-8"
    body, status = unseal(payload)
    if status < 0:
        return None, "bad crc"
    try:
        ev = json.loads(body)
    except ValueError:
        return None, "not JSON"
    if not isinstance(ev, dict) or not isinstance(ev.get("ev"), str):
        return None, "not a table event"
    return ev, body


class TableIntake(SeqIntake):
    """One table's lines from the broker in, its log out in seq order (the shared
    intake, log/intake.py), with the room's own lines: `x-held` and refused ones.

    `offer(ev, now)` returns the events now ready to store, in order; `ask(now)` the
    seq to ask a resend from, or None (no gap open, or asked too recently).
    """

    def __init__(self, expected=None):
        super().__init__(expected, MAX_HELD)
        self.bad = 0

    def offer(self, ev, now=0.0):
        """Take one parsed line; the events ready to store (possibly none)."""
        seq = ev.get("seq")
        if ev.get("ev") == "x-held":
            oldest = ev.get("oldest")
            if not isinstance(oldest, int) or isinstance(oldest, bool):
                self.bad += 1
                return []
            return self.lost_before(oldest)
        if not isinstance(seq, int) or isinstance(seq, bool) or seq < 0:
            self.bad += 1
            return []
        return super().offer(ev)

    def ask(self, now):
        """The seq to ask a resend from now (a gap open and not asked within REASK_S)."""
        first = self.gap()
        if first is None or not super().ask(now, first, REASK_S):
            return None
        return first
