"""Results as they land: each table's match of a round, read from the room's database
(`tapete room serve` stores every table's log), becomes the event's result. And the
other way, the rounds the room tells its tables (`file_source`, event/clock.py).

A table's match belongs to round r when its `match` event says `round` r (the round
the room told the table); its result is the totals of its `match_end`, side a's team
first (seats 0 and 2, event/clock.py). A match not ended yet gives no result. A
result the director already entered or corrected is never written over: a correction
is `tapete event result ... --by --why`, logged."""
from . import clock, eventfile


def landed(event, matches):
    """{(round, table): [score a, score b]} of every ended room match of the event's
    rounds (`matches`: room.store's `matches()` rows; the last one of a table and round)."""
    rounds = set(r["round"] for r in event["rounds"])
    out = {}
    for m in matches:
        n = clock.table_number(m["table"])
        if n is None or m["round"] not in rounds or m["reason"] is None or not m["totals"]:
            continue
        out[(m["round"], n)] = [int(m["totals"][0]), int(m["totals"][1])]
    return out


def collect(event, matches):
    """Enter every landed result of a table still without one; the (round, table,
    score) entered, in order."""
    got = landed(event, matches)
    entered = []
    for rnd in event["rounds"]:
        for t in rnd["tables"]:
            score = got.get((rnd["round"], t["table"]))
            if score is not None and t.get("score") is None:
                eventfile.enter_result(event, rnd["round"], t["table"], score[0], score[1])
                entered.append((rnd["round"], t["table"], score))
    return entered


def file_source(path):
    """For the room server (room/rounds.py): the tables' `round` commands from the event
    file as it is now (read afresh each time: the organiser's `tapete event` writes it)."""
    import time

    def source():
        return clock.commands(eventfile.load(path), time.time())
    return source
