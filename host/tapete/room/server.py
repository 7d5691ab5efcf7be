"""`tapete room serve`'s engine: subscribed to every table's log of a room, each
table's lines through its intake (room.py) into the room database (room/store.py)
and onto the room board (every table's view.TableView).

One paho network thread delivers the lines; a second thread asks every open gap
again each REASK_S; the web server (room/web.py) only reads the board. The broker
keeps the room server's session (a fixed client id, clean_session false), so the
lines published while it was away are delivered when it comes back; what the broker
could not keep is asked from the tables again from the seq after the last stored.
"""
import json
import logging
import threading
import time

from .lines import TableIntake, misboard_notice, notice_topic, parse_line, parse_topic, resend_topic
from ..room_topics import LOG, every_table
from ..views.state import TableView, describe_violation

log = logging.getLogger(__package__)


class RoomBoard:
    """What every browser sees: one TableView per table, fed by the server's thread."""

    def __init__(self, room):
        self.room = room
        self.views = {}
        self.rounds = {}            # table -> round of its current match
        self.arrived = {}           # table -> time.time() of its last stored line
        self.held = {}              # table -> first seq missing (a gap being asked), or None
        self.misboards = {}         # table -> [flag] (duplicate play, room/boards.py)
        self.names = {}             # table -> the match event's names (seats, teams)
        self.cards = {}             # table -> its summary, made again only when it changed
        self.lock = threading.Lock()
        self.version = 0
        self.note = ""
        self.loop = None
        self.wakers = set()

    def feed(self, table, ev, rnd=None):
        with self.lock:
            view = self.views.get(table)
            if view is None:
                view = self.views[table] = TableView()
            view.feed(ev)
            if ev.get("ev") == "match":
                self.names[table] = ev.get("names") if isinstance(ev.get("names"), dict) else {}
            if rnd is not None:
                self.rounds[table] = rnd
            self.arrived[table] = time.time()
            self.cards.pop(table, None)
            self.version += 1
        self.wake()

    def gap(self, table, first):
        with self.lock:
            if self.held.get(table) != first:
                self.held[table] = first
                self.cards.pop(table, None)
                self.version += 1
        self.wake()

    def flag(self, table, text):
        """A misboarded hand at `table` (duplicate play), shown on its card."""
        with self.lock:
            self.misboards.setdefault(table, []).append(text)
            self.cards.pop(table, None)
            self.version += 1
        self.wake()

    def notice(self, text):
        """A line for the board's foot (the room server's own state, in English: an operator's line)."""
        with self.lock:
            self.note = text
            self.version += 1
        self.wake()

    def wake(self):
        loop = self.loop
        if loop is None:
            return
        for ev in list(self.wakers):
            loop.call_soon_threadsafe(ev.set)

    def summary(self):
        """(version, JSON text) of the room at a glance."""
        with self.lock:
            for name in self.views:
                if name not in self.cards:
                    self.cards[name] = table_summary(
                        name, self.views[name].state(), self.rounds.get(name), self.arrived.get(name),
                        self.held.get(name), self.misboards.get(name), self.names.get(name))
            tables = [self.cards[name] for name in sorted(self.views)]
            return self.version, json.dumps({"room": self.room, "tables": tables, "note": self.note})

    def table_state(self, table):
        """(version, JSON text) of one table, as `tapete serve`'s board draws it; None
        for a table the room has not heard."""
        with self.lock:
            view = self.views.get(table)
            if view is None:
                return None
            msg = {"state": view.state(), "source": "room %s, table %s" % (self.room, table),
                   "note": "", "down": False, "waiting": None}
            return self.version, json.dumps(msg)


def table_summary(name, s, rnd, arrived, gap, misboards, names=None):
    """A table's line on the room board: game, round, score, whose turn, last violation."""
    teams = (names or {}).get("teams")
    last = (s.get("violations") or [])[-1:]
    result = s.get("result")
    return {"table": name, "game": s.get("game"), "round": rnd, "hand": s.get("hand"),
            "totals": s.get("totals"), "teams": teams, "turn": s.get("turn"),
            "violation": describe_violation(last[0]) if last else None,
            "over": bool(result), "winner": result.get("winner") if result else None,
            "seq": s.get("seq"), "events": s.get("events"), "arrived": arrived,
            "waiting_for": gap, "lost": sum(g.get("to", 0) - g.get("from", 0) + 1 for g in s.get("gaps") or []),
            "misboards": misboards or []}


