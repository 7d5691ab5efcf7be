"""Run by /usr/bin/python3 (Debian's kicad): load a board, run KiCad's design rules and
print what the tests need as JSON. Usage: pcb_probe.py BOARD DRC_REPORT."""
import json
import re
import sys

import pcbnew

board = pcbnew.LoadBoard(sys.argv[1])
pcbnew.WriteDRCReport(board, sys.argv[2], pcbnew.EDA_UNITS_MILLIMETRES, True)
with open(sys.argv[2]) as f:
    report = f.read()
# the rule violations, before the list of unrouted connections
rules = report.split("unconnected pads **")[0]
errors = [m.group(0) for m in re.finditer(r"\[[a-z_]+\]:[^\n]*\n[^\n]*Severity: error", rules)
          if "unconnected_items" not in m.group(0)]
unrouted = re.search(r"Found (\d+) unconnected pads", report)
pads = {}
for fp in board.GetFootprints():
    for pad in fp.Pads():
        pads.setdefault(fp.GetReference(), {})[pad.GetNumber()] = pad.GetNetname()
print(json.dumps({"errors": errors, "unrouted": int(unrouted.group(1)) if unrouted else 0,
                  "footprint_errors": "Found 0 Footprint errors" in report, "pads": pads}))
