"""The referee's incident log (issue 35, item 7): every irregularity, its ruling and a
director's override, on the live board (web and terminal), the room board's table
page, the report, the score sheet and the audit, in the players' language. The logs are
what a controller writes (docs/referee.md): the rules derive each x-ruling themselves,
under the match's law, and a director's x-override is an input of the log fold
(rules/fold.py), the match rebuilt under it."""
import json

import pytest

from tapete import i18n
from tapete.judge.audit import audit_text
from tapete.rules.fold import Fold
from tapete.views import incidents, score_sheet, state
from tapete.views.report import render
from tapete.log.source import Loaded
from tapete.views.state import TableView, spoken, text_lines

from host.fixtures import controller_log, revoke_and_play_on


def _text(events):
    return "".join(json.dumps(e) + "\n" for e in events)


def _logged(events):
    """The log a controller writes of `events` (inputs, and the x-rulings and
    x-overrides it is given): each numbered with its seq and fed to the log fold, what
    an input derived logged after it, under the overrides taken so far."""
    fold = Fold()
    out = []
    for ev in events:
        out.append(dict(ev, seq=len(out)))
        status, derived = fold.feed(out[-1])
        for d in (derived if status in ("accepted", "overruled") else ()):     # an override's hand end too
            out.append(dict(d, seq=len(out)))
            fold.feed(out[-1])
    return out


OVERRIDE = {"ev": "x-override", "penalty": "report", "by": "Marta", "reason": "the table condoned it"}


def ruled_log(override=True, unjudged=None):
    """A controller's log of one hand of Malilla under the law `revoke_penalty` hand: a
    revoke proven in trick 4, which the rules rule (the offending side loses the hand).
    With `override` the director Marta overrules it at once (reported, no penalty) and
    the table plays the hand out; without, the log ends with the hand the rules ended.
    `unjudged`: the penalty of an x-ruling on the revoking seat that the controller
    logged right after the deal, where the rules derive none. Returns (the log, its
    violation)."""
    inputs, proof = revoke_and_play_on()
    inputs[0] = dict(inputs[0], options={"revoke_penalty": "hand"})
    head, rest = inputs[:proof + 1], inputs[proof + 1:]
    v = next(e for e in _logged(head) if e["ev"] == "violation")
    if unjudged is not None:
        deal = next(i for i, e in enumerate(head) if e["ev"] == "deal")
        head.insert(deal + 1, {"ev": "x-ruling", "hand": 1, "seat": v["seat"], "team": v["seat"] % 2,
                               "rule": "revoke", "penalty": unjudged})
    log = _logged(head)
    ruling = next(e for e in log if e["ev"] == "x-ruling" and e.get("proof"))
    assert ruling["penalty"] == "hand" and ruling["seat"] == v["seat"], ruling
    if override:
        log = _logged(head + [dict(OVERRIDE, ruling=ruling["seq"])] + rest)
    return log, v


def _ruling_seq(log):
    return next(e["seq"] for e in log if e["ev"] == "x-ruling" and e.get("proof"))


# -- the audit ------------------------------------------------------------------------------


def test_the_log_is_a_controllers_the_rules_derive_its_ruling():
    log, v = ruled_log()
    result = audit_text(_text(log))
    assert result["disagreements"] == [] and result["errors"] == []
    (ruling,) = result["hands"][0]["rulings"]
    assert "judged" not in ruling and ruling["penalty"] == "hand" and ruling["seat"] == v["seat"]
    assert ruling["seq"] == _ruling_seq(log)
    hand = result["hands"][0]
    assert hand.get("ended") is None and sum(hand["tricks_won"]) == len(hand["tricks"])    # played out


def test_a_ruling_the_rules_do_not_derive_is_listed_not_a_disagreement():
    log, v = ruled_log(override=False, unjudged="hand")
    result = audit_text(_text(log))
    assert result["disagreements"] == [] and result["errors"] == []
    rulings = result["hands"][0]["rulings"]
    (ruling,) = [r for r in rulings if r.get("judged") is False]
    assert ruling["penalty"] == "hand" and ruling["seat"] == v["seat"] and ruling["rule"] == "revoke"
    line, seq = next((n, e["seq"]) for n, e in enumerate(log, 1) if e["ev"] == "x-ruling")
    assert ruling["line"] == line and ruling["seq"] == seq
    (rules,) = [r for r in rulings if r is not ruling]      # the one the rules derived
    assert "judged" not in rules and rules["seq"] == _ruling_seq(log)


