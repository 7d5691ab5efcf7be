"""The match database: every recorded event in one SQLite file, plus the few facts
`tapete stats` needs, indexed as the events arrive.

One file holds every match a laptop has recorded (default: the user's data folder,
`--db` to choose). Tables:
  matches(id, game, options, seats, source, recorded, winner, totals, reason, events)
  events(match, n, seq, ev, body)        every event as stored in the log, in order
  hands(match, hand, dealer, trump, points, score, totals, ended)
  violations(match, hand, trick, seat, card, rule, proven)
  claims(match, hand, trick, seat, call, sound)
The log file and the database hold the same events (`body` is the JSON line
without the link's crc); the other tables are derived from them and are what
keeps `tapete stats` fast over thousands of matches.
"""
import json
import os
import sqlite3
import time

SCHEMA = """
CREATE TABLE IF NOT EXISTS matches (
    id INTEGER PRIMARY KEY, game TEXT, options TEXT, seats INTEGER, source TEXT,
    recorded TEXT, winner INTEGER, totals TEXT, reason TEXT, events INTEGER DEFAULT 0,
    names TEXT);
CREATE TABLE IF NOT EXISTS events (
    match INTEGER NOT NULL, n INTEGER NOT NULL, seq INTEGER, ev TEXT, body TEXT NOT NULL,
    PRIMARY KEY (match, n));
CREATE TABLE IF NOT EXISTS hands (
    match INTEGER NOT NULL, hand INTEGER NOT NULL, dealer INTEGER, trump TEXT,
    points TEXT, score TEXT, totals TEXT, ended TEXT, PRIMARY KEY (match, hand));
CREATE TABLE IF NOT EXISTS violations (
    match INTEGER NOT NULL, hand INTEGER, trick INTEGER, seat INTEGER, card TEXT,
    rule TEXT, proven TEXT);
CREATE TABLE IF NOT EXISTS claims (
    match INTEGER NOT NULL, hand INTEGER, trick INTEGER, seat INTEGER, call TEXT,
    sound INTEGER);
CREATE INDEX IF NOT EXISTS violations_match ON violations (match);
CREATE INDEX IF NOT EXISTS claims_match ON claims (match);
"""


def _add_names_column(db):
    """A database made before players had names gets the column (NULL: unnamed)."""
    columns = [r[1] for r in db.execute("PRAGMA table_info(matches)")]
    if "names" not in columns:
        db.execute("ALTER TABLE matches ADD COLUMN names TEXT")
        db.commit()


class StoreError(Exception):
    """The database cannot be opened or read (a user's mistake: one line, exit 2)."""


def default_path():
    """`tapete.sqlite` in the user's data folder (platformdirs: XDG on Linux)."""
    import platformdirs
    return os.path.join(platformdirs.user_data_dir("tapete", appauthor=False), "tapete.sqlite")


