"""The board on a phone held upright (390x844) and on a laptop (1280x800), in a real
headless chromium: on the phone no text under 14 px, nothing outside the window's
width, and the table, the scores and whose turn inside its height; on the laptop
nothing outside the window at all. Games with a Spanish pack and long words (Envite
in Spanish, Botifarra in Catalan, Mus in Dutch)."""
import json

import pytest

from host.browser import Server, browser, need_chromium, wait_for
from host.matchkit import controller_match

MEASURE = """
const out = [];
for (const e of document.querySelectorAll('#board *, .status')) {
  if (!Array.from(e.childNodes).some(n => n.nodeType === 3 && n.textContent.trim())) continue;
  const r = e.getBoundingClientRect();
  const fs = parseFloat(getComputedStyle(e).fontSize);
  out.push([e.id || e.className, fs, r.left, r.right, r.top, r.bottom, e.textContent.slice(0, 40)]);
}
const box = id => { const e = document.getElementById(id); if (!e) return null;
  const r = e.getBoundingClientRect(); return [r.top, r.bottom]; };
return JSON.stringify({texts: out, scrollW: document.documentElement.scrollWidth,
  scrollH: document.documentElement.scrollHeight, felt: box('felt'), scores: box('scores'), turn: box('turn')});
"""


@pytest.fixture(scope="module")
def chrome():
    need_chromium()
    d = browser()
    yield d
    d.quit()


def page_at(d, url, width, height):
    d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                      {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})
    d.get(url)
    wait_for(lambda: d.find_elements("css selector", "#felt"), what="the table")
    return json.loads(d.execute_script(MEASURE))


@pytest.mark.parametrize("game,seed,lang", [("envite", 4, "es"), ("botifarra", 3, "ca"), ("mus", 3, "nl")])
def test_the_board_fits_a_phone_and_a_laptop(chrome, tmp_path, game, seed, lang):
    events = controller_match(game, seed)
    log = tmp_path / "live.jsonl"
    log.write_text("".join(json.dumps(e) + "\n" for e in events[:len(events) * 2 // 5]))
    server = Server(["serve", str(log)])
    try:
        m = page_at(chrome, server.url + "?lang=" + lang, 390, 844)
        small = [t for t in m["texts"] if t[1] < 14]
        assert not small, small
        wide = [t for t in m["texts"] if t[2] < 0 or t[3] > 390.5]
        assert not wide and m["scrollW"] <= 390, (wide, m["scrollW"])
        for part in ("felt", "scores", "turn"):
            assert m[part] and m[part][0] >= 0 and m[part][1] <= 844, (part, m[part])
        m = page_at(chrome, server.url + "?lang=" + lang, 1280, 800)
        out = [t for t in m["texts"] if t[2] < 0 or t[3] > 1280.5 or t[5] > 800.5]
        assert not out and m["scrollW"] <= 1280 and m["scrollH"] <= 800, (out, m["scrollW"], m["scrollH"])
    finally:
        server.stop()


REPLAY_MEASURE = """
const out = [];
for (const e of document.querySelectorAll('#board *, .steps *, .below *')) {
  if (!Array.from(e.childNodes).some(n => n.nodeType === 3 && n.textContent.trim())) continue;
  const r = e.getBoundingClientRect();
  out.push([e.id || e.className, parseFloat(getComputedStyle(e).fontSize), r.left, r.right, e.textContent.slice(0, 40)]);
}
const res = document.getElementById('result'), side = res && res.closest('.side');
const rr = res && res.getBoundingClientRect(), sr = side && side.getBoundingClientRect();
return JSON.stringify({texts: out, scrollW: document.documentElement.scrollWidth,
  result: rr && [rr.top, rr.bottom], side: sr && [sr.top, sr.bottom], text: res && res.textContent});
"""


def test_the_replay_shows_the_whole_result_and_lays_out_on_a_phone(chrome, tmp_path):
    # A Botifarra match to its end with a violation in its last hand's notes and
    # players' names: the side's fullest step, which clipped "MATCH OVER" at 1280x900.
    events = controller_match("botifarra", 2, {"irregularity": "report"}, revoke_at=(1, 2))
    events[0] = dict(events[0], names={"seats": ["Maria del Mar", "Bartomeu", "Carme", "Daniel"],
                                       "teams": ["Els Cracs de Sa Pobla", "Sa Penya del Born"]})
    log = tmp_path / "match.jsonl"
    log.write_text("".join(json.dumps(e) + "\n" for e in events))
    server = Server(["replay", str(log), "--web", "--no-panel"])
    try:
        for width, height in ((1280, 900), (390, 844)):
            chrome.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                   {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})
            chrome.get(server.url + "?lang=ca")
            wait_for(lambda: chrome.find_elements("css selector", "#felt"), what="the replay")
            chrome.execute_script("document.getElementById('last').click()")
            wait_for(lambda: chrome.find_elements("css selector", "#result"), what="the last step")
            m = json.loads(chrome.execute_script(REPLAY_MEASURE))
            assert "Sa Penya del Born" in m["text"] or "Els Cracs de Sa Pobla" in m["text"], m["text"]
            wide = [t for t in m["texts"] if t[2] < 0 or t[3] > width + 0.5]
            assert not wide and m["scrollW"] <= width, (wide, m["scrollW"])
            if width == 1280:       # whole, inside the side and the window, without scrolling
                assert m["side"][0] <= m["result"][0] and m["result"][1] <= min(m["side"][1], height), m
            else:
                small = [t for t in m["texts"] if t[1] < 14]
                assert not small, small
    finally:
        server.stop()
