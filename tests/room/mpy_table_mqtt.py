"""Under the MicroPython unix port: a table's link and its MQTT publisher
(firmware/table/io/mqtt_pub.py) against a real broker, the lines of a match laid one by
one as a table makes them.

    MICROPYPATH=firmware:<umqtt.simple folder> micropython mpy_table_mqtt.py CONFIG.json
CONFIG: lines (a JSON Lines file), pace_ms, root (the table's flash folder, holding
room.json as a Pico W's does), linger_ms (answering asks after the last line), retry_ms,
and `controller` (true: the host lines the link reads, the room's notices among them, go
to a controller Table's on_line as on a Pico W, and the panel's message is printed).
Prints "mqtt: N/M published, outboxed K, downs D" at the end, then "panel: TEXT".
"""
import json
import sys
import time

from table.io.link import Link
from table.io.mqtt_pub import from_config


def main(path):
    with open(path) as f:
        cfg = json.load(f)
    lines = []
    with open(cfg["lines"]) as f:
        for line in f:
            if line.strip():
                lines.append(json.loads(line))
    link = Link(None, None, 64)
    pub = from_config(link, cfg["root"], cfg.get("retry_ms", 200))
    table = None
    if cfg.get("controller"):
        from table.controller import Table
        table = Table(link, None, None, 4)  # only host lines reach it: no journal, no lights
    start = time.ticks_ms()
    due = start
    i = 0
    idle_since = None
    while True:
        now = time.ticks_ms()
        if i < len(lines) and time.ticks_diff(now, due) >= 0:
            link.event(lines[i])           # the table plays on, broker or no broker
            i += 1
            due = time.ticks_add(due, cfg["pace_ms"])
        idle = pub.poll(now)
        if table is not None:
            link.poll_lines(table.on_line)  # as the app's link task does, between plays
        if i >= len(lines) and idle:
            if idle_since is None:
                idle_since = now
            if time.ticks_diff(now, idle_since) > cfg.get("linger_ms", 2000):
                break
        else:
            idle_since = None
        time.sleep_ms(2)
    print("mqtt: %d/%d published, outboxed %d, downs %d" % (pub.published, len(lines), pub.outboxed, pub.downs))
    if table is not None:
        from table.panel.screen import View
        print("panel: " + View(table).message)


main(sys.argv[1])
