"""The replay and the report follow a director's override (docs/referee.md "Rulings and
overrides", docs/host-tools.md `tapete replay`): History (judge/history.py) folds the
`x-ruling` and `x-override` lines as the audit does, the override is a step of its own,
the hands are the match as finally ruled, the analysis weighs them so, and a refused
override is an error that changes nothing. The logs are made as
test_audit_override_ends.py makes them (the controller's numbering)."""
import html
import re

from tapete import i18n
from tapete.cli.sim import summary_line
from tapete.judge.analysis import analyse
from tapete.judge.audit import audit_text
from tapete.judge.history import History
from tapete.log.source import Loaded
from tapete.views import score_sheet, sheet
from tapete.views.replay import Replay, step_notes

from game_rules.test_laws import play_out, revoke_at_play

MARTA = {"by": "Marta", "reason": "a misread card"}


def _override(t, penalty, **extra):
    ruling = [e for e in t.log if e["ev"] == "x-ruling"][-1]["seq"]
    return t.put(dict({"ev": "x-override", "ruling": ruling, "penalty": penalty}, **dict(MARTA, **extra)))


def reopened():
    """A renuncio ruled (`hand`), waived by the director (`report`), the hand played out."""
    t, seat, card, hands, rng, out = revoke_at_play("manille", {"revoke_penalty": "hand", "target": 1000}, 3)
    _override(t, "report")
    play_out(t, hands, rng)
    return t


def ended():
    """A revoke reported, the hand played out, then ruled `hand` by the director."""
    t, seat, card, hands, rng, out = revoke_at_play("manille", {"revoke_penalty": "report", "target": 1000}, 3)
    play_out(t, hands, rng)
    _override(t, "hand")
    return t


def _text(page):
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", page)))


def _override_step(hist):
    steps = [s for s in hist.steps if s.kind == "override"]
    assert len(steps) == 1
    return steps[0]


def test_a_reopened_hand_replays_past_its_withdrawn_end_to_its_real_one():
    t = reopened()
    hist = History(t.log)
    assert hist.errors == []
    kinds = [s.kind for s in hist.steps]
    o = _override_step(hist)
    before, after = hist.steps[:kinds.index("override")], hist.steps[kinds.index("override") + 1:]
    assert before[-1].hand_end is not None and before[-1].withdrawn     # the table's end, withdrawn
    assert o.reopen == {"ev": "x-reopen", "hand": 1, "withdraws": ["hand_end"]} and o.hand_end is None
    assert o.overruled["was"] == "hand" and o.overruled["penalty"] == "report"
    assert o.overruled["by"] == "Marta" and o.overruled["reason"] == "a misread card" and o.voided == []
    assert [s.kind for s in after] == ["trick"] * len(after) and after[-1].hand_end is not None
    # the hands as finally ruled: every trick, the end the rules say now (and the audit)
    h = hist.hands[0]
    assert len(h["tricks"]) == t.m.hand_tricks and h["end"].get("ended") is None
    assert h["end"]["score"] == t.m.score and list(hist.match.totals) == t.m.totals
    assert h["end"]["totals"] == audit_text("".join(_lines(t.log)))["totals"]


def _lines(log):
    import json
    return [json.dumps(e) + "\n" for e in log]


def test_an_override_that_ends_the_hand_keeps_its_tricks_up_to_the_ruling():
    t = ended()
    hist = History(t.log)
    assert hist.errors == []
    o = _override_step(hist)
    assert hist.steps[-1] is o and o.hand_end["ended"] == "revoke" and o.hand_end["score"] == t.m.score
    assert o.reopen["withdraws"] == ["hand_end"]    # the end the table said after trick 8
    withdrawn = [s for s in hist.steps if s.withdrawn]
    assert len(withdrawn) == 1 and withdrawn[0].trick == t.m.hand_tricks
    played_after = [e for e in o.voided if e["ev"] == "play"]
    assert played_after and o.overruled["voided"] == len(played_after)
    h = hist.hands[0]
    assert h["end"]["ended"] == "revoke" and h["end"]["totals"] == t.m.totals
    revoke = [e for e in t.log if e["ev"] == "x-ruling"][0]
    assert all(tr["n"] < revoke["trick"] for tr in h["tricks"])
    assert len(h["plays"]) + len(played_after) == len([e for e in t.log if e["ev"] == "play"])


