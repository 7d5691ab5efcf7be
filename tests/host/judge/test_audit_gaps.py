"""A gap in a recorded log (docs/protocol.md 1.2: "the hands it touches are marked
incomplete, never filled with guessed violations"): events cut out of a whole match,
with the recorder's `x-gap` line or only a jump in `seq`. The audit reports the gap,
marks the hands it touches, judges every other hand as it judges the whole log, and
takes the winner and totals from what the controller said."""
import json
import os

from tapete.judge.audit import audit_text
from tapete.views.report import render

GOLDEN = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "golden")


def numbered(name):
    """A golden log's events with the controller's `seq` on each."""
    with open(os.path.join(GOLDEN, name), encoding="utf-8") as f:
        events = [json.loads(line) for line in f if line.strip()]
    for seq, ev in enumerate(events):
        ev["seq"] = seq
    return events


def text(events):
    return "\n".join(json.dumps(e) for e in events) + "\n"


def cut(events, first, last, gap_line=True):
    """The log with seqs first..last missing, as the recorder writes it."""
    out = [e for e in events if not first <= e["seq"] <= last]
    if gap_line:
        out.insert(first, {"ev": "x-gap", "from": first, "to": last})
    return out


def where(events, ev, hand, n=None):
    """The seq of the first `ev` of `hand` (its trick `n`)."""
    for e in events:
        if e["ev"] == ev and e.get("hand") == hand and (n is None or e.get("n") == n):
            return e["seq"]
    raise LookupError((ev, hand, n))


def judged(result):
    return [h for h in result["hands"] if not h.get("incomplete")]


def test_a_gap_mid_hand_marks_that_hand_and_invents_nothing():
    events = numbered("malilla_match.jsonl")
    whole = audit_text(text(events))
    assert not whole["errors"] and not whole["disagreements"]
    first, last = where(events, "trick", 2, 3) + 1, where(events, "trick", 2, 6)
    for gap_line in (True, False):
        result = audit_text(text(cut(events, first, last, gap_line)))
        assert result["errors"] == [] and result["disagreements"] == []
        assert result["gaps"] == [{"line": first + 1, "from": first, "to": last, "hands": [2]}]
        assert [h["hand"] for h in result["hands"] if h.get("incomplete")] == [2]
        others = [h for h in whole["hands"] if h["hand"] != 2]
        assert judged(result) == others                 # every other hand judged alike
        assert result["winner"] == whole["winner"] and result["totals"] == whole["totals"]
        two = result["hands"][1]
        assert two["points"] == whole["hands"][1]["points"]     # what the controller said
        assert two["violations"] == []


def test_a_gap_across_hands_knows_the_hands_only_by_the_controllers_word():
    events = numbered("malilla_match.jsonl")
    whole = audit_text(text(events))
    # from hand 1's last tricks to the middle of hand 3: hand 2's deal is lost
    first, last = where(events, "trick", 1, 8), where(events, "trick", 3, 2)
    result = audit_text(text(cut(events, first, last)))
    assert result["errors"] == [] and result["disagreements"] == []
    assert result["gaps"][0]["hands"] == [1, 2, 3]
    assert [h["hand"] for h in result["hands"] if h.get("incomplete")] == [1, 2, 3]
    assert judged(result) == [h for h in whole["hands"] if h["hand"] > 3]
    assert result["winner"] == whole["winner"] and result["totals"] == whole["totals"]
    report = render(result)
    assert "INCOMPLETE" in report and "Events missing from the log" in report
    assert "Winner: " + "none" not in report


def test_a_match_that_ends_inside_a_gap_has_the_controllers_winner():
    events = numbered("malilla_match.jsonl")
    whole = audit_text(text(events))
    last_hand = whole["hands"][-1]["hand"]
    first = where(events, "trick", last_hand, 2)
    end = next(e["seq"] for e in events if e["ev"] == "hand_end" and e["hand"] == last_hand)
    result = audit_text(text(cut(events, first, end - 1)))
    assert result["errors"] == [] and result["disagreements"] == []
    assert result["winner"] == whole["winner"] is not None
    assert result["totals"] == whole["totals"]


