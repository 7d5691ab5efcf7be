"""`tapete room serve`'s engine: subscribed to every table's log of a room, each
table's lines through its intake (room.py) into the room database (room/store.py)
and onto the room board (every table's view.TableView).

One paho network thread delivers the lines: it only puts each on its table's queue
(at most QUEUE_BYTES, and ROOM_QUEUE_BYTES for all: beyond, a line is dropped,
counted, and asked again with its gap). One worker takes the queues in turn, BATCH lines of each table at a time, so a
table's backlog never holds up another's board; it checks each line against the
protocol (log/validate.py), stores it, feeds the board, commits once per round of
the queues and then asks for gaps. The worker makes as few system calls per line as
it can: each one lets paho's thread take the interpreter's lock, and the worker then
waits for it (docs/room.md, "Fair shares": the flood's figures). A third
thread asks again a gap whose answer has not come (lines.TableIntake.ask: once, with
back-off). The web server (room/web.py) only reads the board. The broker
keeps the room server's session (a fixed client id, clean_session false), so the
lines published while it was away are delivered when it comes back; what the broker
could not keep is asked from the tables again from the seq after the last stored.
"""
import collections
import json
import logging
import sys
import threading
import time

from .lines import TableIntake, check_line, misboard_notice, notice_topic, parse_topic, resend_topic
from .store import COUNTS
from ..log.validate import MAX_BYTES, placeable
from ..room_topics import LOG, every_table
from .. import i18n
from ..i18n import _
from ..views.state import TableView, describe_violation, profile_text, seat_label, spoken, team_name

log = logging.getLogger(__package__)

SWITCH_S = 0.0005       # the interpreter's thread switch interval in the room server (default 5 ms)
TAIL_S = 2.0            # between the asks for a table's dropped last lines
RECHECK_S = 2.0         # after a (re)connection, the tables silent this long are asked
# A table's queue holds a flood whole (10,000 lines are about 1 MB): a line dropped
# here was read off the network all the same, and came again as a resend (with 2000
# lines a table, 4,688 of a 10,000-line flood were dropped and resent). Its bounds are
# memory's: a table's bytes, the room's, and a count.
QUEUE_BYTES = 4 << 20   # bytes waiting per table (beyond: dropped, asked again later)
ROOM_QUEUE_BYTES = 64 << 20     # ... and in all the room's queues
QUEUE_MAX = 50000       # lines waiting per table
REFUSED_SIZE = 256      # what a line refused as it came (a tuple: its reason, its start) counts
BATCH = 50              # lines of one table stored before the next table's turn
KEEP_DISPUTES = 4       # a table's last disputed hand scores kept on its card
MISSING = object()
LINE_HELD = 2 * MAX_BYTES   # a longer line is refused as it comes, never queued


