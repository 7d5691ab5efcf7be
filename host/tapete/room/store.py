"""The room's database: the match database of store.py (so `tapete stats --db` and
`tapete audit N --db` read it as they read a laptop's), with every table's log in it
and two tables that say which table and round each match belongs to:

  room_matches(match, room, tbl, round)     one row per match
  room_lines(room, tbl, run, seq, match, n) one row per stored line: (room, tbl, run,
                                            seq) is the primary key, so a line is stored
                                            once even across a restart of the room server
  room_runs(room, tbl, run, ident, first)   each run of a table (a boot, a re-flash, a
                                            new recorder): its numbering starts again
  room_rejected(room, tbl, run, seq, reason, line, at)   lines refused by the protocol
                                            check (log/validate.py), with their reason
  room_counts(room, tbl, lost, rejected, asked, dropped, twice)   the evening's counters
                                            per table (the board's; kept across matches
                                            and restarts)
Each table has its own writer (a Store on the room's one connection) so the tables'
matches interleave in the file without mixing.

Round: a match's `round` key when the table's `match` event has one (an `x-` free
extension: readers ignore keys they do not know), else its order among that table's
matches (the first match a table plays is round 1). A club's evening is usually
"everyone plays a match, then the next round": the order is what most organisers mean.
"""
import json
import os
import sqlite3
import time

from ..log.store import SCHEMA, Store, StoreError

ROOM_SCHEMA = """
CREATE TABLE IF NOT EXISTS room_matches (
    match INTEGER PRIMARY KEY, room TEXT NOT NULL, tbl TEXT NOT NULL, round INTEGER);
CREATE TABLE IF NOT EXISTS room_lines (
    room TEXT NOT NULL, tbl TEXT NOT NULL, run INTEGER NOT NULL DEFAULT 0, seq INTEGER NOT NULL,
    match INTEGER, n INTEGER, PRIMARY KEY (room, tbl, run, seq));
CREATE TABLE IF NOT EXISTS room_runs (
    room TEXT NOT NULL, tbl TEXT NOT NULL, run INTEGER NOT NULL, ident TEXT, first INTEGER,
    started TEXT, PRIMARY KEY (room, tbl, run));
CREATE TABLE IF NOT EXISTS room_rejected (
    room TEXT NOT NULL, tbl TEXT NOT NULL, run INTEGER, seq INTEGER, reason TEXT NOT NULL,
    line TEXT, at TEXT);
CREATE TABLE IF NOT EXISTS room_counts (
    room TEXT NOT NULL, tbl TEXT NOT NULL, lost INTEGER DEFAULT 0, rejected INTEGER DEFAULT 0,
    asked INTEGER DEFAULT 0, dropped INTEGER DEFAULT 0, twice INTEGER DEFAULT 0,
    PRIMARY KEY (room, tbl));
"""
COUNTS = ("lost", "rejected", "asked", "dropped", "twice")
LINE_KEPT = 200         # characters of a rejected line kept with its reason


def _add_run_column(db):
    """A room database made before runs: its lines become run 0 of their table."""
    columns = [r[1] for r in db.execute("PRAGMA table_info(room_lines)")]
    if columns and "run" not in columns:
        db.executescript("""
            ALTER TABLE room_lines RENAME TO room_lines_old;
            CREATE TABLE room_lines (
                room TEXT NOT NULL, tbl TEXT NOT NULL, run INTEGER NOT NULL DEFAULT 0,
                seq INTEGER NOT NULL, match INTEGER, n INTEGER, PRIMARY KEY (room, tbl, run, seq));
            INSERT INTO room_lines SELECT room, tbl, 0, seq, match, n FROM room_lines_old;
            DROP TABLE room_lines_old;""")
        db.commit()


