"""The native module for the Pico (armv6m) on MicroPython for the Pico itself, run in
the rp2040js emulator (shared/pico, v1.28.0): claims at the depth cap and at trick 1,
called from deeper and deeper Python, with the C stack that is left (figures to
read, not a timed test).

    .venv/bin/python bench/bench_core_pico.py --pico NPM_DIR

NPM_DIR: a folder where `npm install rp2040js@1.4.1` was done. Needs
build/natmod/armv6m/tapete_core.mpy (make natmod). Without both it says so and stops.
Emulated time is at 125 MHz (the emulator's README calls it optimistic).
"""
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests"))
PICO = os.path.normpath(os.path.join(ROOT, "..", "shared", "pico"))
MPY = os.path.join(ROOT, "build", "natmod", "armv6m", "tapete_core.mpy")

DRIVER = """
import { EmulatedPico } from %(pico)s;
const pico = new EmulatedPico({ firmware: %(fw)s, bootrom: %(rom)s });
pico.boot();
pico.enterRawRepl();
pico.putFile(%(mpy)s, 'tapete_core.mpy');
pico.putFile(%(cases)s, 'cases.py');
const r = pico.exec(%(code)s, 3600000);
process.stdout.write(r.stdout + r.stderr);
process.exit(r.stderr ? 1 : 0);
"""

# Runs on the Pico: each claim from `depth` nested Python calls.
CODE = """
import gc, micropython, time
import tapete_core as core
import cases

def nested(depth, fn):
    if depth:
        return nested(depth - 1, fn)
    return fn()

def one(case):
    out = [0] * (16 + 65)
    gc.collect()
    t0 = time.ticks_ms()
    r = core.club(*(case[1] + [bytearray(1 << 15), 35000, out]))
    return r, out[16 + 64], time.ticks_diff(time.ticks_ms(), t0), micropython.stack_use()

micropython.mem_info()
for k in range(len(cases.CASES)):
    for depth in (0, 8, 16):
        r, nodes, ms, used = nested(depth, lambda: one(cases.CASES[k]))
        print("CASE", k, depth, r, nodes, ms, used)
"""


def cases():
    """Malilla claims by club law (core.club: the Pico's core has no exact solver)
    with the claimer's hand shown and the three others hidden."""
    import tapete_core as host_core  # noqa: F401  (the descriptor's version)
    from tapete.rules import games
    from native import bridge as B
    out = []
    rng = B.Rng(12)
    for left, label in ((5, "5 tricks left (20 cards, the cap)"), (4, "4 tricks left"), (10, "trick 1 (40 cards)")):
        trump = rng.below(4)
        game = games.get("malilla")
        game.set_trump(trump)
        hands, trick, _ = B.random_position(game, rng, trump, left, 0)
        claimer = trick.leader
        shown = [0, 0, 0, 0] * 4
        shown[4 * claimer:4 * claimer + 4] = hands[claimer]
        unseen = [0, 0, 0, 0]
        for s in range(4):
            if s != claimer:
                for x in range(4):
                    unseen[x] |= hands[s][x]
        args = [bytes(B.describe(host_core, game)), trick.trump, trick.leader, trick.n, bytes(trick.cards),
                trick.led_suits, shown, 1 << claimer, unseen, [0] * 16, claimer, b""]
        out.append((label, args))
    return out


def main():
    if "--pico" not in sys.argv:
        print("bench_core_pico: skipped (needs --pico NPM_DIR, a folder with `npm install rp2040js@1.4.1`)")
        return
    if not os.path.exists(MPY):
        print("bench_core_pico: skipped, no " + MPY + " (make natmod)")
        return
    npm = sys.argv[sys.argv.index("--pico") + 1]
    with tempfile.TemporaryDirectory() as tmp:
        with open(os.path.join(tmp, "cases.py"), "w") as f:
            f.write("CASES = " + repr(cases()) + "\n")
        driver = os.path.join(tmp, "driver.mjs")
        with open(driver, "w") as f:
            f.write(DRIVER % {"pico": json.dumps("file://" + os.path.join(PICO, "pico.mjs")),
                              "fw": json.dumps(os.path.join(PICO, "firmware.uf2")),
                              "rom": json.dumps(os.path.join(PICO, "rp2040-bootrom-b1.bin")),
                              "mpy": json.dumps(MPY), "cases": json.dumps(os.path.join(tmp, "cases.py")),
                              "code": json.dumps(CODE)})
        proc = subprocess.run(["node", driver], capture_output=True, text=True, cwd=npm)
    if proc.returncode:
        raise SystemExit("the emulated Pico failed:\n" + proc.stdout[-3000:] + proc.stderr[-3000:])
    words = {1: "sound", 0: "refused", -1: "out of budget", -3: "too deep"}
    print("claims by club law on the emulated Pico (MicroPython v1.28.0 RPI_PICO, armv6m native "
          "module, 32 KB memory, 35000-node budget):")
    labels = [c[0] for c in cases()]
    need = 0
    for line in proc.stdout.splitlines():
        if line.startswith("MAX_DEPTH"):
            need = int(line.split()[2])
            print("  the core's depth cap: %s cards; its deepest claim needs %d bytes of C stack (core.STACK)"
                  % (line.split()[1], need))
        elif line.startswith("stack:"):
            print("  C stack at the REPL: " + line.split(":", 1)[1].strip() + " bytes")
        elif line.startswith("CASE"):
            k, depth, r, nodes, ms, used = line.split()[1:]
            print("  %-34s from %2s nested calls: %-13s %6s nodes, %6s ms; C stack used before the call %4s, "
                  "with the claim's need %5d of 7936" % (labels[int(k)], depth, words.get(int(r), r), nodes, ms,
                                                       used, int(used) + need))


if __name__ == "__main__":
    main()
