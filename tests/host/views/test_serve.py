"""`tapete serve`: the live board in a real headless browser (Debian's chromium under
selenium). A simulated match is written to a log trick by trick, as the recorder
writes it; after every trick the page must show that trick's cards at their seats,
whose turn it is, trump, the scores, the hand's context (stake, multiplier, ...)
and every violation proven so far with its proof. The board also follows the match
database and a serial port.

Set TAPETE_SCREENSHOTS=1 to refresh docs/board.png from this test."""
import json
import os
import time

import pytest

from tapete.log.link import seal
from tapete.rules.match import DERIVED, Match
from tapete.rules.view import snapshot
from tapete.log.store import Store

from host.browser import DOCS, Server, browser, need_chromium, wait_for
from host.matchkit import controller_match, violating_match


@pytest.fixture(scope="module")
def chrome():
    need_chromium()
    d = browser()
    yield d
    d.quit()


def by_trick(events):
    """The log in pieces, each ending with a trick and what it brought (hand_end,
    violations, match_end) before the next input event."""
    chunks, cur = [], []
    for i, ev in enumerate(events):
        cur.append(ev)
        nxt = events[i + 1] if i + 1 < len(events) else None
        if any(e["ev"] in ("trick", "x-claim") for e in cur) and (nxt is None or nxt["ev"] not in DERIVED):
            chunks.append(cur)
            cur = []
    if cur:
        chunks.append(cur)
    return chunks


def attr(d, css, name):
    return d.find_element("css selector", css).get_attribute(name)


def text(d, css):
    els = d.find_elements("css selector", css)
    return " ".join(e.text for e in els)


def check_page_follows(d, log_path, events, shot=None):
    """Write the match trick by trick; after each, check what the page shows."""
    m = Match()
    violations = {}
    trump = None
    f = open(log_path, "a")
    try:
        for chunk in by_trick(events):
            for ev in chunk:
                f.write(json.dumps(ev) + "\n")
                if ev["ev"] not in DERIVED and not ev["ev"].startswith("x-"):
                    m.apply(ev)
                if ev["ev"] == "violation":
                    violations[(ev["hand"], ev["trick"], ev["seat"], ev["card"])] = ev
                if ev["ev"] == "trump":
                    trump = ev["suit"]
            f.flush()
            seq = str(chunk[-1]["seq"])
            wait_for(lambda: attr(d, "#board", "data-seq") == seq, what="seq %s" % seq)
            s = snapshot(m)
            trick = next((e for e in chunk if e["ev"] == "trick"), None)
            if trick is not None and s["last"] is not None:
                assert attr(d, "#last", "data-n") == str(trick["n"])
                assert attr(d, "#last", "data-winner") == str(trick["winner"])
                seat = trick["leader"]
                for card in trick["cards"]:
                    assert attr(d, '.lastseat[data-seat="%d"]' % seat, "data-card") == card
                    seat = m.game.next_seat(seat)
            assert attr(d, "#trump", "data-suit") == (trump or "")
            assert attr(d, "#turn", "data-seat") == ("" if s["turn"] is None else str(s["turn"]))
            if s["turn"] is not None:
                assert attr(d, "#seat-%d" % s["turn"], "data-turn") == "1"
            for t, total in enumerate(s["totals"]):
                assert attr(d, "#score-%d" % t, "data-total") == str(total)
            for key in s["context"]:
                assert d.find_elements("css selector", '#context dd[data-key="%s"]' % key), key
            shown = text(d, "#violations .violation")
            for v in list(violations.values())[-3:]:
                head = "seat %d played %s" % (v["seat"], v["card"][:-1])
                assert head in shown and ": %s" % v["rule"] in shown
                if v.get("proof"):
                    assert "proven in trick %d" % v["proof"]["trick"] in shown
            if shot and violations:
                d.save_screenshot(shot)
                shot = None
        end = events[-1]
        if end["ev"] == "match_end":
            wait_for(lambda: "MATCH OVER" in text(d, "#result"))
            assert "totals %s" % " / ".join(map(str, end["totals"])) in text(d, "#result")
    finally:
        f.close()


def test_the_board_shows_every_trick_of_a_simulated_match(chrome, tmp_path):
    log = tmp_path / "live.jsonl"
    log.write_text("")
    server = Server(["serve", str(log)])
    try:
        chrome.get(server.url)
        wait_for(lambda: "waiting for the table" in text(chrome, "#waiting"))
        shot = os.path.join(DOCS, "board.png") if os.environ.get("TAPETE_SCREENSHOTS") else None
        check_page_follows(chrome, log, violating_match(), shot)
        # The next match in the same file: the board starts again.
        check_page_follows(chrome, log, controller_match("manille", 3, {"target": 30}))
    finally:
        server.stop()


