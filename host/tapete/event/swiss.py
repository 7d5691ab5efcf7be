"""Swiss rounds: each round pairs entries of equal score, never two that met while
another pairing exists; an odd entry out takes the bye (the lowest-ranked without
one yet). The ranking is by the event's tie-breaks (default: games won, a draw
half, then point difference, then points scored).

The pairing is a maximum weight matching (networkx, Edmonds' blossom algorithm) on
the graph of who may meet whom, with maximum cardinality so everyone plays. Weights,
all whole numbers so nothing rounds:
- a pairing that is no rematch outweighs any sum of the rest, so the matching has as
  few rematches as it can (none while another pairing exists);
- then, with an odd count, the bye (a node of the graph) to the lowest-ranked entry
  without one yet;
- then the smaller the score gap the better (the gap squared), so unequal pairings
  are never taken where equal ones exist;
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


BYE = "bye"     # the bye as a node of the graph: whoever is matched with it sits out


def weights(ranked, score, met, had_bye=()):
    """{(a, b): weight} for every two entries of `ranked` (best first) and, when
    they are odd, for each entry and the BYE, from their scores (`score`: {id:
    games won}), the pairs that met (a set of frozensets) and who had a bye. Four
    levels, each outweighing every sum of the levels below: no rematch; the bye to
    the lowest-ranked without one yet; the smaller score gap; the nearer ranks."""
    n = len(ranked)
    rank = {e: i for i, e in enumerate(ranked)}
    most_gap = max((abs(2 * score[a] - 2 * score[b]) for a in ranked for b in ranked), default=0) ** 2
    near = n * n                            # more than any sum of rank gaps
    gap_level = (most_gap + 1) * near * n   # more than any sum of the gap terms
    bye_level = gap_level * (n + 2)         # more than the bye term and the gap terms together
    fresh = bye_level * 2                   # a pairing that is no rematch: more than all the rest
    out = {}
    for i, a in enumerate(ranked):
        for b in ranked[i + 1:]:
            gap = abs(2 * score[a] - 2 * score[b])
            w = (most_gap - gap * gap) * near + (n - abs(rank[a] - rank[b]))
            if frozenset((a, b)) not in met:
                w += fresh
            out[(a, b)] = w
    if n % 2:
        may = [e for e in ranked if e not in had_bye] or ranked
        for e in may:
            out[(e, BYE)] = fresh + (rank[e] + 1) * gap_level + most_gap * near + n
    return out


def pair(ranked, score, met, had_bye=()):
    """One round: ([(a, b)] tables best first, bye or None). `ranked`: the entries
    best first; a bye goes to the lowest-ranked without one yet (unless that would
    force a rematch another bye avoids)."""
    ranked = list(ranked)
    graph = nx.Graph()
    graph.add_nodes_from(ranked)
    for (a, b), w in weights(ranked, score, met, had_bye).items():
        graph.add_edge(a, b, weight=w)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    rank = {e: i for i, e in enumerate(ranked)}
    bye = None
    tables = []
    for a, b in matching:
        if BYE in (a, b):
            bye = b if a == BYE else a
        else:
            tables.append(tuple(sorted((a, b), key=rank.get)))
    return sorted(tables, key=lambda t: rank[t[0]]), bye


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