def test_an_override_is_joined_to_the_ruling_it_names_with_who_and_why():
    log, _v = ruled_log()
    result = audit_text(_text(log))
    assert result["disagreements"] == [] and result["errors"] == []
    (ruling,) = result["hands"][0]["rulings"]
    line = next(n for n, e in enumerate(log, 1) if e["ev"] == "x-override")
    assert ruling["penalty"] == "hand" and ruling["seq"] == _ruling_seq(log)
    assert ruling["override"] == {"penalty": "report", "by": "Marta", "reason": "the table condoned it",
                                  "line": line}


@pytest.mark.parametrize("bad,says", [
    ({"ruling": 999, "penalty": "report", "by": "Marta"}, "names no ruling of this match: ruling=999"),
    ({"ruling": None, "penalty": "report"}, "names no ruling"),
    ({"penalty": "report"}, "names no ruling of this match: ruling=None"),
    ({"ruling": "RULING", "penalty": "flog"}, "needs 'penalty' one of report, correct, hand, game, score, "
                                              "got 'flog'"),
    ({"ruling": "RULING", "penalty": "condone"}, "needs 'penalty' one of report, correct, hand, game, "
                                                 "score, got 'condone'"),
])
def test_an_override_naming_no_ruling_or_no_penalty_is_an_error_of_its_line(bad, says):
    log, _v = ruled_log(override=False)
    if bad.get("ruling") == "RULING":
        bad = dict(bad, ruling=_ruling_seq(log))
    log.append(dict(bad, ev="x-override", seq=log[-1]["seq"] + 1))
    result = audit_text(_text(log))
    assert [(e["line"], says in e["message"]) for e in result["errors"]] == [(len(log), True)], result["errors"]
    (ruling,) = result["hands"][0]["rulings"]
    assert "override" not in ruling and ruling["penalty"] == "hand"
    assert "overrides" not in result["hands"][0] and result["disagreements"] == []


def test_a_ruling_with_no_penalty_word_is_an_error_of_its_line():
    log, _v = ruled_log(override=False, unjudged="stocks")
    result = audit_text(_text(log))
    line = next(n for n, e in enumerate(log, 1) if e["ev"] == "x-ruling")
    assert [(e["line"], "not one of" in e["message"]) for e in result["errors"]] == [(line, True)]
    assert [r["penalty"] for r in result["hands"][0]["rulings"]] == ["hand"]     # the rules' only


# -- one incident per irregularity ------------------------------------------------------------


def test_the_violation_its_ruling_and_the_override_are_one_incident():
    log, v = ruled_log()
    items = incidents.from_audit(audit_text(_text(log)))
    assert len(items) == 1
    (item,) = items
    assert item["what"] == "revoke" and item["seat"] == v["seat"] and item["penalty"] == "hand"
    assert item["override"]["by"] == "Marta"
    live = incidents.Incidents()
    for ev in log:
        live.feed(ev)
    assert [(i["what"], i["penalty"], i["override"]["by"]) for i in live.items] == [("revoke", "hand", "Marta")]


def test_a_misdeal_and_a_claim_are_incidents_and_take_their_rulings():
    log = [{"ev": "match", "game": "malilla", "seats": 4},
           {"ev": "deal", "dealer": 0}, {"ev": "turnup", "card": "7H"},
           {"ev": "misdeal", "reason": "a card face up"}]
    log = controller_log(log)
    log.insert(4, {"ev": "x-ruling", "hand": 1, "seat": 0, "rule": "misdeal", "penalty": "void", "seq": 9})
    live = incidents.Incidents()
    for ev in log:
        live.feed(ev)
    (md,) = live.items
    assert md["what"] == "misdeal" and md["penalty"] == "void" and md["reason"] == "a card face up"
    with i18n.using("en"):
        text = state.describe_incident(md)
    assert text == "hand 1: misdeal by seat 0 (a card face up); ruling: the hand is void"
    claim = {"ev": "x-claim", "hand": 2, "trick": 8, "seat": 1, "call": "claim", "tricks": 3, "sound": False,
             "line": ["AS"]}
    live.feed(claim)
    live.feed({"ev": "x-ruling", "hand": 2, "trick": 8, "seat": 1, "rule": "claim", "penalty": "report"})
    assert live.items[-1]["penalty"] == "report" and live.items[-1]["claim"]["sound"] is False


