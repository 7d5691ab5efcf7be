"""Mus "ceros": a pair is out after N lost games (a "cero" each; 3 by default), and
the pairs that are out play on in a consolation draw.

Each round pairs the pairs still in by their ceros (equal ceros meet, no rematch
while another pairing exists: the Swiss matching), an odd pair out takes a bye
(no cero). The pairs out of the main draw join the consolation draw as they go
out, where they are out after `consolation_ceros` more lost games (1: a plain
knockout); each draw goes on until one pair is left in it (the consolation's
last pair once the main draw has its winner).
"""
from ..errors import UsageError
from . import ranking, swiss

SETTINGS = {
    "ceros": 3,                 # out after this many lost games (clubs play 2, 3 or 4)
    "consolation": True,        # the pairs out play a consolation draw
    "consolation_ceros": 1,     # ... and are out of it after this many more lost games
}


def lost(event):
    """{id: [(round, stage)] of each game lost}."""
    out = {e["id"]: [] for e in event["entries"]}
    for rnd in event["rounds"]:
        for t in rnd["tables"]:
            if t.get("score") is not None:
                sa, sb = t["score"]
                out[t["b"] if sa > sb else t["a"]].append((rnd["round"], t.get("stage", "main")))
    return out


def state(event):
    """{id: (draw, ceros in it, the round it went out of that draw or None)}: draw is
    'main', 'consolation' or 'out'."""
    limit = {"main": event["settings"]["ceros"], "consolation": event["settings"]["consolation_ceros"]}
    out = {}
    for e, games in lost(event).items():
        draw, count, when = "main", 0, None
        for rnd, stage in games:
            if stage != draw:
                continue
            count += 1
            if count == limit[draw]:
                when = rnd
                draw, count = ("consolation" if draw == "main" and event["settings"]["consolation"] else "out"), 0
        out[e] = (draw, count, when)
    return out


def pair_draw(ids, ceros, met, had_bye):
    """One draw's tables and bye: fewest ceros first, the Swiss matching on -ceros."""
    ranked = sorted(ids, key=lambda e: ceros[e])
    if len(ranked) < 2:
        return [], None
    return swiss.pair(ranked, {e: -ceros[e] for e in ranked}, met, had_bye)


def next_round(event):
    if any(t.get("score") is None for rnd in event["rounds"] for t in rnd["tables"]):
        raise UsageError("round %d is not finished" % len(event["rounds"]))
    number = len(event["rounds"]) + 1
    now = state(event)
    met = swiss.met_pairs(event)
    byes_had = {e for rnd in event["rounds"] for e in rnd.get("byes", [])}
    tables, byes = [], []
    for draw in ("main", "consolation"):
        ids = [e for e, (d, _c, _w) in now.items() if d == draw]
        waiting = draw == "consolation" and sum(1 for d, _c, _w in now.values() if d == "main") > 1
        if len(ids) < 2 and not waiting:
            continue
        pairs, bye = pair_draw(ids, {e: now[e][1] for e in ids}, met, byes_had)
        first = len(tables) + 1
        tables += [{"table": first + n, "stage": draw, "a": a, "b": b, "score": None} for n, (a, b) in enumerate(pairs)]
        byes += [bye] if bye is not None else []
    if not tables:
        raise UsageError("every draw has its winner: the event is over")
    return {"round": number, "tables": tables, "byes": byes}


def check_result(event, round_no, table, score_a, score_b):
    if score_a == score_b:
        raise UsageError("a game of ceros needs a winner (%d %d)" % (score_a, score_b))


def ranking_rows(event):
    """The main draw's order: the pairs still in it first (fewest ceros first), then
    the others by the round they went out (the last out first); equal, by games won,
    then point difference. Each row says the draw the pair is in now."""
    now = state(event)
    base = {row["id"]: row for row in ranking.standings(event)}
    limit = event["settings"]["ceros"]
    main_lost = {e: [r for r, stage in games if stage == "main"] for e, games in lost(event).items()}
    seq = {e: n for n, e in enumerate(base)}

    def key(e):
        out = main_lost[e][limit - 1] if len(main_lost[e]) >= limit else None
        return (out is not None, -(out or 0), len(main_lost[e]), -base[e]["won"], -base[e]["difference"])

    rows, last, place = [], None, 0
    for n, e in enumerate(sorted(base, key=lambda e: (key(e), seq[e])), 1):
        if key(e) != last:
            place, last = n, key(e)
        rows.append(dict(base[e], place=place, draw=now[e][0], ceros=len(main_lost[e])))
    return rows
