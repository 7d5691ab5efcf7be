"""`tapete selftest PORT`: the bring-up self-test of a new table (firmware/selftest.py).

It stops the controller (Ctrl-C), runs the self-test in MicroPython's raw REPL,
prints one line per part (ok, or FAIL with the part, its pin and the likely cause),
asks for what a person must do (lay a tag, press a button), and restarts the
controller. Exit status 0 when every part passed, 1 when one failed, 2 when the
board could not be reached or has no self-test (deploy first).
"""
import json
import sys
import time


class BoardError(RuntimeError):
    """The board did not answer as a MicroPython board with the tapete firmware does."""


class RawRepl:
    """MicroPython's raw REPL over a serial port (as mpremote and pyboard.py use it)."""

    def __init__(self, port):
        self.port = port

    def read_until(self, ending, timeout):
        data = b""
        end = time.monotonic() + timeout
        while not data.endswith(ending):
            if time.monotonic() > end:
                raise BoardError("no answer from the board (waited %d s for %r; got %r)"
                                 % (timeout, ending, data[-80:]))
            b = self.port.read(1)
            if b:
                data += b
        return data

    def enter(self, tries=4):
        """Interrupt the controller and enter the raw REPL. Ctrl-A is sent only once
        the friendly prompt shows: sent earlier, while main.py still runs (a busy or
        slow board), the controller's own serial reader would take it, and the
        board would never answer. Each try interrupts again."""
        for n in range(tries):
            self.port.write(b"\r\x03\x03")
            try:
                self.read_until(b">>> ", 10)
            except BoardError:
                if n == tries - 1:
                    raise
                continue
            time.sleep(0.1)
            self.port.reset_input_buffer()
            self.port.write(b"\r\x01")
            try:
                self.read_until(b"raw REPL; CTRL-B to exit\r\n>", 20)
                return
            except BoardError:
                if n == tries - 1:
                    raise

    def start(self, code):
        """Send `code`; it runs while the caller reads its output."""
        self.port.write(code.encode() + b"\x04")
        self.read_until(b"OK", 20)

    def lines(self, timeout):
        """The running code's output lines; then its error text ('' when none)."""
        line = b""
        end = time.monotonic() + timeout
        while True:
            if time.monotonic() > end:
                raise BoardError("the self-test did not finish in %d s" % timeout)
            b = self.port.read(1)
            if not b:
                continue
            if b == b"\x04":
                err = self.read_until(b"\x04", 20)[:-1]
                self.read_until(b">", 20)
                if line.strip():
                    yield line.decode("utf-8", "replace")
                yield err.decode("utf-8", "replace")
                return
            if b == b"\n":
                yield line.decode("utf-8", "replace").rstrip("\r")
                line = b""
            else:
                line += b

    def leave(self):
        """Back to the friendly REPL and soft reset: main.py (the controller) runs again."""
        self.port.write(b"\x02")
        time.sleep(0.2)
        self.port.write(b"\x04")


def describe(obj):
    """A readable line (or None) for one self-test result."""
    st = obj.get("st")
    ok = obj.get("ok", True)
    head = "ok  " if ok else "FAIL"
    if st == "prompt":
        return ">>  " + obj["text"]
    if st == "bus":
        return "%s readers' bus: MISO (%s) idles at 0x%02x%s" % (
            head, obj["miso"], obj["idle"], "" if ok else ": " + obj.get("msg", ""))
    if st == "reader":
        what = "reader seat %d (CS %s)" % (obj["seat"], obj["cs"])
        if ok:
            return "%s %s: %s (VersionReg 0x%02x), FIFO self-test passed%s" % (
                head, what, obj.get("kind", "?"), obj["version"],
                ", releases MISO" if obj.get("releases_miso") else "")
        return "%s %s: %s" % (head, what, obj.get("msg", ""))
    if st == "tag":
        what = "tag on seat %d (CS %s)" % (obj["seat"], obj["cs"])
        return "%s %s: %s" % (head, what, "read by this reader only" if ok else obj.get("msg", ""))
    if st == "leds":
        return "look %s (data %s)" % (obj["text"], obj["data"])
    if st == "panel":
        if ok:
            return "ok   panel %s inch: refresh took %d ms; %s" % (obj["panel"], obj["refresh_ms"],
                                                                  obj["text"])
        return "FAIL panel %s inch: %s" % (obj["panel"], obj.get("msg", ""))
    if st == "button":
        return "%s button %s (%s)%s" % (head, obj["name"], obj["gpio"],
                                        "" if ok else ": " + obj.get("msg", ""))
    if st == "timing":
        return "\n".join(timing_lines(obj))
    if st == "done":
        n = obj["failures"]
        return "self-test: %s" % ("every part passed" if not n else "%d part(s) failed" % n)
    return None


