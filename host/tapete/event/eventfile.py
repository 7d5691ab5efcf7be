"""The event file: one JSON object that names the game, the house-rule profile, the
format with its settings and the tie-breaks, and holds the entries, the rounds with
their results and the director's corrections. Read checked (a bad key is one
UsageError naming it), written whole after each change."""
import datetime
import json
import os

from ..errors import UsageError

VERSION = 1

# Every key of an event file, with what it holds (docs/tournaments.md says the same).
KEYS = {
    "tapete_event": "the file's version (1)",
    "name": "the event's name",
    "game": "the game played (a name `tapete games` knows)",
    "profile": "the house-rule profile (a name `tapete games --profiles` lists, or a profile file; null for the game's defaults)",
    "format": "swiss, groups, ceros, rotating or league",
    "settings": "the format's settings (docs/tournaments.md lists them per format)",
    "season": "season points: {name, points: [per placing, 1st first], qualify}",
    "clock": "the caps of every round: {points, deals, minutes}, each null for none (event/clock.py)",
    "tiebreaks": "the ranking's order: won, difference, points, opponents",
    "entries": "the players, pairs or teams: {id, name, players: [{name, club, fed_id}]}",
    "rounds": "the rounds drawn: {round, tables: [{table, a, b, score}], byes}",
    "corrections": "the director's corrections: {round, table, was, score, by, why, at}",
}
REQUIRED = ("tapete_event", "game", "format")
# The keys of an entry, a player and the season, each True when it must be there.
ENTRY_KEYS = {"id": True, "name": True, "players": True}
PLAYER_KEYS = {"name": True, "club": False, "fed_id": False}
SEASON_KEYS = {"name": False, "points": True, "qualify": False}
TIEBREAKS = ("won", "difference", "points", "opponents")
DEFAULT_TIEBREAKS = ["won", "difference", "points"]


def new(game, fmt, settings=None, name="", profile=None, tiebreaks=None):
    """A new event with no entries and no round."""
    from . import formats
    module = formats.module(fmt)
    event = {"tapete_event": VERSION, "name": name, "game": game, "profile": profile, "format": fmt,
             "settings": dict(module.SETTINGS, **(settings or {})),
             "tiebreaks": list(tiebreaks or DEFAULT_TIEBREAKS), "entries": [], "rounds": [], "corrections": []}
    check(event)
    return event


def check(event, where="the event file"):
    """`event` as an event file must be, else a UsageError naming the key at fault."""
    from . import formats
    if not isinstance(event, dict):
        raise UsageError("%s: not a JSON object" % where)
    for key in event:
        if key not in KEYS:
            raise UsageError("%s: unknown key %r (the keys: %s)" % (where, key, ", ".join(KEYS)))
    for key in REQUIRED:
        if key not in event:
            raise UsageError("%s: no %r key (%s)" % (where, key, KEYS[key]))
    if event["tapete_event"] != VERSION:
        raise UsageError("%s: key 'tapete_event': version %r, this tapete reads %d"
                         % (where, event["tapete_event"], VERSION))
    module = formats.module(event["format"], where)
    if event.get("profile") is not None:
        # a house-rule profile of the event's game (docs/profiles.md): a name shipped or a file
        from . import profiles
        try:
            profiles.named(event["profile"], event["game"])
        except profiles.ProfileError as err:
            raise UsageError("%s: key 'profile': %s" % (where, err))
    settings = event.setdefault("settings", {})
    if not isinstance(settings, dict):
        raise UsageError("%s: key 'settings' is not an object" % where)
    for key in settings:
        if key not in module.SETTINGS:
            raise UsageError("%s: key 'settings.%s' is not a setting of the %s format (its settings: %s)"
                             % (where, key, event["format"], ", ".join(module.SETTINGS)))
    for key, default in module.SETTINGS.items():
        settings.setdefault(key, default)
        if not same_kind(settings[key], default):
            raise UsageError("%s: key 'settings.%s': %s where %s is wanted (the default: %s)"
                             % (where, key, json.dumps(settings[key]), type(default).__name__, json.dumps(default)))
    tiebreaks = event.setdefault("tiebreaks", list(DEFAULT_TIEBREAKS))
    if not isinstance(tiebreaks, list) or not tiebreaks:
        raise UsageError("%s: key 'tiebreaks' must be a list among %s" % (where, ", ".join(TIEBREAKS)))
    for t in tiebreaks:
        if t not in TIEBREAKS:
            raise UsageError("%s: key 'tiebreaks': unknown tie-break %r (the tie-breaks: %s)"
                             % (where, t, ", ".join(TIEBREAKS)))
    for key in ("entries", "rounds", "corrections"):
        if not isinstance(event.setdefault(key, []), list):
            raise UsageError("%s: key %r is not a list" % (where, key))
    for n, e in enumerate(event["entries"]):
        keys_of(e, ENTRY_KEYS, "%s: key 'entries[%d]" % (where, n))
        for m, p in enumerate(e.get("players", [])):
            keys_of(p, PLAYER_KEYS, "%s: key 'entries[%d].players[%d]" % (where, n, m))
    if "season" in event:
        keys_of(event["season"], SEASON_KEYS, "%s: key 'season" % where)
    if event.get("clock") is not None:
        from . import clock
        clock.check(event["clock"], where)
    ids = [e.get("id") for e in event["entries"]]
    if len(set(ids)) != len(ids):
        raise UsageError("%s: key 'entries': two entries share an id" % where)
    event.setdefault("name", "")
    event.setdefault("profile", None)
    return event