class TableWriter(Store):
    """A Store that writes one table's matches on the room's shared connection."""

    def __init__(self, room_store, room, table):
        self.path = room_store.path
        self.db = room_store.db
        self.room = room
        self.table = table
        self.match = None
        self.n = 0
        self.hand = None
        self.source = "mqtt tapete/%s/%s" % (room, table)
        self.batch = True           # the room store commits (one commit per delivery)
        self.round = 0

    def resume(self, match, n, hands, rounds):
        """Carry on the table's last match after a restart of the room server."""
        self.match, self.n, self.hand, self.round = match, n, hands, rounds

    def _new_match(self, ev):
        Store._new_match(self, ev)
        given = ev.get("round")
        self.round = given if isinstance(given, int) and not isinstance(given, bool) else self.round + 1
        self.db.execute("INSERT INTO room_matches VALUES (?, ?, ?, ?)",
                        (self.match, self.room, self.table, self.round))

    def close(self):
        pass        # the room store owns the connection


def _private_file(path):
    """Make the database file its owner's only before SQLite opens it: every table's
    log and the players' names are in it (SQLite makes its -wal and -shm files with
    the same mode)."""
    if path == ":memory:" or os.path.lexists(path):
        return
    try:
        os.makedirs(os.path.dirname(os.path.abspath(path)), mode=0o700, exist_ok=True)
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    except FileExistsError:
        pass            # made in between: SQLite opens it as it is
    except OSError as err:
        raise StoreError("cannot make the room database %s: %s" % (path, err.strerror))


