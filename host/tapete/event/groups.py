"""Groups, then a knockout: round-robin groups (the circle method, home and away
balanced), then a bracket seeded from the groups: the group winners first, each
runner-up placed to meet the winner of the neighbouring group (1st of A v 2nd of B,
1st of B v 2nd of A, ...), byes to the top seeds when the qualifiers are not a
power of two."""
from ..errors import UsageError
from . import knockout, ranking, roundrobin

SETTINGS = {
    "groups": 2,        # how many groups (the Basque Mus championship: groups of four)
    "qualify": 2,       # how many of each group go through to the knockout
    "bye": dict(ranking.DEFAULT_BYE),
}


def letter(n):
    return "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[n]


def draw_groups(ids, count):
    """{letter: [ids]}: the entries dealt into groups in snake order of their seeding
    (1 A, 2 B, 3 B, 4 A with two groups), so each group has its share of the strong."""
    groups = {letter(g): [] for g in range(count)}
    for n, e in enumerate(ids):
        lap, pos = divmod(n, count)
        groups[letter(pos if lap % 2 == 0 else count - 1 - pos)].append(e)
    return groups


def seeds(group_rankings, qualify=2):
    """The knockout's seeds (best first) from {letter: [ids best first]}: the
    winners in group order, then each runner-up at 2G+1 less its neighbour's
    winner's seed (A with B, C with D, a last odd group with itself), so that seed
    for seed the bracket pairs 1st of A with 2nd of B; then any further qualifiers
    by group."""
    letters = sorted(group_rankings)
    g = len(letters)
    out = [group_rankings[x][0] for x in letters]
    if qualify >= 2:
        second = [None] * g
        for i, x in enumerate(letters):
            partner = i + 1 if i % 2 == 0 else i - 1
            if partner >= g:
                partner = i
            second[2 * g + 1 - (partner + 1) - (g + 1)] = group_rankings[x][1]
        out += second
    for place in range(2, qualify):
        out += [group_rankings[x][place] for x in letters]
    return out


def group_of(event):
    """{letter: [ids]} of the event (drawn from the registration order)."""
    return draw_groups([e["id"] for e in event["entries"]], event["settings"]["groups"])


def group_rounds(event):
    return max(len(roundrobin.rounds(ids)) for ids in group_of(event).values())


def group_ranking(event):
    """{letter: ranking rows} over the group stage."""
    stage = {r["round"] for r in event["rounds"] if r.get("stage") == "groups"}
    return {x: ranking.standings(event, ids, stage) for x, ids in group_of(event).items()}


def next_round(event):
    """The next round: the groups' rounds first (every group plays its round r in
    round r), then the knockout rounds."""
    number = len(event["rounds"]) + 1
    groups = group_of(event)
    if min(len(ids) for ids in groups.values()) < event["settings"]["qualify"]:
        raise UsageError("%d entries are too few for %d groups of which %d go through"
                         % (len(event["entries"]), len(groups), event["settings"]["qualify"]))
    if number <= group_rounds(event):
        tables, byes = [], []
        for x, ids in groups.items():
            schedule = roundrobin.rounds(ids)
            if number <= len(schedule):
                for a, b in schedule[number - 1]:
                    if b is None:
                        byes.append(a)
                    else:
                        tables.append({"table": len(tables) + 1, "group": x, "a": a, "b": b, "score": None})
        return {"round": number, "stage": "groups", "tables": tables, "byes": byes}
    last = event["rounds"][-1]
    if last.get("stage") != "knockout":
        ranked = {x: [row["id"] for row in rows] for x, rows in group_ranking(event).items()}
        bracket = knockout.first_round(seeds(ranked, event["settings"]["qualify"]))
    else:
        results = {(t["a"], t["b"]): t.get("score") for t in last["tables"]}
        bracket = knockout.next_round([tuple(p) for p in last["bracket"]], results)
        if bracket == []:
            raise UsageError("the final is played: the event is over")
    return knockout_round(number, bracket)


def knockout_round(number, bracket, stage="knockout"):
    tables = [{"table": n, "a": a, "b": b, "score": None}
              for n, (a, b) in enumerate([p for p in bracket if p[1] is not None], 1)]
    return {"round": number, "stage": stage, "bracket": [list(p) for p in bracket], "tables": tables,
            "byes": [a for a, b in bracket if b is None]}


def check_result(event, round_no, table, score_a, score_b):
    rnd = [r for r in event["rounds"] if r["round"] == round_no][0]
    if rnd.get("stage") == "knockout" and score_a == score_b:
        raise UsageError("a knockout game needs a winner (%d %d)" % (score_a, score_b))


def ranking_rows(event):
    """The knockout's finishing order when it has one (the winner, the final's
    loser, then by the round each went out), else the groups' rankings in turn."""
    rows = []
    for x, group_rows in group_ranking(event).items():
        rows += [dict(row, group=x) for row in group_rows]
    out_in = {}
    for rnd in event["rounds"]:
        if rnd.get("stage") == "knockout":
            for t in rnd["tables"]:
                if t.get("score") is not None:
                    won = knockout.winner(t["a"], t["b"], t["score"])
                    out_in[t["b"] if won == t["a"] else t["a"]] = rnd["round"]
    if not out_in:
        return rows
    still = {row["id"] for row in rows if row["id"] not in out_in} & set(
        e for rnd in event["rounds"] if rnd.get("stage") == "knockout" for p in rnd["bracket"] for e in p if e)
    keyed = sorted(rows, key=lambda row: (-(99 if row["id"] in still else out_in.get(row["id"], 0)),
                                          row["place"]))
    place, last, out = 0, None, []
    for n, row in enumerate(keyed, 1):
        key = (99 if row["id"] in still else out_in.get(row["id"], 0), row["place"])
        if key != last:
            place, last = n, key
        out.append(dict(row, place=place))
    return out
