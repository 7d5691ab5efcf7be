"""Under the MicroPython unix port: a table's link and its MQTT publisher
(firmware/table/io/mqtt_pub.py) on one asyncio loop against a real broker, the lines of a
match laid one by one as a table makes them, and a probe that measures how long the
loop was ever held.

    MICROPYPATH=firmware:<mqtt_as client> micropython mpy_table_mqtt.py CONFIG.json
CONFIG: lines (a JSON Lines file), pace_ms, root (the table's flash folder, holding
room.json as a Pico W's does), linger_ms (answering asks after the last line), retry_ms,
response_s, run_ms (stop then even if lines are left), and `controller` (true: the host
lines the link reads, the room's notices among them, go to a controller Table's on_line
as on a Pico W, and the panel's message is printed).

The loop's probe (mpy_loop_lag.py) gives the longest time anything held the loop: the
figure a verdict light could be late by, compared by the tests with the table's scan
round (table/pacing.py, PERIOD_MS).
Prints "mqtt: N/M published, outboxed K, downs D, connects C, tries T", then
"loop: held H ms at most, round R ms; holds of ...", then "panel: TEXT".
"""
import json
import sys
import time

import mpy_unix_net  # noqa: F401  (what a Pico W's client imports, on the unix port)
import asyncio
from mpy_loop_lag import Probe
from table.io.link import Link
from table.io.mqtt_pub import from_config, room_task
from table.pacing import PERIOD_MS


# One line a turn of the loop, a pace apart at least: catching up a late schedule all at
# once, the process starved of a CPU for 400 ms on a loaded machine made 50 lines in one
# go, past the 64-line ring before the publisher's keep task (every 50 ms) could save
# them, and the room was told they were lost (a table never plays that fast).


async def play(cfg, lines):
    link = Link(None, None, 64)
    room = from_config(link, cfg["root"], cfg.get("retry_ms", 200), cfg.get("response_s", 3))
    pub = room[0]
    table = None
    if cfg.get("controller"):
        from table.controller import Table
        table = Table(link, None, None, 4)  # only host lines reach it: no journal, no lights
    probe = Probe(PERIOD_MS // 2)
    asyncio.create_task(probe.run())
    asyncio.create_task(room_task(room))
    start = time.ticks_ms()
    due = start
    i = 0
    idle_since = None
    while time.ticks_diff(time.ticks_ms(), start) < cfg.get("run_ms", 120000):
        now = time.ticks_ms()
        if i < len(lines) and time.ticks_diff(now, due) >= 0:
            link.event(lines[i])           # the table plays on, broker or no broker
            i += 1
            # the next line a pace later, never sooner to catch up a late schedule
            due = time.ticks_add(now if time.ticks_diff(now, due) > cfg["pace_ms"] else due, cfg["pace_ms"])
        if table is not None:
            link.poll_lines(table.on_line)  # as the app's link task does, between plays
        if i >= len(lines) and pub.idle():
            if idle_since is None:
                idle_since = now
            if time.ticks_diff(now, idle_since) > cfg.get("linger_ms", 2000):
                break
        else:
            idle_since = None
        await asyncio.sleep_ms(2)
    print("mqtt: %d/%d published, outboxed %d, downs %d, connects %d, tries %d"
          % (pub.published, len(lines), pub.outboxed, pub.downs, pub.connects, pub.tries))
    print("loop: held %d ms at most, round %d ms; on the wall %d ms, waiting for a CPU %d ms at most;"
          " holds of half a round or more (at ms, ms): %s"
          % (probe.held, PERIOD_MS, probe.wall, probe.queued, probe.long))
    if table is not None:
        from table.panel.screen import View
        print("panel: " + View(table).message)


def main(path):
    with open(path) as f:
        cfg = json.load(f)
    lines = []
    with open(cfg["lines"]) as f:
        for line in f:
            if line.strip():
                lines.append(json.loads(line))
    asyncio.run(play(cfg, lines))
    sys.exit(0)         # the client's tasks would run on


main(sys.argv[1])
