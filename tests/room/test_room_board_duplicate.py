"""The room board of a duplicate session in headless chromium (390x844 and 1280x800):
a table that played every board shows its round over, a forged hand score is flagged
on its card, and the standings link the round's results sheet and the hand records,
which open."""
import json
import os

import pytest

from tapete.room.boards import load_boards, make_boards
from tapete.room.publish import TablePublisher
from tapete.sim.room_table import match_lines

from host.browser import Server, browser, need_chromium, wait_for
from room.broker import connector


@pytest.fixture
def served(room, tmp_path):
    need_chromium()
    path = tmp_path / "boards.jsonl"
    path.write_text("".join(json.dumps(b) + "\n" for b in make_boards("botifarra", 2, seed=3)))
    boards = load_boards(str(path))
    session = [dict(boards[n], board=n) for n in sorted(boards)]
    server = Server(["room", "serve", room.folder, "--db", str(tmp_path / "room.sqlite"), "--boards", str(path)])
    host, port = room.info["host"], room.info["port"]
    for i, table in enumerate(("t1", "t2")):
        lines = match_lines("botifarra", 20 + i, options={"target": 9999}, boards=session, rnd=1,
                            names={"teams": ["Sants %d" % i, "Gràcia %d" % i]})
        if table == "t2":       # t2 claims a score its cards did not make
            next(e for e in lines if e["ev"] == "hand_end")["score"] = [99, 0]
        pub = TablePublisher("club", table, connector(room, table)).start(host, port)
        for ev in lines:
            pub.publish(ev)
        pub.stop()
    yield server
    server.stop()


@pytest.mark.parametrize("width,height", [(390, 844), (1280, 800)])
def test_a_duplicate_rounds_board_links_its_sheet_and_records(served, tmp_path, width, height):
    from selenium.webdriver.common.by import By
    d = browser(max(width, 500), height)
    d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                      {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 500})
    try:
        d.get(served.url)
        wait_for(lambda: len(d.find_elements(By.CSS_SELECTOR, "a.table")) == 2, what="two tables")
        t1 = d.find_element(By.CSS_SELECTOR, 'a.table[data-table="t1"]')
        t2 = d.find_element(By.CSS_SELECTOR, 'a.table[data-table="t2"]')
        wait_for(lambda: "every board of the session played" in t1.text, what="t1's round over")
        assert "the table said [99, 0]" in t2.text
        wait_for(lambda: d.find_elements(By.CSS_SELECTOR, "#standings p.sheet a"), what="the sheet's link")
        links = dict((a.text, a.get_attribute("href")) for a in d.find_elements(By.CSS_SELECTOR, "#standings p.sheet a"))
        assert links["results sheet of round 1"].endswith("/sheet/1")
        assert links["hand records of the session's boards"].endswith("/records")
        assert "every board played" in d.find_element(By.ID, "standings").text
        assert d.execute_script("return document.documentElement.scrollWidth") <= width
        d.save_screenshot(os.path.join(str(tmp_path), "room-duplicate-%d.png" % width))
        d.find_element(By.LINK_TEXT, "results sheet of round 1").click()
        wait_for(lambda: d.find_elements(By.CSS_SELECTOR, "table.board"), what="the sheet")
        assert "scored from the room's audit: the table said [99, 0]" in d.find_element(By.TAG_NAME, "body").text
        d.back()
        wait_for(lambda: d.find_elements(By.LINK_TEXT, "hand records of the session's boards"), what="the board")
        d.find_element(By.LINK_TEXT, "hand records of the session's boards").click()
        wait_for(lambda: len(d.find_elements(By.CSS_SELECTOR, "section.board")) == 2, what="the records")
    finally:
        d.quit()
