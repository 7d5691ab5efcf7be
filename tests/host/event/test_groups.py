"""Round-robin groups (the circle method), then a knockout seeded from the groups."""
from tapete.event import formats, groups, knockout, roundrobin

from host.event.kit import event_of, play


def test_the_circle_method_for_four_worked_by_hand():
    # 1 stays, 2 3 4 turn; the top row at home, 1 at home every other round
    assert roundrobin.rounds([1, 2, 3, 4]) == [[(1, 4), (2, 3)], [(3, 1), (4, 2)], [(1, 2), (3, 4)]]


def test_everyone_meets_everyone_once_home_and_away_balanced():
    for n in range(2, 11):
        ids = list(range(1, n + 1))
        met, home, away = [], dict.fromkeys(ids, 0), dict.fromkeys(ids, 0)
        for rnd in roundrobin.rounds(ids):
            for a, b in rnd:
                if b is not None:
                    met.append(frozenset((a, b)))
                    home[a] += 1
                    away[b] += 1
        assert sorted(met, key=sorted) == sorted({frozenset((a, b)) for a in ids for b in ids if a < b}, key=sorted)
        assert all(abs(home[e] - away[e]) <= 1 for e in ids), (n, home, away)


def test_an_odd_group_sits_one_out_a_round():
    schedule = roundrobin.rounds([1, 2, 3])
    assert [[g for g in rnd if g[1] is None] for rnd in schedule] == [[(3, None)], [(2, None)], [(1, None)]]


def test_bracket_positions_and_byes_to_the_top_seeds():
    assert knockout.positions(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    # six entries in a bracket of eight: seeds 1 and 2 have the byes
    assert knockout.first_round(["s1", "s2", "s3", "s4", "s5", "s6"]) == [
        ("s1", None), ("s4", "s5"), ("s2", None), ("s3", "s6")]


def test_first_of_a_meets_second_of_b():
    ranked = {x: [x + "1", x + "2"] for x in "ABCD"}
    assert knockout.first_round(groups.seeds(ranked)) == [("A1", "B2"), ("D1", "C2"), ("B1", "A2"), ("C1", "D2")]
    two = {x: [x + "1", x + "2"] for x in "AB"}
    assert knockout.first_round(groups.seeds(two)) == [("A1", "B2"), ("B1", "A2")]


def test_three_groups_give_byes_to_two_winners_and_no_group_meets_itself():
    ranked = {x: [x + "1", x + "2"] for x in "ABC"}
    # seeds: A1 B1 C1, then C2 (4), A2 (5), B2 (6)
    assert knockout.first_round(groups.seeds(ranked)) == [("A1", None), ("C2", "A2"), ("B1", None), ("C1", "B2")]


def test_groups_snake_from_the_seeding():
    assert groups.draw_groups([1, 2, 3, 4, 5, 6, 7, 8], 2) == {"A": [1, 4, 5, 8], "B": [2, 3, 6, 7]}


def test_a_whole_event_groups_then_knockout():
    event = event_of("groups", 8, {"groups": 2, "qualify": 2})
    # every group game won by the lower id, 101-50: A = 1 4 5 8 ranks 1 4 5 8, B = 2 3 6 7
    for _ in range(3):
        rnd = formats.next_round(event)
        assert rnd["stage"] == "groups" and len(rnd["tables"]) == 4
        play(event, rnd, [(101, 50) if t["a"] < t["b"] else (50, 101) for t in rnd["tables"]])
    semis = formats.next_round(event)
    assert [(t["a"], t["b"]) for t in semis["tables"]] == [(1, 3), (2, 4)]     # A1-B2, B1-A2
    play(event, semis, [(101, 70), (60, 101)])
    final = formats.next_round(event)
    assert [(t["a"], t["b"]) for t in final["tables"]] == [(1, 4)]
    play(event, final, [(101, 99)])
    rows = formats.ranking_rows(event)
    # 1 won, 4 lost the final, 2 and 3 out in the semis (2 first of its group, 3 second),
    # then the groups' thirds (5, 6) and fourths (8, 7) share their places
    assert [(r["place"], r["id"]) for r in rows] == [(1, 1), (2, 4), (3, 2), (4, 3), (5, 5), (5, 6), (7, 8), (7, 7)]
