"""The terminal views, driven in a real terminal (tmux: keys sent, the pane read back):
`tapete record`'s live view as a match forms on its port, and `tapete replay`
stepping forwards and back.

Set TAPETE_SCREENSHOTS=1 to refresh docs/record-live.txt and docs/replay.txt."""
import itertools
import json
import os
import re
import shutil
import subprocess
import sys
import time
import tty

import pytest

from tapete.log.link import seal
from tapete.rules.match import Match

from host.browser import DOCS
from host.matchkit import violating_match

TAPETE = " ".join([sys.executable, "-m", "tapete.cli"])


class Tmux:
    """A private tmux server with one window running `command`."""

    servers = itertools.count()

    def __init__(self, command, width=130, height=48):
        if not shutil.which("tmux"):
            pytest.skip("needs tmux (apt-get install tmux; .ci/run installs it)")
        # A server of its own for each terminal, never a name used before: the tests of one
        # pytest process once shared one, and the next test's new-session, a few ms after
        # the last one's kill-server, could reach the old server as it exited ("server
        # exited unexpectedly"); every later command then found no server and the pane
        # read as empty until the wait gave up.
        self.name = "tapete-test-%d-%d" % (os.getpid(), next(Tmux.servers))
        self.socket = None
        try:
            self.start(command, width, height)
        except BaseException:
            self.close()        # the test's own `finally` is not reached
            raise

    def start(self, command, width, height):
        # The window takes its size first, then the command starts in it (a program that
        # starts at once may read tmux's default 80x24 before the window is resized).
        self.run("-f", "/dev/null", "new-session", "-d", "-s", "v", "-x", str(width), "-y", str(height),
                 "sleep 600", check=True)
        self.socket = self.run("display-message", "-p", "#{socket_path}", check=True).stdout.strip()
        self.run("resize-window", "-t", "v", "-x", str(width), "-y", str(height), check=True)
        # Without COLUMNS and LINES (tmux run from pytest passes 80x24 down): the
        # program asks the terminal.
        self.run("respawn-pane", "-k", "-t", "v", "env -u COLUMNS -u LINES " + command, check=True)

    def run(self, *args, check=False):
        done = subprocess.run(["tmux", "-L", self.name] + list(args), capture_output=True, text=True,
                              timeout=30)
        if check and done.returncode != 0:
            raise AssertionError("tmux %s failed (%d): %s" % (args[0] if args[0] != "-f" else args[2],
                                                             done.returncode, done.stderr.strip()))
        return done

    def screen(self):
        # a server gone reads as an empty pane: say so at once instead
        return self.run("capture-pane", "-p", "-t", "v", check=True).stdout

    def keys(self, *keys):
        self.run("send-keys", "-t", "v", *keys, check=True)

    def wait_for(self, *words, timeout=30):
        deadline = time.time() + timeout
        while time.time() < deadline:
            text = self.screen()
            if all(w in text for w in words):
                return text
            time.sleep(0.1)
        raise AssertionError("the terminal never showed %r:\n%s" % (words, self.screen()))

    def alive(self):
        return self.run("has-session", "-t", "v").returncode == 0

    def close(self):
        self.run("kill-server")
        if self.socket and os.path.basename(self.socket) == self.name:
            try:
                os.unlink(self.socket)     # one socket file per test otherwise stays in /tmp
            except OSError:
                pass


def test_the_live_view_of_tapete_record_in_a_terminal(tmp_path):
    master, slave = os.openpty()
    tty.setraw(slave)
    port = os.ttyname(slave)
    os.close(slave)
    out, db = tmp_path / "log.jsonl", tmp_path / "t.sqlite"
    # The pane stays after the command ends, so its last words can be read.
    term = Tmux("%s record %s --out %s --db %s; echo RECORD-EXIT-$?; sleep 60" % (TAPETE, port, out, db))
    events = violating_match()
    sent = []

    def send(upto):
        while len(sent) < upto:
            ev = events[len(sent)]
            os.write(master, (seal(json.dumps(ev)) + "\n").encode())
            sent.append(ev)
    try:
        term.wait_for("no match yet")
        first_play = next(i for i, e in enumerate(events) if e["ev"] == "play")
        send(first_play + 2)            # the deal, trump, and two cards of trick 1
        plays = [e for e in events[:first_play + 2] if e["ev"] == "play"]
        shown = [p["card"][:-1] + "♣♠♥♦"["CSHD".index(p["card"][-1])] for p in plays]
        # the trick as it forms, each card at its seat
        text = term.wait_for("Malilla", "trump", "clubs", "trick 1", *shown)
        m = Match()
        for ev in sent:
            if ev["ev"] in ("match", "deal", "turnup", "play"):
                m.apply(ev)
        turn = m.turn
        assert "▶ seat %d" % turn in text and re.search(r"to play +seat %d" % turn, text), text
        trick = next(i for i, e in enumerate(events) if e["ev"] == "trick")
        send(trick + 1)
        text = term.wait_for("last trick 1:")
        proof = next(i for i, e in enumerate(events) if e["ev"] == "violation")
        send(proof + 1)
        v = events[proof]
        text = term.wait_for("VIOLATION seat %d played" % v["seat"], "proven in trick %d" % v["proof"]["trick"])
        hand_end = next(i for i, e in enumerate(events) if e["ev"] == "hand_end")
        send(hand_end + 1)
        totals = events[hand_end]["totals"]
        text = term.wait_for("team 0 (seats 0+2): %d" % totals[0], "team 1 (seats 1+3): %d" % totals[1],
                             "1: points %s, score %s" % ("/".join(map(str, events[hand_end]["points"])),
                                                         "/".join(map(str, events[hand_end]["score"]))))
        if os.environ.get("TAPETE_SCREENSHOTS"):
            with open(os.path.join(DOCS, "record-live.txt"), "w") as f:
                f.write(text.rstrip() + "\n")
        term.keys("q")
        text = term.wait_for("RECORD-EXIT-0")
        assert "Traceback" not in text
    finally:
        term.close()
        os.close(master)
    assert [json.loads(x) for x in out.read_text().splitlines()] == sent