class RoomBoard:
    """What every browser sees: one TableView per table, fed by the server's thread."""

    def __init__(self, room):
        self.room = room
        self.views = {}
        self.rounds = {}            # table -> round of its current match
        self.arrived = {}           # table -> time.time() of its last stored line
        self.held = {}              # table -> first seq missing (a gap being asked), or None
        self.misboards = {}         # table -> [flag] (duplicate play, room/boards.py)
        self.disputes = {}          # table -> [a hand score the room's audit does not agree with]
        self.ended = {}             # table -> why its match is over without a match_end (its boards played)
        self.names = {}             # table -> the match event's names (seats, teams)
        self.counts = {}            # table -> the evening's counters (store.COUNTS)
        self.refused = {}           # table -> the last rejected line's reason
        self.runs = {}              # table -> its run (1 and up: restarted this many times)
        self.cards = {}             # table -> {lang: its summary, None: its state}, made again when it changed
        self.lock = threading.Lock()
        self.version = 0
        self.note = ("", None)       # (message, its arguments): notice()
        self.loop = None
        self.wakers = set()
        self._wake_due = False      # a wake is on its way to the web loop

    def feed(self, table, ev, rnd=None):
        with self.lock:
            view = self.views.get(table)
            if view is None:
                view = self.views[table] = TableView()
            view.feed(ev)
            if ev.get("ev") == "hand_end":
                self._check_score(table, view, ev)
            if ev.get("ev") == "match":
                self.names[table] = ev.get("names") if isinstance(ev.get("names"), dict) else {}
            if rnd is not None:
                self.rounds[table] = rnd
            self.arrived[table] = time.time()
            self.cards.pop(table, None)
            self.version += 1
        self.wake()

    def _check_score(self, table, view, ev):
        """A table's `hand_end` against the score the rules derived from its inputs:
        a difference is flagged on its card (duplicate scores the audit's: room/duplicate.py)."""
        if view.own_scores is None:
            return      # lines of this match were lost: the audit (x-resync) judges it, not the board
        own = view.own_scores.get(ev.get("hand"), MISSING)
        if own is MISSING or own == ev.get("score"):
            return      # agreed, or a hand the rules could not judge (a gap): nothing to say
        self.disputes.setdefault(table, []).append(
            _("hand %(hand)s: the table said %(claimed)s, the room's audit %(audited)s") % {
                "hand": ev.get("hand"), "claimed": json.dumps(ev.get("score"), ensure_ascii=False)[:40],
                "audited": json.dumps(own)})
        del self.disputes[table][:-KEEP_DISPUTES]

    def gap(self, table, first):
        with self.lock:
            if self.held.get(table) != first:
                self.held[table] = first
                self.cards.pop(table, None)
                self.version += 1
        self.wake()

    def tally(self, table, counts, refused=None, run=None):
        """The table's evening counters (lost, rejected, asked, ...): across matches."""
        with self.lock:
            self.counts[table] = dict(counts)
            if refused is not None:
                self.refused[table] = refused
            if run is not None:
                self.runs[table] = run
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

    def boards_done(self, table, done):
        """Duplicate play: the table's match has played every board of the session (its
        round is over for the room, though the table logs no match_end)."""
        with self.lock:
            if done:
                self.ended[table] = _("every board of the session played")
            else:
                self.ended.pop(table, None)
            self.cards.pop(table, None)
            self.version += 1
        self.wake()

    def notice(self, text, args=None):
        """A line for the board's foot (the room server's own state): a message of the
        catalogue (N_) and its arguments, said in each browser's language."""
        with self.lock:
            self.note = (text, args)
            self.version += 1
        self.wake()

    def wake(self):
        """Wake the browsers' streams: at most one call into the web loop until it has
        run (each call writes to the loop's self-pipe: a system call that, per line,
        cost the worker a wait for the interpreter's lock behind paho's thread, 37% of
        its time in a flood). The version is raised before, so a stream woken reads it."""
        loop = self.loop
        if loop is None or self._wake_due:
            return
        self._wake_due = True
        loop.call_soon_threadsafe(self._wake_all)

    def _wake_all(self):
        """In the web loop: every stream's event set."""
        self._wake_due = False
        for ev in list(self.wakers):
            ev.set()

    def summary(self, lang=None):
        """(version, JSON text) of the room at a glance, its words (a violation) in
        `lang` (each table's card is made once per language asked, until it changes)."""
        lang = i18n.known(lang) or i18n.language()
        with self.lock:
            for name in self.views:
                said = self.cards.setdefault(name, {})
                if lang not in said:
                    if None not in said:        # the table's state: made once for every language
                        said[None] = self.views[name].state()
                    with i18n.using(lang):
                        said[lang] = table_summary(
                            name, said[None], self.rounds.get(name), self.arrived.get(name),
                            self.held.get(name), self.misboards.get(name), self.names.get(name),
                            self.counts.get(name), self.refused.get(name), self.runs.get(name),
                            self.disputes.get(name), self.ended.get(name))
            tables = [self.cards[name][lang] for name in sorted(self.views)]
            evening = dict((k, sum(c.get(k, 0) for c in self.counts.values())) for k in COUNTS)
            text, args = self.note
            with i18n.using(lang):
                note = (_(text) % args if args else _(text)) if text else ""
            return self.version, json.dumps({"room": self.room, "tables": tables, "note": note,
                                             "evening": evening})

    def table_state(self, table, lang=None):
        """(version, JSON text) of one table, as `tapete serve`'s board draws it (its
        words in `lang`); None for a table the room has not heard."""
        with self.lock:
            view = self.views.get(table)
            if view is None:
                return None
            state = view.state()
            with i18n.using(lang):
                state["said"] = spoken(state)     # the incident list too (views/incidents.py)
                source = _("room %(room)s, table %(table)s") % {"room": self.room, "table": table}
            msg = {"state": state, "source": source, "note": "", "down": False, "waiting": None}
            return self.version, json.dumps(msg)


