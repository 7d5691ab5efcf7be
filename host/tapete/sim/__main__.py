"""`python -m tapete.sim`: play a whole random Malilla match through the rules, write
its table log to out/sim/, and audit it.

This is the rules-only table; the controller firmware on simulated hardware
replaces it when it lands (issue 4)."""
import json
import os
import random
import sys

from ..audit import audit_file
from ..report import render
from ..rules import playout
from ..rules.match import Match


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    seed = int(argv[0]) if argv else 2026
    out_dir = os.path.join("out", "sim")
    os.makedirs(out_dir, exist_ok=True)
    random.seed(seed)
    inputs, _derived, _m = playout.random_match("malilla", None, random, with_hands=False)
    path = os.path.join(out_dir, "table.jsonl")
    m = Match()
    with open(path, "w") as f:
        for seq, ev in enumerate(inputs):
            ev = dict(ev, seq=seq)
            line = json.dumps(ev)
            print(line)
            f.write(line + "\n")
            for d in m.apply(ev):
                print(json.dumps(d))
                f.write(json.dumps(d) + "\n")
    print()
    result = audit_file(path)
    sys.stdout.write(render(result))
    print("log: " + path)
    return 0 if not result["errors"] and not result["disagreements"] else 1


if __name__ == "__main__":
    sys.exit(main())
