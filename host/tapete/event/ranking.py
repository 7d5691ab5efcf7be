"""The ranking of entries from their games: games won (a draw counts half), point
difference, points scored and the opponents' games won (Buchholz), in the order the
event's tie-breaks set; entries equal on every tie-break share a place."""

# A bye scores as the event says (settings.bye); by default a game won with no
# points either way, so it never moves the difference.
DEFAULT_BYE = {"won": 1, "for": 0, "against": 0}


def tally(ids, games, byes=(), bye=None):
    """{id: record} of every entry: won (a draw half), played, for, against, and its
    opponents (a list, one per game). `games`: (a, b, score_a, score_b)."""
    bye = dict(DEFAULT_BYE, **(bye or {}))
    rec = {i: {"won": 0.0, "played": 0, "for": 0, "against": 0, "opponents": [], "byes": 0} for i in ids}
    for a, b, sa, sb in games:
        for me, them, mine, theirs in ((a, b, sa, sb), (b, a, sb, sa)):
            r = rec[me]
            r["played"] += 1
            r["won"] += 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
            r["for"] += mine
            r["against"] += theirs
            r["opponents"].append(them)
    for i in byes:
        r = rec[i]
        r["byes"] += 1
        r["won"] += bye["won"]
        r["for"] += bye["for"]
        r["against"] += bye["against"]
    return rec


def values(rec, tiebreaks):
    """{tie-break: value} of each entry, every tie-break (the ranking orders by the
    event's own)."""
    out = {}
    for i, r in rec.items():
        v = {"won": r["won"], "difference": r["for"] - r["against"], "points": r["for"],
             "opponents": sum(rec[o]["won"] for o in r["opponents"])}
        out[i] = v
    return out


def order(ids, rec, tiebreaks):
    """Rows best first: {place, id, <tie-break>: value, played}; equal on every
    tie-break, the same place (listed in the order of `ids`, registration)."""
    vals = values(rec, tiebreaks)
    seq = {i: n for n, i in enumerate(ids)}
    ranked = sorted(ids, key=lambda i: ([-vals[i][t] for t in tiebreaks], seq[i]))
    rows, last, place = [], None, 0
    for n, i in enumerate(ranked, 1):
        key = [vals[i][t] for t in tiebreaks]
        if key != last:
            place, last = n, key
        rows.append(dict(vals[i], place=place, id=i, played=rec[i]["played"]))
    return rows


def standings(event, ids=None, rounds=None):
    """The event's ranking rows (every entry, or `ids`; every round, or those in
    `rounds`), by its tie-breaks."""
    from .eventfile import byes, games
    ids = [e["id"] for e in event["entries"]] if ids is None else list(ids)
    keep = set(ids)
    played = [(a, b, sa, sb) for r, a, b, sa, sb in games(event)
              if (rounds is None or r in rounds) and a in keep and b in keep]
    given = [e for r, e in byes(event) if (rounds is None or r in rounds) and e in keep]
    rec = tally(ids, played, given, event["settings"].get("bye"))
    return order(ids, rec, event["tiebreaks"])
