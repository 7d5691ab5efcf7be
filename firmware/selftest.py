"""Bring-up self-test of a new table, part by part (run by `tapete selftest PORT`).

    import selftest; selftest.run(seats=4)      (in the raw REPL; the host drives it)

Prints one JSON object per line; the host turns them into readable lines:
  {"st": "bus", ...}        MISO with every reader deselected (a module holding it)
  {"st": "reader", ...}     each reader: VersionReg, FIFO self-test, MISO released
  {"st": "prompt", ...}     asks the person at the table to do something
  {"st": "tag", ...}        a tag laid on one reader is read by that reader only
  {"st": "leds", ...}       each seat's LEDs lit in turn (the person looks)
  {"st": "panel", ...}      a test pattern on the e-ink panel, BUSY rising and falling
  {"st": "button", ...}     each button: released at rest, then pressed on request
  {"st": "timing", ...}     (part "timing") the table's own figures on this board: scan
                            rate per seat with a card on every reader, card -> light
                            (from the first sighting to the LED write), flash appends
  {"st": "done", "failures": N}
Each failure has "ok": false, the part, its pin and the likely cause in "msg".
Loaded only for the self-test: the table's own code never imports it.
"""
import json
import time

from boards import pins as P
from boards import wiring as hw

TAG_WAIT_MS = 30000
BUTTON_WAIT_MS = 15000
LED_MS = 800


def say(obj):
    print(json.dumps(obj))


def _machine():
    import machine
    return machine


class Bench:
    """The readers' bus, built by hand so each part can be looked at alone."""

    def __init__(self, seats, machine):
        from drivers.mfrc522 import MFRC522
        Pin = machine.Pin
        self.gpios = hw.chip_selects(seats)
        self.cs = [Pin(g, Pin.OUT, value=1) for g in self.gpios]
        self.spi = machine.SPI(P.RFID_SPI, baudrate=P.RFID_BAUDRATE, polarity=0, phase=0,
                               sck=Pin(P.RFID_SCK), mosi=Pin(P.RFID_MOSI), miso=Pin(P.RFID_MISO))
        self.rst = Pin(P.RFID_RST, Pin.OUT, value=1)
        MFRC522.hard_reset(self.rst)
        self.readers = [MFRC522(self.spi, self.cs[s], self.rst, name="seat %d" % s)
                        for s in range(seats)]

    def idle_miso(self):
        """The byte MISO gives with every chip select high (the pull-up: 0xff)."""
        for c in self.cs:
            c(1)
        buf = bytearray(2)
        self.spi.readinto(buf, 0x00)
        return buf[0] & buf[1]


def readers(b):
    """Each reader's version, FIFO self-test and whether MISO is released; the working ones."""
    from drivers.mfrc522 import ReaderError
    fails = 0
    idle = b.idle_miso()
    versions = []
    for r in b.readers:
        versions.append(r.read(0x37))
    held = -1
    if idle == 0x00:
        sane = [s for s in range(len(versions)) if versions[s] not in (0x00, 0xFF)]
        zero = [s for s in range(len(versions)) if versions[s] == 0x00]
        if len(sane) == 1 and len(zero) >= 1:
            held = sane[0]
    bus = {"st": "bus", "miso": "GP%d" % P.RFID_MISO, "idle": idle, "ok": idle == 0xFF}
    if idle != 0xFF:
        fails += 1
        if held >= 0:
            bus["msg"] = ("MISO (GP%d) is held low while every chip select is high: seat %d's "
                          "module (CS GP%d) does not release MISO; fit its 74HC125 gate "
                          "(hardware/ASSEMBLY.md)" % (P.RFID_MISO, held, b.gpios[held]))
        elif idle == 0x00:
            bus["msg"] = ("MISO (GP%d) reads 0x00 with every chip select high: a module that "
                          "does not release MISO, or the 10 kohm pull-up to 3V3 is missing"
                          % P.RFID_MISO)
        else:
            bus["msg"] = "MISO (GP%d) reads 0x%02x with nothing selected: a noisy or floating line" % (
                P.RFID_MISO, idle)
    say(bus)
    ok = []
    for s, r in enumerate(b.readers):
        v = versions[s]
        out = {"st": "reader", "seat": s, "cs": "GP%d" % b.gpios[s], "version": v, "ok": False}
        if held >= 0 and s != held:
            out["msg"] = ("reads 0x%02x: MISO is held by seat %d's module, so this one cannot be "
                          "heard; test it again once that one is gated" % (v, held))
        elif v == 0xFF:
            out["msg"] = ("no answer (VersionReg 0xff, nothing drives MISO): the module has no "
                          "3V3 or GND, its SDA/CS wire is not on GP%d, its MISO wire is broken, "
                          "or the module is dead" % b.gpios[s])
        elif v == 0x00:
            out["msg"] = ("reads 0x00: MISO is pulled low (another module holding it, or a "
                          "short to GND), or the module's reset (GP%d) stays low" % P.RFID_RST)
        else:
            try:
                out["kind"] = r.init()
                out["ok"] = True
            except ReaderError as err:
                out["msg"] = str(err)
        if out["ok"] and s == held:
            out["ok"] = False
            out["releases_miso"] = False
            out["msg"] = ("%s (VersionReg 0x%02x) answers, but holds MISO low while deselected: "
                          "fit its 74HC125 gate (A = its MISO, Y = GP%d, /OE = GP%d)" % (
                              out["kind"], v, P.RFID_MISO, b.gpios[s]))
        elif out["ok"]:
            after = b.idle_miso()
            out["releases_miso"] = after == 0xFF
            if after != 0xFF and idle == 0xFF:
                out["ok"] = False
                out["msg"] = ("MISO stays at 0x%02x after this module is deselected: it does not "
                              "release MISO; fit its 74HC125 gate" % after)
        if not out["ok"]:
            fails += 1
        else:
            ok.append(s)
        say(out)
    return ok, fails


