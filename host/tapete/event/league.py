"""A team league: every team meets every other (once, or home and away), each
fixture played at the home team's tables (its club); a fixture's score is the games
each team won over its tables. A win is worth 3 league points, a draw 1, a loss 0
(the event may set others); teams are ranked by league points, then the difference
of games won, then games won."""
from ..errors import UsageError
from . import roundrobin

SETTINGS = {
    "legs": 1,              # 2: home and away
    "points": [3, 1, 0],    # a fixture won, drawn, lost
}


def next_round(event):
    ids = [e["id"] for e in event["entries"]]
    if len(ids) < 2:
        raise UsageError("a league needs two teams at least (%d registered)" % len(ids))
    schedule = roundrobin.double(ids) if event["settings"]["legs"] == 2 else roundrobin.rounds(ids)
    number = len(event["rounds"]) + 1
    if number > len(schedule):
        raise UsageError("all %d rounds are drawn" % len(schedule))
    clubs = {e["id"]: (e["players"][0].get("club", "") if e["players"] else "") for e in event["entries"]}
    fixtures = [(a, b) for a, b in schedule[number - 1] if b is not None]
    return {"round": number,
            "tables": [{"table": n, "a": a, "b": b, "at": clubs[a] or e_name(event, a), "score": None}
                       for n, (a, b) in enumerate(fixtures, 1)],
            "byes": [a for a, b in schedule[number - 1] if b is None]}


def e_name(event, e):
    return [x["name"] for x in event["entries"] if x["id"] == e][0]


def ranking_rows(event):
    """[{place, id, league, played, won, drawn, lost, difference, points}]."""
    win, draw, loss = event["settings"]["points"]
    rec = {e["id"]: {"league": 0, "played": 0, "won": 0, "drawn": 0, "lost": 0, "for": 0, "against": 0}
           for e in event["entries"]}
    for rnd in event["rounds"]:
        for t in rnd["tables"]:
            if t.get("score") is None:
                continue
            sa, sb = t["score"]
            for me, mine, theirs in ((t["a"], sa, sb), (t["b"], sb, sa)):
                r = rec[me]
                r["played"] += 1
                r["for"] += mine
                r["against"] += theirs
                outcome = "won" if mine > theirs else "drawn" if mine == theirs else "lost"
                r[outcome] += 1
                r["league"] += {"won": win, "drawn": draw, "lost": loss}[outcome]
    seq = {e["id"]: n for n, e in enumerate(event["entries"])}

    def key(e):
        r = rec[e]
        return (-r["league"], -(r["for"] - r["against"]), -r["for"])

    rows, last, place = [], None, 0
    for n, e in enumerate(sorted(rec, key=lambda e: (key(e), seq[e])), 1):
        if key(e) != last:
            place, last = n, key(e)
        r = rec[e]
        rows.append({"place": place, "id": e, "league": r["league"], "played": r["played"], "won": r["won"],
                     "drawn": r["drawn"], "lost": r["lost"], "difference": r["for"] - r["against"],
                     "points": r["for"]})
    return rows
