"""A round with a clock (docs/protocol.md, the `round` command; docs/tournaments.md):
the round and table numbers, the caps and the time left, shown on the panel, and the
cap that ends the match once the deal in play is finished (the panel's line:
table/panel/round_line.py).

Loaded only when the room gives the table a round. The table has no wall clock: the
end is kept as the controller's milliseconds (`Table.now()`) at which the time left,
counted from the command's arrival, runs out. The room sends the round again every
minute (a table away counts from a time at most that old); after a power cut the
table holds no round until the room's next word.

`Table.round` is a list [round, table, end ms or -1, points or -1, deals or -1, the
profile's version or -1]: six
small ints, no dict kept. `Table.profile` is the event's house-rule profile, a name
the next `match` event carries (top-level `profile`, docs/protocol.md), with its
file's version (`profile_version`) from `Table.round`.
"""
from rules.errors import TableError

NONE = -1
MAX_PROFILE = 40    # characters of a house-rule profile's name


def _count(cmd, key, cap=False):
    v = (cmd.get("caps") or {}).get(key) if cap else cmd.get(key)
    if v is None:
        return NONE
    if not isinstance(v, (int, float)) or isinstance(v, bool) or v < 0:
        raise TableError("'round' needs '" + key + "' to be a number (0 or more)")
    return int(v)


def take(t, cmd):
    """The room's `round` command for table `t`; `{"round": 0}` clears it. Names it
    carries are the table's names for its next match (as `names`)."""
    rnd = _count(cmd, "round")
    if rnd == NONE:
        raise TableError("'round' needs 'round' (the round's number; 0 clears it)")
    caps = cmd.get("caps")
    if caps is not None and not isinstance(caps, dict):
        raise TableError("'round' needs 'caps' to be an object (points, deals, minutes)")
    table, left = _count(cmd, "table"), _count(cmd, "left")
    points, deals = _count(cmd, "points", True), _count(cmd, "deals", True)
    _count(cmd, "minutes", True)        # shown by the room; the table counts `left`
    profile = cmd.get("profile")
    if profile is not None and (not isinstance(profile, str) or not 0 < len(profile) <= MAX_PROFILE):
        raise TableError("'round' needs 'profile' to be a name of 1 to " + str(MAX_PROFILE) + " characters")
    version = cmd.get("profile_version")      # the profile file's version
    if version is not None and (profile is None or not isinstance(version, int)
                                or isinstance(version, bool) or version < 1):
        raise TableError("'round' needs 'profile_version' to be a whole number from 1, with 'profile'")
    if "seats" in cmd or "teams" in cmd:
        from rules import names
        given = {}
        for key in names.KEYS:
            if key in cmd:
                given[key] = cmd[key]
        t.names = names.merge(t.names, given)
    if rnd == 0:
        t.round = None
        t.profile = None
    else:
        t.profile = profile
        t.round = [rnd, table, NONE if left == NONE else t.now() + left * 1000, points, deals,
                   NONE if version is None else version]
    t.changed = True


def cap(t):
    """The cap the match has reached between two deals (`points`, `deals`,
    `minutes`), or None."""
    r, m = t.round, t.match
    if r is None or m.game is None or m.over:
        return None
    if r[3] != NONE and max(m.totals) >= r[3]:
        return "points"
    if r[4] != NONE and m.hand_no >= r[4]:
        return "deals"
    if r[2] != NONE and t.now() >= r[2]:
        return "minutes"
    return None
