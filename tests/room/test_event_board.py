"""An event on the room board in headless chromium, at a phone's size (390x844) and a
projector's (1280x800): the ranking with its tie-breaks, the round under way with a
result landed and one being played, names whole; the director's page beside it."""
import json
import time
import urllib.request

import pytest

from tapete.event import eventfile
from tapete.room.publish import TablePublisher
from tapete.sim.room_table import match_lines

from host.browser import Server, browser, need_chromium, wait_for
from host.event.kit import round_of
from host.event.test_clock import pairs_event
from room.broker import connector
from room.test_room_board import shot


@pytest.fixture
def served(room, tmp_path):
    need_chromium()
    event = pairs_event({"points": 101, "deals": 12, "minutes": 60})
    event["entries"][0]["name"] = "Penya Botifarrera de Sant Narcís"     # a long name: whole
    event["rounds"].append(round_of(1, [(4, 2), (1, 3)]))
    eventfile.enter_result(event, 1, 1, 12, 29)
    eventfile.enter_result(event, 1, 2, 57, 0)
    event["rounds"].append(dict(round_of(2, [(1, 2), (3, 4)]), started=time.time()))
    path = str(tmp_path / "open.json")
    eventfile.save(event, path)
    server = Server(["room", "serve", room.folder, "--db", str(tmp_path / "room.sqlite"), "--event", path])
    host, port = room.info["host"], room.info["port"]
    t1 = TablePublisher("club", "t1", connector(room, "t1")).start(host, port)
    for ev in match_lines("botifarra", 7, options={"target": 30}, head={"round": 2}):
        t1.publish(ev)
    t2 = TablePublisher("club", "t2", connector(room, "t2")).start(host, port)
    lines = match_lines("botifarra", 3, head={"round": 2})
    end = next(i for i, e in enumerate(lines) if e["ev"] == "hand_end")
    for ev in lines[:end + 1]:
        t2.publish(ev)
    t1.stop()
    t2.stop()
    yield server
    server.stop()


@pytest.mark.parametrize("width,height,lang", [(390, 844, "es"), (1280, 800, "en")])
def test_the_event_standings_on_the_room_board(served, width, height, lang, tmp_path):
    from selenium.webdriver.common.by import By
    d = browser(max(width, 500), height)
    d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                      {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 500})
    d.execute_cdp_cmd("Network.setExtraHTTPHeaders", {"headers": {"Accept-Language": lang}})
    d.execute_cdp_cmd("Network.enable", {})
    try:
        d.get(served.url)
        st = lambda: d.find_element(By.ID, "standings").text
        landed = {"es": "llegado, aún sin anotar", "en": "landed, not entered yet"}[lang]
        wait_for(lambda: landed in st(), what="round 2's landed result")
        text = st()
        assert {"es": "Clasificación", "en": "Ranking"}[lang] in text
        assert {"es": "jugando", "en": "playing"}[lang] in text
        assert "Penya Botifarrera de Sant Narcís" in text           # whole, never cut
        rows = d.find_elements(By.CSS_SELECTOR, "table.ranking tr")
        assert len(rows) == 5                                       # the headings and four pairs
        assert d.execute_script("return document.documentElement.scrollWidth") <= width
        d.execute_script("document.getElementById('standings').scrollIntoView()")
        shot(d, "room-event-%d.png" % width, tmp_path)
    finally:
        d.quit()


def test_the_directors_page_and_the_standings_json(served):
    def states():
        with urllib.request.urlopen(served.url + "standings", timeout=10) as r:
            got[0] = json.loads(r.read())["event"]
        return [t["state"] for t in got[0]["rounds"][0]["tables"]] == ["landed", "playing"]
    got = [None]
    wait_for(states, what="round 2's results in the room")
    ev = got[0]
    assert [t["state"] for t in ev["rounds"][0]["tables"]] == ["landed", "playing"]
    assert [r["name"] for r in ev["ranking"]][:1] == ["Penya Botifarrera de Sant Narcís"]
    req = urllib.request.Request(served.url + "director?lang=fr")
    with urllib.request.urlopen(req, timeout=10) as r:
        page = r.read().decode()
    assert "<html lang='fr'>" in page and "Classement" in page and "arrivé, pas encore saisi" in page