def test_the_board_follows_the_match_database(chrome, tmp_path):
    db = tmp_path / "t.sqlite"
    store = Store(str(db))
    first = controller_match("malilla", 8, {"target": 10})
    for ev in first:
        store.add(ev)
    server = Server(["serve", "--db", str(db)])
    try:
        chrome.get(server.url)
        wait_for(lambda: "MATCH OVER" in text(chrome, "#result"))
        second = controller_match("manille", 9, {"target": 20})
        for chunk in by_trick(second)[:6]:
            for ev in chunk:
                store.add(ev)
            seq = str(chunk[-1]["seq"])
            wait_for(lambda: attr(chrome, "#board", "data-seq") == seq)
            assert "manille" in text(chrome, "#game").lower()
    finally:
        store.close()
        server.stop()


def test_the_board_reads_a_serial_port_and_records_it(chrome, tmp_path):
    import pty  # noqa: F401  (a pseudo-terminal stands in for the Pico's USB port)
    import tty
    master, slave = os.openpty()
    tty.setraw(slave)
    path = os.ttyname(slave)
    os.close(slave)
    out, db = tmp_path / "rec.jsonl", tmp_path / "t.sqlite"
    server = Server(["serve", path, "--out", str(out), "--db", str(db)])
    try:
        chrome.get(server.url)
        events = controller_match("malilla", 12, {"target": 10})[:40]
        for ev in events:
            os.write(master, (seal(json.dumps(ev)) + "\n").encode())
        seq = str(events[-1]["seq"])
        wait_for(lambda: attr(chrome, "#board", "data-seq") == seq)
        assert attr(chrome, "#trump", "data-suit") == next(e["suit"] for e in events if e["ev"] == "trump")
    finally:
        server.stop()
        os.close(master)
    stored = [json.loads(x) for x in out.read_text().splitlines()]
    assert stored == events
    s = Store(str(db), create=False)
    assert s.events(s.last_match()) == events
    s.close()


def test_serve_errors_are_one_line(tmp_path):
    import subprocess
    import sys
    tapete = [sys.executable, "-m", "tapete.cli", "serve"]
    for args, words in (([ "--db", str(tmp_path / "none.sqlite")], "no match database"),
                        (["/dev/ttyNOPE7"], "no serial port /dev/ttyNOPE7"),
                        ([str(tmp_path)], "is a folder")):
        proc = subprocess.run(tapete + args, capture_output=True, text=True, timeout=60)
        assert proc.returncode == 2 and "Traceback" not in proc.stderr, proc.stderr
        assert words in proc.stderr and proc.stderr.count("\n") == 1, proc.stderr
    time.sleep(0)


def test_serve_on_a_log_in_no_folder_says_so_and_on_a_log_not_yet_written_says_it_waits(tmp_path, capsys):
    import argparse
    from tapete.cli import main
    from tapete.views.web import Board, follower_for
    assert main(["serve", str(tmp_path / "nowhere" / "x.jsonl")]) == 2
    assert "no folder" in capsys.readouterr().err
    board = Board("")
    args = argparse.Namespace(source=str(tmp_path / "later.jsonl"), db=None, match=None)
    follower_for(args, board)
    assert "does not exist yet" in capsys.readouterr().err and board.source.startswith("log ")


def test_the_match_over_banner_shows_on_a_laptops_screen(tmp_path):
    # 1280x657: a laptop's browser window; the side column (scores, context, last trick,
    # violations) is cut at the screen's foot, so the banner sits under the scores.
    need_chromium()
    log = tmp_path / "m.jsonl"
    # Botifarra's context, a revoke proven, the last trick, long names (24 letters):
    # the side column runs past the screen's foot.
    events = controller_match("botifarra", 1, {"target": 30}, revoke_at=(1, 2))
    assert events[-1]["ev"] == "match_end" and any(e["ev"] == "violation" for e in events)
    events[0]["names"] = {"seats": ["Francesc Xavier Puigdomè", "Maria Antònia Vilaseca", "Josep Maria Casals i Roc",
                                    "Montserrat Bonet"],
                          "teams": ["Penya Botifarrera Gràcia", "Casal de Sant Narcís Vel"]}
    log.write_text("".join(json.dumps(e) + "\n" for e in events))
    server = Server(["serve", str(log)])
    d = browser(1280, 657)
    d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                      {"width": 1280, "height": 657, "deviceScaleFactor": 1, "mobile": False})
    try:
        d.get(server.url)
        wait_for(lambda: "MATCH OVER" in text(d, "#result"))
        box = d.execute_script(
            "const r = document.getElementById('result').getBoundingClientRect();"
            "const e = document.querySelector('.side'); const s = e.getBoundingClientRect();"
            "return [r.top, r.bottom, s.bottom, window.innerHeight, e.scrollHeight, e.clientHeight];")
        top, bottom, side_bottom, height, full, shown = box
        assert full > shown, box                # the side is cut at the foot...
        assert height == 657 and 0 <= top and bottom <= min(side_bottom, height), box   # ...the banner is not
    finally:
        d.quit()
        server.stop()
