"""Swiss: the ranking by tie-breaks and the pairings, against examples worked on paper."""
import itertools
import random

from tapete.event import ranking, swiss

from host.event.kit import event_of, play, round_of

A, B, C, D, E = 1, 2, 3, 4, 5


def two_rounds():
    """A B C D; round 1: A-B 101-80, C-D 70-70 (a draw); round 2: A-C 90-101, B-D 101-60."""
    event = event_of("swiss", 4)
    play(event, round_of(1, [(A, B), (C, D)]), [(101, 80), (70, 70)])
    play(event, round_of(2, [(A, C), (B, D)]), [(90, 101), (101, 60)])
    return event


def test_ranked_by_games_won_then_difference_then_points_a_draw_half():
    # on paper: C 0.5+1 = 1.5 won, 171 for 160 against (+11); B 0+1 = 1, 181-161 (+20);
    # A 1+0 = 1, 191-181 (+10); D 0.5+0 = 0.5, 130-171 (-41)
    rows = ranking.standings(two_rounds())
    assert [(r["place"], r["id"], r["won"], r["difference"], r["points"]) for r in rows] == [
        (1, C, 1.5, 11, 171), (2, B, 1.0, 20, 181), (3, A, 1.0, 10, 191), (4, D, 0.5, -41, 130)]


def test_the_event_sets_the_tie_breaks():
    event = two_rounds()
    event["tiebreaks"] = ["won", "points"]          # A's 191 points beat B's 181
    assert [r["id"] for r in ranking.standings(event)] == [C, A, B, D]


def test_opponents_games_won_as_a_tie_break():
    event = two_rounds()
    event["tiebreaks"] = ["won", "opponents"]
    # A met B (1) and C (1.5): 2.5; B met A (1) and D (0.5): 1.5
    rows = {r["id"]: r for r in ranking.standings(event)}
    assert rows[A]["opponents"] == 2.5 and rows[B]["opponents"] == 1.5
    assert [r["id"] for r in ranking.standings(event)] == [C, A, B, D]


def test_entries_equal_on_every_tie_break_share_a_place():
    event = event_of("swiss", 4)
    play(event, round_of(1, [(A, B), (C, D)]), [(101, 80), (101, 80)])
    assert [(r["place"], r["id"]) for r in ranking.standings(event)] == [(1, A), (1, C), (3, B), (3, D)]


def test_a_bye_scores_as_the_event_says():
    event = event_of("swiss", 3)
    play(event, round_of(1, [(A, B)], byes=[C]), [(101, 60)])
    rows = {r["id"]: r for r in ranking.standings(event)}
    assert (rows[C]["won"], rows[C]["difference"], rows[C]["points"]) == (1, 0, 0)    # the default
    event["settings"]["bye"] = {"won": 1, "for": 101, "against": 0}
    rows = {r["id"]: r for r in ranking.standings(event)}
    assert (rows[C]["won"], rows[C]["difference"], rows[C]["points"]) == (1, 101, 101)


def test_equal_scores_meet_first_then_the_nearest_in_the_ranking():
    tables, bye = swiss.pair([A, B, C, D], {A: 2, B: 2, C: 0, D: 0}, set())
    assert tables == [(A, B), (C, D)] and bye is None
    tables, _bye = swiss.pair([A, B, C, D, E, 6], dict.fromkeys([A, B, C, D, E, 6], 1), set())
    assert tables == [(A, B), (C, D), (E, 6)]


def test_no_rematch_while_another_pairing_exists():
    # the third round of two_rounds(): C 1.5, B 1, A 1, D 0.5; A-B, C-D, A-C, B-D have met:
    # the one pairing left without a rematch is C-B and A-D
    event = two_rounds()
    rnd = swiss.next_round(event)
    assert [(t["a"], t["b"]) for t in rnd["tables"]] == [(C, B), (A, D)]
    # equal scores would pair A-B and C-D, both rematches: the unequal pairings win
    tables, _bye = swiss.pair([A, B, C, D], {A: 2, B: 2, C: 0, D: 0},
                              {frozenset((A, B)), frozenset((C, D))})
    assert not {frozenset(t) for t in tables} & {frozenset((A, B)), frozenset((C, D))}


def test_a_rematch_only_when_no_other_pairing_exists():
    # four entries who have all met: a rematch is the only way, by score
    met = {frozenset(p) for p in itertools.combinations([A, B, C, D], 2)}
    tables, _bye = swiss.pair([A, B, C, D], {A: 3, B: 2, C: 1, D: 0}, met)
    assert tables == [(A, B), (C, D)]


def perfect_matchings(ids):
    """Every way to pair `ids` (brute force, for the check below)."""
    if not ids:
        yield []
        return
    first, rest = ids[0], ids[1:]
    for i, other in enumerate(rest):
        for more in perfect_matchings(rest[:i] + rest[i + 1:]):
            yield [(first, other)] + more


def test_rematches_are_as_few_as_brute_force_finds():
    rng = random.Random(38)
    for _ in range(60):
        ids = list(range(1, 9))
        met = {frozenset(p) for p in itertools.combinations(ids, 2) if rng.random() < 0.45}
        score = {e: rng.randrange(4) for e in ids}
        ranked = sorted(ids, key=lambda e: -score[e])
        fewest = min(sum(frozenset(p) in met for p in m) for m in perfect_matchings(ids))
        tables, _bye = swiss.pair(ranked, score, met)
        assert sum(frozenset(t) in met for t in tables) == fewest


def test_the_bye_goes_to_the_lowest_ranked_without_one():
    _tables, bye = swiss.pair([A, B, C, D, E], dict.fromkeys([A, B, C, D, E], 0), set())
    assert bye == E
    _tables, bye = swiss.pair([A, B, C, D, E], dict.fromkeys([A, B, C, D, E], 0), set(), had_bye={E})
    assert bye == D


def test_five_entries_three_rounds_drawn_by_hand():
    # round 1 drawn as A B C D E (seed order set by hand): A-B, C-D, E the bye
    event = event_of("swiss", 5)
    play(event, round_of(1, [(A, B), (C, D)], byes=[E]), [(101, 50), (60, 101)])
    # now A 1 (+51), D 1 (+41), E 1 (bye, 0), C 0 (-41), B 0 (-51); the bye to B,
    # the lowest without one; A-D (1 v 1), E-C (1 v 0)
    rnd = swiss.next_round(event)
    assert [(t["a"], t["b"]) for t in rnd["tables"]] == [(A, D), (E, C)] and rnd["byes"] == [B]
    play(event, rnd, [(101, 90), (80, 101)])
    # A 2 won (+62); D 1 (+30), C 1 (-20), E 1 (-21), B 1 (-51): the bye to C, the lowest
    # without one; A has met B and D, so A-E, and D-B
    assert [r["id"] for r in ranking.standings(event)] == [A, D, C, E, B]
    rnd = swiss.next_round(event)
    assert [(t["a"], t["b"]) for t in rnd["tables"]] == [(A, E), (D, B)] and rnd["byes"] == [C]
