"""A director's override that ends a hand, or reopens one a ruling had ended, says so
in the log as every hand end does (docs/referee.md "Rulings and overrides",
docs/protocol.md `x-reopen`): the rules derive it on the `x-override` line, and a
log folded again (the audit) derives the same."""
from game_rules.kit import of, playout
from game_rules.test_laws import Table, legal_card, play_out, revoke_at_play

try:
    from tapete.rules import fold
except ImportError:     # MicroPython
    from rules import fold


def override(t, penalty):
    """The director overrules the last ruling: what the override line derives."""
    ruling = [e for e in t.log if e["ev"] == "x-ruling"][-1]["seq"]
    return t.put({"ev": "x-override", "ruling": ruling, "penalty": penalty, "by": "director"})


def refolded(t):
    """The log folded again from its lines (as the audit and the views do): the
    derived lines the fold gives for each line, in the log's order."""
    f = fold.Fold()
    out = []
    for ev in t.log:
        status, derived = f.feed(ev)
        if status in ("accepted", "overruled"):
            out.extend(derived)
    return f, out


def test_a_report_made_hand_ends_the_hand_and_logs_its_hand_end():
    for name in ("manille", "botifarra", "tute", "malilla"):
        t, seat, card, hands, rng, out = revoke_at_play(name, {"revoke_penalty": "report", "target": 1000}
                                                        if name in ("manille", "malilla") else
                                                        {"revoke_penalty": "report"})
        assert not of(out, "hand_end"), name
        derived = override(t, "hand")
        # (and the match's end when that hand ends it: Tute's partida of one hand)
        assert [d["ev"] for d in derived] == ["hand_end"] + (["match_end"] if t.m.over else []), name
        end = derived[0]
        other = 1 - t.m.game.team_of[seat]
        assert end["ended"] == "revoke" and end["hand"] == 1, name
        assert end["tricks"][other] == t.m.hand_cards and end["tricks"][1 - other] == 0, name
        assert not playout.in_hand(t.m), name
        assert end == t.m.hand_end(), name      # what the rebuilt match says of it


def test_a_waiver_reopens_the_hand_a_ruling_ended_and_withdraws_its_hand_end():
    t, seat, card, hands, rng, out = revoke_at_play("manille", {"revoke_penalty": "hand"})
    assert of(out, "hand_end")[0]["ended"] == "revoke"
    derived = override(t, "report")
    assert derived == [{"ev": "x-reopen", "hand": 1, "withdraws": ["hand_end"]}]
    assert t.m.phase == playout.PLAY
    play_out(t, hands, rng)     # the hand goes on to its own end
    ends = [e for e in t.log if e["ev"] == "hand_end"]
    assert len(ends) == 2 and ends[-1].get("ended") is None


def test_an_override_that_changes_how_the_hand_ended_withdraws_its_end_and_says_the_new_one():
    t, seat, card, hands, rng, out = revoke_at_play("manille", {"revoke_penalty": "hand",
                                                                "revoke_score": 5, "target": 1000})
    first = of(out, "hand_end")[0]
    derived = override(t, "score")
    assert [d["ev"] for d in derived] == ["x-reopen", "hand_end"]
    assert derived[0]["withdraws"] == ["hand_end"]
    other = 1 - t.m.game.team_of[seat]
    assert derived[1]["score"][other] == 5 and derived[1]["score"] != first["score"]


def test_an_override_that_loses_the_match_logs_its_match_end_and_a_waiver_withdraws_it():
    t, seat, card, hands, rng, out = revoke_at_play("malilla", {"revoke_penalty": "report"})
    derived = override(t, "game")
    # a match lost on a ruling logs no hand_end, as when the law rules it (match.py events)
    assert [d["ev"] for d in derived] == ["match_end"]
    assert derived[0]["reason"] == "irregularity" and derived[0]["winner"] == 1 - t.m.game.team_of[seat]
    assert t.m.over
    derived = override(t, "report")
    assert derived == [{"ev": "x-reopen", "hand": 1, "withdraws": ["match_end"]}]
    assert not t.m.over and t.m.phase == playout.PLAY


def test_an_override_that_changes_nothing_of_the_hands_end_derives_nothing():
    t, seat, card, hands, rng, out = revoke_at_play("manille", {"revoke_penalty": "report"})
    assert override(t, "correct") == [] and t.m.phase == playout.PLAY     # the hand goes on
    t2, seat, card, hands, rng, out = revoke_at_play("botifarra", {"revoke_penalty": "hand"})
    assert override(t2, "hand") == [] and not playout.in_hand(t2.m)    # it stays ended as it was


def test_a_ruling_of_a_hand_before_the_last_is_final_and_its_override_refused():
    t, seat, card, hands, rng, out = revoke_at_play("manille", {"revoke_penalty": "report",
                                                                "target": 1000})
    ruling = [e for e in t.log if e["ev"] == "x-ruling"][-1]["seq"]
    play_out(t, hands, rng)
    m = t.m
    t.put({"ev": "deal", "dealer": m.next_dealers()[0]})
    assert m.hand_no == 2
    before = m.snapshot()
    status, err = t.fold.feed({"ev": "x-override", "ruling": ruling, "penalty": "hand"})
    assert status == "refused" and "final" in str(err) and "hand 2" in str(err)
    assert t.m.snapshot() == before and not t.fold.overrides


def test_the_log_folded_again_derives_the_same_hand_end_and_reopen():
    t, seat, card, hands, rng, out = revoke_at_play("manille", {"revoke_penalty": "hand",
                                                                "target": 1000})
    override(t, "report")
    m = t.m
    t.play(m.turn, legal_card(m, hands, m.turn, rng))
    override(t, "hand")         # the director changes his mind: the hand ends again
    logged = [e for e in t.log if e["ev"] in ("hand_end", "match_end", "x-reopen")]
    f, derived = refolded(t)
    again = [e for e in derived if e["ev"] in ("hand_end", "match_end", "x-reopen")]
    strip = lambda evs: [dict((k, v) for k, v in e.items() if k != "seq") for e in evs]  # noqa: E731
    assert strip(again) == strip(logged)
    assert [e["ev"] for e in logged] == ["hand_end", "x-reopen", "hand_end"]
    assert f.match.totals == t.m.totals