class Store:
    """One database file. `add(event)` appends to the match being recorded."""

    def __init__(self, path=None, create=True):
        self.path = path or default_path()
        if not create and not os.path.exists(self.path):
            raise StoreError("no match database at " + self.path
                             + " (record a match first, or name one with --db)")
        folder = os.path.dirname(os.path.abspath(self.path))
        try:
            os.makedirs(folder, exist_ok=True)
            self.db = sqlite3.connect(self.path, timeout=10, check_same_thread=False)
            self.db.execute("PRAGMA journal_mode=WAL")     # readers (serve, stats) never block the recorder
            self.db.execute("PRAGMA synchronous=NORMAL")
            self.db.executescript(SCHEMA)
            _add_names_column(self.db)
        except (OSError, sqlite3.Error) as err:
            raise StoreError("cannot open the match database " + self.path + ": " + str(err))
        self.match = None       # id of the match being added to
        self.n = 0
        self.hand = None
        self.source = None
        self.batch = False

    def close(self):
        self.db.close()

    # -- writing ------------------------------------------------------------------------
    def start(self, source):
        """Say where the next events come from (a port, a file, the simulator)."""
        self.source = source

    def add(self, ev):
        """Append one stored event (committed at once unless in a `bulk()` block).

        The first events after `start` that are not a `match` carry on the match
        this source left unfinished (a recorder restarted mid-match), so a match is
        never split in two, nor stored without its game."""
        name = ev.get("ev")
        if self.match is None and name != "match":
            self._carry_on(ev)
        if name == "match" or self.match is None:
            self._new_match(ev if name == "match" else {})
        db = self.db
        db.execute("INSERT INTO events VALUES (?, ?, ?, ?, ?)",
                   (self.match, self.n, ev.get("seq"), name, json.dumps(ev)))
        self.n += 1
        m = self.match
        if name == "deal":
            self.hand = (self.hand or 0) + 1
            db.execute("INSERT OR REPLACE INTO hands (match, hand, dealer) VALUES (?, ?, ?)",
                       (m, self.hand, ev.get("dealer")))
        elif name == "trump":
            db.execute("UPDATE hands SET trump = ? WHERE match = ? AND hand = ?",
                       (ev.get("suit"), m, ev.get("hand", self.hand)))
        elif name == "hand_end":
            db.execute("UPDATE hands SET points = ?, score = ?, totals = ?, ended = ?"
                       " WHERE match = ? AND hand = ?",
                       (json.dumps(ev.get("points")), json.dumps(ev.get("score")),
                        json.dumps(ev.get("totals")), ev.get("ended"), m, ev.get("hand", self.hand)))
        elif name == "violation":
            key = (m, ev.get("hand"), ev.get("trick"), ev.get("seat"), ev.get("card"))
            if ev.get("revises"):       # the same play, its rule named at the hand's end
                db.execute("DELETE FROM violations WHERE match = ? AND hand = ? AND trick = ?"
                           " AND seat = ? AND card = ?", key)
            db.execute("INSERT INTO violations VALUES (?, ?, ?, ?, ?, ?, ?)",
                       key + (ev.get("rule"), str(ev.get("proven"))))
        elif name == "x-claim":
            sound = ev.get("sound")
            db.execute("INSERT INTO claims VALUES (?, ?, ?, ?, ?, ?)",
                       (m, ev.get("hand"), ev.get("trick"), ev.get("seat"), ev.get("call"),
                        None if sound is None else int(bool(sound))))
        elif name == "match_end":
            db.execute("UPDATE matches SET winner = ?, totals = ?, reason = ? WHERE id = ?",
                       (ev.get("winner"), json.dumps(ev.get("totals")), ev.get("reason"), m))
        elif name == "x-reopen":
            # a director's override reopened the hand: its end (the match's) no longer stands
            withdrawn = ev.get("withdraws") or ()
            if "hand_end" in withdrawn:
                db.execute("UPDATE hands SET points = NULL, score = NULL, totals = NULL, ended = NULL"
                           " WHERE match = ? AND hand = ?", (m, ev.get("hand", self.hand)))
            if "match_end" in withdrawn:
                db.execute("UPDATE matches SET winner = NULL, totals = NULL, reason = NULL WHERE id = ?",
                           (m,))
        db.execute("UPDATE matches SET events = ? WHERE id = ?", (self.n, m))
        if not self.batch:
            db.commit()

    def _carry_on(self, ev):
        """Go on adding to this source's newest match when it is unfinished (no
        `match_end`) and `ev` comes after its last event."""
        if self.source is None:
            return
        row = self.db.execute("SELECT id, game, reason, events FROM matches WHERE source = ?"
                              " ORDER BY id DESC LIMIT 1", (self.source,)).fetchone()
        if row is None or row[1] is None or row[2] is not None:
            return
        last = self.db.execute("SELECT MAX(seq) FROM events WHERE match = ?", (row[0],)).fetchone()[0]
        seq = ev.get("seq")
        if isinstance(seq, int) and last is not None and seq <= last:
            return      # another numbering: not the same match
        self.match = row[0]
        self.n = self.db.execute("SELECT COUNT(*) FROM events WHERE match = ?", (row[0],)).fetchone()[0]
        self.hand = self.db.execute("SELECT MAX(hand) FROM hands WHERE match = ?", (row[0],)).fetchone()[0]

    def _new_match(self, ev):
        from .names import of_match
        names = of_match(ev)        # checked: names the rules refuse are not kept
        cur = self.db.execute(
            "INSERT INTO matches (game, options, seats, source, recorded, names)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            (ev.get("game"), json.dumps(ev.get("options") or {}), ev.get("seats"), self.source,
             time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
             json.dumps(names, ensure_ascii=False) if names else None))
        self.match = cur.lastrowid
        self.n = 0
        self.hand = None

    def bulk(self):
        """A context in which adds are committed once at the end (imports, benches)."""
        store = self

        class _Bulk:
            def __enter__(self):
                store.batch = True

            def __exit__(self, *exc):
                store.batch = False
                store.db.commit()
        return _Bulk()

    def import_log(self, path, source=None):
        """Store every event of a JSON Lines log; the ids of the matches added."""
        self.start(source or os.path.abspath(path))
        first = None
        with self.bulk(), open(path, encoding="utf-8") as f:
            for line in f:
                line = line.strip()
                if not line:
                    continue
                try:
                    ev = json.loads(line)
                except ValueError:
                    continue
                if isinstance(ev, dict):
                    self.add(ev)
                    if first is None:
                        first = self.match
        if first is None:
            return []
        return list(range(first, self.match + 1))

    # -- reading ------------------------------------------------------------------------
    def matches(self):
        """Every match as a dict (id, game, options, source, recorded, winner, totals, ...)."""
        rows = self.db.execute("SELECT id, game, options, seats, source, recorded, winner, totals,"
                               " reason, events, names FROM matches ORDER BY id").fetchall()
        keys = ("id", "game", "options", "seats", "source", "recorded", "winner", "totals",
                "reason", "events", "names")
        out = []
        for r in rows:
            d = dict(zip(keys, r))
            d["options"] = json.loads(d["options"] or "{}")
            d["totals"] = json.loads(d["totals"]) if d["totals"] else None
            d["names"] = json.loads(d["names"]) if d["names"] else {}
            out.append(d)
        return out

    def last_match(self):
        """The id of the newest match, or None."""
        row = self.db.execute("SELECT MAX(id) FROM matches").fetchone()
        return row[0]

    def has_match(self, match_id):
        return self.db.execute("SELECT 1 FROM matches WHERE id = ?", (match_id,)).fetchone() is not None

    def events(self, match_id, after=-1):
        """The events of one match in order (those after index `after`)."""
        rows = self.db.execute("SELECT body FROM events WHERE match = ? AND n > ? ORDER BY n",
                               (match_id, after)).fetchall()
        return [json.loads(r[0]) for r in rows]

    def lines(self, match_id):
        """The match's events as (line number, JSON text) pairs, as the audit reads a file."""
        rows = self.db.execute("SELECT n, body FROM events WHERE match = ? ORDER BY n",
                               (match_id,)).fetchall()
        return [(n + 1, body) for n, body in rows]
