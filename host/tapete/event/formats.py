"""The formats an event may have, each a module of this package: its SETTINGS, its
next_round(event) and its ranking_rows(event) (and check_result when a game must
have a winner)."""
import importlib

from ..errors import UsageError

# name -> module of this package, in the order the help lists them
FORMATS = {"swiss": "swiss", "groups": "groups", "ceros": "ceros", "rotating": "rotating", "league": "league"}


def module(name, where="the event"):
    if name not in FORMATS:
        raise UsageError("%s: key 'format': unknown format %r (the formats: %s)" % (where, name, ", ".join(FORMATS)))
    return importlib.import_module("tapete.event." + FORMATS[name])


def check_result(event, round_no, table, score_a, score_b):
    check = getattr(module(event["format"]), "check_result", None)
    if check:
        check(event, round_no, table, score_a, score_b)


def next_round(event):
    """The next round, once every table of the last one has its result."""
    last = event["rounds"][-1]["tables"] if event["rounds"] else []
    left = [t["table"] for t in last if t.get("score") is None]
    if left:
        raise UsageError("round %d is not finished: table(s) %s without a result"
                         % (len(event["rounds"]), ", ".join(str(t) for t in left)))
    return module(event["format"]).next_round(event)


def ranking_rows(event):
    return module(event["format"]).ranking_rows(event)
