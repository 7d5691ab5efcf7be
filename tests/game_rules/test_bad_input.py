"""Bad input: a clear error quoting it, and the match state left untouched."""
from game_rules.kit import Match, TableError, errors, of, play, raises, start


def test_event_must_be_an_object_with_an_ev_name():
    m = Match()
    assert "JSON object" in str(raises(errors.EventError, m.apply, ["play"]))
    assert "'ev'" in str(raises(errors.EventError, m.apply, {"seat": 1}))


def test_unknown_event_is_refused_but_x_events_are_ignored():
    m, _ = start("malilla", dealer=0, turnup="2S")
    assert "'shuffle'" in str(raises(errors.EventError, m.apply, {"ev": "shuffle"}))
    assert m.apply({"ev": "x-note", "text": "hello"}) == []


def test_events_before_the_match_are_refused():
    m = Match()
    raises(errors.OrderError, m.apply, {"ev": "deal", "dealer": 0})


def test_unknown_game_and_wrong_seat_count_are_refused():
    m = Match()
    assert "'poker'" in str(raises(errors.EventError, m.apply, {"ev": "match", "game": "poker", "seats": 4}))
    raises(errors.EventError, m.apply, {"ev": "match", "game": "malilla", "seats": 5})


def test_card_not_in_the_pack_is_refused_as_unknown_card():
    m, _ = start("malilla", dealer=0, turnup="2S")
    out = play(m, "1:10H")
    assert of(out, "violation")[0]["rule"] == "unknown-card"
    assert m.turn == 1 and m.trick.n == 0


def test_unparseable_card_is_an_error_quoting_it():
    m, _ = start("malilla", dealer=0, turnup="2S")
    err = raises(errors.CardError, m.apply, {"ev": "play", "seat": 1, "card": "11H"})
    assert "'11H'" in str(err)


def test_duplicate_card_is_refused():
    m, _ = start("malilla", dealer=0, turnup="2S")
    out = play(m, "1:3H 2:3H")
    assert of(out, "violation")[0]["rule"] == "duplicate-card"
    assert m.turn == 2


def test_play_out_of_turn_is_refused():
    m, _ = start("malilla", dealer=0, turnup="2S")
    out = play(m, "3:3H")
    v = of(out, "violation")[0]
    assert (v["rule"], v["seat"], v["proven"]) == ("out-of-turn", 3, "at-play")
    assert m.turn == 1


def test_play_before_the_turnup_is_refused():
    m, _ = start("malilla", dealer=0)
    raises(errors.OrderError, m.apply, {"ev": "play", "seat": 1, "card": "3H"})


def test_seat_must_be_a_seat_number():
    m, _ = start("malilla", dealer=0, turnup="2S")
    for bad in (4, -1, "1", True, None):
        raises(errors.EventError, m.apply, {"ev": "play", "seat": bad, "card": "3H"})


def test_hand_with_wrong_size_or_repeated_card_is_refused():
    m, _ = start("malilla", dealer=0)
    raises(errors.EventError, m.apply, {"ev": "hand", "seat": 1, "cards": ["2H", "3H"]})
    raises(errors.CardError, m.apply, {"ev": "hand", "seat": 1, "cards": ["2H"] * 10})
    m.apply({"ev": "hand", "seat": 1, "cards": "2H 3H 4H 5H 6H 7H JH QH KH AH".split()})
    raises(errors.CardError, m.apply,
           {"ev": "hand", "seat": 2, "cards": "2H 3S 4S 5S 6S 7S JS QS KS AS".split()})


def test_a_deal_by_a_wrong_dealer_before_the_hand_is_finished_is_refused_and_changes_nothing():
    m, _ = start("malilla", dealer=0, turnup="2S")
    play(m, "1:3S")
    raises(errors.OrderError, m.apply, {"ev": "deal", "dealer": 2})
    assert m.hand_no == 1 and m.trick.n == 1 and m.turn == 2


def test_unknown_call_is_refused():
    m, _ = start("malilla", dealer=0, turnup="2S")
    raises(errors.EventError, m.apply, {"ev": "call", "seat": 1, "call": "shout"})


def test_errors_are_value_errors():
    assert issubclass(TableError, ValueError)


def test_card_not_in_the_known_hand_is_reported_at_the_play():
    m, _ = start("malilla", dealer=0, turnup="2S", hands={1: "2H 3H 4H 5H 6H 7H JH QH KH AH"},
                 options={"irregularity": "report"})
    out = play(m, "1:2C")
    v = of(out, "violation")[0]
    assert (v["rule"], v["seat"], v["card"], v["proven"]) == ("not-in-hand", 1, "2C", "at-play")
    assert m.turn == 2      # the card is on the table all the same


def test_snapshot_is_plain_data_and_follows_the_match():
    import random as _r
    from game_rules.kit import Match, playout
    _r.seed(5)
    log, _d, _m = playout.random_match("manille", None, _r)
    m = Match()
    assert m.snapshot()["game"] is None
    for ev in log[:20]:
        m.apply(ev)
    snap = m.snapshot(True)
    assert snap["game"] == "manille" and snap["phase"] == "play"
    assert snap["turn"] == m.turn and snap["totals"] == m.totals
    assert len(snap["knowledge"]) == 4 and snap["teams"] == [[0, 2], [1, 3]]
    played = len(snap["trick"]["cards"]) if snap["trick"] else 0
    assert played == m.trick.n
