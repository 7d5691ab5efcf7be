"""MicroPython entry of the simulator: the controller firmware, unmodified, on the
simulated table, with the people around it.

    MICROPYPATH=firmware:host/tapete/sim:.frozen micropython table_sim.py CONFIG.json

CONFIG.json holds a JSON object: root (flash folder), frames (PNG folder or null), seed,
commands (the first commands to run, e.g. ["auto", "quit"]), control (a path to
read more commands from, one per line, or null), control_closed ("exit": the end of
the control file means that the host is gone, and the simulator stops at once;
otherwise it plays on), wait_panel, misplay, burst, faults ({flicker, crosstalk,
corruption} in permille).

The serial link is this process's stdin/stdout, as USB is on a Pico. Notes go to
stderr as "sim: TEXT"; when a command is done, "sim-done: N COMMAND" (N counts
commands), so a script can wait for it.

Time is the simulation's: the loop below runs one scan round at a time (the
controller's own App.step(): readers, reader events, buttons, host lines,
lights), advances the simulated clock by the scan period, refreshes the panel
when the table changed (as the app's display task does, with the same choice of
full or partial refresh) and advances the players' current action by one step.
Nothing waits on the machine's clock, so the same seed gives the same frames.

Commands (the interactive and scripted modes of `tapete sim`):
  auto | hand | trick | play [N]   play on: the match, the hand, the trick, N cards
  ready                            wait for a match to start (the host's `new`)
  start GAME                       start a match with the menu and confirm buttons
  place SEAT CARD | take CARD | collect
  call SEAT WORD                   a control tag (claim, concede, ...) on a reader
  press menu|confirm|undo [long]
  flicker N | crosstalk N | corrupt N   reader faults, permille
  dead SEAT | alive SEAT           a reader module that stops answering, and back
  restart                          a power cut: the controller reboots (flash kept)
  wait N                           N scan rounds
  show                             the table's state as a note
  quit                             wait for the panel and the link, then stop
"""
import json
import select
import sys

from rules import cards as C
from table import app as A
from boards import factory as B
from table import phases as P
from boards.sim import makedirs
from players import Players, PANEL, enrol_file, MENU, CONFIRM, UNDO

BUTTONS = {"menu": MENU, "confirm": CONFIRM, "undo": UNDO}
PANEL_STEP_MS = 150     # simulated ms per round while the players wait for the panel


def note(text):
    sys.stderr.write("sim: " + text + "\n")