def test_a_ruling_with_no_irregularity_logged_is_an_incident_of_its_own():
    live = incidents.Incidents()
    live.feed({"ev": "x-ruling", "hand": 3, "trick": 2, "seat": 1, "team": 1, "rule": "out-of-turn",
               "penalty": "condone", "seq": 40})
    live.feed({"ev": "x-override", "ruling": 40, "penalty": "take-back", "by": "Pau", "reason": ""})
    with i18n.using("en"):
        text = state.describe_incident(live.items[0])
    assert text == ("hand 3: seat 1: out-of-turn; ruling: condoned: the card stands; "
                    "OVERRULED by Pau: the card taken back")


# -- the views -----------------------------------------------------------------------------------


def test_the_report_lists_the_incident_log_with_the_override():
    log, _v = ruled_log()
    with i18n.using("en"):
        text = render(audit_text(_text(log)))
    part = text.split("Referee's incident log (1):")[1]
    score = next(e["score"] for e in log if e["ev"] == "x-ruling")      # as the rules scored it
    assert "revoke" in part and "ruling: the offending side loses the hand (%d / %d)" % tuple(score) in part
    assert "OVERRULED by Marta: reported, no penalty (the table condoned it)" in part


def test_the_live_state_and_the_terminal_lines_show_the_ruling():
    log, _v = ruled_log()
    view = TableView()
    for ev in log:
        view.feed(ev)
    s = view.state()
    assert [i["penalty"] for i in s["incidents"]] == ["hand"]
    with i18n.using("en"):
        said = spoken(s)
        lines = text_lines(s)
    assert len(said["incidents"]) == 1 and "OVERRULED by Marta" in said["incidents"][0]
    assert any(l.startswith("RULING hand 1: seat") and "Marta" in l for l in lines)


def test_the_terminal_panel_shows_the_ruling():
    from rich.console import Console
    from tapete.views.terminal import table_picture as panel
    log, _v = ruled_log()
    view = TableView()
    for ev in log:
        view.feed(ev)
    console = Console(width=84, record=True, color_system=None)
    with i18n.using("en"):
        console.print(panel(view.state()))
    text = console.export_text()
    assert "RULING" in text and "Marta" in text


def test_the_score_sheet_lists_the_incident_with_its_override():
    log, _v = ruled_log()
    with i18n.using("en"):
        html = score_sheet.render(Loaded(log, "test"))
    part = html.split('id="incidents"')[1]
    assert "revoke" in part and "OVERRULED by Marta" in part


def test_the_room_boards_table_page_gets_the_incident_list():
    from tapete.room.server import RoomBoard
    log, _v = ruled_log()
    board = RoomBoard("club")
    for ev in log:
        board.feed("t1", ev)
    with i18n.using("en"):
        _version, text = board.table_state("t1")
    said = json.loads(text)["state"]["said"]
    assert len(said["incidents"]) == 1 and "Marta" in said["incidents"][0]


@pytest.mark.parametrize("lang", [l for l in i18n.LANGUAGES if l != "en"])
def test_the_incident_log_is_said_in_every_language(lang):
    log, _v = ruled_log()
    item = incidents.from_audit(audit_text(_text(log)))[0]
    with i18n.using("en"):
        english = state.describe_incident(item)
    with i18n.using(lang):
        said = state.describe_incident(item)
        words = [i18n._(state.PENALTIES[p]) for p in state.PENALTIES]
    assert said != english and "Marta" in said
    assert all(w not in state.PENALTIES.values() for w in words), words


# -- in a browser: the board and the report, on a phone and a laptop -----------------------------

FITS = """
const out = [];
for (const e of document.querySelectorAll('%s')) {
  const r = e.getBoundingClientRect();
  out.push([r.left, r.right, parseFloat(getComputedStyle(e).fontSize), e.textContent]);
}
return JSON.stringify({items: out, scrollW: document.documentElement.scrollWidth});
"""