def test_tapete_replay_steps_forwards_and_back_in_a_terminal(tmp_path):
    events = violating_match()
    log = tmp_path / "m.jsonl"
    log.write_text("".join(json.dumps(e) + "\n" for e in events))
    term = Tmux("%s replay %s; echo REPLAY-EXIT-$?; sleep 60" % (TAPETE, log))
    try:
        first = term.wait_for("step 1/", "hand 1: dealt", "the panel ─", timeout=300)
        assert "⣿" in first         # the panel's picture, in braille
        steps = int(first.split("step 1/")[1].split(":")[0])
        term.keys("Right")
        # the step's header, table and notes are redrawn together, but a loaded machine
        # may show the header first: wait for the notes too
        text = term.wait_for("step 2/%d: hand 1, trick 1" % steps, "what the table knew of each hand:")
        trick = next(e for e in events if e["ev"] == "trick")
        assert "last trick 1:" in text and "won by seat %d" % trick["winner"] in text
        assert "what the table knew of each hand:" in text, text
        term.keys("Right")
        text = term.wait_for("step 3/%d: hand 1, trick 2" % steps, "PLAYED HERE")
        v = [e for e in events if e["ev"] == "violation"][-1]
        assert "PLAYED HERE, later proven: seat %d played" % v["seat"] in text     # at its play
        term.keys("Left")
        term.wait_for("step 2/%d" % steps)
        proof = next(e for e in events if e["ev"] == "violation")
        for _ in range(proof["proof"]["trick"] - 1):     # step k + 1 shows trick k
            term.keys("Right")
        text = term.wait_for("step %d/%d" % (proof["proof"]["trick"] + 1, steps), "PROVEN HERE")
        if os.environ.get("TAPETE_SCREENSHOTS"):
            with open(os.path.join(DOCS, "replay.txt"), "w") as f:
                f.write(text.rstrip() + "\n")
        term.keys("End")
        text = term.wait_for("step %d/%d" % (steps, steps), "CLAIM: seat")
        term.keys("q")
        term.wait_for("REPLAY-EXIT-0")
    finally:
        term.close()


def test_replay_history_keeps_a_misdealt_and_an_abandoned_hand_apart():
    from tapete.judge.history import History
    log = [{"ev": "match", "game": "malilla", "seats": 4},
           {"ev": "deal", "dealer": 0}, {"ev": "turnup", "card": "7H"},
           {"ev": "misdeal"},
           {"ev": "deal", "dealer": 1}, {"ev": "turnup", "card": "AH"},
           {"ev": "play", "seat": 2, "card": "2H"},
           {"ev": "deal", "dealer": 1}, {"ev": "turnup", "card": "5S"}]
    h = History(log)
    assert not h.errors
    assert [(x["hand"], x["end"] and x["end"]["ended"]) for x in h.hands] == \
        [(1, "misdeal"), (2, "abandoned"), (3, None)]
    assert h.match.totals == [0, 0] and h.match.hand_no == 3


def test_a_restarted_tapete_record_shows_the_match_it_carries_on(tmp_path):
    # The log holds the start of a match (a recorder killed mid-match): started again on
    # it, the live view shows that match from its log at once, not "no match yet".
    master, slave = os.openpty()
    tty.setraw(slave)
    port = os.ttyname(slave)
    os.close(slave)
    events = violating_match()
    events[0] = dict(events[0], names={"teams": ["Casal Gràcia", "Penya Sants"]})
    first_trick = next(i for i, e in enumerate(events) if e["ev"] == "trick")
    out, db = tmp_path / "log.jsonl", tmp_path / "t.sqlite"
    out.write_text("".join(json.dumps(e) + "\n" for e in events[:first_trick + 1]))
    term = Tmux("%s record %s --out %s --db %s; sleep 60" % (TAPETE, port, out, db))
    try:
        text = term.wait_for("Malilla", "Casal Gràcia", "last trick 1:")
        assert "no match yet" not in text
    finally:
        term.close()
        os.close(master)
