"""The room board in headless chromium, at a phone's size (390x844) and a projector's
(1280x800): every table at a glance, a click into one table's board, the standings."""
import os

import pytest

from tapete.room.publish import TablePublisher
from tapete.sim.room_table import match_lines

from host.browser import DOCS, Server, browser, need_chromium, wait_for
from room.broker import connector


@pytest.fixture
def served(room, tmp_path):
    need_chromium()
    db = str(tmp_path / "room.sqlite")
    server = Server(["room", "serve", room.folder, "--db", db])
    host, port = room.info["host"], room.info["port"]
    # t1 plays a whole Truc match with names; t2 is mid-way through a Botifarra match
    t1 = TablePublisher("club", "t1", connector(room, "t1")).start(host, port)
    for ev in match_lines("truc", 7, names={"teams": ["Les Corts", "Gràcia"]}):
        t1.publish(ev)
    t2 = TablePublisher("club", "t2", connector(room, "t2")).start(host, port)
    botifarra = match_lines("botifarra", 3)
    cut = next(i for i in range(len(botifarra) // 2, len(botifarra)) if botifarra[i]["ev"] == "play")
    for ev in botifarra[:cut + 1]:          # stopped just after a card: someone is to play
        t2.publish(ev)
    t1.stop()
    t2.stop()
    yield server
    server.stop()


def shot(d, name, tmp_path):
    folder = DOCS if os.environ.get("TAPETE_SCREENSHOTS") else str(tmp_path)
    d.save_screenshot(os.path.join(folder, name))


@pytest.mark.parametrize("width,height", [(390, 844), (1280, 800)])
def test_the_room_board_shows_every_table_and_opens_one(served, tmp_path, width, height):
    from selenium.webdriver.common.by import By
    d = browser(max(width, 500), height)
    # headless chromium's window is at least 500 wide: a phone is emulated as one
    d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                      {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 500})
    try:
        d.get(served.url)
        cards = wait_for(lambda: len(d.find_elements(By.CSS_SELECTOR, "a.table")) == 2
                         and d.find_elements(By.CSS_SELECTOR, "a.table"), what="two tables")
        t1 = d.find_element(By.CSS_SELECTOR, 'a.table[data-table="t1"]')
        t2 = d.find_element(By.CSS_SELECTOR, 'a.table[data-table="t2"]')
        wait_for(lambda: "match over" in t1.text, what="t1's result")
        assert "truc" in t1.text.lower() and "Les Corts" in t1.text and "round 1" in t1.text
        assert "botifarra" in t2.text.lower() and "to play" in t2.text
        # nothing wider than the screen: usable without scrolling sideways
        assert d.execute_script("return document.documentElement.scrollWidth") <= width
        for c in cards:
            assert c.rect["x"] >= 0 and c.rect["x"] + c.rect["width"] <= width
        wait_for(lambda: "Round 1" in d.find_element(By.ID, "standings").text, what="standings")
        standings = d.find_element(By.ID, "standings").text
        assert "Les Corts" in standings and "won by" in standings
        shot(d, "room-%d.png" % width, tmp_path)
        t2.click()
        wait_for(lambda: d.find_elements(By.CSS_SELECTOR, ".felt"), what="t2's table")
        assert "table t2" in d.find_element(By.ID, "status").text
        shot(d, "room-table-%d.png" % width, tmp_path)
        d.find_element(By.ID, "back").click()
        wait_for(lambda: d.find_elements(By.CSS_SELECTOR, "a.table"), what="the room again")
    finally:
        d.quit()


def test_the_room_board_is_read_only_and_an_unknown_table_is_a_404(served):
    import urllib.error
    import urllib.request
    for method, path in (("POST", ""), ("PUT", "state"), ("DELETE", "table/t1")):
        req = urllib.request.Request(served.url + path, data=b"{}", method=method)
        with pytest.raises(urllib.error.HTTPError) as err:
            urllib.request.urlopen(req, timeout=10)
        assert err.value.code == 405
    with pytest.raises(urllib.error.HTTPError) as err:
        urllib.request.urlopen(served.url + "table/nope", timeout=10)
    assert err.value.code == 404
