"""The live views' state folded through the one log fold (rules/fold.py): a refused
line is counted once and changes nothing else, also across the table's undo, and
the replay's history agrees with the audit about what was taken back."""
import json
import random

from tapete.judge.audit import audit_text
from tapete.judge.history import History
from tapete.rules import playout
from tapete.rules.match import Match
from tapete.views.state import TableView


def _controller_log(seed):
    """A Malilla match as the controller logs it: each input, then what it derived."""
    rng = random.Random(seed)
    inputs, _derived, _m = playout.random_match("malilla", rng=rng, max_hands=2)
    m = Match()
    lines = []
    for ev in inputs:
        lines.append(dict(ev))
        lines.extend(m.apply(ev))
    return _numbered(lines)


def _numbered(lines):
    """`seq` 0, 1, ... in log order; an x-undo names its play's new seq."""
    for seq, ev in enumerate(lines):
        ev["seq"] = seq
    for ev in lines:
        if ev.get("ev") == "x-undo":
            ev["undo"] = ev.pop("play")["seq"]
    return lines


def _with_refusal_and_undo(lines):
    """The log with a refused card and, later, a play taken back and made again (the
    controller logs the undo after the play's derived lines)."""
    out = [dict(ev) for ev in lines]
    plays = [i for i, ev in enumerate(out) if ev.get("ev") == "play"]
    at = plays[8]
    end = at + 1
    while out[end].get("ev") not in ("play", "deal", "call"):
        end += 1        # its derived lines come first
    played = out[at]
    out[end:end] = [{"ev": "x-undo", "play": played, "seat": played["seat"], "card": played["card"]},
                    dict(played)]
    out.insert(plays[3] + 1, {"ev": "play", "seat": out[plays[3]]["seat"], "card": "QQ"})
    return _numbered(out)


def _unnumbered(events):
    return [dict((k, v) for k, v in (ev or {}).items() if k != "seq") for ev in events]


def _state(events):
    view = TableView()
    for ev in events:
        view.feed(ev)
    return view.state(True)


def test_a_refused_line_is_counted_once_and_changes_nothing_else():
    for seed in range(3):
        lines = _controller_log(seed)
        spoilt = _with_refusal_and_undo(lines)
        got, clean = _state(spoilt), _state(lines)
        assert got["errors"] == 1 and "QQ" in got["last_error"]
        for key in ("totals", "hand", "turn", "trick", "last"):
            assert got[key] == clean[key], (seed, key)
        for key in ("hand_results", "violations"):
            assert _unnumbered(got[key]) == _unnumbered(clean[key]), (seed, key)
        assert _unnumbered([got["result"]]) == _unnumbered([clean["result"]])


def test_the_view_after_an_undo_is_the_view_without_the_play():
    lines = _controller_log(4)
    plays = [i for i, ev in enumerate(lines) if ev.get("ev") == "play"]
    at = plays[6]
    undo = {"ev": "x-undo", "undo": lines[at]["seq"], "seat": lines[at]["seat"], "card": lines[at]["card"]}
    # the play's derived lines (none in mid-trick) stay out of both
    assert lines[at + 1].get("ev") == "play"
    got = _state(lines[:at + 1] + [undo])
    want = _state(lines[:at])
    for key in ("totals", "hand", "turn", "trick", "knowledge"):
        assert got[key] == want[key], key


def test_history_and_audit_agree_on_the_undone_play():
    spoilt = _with_refusal_and_undo(_controller_log(5))
    text = "".join(json.dumps(ev) + "\n" for ev in spoilt)
    audit = audit_text(text)
    undone = [u for h in audit["hands"] for u in h["undone"]]
    assert len(undone) == 1 and [e["line"] for e in audit["errors"]] == \
        [i + 1 for i, ev in enumerate(spoilt) if ev.get("card") == "QQ"]
    history = History(spoilt)
    stepped = [ev for step in history.steps for ev in step.inputs if ev.get("ev") == "play"]
    assert not [ev for ev in stepped if ev.get("seq") == undone[0]["seq"]]
    assert history.match.totals == audit["totals"]
