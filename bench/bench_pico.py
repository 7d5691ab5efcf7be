"""The firmware on the RP2040 (emulated by rp2040js at 125 MHz): every figure of
docs/pico.md in one command (`make bench-pico`). Figures, not asserts; emulated time
counts instruction cycles with flash as fast as RAM, so real boards are slower.

    .venv/bin/python bench/bench_pico.py [--hands N] [--out build/bench-pico.json]

1. boot to ready (power-on -> the controller's `boot` line) and the flash used;
2. native module vs pure Python on the RP2040: the legal-card check and a claim
   with 5 tricks left (the public door: a `claim` call through Match.apply);
3. claims by club law with 2 to 10 tricks left, every hand but the claimer's hidden
   (claims a player makes where 60 deals have one: each holds double dummy): the
   share decided, the worst
   emulated time (the budget: within a second) and the C stack's low-water mark
   (watched by the emulator, against MicroPython's 8 KB main stack; the search keeps
   its depth on the heap);
4. the scan rate per seat at 4 and 12 seats (an empty table, and a card on every seat);
5. a whole match (or N hands) played at the table, with and without the native
   module: the heap's low-water mark (gc.mem_free() after gc.collect(), every 100 ms)
   and the time from a card landing on a reader to the verdict on its seat's lights
   (each card laid after a pause of 0 to THINK_MS, as a person's);
6. the same with a deck that carries its names (docs/decks.md): no tag enrolled, each
   card read from its memory when first laid.
"""
import argparse
import json
import os
import random
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools", "pico"))
sys.path.insert(0, os.path.join(ROOT, "host"))

import figures as F  # noqa: E402
import rig as R  # noqa: E402
import table as T  # noqa: E402
from device import boot_gc, heap_app  # noqa: E402
from players import Players  # noqa: E402
from tapete.rules import playout  # noqa: E402
from tapete.rules.match import Match  # noqa: E402

OUT = os.path.join(ROOT, "out", "pico", "bench")
THINK_MS = 150
CLAIM_SEEDS = 5             # club-law claims per number of tricks left
BUDGET_FREE = 64 * 1024     # DESIGN.md: >= 64K free at the heap's low-water mark
BUDGET_VERDICT_MS = 50      # DESIGN.md: card placed -> seat LED, on the Pico (95%)
BUDGET_MEDIAN_MS = 30       # issue 14: median, and the worst with typical / worst-case flash
BUDGET_WORST_MS = {"typical": 100, "worst": 150, "instant": 100}
BUDGET_SCAN_HZ = 20


def say(text):
    print(text, flush=True)


def stack_bounds():
    """(bottom, top) of MicroPython's main C stack, from firmware.elf's symbols."""
    fw, _ = R.find_images()
    elf = os.path.splitext(fw)[0] + ".elf"
    from elftools.elf.elffile import ELFFile
    with open(elf, "rb") as f:
        syms = ELFFile(f).get_section_by_name(".symtab")
        return syms.get_symbol_by_name("__StackBottom")[0]["st_value"], \
            syms.get_symbol_by_name("__StackTop")[0]["st_value"]


