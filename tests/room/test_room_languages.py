"""The room board, a table of the room and the duplicate results sheet in every
language of LINGUAS, in headless chromium at a phone's size (390x844) and a
projector's (1280x800): the page in the language asked (`?lang=`, else the browser's
Accept-Language), no English word left on a translated page but the players' names,
nothing wider than the screen, and the names whole (wrapped, never cut at eight
letters); the headline names the player to play, not "seat 2"."""
import os
import re

import pytest

from tapete import i18n
from tapete.room.duplicate import score, sheet_html
from tapete.room.publish import TablePublisher
from tapete.sim.room_table import match_lines

from host.browser import DOCS, Server, browser, need_chromium, wait_for
from room.broker import connector

LONG = "Françoise Vandenbroucke"
CLUB = "Casal Gràcia de Manresa"
SEATS = [LONG, "Pep Puigdollers Vilalta", "Mireia Castellví", "Iñaki Etxeberria"]
NAMES = (LONG, CLUB, "Pep Puigdollers Vilalta")
PROFILE = {"profile": "botifarra-torrefarrera", "profile_version": 1}     # t2's house rules
# The words of the pages in English: none may show on a page in another language,
# unless that language uses the word itself (Dutch "team", French "table").
ENGLISH = ("round", "hand", "to play", "match over", "standings", "played", "won", "team", "table",
           "result", "playing", "tables", "seat", "trick", "trump", "tonight", "connecting", "between",
           "winner", "wins", "room", "board", "side", "place", "scoring", "north", "east", "last",
           "points", "lost", "dealer", "score", "listening", "subscribed", "on", "of", "the", "max",
           "multiplier")


@pytest.fixture
def served(room, tmp_path):
    need_chromium()
    db = str(tmp_path / "room.sqlite")
    server = Server(["room", "serve", room.folder, "--db", db])
    host, port = room.info["host"], room.info["port"]
    # t1 played a whole Truc match between two long-named sides; t2 is mid-way
    # through a Botifarra match whose players have names, someone to play
    t1 = TablePublisher("club", "t1", connector(room, "t1")).start(host, port)
    for ev in match_lines("truc", 7, names={"teams": [CLUB, "Penya Cal Ton"]}):
        t1.publish(ev)
    t2 = TablePublisher("club", "t2", connector(room, "t2")).start(host, port)
    botifarra = match_lines("botifarra", 3, names={"seats": SEATS}, head=PROFILE)
    cut = next(i for i in range(len(botifarra) // 2, len(botifarra))
               if botifarra[i]["ev"] == "play" and botifarra[i + 1]["ev"] != "trick_end")
    for ev in botifarra[:cut + 1]:
        t2.publish(ev)
    t1.stop()
    t2.stop()
    yield server
    server.stop()


def own_words(lang):
    """Every word the language's catalogue uses (its own: not English leaking)."""
    text = " ".join(i18n.words(lang).values()).lower()
    return set(re.findall(r"\w+", text))


def english_left(text, lang):
    """The English words in a page's `text`, names taken out."""
    for name in NAMES + tuple(SEATS) + ("Penya Cal Ton", "tapete", "Truc", "botifarra-torrefarrera", "Botifarra"):
        text = text.replace(name, " ")
    low = text.lower()
    mine = own_words(lang)
    return [w for w in ENGLISH if re.search(r"\b%s\b" % re.escape(w), low)
            and not all(part in mine for part in w.split())]


def phone(width, height):
    d = browser(max(width, 500), height)
    # headless chromium's window is at least 500 wide: a phone is emulated as one
    d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                      {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 500})
    return d


def nothing_overflows(d, width):
    """No sideways scrolling, and no element whose text is clipped (a name cut)."""
    assert d.execute_script("return document.documentElement.scrollWidth") <= width
    clipped = d.execute_script(
        "return [...document.querySelectorAll('body *')].filter(e => e.children.length === 0 && "
        "e.textContent.trim() && e.scrollWidth > e.clientWidth + 1 && "
        "getComputedStyle(e).overflowX !== 'visible').map(e => e.textContent)")
    assert not clipped, clipped


def shot(d, name, tmp_path, docs=False):
    """A screenshot in tmp_path; with TAPETE_SCREENSHOTS=1 the ones docs/ keeps there."""
    folder = DOCS if docs and os.environ.get("TAPETE_SCREENSHOTS") else str(tmp_path)
    d.save_screenshot(os.path.join(folder, name))