def timing_lines(obj):
    """The board's own figures, in make bench-pico's line forms (docs/pico.md)."""
    head = "ok  " if obj.get("ok", True) else "FAIL"
    out = ["%s timing on this board: %d seats, %d with a card" % (head, obj["seats"], obj["cards"])]
    if not obj.get("ok", True):
        out[0] += ": " + obj.get("msg", "")
    out.append("     scan rate at %d seats, a card on every seat: %.1f Hz per seat (budget >= 20 Hz)"
               % (obj["seats"], obj["scan_hz"]))
    lat = obj.get("latency_ms")
    if lat:
        out.append("     card on the reader -> verdict on its seat's lights (firmware-timed, first "
                   "sighting -> LED write, %d plays): median %.1f ms, 95%% %.1f ms, worst %.1f ms"
                   % (lat["n"], lat["median"], lat["p95"], lat["worst"]))
    f = obj["flash"]
    out.append("     flash: %d journal-sized appends, total %.1f ms, longest stall %.1f ms, "
               "%d over 10 ms (an erase)" % (f["appends"], f["total_ms"], f["longest_ms"],
                                             f["over_10ms"]))
    return out


def selftest(port, seats=4, parts="readers,tags,leds,panel,buttons", out=sys.stdout, timeout=600):
    """Run the self-test on an open serial port; the number of failures."""
    repl = RawRepl(port)
    repl.enter()
    repl.start("import selftest\nselftest.run(%d, %s)" % (seats, json.dumps(parts)))
    failures = None
    err = ""
    for line in repl.lines(timeout):
        if failures is not None:
            err = line
            continue
        try:
            obj = json.loads(line)
        except ValueError:
            obj = None
        if not isinstance(obj, dict) or "st" not in obj:
            err = line
            continue
        text = describe(obj)
        if text:
            out.write(text + "\n")
            out.flush()
        if obj["st"] == "done":
            failures = obj["failures"]
    repl.leave()
    if failures is None:
        last = err.strip().splitlines()[-1] if err.strip() else "no result"
        if "selftest" in last and ("ImportError" in last or "no module" in last):
            raise BoardError("the board has no self-test (firmware/selftest.py): run "
                             "`make deploy PORT=...` first")
        raise BoardError("the self-test stopped: " + last)
    return failures


def cmd_selftest(args):
    from ..log.port import PortError, open_serial
    try:
        # the raw port: the self-test talks to the REPL byte by byte (the recorder's
        # reconnecting Port reads whole log lines)
        port = open_serial(args.port, args.baud, timeout=0.2)
    except PortError as err:
        print("tapete selftest: %s" % err, file=sys.stderr)
        return 2
    try:
        parts = args.parts + (",timing" if args.timing and "timing" not in args.parts else "")
        n = selftest(port, args.seats, parts)
    except BoardError as err:
        print("tapete selftest: %s" % err, file=sys.stderr)
        return 2
    finally:
        port.close()
    return 1 if n else 0


def register(sub):
    """Add `selftest` to the tapete command."""
    p = sub.add_parser("selftest", help="check a new table part by part (readers, tags, LEDs, "
                                        "panel, buttons)")
    p.add_argument("port", help="the board's serial port, e.g. /dev/ttyACM0")
    p.add_argument("--seats", type=int, default=4, help="readers fitted (default 4)")
    p.add_argument("--parts", default="readers,tags,leds,panel,buttons",
                   help="which parts to test, comma-separated (readers always run)")
    p.add_argument("--timing", action="store_true",
                   help="also measure the table's figures on this board: scan rate per seat, "
                        "card -> light latency, flash stalls (you lift and lay cards on request)")
    p.add_argument("--baud", type=int, default=115200)
    p.set_defaults(run=cmd_selftest)
