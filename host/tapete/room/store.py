"""The room's database: the match database of store.py (so `tapete stats --db` and
`tapete audit N --db` read it as they read a laptop's), with every table's log in it
and two tables that say which table and round each match belongs to:

  room_matches(match, room, tbl, round)     one row per match
  room_lines(room, tbl, seq, match, n)      one row per stored line: (room, tbl, seq)
                                            is the primary key, so a line is stored once
                                            even across a restart of the room server
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

from ..log.store import SCHEMA, Store, StoreError

ROOM_SCHEMA = """
CREATE TABLE IF NOT EXISTS room_matches (
    match INTEGER PRIMARY KEY, room TEXT NOT NULL, tbl TEXT NOT NULL, round INTEGER);
CREATE TABLE IF NOT EXISTS room_lines (
    room TEXT NOT NULL, tbl TEXT NOT NULL, seq INTEGER NOT NULL, match INTEGER, n INTEGER,
    PRIMARY KEY (room, tbl, seq));
"""


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

    def next_seq(self, room, table):
        """The seq after the table's last stored line, or None for a table never heard."""
        row = self.db.execute("SELECT MAX(seq) FROM room_lines WHERE room = ? AND tbl = ?",
                              (room, table)).fetchone()
        return None if row[0] is None else row[0] + 1

    def tables(self):
        """Every (room, table) with a stored line."""
        return self.db.execute("SELECT DISTINCT room, tbl FROM room_matches ORDER BY room, tbl").fetchall()

    def add(self, room, table, events):
        """Store a table's events (already in seq order, each once), in one commit.
        A line whose (room, table, seq) is stored already is skipped: the count of
        such duplicates is returned (0 when the intake did its job)."""
        w = self.writer(room, table)
        dup = 0
        for ev in events:
            seq = ev.get("seq")
            if isinstance(seq, int):
                try:
                    self.db.execute("INSERT INTO room_lines (room, tbl, seq) VALUES (?, ?, ?)",
                                    (room, table, seq))
                except sqlite3.IntegrityError:
                    dup += 1
                    continue
            w.add(ev)
            if isinstance(seq, int):
                self.db.execute("UPDATE room_lines SET match = ?, n = ? WHERE room = ? AND tbl = ?"
                                " AND seq = ?", (w.match, w.n - 1, room, table, seq))
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
