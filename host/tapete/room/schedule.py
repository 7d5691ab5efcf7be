"""A room's schedule: who sits at which table in each round, so that every table's
match carries its players' names (docs/protocol.md 1.2, `names` on the `match`
event) without anyone typing them at a table of readers.

A schedule file is JSON Lines, one `{"round": r, "table": "t1", "seats": [name per
seat], "teams": [name per team]}` per table and round (either list may be left
out). Each name is checked as the table checks it (rules/names.py).

The room server gives each table the names of its next round as the `names` host
command (docs/protocol.md) on the table's notice topic, as a retained message: the
table takes it whenever it connects, keeps it for its next match, and a match
under way keeps its own names. When a table's match of round r starts, the room
sends round r + 1's names.
"""
import json

from .lines import RoomError
from ..rules import names as rules_names
from ..rules.errors import TableError


def load_schedule(path):
    """{(round, table): names object}; RoomError naming the line of anything that is
    not a schedule's line."""
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError as err:
        raise RoomError("cannot read the schedule %s: %s" % (path, err.strerror))
    except UnicodeDecodeError:
        raise RoomError("the schedule %s is not UTF-8 text" % path)
    out = {}
    for i, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except ValueError:
            raise RoomError("%s line %d: not JSON" % (path, i))
        rnd = row.get("round") if isinstance(row, dict) else None
        table = row.get("table") if isinstance(row, dict) else None
        if not isinstance(rnd, int) or isinstance(rnd, bool) or rnd < 1 or not isinstance(table, str) \
                or not table:
            raise RoomError('%s line %d: a schedule line is {"round": r, "table": "t1", "seats": '
                            '[...], "teams": [...]} (round from 1)' % (path, i))
        given = dict((k, row[k]) for k in rules_names.KEYS if k in row)
        if not given:
            raise RoomError("%s line %d: round %d at table %s names nobody" % (path, i, rnd, table))
        try:
            names = rules_names.check(given)
        except TableError as err:
            raise RoomError("%s line %d: %s" % (path, i, err))
        if (rnd, table) in out:
            raise RoomError("%s line %d: round %d at table %s is given twice" % (path, i, rnd, table))
        out[(rnd, table)] = names
    if not out:
        raise RoomError("the schedule %s names nobody" % path)
    return out


def names_command(names):
    """The retained message that gives a round's names to its table: both lists, so
    a list the round leaves out clears the last round's ([] clears, docs/protocol.md)."""
    cmd = {"cmd": "names", "id": "room-names"}
    for k in rules_names.KEYS:
        cmd[k] = list(names.get(k) or [])
    return cmd
