"""Mus ceros: out after N lost games, the pairs out playing a consolation draw."""
import pytest

from tapete.errors import UsageError
from tapete.event import ceros, eventfile, formats

from host.event.kit import event_of, play

A, B, C, D = 1, 2, 3, 4


def test_out_after_two_ceros_then_the_consolation():
    event = event_of("ceros", 4, {"ceros": 2, "consolation_ceros": 1})
    r1 = formats.next_round(event)
    assert [(t["a"], t["b"]) for t in r1["tables"]] == [(A, B), (C, D)]
    play(event, r1, [(40, 20), (40, 30)])           # B and D: a cero each
    r2 = formats.next_round(event)
    assert [(t["a"], t["b"]) for t in r2["tables"]] == [(A, C), (B, D)]    # 0 v 0, 1 v 1
    play(event, r2, [(40, 10), (40, 35)])           # C: one cero; D: two, out of the main draw
    assert ceros.state(event)[D] == ("consolation", 0, 2)
    r3 = formats.next_round(event)
    # main: A (0), B (1), C (1): B-C never met, A (no cero) sits out: A-B and A-C are rematches;
    # the consolation has D alone while the main draw goes on: D waits
    assert [(t["a"], t["b"], t["stage"]) for t in r3["tables"]] == [(B, C, "main")] and r3["byes"] == [A]
    play(event, r3, [(40, 25)])                     # C: second cero, out
    r4 = formats.next_round(event)
    # main: A (0) v B (1), their only pairing; the consolation: C and D, both new to it
    assert [(t["a"], t["b"], t["stage"]) for t in r4["tables"]] == [(A, B, "main"), (C, D, "consolation")]
    play(event, r4, [(40, 30), (20, 40)])           # B out (2 ceros); C out of the consolation
    r5 = formats.next_round(event)
    # main: A alone, the winner; the consolation: B and D (C is out): they met in round 2,
    # the only pairing there is
    assert [(t["a"], t["b"], t["stage"]) for t in r5["tables"]] == [(B, D, "consolation")]
    play(event, r5, [(40, 10)])                     # B wins the consolation
    with pytest.raises(UsageError, match="over"):
        formats.next_round(event)
    rows = formats.ranking_rows(event)
    # A still in; B out in round 4; C and D out in round 3 and 2
    assert [(r["place"], r["id"]) for r in rows] == [(1, A), (2, B), (3, C), (4, D)]


def test_a_game_of_ceros_needs_a_winner():
    event = event_of("ceros", 2)
    event["rounds"].append(formats.next_round(event))
    with pytest.raises(UsageError, match="winner"):
        eventfile.enter_result(event, 1, 1, 30, 30)
