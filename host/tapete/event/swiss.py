"""Swiss rounds: each round pairs entries of equal score, never two that met while
another pairing exists; an odd entry out takes the bye (the lowest-ranked without
one yet). The ranking is by the event's tie-breaks (default: games won, a draw
half, then point difference, then points scored).

The pairing is a maximum weight matching (networkx, Edmonds' blossom algorithm) on
the graph of who may meet whom, with maximum cardinality so everyone plays. Weights,
all whole numbers so nothing rounds:
- a pairing that is no rematch is worth REMATCH_FREE more than any sum of the rest,
  so the matching has as few rematches as it can (none while another pairing exists);
- then the smaller the score gap the better: the gap squared costs more than any sum
  of rank gaps, so two unequal pairings are never taken where equal ones exist;
- then the nearer in the ranking the better (1 v 2, 3 v 4: the Monrad order clubs use).
"""
import random

import networkx as nx

from ..errors import UsageError
from . import eventfile, ranking

SETTINGS = {
    "rounds": 5,            # Botifarra's Swiss events run 5 to 7
    "bye": dict(ranking.DEFAULT_BYE),
    "seed": 0,              # the first round's draw (kept so the draw can be checked)
}


def weights(ranked, score, met):
    """{(a, b): weight} for every two entries of `ranked` (best first), from their
    scores (`score`: {id: games won, in halves or whole}) and the pairs that met
    (a set of frozensets)."""
    n = len(ranked)
    rank = {e: i for i, e in enumerate(ranked)}
    gaps = [abs(2 * score[a] - 2 * score[b]) for a in ranked for b in ranked]
    most_rank = n * n                       # more than any sum of rank gaps
    most_gap = (max(gaps, default=0) ** 2 + 1) * most_rank * n     # more than any sum of the rest
    out = {}
    for i, a in enumerate(ranked):
        for b in ranked[i + 1:]:
            gap = abs(2 * score[a] - 2 * score[b])
            w = most_gap - gap * gap * most_rank - abs(rank[a] - rank[b])
            if frozenset((a, b)) not in met:
                w += most_gap * n           # REMATCH_FREE: outweighs everything else together
            out[(a, b)] = w
    return out


def pair(ranked, score, met, had_bye=()):
    """One round: ([(a, b)] tables best first, bye or None). `ranked`: the entries
    best first; a bye goes to the lowest-ranked without one yet."""
    ranked = list(ranked)
    bye = None
    if len(ranked) % 2:
        without = [e for e in ranked if e not in had_bye] or ranked
        bye = without[-1]
        ranked.remove(bye)
    graph = nx.Graph()
    graph.add_nodes_from(ranked)
    for (a, b), w in weights(ranked, score, met).items():
        graph.add_edge(a, b, weight=w)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    rank = {e: i for i, e in enumerate(ranked)}
    tables = sorted((tuple(sorted(m, key=rank.get)) for m in matching), key=lambda t: rank[t[0]])
    return tables, bye


def met_pairs(event):
    """Every two entries that played each other."""
    return {frozenset((a, b)) for _r, a, b, _sa, _sb in eventfile.games(event)}


def next_round(event):
    """The next round of a Swiss event: {round, tables, byes}."""
    number = len(event["rounds"]) + 1
    if number > event["settings"]["rounds"]:
        raise UsageError("all %d rounds are drawn" % event["settings"]["rounds"])
    ids = [e["id"] for e in event["entries"]]
    if len(ids) < 2:
        raise UsageError("a Swiss round needs two entries at least (%d registered)" % len(ids))
    if number == 1:
        ranked = list(ids)
        random.Random(event["settings"]["seed"]).shuffle(ranked)   # the first round is drawn
    else:
        ranked = [row["id"] for row in ranking.standings(event)]
    score = {row["id"]: row.get("won", 0) for row in ranking.standings(event)}
    had_bye = {e for _r, e in eventfile.byes(event)}
    tables, bye = pair(ranked, score, met_pairs(event), had_bye)
    return {"round": number, "tables": [{"table": n, "a": a, "b": b, "score": None}
                                        for n, (a, b) in enumerate(tables, 1)],
            "byes": [bye] if bye is not None else []}


def ranking_rows(event):
    return ranking.standings(event)
