"""Season points across events: a ladder of qualification (Fegamus's 50 qualifying
tournaments). Each event's file sets the points its placings earn (its key
`season`: {"name", "points": [1st, 2nd, ...], "qualify": how many go through}); a
player's season is the sum over the events, entries that share a place share its
points (the points of the places they cover, averaged). Players are known by their
federation ID when they have one, else by name; equal totals are split by the
better placings (more 1sts, then more 2nds, ...)."""
from ..errors import UsageError


def placing_points(points, place, tied):
    """The points of `place` shared by `tied` entries: the average of the points of
    the places they cover (1st and 2nd tied on [10, 6]: 8 each)."""
    covered = [points[p - 1] if p - 1 < len(points) else 0 for p in range(place, place + tied)]
    return sum(covered) / tied


def who(p):
    return ("fed", p["fed_id"]) if p.get("fed_id") else ("name", p["name"].casefold())


def season(events, points=None, qualify=None):
    """[{place, name, club, points, placings, qualified}] over `events`, each
    (event, ranking rows). `points` and `qualify` default to the first event's
    `season` key."""
    if not events:
        raise UsageError("a season needs one event at least")
    first = events[0][0].get("season") or {}
    points = points or first.get("points")
    if not points:
        raise UsageError("no points per placing: set the event file's season.points or give --points")
    qualify = first.get("qualify") if qualify is None else qualify
    totals = {}
    for event, rows in events:
        entries = {e["id"]: e for e in event["entries"]}
        ties = {}
        for row in rows:
            ties[row["place"]] = ties.get(row["place"], 0) + 1
        for row in rows:
            earned = placing_points(points, row["place"], ties[row["place"]])
            for p in entries[row["id"]]["players"]:
                t = totals.setdefault(who(p), {"name": p["name"], "club": p.get("club", ""), "points": 0,
                                               "placings": []})
                t["points"] += earned
                t["placings"].append(row["place"])
    ranked = sorted(totals.values(), key=lambda t: (-t["points"], sorted(t["placings"]), t["name"]))
    last, place = None, 0
    for n, t in enumerate(ranked, 1):
        key = (t["points"], sorted(t["placings"]))
        if key != last:
            place, last = n, key
        t["place"] = place
        t["qualified"] = qualify is not None and place <= qualify
    return ranked
