"""Rounds with a clock: what the room tells each table of its round (docs/protocol.md,
the `round` command) and the names it carries.

The event's `clock` key sets the caps of every round: `points` (a team's total that
ends the match, as Botifarra's 101), `deals` (12) and `minutes` (55 to 60); each may
be null (no such cap). The clock of a round runs from its `started` (seconds since
the epoch, set by `tapete event start`), so the end time is `started + minutes * 60`.
At a cap the table finishes the deal in play and ends the match with the reason `cap`
(docs/protocol.md); the table's result is the score it ended on.

Event table n plays at the room's table `t<n>` (the names `tapete room init --tables`
gives). The names: side a's players at seats 0 and 2, side b's at 1 and 3 (partners
face each other: seats of one team are `seat % 2`), the sides' names as the teams'.
"""
from ..errors import UsageError
from ..rules import names as rules_names
from ..rules.errors import TableError

CAPS = ("points", "deals", "minutes")
DEFAULT = {"points": None, "deals": None, "minutes": None}


def check(clock, where="the event file"):
    """The `clock` key as it must be: {points, deals, minutes}, each a positive
    number or null."""
    if not isinstance(clock, dict):
        raise UsageError("%s: key 'clock' is not an object" % where)
    for key, value in clock.items():
        if key not in CAPS:
            raise UsageError("%s: key 'clock.%s' is unknown (the caps: %s)" % (where, key, ", ".join(CAPS)))
        if value is not None and (isinstance(value, bool) or not isinstance(value, (int, float)) or value <= 0
                                  or (key != "minutes" and not isinstance(value, int))):
            raise UsageError("%s: key 'clock.%s': %r is not a positive %s (or null)"
                             % (where, key, value, "number" if key == "minutes" else "whole number"))
    return clock


def parse(text):
    """`--clock POINTS,DEALS,MINUTES` (a part may be empty: no such cap)."""
    parts = text.split(",")
    if len(parts) != 3:
        raise UsageError("--clock %r: say POINTS,DEALS,MINUTES (e.g. 101,12,60; leave a part empty for no cap)"
                         % text)
    clock = {}
    for key, part in zip(CAPS, parts):
        part = part.strip()
        try:
            clock[key] = None if not part else (float(part) if key == "minutes" else int(part))
        except ValueError:
            raise UsageError("--clock %r: %r is not a number" % (text, part)) from None
    return check(clock, "--clock")


def table_name(n):
    """The room's name of event table n."""
    return "t%d" % n


def table_number(name):
    """The event table of a room table's name, or None."""
    if name.startswith("t") and name[1:].isdigit():
        return int(name[1:])
    return None


def names_of(event, table):
    """The names object of an event table: seats (side a at 0 and 2, side b at 1 and
    3) and teams (the sides' names); UsageError when a name is not one a table takes."""
    entries = dict((e["id"], e) for e in event["entries"])
    if isinstance(table["a"], list):        # a rotating event: the four players drawn
        seats = [p for p in table.get("seats") or []]
        given = {"seats": [str(s) for s in seats]}
    else:
        a, b = entries[table["a"]], entries[table["b"]]
        pa = [p["name"] for p in a["players"]]
        pb = [p["name"] for p in b["players"]]
        seats = []
        for i in range(max(len(pa), len(pb))):
            seats.append(pa[i] if i < len(pa) else "")
            seats.append(pb[i] if i < len(pb) else "")
        given = {"seats": seats, "teams": [a["name"], b["name"]]}
    try:
        return rules_names.check(given)
    except TableError as err:
        raise UsageError("table %d: %s" % (table["table"], err)) from None


def ends(event, rnd):
    """The round's end time (seconds since the epoch), or None (no time cap, or not started)."""
    minutes = (event.get("clock") or {}).get("minutes")
    if minutes is None or rnd.get("started") is None:
        return None
    return rnd["started"] + minutes * 60.0


def _profile_version(event):
    """The version of the event's profile (a name shipped or a file), or None when it
    cannot be read now: the round still goes out, with the name alone."""
    from . import profiles
    try:
        return profiles.named(event["profile"], event.get("game"))["version"]
    except profiles.ProfileError:
        return None


def round_command(event, rnd, table, now):
    """The `round` host command of one table of round `rnd`: its names, the round and
    table numbers, the seconds left at `now` and the caps (docs/protocol.md)."""
    cmd = {"cmd": "round", "id": "room-round", "round": rnd["round"], "table": table["table"]}
    end = ends(event, rnd)
    if end is not None:
        cmd["left"] = max(0, int(round(end - now)))
    caps = dict((k, v) for k, v in (event.get("clock") or {}).items() if v is not None)
    if caps:
        cmd["caps"] = caps
    if event.get("profile"):
        cmd["profile"] = event["profile"]       # the match event carries it (top-level `profile`)
        version = _profile_version(event)
        if version is not None:
            cmd["profile_version"] = version    # ... and which edition of it (`profile_version`)
    cmd.update(names_of(event, table))
    return cmd


def commands(event, now):
    """{room table: its `round` command} for the event's last round (every table of
    it; a table with a result already keeps its command: the players see the round)."""
    if not event["rounds"]:
        return {}
    rnd = event["rounds"][-1]
    return dict((table_name(t["table"]), round_command(event, rnd, t, now)) for t in rnd["tables"])

