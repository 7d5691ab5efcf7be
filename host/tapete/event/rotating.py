"""Individual, with partners drawn anew each round (Manillen as the IWWA plays it):
players register alone; each round four a table, seats 1 and 3 partners against
seats 2 and 4. The player drawn to seat 1 of a table in round 1 keeps the score and
stays there every round; the three others move, drawn anew so that each player
partners as many different others as the rounds allow (and meets the same
opponents as seldom as it can). Players are ranked by games won (a draw half),
then point difference; clubs by the average of their players' win percentages.

The draw: from a few random seatings of the movers (the event's seed, so a draw can
be done again), each improved by swapping two movers while that lowers its cost
(a repeated partner costs PARTNER, a repeated opponent 1), the cheapest kept."""
import random

from ..errors import UsageError

SETTINGS = {
    "rounds": 5,        # IWWA: five games a player
    "seed": 0,
}
PARTNER = 1000          # one repeated partner costs more than every repeated opponent
STARTS = 30             # random seatings tried per round


def partners_of(seats):
    """The two partnerships of a table's four seats."""
    return ((seats[0], seats[2]), (seats[1], seats[3]))


def history(rounds):
    """(partnered, opposed): {frozenset pair: times} over the rounds drawn."""
    partnered, opposed = {}, {}
    for rnd in rounds:
        for t in rnd["tables"]:
            (a1, a2), (b1, b2) = partners_of(t["seats"])
            for p in (frozenset((a1, a2)), frozenset((b1, b2))):
                partnered[p] = partnered.get(p, 0) + 1
            for x in (a1, a2):
                for y in (b1, b2):
                    p = frozenset((x, y))
                    opposed[p] = opposed.get(p, 0) + 1
    return partnered, opposed


def cost(tables, partnered, opposed):
    """What a seating costs: its repeated partners and opponents."""
    total = 0
    for seats in tables:
        (a1, a2), (b1, b2) = partners_of(seats)
        total += PARTNER * (partnered.get(frozenset((a1, a2)), 0) + partnered.get(frozenset((b1, b2)), 0))
        total += sum(opposed.get(frozenset((x, y)), 0) for x in (a1, a2) for y in (b1, b2))
    return total


def draw(stayers, movers, partnered, opposed, rng):
    """[[seat 1..4] per table]: stayers[t] at seat 1 of table t, the movers in the
    other seats, as cheap a seating as found."""
    best, best_cost = None, None
    for _ in range(STARTS):
        order = list(movers)
        rng.shuffle(order)
        tables = [[s] + order[3 * t:3 * t + 3] for t, s in enumerate(stayers)]
        here = cost(tables, partnered, opposed)
        better = True
        while better:
            better = False
            spots = [(t, s) for t in range(len(tables)) for s in (1, 2, 3)]
            for i, (t1, s1) in enumerate(spots):
                for t2, s2 in spots[i + 1:]:
                    if t1 == t2:
                        continue
                    tables[t1][s1], tables[t2][s2] = tables[t2][s2], tables[t1][s1]
                    tried = cost(tables, partnered, opposed)
                    if tried < here:
                        here, better = tried, True
                    else:
                        tables[t1][s1], tables[t2][s2] = tables[t2][s2], tables[t1][s1]
        if best_cost is None or here < best_cost:
            best, best_cost = [list(t) for t in tables], here
        if best_cost == 0:
            break
    return best


def next_round(event):
    number = len(event["rounds"]) + 1
    if number > event["settings"]["rounds"]:
        raise UsageError("all %d rounds are drawn" % event["settings"]["rounds"])
    ids = [e["id"] for e in event["entries"]]
    if len(ids) < 4 or len(ids) % 4:
        raise UsageError("partners drawn anew need players four a table: %d registered" % len(ids))
    rng = random.Random("%s/%d" % (event["settings"]["seed"], number))
    if number == 1:
        order = list(ids)
        rng.shuffle(order)
        tables = [order[i:i + 4] for i in range(0, len(order), 4)]
    else:
        stayers = [t["seats"][0] for t in event["rounds"][0]["tables"]]
        movers = [e for e in ids if e not in stayers]
        tables = draw(stayers, movers, *history(event["rounds"]), rng)
    return {"round": number, "tables": [{"table": n, "seats": seats, "a": [seats[0], seats[2]],
                                         "b": [seats[1], seats[3]], "score": None}
                                        for n, seats in enumerate(tables, 1)], "byes": []}


def records(event):
    """{player: {won, played, for, against}} from the tables' results (the team's
    score is each partner's)."""
    rec = {e["id"]: {"won": 0.0, "played": 0, "for": 0, "against": 0} for e in event["entries"]}
    for rnd in event["rounds"]:
        for t in rnd["tables"]:
            if t.get("score") is None:
                continue
            sa, sb = t["score"]
            for side, mine, theirs in ((t["a"], sa, sb), (t["b"], sb, sa)):
                for p in side:
                    r = rec[p]
                    r["played"] += 1
                    r["won"] += 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
                    r["for"] += mine
                    r["against"] += theirs
    return rec


def percent(r):
    return 100.0 * r["won"] / r["played"] if r["played"] else 0.0


def ranking_rows(event):
    """Players by games won, then point difference, then points scored."""
    rec = records(event)
    seq = {e["id"]: n for n, e in enumerate(event["entries"])}

    def key(e):
        r = rec[e]
        return (-r["won"], -(r["for"] - r["against"]), -r["for"])

    rows, last, place = [], None, 0
    for n, e in enumerate(sorted(rec, key=lambda e: (key(e), seq[e])), 1):
        if key(e) != last:
            place, last = n, key(e)
        r = rec[e]
        rows.append({"place": place, "id": e, "won": r["won"], "played": r["played"],
                     "difference": r["for"] - r["against"], "points": r["for"], "percent": percent(r)})
    return rows


def club_ranking(event):
    """[{place, club, players, percent}]: each club by the average of its players'
    win percentages (players with no club are not ranked as one)."""
    rec = records(event)
    clubs = {}
    for e in event["entries"]:
        club = e["players"][0].get("club", "") if e["players"] else ""
        if club:
            clubs.setdefault(club, []).append(percent(rec[e["id"]]))
    rows = sorted(({"club": c, "players": len(p), "percent": sum(p) / len(p)} for c, p in clubs.items()),
                  key=lambda r: (-r["percent"], r["club"]))
    last, place = None, 0
    for n, row in enumerate(rows, 1):
        if row["percent"] != last:
            place, last = n, row["percent"]
        row["place"] = place
    return rows
