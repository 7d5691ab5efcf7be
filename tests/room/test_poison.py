"""Poison lines (issue 36 item 1): hundreds of malformed lines of every event kind
from one authenticated table, through the real broker, while another table plays:
each is rejected with its reason, stored as such, counted, and the room goes on
storing every table, before and after a restart of the room server on the same
database."""
import json

from tapete.log import validate
from tapete.room.broker import LINE_LIMIT
from tapete.room.publish import TablePublisher
from tapete.room.server import RoomBoard, RoomServer
from tapete.room.store import RoomStore
from tapete.sim.room_table import match_lines
from tapete.views.web import wait_until as poll

from room.broker import connector

WRONG = ({"a": 1}, ["truc"], "x" * 5000, 2 ** 63, -2 ** 63, -1, 1e308, True, None, "",
         [[[[[[[[[[1]]]]]]]]]], list(range(500)))


def wait_until(predicate, timeout=20.0):
    return poll(predicate, timeout, 0.05)


def poison(first_seq):
    """Malformed lines: every key of every event kind given every wrong value (each
    with its own seq: it takes its place), then lines whose seq or whole shape is
    wrong (no place: they must not open a gap, so they share one seq)."""
    lines = []
    seq = first_seq
    for kind, keys in sorted(validate.KINDS.items()):
        base = {"ev": kind, "seq": seq}
        for key in list(keys) + ["seq"]:
            for bad in WRONG:
                if validate.KINDS[kind].get(key) is not None and validate.KINDS[kind][key](bad) is None:
                    continue        # a value the key takes (a list for cards...)
                ev = dict(base, seq=seq)
                ev[key] = bad
                if kind == "x-held":
                    ev.pop("seq")
                lines.append(json.dumps(ev))
                if key != "seq" and kind != "x-held":
                    seq += 1
    lines += [
        '{"ev":"play","seq":%d,"seat":1,"card":"7H"}' % 2 ** 63,
        '{"ev":"play","seq":"%d","seat":1,"card":"7H"}' % seq,
        '{"ev":"play","seq":1.5,"seat":1,"card":"7H"}',
        '{"ev":"play","seat":1,"card":"7H","seq":%d,"x":NaN}' % seq,
        '{"ev":"play","seq":%d,"seat":1,"card":"7H","x":Infinity}' % seq,
        '[' * 100000 + ']' * 100000,
        '{"a":' * 5000 + '1' + '}' * 5000,
        json.dumps({"ev": "play", "seq": seq, "seat": 1, "card": "7H", "pad": "y" * (1 << 20)}),
        "x" * (2 << 20),
        '{"ev":"nonsense","seq":%d}' % seq,     # unknown: its seq is taken
        "not json at all", "", "null", "[1,2]", '"text"', b"\xff\xfe\xfd",
        '{"ev":"x-held","oldest":999999}',
    ]
    return lines, seq + 1


class _Delivered:
    """A message as paho's network thread hands it to the room server."""

    def __init__(self, topic, payload):
        self.topic = topic
        self.payload = payload if isinstance(payload, bytes) else payload.encode("utf-8", "surrogateescape")


def send(table, server, line):
    """A poison line from `table`: through the broker, or, when it is longer than the
    broker takes (message_size_limit: the broker drops it, or a packet over
    max_packet_size loses its sender the connection), straight into the room server's
    callback as paho would deliver it, so the server's own guard is tried on it too."""
    size = len(line if isinstance(line, bytes) else line.encode("utf-8", "surrogateescape"))
    if size > LINE_LIMIT:
        server.client.on_message(server.client, None, _Delivered(table.topic, line))
    else:
        table.client.publish(table.topic, line, qos=1)      # not kept: never resent


def test_poison_lines_are_rejected_and_every_table_goes_on(room, tmp_path):
    host, port = room.info["host"], room.info["port"]
    path = str(tmp_path / "room.sqlite")
    store = RoomStore(path)
    server = RoomServer(store, RoomBoard("club"), "club", connector(room, "room")).start(host, port)
    t1 = TablePublisher("club", "t1", connector(room, "t1")).start(host, port)
    t2 = TablePublisher("club", "t2", connector(room, "t2")).start(host, port)
    truc = match_lines("truc", 7)
    half = len(truc) // 2
    t2.publish({"ev": "match", "seq": 0, "game": "mus"})
    bad, next_seq = poison(1)
    assert len(bad) > 300
    for i, line in enumerate(bad):
        send(t2, server, line)
        if i % 3 == 0 and i // 3 < half:
            t1.publish(truc[i // 3])
    for ev in truc[:half]:
        t1.publish(ev)                                    # the rest of the first half (twice: stored once)
    t2.publish({"ev": "end", "seq": next_seq})
    assert wait_until(lambda: store.next_seq("club", "t1") == half), server.counts()
    assert wait_until(lambda: store.next_seq("club", "t2") == next_seq + 1), server.counts()
    rejected = store.rejected("club")
    assert len(rejected) >= len(bad) - 1 and all(r["table"] == "t2" and r["reason"] for r in rejected)
    reasons = " ".join(r["reason"] for r in rejected)
    for why in ("not a whole number", "nested deeper", "longer than", "not JSON", "not a game", "2^53"):
        assert why in reasons, why
    assert server.counts()["bad"] >= len(bad) - 1
    _, summary = server.board.summary()
    summary = json.loads(summary)
    t2card = [t for t in summary["tables"] if t["table"] == "t2"][0]
    assert t2card["rejected"] >= len(bad) - 1 and t2card["last_rejected"]
    assert summary["evening"]["rejected"] == t2card["rejected"]
    assert len(json.dumps(summary)) < 100000        # no huge line reaches a browser
    server.stop()
    store.close()

    # The same database, a new room server: the broker delivers what came meanwhile,
    # poison again among it, and both tables are stored on.
    for line in bad[:120]:
        if len(line) <= LINE_LIMIT:
            t2.client.publish(t2.topic, line, qos=1)
    for ev in truc[half:]:
        t1.publish(ev)
    store = RoomStore(path)
    server = RoomServer(store, RoomBoard("club"), "club", connector(room, "room")).start(host, port)
    t2.publish({"ev": "end", "seq": next_seq + 1})
    assert wait_until(lambda: store.next_seq("club", "t1") == len(truc)), server.counts()
    assert wait_until(lambda: store.next_seq("club", "t2") == next_seq + 2), server.counts()
    events = store.store.events([m for m in store.matches() if m["table"] == "t1"][0]["match"])
    assert [e["seq"] for e in events] == list(range(len(truc)))
    assert server.counts()["evening"]["rejected"] >= len(bad) + 100     # kept across the restart
    t1.stop()
    t2.stop()
    server.stop()
    store.close()