class RoomStore:
    """The room's SQLite file: `add(room, table, events)` stores lines once each."""

    def __init__(self, path):
        _private_file(path)
        self.store = Store(path)        # creates the match tables (WAL)
        self.path = self.store.path
        self.db = self.store.db
        try:
            _add_run_column(self.db)
            self.db.executescript(SCHEMA + ROOM_SCHEMA)
        except sqlite3.Error as err:
            raise StoreError("cannot set up the room database %s: %s" % (path, err))
        self.writers = {}

    def close(self):
        self.db.commit()
        self.store.close()

    def writer(self, room, table):
        key = (room, table)
        w = self.writers.get(key)
        if w is None:
            w = self.writers[key] = TableWriter(self, room, table)
            row = self.db.execute("SELECT match, round FROM room_matches WHERE room = ? AND tbl = ?"
                                  " ORDER BY match DESC LIMIT 1", (room, table)).fetchone()
            if row is not None:
                match, rnd = row
                n = self.db.execute("SELECT COUNT(*) FROM events WHERE match = ?", (match,)).fetchone()[0]
                hands = self.db.execute("SELECT MAX(hand) FROM hands WHERE match = ?", (match,)).fetchone()[0]
                w.resume(match, n, hands, rnd or 0)
        return w

    def next_seq(self, room, table, run=None):
        """The seq after the table's last stored line of `run` (default: its newest),
        or None for a run never heard."""
        if run is None:
            run = self.run(room, table)[0]
        row = self.db.execute("SELECT MAX(seq) FROM room_lines WHERE room = ? AND tbl = ? AND run = ?",
                              (room, table, run)).fetchone()
        return None if row[0] is None else row[0] + 1

    def run(self, room, table):
        """(run, ident) of the table's newest run: (0, None) for a table never heard."""
        row = self.db.execute("SELECT run, ident FROM room_runs WHERE room = ? AND tbl = ?"
                              " ORDER BY run DESC LIMIT 1", (room, table)).fetchone()
        if row is not None:
            return row[0], row[1]
        row = self.db.execute("SELECT MAX(run) FROM room_lines WHERE room = ? AND tbl = ?",
                              (room, table)).fetchone()
        return (row[0] or 0), None

    def idents(self, room, table):
        """The run ids the table gave in its earlier runs (a replayed old line has one)."""
        return set(r[0] for r in self.db.execute(
            "SELECT ident FROM room_runs WHERE room = ? AND tbl = ? AND ident IS NOT NULL", (room, table)))

    def new_run(self, room, table, ident, first):
        """The table's numbering starts again at `first` (a new boot, `ident` its run id
        when it gave one): the number of its new run."""
        run = self.run(room, table)[0] + 1
        self.db.execute("INSERT INTO room_runs VALUES (?, ?, ?, ?, ?, ?)",
                        (room, table, run, ident, first, time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())))
        self.db.commit()
        return run

    def name_run(self, room, table, run, ident):
        """The run id a table gave on a run the room already follows."""
        self.db.execute("INSERT OR REPLACE INTO room_runs (room, tbl, run, ident, first, started)"
                        " VALUES (?, ?, ?, ?, (SELECT MIN(seq) FROM room_lines WHERE room = ? AND tbl = ?"
                        " AND run = ?), ?)", (room, table, run, ident, room, table, run,
                                              time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())))

    def body(self, room, table, run, seq):
        """The stored text of the table's line `seq` of `run`, or None."""
        row = self.db.execute(
            "SELECT e.body FROM room_lines l JOIN events e ON e.match = l.match AND e.n = l.n"
            " WHERE l.room = ? AND l.tbl = ? AND l.run = ? AND l.seq = ?", (room, table, run, seq)).fetchone()
        return None if row is None else row[0]

    def reject(self, room, table, run, seq, reason, line):
        """A line refused by the protocol check, kept with its reason (not committed:
        the next `add` or `count` commits)."""
        self.db.execute("INSERT INTO room_rejected VALUES (?, ?, ?, ?, ?, ?, ?)",
                        (room, table, run, seq, reason, (line or "")[:LINE_KEPT],
                         time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())))

    def rejected(self, room=None):
        """Every rejected line: dicts of room, table, run, seq, reason, line, at."""
        keys = ("room", "table", "run", "seq", "reason", "line", "at")
        rows = self.db.execute("SELECT room, tbl, run, seq, reason, line, at FROM room_rejected"
                               + (" WHERE room = ?" if room else "") + " ORDER BY rowid",
                               (room,) if room else ()).fetchall()
        return [dict(zip(keys, r)) for r in rows]

    def count(self, room, table, commit=True, **more):
        """Add to the table's evening counters (COUNTS), and commit (unless the caller
        commits a batch of its own)."""
        self.db.execute("INSERT OR IGNORE INTO room_counts (room, tbl) VALUES (?, ?)", (room, table))
        sets = ", ".join("%s = %s + ?" % (k, k) for k in more)
        self.db.execute("UPDATE room_counts SET " + sets + " WHERE room = ? AND tbl = ?",
                        tuple(more[k] for k in more) + (room, table))
        if commit:
            self.db.commit()

    def counts(self, room):
        """{table: {counter: value}} of the room's evening so far."""
        rows = self.db.execute("SELECT tbl, " + ", ".join(COUNTS) + " FROM room_counts WHERE room = ?",
                               (room,)).fetchall()
        return dict((r[0], dict(zip(COUNTS, r[1:]))) for r in rows)

    def tables(self):
        """Every (room, table) with a stored line."""
        return self.db.execute("SELECT DISTINCT room, tbl FROM room_matches ORDER BY room, tbl").fetchall()

    def add(self, room, table, events, run=0, commit=True):
        """Store a table's events (already in seq order, each once), in one commit.
        A line whose (room, table, seq) is stored already is skipped: the count of
        such duplicates is returned (0 when the intake did its job)."""
        w = self.writer(room, table)
        dup = 0
        for ev in events:
            seq = ev.get("seq")
            if isinstance(seq, int):
                try:
                    self.db.execute("INSERT INTO room_lines (room, tbl, run, seq) VALUES (?, ?, ?, ?)",
                                    (room, table, run, seq))
                except sqlite3.IntegrityError:
                    dup += 1
                    continue
            w.add(ev)
            if isinstance(seq, int):
                self.db.execute("UPDATE room_lines SET match = ?, n = ? WHERE room = ? AND tbl = ?"
                                " AND run = ? AND seq = ?", (w.match, w.n - 1, room, table, run, seq))
        if commit:
            self.db.commit()
        return dup

    # -- reading ------------------------------------------------------------------------
    def matches(self):
        """Every room match: dicts of match, room, table, round, game, winner, totals, events."""
        rows = self.db.execute(
            "SELECT r.match, r.room, r.tbl, r.round, m.game, m.winner, m.totals, m.reason, m.events"
            " FROM room_matches r JOIN matches m ON m.id = r.match ORDER BY r.match").fetchall()
        keys = ("match", "room", "table", "round", "game", "winner", "totals", "reason", "events")
        out = []
        for r in rows:
            d = dict(zip(keys, r))
            d["totals"] = json.loads(d["totals"]) if d["totals"] else None
            out.append(d)
        return out
