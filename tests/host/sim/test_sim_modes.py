"""`tapete sim` driven by hand: the interactive mode (commands typed at the terminal)
places a card at a seat, kills a reader and brings it back, adds flicker and makes a
call; the scripted mode (a scenario file) is the fault test of test_record_sim.py.
Games whose rules are not here yet are one clear line."""
import json
import queue
import re
import subprocess
import sys
import threading
import time

TAPETE = [sys.executable, "-m", "tapete.cli"]


class Interactive:
    """`tapete sim --interactive` with a pipe for its keyboard; its notes as they come."""

    def __init__(self, folder, *extra):
        self.proc = subprocess.Popen(TAPETE + ["sim", "--interactive", "--dir", str(folder)] + list(extra),
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True, bufsize=1)
        self.notes = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.proc.stderr:
            self.notes.put(line.rstrip("\n"))

    def say(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def state(self, timeout=300):
        """The next `show` note (the sim shows the table after each command)."""
        deadline = time.time() + timeout
        while time.time() < deadline:
            try:
                line = self.notes.get(timeout=1)
            except queue.Empty:
                assert self.proc.poll() is None, "the simulator stopped"
                continue
            if re.match(r"sim: \w+ hand \d+, phase", line):
                return line
        raise AssertionError("no state from the simulator")


def held(state, seat):
    return re.search(r"seat %d holds ([^;]*)" % seat, state).group(1).split()


def test_the_interactive_mode_places_cards_kills_readers_and_makes_calls(tmp_path):
    sim = Interactive(tmp_path, "--seed", "4", "--options", '{"target": 20}', "--no-misplay")
    try:
        sim.say("ready")
        sim.state()
        sim.say("trick")                # the turn-up, and the first trick, by the players
        state = sim.state()
        assert "trick []" in state and "phase play" in state, state
        assert "to play" in state
        seat = int(re.search(r"to play (\d)", state).group(1))
        card = held(state, seat)[0]
        sim.say("dead %d" % seat)       # a reader that stops answering
        sim.state()
        sim.say("place %d %s" % (seat, card))
        state = sim.state()
        assert "trick []" in state      # not seen: nothing played
        sim.say("take %s" % card)
        sim.state()
        sim.say("alive %d" % seat)
        sim.state()
        sim.say("flicker 300")          # presence that flickers while the card lies still
        sim.state()
        sim.say("place %d %s" % (seat, card))
        state = sim.state()
        assert "trick [%d:%s]" % (seat, card) in state, state
        sim.say("flicker 0")            # a tag laid while presence flickers may be missed for
        sim.state()                     # a round or more: the call is checked on a steady table
        sim.say("call %d concede" % ((seat + 1) % 4))
        sim.state()                     # the concession waits for the partner, who concedes too
        sim.say("call %d concede" % ((seat + 3) % 4))
        state = sim.state()
        assert "phase over" in state or "phase hand_end" in state, state
        sim.say("quit")
        out, _err = sim.proc.communicate(timeout=300)
    finally:
        if sim.proc.poll() is None:
            sim.proc.kill()
            sim.proc.communicate()
    assert sim.proc.returncode == 0, out
    log = [json.loads(x) for x in (tmp_path / "table.jsonl").read_text().splitlines()]
    plays = [e for e in log if e["ev"] == "play" and e["seat"] == seat and e["card"] == card]
    assert len(plays) == 1          # laid on a dead reader: not played; laid again: played once
    concede = [e for e in log if e["ev"] == "x-claim"]
    assert concede and concede[0]["call"] == "concede" and concede[0]["seat"] == (seat + 1) % 4
    assert "zero disagreements" in out


def test_a_game_whose_rules_are_not_here_is_one_line(tmp_path):
    from tapete.cli.sim import games_here
    from tapete.rules import games
    missing = [g for g in games.names() if g not in games_here()]
    if not missing:
        return
    proc = subprocess.run(TAPETE + ["sim", "--game", missing[0], "--dir", str(tmp_path)],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert "not in this version of tapete yet" in proc.stderr and proc.stderr.count("\n") == 1