def test_an_override_that_changes_the_penalty_says_the_old_end_withdrawn_and_the_new_one():
    t, seat, card, hands, rng, out = revoke_at_play(
        "manille", {"revoke_penalty": "hand", "revoke_score": 5, "target": 1000}, 3)
    _override(t, "score")
    hist = History(t.log)
    o = _override_step(hist)
    assert o.overruled["was"] == "hand" and o.overruled["penalty"] == "score"
    assert o.reopen is not None and o.hand_end["score"] == t.m.score
    assert sorted(o.hand_end["score"]) == [0, 5]
    assert hist.hands[0]["end"]["score"] == t.m.score
    with i18n.using("en"):
        notes = step_notes(_view(Replay(Loaded(t.log, "test"), panels=False), o))
    assert "hand 1: the end said before is withdrawn; it ends as the director ruled" in notes
    assert any("OVERRULED by Marta: a fixed penalty score (a misread card)" in n for n in notes)


def _view(replay, step):
    return next(s for s in replay.steps if s is step or s.seq == step.seq and s.kind == step.kind)


def test_a_refused_override_is_an_error_and_changes_nothing():
    t, seat, card, hands, rng, out = revoke_at_play("manille", {"revoke_penalty": "report", "target": 1000}, 3)
    ruling = [e for e in t.log if e["ev"] == "x-ruling"][-1]["seq"]
    play_out(t, hands, rng)
    t.put({"ev": "deal", "dealer": t.m.next_dealers()[0]})
    clean = list(t.log)
    t.put({"ev": "x-override", "ruling": ruling, "penalty": "hand", "by": "Marta"})     # hand 1: final
    t.put({"ev": "x-override", "ruling": 999, "penalty": "hand"})                     # no such ruling
    t.put({"ev": "x-override", "ruling": ruling, "penalty": "condone"})               # not a revoke's
    hist, before = History(t.log), History(clean)
    assert [n for n, _msg in hist.errors] == [len(clean) + 1, len(clean) + 2, len(clean) + 3]
    assert "is final: hand 2 has been dealt" in hist.errors[0][1]
    assert "names no ruling" in hist.errors[1][1]
    assert "needs 'penalty'" in hist.errors[2][1]
    assert [(s.kind, s.hand, s.trick) for s in hist.steps] == [(s.kind, s.hand, s.trick) for s in before.steps]
    assert hist.hands == before.hands and hist.overrides == [] and hist.ruled_inputs().overrides == {}
    with i18n.using("en"):
        text, clean_text = (_text(sheet.render(Loaded(log, "test"), solve=False)) for log in (t.log, clean))
    assert "Events the rules refused" in text and "Events the rules refused" not in clean_text
    assert "event %d: the ruling of hand 1 is final: hand 2 has been dealt" % (len(clean) + 1) in text
    # the incident log joins none of them to the ruling (it stays 'reported, no penalty')
    assert "OVERRULED" not in text
    with i18n.using("en"):
        assert "OVERRULED" not in score_sheet.render(Loaded(t.log, "test"))


