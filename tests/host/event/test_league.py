"""A team league: 3/1/0 points, each fixture at the home team's tables."""
from tapete.errors import UsageError
from tapete.event import formats, league

from host.event.kit import event_of, play


def test_three_one_nothing_worked_by_hand():
    event = event_of("league", 4, clubs=["Casal", "Penya", "Ateneu", "Cercle"])
    r1 = formats.next_round(event)
    assert [(t["a"], t["b"], t["at"]) for t in r1["tables"]] == [(1, 4, "Casal"), (2, 3, "Penya")]
    play(event, r1, [(3, 1), (2, 2)])
    r2 = formats.next_round(event)
    assert [(t["a"], t["b"], t["at"]) for t in r2["tables"]] == [(3, 1, "Ateneu"), (4, 2, "Cercle")]
    play(event, r2, [(0, 4), (1, 3)])
    # 1: W W = 6, games 7-1; 2: D W = 4, 5-3; 3: D L = 1, 2-6; 4: L L = 0, 2-6
    rows = league.ranking_rows(event)
    assert [(r["place"], r["id"], r["league"], r["difference"]) for r in rows] == [
        (1, 1, 6, 6), (2, 2, 4, 2), (3, 3, 1, -4), (4, 4, 0, -4)]


def test_two_legs_swap_home_and_away():
    event = event_of("league", 3, {"legs": 2})
    homes = []
    while True:
        try:
            rnd = formats.next_round(event)
        except UsageError:
            break
        homes += [(t["a"], t["b"]) for t in rnd["tables"]]
        play(event, rnd, [(2, 1)] * len(rnd["tables"]))
    assert len(homes) == 6 and sorted(homes) == sorted((b, a) for a, b in homes)