class RoomServer:
    """The room's subscriber: every table's log stored once, the board fed."""

    def __init__(self, store, board, room, connect, on_stored=None, client_id=None, boards=None,
                 schedule=None):
        """`connect(client_id, clean)` returns a configured paho client (room_mqtt.client);
        `boards` (room_boards.load_boards) checks each board's hand as it ends;
        `schedule` (room_schedule.load_schedule) names each table's players, round by
        round."""
        self.store = store
        self.boards = boards
        self.schedule = schedule
        self.named = {}             # table -> the round whose names it was last given
        self.watches = {}           # table -> room_boards.HandWatch
        self.board = board
        self.room = room
        self.intakes = {}
        self.lock = threading.Lock()
        self.on_stored = on_stored      # (table, events) after each commit (the demo's clock)
        self.bad = 0
        self.duplicates_stored = 0
        self.notices = 0            # misboard notices published to the tables
        self.client = connect(client_id or "tapete-room-" + room, False)
        from .mqtt import Connected, guarded
        self.connected = Connected(self.client)
        self.connected.on_up = self._subscribe
        self.client.on_message = guarded(self._message)
        self.stop_event = threading.Event()
        self.asker = threading.Thread(target=self._ask_loop, daemon=True)
        for room_name, table in store.tables():
            if room_name == room:
                self.intakes[table] = TableIntake(store.next_seq(room, table))
                self._replay(table)

    def _replay(self, table):
        """The board after a restart: the table's last match from the database."""
        w = self.store.writer(self.room, table)
        if w.match is None:
            return
        for ev in self.store.store.events(w.match):
            self.board.feed(table, ev, w.round)
            self._check_board(table, ev, live=False)

    def _check_board(self, table, ev, live=True):
        """A board's hand just ended: flag it on the room board when it was misboarded,
        and, as it happens (`live`: not a restart's replay, the table told already),
        tell the table itself on its notice topic: its panel shows MISBOARD board N."""
        if self.boards is None:
            return
        watch = self.watches.get(table)
        if watch is None:
            from .boards import HandWatch
            watch = self.watches[table] = HandWatch(self.boards)
        hand = watch.feed(ev)
        if hand is not None and hand["misboard"]:
            self.board.flag(table, "board %s (hand %s): %s" % (hand["board"], hand["hand"],
                                                              "; ".join(hand["misboard"][:2])))
            if live:
                self.notices += 1
                self.client.publish(notice_topic(self.room, table),
                                    json.dumps(misboard_notice(hand["board"], hand["hand"])), qos=1)

    def start(self, host, port, wait_s=10.0):
        self.client.connect_async(host, port, keepalive=20)
        self.client.loop_start()
        self.connected.wait(wait_s, "the broker at %s:%d" % (host, port))
        self.asker.start()
        return self

    def stop(self):
        self.stop_event.set()
        self.client.disconnect()
        self.client.loop_stop()

    def _subscribe(self, c):
        c.subscribe(every_table(self.room, LOG), qos=1)
        if self.schedule is not None:
            with self.lock:
                self.named = {}     # a broker restarted without persistence forgot them
                for table in sorted(set(t for _, t in self.schedule)):
                    self._give_names(table, self.store.writer(self.room, table).round + 1)
        # What the broker could not keep for us (a restart without its persistence,
        # a queue overflow): ask each known table from the seq after our last.
        with self.lock:
            for table, intake in self.intakes.items():
                if intake.expected is not None:
                    self._ask(table, intake.expected)

    def _give_names(self, table, rnd):
        """Round `rnd`'s names (the schedule) to the table, for its next match: retained
        on its notice topic, so a table that connects later takes them too."""
        names = self.schedule.get((rnd, table))
        if names is None or self.named.get(table) == rnd:
            return
        from .schedule import names_command
        self.named[table] = rnd
        self.client.publish(notice_topic(self.room, table), json.dumps(names_command(names)),
                            qos=1, retain=True)

    def _ask(self, table, first):
        self.client.publish(resend_topic(self.room, table),
                            json.dumps({"cmd": "resend", "from": first}), qos=1)

    def _message(self, c, userdata, msg):
        where = parse_topic(msg.topic)
        if where is None or where[0] != self.room or where[2] != "log":
            return
        table = where[1]
        ev, body = parse_line(msg.payload)
        with self.lock:
            intake = self.intakes.get(table)
            if intake is None:
                intake = self.intakes[table] = TableIntake(self.store.next_seq(self.room, table))
            if ev is None:
                self.bad += 1
                intake.bad += 1
                return
            ready = intake.offer(ev, time.monotonic())
            if ready:
                self.duplicates_stored += self.store.add(self.room, table, ready)
                rnd = self.store.writer(self.room, table).round
                for e in ready:
                    self.board.feed(table, e, rnd)
                    self._check_board(table, e)
                    if e.get("ev") == "match" and self.schedule is not None:
                        self._give_names(table, rnd + 1)    # this match has its own
                if self.on_stored is not None:
                    self.on_stored(table, ready)
            first = intake.gap()
        self.board.gap(table, first)
        if first is not None:
            self._ask_open(table)

    def _ask_open(self, table):
        with self.lock:
            first = self.intakes[table].ask(time.monotonic())
        if first is not None:
            self._ask(table, first)

    def _ask_loop(self):
        while not self.stop_event.wait(0.25):
            for table in list(self.intakes):
                try:
                    self._ask_open(table)
                except Exception:   # noqa: BLE001: one table's trouble never stops the asks
                    log.exception("asking table %s for its missing lines failed", table)

    def counts(self):
        """Duplicates received (and dropped), bad lines, lost seqs, resends asked."""
        with self.lock:
            out = {"received_twice": 0, "bad": self.bad, "lost": 0, "resends": 0}
            for intake in self.intakes.values():
                out["received_twice"] += intake.duplicates
                out["lost"] += intake.lost
                out["resends"] += intake.resends
            return out