def test_the_replay_says_the_override_at_its_step_and_its_board_follows_it():
    t = reopened()
    replay = Replay(Loaded(t.log, "test"), panels=False)
    i = next(k for k, s in enumerate(replay.steps) if s.kind == "override")
    with i18n.using("en"):
        d = replay.step_dict(i)
        assert d["title"] == "hand 1: the director's override"
        assert d["said"]["overrides"][0] == ("hand 1: seat %d: revoke; ruling: the offending side loses the "
                                             "hand; OVERRULED by Marta: reported, no penalty (a misread card)"
                                             % d["overruled"]["seat"])
        assert d["said"]["overrides"][1].startswith("hand 1 reopened by the director's override")
        assert replay.step_dict(i - 1)["said"]["withdrawn"] == "this end was withdrawn by the director's override"
    with i18n.using("es"):
        assert replay.step_dict(i)["title"] == "mano 1: la decisión del director"
    # the board (views/state.py) folds the override too: the hand goes on, no error
    view = replay.steps[i].view
    assert view["hand_results"] == [] and replay.steps[-1].view["hand_results"][0]["score"] == t.m.score
    assert view["totals"] == [0, 0] and replay.steps[-1].view["totals"] == t.m.totals
    assert all(s.view.get("errors", 0) == 0 for s in replay.steps)


def test_the_report_shows_the_hands_as_finally_ruled_and_weighs_the_reopened_hand_to_its_end():
    t = reopened()
    with i18n.using("en"):
        page = sheet.render(Loaded(t.log, "test"), limit=0)
    text = _text(page)
    end = [e for e in t.log if e["ev"] == "hand_end"][-1]
    assert "points %s, score %s, totals %s" % tuple(
        " / ".join(map(str, end[k])) for k in ("points", "score", "totals")) in text
    assert "OVERRULED by Marta: reported, no penalty (a misread card)" in text
    assert page.count('<tr class="trick">') == t.m.hand_tricks
    assert "double-dummy: the hand was not played" not in text
    # the analysis replays the hand as ruled: the points made are the hand's real ones
    hist = History(t.log)
    value = analyse(hist.ruled_inputs())[1]
    assert value.played == end["points"]
    assert analyse([e for e in t.log], 0)[1].played != end["points"]     # under the table's ruling


def test_the_report_of_an_override_that_ends_the_hand():
    t = ended()
    with i18n.using("en"):
        text = _text(sheet.render(Loaded(t.log, "test"), solve=False))
    assert "OVERRULED by Marta: the offending side loses the hand (a misread card)" in text
    assert "cards played after the ruling no longer count" in text
    assert "(hand ended by a revoke ruled)" in text and "Events the rules refused" not in text


def test_tapete_sim_prints_a_line_for_a_reopened_hand():
    with i18n.using("en"):
        assert summary_line({"ev": "x-reopen", "hand": 3, "withdraws": ["hand_end"]}) == \
            "hand 3 reopened by the director's override: its end no longer stands, play goes on"
        assert summary_line({"ev": "hand_end", "hand": 3, "points": [1, 2], "score": [0, 1],
                             "totals": [4, 5]}) == "hand 3: points 1/2, score 0/1, totals 4/5"
        assert summary_line({"ev": "trick", "hand": 3}) is None
    with i18n.using("fr"):
        assert summary_line({"ev": "x-reopen", "hand": 3}).startswith("donne 3 rouverte")


def test_the_replays_panel_follows_the_override(tmp_path):
    """The panel pictures (sim/panels.py, the controller's own replay under micropython)
    go on after an override as the table did: each trick of the reopened hand its own
    picture (a rebuild from no journal left them all one idle screen)."""
    import png
    t = reopened()
    replay = Replay(Loaded(t.log, "test"), folder=str(tmp_path))
    assert replay.panel_note is None and all(s.panel for s in replay.steps)

    def pixels(step):
        return list(png.Reader(filename=step.panel).asRGB8()[2])
    i = next(k for k, s in enumerate(replay.steps) if s.kind == "override")
    after = [pixels(s) for s in replay.steps[i:]]
    assert all(a != b for a, b in zip(after, after[1:]))
    assert pixels(replay.steps[i - 1]) != after[0]     # the hand end withdrawn, then play on