def test_a_malformed_gap_line_is_an_error_and_changes_nothing():
    events = numbered("malilla_match.jsonl")
    whole = audit_text(text(events))
    bad = list(events)
    bad.insert(20, {"ev": "x-gap", "from": "x"})
    result = audit_text(text(bad))
    assert [e["line"] for e in result["errors"]] == [21]
    assert result["hands"] == whole["hands"] and "gaps" not in result


def test_a_gap_of_derived_events_only_touches_no_hand():
    events = numbered("malilla_match.jsonl")
    whole = audit_text(text(events))
    trick = where(events, "trick", 1, 4)            # the rules derive it from the plays
    result = audit_text(text(cut(events, trick, trick)))
    assert result["gaps"] == [{"line": trick + 1, "from": trick, "to": trick, "hands": []}]
    assert result["hands"] == whole["hands"] and result["errors"] == []
    assert result["disagreements"] == []


def test_gaps_anywhere_in_every_game_invent_no_error_and_keep_the_winner():
    # Fuzzed cuts over the golden logs of the games whose whole state after a hand
    # is its totals (Envite's series of games is not restored: see audit.py).
    import random
    rng = random.Random(5)
    for name in ("malilla_match.jsonl", "manille_match.jsonl", "botifarra_match.jsonl",
                 "tute_match.jsonl", "mus_match.jsonl", "revoke_trick7.jsonl"):
        events = numbered(name)
        whole = audit_text(text(events))
        for _ in range(20):
            first = rng.randrange(1, len(events) - 1)
            last = min(len(events) - 2, first + rng.randrange(0, 40))
            result = audit_text(text(cut(events, first, last)))
            assert result["errors"] == whole["errors"], (name, first, last)
            assert result["disagreements"] == whole["disagreements"], (name, first, last)
            assert (result["winner"], result["totals"]) == (whole["winner"], whole["totals"])


def test_a_gap_over_a_won_game_takes_up_envites_series_as_the_controller_said_it():
    events = numbered("envite_match.jsonl")
    whole = audit_text(text(events))
    assert not whole["errors"] and not whole["disagreements"]
    # hand 3 wins team 1 its first game (games [0, 1]); the gap holds its end and the
    # next hand's deal: the audit takes the series up from hand 4's hand_end
    first, last = where(events, "trick", 3, 1), where(events, "trump", 4)
    result = audit_text(text(cut(events, first, last)))
    assert result["errors"] == [] and result["disagreements"] == []
    assert [h["hand"] for h in result["hands"] if h.get("incomplete")] == [3, 4]
    def lineless(hands):        # the calls' line numbers move with the cut lines
        return [dict(h, calls=[dict(c, line=None) for c in h["calls"]]) for h in hands]
    assert lineless(judged(result)) == lineless([h for h in whole["hands"] if h["hand"] not in (3, 4)])
    assert result["winner"] == whole["winner"] == 1 and result["totals"] == whole["totals"]


def test_a_damaged_derived_event_in_an_unjudged_hand_is_an_error_not_a_crash():
    # found by tests/host/judge/test_audit_fuzz.py: after a gap the audit takes the
    # controller's derived events as they are, and a damaged one must not stop it
    events = numbered("malilla_match.jsonl")
    first, last = where(events, "trick", 2, 3) + 1, where(events, "trick", 2, 6)
    log = cut(events, first, last)
    at = next(i for i, e in enumerate(log) if e.get("ev") == "x-gap") + 1
    log[at:at] = [{"ev": "violation", "hand": 2, "seat": 1, "card": "4S"},      # no trick, rule, proven
                  {"ev": "trump", "hand": 2}]                                     # no suit
    result = audit_text(text(log))
    said = [e["message"] for e in result["errors"]]
    assert len(said) == 2 and all("cannot be read" in m for m in said), said
    whole = audit_text(text(events))
    assert result["winner"] == whole["winner"] and result["totals"] == whole["totals"]


def test_a_damaged_hand_number_after_a_gap_makes_no_empty_hands():
    events = numbered("malilla_match.jsonl")
    first, last = where(events, "trick", 2, 3) + 1, where(events, "trick", 2, 6)
    log = cut(events, first, last)
    at = next(i for i, e in enumerate(log) if e.get("ev") == "x-gap") + 1
    log[at:at] = [{"ev": "trump", "hand": 10 ** 9, "suit": "H"}]
    result = audit_text(text(log))
    assert len(result["hands"]) < 20
    assert any("do not jump so far" in e["message"] for e in result["errors"])