def same_kind(value, default):
    """A setting's value has its default's kind (a bool is not a number here)."""
    if isinstance(default, bool) or isinstance(value, bool):
        return isinstance(value, bool) and isinstance(default, bool)
    return isinstance(value, type(default))


def keys_of(obj, known, named):
    """`obj` an object whose keys are among `known` (`named` says where, its closing
    quote left to add)."""
    if not isinstance(obj, dict):
        raise UsageError("%s' is not an object" % named)
    for key in obj:
        if key not in known:
            raise UsageError("%s.%s' is unknown (the keys: %s)" % (named, key, ", ".join(known)))
    for key in known:
        if known[key] and key not in obj:
            raise UsageError("%s' has no %r" % (named, key))


def load(path):
    """The event of a file, checked."""
    try:
        with open(path, encoding="utf-8") as f:
            event = json.load(f)
    except FileNotFoundError:
        raise UsageError("%s: no such event file (make one with `tapete event new`)" % path) from None
    except ValueError as err:
        raise UsageError("%s: not JSON (%s)" % (path, err)) from None
    return check(event, path)


def save(event, path):
    """Write the event whole (to a temporary file first: a crash never leaves half a file)."""
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(event, f, indent=1, ensure_ascii=False)
        f.write("\n")
    os.replace(tmp, path)


def add_entries(event, entries):
    """Register entries, numbered after the last one; none once round 1 is drawn."""
    if event["rounds"]:
        raise UsageError("round 1 is drawn: entries can no longer be added")
    first = max([e["id"] for e in event["entries"]], default=0) + 1
    for i, e in enumerate(entries):
        e["id"] = first + i
        event["entries"].append(e)
    return event


def names(event):
    """{entry id: its name}."""
    return {e["id"]: e["name"] for e in event["entries"]}


def games(event):
    """Every game with a result, in order: (round, a, b, score_a, score_b)."""
    out = []
    for rnd in event["rounds"]:
        for t in rnd["tables"]:
            if t.get("score") is not None:
                out.append((rnd["round"], t["a"], t["b"], t["score"][0], t["score"][1]))
    return out


def byes(event):
    """Every bye: [(round, entry id)]."""
    return [(rnd["round"], e) for rnd in event["rounds"] for e in rnd.get("byes", [])]


def unfinished(event):
    """The tables of the last round still without a result."""
    if not event["rounds"]:
        return []
    return [t["table"] for t in event["rounds"][-1]["tables"] if t.get("score") is None]


def table_of(event, round_no, table_no):
    for rnd in event["rounds"]:
        if rnd["round"] == round_no:
            for t in rnd["tables"]:
                if t["table"] == table_no:
                    return t
            raise UsageError("round %d has no table %d (its tables: 1 to %d)" % (round_no, table_no, len(rnd["tables"])))
    raise UsageError("no round %d yet (rounds drawn: %d)" % (round_no, len(event["rounds"])))


def enter_result(event, round_no, table_no, score_a, score_b, by=None, why=None, now=None):
    """A table's result. Over one already entered it is a director's correction:
    it needs who (`by`) and why, and is logged in `corrections`."""
    if score_a < 0 or score_b < 0:
        raise UsageError("a score is never negative (%d %d)" % (score_a, score_b))
    t = table_of(event, round_no, table_no)
    was = t.get("score")
    if was is not None:
        if not by or not why:
            raise UsageError("round %d table %d already has %d %d: a correction needs --by NAME and --why TEXT"
                             % (round_no, table_no, was[0], was[1]))
        when = (now or datetime.datetime.now(datetime.timezone.utc)).isoformat(timespec="seconds")
        event["corrections"].append({"round": round_no, "table": table_no, "was": was,
                                     "score": [score_a, score_b], "by": by, "why": why, "at": when})
    from . import formats
    formats.check_result(event, round_no, t, score_a, score_b)
    t["score"] = [score_a, score_b]
    return t
