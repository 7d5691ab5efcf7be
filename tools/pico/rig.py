"""The table around an emulated Pico: readers, panel, lights, buttons and USB serial.

`Rig` starts tools/pico/harness.mjs (rp2040js running the MicroPython firmware) and
serves its peripherals from this process, at register level, with firmware/chips'
chip models: one FakeMFRC522 per seat on the readers' SPI bus, a FakeSSD1680 on the
panel's, both answering each byte at its emulated time. The WS2812 chain is decoded
from the LED data pin's waveform; buttons are GPIO inputs; the USB serial port is
offered on a pseudo-terminal (`rig.port`), so `mpremote`, `tapete record` and
`tapete selftest` talk to it as to a board.

Emulated time only moves while the harness runs; everything here happens between
two of its messages, so a scenario (a generator, see `Rig.play`) acts at exact
emulated instants. Pins, sizes and chip selects come from firmware/boards/pins.py.
"""
import ast
import json
import os
import select
import subprocess
import sys
import tempfile
import threading
import time
import tty

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
FIRMWARE = os.path.join(ROOT, "firmware")
if FIRMWARE not in sys.path:
    sys.path.append(FIRMWARE)
if os.path.join(ROOT, "host") not in sys.path:
    sys.path.append(os.path.join(ROOT, "host"))

from boards import pins as P  # noqa: E402
from chips.clock import SimClock  # noqa: E402
from chips.bus import FakePin  # noqa: E402
from chips.table import SimTable  # noqa: E402
from chips.ssd1680 import FakeSSD1680  # noqa: E402
from chips.tags import ntag213  # noqa: E402

SHARED = os.path.normpath(os.path.join(ROOT, "..", "shared", "pico"))
TICK_NS = 250000
MISO_PULLUP = 0xFF   # the 10 kohm pull-up on the shared MISO (hardware/BOM.md)


def panel_size(panel=P.EINK_PANEL):
    """(width, height) of the panel, from drivers/eink.py's PANELS (read, not imported:
    the driver needs MicroPython's framebuf)."""
    with open(os.path.join(FIRMWARE, "drivers", "eink.py")) as f:
        tree = ast.parse(f.read())
    for node in tree.body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "PANELS":
            for key, size in zip(node.value.keys, node.value.values):
                if ast.literal_eval(key) == panel:      # (width, height, controller)
                    return tuple(ast.literal_eval(n) for n in size.elts[:2])
    raise RuntimeError("drivers/eink.py has no PANELS")


def find_images():
    """(firmware, bootrom) paths, or raise MissingImage with what to do."""
    fw = os.environ.get("PICO_FIRMWARE") or os.path.join(SHARED, "firmware.uf2")
    rom = os.environ.get("PICO_BOOTROM") or os.path.join(SHARED, "rp2040-bootrom-b1.bin")
    missing = [p for p in (fw, rom) if not os.path.isfile(p)]
    if missing:
        raise MissingImage(
            "no RP2040 firmware image or bootrom: %s not found. Put MicroPython v1.28.0 for "
            "RPI_PICO (firmware.uf2) and the RP2040 B1 bootrom (rp2040-bootrom-b1.bin) in "
            "../shared/pico/, or set PICO_FIRMWARE and PICO_BOOTROM (how to build both: "
            "docs/pico.md)" % " and ".join(missing))
    return fw, rom


def gc_collect_address(fw):
    """MicroPython's gc_collect in the firmware's ELF (beside the .uf2), for the
    emulator to time every collection; 0 (not timed) without the ELF."""
    elf = os.path.splitext(fw)[0] + ".elf"
    try:
        from elftools.elf.elffile import ELFFile
        with open(elf, "rb") as f:
            sym = ELFFile(f).get_section_by_name(".symtab").get_symbol_by_name("gc_collect")
        return sym[0]["st_value"] if sym else 0
    except (OSError, ImportError):
        return 0


FLASH_TIMINGS = ("typical", "worst", "instant")


def flash_timing():
    """The flash timing the emulator models: env PICO_FLASH (typical: the W25Q16JV's
    typical times; worst: its maxima; instant: none, as rp2040js alone)."""
    t = os.environ.get("PICO_FLASH") or "typical"
    if t not in FLASH_TIMINGS:
        raise ValueError("PICO_FLASH=%s: one of %s" % (t, ", ".join(FLASH_TIMINGS)))
    return t


