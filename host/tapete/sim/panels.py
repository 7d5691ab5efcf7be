"""MicroPython entry of `tapete replay`'s panel pictures: the controller's own screen
(firmware/table/panel/screen.py), drawn as the simulator draws it, at each step of a log.

    MICROPYPATH=firmware:host/tapete/sim micropython panels.py CONFIG.json

CONFIG.json: {"events": a JSON Lines file of the input events to replay (as logged,
with their seq), "cuts": [index of the event after which a step ends, ...],
"root": a scratch flash folder, "frames": the folder for the PNGs}. The events go
through the controller's own journal replay (table/restore.py, as after a power cut:
the rules, the violation it shows, the phase); after each cut the phase is the one the
controller is in then (a complete trick still lies on the readers: collect) and the
panel is drawn and refreshed on the simulated e-ink, which saves the frame (0001.png
for the first cut, and so on). It prints "panels: N" when done. A director's
`x-override` among them rebuilds the match as after a power cut (each input is
journalled on the scratch flash as it is replayed, as the controller journals it).
"""
import json
import sys

from table import app as A
from boards import factory as B
from table import restore as R
from rules import fold
from boards.sim import makedirs


def main(argv):
    with open(argv[1]) as f:
        cfg = json.load(f)
    makedirs(cfg["root"])
    b = B.make(root=cfg["root"], frames=cfg["frames"], seed=1, serial=False)
    app = A.App(b, resume=False)
    app.screen.tick = None      # pictures of a log: no reader is visited while drawing
    t = app.table
    t.message = ""              # no deck is enrolled here: not the table's message
    t.link.muted = True
    t.booting = True            # as after a restart: a complete trick lies on the readers
    cuts = cfg["cuts"]
    k = 0
    i = 0
    with open(cfg["events"]) as f:
        for line in f:
            ev = json.loads(line)
            if ev.get("ev") in ("match", "deal"):
                t.violation = None      # as new_match and next_deal clear it
            if ev.get("ev") == "x-override" or fold.is_input(ev):
                # journalled as the controller journals its inputs: a director's override
                # rebuilds the match from the journal (table/restore.py `overridden`); and
                # the message band's word (the override's) lasts until the next input
                t.journal.append(ev)
                t.message = ""
            R._replay(t, ev)
            if k < len(cuts) and cuts[k] == i:
                app.draw()
                k += 1
            i += 1
    sys.stdout.write("panels: %d\n" % k)


main(sys.argv)