class Sim:
    """The simulated table and its controller, run round by round."""

    def __init__(self, cfg):
        root = cfg["root"]
        makedirs(root)
        enrol_file(root + "/enrol.json")
        self.cfg = cfg
        self.board = b = B.make(root=root, frames=cfg.get("frames"), seed=cfg.get("seed", 1),
                                        seats=cfg.get("seats", 4))
        faults = cfg.get("faults") or {}
        b.sim.flicker = faults.get("flicker", 20)         # permille of frames a lying card misses
        b.sim.crosstalk = faults.get("crosstalk", 150)    # permille of windows a neighbour answers
        b.sim.corruption = faults.get("corruption", 5)    # permille of replies with a flipped bit
        self.emitted = open(cfg["emitted"], "a") if cfg.get("emitted") else None
        self.last_seq = -1
        self.app = A.App(b, ring=cfg.get("ring", 64))
        # Lockstep: the readers are seen once a round (App.step), never from inside
        # the picture's drawing as the Pico's loop does (App.between is its timing,
        # which this simulator does not model: a seed gives the same frames)
        self.app.screen.tick = None
        self._watch_link()
        self.inflight = None        # None, or True/False: a full/partial refresh under way
        self.frames = 0
        self.players = Players(self, cfg.get("seed", 1), _pair(cfg.get("misplay")),
                               _pair(cfg.get("burst")), note, cfg.get("wait_panel", True))
        self.queue = list(cfg.get("commands") or [])
        self.control = None
        self._line = bytearray()
        self._byte = bytearray(1)
        if cfg.get("control"):
            self.control = open(cfg["control"], "rb")
            self._poll = select.poll()
            self._poll.register(self.control, select.POLLIN)
        self.task = None
        self.waiting = 0            # rounds left, or PANEL
        self.done = 0
        self.current = None
        self.quitting = False

    # -- one round ------------------------------------------------------------------------
    def round(self):
        app = self.app
        app.step()
        # While the players only wait for the panel, time runs faster between rounds
        # (the readers see nothing new then): a refresh costs a few rounds, not 60.
        waiting = self.waiting == PANEL and self.inflight is not None
        self.board.clock.advance_ms(PANEL_STEP_MS if waiting else A.ROUND_MS)
        self.display()
        link = app.link
        for _ in range(16):
            if not link.pending() or not link.writable():
                break
            link.pump()

    def display(self):
        """The app's display task, one step per round: draw, refresh, save the frame."""
        eink = self.board.eink
        app = self.app
        if self.inflight is not None:
            if eink.ready():
                eink.finish(app.screen.paint, self.inflight)
                app.screen.release()
                self.board.frame(app.screen)
                self.frames += 1
                self.inflight = None
                self._index()
            return
        if app.table.changed and eink.ready():
            app.table.changed = False
            app.screen.prepare(app.table)
            self.drawn = self._what()
            full = app._full()
            eink.start(app.screen.paint, full)
            self.inflight = full

    def _watch_link(self):
        """With `emitted`: keep every event the controller sends, once, as the
        ground truth a recording is compared with (tests)."""
        if self.emitted is None:
            return
        link = self.app.link
        real = link.event
        sim = self

        def event(ev):
            line = real(ev)
            if ev["seq"] > sim.last_seq and not link.muted:
                sim.last_seq = ev["seq"]
                sim.emitted.write(json.dumps(ev) + "\n")
                sim.emitted.flush()
            return line
        link.event = event

    def _what(self):
        """What the picture being drawn shows: phase, hand, trick, the last seq."""
        t = self.app.table
        m = t.match
        return {"phase": P.NAMES[t.phase], "hand": m.hand_no,
                "trick": m.trick.number if m.game is not None else 0,
                "seq": self.app.link.next_seq - 1}

    def _index(self):
        """frames/index.jsonl: one line per saved frame (replay finds a trick's panel)."""
        frames = self.cfg.get("frames")
        if frames:
            d = self.drawn
            d["frame"] = self.board.frame_no
            with open(frames + "/index.jsonl", "a") as f:
                f.write(json.dumps(d) + "\n")

    def panel_idle(self):
        return self.inflight is None and not self.app.table.changed and self.board.eink.ready()

    # -- commands ---------------------------------------------------------------------------
    def poll_control(self):
        if self.control is None:
            return
        for _ in range(256):
            if not self._poll.poll(0):
                return
            n = self.control.readinto(self._byte)
            if not n:
                self.control = None         # the host closed it
                if self.cfg.get("control_closed") == "exit":
                    # sim/process.py's host holds the other end: it is gone (killed,
                    # or stopping this table), and nobody is left to play for
                    try:
                        note("the host closed the control pipe: the simulator stops")
                    except OSError:
                        pass
                    sys.exit(0)
                return
            if self._byte[0] == 10:
                line = bytes(self._line).decode().strip()
                self._line = bytearray()
                if line and not line.startswith("#"):
                    self.queue.append(line)
            else:
                self._line.append(self._byte[0])

    def advance(self):
        """Step the current action, or start the next command."""
        if self.task is None:
            if not self.queue:
                return
            self.current = self.queue.pop(0)
            try:
                self.task = self.command(self.current.split())
            except (ValueError, IndexError, KeyError) as err:
                note("bad command %r: %s" % (self.current, err))
                self.task = None
            if self.task is None:
                self._finish()
                return
            self.waiting = 0
        if self.waiting == PANEL:
            if not self.panel_idle():
                return
            self.waiting = 0
        if self.waiting > 0:
            self.waiting -= 1
            return
        try:
            self.waiting = next(self.task)
        except StopIteration:
            self.task = None
            self._finish()

    def _finish(self):
        self.done += 1
        sys.stderr.write("sim-done: %d %s\n" % (self.done, self.current))

    def command(self, words):
        """A generator for the command `words`, or None when it is done at once."""
        p = self.players
        w = words[0]
        if w == "auto":
            return p.match()
        if w == "ready":
            return p.ready()
        if w == "hand":
            return p.hand()
        if w == "trick":
            return p.trick()
        if w == "play":
            return p.plays(int(words[1]) if len(words) > 1 else 1)
        if w == "start":
            return p.start(words[1])
        if w == "place":
            return p.place(self._seat(words[1]), C.parse(words[2]))
        if w == "take":
            return p.take(C.parse(words[1]))
        if w == "collect":
            return p.collect()
        if w == "call":
            return p.call(self._seat(words[1]), words[2])
        if w == "press":
            return p.press(BUTTONS[words[1]], len(words) > 2 and words[2] == "long")
        if w == "wait":
            return _rounds(int(words[1]))
        if w in ("flicker", "crosstalk", "corrupt"):
            setattr(self.board.sim, "corruption" if w == "corrupt" else w, int(words[1]))
            return None
        if w in ("dead", "alive"):
            self.board.sim.chips[self._seat(words[1])].dead = w == "dead"
            return None
        if w == "restart":
            self.restart()
            return None
        if w == "show":
            note(self.describe())
            return None
        if w == "quit":
            self.quitting = True
            return None
        raise ValueError("unknown command")

    def _seat(self, word):
        """A seat named in a command: checked here, before the action starts, so a
        wrong one is a bad command and not a crash in the middle of it."""
        seat = int(word)
        n = len(self.board.sim.chips)
        if not 0 <= seat < n:
            raise ValueError("no seat %d: this table has %d readers, seats 0 to %d" % (seat, n, n - 1))
        return seat

    def restart(self):
        """A power cut: the controller's RAM is gone, its flash and the cards on the
        table stay; lines not yet written to the host are lost with it."""
        self.app.journal.close()
        self.app = None
        self.inflight = None
        self.app = A.App(self.board, ring=self.cfg.get("ring", 64))
        self.app.screen.tick = None     # lockstep, as at the start
        self._watch_link()
        note("the controller restarted (resumed: phase %s, next seq %d)"
             % (P.NAMES[self.app.table.phase], self.app.link.next_seq))

    def describe(self):
        t = self.app.table
        m = t.match
        if m.game is None:
            return "phase %s, no match" % P.NAMES[t.phase]
        trick = " ".join("%d:%s" % (m.trick.seats[i], C.name(m.trick.cards[i])) for i in range(m.trick.n))
        hands = "; ".join("seat %d holds %s" % (s, " ".join(C.name(c) for c in h))
                          for s, h in sorted(self.players.hands.items()))
        return ("%s hand %d, phase %s, trump %s, to play %s, trick [%s], totals %s; %s"
                % (m.game.name, m.hand_no, P.NAMES[t.phase],
                   "?" if m.trump is None else C.suit_name(m.trump), m.turn, trick,
                   "/".join(str(x) for x in m.totals), hands))

    # -- the run ------------------------------------------------------------------------------
    def run(self):
        while True:
            self.round()
            self.poll_control()
            self.advance()
            if self.quitting and self.task is None and not self.queue:
                break
            if (self.task is None and not self.queue) or self.app.table.match.game is None:
                _pause()        # nothing to do yet: do not spin the machine's CPU
        # The end: the panel shows the table as it is, and the host has every line.
        for _ in range(2000):
            if self.panel_idle():
                break
            self.round()
        self.app.link.drain()
        s = self.board.sim.stats
        note("readers: %d missed frames, %d crosstalk couplings, %d corrupted replies; "
             "reader layer %s; %d frames" % (s["missed"], s["coupled"], s["corrupted"],
                                            self.app.reader.stats, self.frames))


def _rounds(n):
    for _ in range(n):
        yield 1


def _pair(x):
    return tuple(x) if x else None


def _pause():
    import time
    time.sleep_ms(2)


def main(argv):
    with open(argv[1]) as f:
        cfg = json.load(f)
    Sim(cfg).run()


main(sys.argv)
