"""`make pico` and `make pico-match`: the deployed firmware on the emulated RP2040.

    python tools/pico/run.py hand             deploy with mpremote, play one hand with a
                                              revoke, record it with `tapete record`, audit it
    python tools/pico/run.py match [--cuts N] a whole match, with N random power cuts
    python tools/pico/run.py shell            boot and print the pseudo-terminal, for
                                              mpremote, tapete record or tapete selftest

Output in out/pico/: the log (table.jsonl), the audit (audit.json), the panel's
frames as PNG (frames/), and the deployed flash image (deployed.img).
Exit status 0 when everything agrees; 1 when not; 2 when the emulator cannot run
here (it says what is missing).
"""
import argparse
import json
import os
import shutil
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)

import figures as F  # noqa: E402
import rig as R  # noqa: E402
import table as T  # noqa: E402
from players import Players  # noqa: E402

OUT = os.path.join(ROOT, "out", "pico")


def say(text):
    print("pico: " + text, flush=True)


def session(args):
    out = os.path.join(OUT, args.command)
    frames = os.path.join(out, "frames")
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(frames)
    image = os.path.join(OUT, "deployed.img")
    t0 = time.monotonic()
    with R.Rig(frames=frames, seed=args.seed) as rig:
        say("emulated Pico up; USB serial on %s" % rig.port)
        T.deploy(rig, OUT, say)
        rig.save(image)
        rec = T.Recording(rig, os.path.join(out, "table.jsonl"))
        players = Players(rig, seed=args.seed, misplay=(1, 3),
                          hands=1 if args.command == "hand" else None, cuts=args.cuts,
                          log=say)
        if args.cuts:       # a match has 120-200 plays: enough chances for every cut
            players.cut_chance = 0.6
        rig.play(players.scenario())
        rig.finish(timeout=args.timeout)
        events = rec.stop(expect=len(rig.events))
        result = T.audit(rec.path)
        with open(os.path.join(out, "audit.json"), "w") as f:
            json.dump(result, f, indent=1)
        problems = T.check(players, events, result)
        cuts = sum(1 for _, why in rig.boots if why.startswith("cut"))
        if cuts < args.cuts:
            problems.append("only %d of the %d power cuts happened before the match ended"
                            % (cuts, args.cuts))
        if rig.panel_errors:
            problems.append("panel: " + "; ".join(rig.panel_errors[:3]))
        lat = F.latency([x / 1000 for x in players.latency_us if x is not None])
        modelled = rig.stats()
        with open(os.path.join(out, "latency.json"), "w") as f:
            # each timed play, each power-up and each stall of 5 ms or more (flash,
            # collections), at their emulated instants: which slow verdict followed what
            json.dump({"plays": players.timed, "boots": rig.boots,
                       "stalls": dict((k, modelled[k]["long"]) for k in ("erase", "program", "gc"))},
                      f)
        say("%d events logged and recorded through %s (%s)" % (len(events), rig.port, rec.summary))
        say("%d plays; %d violation(s); %d panel frames in %s" % (
            len(players.placed), sum(1 for e in events if e["ev"] == "violation"),
            rig.frames, frames))
        if lat:
            say("card on the reader -> verdict on its seat's lights: %s (emulated, %d plays)"
                % (F.latency_text(lat), lat["n"]))
        say(F.modelled_text(modelled))
        if args.cuts:
            say("%d power cuts (of %d ordered: %d part-way through a flash program, %d through "
                "an erase; %d landed in a flash operation); the board powered up %d times" % (
                    cuts, len(players.cuts), sum(1 for c in players.cuts if c[0] == "flash program"),
                    sum(1 for c in players.cuts if c[0] == "flash erase"),
                    sum(1 for _, why in rig.boots if "during_flash" in why),
                    sum(1 for _, why in rig.boots if why == "on")))
        say("emulated %.1f s in %.0f s of wall time" % (rig.now / 1e9, time.monotonic() - t0))
    for p in problems:
        say("FAIL: " + p)
    if not problems:
        say("audit: zero disagreements with the controller, zero errors")
    return 1 if problems else 0


def shell(args):
    with R.Rig(flash_image=args.image) as rig:
        say("USB serial on %s (Ctrl-C to stop)" % rig.port)
        try:
            while not rig.stopped.is_set():
                time.sleep(0.5)
        except KeyboardInterrupt:
            pass
    return 0


def main(argv=None):
    p = argparse.ArgumentParser(prog="run.py", description=__doc__.splitlines()[0])
    p.add_argument("command", choices=("hand", "match", "shell"))
    p.add_argument("--cuts", type=int, default=0, help="random power cuts during the play")
    p.add_argument("--seed", type=int, default=2026)
    p.add_argument("--timeout", type=int, default=3600, help="wall seconds for the play")
    p.add_argument("--image", help="shell: boot this flash image (out/pico/deployed.img)")
    args = p.parse_args(argv)
    try:
        R.find_images()
        if not R.node_modules_ok():
            raise R.MissingImage("rp2040js is not installed: run `make pico-setup`")
    except R.MissingImage as err:
        say(str(err))
        return 2
    return shell(args) if args.command == "shell" else session(args)


if __name__ == "__main__":
    sys.exit(main())