def positions(seed=5, count=40):
    """Input events leading to `count` random positions of Malilla with every hand known
    (hand events), each ending where a seat is to play; made here, replayed there."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        m = Match()
        evs = [{"ev": "match", "game": "malilla", "seats": 4}, ]
        m.apply(evs[0])
        hand_evs, hands = playout.hand_events(m.game, rng.randrange(4), rng)
        for e in hand_evs:
            m.apply(e)
        log = []
        playout.play_until(m, hands, 1 + rng.randrange(m.game.tricks), rng.randrange(4), rng, log)
        out.append(evs + hand_evs + log)
    return out


def claim_position(tricks_left, seed=9, hidden=False):
    """Events to a Malilla position with `tricks_left` tricks to go and the claim of the
    seat to lead, which its side makes double dummy (every hand seen: a claim a player
    makes; found on the host, the first from `seed` on, else the 60th deal's claim).
    With `hidden` the log has no
    `hand` events: the claimer shows his cards and every other hand is hidden, and club
    law (the default) decides; else every hand is known."""
    from tapete.rules import cards as C
    found = None
    for k in range(seed, seed + 60):
        rng = random.Random(k * 11 + tricks_left)
        m = Match()
        evs = [{"ev": "match", "game": "malilla", "seats": 4}]
        m.apply(dict(evs[0], options={"claims": "double-dummy"}))
        hand_evs, hands = playout.hand_events(m.game, 0, rng)
        for e in hand_evs:
            m.apply(e)
        log = []
        held = playout.play_until(m, hands, tricks_left, 0, rng, log)
        seat = m.turn
        claim = {"ev": "call", "seat": seat, "call": "claim",
                 "cards": [C.name(c) for c in C.cards_of(held[seat])]}
        found = evs + [e for e in hand_evs if not (hidden and e["ev"] == "hand")] + log, claim
        if [e.get("sound") for e in m.apply(dict(claim)) if e["ev"] == "x-claim"] == [True]:
            return found
    return found    # none in 60 deals (rare with many tricks left): a random claim


DEVICE_COMPUTE = """
import time, gc
import rules.native as N
from rules.match import Match
def replay(evs):
    m = Match()
    for e in evs:
        m.apply(e)
    return m
def legal_us(positions, native):
    N.ENABLED = native
    ms = [replay(e) for e in positions]
    out = [0, 0, 0, 0]
    calls = 0
    t0 = time.ticks_us()
    for _ in range(5):
        for m in ms:
            g = m.game.hot
            g.legal_into(m.holding[m.trick.to_play], m.trick, out)
            calls += 1
    return time.ticks_diff(time.ticks_us(), t0) / calls
def claim_ms(evs, claim, native):
    N.ENABLED = native
    m = replay(evs)
    gc.collect()
    t0 = time.ticks_us()
    d = m.apply(claim)
    dt = time.ticks_diff(time.ticks_us(), t0) / 1000
    x = [e for e in d if e["ev"] == "x-claim"]
    return dt, x[0]["sound"] if x else "?"
"""


def compute(rig, report):
    """Native vs pure Python, and the C stack, through the raw REPL."""
    rig.raw_repl()
    rig.exec(DEVICE_COMPUTE)
    rig.exec("P = []")
    for evs in positions(count=12):       # one at a time: the compiler's heap is small
        rig.exec("P.append(%s)" % json.dumps(evs))
    py = float(rig.exec("print(legal_us(P, False))"))
    nat = float(rig.exec("print(legal_us(P, True))"))
    report["legal_us"] = {"python": py, "native": nat, "ratio": py / nat}
    say("legal-card check on the RP2040: pure Python %.0f us, native module %.1f us: %.1fx "
        "(budget >= 10x on the unix port)" % (py, nat, py / nat))
    evs, claim = claim_position(5)
    rig.exec("E = %s\nC = %s" % (json.dumps(evs), json.dumps(claim)))
    out = {}
    for native in (False, True):
        dt, sound = rig.exec("print(*claim_ms(E, C, %s))" % native).split()
        out["native" if native else "python"] = {"ms": float(dt), "sound": sound}
    report["claim5_ms"] = out
    say("claim with 5 tricks left, every hand known (club law): pure Python %.0f ms "
        "(answer %s; None: its node budget), native %.1f ms (answer %s): %.0fx" % (
            out["python"]["ms"], out["python"]["sound"], out["native"]["ms"],
            out["native"]["sound"], out["python"]["ms"] / max(out["native"]["ms"], 0.001)))
    bottom, top = stack_bounds()
    report["stack"] = {"bottom": bottom, "top": top, "claims": {}}
    deepest = None
    for k in range(2, 11):
        results = []
        rig.min_sp = None
        rig.order(stack="start")
        time.sleep(0.2)
        for seed in range(CLAIM_SEEDS):
            evs, claim = claim_position(k, 9 + 100 * seed, hidden=True)
            rig.exec("E = %s\nC = %s\nN.ENABLED = True\nm = replay(E)" % (json.dumps(evs), json.dumps(claim)))
            try:
                res = rig.exec("gc.collect(); t0 = time.ticks_us(); d = m.apply(C); print(time.ticks_diff("
                               "time.ticks_us(), t0) // 1000, [e.get('sound') for e in d "
                               "if e['ev'] == 'x-claim'][0])", timeout=900)
                ms, sound = res.split()
                results.append((int(ms), sound))
            except (RuntimeError, TimeoutError, ValueError) as err:
                results.append((None, "failed: %s" % str(err).splitlines()[-1]))
                break
        rig.order(stack="stop")
        rig.wait_for(lambda: rig.min_sp is not None, 60, "the stack report")
        used = top - rig.min_sp
        decided = sum(1 for _, x in results if x in ("True", "False"))
        worst = max((ms for ms, _ in results if ms is not None), default=None)
        report["stack"]["claims"][k] = {"stack_used": used, "results": results, "decided": decided,
                                        "worst_ms": worst}
        say("club-law claim with %2d tricks left, every other hand hidden: decided %d of %d, worst %s ms "
            "(%s); C stack low-water %5d of %d bytes" % (
                k, decided, len(results), worst, " ".join(x for _, x in results), used, top - bottom))
        if used < top - bottom and all(ms is not None for ms, _ in results):
            deepest = k
        else:
            break   # the stack overflowed: the board is no longer to be trusted
    report["stack"]["deepest_claim"] = deepest
    # In play a claim is reached through more calls than from the REPL (the asyncio
    # task, table.on_reader, placed, _control, call: about 8 more): each costs C stack.
    used = []
    for depth in (0, 16):
        rig.min_sp = None
        rig.order(stack="start")
        time.sleep(0.2)
        rig.exec("def _f(n):\n    return _f(n - 1) if n else 0\n_f(%d)" % depth)
        rig.order(stack="stop")
        rig.wait_for(lambda: rig.min_sp is not None, 60, "the stack report")
        used.append(top - rig.min_sp)
    frame = (used[1] - used[0]) / 16
    report["stack"]["python_call_bytes"] = frame
    say("deepest claim the C stack survives: %s tricks left from the REPL; a Python call "
        "nests %.0f bytes of C stack, so in play (about 8 calls deeper) %d more bytes"
        % (deepest, frame, 8 * frame))


def boot_and_flash(image, report):
    with R.Rig(flash_image=image) as rig:
        rig.wait_boot(1)
        report["boot_ms"] = rig.reply_at[0] / 1e6
        say("boot to ready (power-on -> the controller's boot line): %.0f emulated ms"
            % report["boot_ms"])
        rig.raw_repl()
        out = rig.exec(
            "import os\n"
            "def size(p):\n"
            "    t = 0\n"
            "    for n, k, *_ in os.ilistdir(p):\n"
            "        q = p + '/' + n\n"
            "        t += size(q) if k == 0x4000 else os.stat(q)[6]\n"
            "    return t\n"
            "s = os.statvfs('/')\n"
            "print(size('/lib'), (s[2] - s[3]) * s[0], s[2] * s[0])")
        files, used, total = (int(x) for x in out.split())
        fw, _ = R.find_images()
        report["flash"] = {"lib_bytes": files, "fs_used": used, "fs_total": total}
        say("flash: firmware files in /lib %d bytes; filesystem %d of %d bytes used "
            "(MicroPython itself: %s)" % (files, used, total, os.path.basename(fw)))
        compute(rig, report)


def scan_rates(image, report):
    report["scan_hz"] = {}
    for seats in (4, 12):
        with R.Rig(seats=seats, flash_image=image) as rig:
            rig.wait_boot(1)
            rig.raw_repl()
            # booted as main.py boots (packed while importing, the native module first):
            # launched bare, the 12 seats' boot found no 1280-byte block after this stop's
            # merges (MemoryError in table/app.py)
            rig.launch("import gc\ngc.threshold(%d)\ntry:\n    import tapete_core\nexcept ImportError:\n    pass\n"
                       "from table import app as A\nfrom boards.factory import PicoBoard\nA.run(PicoBoard(%d))"
                       % (boot_gc(), seats))
            rig.wait_boot(2)
            got = {}
            for case in ("empty", "a card on every seat"):
                if case != "empty":
                    for s in range(seats):
                        rig.place(s, s)
                t = rig.now + 1e9
                rig.wait_for(lambda: rig.now > t, 600, "the readers to settle")
                chips = rig.table.chips
                r0 = [c.requests for c in chips]
                w0 = [c.wakes for c in chips]
                f0 = [c.antenna_windows for c in chips]
                t0 = rig.now
                rig.wait_for(lambda: rig.now > t0 + 2e9, 900, "two emulated seconds")
                dt = (rig.now - t0) / 1e9
                # a seat's scan is a look for a new card (a REQA): one per visit, with
                # its field switched on for it or (steady fields, from 7 seats) left on
                rate = min(c.requests - a for c, a in zip(chips, r0)) / dt
                got[case] = rate
                extra = ""
                if case != "empty":
                    confirm = min(c.wakes - a for c, a in zip(chips, w0)) / dt
                    got[case + ", lying cards confirmed"] = confirm
                    extra = ", each lying card confirmed at %.1f Hz" % confirm
                fields = "steady fields" if max(c.antenna_windows - a for c, a in zip(chips, f0)) == 0 \
                    else "one field at a time"
                say("scan rate at %2d seats, %s: %.1f Hz per seat (budget >= %d Hz; %s%s)" % (
                    seats, case, rate, BUDGET_SCAN_HZ, fields, extra))
            report["scan_hz"][seats] = got


def match(image, native, hands, report, flash=None, plays=None, pack=None):
    key = "with native" if native else "without native"
    if flash:
        key += ", %s flash" % flash
    if pack:
        key += ", a deck that carries its names"
    out = os.path.join(OUT, key.replace(" ", "-").replace(",", ""))
    os.makedirs(out, exist_ok=True)
    with R.Rig(flash_image=image, flash=flash, pack=pack) as rig:
        rig.wait_boot(1)
        rig.raw_repl()
        rig.launch(heap_app(native=native))
        rig.wait_boot(2)
        before = rig.stats()
        rec = T.Recording(rig, os.path.join(out, "table.jsonl"))
        # a pause of 0-150 ms before each card: the moment it lands in the scan loop
        # as a person's would, not always the same one (players.py: think_ms)
        players = Players(rig, seed=2026, misplay=(2, 3), hands=hands, plays=plays,
                          think_ms=THINK_MS)
        rig.play(players.scenario())
        rig.finish(timeout=7200)
        events = rec.stop(expect=len(rig.events))
        problems = T.check(players, events, T.audit(rec.path))
        heap = [r for r in rig.replies if r.get("reply") == "heap"]
        # where the low-water came: the last event logged before its reply
        at = [q for r, q in zip(rig.replies, rig.reply_seq) if r.get("reply") == "heap"][-1]
        at_ev = {"seq": at, "ev": rig.events.get(at, {}).get("ev"),
                 "hand": sum(1 for q, e in rig.events.items() if q <= at and e.get("ev") == "deal")}
        modelled = F.difference(rig.stats(), before)
    lat = F.latency([x / 1000 for x in players.latency_us if x is not None])
    low = heap[-1]["low"]
    r = report.setdefault("match", {})[key] = {
        "plays": len(players.placed), "hands": players.match.hand_no, "over": players.match.over,
        "heap_low_free": low, "largest_block_at_low": heap[-1]["largest"],
        "largest_block_at_boot": heap[0]["largest"], "free_at_boot": heap[0]["free"],
        "low_after": at_ev,
        "verdict_ms": lat, "modelled": modelled, "problems": problems}
    say("%s %s (%d hands, %d plays, each after a 0-%d ms pause%s): heap low-water %d bytes free (largest free "
        "block then %d) (budget >= %d free)" % (
            "whole match" if hands is None and plays is None else "part of a match", key,
            r["hands"], r["plays"], THINK_MS, "" if r["over"] else ", stopped early", low,
            heap[-1]["largest"], BUDGET_FREE))
    say("%s: at boot %d bytes free, the largest free block %d (what a game's code loads into); "
        "the low-water came after seq %d (%s, in hand %d)"
        % (key, heap[0]["free"], heap[0]["largest"], at, at_ev["ev"], at_ev["hand"]))
    timing = modelled["flash_timing"]
    say("card on the reader -> verdict on its seat's lights, %s: %s (budget: median <= %d ms, "
        "95%% <= %d ms, worst <= %d ms)" % (key, F.latency_text(lat), BUDGET_MEDIAN_MS,
                                           BUDGET_VERDICT_MS, BUDGET_WORST_MS[timing]))
    heard = F.latency([h / 1000 for h, _ in players.heard_us])
    if heard is not None:
        rest = F.latency([(lit - h) / 1000 for h, lit in players.heard_us])
        r["heard_ms"], r["heard_to_light_ms"] = heard, rest
        say("  where it goes: card laid -> a reader first hears it median %.1f ms, 95%% %.1f ms "
            "(the wait for the seat's next visit and its field's settling); -> the light "
            "median %.1f ms, 95%% %.1f ms (the selection, the crosstalk probe, the judgement)"
            % (heard["median"], heard["p95"], rest["median"], rest["p95"]))
    say("  %s (during the match)" % F.modelled_text(modelled))
    for p in problems:
        say("PROBLEM: " + p)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--hands", type=int, default=None, help="hands per match (default: the whole match)")
    p.add_argument("--plays", type=int, default=None, help="stop a match after this many plays")
    p.add_argument("--image", help="a deployed flash image (default: deploy afresh with mpremote)")
    p.add_argument("--out", default=os.path.join(ROOT, "build", "bench-pico.json"))
    p.add_argument("--skip", default="", help="comma-separated parts to skip: "
                   "compute,scan,match,python,worst,ndef (python: the match without the native "
                   "module; worst: the match with worst-case flash timing; ndef: the match with "
                   "a deck that carries its names, read from the tags)")
    args = p.parse_args(argv)
    try:
        R.find_images()
    except R.MissingImage as err:
        say("bench_pico: skipped: %s" % err)
        return 0
    os.makedirs(OUT, exist_ok=True)
    image = args.image
    if image is None:
        image = os.path.join(OUT, "deployed.img")
        with R.Rig() as rig:
            T.deploy(rig, OUT, say)
            rig.save(image)
    report = {}
    skip = args.skip.split(",")
    if "compute" not in skip:
        boot_and_flash(image, report)
    if "scan" not in skip:
        scan_rates(image, report)
    if "match" not in skip:
        for native in (True, False):
            if native or "python" not in skip:
                match(image, native, args.hands, report, plays=args.plays)
    if "worst" not in skip and R.flash_timing() != "worst":
        match(image, True, args.hands, report, flash="worst", plays=args.plays)
    if "ndef" not in skip:
        # every card read from its own memory (two NTAG READs) at its first lay, the
        # enrolment file on the board knowing none of the tags (docs/decks.md)
        match(image, True, args.hands, report, plays=args.plays, pack="spanish40")
    with open(args.out, "w") as f:
        json.dump(report, f, indent=1)
    say("figures: %s" % args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