class MissingImage(RuntimeError):
    """The RP2040 firmware image or bootrom is not there."""


def node_modules_ok():
    return os.path.isdir(os.path.join(HERE, "node_modules", "rp2040js"))


# -- colours the players see ------------------------------------------------------------
def colour_word(rgb):
    """'off', 'white', 'green', 'red', 'amber', 'blue', 'magenta' for an LED's (r, g, b)."""
    r, g, b = rgb
    if r == g == b == 0:
        return "off"
    if r and g and b and abs(r - g) <= 2 and abs(g - b) <= 2:
        return "white"
    if g and not r and not b:
        return "green"
    if r and not g and not b:
        return "red"
    if r and g and not b:
        return "amber"
    if b and not r:
        return "blue"
    if r and b and not g:
        return "magenta"
    return "other"


class Wait:
    """What a scenario waits for: a predicate on the rig, with an emulated deadline."""

    def __init__(self, pred, timeout_ms, what):
        self.pred = pred
        self.timeout_ms = timeout_ms
        self.what = what
        self.deadline = None


class ScenarioTimeout(AssertionError):
    """A scenario waited longer (in emulated time) than it allowed."""


class Rig:
    """One emulated Pico and the table around it."""

    def __init__(self, seats=P.RFID_DEFAULT_SEATS, flash_image=None, frames=None, seed=1,
                 dead=(), holds_miso=(), swapped_cs=None, echo=False, off_ms=20, flash=None,
                 pack=None):
        fw, rom = find_images()
        self.pack = pack        # the tags carry their names for this pack (docs/decks.md)
        self.flash_timing = flash or flash_timing()
        if self.flash_timing not in FLASH_TIMINGS:
            raise ValueError("flash timing %r: one of %s" % (self.flash_timing, FLASH_TIMINGS))
        if not node_modules_ok():
            raise MissingImage("rp2040js is not installed: run `make pico-setup` "
                               "(npm install in tools/pico)")
        self.seats = seats
        self.clock = SimClock()
        self.table = SimTable(seats, clock=self.clock, seed=seed)
        for chip in self.table.chips:
            chip.guard = True       # emulated time is real: the RF guard time holds
        for s in dead:
            self.table.chips[s].dead = True
        for s in holds_miso:
            self.table.chips[s].holds_miso = True
        cs = list(P.RFID_CS[:seats])
        if swapped_cs:          # a wiring fault: two readers' chip selects crossed
            a, b = swapped_cs
            cs[a], cs[b] = cs[b], cs[a]
        self.pin_of = {}        # gpio -> FakePin the models listen to
        for s in range(seats):
            self.pin_of[cs[s]] = self.table.cs[s]
        self.pin_of[P.RFID_RST] = self.table.rst
        w, h = panel_size()
        self.ecs = FakePin("ECS", FakePin.OUT, value=1)
        self.edc = FakePin("EDC", FakePin.OUT, value=0)
        self.erst = FakePin("ERST", FakePin.OUT, value=1)
        self.panel = FakeSSD1680(self.ecs, self.edc, self.erst, self.clock, width=w, height=h)
        self.pin_of[P.EINK_CS] = self.ecs
        self.pin_of[P.EINK_DC] = self.edc
        self.pin_of[P.EINK_RST] = self.erst
        self.frames_dir = frames
        self.frames = 0
        self.panel_errors = []
        self.led_frames = []        # (t_ns, [(r, g, b), ...])
        self.leds = [(0, 0, 0)] * (seats * P.LED_PER_SEAT + P.LED_STATUS)
        self.now = 0                # emulated ns
        self.wall0 = time.monotonic()
        self.boots = []             # (t_ns, why)
        self.out = bytearray()      # everything the firmware wrote to USB serial
        self._line = bytearray()
        self.events = {}            # seq -> event (the log as sent, deduplicated)
        self.replies = []
        self.reply_seq = []     # the log's last seq when each reply came (the heap's moment)
        self.reply_at = []          # emulated ns of each reply
        self.lines = []             # every text line from the device
        self.traceback = None       # the first traceback the device printed, with context
        self.host = bytearray()     # bytes for the device, not yet handed over
        self.pins = {}              # input pin changes for the next tick
        self.cmd = {}               # other orders for the next tick
        self.scenario = None
        self.wait = None
        self.result = None
        self.error = None
        self.done = threading.Event()
        self.stopped = threading.Event()
        self.min_sp = None
        self.modelled = None        # the harness's last `m` report (stats())
        self._tags = {}
        self.spi_bytes = 0
        self.ticks = 0
        self.echo = echo
        self.lock = threading.Lock()
        self.master, self.slave = os.openpty()
        tty.setraw(self.slave)
        os.set_blocking(self.master, False)
        self.port = os.ttyname(self.slave)
        self._pty_out = bytearray()
        cfg = {"firmware": fw, "bootrom": rom, "flash_image": flash_image,
               "firmware_over_image": bool(flash_image), "tick_ns": TICK_NS,
               "off_ns": off_ms * 1000000,
               "readers": {"spi": P.RFID_SPI}, "eink": {"spi": P.EINK_SPI, "cs": P.EINK_CS,
                                                        "busy": P.EINK_BUSY},
               "leds": P.LED_DATA, "watch": sorted(self.pin_of),
               "flash_timing": self.flash_timing, "gc_collect": gc_collect_address(fw), "seed": seed}
        fd, self.cfg_path = tempfile.mkstemp(suffix=".json", prefix="tapete-pico-")
        with os.fdopen(fd, "w") as f:
            json.dump(cfg, f)
        for g in P.BUTTONS:
            self.pins[g] = 1
        self.proc = subprocess.Popen(["node", os.path.join(HERE, "harness.mjs"), self.cfg_path],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0)
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    # -- the harness's messages ------------------------------------------------------------
    def _serve(self):
        rd = self.proc.stdout
        wr = self.proc.stdin
        try:
            while True:
                line = rd.readline()
                if not line:
                    break
                k = line[0]
                if k == 0x73:                       # s: a reader bus byte
                    _, t, b = line.split()
                    self._time(int(t))
                    wr.write(b"%d\n" % self._spi0(int(b)))
                elif k == 0x74:                     # t: tick
                    _, t, idle = line.split()
                    self._time(int(t))
                    wr.write(self._tick(idle == b"1"))
                elif k == 0x67:                     # g: pin change
                    _, t, g, v = line.split()
                    self._time(int(t))
                    self.pin_of[int(g)].value(int(v))
                elif k == 0x65:                     # e: panel bytes
                    _, t, data = line.split()
                    self._time(int(t))
                    self._eink(bytes.fromhex(data.decode()))
                elif k == 0x62:                     # b: panel deselected
                    _, t = line.split()
                    self._time(int(t))
                    until = self.panel.busy_until * 1000
                    wr.write(b"%d\n" % (until if until > self.now else 0))
                elif k == 0x6c:                     # l: a WS2812 frame
                    _, t, data = line.split()
                    self._leds(int(t), bytes.fromhex(data.decode()))
                elif k == 0x75:                     # u: USB serial out
                    self._usb(bytes.fromhex(line[2:].strip().decode()))
                elif k == 0x70:                     # p: power
                    parts = line.split()
                    self._power(int(parts[1]), b" ".join(parts[2:]).decode())
                elif k == 0x6b:                     # k: stack low-water mark
                    self.min_sp = int(line.split()[2])
                elif k == 0x6d:                     # m: what the emulator modelled
                    _, t, data = line.split(None, 2)
                    self.modelled = json.loads(data)
                else:
                    raise RuntimeError("harness said %r" % line[:80])
        except BaseException as err:    # noqa: BLE001 (handed to the waiting thread)
            self.error = self.error or err
        finally:
            self.stopped.set()
            self.done.set()

    def _time(self, t):
        self.now = t
        self.clock.us = t // 1000

    def _spi0(self, b):
        self.spi_bytes += 1
        miso = 0xFF
        driven = False
        for chip in self.table.chips:
            if chip.selected():
                r = chip.exchange(b)
                if r is not None:
                    miso &= r
                    driven = True
            elif chip.drives_miso():
                miso &= chip.idle_miso()
                driven = True
        return miso if driven else MISO_PULLUP

    def _eink(self, data):
        p = self.panel
        if not p.selected():
            return
        before = len(p.log)
        for b in data:
            try:
                p.exchange(b)
            except (RuntimeError, NotImplementedError) as err:
                self.panel_errors.append(str(err))
        if len(p.log) != before:
            self.frames += 1
            if self.frames_dir:
                os.makedirs(self.frames_dir, exist_ok=True)
                p.save_png(os.path.join(self.frames_dir, "%04d.png" % self.frames))
        p.commands = []

    def _leds(self, t, data):
        n = len(data) // 3
        cols = [(data[3 * i + 1], data[3 * i], data[3 * i + 2]) for i in range(n)]   # GRB
        with self.lock:
            for i in range(min(n, len(self.leds))):
                self.leds[i] = cols[i]
            self.led_frames.append((t, list(self.leds)))
            if len(self.led_frames) > 4000:
                del self.led_frames[:2000]

    def _power(self, t, why):
        self._time(t)
        self.boots.append((t, why))
        if why.startswith("cut"):
            with self.lock:
                self.leds = [(0, 0, 0)] * len(self.leds)
                self.led_frames.append((t, list(self.leds)))
            for chip in self.table.chips:        # the readers lose power too
                chip._reset_edge(0)
                chip._reset_edge(1)
            self.panel.busy_until = 0
            self.panel.sleeping = False
            self.panel._reset_state()
        self._line = bytearray()

    def _usb(self, data):
        self.out += data
        if self.echo:
            sys.stdout.write(data.decode("latin-1"))
        self._pty_out += data
        self._pty_flush()
        for b in data:
            if b == 10:
                self._device_line(self._line.decode("utf-8", "replace"))
                self._line = bytearray()
            elif b != 13:
                self._line.append(b)

    def _device_line(self, text):
        from tapete.log.link import unseal
        self.lines.append(text)
        tb = self.traceback
        if tb is None and "Traceback" in text:
            self.traceback = self.lines[-4:]        # kept whole: `lines` is trimmed
        elif tb is not None and len(tb) < 18:
            tb.append(text)
        if len(self.lines) > 5000:
            del self.lines[:2500]
        text = text[text.find("{"):] if "{" in text else text     # after a raw REPL's "OK"
        body, ok = unseal(text)
        if ok < 0 or not body.startswith("{"):
            return
        try:
            obj = json.loads(body)
        except ValueError:
            return
        if not isinstance(obj, dict):
            return
        if "ev" in obj and isinstance(obj.get("seq"), int):
            self.events.setdefault(obj["seq"], obj)
        else:
            self.replies.append(obj)
            self.reply_at.append(self.now)
            self.reply_seq.append(max(self.events) if self.events else -1)

    def _pty_flush(self):
        while self._pty_out:
            try:
                n = os.write(self.master, self._pty_out[:4096])
            except BlockingIOError:
                if len(self._pty_out) > (1 << 20):
                    del self._pty_out[:len(self._pty_out) - (1 << 20)]
                return
            del self._pty_out[:n]

    def _tick(self, idle):
        self.ticks += 1
        self._pty_flush()
        try:
            while True:
                data = os.read(self.master, 4096)
                if not data:
                    break
                self.host += data
        except (BlockingIOError, OSError):
            pass
        self._step_scenario()
        with self.lock:
            cmd = self.cmd
            self.cmd = {}
            if self.host:
                cmd["host"] = self.host.hex()
                self.host = bytearray()
            if self.pins:
                cmd["pins"] = dict((str(g), v) for g, v in self.pins.items())
                self.pins = {}
        return (json.dumps(cmd) + "\n").encode()

    # -- scenarios: generators acting at emulated instants ------------------------------
    def play(self, scenario):
        """Run `scenario` (a generator yielding Waits) in step with emulated time."""
        with self.lock:
            self.done.clear()
            self.result = None
            self.wait = None
            self.scenario = scenario

    def _step_scenario(self):
        g = self.scenario
        if g is None:
            return
        try:
            w = self.wait
            if w is not None:
                if w.deadline is None:
                    w.deadline = self.now + w.timeout_ms * 1000000
                if not w.pred():
                    if self.now > w.deadline:
                        raise ScenarioTimeout("waited %d emulated ms for %s (at %.3f s; seat lights %s; "
                                              "last lines %r)" % (
                                                  w.timeout_ms, w.what, self.now / 1e9,
                                                  [self.seat_colour(s) for s in range(self.seats)],
                                                  self.lines[-6:]) + self.diagnosis())
                    return
            self.wait = g.send(None)
            if self.wait is not None:
                self.wait.deadline = self.now + self.wait.timeout_ms * 1000000
        except StopIteration as stop:
            self.scenario = None
            self.result = stop.value
            self.done.set()
        except BaseException as err:    # noqa: BLE001 (handed to the waiting thread)
            self.scenario = None
            self.error = err
            self.done.set()

    def finish(self, timeout=600):
        """Wait (wall seconds) for the scenario to end; its return value."""
        if not self.done.wait(timeout):
            raise TimeoutError("the scenario did not end in %d s (emulated %.1f s)"
                               % (timeout, self.now / 1e9))
        if self.error is not None:
            err, self.error = self.error, None
            raise err
        return self.result

    # Waits a scenario may yield.
    def until(self, pred, timeout_ms=10000, what="a condition"):
        return Wait(pred, timeout_ms, what)

    def sleep(self, ms):
        end = self.now + ms * 1000000
        return Wait(lambda: self.now >= end, ms + 1000, "%d ms to pass" % ms)

    # -- the table, for scenarios and tests ------------------------------------------------
    def tag(self, code):
        """The NTAG213 on card (or control tag) `code` (uid7 of the sim players)."""
        t = self._tags.get(code)
        if t is None:
            if self.pack is None:
                t = ntag213(uid7(code))
            else:       # a deck that carries its names, on UIDs that no enrolment knows
                t = ntag213(uid_unenrolled(code), ndef().encode(self.pack, code))
            t = self._tags[code] = t
        return t

    def place(self, seat, code):
        self.table.place(seat, self.tag(code))

    def remove(self, code):
        self.table.remove(self.tag(code))

    def clear(self):
        for chip in self.table.chips:
            for t in list(chip.tags):
                self.table.remove(t)

    def press(self, button, down=True):
        """Press (or release) button 0 menu, 1 confirm, 2 undo (pulls the pin low)."""
        with self.lock:
            self.pins[P.BUTTONS[button]] = 0 if down else 1

    def seat_colour(self, seat):
        """The colour word of a seat's first LED now."""
        return colour_word(self.leds[seat * P.LED_PER_SEAT])

    def command(self, obj):
        """Send a host command line to the controller (as `tapete` would)."""
        from tapete.log.link import command
        with self.lock:
            self.host += command(obj)

    def send(self, data):
        with self.lock:
            self.host += data

    def order(self, **cmd):
        """Orders for the harness at the next tick (cut_at_ns, cut_program, cut_erase,
        save, stack, stats)."""
        with self.lock:
            self.cmd.update(cmd)

    def stats(self, timeout=60):
        """What the emulator modelled so far (summed over power-ups): flash erases,
        programs and garbage collections as {count, ns, max}, `spi_hz` (the readers'
        bus, from the SPI registers the firmware set), `flash_timing`."""
        self.modelled = None
        self.order(stats=True)
        self.wait_for(lambda: self.modelled is not None, timeout, "the emulator's figures")
        return self.modelled

    def save(self, path, timeout=60):
        """Write the emulated flash (2 MB, the firmware and the filesystem) to `path`."""
        try:
            os.remove(path)
        except OSError:
            pass
        self.order(save=os.path.abspath(path))
        self.wait_for(lambda: os.path.exists(path), timeout, "the flash image " + path)

    def log(self):
        """The events sent so far, in seq order."""
        return [self.events[k] for k in sorted(self.events)]

    # -- waiting from the calling thread (wall time) ---------------------------------------
    def wait_for(self, pred, timeout=120, what="a condition"):
        end = time.monotonic() + timeout
        while not pred():
            if self.error is not None:
                err, self.error = self.error, None
                raise err
            if self.stopped.is_set():
                raise RuntimeError("the emulator stopped: %s" % self.tail())
            if time.monotonic() > end:
                raise TimeoutError("waited %d s for %s (emulated %.3f s); device said: %s"
                                   % (timeout, what, self.now / 1e9, self.tail()))
            time.sleep(0.01)

    def diagnosis(self):
        """Readers' activity and tags, for a failure message; and the firmware's first
        traceback, if it printed one (the controller stopped: the REPL took over)."""
        out = "; readers: %s" % ", ".join(
            "seat %d %d windows %d frames %d tags" % (s, c.antenna_windows, c.frames, len(c.tags))
            for s, c in enumerate(self.table.chips))
        if self.traceback is not None:
            out += "; the device's first traceback: %r" % (self.traceback,)
        return out

    def tail(self, n=400):
        return repr(bytes(self.out[-n:]).decode("latin-1"))

    def wait_boot(self, count=1, timeout=120):
        """Wait for the controller's `boot` reply (the `count`-th one)."""
        self.wait_for(lambda: sum(1 for r in self.replies if r.get("reply") == "boot") >= count,
                      timeout, "the controller's boot reply")

    def wait_text(self, text, start=0, timeout=120):
        """Wait until the device has written `text` after offset `start`; the offset after it."""
        box = [-1]

        def found():
            box[0] = self.out.find(text.encode(), start)
            return box[0] >= 0
        self.wait_for(found, timeout, repr(text))
        return box[0] + len(text)

    # -- the raw REPL, as mpremote uses it --------------------------------------------------
    def raw_repl(self, soft_reset=True):
        """Interrupt whatever runs and enter the raw REPL; with `soft_reset`, restart
        MicroPython there (a clean heap, no task of the interrupted program left over;
        main.py does not run after a soft reset in the raw REPL)."""
        self.send(b"\r\x03\x03")
        time.sleep(0.3)
        start = len(self.out)
        self.send(b"\r\x01")
        start = self.wait_text("raw REPL; CTRL-B to exit\r\n>", start, 60)
        if soft_reset:
            self.send(b"\x04")
            p = self.wait_text("soft reboot", start, 60)
            self.wait_text("raw REPL; CTRL-B to exit\r\n>", p, 60)

    def exec(self, code, timeout=600):
        """Run `code` in the raw REPL; its printed output. RuntimeError if it raised."""
        start = len(self.out)
        self.send(code.encode() + b"\x04")
        p = self.wait_text("OK", start, timeout)
        e1 = self.wait_text("\x04", p, timeout)
        e2 = self.wait_text("\x04", e1, timeout)
        self.wait_text(">", e2, timeout)
        out = bytes(self.out[p:e1 - 1]).decode("utf-8", "replace")
        err = bytes(self.out[e1:e2 - 1]).decode("utf-8", "replace")
        if err:
            raise RuntimeError("device raised:\n" + err)
        return out

    def slowness(self):
        """Wall seconds per emulated second so far (rp2040js runs far below real time,
        and slower on a loaded machine): host programs' timers are scaled by it, so that
        the board sees them at the rate a real one would."""
        emulated = self.now / 1e9
        return max(1.0, (time.monotonic() - self.wall0) / emulated) if emulated > 0 else 1.0

    def launch(self, code, timeout=120):
        """Start `code` in the raw REPL and return once it runs (it may run forever)."""
        start = len(self.out)
        self.send(code.encode() + b"\x04")
        self.wait_text("OK", start, timeout)

    def close(self):
        """Stop the emulator and free the pseudo-terminal."""
        if self.proc.poll() is None:
            self.order(quit=True)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.thread.join(10)
        for fd in (self.master, self.slave):
            try:
                os.close(fd)
            except OSError:
                pass
        try:
            os.remove(self.cfg_path)
        except OSError:
            pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def uid7(code):
    """A distinct 7-byte UID per card or control tag (the simulator players' scheme)."""
    return bytes((0x04, 0x21, code & 0xFF, 0x5A, 0xA5, 0x3C, 0x80 + code % 97))


def uid_unenrolled(code):
    """A 7-byte UID per card that no enrolment file of the tools holds (uid7's differ)."""
    return bytes((0x04, 0x63, code & 0xFF, 0x1B, 0x7E, 0x42, 0x11 + code % 89))


def ndef():
    """firmware/reader/ndef.py, the one writer of the tags' records, under CPython: its
    `micropython.const` is an identity here (the venv's `micropython` is the Pico's
    type stubs, without it)."""
    import micropython
    if not hasattr(micropython, "const"):
        micropython.const = lambda x: x
    from reader import ndef as mod
    return mod


if __name__ == "__main__":     # a smoke test: boot, raw REPL, one line of Python
    with Rig() as rig:
        rig.raw_repl(soft_reset=False)
        print(rig.exec("import gc, sys; gc.collect(); print(sys.implementation._build, gc.mem_free())"))
        print("emulated %.1f ms, %d ticks" % (rig.now / 1e6, rig.ticks))
        print("modelled:", rig.stats())
