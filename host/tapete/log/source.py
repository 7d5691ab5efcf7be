"""Where a match comes from: a log file or the match database, named on the command line.

A MATCH argument (`tapete replay`, `tapete report`, `tapete audit`) is one of:
  12           the match with id 12 in the database (--db, else the default one)
  last         the newest match in the database
  FILE         a table log; the last match in it when it holds several
  FILE:N       the N-th match (1-based) of a log that holds several

`load(spec, db)` gives a `Loaded` (its events, a label, the first line number);
anything wrong is one UsageError line saying what to do.
"""
import json
import os

from ..errors import UsageError


class Loaded:
    """The events of one match, and where they came from."""

    def __init__(self, events, label, first_line=1, match_id=None, source=None):
        self.events = events
        self.label = label              # "match 12 in ~/.local/share/tapete/tapete.sqlite"
        self.first_line = first_line    # the line (or event number) of events[0]
        self.match_id = match_id
        self.source = source

    def lines(self):
        """(line number, JSON text) pairs, as the audit reads a file."""
        return [(self.first_line + i, json.dumps(ev)) for i, ev in enumerate(self.events)]


def is_db_spec(spec):
    """True when `spec` names a database match (an id or `last`), not a file."""
    return (spec == "last" or spec.isdigit()) and not os.path.exists(spec)


def load(spec, db=None):
    """The match `spec` names (see the module docstring)."""
    if is_db_spec(spec):
        return from_db(spec, db)
    path, index = spec, None
    if not os.path.exists(path) and ":" in spec:
        head, tail = spec.rsplit(":", 1)
        if tail.isdigit() and os.path.exists(head):
            path, index = head, int(tail)
    if not os.path.exists(path):
        raise UsageError("no log file %s and no match id %r (a MATCH is a log file, FILE:N for "
                         "its N-th match, a match id from `tapete stats --list`, or `last`)"
                         % (spec, spec))
    if os.path.isdir(path):
        raise UsageError("%s is a folder; name a log file (JSON Lines)" % path)
    return from_file(path, index)


def split_matches(pairs):
    """[(first line, [events])] of a log's (line number, event) pairs, one per match.
    Events before the first `match` belong to the first match."""
    groups = []         # [first line, events, has a match event]
    for number, ev in pairs:
        starts = ev.get("ev") == "match"
        if not groups or (starts and groups[-1][2]):
            groups.append([number, [], False])
        group = groups[-1]
        group[1].append(ev)
        group[2] = group[2] or starts
    return [(g[0], g[1]) for g in groups]


def read_events(path):
    """(line number, event) for each line of a log that is a JSON object."""
    pairs = []
    try:
        f = open(path, "rb")
    except OSError as err:
        raise UsageError("cannot read %s: %s" % (path, err.strerror or err))
    with f:
        for number, raw in enumerate(f, 1):
            try:
                ev = json.loads(raw.decode("utf-8"))
            except (UnicodeDecodeError, ValueError):
                continue
            if isinstance(ev, dict):
                pairs.append((number, ev))
    return pairs


def from_file(path, index=None):
    matches = split_matches(read_events(path))
    if not matches:
        raise UsageError("%s holds no table events (is it a table log? docs/protocol.md)" % path)
    if index is None:
        index = len(matches)
    if not 1 <= index <= len(matches):
        raise UsageError("%s holds %d match(es); there is no match %d" % (path, len(matches), index))
    first, events = matches[index - 1]
    label = path if len(matches) == 1 else "%s, match %d of %d" % (path, index, len(matches))
    return Loaded(events, label, first, source=path)


def open_store(db):
    from .store import Store
    return Store(db, create=False)


def from_db(spec, db=None):
    store = open_store(db)
    try:
        if spec == "last":
            match_id = store.last_match()
            if match_id is None:
                raise UsageError("the match database %s holds no match yet" % store.path)
        else:
            match_id = int(spec)
            if not store.has_match(match_id):
                last = store.last_match()
                raise UsageError("no match %d in %s (%s)" % (
                    match_id, store.path, "it holds matches 1 to %d" % last if last else "it is empty"))
        events = store.events(match_id)
        label = "match %d in %s" % (match_id, store.path)
        return Loaded(events, label, 1, match_id, store.path)
    finally:
        store.close()