def _sees(r, uid, n):
    """Does reader r (field on) read a tag now? With uid given: that tag."""
    from drivers.mfrc522 import OK
    for _ in range(3):
        if r.request(True) == OK and r.select() == OK:
            r.halt()
            if uid is None:
                return True
            if r.uid_len == n and r.uid[:n] == uid[:n]:
                return True
    return False


def _look(b, s, uid=None, n=0):
    r = b.readers[s]
    r.antenna(True)
    time.sleep_ms(3)
    found = _sees(r, uid, n)
    if found and uid is None:
        uid = bytes(r.uid[:r.uid_len])
    r.antenna(False)
    return found, uid


def tags(b, ok, timeout_ms=TAG_WAIT_MS):
    """A tag laid on each working reader is read by that reader alone."""
    fails = 0
    for s in ok:
        say({"st": "prompt", "part": "tag", "seat": s,
             "text": "lay one tag on seat %d's reader (CS GP%d)" % (s, b.gpios[s])})
        t0 = time.ticks_ms()
        uid = None
        while uid is None and time.ticks_diff(time.ticks_ms(), t0) < timeout_ms:
            for k in ok:
                found, u = _look(b, k)
                if found:
                    uid = u
                    break
        out = {"st": "tag", "seat": s, "cs": "GP%d" % b.gpios[s], "ok": False}
        if uid is None:
            out["msg"] = ("no reader saw a tag in %d s: is the tag on the reader's zone, and does "
                          "this reader's antenna work?" % (timeout_ms // 1000))
        else:
            seen = [k for k in ok if _look(b, k, uid, len(uid))[0]]
            out["seen_by"] = seen
            out["uid"] = "".join("%02x" % x for x in uid)
            others = [k for k in seen if k != s]
            if seen == [s]:
                out["ok"] = True
            elif s not in seen and len(seen) == 1:
                k = seen[0]
                out["msg"] = ("the tag on seat %d is read through seat %d's chip select (GP%d): "
                              "the CS wires of seats %d and %d are crossed (GP%d and GP%d)" % (
                                  s, k, b.gpios[k], s, k, b.gpios[s], b.gpios[k]))
            elif s in seen:
                out["msg"] = ("crosstalk: the tag on seat %d is also read by %s: readers closer "
                              "than 20 cm centre to centre, or the tag lies off its zone" % (
                                  s, ", ".join("seat %d (GP%d)" % (k, b.gpios[k]) for k in others)))
            else:
                out["msg"] = "the tag on seat %d is read by seats %s instead" % (s, others)
        if not out["ok"]:
            fails += 1
        say(out)
        say({"st": "prompt", "part": "tag-off", "seat": s, "text": "take the tag off"})
        t0 = time.ticks_ms()
        while uid is not None and time.ticks_diff(time.ticks_ms(), t0) < timeout_ms:
            if not any(_look(b, k, uid, len(uid))[0] for k in ok):
                break
    return fails


def leds(seats, machine):
    """Each seat's group lit white in turn, then the status LED blue (the person looks)."""
    import neopixel
    n = seats * P.LED_PER_SEAT + P.LED_STATUS
    strip = neopixel.NeoPixel(machine.Pin(P.LED_DATA, machine.Pin.OUT), n)
    for s in range(seats + 1):
        strip.fill((0, 0, 0))
        first = s * P.LED_PER_SEAT
        count = P.LED_PER_SEAT if s < seats else P.LED_STATUS
        colour = (48, 48, 48) if s < seats else (0, 0, 64)
        for i in range(first, first + count):
            strip[i] = colour
        strip.write()
        say({"st": "leds", "seat": s if s < seats else None, "first": first, "count": count,
             "data": "GP%d" % P.LED_DATA, "ok": True,
             "text": ("seat %d's %d LEDs (chain %d..%d) white" % (s, count, first, first + count - 1))
             if s < seats else "the status LED (chain %d) blue" % first})
        time.sleep_ms(LED_MS)
    strip.fill((0, 0, 0))
    strip.write()
    return 0


def panel(machine):
    """A test pattern (frame, checkerboard, text) with a full refresh; BUSY must rise and fall."""
    # small bands: the test pattern needs no 15 KB frame, which the heap the earlier
    # parts have broken up may not hold in one piece (MemoryError on the emulated Pico)
    e = hw.eink(machine, band_bytes=1250)
    out = {"st": "panel", "panel": P.EINK_PANEL, "busy": "GP%d" % P.EINK_BUSY, "ok": False}
    try:
        e.init()
    except RuntimeError:
        out["msg"] = ("BUSY (GP%d) stays high after reset: the panel has no power, RST is not on "
                      "GP%d, or BUSY is wired to the wrong pin" % (P.EINK_BUSY, P.EINK_RST))
        say(out)
        return 1
    w, h = e.visible_width, e.height

    def pattern(fb, ox, oy, rows):
        # drawn band by band: (ox, oy) shifts the whole picture onto the band
        fb.rect(ox, oy, w, h, 0)
        for y in range(8, 8 + 64, 8):
            for x in range(8, w - 8, 8):
                if (x // 8 + y // 8) % 2:
                    fb.fill_rect(ox + x, oy + y, 8, 8, 0)
        fb.text("SELF-TEST", ox + 8, oy + 80, 0)
        fb.text("%dx%d" % (w, h), ox + 8, oy + 96, 0)

    e.start(pattern, True)
    rose = not e.ready()
    t0 = time.ticks_ms()
    while not e.ready() and time.ticks_diff(time.ticks_ms(), t0) < 6000:
        time.sleep_ms(10)
    ms = time.ticks_diff(time.ticks_ms(), t0)
    out["refresh_ms"] = ms
    if not rose:
        out["msg"] = ("BUSY (GP%d) never rose after the refresh: the panel is not selected (CS "
                      "GP%d), DC (GP%d) is wrong, or BUSY is not wired" % (
                          P.EINK_BUSY, P.EINK_CS, P.EINK_DC))
    elif not e.ready():
        out["msg"] = "BUSY (GP%d) still high after 6 s: the panel is stuck or has no power" % P.EINK_BUSY
    else:
        out["ok"] = True
        out["text"] = "a frame, a checkerboard and SELF-TEST should show on the panel"
    say(out)
    return 0 if out["ok"] else 1


def buttons(machine, timeout_ms=BUTTON_WAIT_MS):
    """Each button reads released at rest, then pressed when asked."""
    Pin = machine.Pin
    names = ("menu", "confirm", "undo")
    pins = [Pin(g, Pin.IN, Pin.PULL_UP) for g in P.BUTTONS]
    down = 0 if P.BUTTONS_ACTIVE_LOW else 1
    fails = 0
    for k, pin in enumerate(pins):
        g = P.BUTTONS[k]
        out = {"st": "button", "name": names[k], "gpio": "GP%d" % g, "ok": False}
        if pin.value() == down:
            out["msg"] = ("%s (GP%d) reads pressed with nobody pressing: shorted to GND, or "
                          "wired to the wrong pin" % (names[k], g))
        else:
            say({"st": "prompt", "part": "button", "button": k,
                 "text": "press and release %s (GP%d)" % (names[k], g)})
            t0 = time.ticks_ms()
            pressed = released = False
            while time.ticks_diff(time.ticks_ms(), t0) < timeout_ms and not released:
                v = pin.value()
                if v == down:
                    pressed = True
                elif pressed:
                    released = True
                time.sleep_ms(5)
            if released:
                out["ok"] = True
            elif pressed:
                out["msg"] = "%s (GP%d) pressed but never released: a stuck button" % (names[k], g)
            else:
                out["msg"] = ("no press of %s seen on GP%d in %d s: check its wire to GP%d and "
                              "to GND (pressed shorts the pin to GND)" % (
                                  names[k], g, timeout_ms // 1000, g))
        if not out["ok"]:
            fails += 1
        say(out)
    return fails


TIMING_ROUNDS = 40      # scan rounds timed for the rate
TIMING_PLAYS = 8        # cards lifted and laid back, timed to their light
TIMING_APPENDS = 64     # journal-sized appends (4 KB: at least one block erased)


def _percentiles(values):
    v = sorted(values)
    if not v:
        return None
    n = len(v)
    return {"median": v[n // 2], "p95": v[min(n - 1, (95 * n + 99) // 100 - 1)],
            "worst": v[-1], "n": n}


def timing(seats, timeout_ms=TAG_WAIT_MS):
    """The figures docs/pico.md gives for the emulated Pico, measured on this board
    with the table's own parts: its readers as the controller builds them (the
    RP2040's registers on a Pico), its reader layer (the seat awaited visited last),
    its lights and a journal-sized append to flash. The rules' judgement (~0.1 ms
    native) is not in the card -> light time: the LED is written on the placement."""
    from reader.seats import SeatReaders, PLACED, REMOVED, UNKNOWN
    from drivers.leds import ACCEPTED, OFF
    from boards import steady_fields
    rd, problems = hw.readers(seats)
    steady = steady_fields(seats)
    sr = SeatReaders(rd, steady=steady)     # the fields driven as the controller drives them
    sr.start()
    lights = hw.lights(seats)
    out = {"st": "timing", "seats": seats, "ok": True, "steady": steady}
    say({"st": "prompt", "part": "timing-cards",
         "text": "lay one card on every reader (seats 0..%d) and leave them" % (seats - 1)})
    t0 = time.ticks_ms()
    while time.ticks_diff(time.ticks_ms(), t0) < timeout_ms:
        sr.scan()
        while sr.events.get() is not None:
            pass
        if all(sr.cards_at(s) for s in range(seats)):
            break
    lying = [s for s in range(seats) if sr.cards_at(s)]
    t0 = time.ticks_us()
    for _ in range(TIMING_ROUNDS):
        sr.scan()
    dt = time.ticks_diff(time.ticks_us(), t0)
    out["cards"] = len(lying)
    out["scan_hz"] = TIMING_ROUNDS * 1e6 / dt
    lat = []
    for k in range(TIMING_PLAYS if lying else 0):
        s = lying[k % len(lying)]
        sr.last = s                 # as the controller does for the seat to play
        say({"st": "prompt", "part": "timing-lift", "seat": s,
             "text": "lift the card on seat %d, wait a second, lay it back" % s})
        gone = False
        t0 = time.ticks_ms()
        while time.ticks_diff(time.ticks_ms(), t0) < timeout_ms:
            sr.scan()
            e = sr.events.get()
            placed = False
            while e is not None:
                if e.seat == s and e.kind == REMOVED:
                    gone = True
                elif e.seat == s and e.kind in (PLACED, UNKNOWN) and gone:
                    placed = True
                e = sr.events.get()
            if placed:
                lights.seat(s, ACCEPTED)
                lights.tick(time.ticks_ms())        # the LED write
                lat.append(time.ticks_diff(time.ticks_us(), sr.seen_us[s]) / 1000)
                lights.seat(s, OFF)
                lights.tick(time.ticks_ms())
                break
    out["latency_ms"] = _percentiles(lat)
    # Appends of a journal line (~60 bytes, flushed) to a scratch file: the stalls an
    # erase or a program puts behind a play on this board's flash.
    import os
    name = "timing.tmp"
    line = b"x" * 63 + b"\n"
    st = []
    f = open(name, "wb")
    try:
        for _ in range(TIMING_APPENDS):
            t0 = time.ticks_us()
            f.write(line)
            f.flush()
            st.append(time.ticks_diff(time.ticks_us(), t0) / 1000)
    finally:
        f.close()
        os.remove(name)
    out["flash"] = {"appends": len(st), "total_ms": sum(st), "longest_ms": max(st),
                    "over_10ms": sum(1 for x in st if x > 10)}
    if not lying or not lat:
        out["ok"] = False
        out["msg"] = ("no card lay on the readers (or none was laid back) in %d s: the scan "
                      "rate was measured on an empty table" % (timeout_ms // 1000))
    lights.clear()
    lights.tick(time.ticks_ms())
    say(out)
    return 0 if out["ok"] else 1


def run(seats=P.RFID_DEFAULT_SEATS, parts="readers,tags,leds,panel,buttons", machine=None):
    """Test the table part by part; the number of failures (also printed last)."""
    m = machine or _machine()
    parts = parts.split(",")
    b = Bench(seats, m)
    fails = 0
    ok, f = readers(b)
    fails += f
    if "tags" in parts:
        fails += tags(b, ok)
    if "leds" in parts:
        fails += leds(seats, m)
    if "panel" in parts:
        fails += panel(m)
    if "buttons" in parts:
        fails += buttons(m)
    if "timing" in parts:
        fails += timing(seats)
    say({"st": "done", "failures": fails})
    return fails