@pytest.mark.parametrize("width,height", [(390, 844), (1280, 800)])
def test_the_room_and_its_tables_speak_every_language(served, tmp_path, width, height):
    from selenium.webdriver.common.by import By
    d = phone(width, height)
    try:
        for lang in i18n.LANGUAGES:
            d.get(served.url + "?lang=" + lang)
            wait_for(lambda: len(d.find_elements(By.CSS_SELECTOR, "a.table")) == 2, what="two tables")
            standings = d.find_element(By.ID, "standings")
            wait_for(lambda: CLUB in standings.text, what="the standings")
            assert d.find_element(By.TAG_NAME, "html").get_attribute("lang") == lang
            t1 = d.find_element(By.CSS_SELECTOR, 'a.table[data-table="t1"]')
            t2 = d.find_element(By.CSS_SELECTOR, 'a.table[data-table="t2"]')
            wait_for(lambda: CLUB in t1.text, what="t1's sides")
            # the house-rule profile t2 plays under, and its version (docs/profiles.md)
            with i18n.using(lang):
                rules = i18n._("house rules: %(profile)s (version %(version)s)") % {
                    "profile": "botifarra-torrefarrera", "version": 1}
            assert t2.find_element(By.CSS_SELECTOR, ".profile").text == rules
            assert not t1.find_elements(By.CSS_SELECTOR, ".profile")
            # the headline names the player to play (whole), not "seat N"
            turn = t2.find_element(By.CSS_SELECTOR, ".turn")
            with i18n.using(lang):
                assert any(i18n._("to play: %(player)s") % {"player": n} == turn.text for n in SEATS), turn.text
                seat_word = i18n._("seat %(seat)s") % {"seat": ""}
            assert seat_word.strip() not in turn.text
            body = d.find_element(By.TAG_NAME, "body").text
            if lang != "en":
                assert not english_left(body, lang), (lang, english_left(body, lang), body)
            nothing_overflows(d, width)
            shot(d, "room-%d-%s.png" % (width, lang), tmp_path, docs=lang == "eu")
            # one table of the room, in the same language, the player's name whole
            t2.click()
            wait_for(lambda: d.find_elements(By.CSS_SELECTOR, ".felt"), what="t2's table")
            assert d.find_element(By.TAG_NAME, "html").get_attribute("lang") == lang
            turnline = d.find_element(By.ID, "turn").text
            assert d.find_element(By.ID, "profile").text == rules
            assert any(n in turnline for n in SEATS), turnline
            names = [e.text for e in d.find_elements(By.CSS_SELECTOR, ".seat .name")]
            for n in SEATS:
                assert any(n in x.replace("\n", " ") for x in names), (n, names)
            text = d.find_element(By.TAG_NAME, "body").text
            if lang != "en":
                assert not english_left(text, lang), (lang, english_left(text, lang), text)
            nothing_overflows(d, width)
            shot(d, "room-table-%d-%s.png" % (width, lang), tmp_path, docs=lang == "gl")
    finally:
        d.quit()


def test_the_browsers_language_when_the_page_names_none(served):
    import urllib.request
    req = urllib.request.Request(served.url, headers={"Accept-Language": "eu-ES,eu;q=0.9,es;q=0.8"})
    page = urllib.request.urlopen(req, timeout=10).read().decode("utf-8")
    assert '<html lang="eu"' in page and "Sailkapena" in page
    req = urllib.request.Request(served.url + "table/nope?lang=gl")
    with pytest.raises(Exception) as err:
        urllib.request.urlopen(req, timeout=10)
    assert err.value.code == 404 and "non hai mesa nope na sala club" in err.value.read().decode("utf-8")


def sheet_results():
    """Two boards at three tables, the sides' names long, one result misboarded (its
    flag in the current language, as board_results says it)."""
    from tapete.room.boards import misboard
    flag = misboard({"dealer": 0, "hands": [["AS"], [], [], []]}, 1, {})
    rows = []
    sides = [(LONG, CLUB), ("Pep Puigdollers Vilalta", "Mireia Castellví"), ("Iñaki Etxeberria", "Penya Cal Ton")]
    for board, results in ((1, (120, 80, 120)), (2, (-40, 10, 0))):
        for i, (ns, ew) in enumerate(sides):
            rows.append({"round": 1, "table": "t%d" % (i + 1), "match": i + 1, "board": board, "ns": ns, "ew": ew,
                         "result": results[i], "misboard": flag if board == 2 and i == 2 else None})
    return score(rows, "matchpoints")


@pytest.mark.parametrize("width,height", [(390, 844), (1280, 800)])
def test_the_results_sheet_in_every_language(tmp_path, width, height):
    from selenium.webdriver.common.by import By
    need_chromium()
    d = phone(width, height)
    try:
        for lang in i18n.LANGUAGES:
            with i18n.using(lang):
                page = sheet_html("club", 1, sheet_results())
            path = tmp_path / ("sheet-%s.html" % lang)
            path.write_text(page, encoding="utf-8")
            d.get("file://%s" % path)
            assert d.find_element(By.TAG_NAME, "html").get_attribute("lang") == lang
            text = d.find_element(By.TAG_NAME, "body").text
            for n in (LONG, CLUB, "Pep Puigdollers Vilalta"):
                assert n in text.replace("\n", " ") or all(p in text for p in n.split()), n
            if lang != "en":
                left = english_left(text, lang)
                assert not left, (lang, left, text)
            nothing_overflows(d, width)
            shot(d, "sheet-%d-%s.png" % (width, lang), tmp_path, docs=lang == "gl" and width == 390)
    finally:
        d.quit()
