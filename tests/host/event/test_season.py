"""Season points across events: points per placing, a ladder of qualification."""
from tapete.event import season

from host.event.kit import event_of


def placed(event, places):
    return [{"place": p, "id": e} for e, p in places]


def test_points_per_placing_over_two_events():
    one = event_of("swiss", 3)
    one["season"] = {"name": "Liga", "points": [10, 6, 4], "qualify": 2}
    two = event_of("swiss", 3)
    # the same players by name (A B C); event two: B first, A and C share 2nd
    rows = season.season([(one, placed(one, [(1, 1), (2, 2), (3, 3)])),
                          (two, placed(two, [(2, 1), (1, 2), (3, 2)]))])
    # A: 10 + (6+4)/2 = 15; B: 6 + 10 = 16; C: 4 + 5 = 9
    assert [(r["place"], r["name"], r["points"], r["qualified"]) for r in rows] == [
        (1, "B", 16, True), (2, "A", 15, True), (3, "C", 9, False)]


def test_equal_totals_split_by_better_placings():
    one = event_of("swiss", 2)
    two = event_of("swiss", 2)
    rows = season.season([(one, placed(one, [(1, 1), (2, 2)])), (two, placed(two, [(2, 1), (1, 2)]))],
                         points=[5, 5])
    assert [(r["place"], r["points"]) for r in rows] == [(1, 5 + 5), (1, 10)]