def table_summary(name, s, rnd, arrived, gap, misboards, names=None, counts=None, refused=None, run=None,
                  disputes=None, ended=None):
    """A table's line on the room board: game, round, score, whose turn, last violation,
    and the evening's counters (lost, rejected, resent: never reset by a new match)."""
    counts = counts or {}
    teams = (names or {}).get("teams")
    last = (s.get("violations") or [])[-1:]
    result = s.get("result")
    turn = s.get("turn")
    over = bool(result) or ended is not None
    # the player to play by name (the headline says who, not "seat 2"); a violation
    # in the current language (i18n.using), as the table's own board says it
    return {"table": name, "game": s.get("game"), "profile": profile_text(s), "round": rnd, "hand": s.get("hand"),
            "totals": s.get("totals"), "turn": turn,
            "teams": teams or [team_name(s, t) for t in range(len(s.get("totals") or []))],
            "player": seat_label(s, turn) if turn is not None else None,
            "violation": describe_violation(last[0], s) if last else None,
            "over": over, "winner": result.get("winner") if result else None,
            "ended": ended if not result else None,
            "seq": s.get("seq"), "events": s.get("events"), "arrived": arrived,
            "waiting_for": gap, "lost": counts.get("lost", 0), "rejected": counts.get("rejected", 0),
            "resent": counts.get("asked", 0), "dropped": counts.get("dropped", 0),
            "twice": counts.get("twice", 0), "last_rejected": refused, "run": run,
            "match_lost": sum(g.get("to", 0) - g.get("from", 0) + 1 for g in s.get("gaps") or []),
            "misboards": misboards or [], "disputes": disputes or []}


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
        self.capped = set()         # tables told the session's deals (duplicate play: _give_boards)
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
        self.recheck = None         # (when, {table: expected}) after a (re)connection: _recheck
        self.tails = {}             # table -> None, or (when, expected) of its last tail ask: _ask_tails
        self.asker = threading.Thread(target=self._ask_loop, daemon=True)
        self.queues = {}            # table -> deque of the lines as they came (bytes)
        self.queued = {}            # table -> bytes in its queue
        self.queued_all = 0         # bytes in every queue
        self.waiting = threading.Condition()
        self.worker = threading.Thread(target=self._work, daemon=True)
        self.tallies = store.counts(room)
        self.dropped = collections.Counter()    # table -> lines dropped at a full queue (not yet counted)
        for room_name, table in store.tables():
            if room_name == room:
                self._intake(table)
                self._replay(table)
        for table, counts in self.tallies.items():
            self.board.tally(table, counts)

    def _intake(self, table):
        intake = self.intakes.get(table)
        if intake is None:
            run, ident = self.store.run(self.room, table)
            intake = self.intakes[table] = TableIntake(self.store.next_seq(self.room, table, run), run, ident)
        return intake

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
        done = watch.done
        hand = watch.feed(ev)
        if watch.done != done:
            self.board.boards_done(table, watch.done)
        if hand is not None and hand["misboard"]:
            self.board.flag(table, "board %s (hand %s): %s" % (hand["board"], hand["hand"],
                                                              "; ".join(hand["misboard"][:2])))
            if live:
                self.notices += 1
                self.client.publish(notice_topic(self.room, table),
                                    json.dumps(misboard_notice(hand["board"], hand["hand"])), qos=1)

    def start(self, host, port, wait_s=10.0):
        # paho's thread gives up the interpreter's lock at each select and waits for it
        # back while the worker checks and stores (in a flood, the other tables' lines
        # wait behind the flood's in the one connection). A thread reading 5000 small
        # messages off a socket beside a busy one took 0.11 to 0.27 s at the default 5 ms
        # switch, 0.04 to 0.18 s at 0.5 ms (two runs each on the loaded 2 cores).
        if sys.getswitchinterval() > SWITCH_S:
            sys.setswitchinterval(SWITCH_S)
        self.client.connect_async(host, port, keepalive=20)
        self.client.loop_start()
        self.worker.start()
        self.connected.wait(wait_s, "the broker at %s:%d" % (host, port))
        self.asker.start()
        return self

    def stop(self):
        self.stop_event.set()
        self.client.disconnect()
        self.client.loop_stop()
        with self.waiting:
            self.waiting.notify_all()
        if self.worker.is_alive():
            self.worker.join(10)

    def _subscribe(self, c):
        c.subscribe(every_table(self.room, LOG), qos=1)
        if self.schedule is not None:
            with self.lock:
                self.named = {}     # a broker restarted without persistence forgot them
                for table in sorted(set(t for _, t in self.schedule)):
                    self._give_names(table, self.store.writer(self.room, table).round + 1)
        # What the broker could not keep for us (a restart without its persistence,
        # a queue overflow): RECHECK_S later, each known table from which nothing has
        # come since is asked from the seq after our last (_recheck). Asked at once,
        # every table resent what the broker and the tables' own clients were about to
        # deliver anyway: most of the resends of a broker restart were lines received twice.
        with self.lock:
            self.recheck = (time.monotonic() + RECHECK_S,
                            dict((t, i.expected) for t, i in self.intakes.items() if i.expected is not None))

    def _recheck(self, now):
        """After a (re)connection: ask the tables still silent since (see _subscribe)."""
        with self.lock:
            if self.recheck is None or now < self.recheck[0]:
                return
            silent = [(t, seq) for t, seq in self.recheck[1].items()
                      if self.intakes[t].expected == seq and self.intakes[t].gap() is None]
            self.recheck = None
            for table, seq in silent:
                self.intakes[table].asked_all(now)
                self._ask(table, seq)

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

    def _give_boards(self, table, rnd):
        """Duplicate play: the table is told how many deals the session holds, as a
        round whose cap is that many deals (docs/protocol.md, the `round` command), so
        it ends its match after the last board (reason `cap`) instead of dealing a hand
        no board holds. Retained on its notice topic and said once a server run: the
        table keeps it for every match after (a table restarted takes it again from the
        broker). A round given by `--event` (room/rounds.py) replaces it."""
        if table in self.capped:
            return
        self.capped.add(table)
        cmd = {"cmd": "round", "id": "room-boards", "round": max(rnd, 1),
               "caps": {"deals": len(self.boards)}}
        self.client.publish(notice_topic(self.room, table), json.dumps(cmd), qos=1, retain=True)

    def _ask(self, table, first, last=None):
        cmd = {"cmd": "resend", "from": first}
        if last is not None:
            cmd["to"] = last        # only the gap (a table that ignores `to` sends from `first` on)
        self.client.publish(resend_topic(self.room, table), json.dumps(cmd), qos=1)
        self._count(table, asked=1)

    def _count(self, table, commit=True, **more):
        """Add to a table's evening counters (kept in the store, shown on the board)."""
        t = self.tallies.setdefault(table, dict((k, 0) for k in COUNTS))
        for k, v in more.items():
            t[k] += v
        self.store.count(self.room, table, commit, **more)
        self.board.tally(table, t)

    def _message(self, c, userdata, msg):
        """paho's thread: queue the line for its table; nothing else (a flood from one
        table then costs this thread a few microseconds a line, and its checking and
        storing wait for the table's turn)."""
        where = parse_topic(msg.topic)
        if where is None or where[0] != self.room or where[2] != "log":
            return
        table = where[1]
        item = msg.payload      # checked by the worker, in the table's turn
        if len(item) > LINE_HELD:
            item = check_line(item)     # refused at once: a huge line is never held
        size = len(item) if isinstance(item, (bytes, bytearray)) else REFUSED_SIZE
        with self.waiting:
            q = self.queues.get(table)
            if q is None:
                q = self.queues[table] = collections.deque()
            held = self.queued.get(table, 0)
            if len(q) >= QUEUE_MAX or held + size > QUEUE_BYTES or self.queued_all + size > ROOM_QUEUE_BYTES:
                self.dropped[table] += 1    # its seq stays missing: asked again with the gap
                return
            q.append(item)
            self.queued[table] = held + size
            self.queued_all += size
            self.waiting.notify()

    def _work(self):
        """The worker: each table's queue in turn, BATCH lines at a time."""
        while not self.stop_event.is_set():
            with self.waiting:
                while not any(self.queues.values()) and not self.dropped and not self.stop_event.is_set():
                    self.waiting.wait(0.5)
                turns = []
                for table, q in list(self.queues.items()):
                    if q:
                        items = [q.popleft() for _ in range(min(BATCH, len(q)))]
                        size = sum(len(i) if isinstance(i, (bytes, bytearray)) else REFUSED_SIZE for i in items)
                        self.queued[table] -= size
                        self.queued_all -= size
                        turns.append((table, items))
                dropped, self.dropped = self.dropped, collections.Counter()
            with self.lock:
                for table, n in dropped.items():
                    self._count(table, commit=False, dropped=n)
                    self.tails[table] = None    # its last lines may be among them (_ask_tails)
            asks = []
            for table, items in turns:
                try:
                    if self._take(table, items):
                        asks.append(table)
                except Exception:   # noqa: BLE001: one table's trouble never stops the room
                    log.exception("dropped a message of table %s: storing it raised", table)
            with self.lock:
                self.store.db.commit()      # the round's one commit (a commit per table cost a lock wait each)
            for table in asks:
                self._ask_open(table)

    def _take(self, table, items):
        """Store a table's checked lines (not committed: the worker commits its round
        once), feed the board; True when a gap is open (the worker asks for it)."""
        now = time.monotonic()
        with self.lock:
            intake = self._intake(table)
            before = (intake.duplicates, intake.lost)
            rejected = 0
            last_why = None
            for payload in items:
                try:
                    item = payload if isinstance(payload, tuple) else check_line(payload)
                    why = self._take_one(table, intake, item, now)
                except Exception:   # noqa: BLE001: one bad line never stops the room
                    log.exception("dropped a message of table %s: storing it raised", table)
                    continue
                if why is not None:
                    rejected += 1
                    last_why = why
            more = {"twice": intake.duplicates - before[0], "lost": intake.lost - before[1],
                    "rejected": rejected}
            more = dict((k, v) for k, v in more.items() if v)
            if more:
                self._count(table, commit=False, **more)    # the worker's round commits
            if last_why is not None:
                self.board.tally(table, self.tallies[table], refused=last_why)
            first = intake.gap()
        self.board.gap(table, first)
        return first is not None    # a gap open: asked once the round is committed

    def _take_one(self, table, intake, item, now):
        """One checked line through the intake into the store and onto the board; the
        reason when it was rejected."""
        ev, body, why = item
        if why is not None:
            ev = placeable(ev)
            self.store.reject(self.room, table, intake.run, ev.get("seq") if ev else None, why, body)
            if ev is None:
                return why
            # the seq takes its place, so the table is not asked for it for ever
            ev = {"ev": "x-rejected", "seq": ev["seq"], "reason": why}
        elif ev.get("ev") == "match" and ev.get("seq") is not None and intake.starts_run(
                ev, lambda seq: self.store.body(self.room, table, intake.run, seq),
                self.store.idents(self.room, table)):
            ident = ev.get("run") if isinstance(ev.get("run"), str) else None
            run = self.store.new_run(self.room, table, ident, ev["seq"])
            log.info("table %s started again at seq %d: its run %d", table, ev["seq"], run)
            intake.start_run(run, ident, ev["seq"])
            self.board.tally(table, self.tallies.get(table, {}), run=run)
        elif ev.get("ev") == "match" and isinstance(ev.get("run"), str) and intake.ident is None:
            intake.ident = ev["run"]        # the table gives its run id from now on
            self.store.name_run(self.room, table, intake.run, intake.ident)
        elif self._replayed(table, intake, ev):
            intake.duplicates += 1
            return None
        self._flush(table, intake, intake.offer(ev, now))
        return why

    def _replayed(self, table, intake, ev):
        """True for a line of the table's previous run delivered again after its new
        run began (a broker's redelivery): past the gap it would be held, and stored
        in the new run's place. Only a line that would be held is looked up."""
        seq = ev.get("seq")
        if intake.run == 0 or not isinstance(seq, int) or intake.expected is None or seq <= intake.expected:
            return False
        was = self.store.body(self.room, table, intake.run - 1, seq)
        return was is not None and json.loads(was) == ev

    def _flush(self, table, intake, ready):
        """Store the events ready (not committed: _take commits once) and show them."""
        if not ready:
            return
        self.duplicates_stored += self.store.add(self.room, table, ready, intake.run, commit=False)
        rnd = self.store.writer(self.room, table).round
        for e in ready:
            self.board.feed(table, e, rnd)
            self._check_board(table, e)
            if e.get("ev") == "match" and self.schedule is not None:
                self._give_names(table, rnd + 1)    # this match has its own
            if e.get("ev") == "match" and self.boards is not None:
                self._give_boards(table, rnd)
        if self.on_stored is not None:
            self.on_stored(table, ready)

    def _ask_open(self, table):
        with self.lock:
            span = self.intakes[table].ask(time.monotonic())
            if span is not None:
                self._ask(table, *span)

    def _ask_tails(self, now):
        """A table some of whose lines were dropped at its full queue: a gap shows the
        ones before a later line, but its last ones have nothing after them. Once its
        queue is empty and no gap is open it is asked from its next seq, and again (a
        table answers RESEND_BATCH lines an ask) while the answers bring lines, TAIL_S
        apart; an answer that brings none ends it."""
        with self.waiting:
            waiting = set(t for t, q in self.queues.items() if q)
        with self.lock:
            for table, last in list(self.tails.items()):
                intake = self.intakes.get(table)
                if intake is None or intake.expected is None:
                    del self.tails[table]
                    continue
                if table in waiting or intake.gap() is not None:
                    continue
                if last is not None:
                    asked_at, expected = last
                    if now - asked_at < TAIL_S:
                        continue
                    if intake.expected == expected:
                        del self.tails[table]   # nothing more came: the table has no more
                        continue
                intake.asked_all(now)
                self._ask(table, intake.expected)
                self.tails[table] = (now, intake.expected)

    def _ask_loop(self):
        while not self.stop_event.wait(0.25):
            try:
                self._recheck(time.monotonic())
                self._ask_tails(time.monotonic())
            except Exception:   # noqa: BLE001
                log.exception("asking the silent tables after a reconnection failed")
            for table in list(self.intakes):
                try:
                    self._ask_open(table)
                except Exception:   # noqa: BLE001: one table's trouble never stops the asks
                    log.exception("asking table %s for its missing lines failed", table)

    def counts(self):
        """Duplicates received (and dropped), bad (rejected) lines, lost seqs, resends
        asked, lines dropped at a full queue: this run of the server, and `evening`:
        the counters kept in the store across matches and restarts."""
        with self.lock:
            out = {"received_twice": 0, "bad": 0, "lost": 0, "resends": 0, "dropped": 0,
                   "held_refused": 0}
            for intake in self.intakes.values():
                out["received_twice"] += intake.duplicates
                out["lost"] += intake.lost
                out["resends"] += intake.resends
                out["held_refused"] += intake.held_refused
            for t in self.tallies.values():
                out["bad"] += t["rejected"]
                out["dropped"] += t["dropped"]
            out["evening"] = dict((k, sum(t[k] for t in self.tallies.values())) for k in COUNTS)
            return out

    def pending(self):
        """Lines queued and not yet stored (benches and tests wait for 0)."""
        with self.waiting:
            return sum(len(q) for q in self.queues.values())
