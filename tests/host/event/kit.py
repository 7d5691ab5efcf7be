"""Small events for the format tests, built by hand."""
from tapete.event import eventfile, players


def event_of(fmt, count, settings=None, tiebreaks=None, clubs=None):
    """An event of `count` entries named A, B, C... (ids 1, 2, 3...)."""
    event = eventfile.new("botifarra", fmt, settings, "test", None, tiebreaks)
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    entries = []
    for i in range(count):
        name = letters[i] if count <= 26 else "P%d" % (i + 1)
        club = clubs[i] if clubs else ""
        entries.append(players.entry(0, [players.player(name, club)], name))
    eventfile.add_entries(event, entries)
    return event


def play(event, rnd, scores):
    """Append round `rnd` with `scores` entered table by table."""
    event["rounds"].append(rnd)
    for t, (sa, sb) in zip(rnd["tables"], scores):
        eventfile.enter_result(event, rnd["round"], t["table"], sa, sb)
    return rnd


def round_of(number, pairs, byes=(), **extra):
    return {"round": number, "tables": [dict({"table": n, "a": a, "b": b, "score": None}, **extra)
                                        for n, (a, b) in enumerate(pairs, 1)], "byes": list(byes)}
