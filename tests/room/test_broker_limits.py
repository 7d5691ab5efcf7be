"""The broker's limits per table (issue 36 item 4, the broker's side): a line longer
than LINE_LIMIT is dropped by the broker, answered all the same, and its table
carries on; the limit is far above the longest line a table plays."""
import json
import time

from tapete.room.broker import LINE_LIMIT, PACKET_LIMIT
from tapete.room.mqtt import Connected
from tapete.room.publish import TablePublisher
from tapete.sim.room_table import match_lines

from room.broker import connector
from room.test_broker import listen, wait_until


def line_of(size, seq):
    """A log line of exactly `size` bytes."""
    head = {"ev": "x-pad", "seq": seq, "pad": ""}
    pad = size - len(json.dumps(head))
    head["pad"] = "x" * pad
    text = json.dumps(head)
    assert len(text) == size
    return text


def test_the_limit_is_far_above_the_longest_line_a_table_plays():
    longest = max(len(json.dumps(ev)) for game in ("mus", "tute", "envite")
                  for seed in range(5) for ev in match_lines(game, seed))
    assert longest * 10 < LINE_LIMIT        # measured: 472 bytes (bench/bench_line_sizes.py)


def test_a_line_over_the_limit_is_dropped_by_the_broker_and_its_table_carries_on(room):
    sub, got = listen(room, "room", "tapete/club/+/log")
    t1 = connector(room, "t1")("t1", False)
    up = Connected(t1)
    drops = []
    t1.on_disconnect = lambda *a: drops.append(a)
    t1.connect(room.info["host"], room.info["port"])
    t1.loop_start()
    up.wait()
    sent = [line_of(100, 0), line_of(LINE_LIMIT + 1, 1), line_of(LINE_LIMIT, 2), line_of(PACKET_LIMIT - 100, 3),
            line_of(100, 4)]
    for text in sent:
        t1.publish("tapete/club/t1/log", text, qos=1).wait_for_publish(10)     # each answered
    assert wait_until(lambda: len(got) >= 3)
    time.sleep(0.3)
    assert [json.loads(p)["seq"] for _, p in got] == [0, 2, 4]
    assert drops == [] and up.up
    # a packet over PACKET_LIMIT (none of our tables sends one) costs the connection
    t1.publish("tapete/club/t1/log", line_of(1024 * 1024, 5), qos=1)
    assert wait_until(lambda: drops, 10)
    t1.loop_stop()      # before paho sends it again
    sub.loop_stop()
    assert [json.loads(p)["seq"] for _, p in got] == [0, 2, 4]


def test_the_publisher_keeps_a_line_over_the_limit_home_and_goes_on(room):
    sub, got = listen(room, "room", "tapete/club/t2/log")
    pub = TablePublisher("club", "t2", connector(room, "t2")).start(room.info["host"], room.info["port"])
    pub.publish(line_of(200, 0))
    assert pub.publish(line_of(LINE_LIMIT + 10, 1)) is None
    pub.publish(line_of(200, 2))
    assert wait_until(lambda: len(got) == 2)
    assert [json.loads(p)["seq"] for _, p in got] == [0, 2] and pub.too_long == 1
    pub.stop()
    sub.loop_stop()
