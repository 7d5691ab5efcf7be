"""A round with a clock, told to each table (docs/protocol.md, the `round` command):
the room server publishes each table's `round` command, retained, on its notice
topic, so a table that connects later takes it too; again whenever it changes (a new
round drawn, a round started) and every minute with the seconds left afresh, so a
table that was away counts down from a time at most a minute old.

What each table's command is comes from the organiser's layer (tapete.event.clock,
wired by `tapete room serve --event FILE`): `source()` gives {table: command} or
None when it has nothing new to say."""
import json
import logging
import threading

from .lines import notice_topic

REFRESH_S = 60.0        # the seconds left, published afresh this often
LOOK_S = 1.0            # the source looked at this often

log = logging.getLogger(__package__)


def same_round(a, b):
    """Two commands that differ only in the seconds left say the same round."""
    strip = lambda c: dict((k, v) for k, v in (c or {}).items() if k != "left")
    return a is not None and b is not None and strip(a) == strip(b)


class RoundAnnouncer(threading.Thread):
    """Publishes each table's round through `publish(topic, text)`."""

    def __init__(self, room, source, publish, refresh_s=REFRESH_S, look_s=LOOK_S, clock=None):
        threading.Thread.__init__(self, daemon=True, name="rounds")
        import time
        self.room, self.source, self.publish = room, source, publish
        self.refresh_s, self.look_s = refresh_s, look_s
        self.clock = clock or time.monotonic
        self.sent = {}          # table -> (command, when)
        self.stopped = threading.Event()
        self.published = 0

    def step(self):
        """Look at the source once; publish what is new or due."""
        try:
            cmds = self.source()
        except Exception as err:        # a half-written event file: looked at again next time
            log.warning("rounds: %s", err)
            return
        now = self.clock()
        for table, cmd in sorted((cmds or {}).items()):
            last = self.sent.get(table)
            if last is not None and same_round(last[0], cmd) and now - last[1] < self.refresh_s:
                continue
            self.publish(notice_topic(self.room, table), json.dumps(cmd))
            self.sent[table] = (cmd, now)
            self.published += 1

    def run(self):
        while not self.stopped.is_set():
            self.step()
            self.stopped.wait(self.look_s)

    def stop(self):
        self.stopped.set()
