"""Individual, partners drawn anew each round; clubs by their players' average win percentage."""
from tapete.event import formats, rotating

from host.event.kit import event_of, play


def partnerships(event):
    seen = []
    for rnd in event["rounds"]:
        for t in rnd["tables"]:
            seen += [frozenset(p) for p in rotating.partners_of(t["seats"])]
    return seen


def test_sixteen_players_three_rounds_nobody_partners_anyone_twice():
    event = event_of("rotating", 16, {"rounds": 3, "seed": 7})
    for _ in range(3):
        rnd = formats.next_round(event)
        assert sorted(p for t in rnd["tables"] for p in t["seats"]) == list(range(1, 17))
        play(event, rnd, [(101, 50)] * 4)
    seen = partnerships(event)
    assert len(seen) == 24 and len(set(seen)) == 24


def test_five_rounds_too():
    event = event_of("rotating", 16, {"rounds": 5, "seed": 1})
    for _ in range(5):
        play(event, formats.next_round(event), [(101, 50)] * 4)
    seen = partnerships(event)
    assert len(set(seen)) == len(seen) == 40


def test_the_score_keeper_stays_three_move():
    event = event_of("rotating", 8, {"rounds": 3, "seed": 2})
    for _ in range(3):
        play(event, formats.next_round(event), [(101, 50)] * 2)
    keepers = [[t["seats"][0] for t in rnd["tables"]] for rnd in event["rounds"]]
    assert keepers[0] == keepers[1] == keepers[2]


def test_club_ranking_by_average_win_percentage():
    # eight players, two tables, rounds set by hand; clubs: X = 1 2 3, Y = 4 5 6, Z = 7 8
    event = event_of("rotating", 8, {"rounds": 2}, clubs=["X", "X", "X", "Y", "Y", "Y", "Z", "Z"])
    r1 = {"round": 1, "byes": [], "tables": [
        {"table": 1, "seats": [1, 4, 2, 5], "a": [1, 2], "b": [4, 5], "score": None},
        {"table": 2, "seats": [3, 6, 7, 8], "a": [3, 7], "b": [6, 8], "score": None}]}
    play(event, r1, [(101, 60), (80, 80)])
    r2 = {"round": 2, "byes": [], "tables": [
        {"table": 1, "seats": [1, 6, 7, 4], "a": [1, 7], "b": [6, 4], "score": None},
        {"table": 2, "seats": [3, 2, 5, 8], "a": [3, 5], "b": [2, 8], "score": None}]}
    play(event, r2, [(50, 101), (101, 70)])
    # on paper, won of 2: 1: 1+0 = 1 (50%); 2: 1+0 = 50%; 3: .5+1 = 75%; 4: 0+1 = 50%;
    # 5: 0+1 = 50%; 6: .5+1 = 75%; 7: .5+0 = 25%; 8: .5+0 = 25%
    # X: (50+50+75)/3 = 58.33; Y: (50+50+75)/3 = 58.33; Z: 25
    clubs = rotating.club_ranking(event)
    assert [(c["place"], c["club"], round(c["percent"], 2)) for c in clubs] == [
        (1, "X", 58.33), (1, "Y", 58.33), (3, "Z", 25.0)]
    rows = {r["id"]: r for r in rotating.ranking_rows(event)}
    # 3: 80+101 for, 80+70 against: +31; 6: 80+101, 80+50: +51 -> 6 first
    assert rows[6]["place"] == 1 and rows[3]["place"] == 2 and rows[3]["difference"] == 31