@pytest.fixture(scope="module")
def chrome():
    from host.browser import browser, need_chromium
    need_chromium()
    d = browser()
    yield d
    d.quit()


def _shot(d, name, tmp_path):
    """A screenshot: into docs/ with TAPETE_SCREENSHOTS=1 (looked at), else tmp_path."""
    import os
    from host.browser import DOCS
    folder = DOCS if os.environ.get("TAPETE_SCREENSHOTS") else str(tmp_path)
    d.save_screenshot(os.path.join(folder, name))


def _at(d, url, width, height):
    d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                      {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})
    d.get(url)


@pytest.mark.parametrize("width,height", [(390, 844), (1280, 800)])
def test_the_live_board_lists_the_incidents_in_a_browser(chrome, tmp_path, width, height):
    from host.browser import Server, wait_for
    log, _v = ruled_log()
    path = tmp_path / "live.jsonl"
    path.write_text(_text(log))
    server = Server(["serve", str(path)])
    try:
        _at(chrome, server.url + "?lang=es", width, height)
        text = wait_for(lambda: chrome.find_element("css selector", "#incidents").text, what="the incident log")
        assert "Incidencias" in text and "ANULADA por Marta" in text and "renuncio" in text
        m = json.loads(chrome.execute_script(FITS % "#incidents .incident"))
        assert m["items"] and all(0 <= l and r <= width + 0.5 for l, r, _f, _t in m["items"]), m
        assert m["scrollW"] <= width and all(f >= 14 or width > 600 for _l, _r, f, _t in m["items"])
        chrome.execute_script("document.getElementById('incidents').scrollIntoView()")
        _shot(chrome, "board-incidents-%d.png" % width, tmp_path)
    finally:
        server.stop()


@pytest.mark.parametrize("width,height", [(390, 844), (1280, 800)])
def test_the_report_lists_the_incidents_in_a_browser(chrome, tmp_path, width, height):
    from tapete.log.source import Loaded
    from tapete.views import sheet
    log, _v = ruled_log()
    page = tmp_path / "report.html"
    with i18n.using("ca"):
        sheet.write(Loaded(log, "test"), str(page), solve=False)
    _at(chrome, page.as_uri(), width, height)
    text = chrome.find_element("css selector", "#incidents").text
    assert "Registre d'incidències de l'àrbitre" in text and "ANUL·LADA per Marta" in text
    m = json.loads(chrome.execute_script(FITS % "#incidents li"))
    assert m["items"] and all(r <= width + 0.5 and f >= 14 for _l, r, f, _t in m["items"]), m
    chrome.execute_script("document.getElementById('incidents').scrollIntoView()")
    _shot(chrome, "report-incidents-%d.png" % width, tmp_path)


def test_the_live_board_follows_a_directors_override_as_the_table_did():
    """A waiver after the ruling ended the hand: the table played the hand on. The board
    folds the x-override (rules/fold.py) and takes the plays after it, its totals the
    audit's; before, it judged them after a hand it thought over."""
    log, _v = ruled_log()
    view = TableView()
    for ev in log:
        view.feed(ev)
    result = audit_text(_text(log))
    assert view.errors == 0, view.last_error
    assert view.state()["totals"] == result["totals"]


def test_the_live_board_joins_no_refused_override_to_its_ruling():
    """An override the rules refuse (a penalty its ruling cannot have) is an error of the
    board, and the incident box shows the ruling as the table made it, not OVERRULED."""
    log, _v = ruled_log(override=False)
    bad = dict(OVERRIDE, ruling=_ruling_seq(log), penalty="condone")
    view = TableView()
    for ev in log + [bad]:
        view.feed(ev)
    s = view.state()
    (item,) = s["incidents"]
    assert item["penalty"] == "hand" and "override" not in item
    with i18n.using("en"):
        said = spoken(s)
    assert "OVERRULED" not in said["incidents"][0]
    good = dict(OVERRIDE, ruling=_ruling_seq(log))
    view.feed(good)
    (item,) = view.state()["incidents"]
    assert item["override"]["by"] == "Marta"
