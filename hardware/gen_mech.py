"""Generate the printable mechanics with OpenSCAD (Debian's openscad, 2021.01):

    python hardware/gen_mech.py          write hardware/mech/*.stl, the table templates
                                         hardware/mech/templates/table_N.svg (N = 3..12 seats,
                                         1:1 in mm) and docs/hardware/mounts.png
    python hardware/gen_mech.py --check  exit 1 when they are out of date
    python hardware/gen_mech.py --out DIR  write them all into DIR (tests)

The parts are the .scad files beside the outputs (parametric: -D overrides); the table's
geometry (reader circle, LED offsets, panel) comes from gen_table.py, the board's size
from pcb_parts.py, so the drawings, the board and the templates agree. The check
compares a digest of the inputs with hardware/mech/SOURCES.sha256.
"""
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import stamps  # noqa: E402
import gen_table  # noqa: E402
import pcb_parts  # noqa: E402
import pinmap  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
MECH = os.path.join(HERE, "mech")
OUTDIR = MECH
PNG = os.path.join(ROOT, "docs", "hardware", "mounts.png")
SOURCES = ("mech/cradle.scad", "mech/case.scad", "mech/template.scad", "gen_mech.py", "mesh_view.py",
           "gen_table.py", "pcb_parts.py", "pinmap.json")
STAMP = os.path.join(MECH, "SOURCES.sha256")
SEATS = range(3, 13)


def digest():
    return stamps.digest(HERE, SOURCES)


def scad_value(name, var):
    """A number set at the top of a .scad file (`var = 40;`)."""
    with open(os.path.join(MECH, name)) as f:
        m = re.search(r"^%s\s*=\s*([0-9.]+);" % re.escape(var), f.read(), re.M)
    return float(m.group(1))


def cradle_body():
    """The cradle's outer body (w, l) in mm: the pocket routed for it."""
    fit, wall = scad_value("cradle.scad", "fit"), scad_value("cradle.scad", "wall")
    return (scad_value("cradle.scad", "module_w") + 2 * fit + 2 * wall,
            scad_value("cradle.scad", "module_l") + 2 * fit + 2 * wall)


def openscad(src, out, **defs):
    cmd = ["openscad", "-q", "-o", out]
    for k, v in sorted(defs.items()):
        cmd += ["-D", "%s=%s" % (k, '"%s"' % v if isinstance(v, str) else v)]
    subprocess.run(cmd + [os.path.join(MECH, src)], check=True)
    if out.endswith(".stl"):
        _sort_facets(out)


def _sort_facets(path):
    """OpenSCAD (CGAL) lists a union's facets in no fixed order: sort them, so the same
    part is the same file (and a diff shows a real change)."""
    with open(path) as f:
        lines = f.read().splitlines()
    head, tail = lines[0], lines[-1]
    body = lines[1:-1]
    facets = ["\n".join(body[i:i + 7]) for i in range(0, len(body), 7)]
    with open(path, "w") as f:
        f.write("\n".join([head] + sorted(facets) + [tail]) + "\n")


def main(argv):
    global OUTDIR, PNG, STAMP
    if "--check" in argv:
        return stamps.check(STAMP, digest(), "hardware/mech")
    if "--out" in argv:                    # tests: build a fresh copy elsewhere
        OUTDIR = argv[argv.index("--out") + 1]
        PNG, STAMP = os.path.join(OUTDIR, "mounts.png"), os.path.join(OUTDIR, "SOURCES.sha256")
    pm = pinmap.load()
    os.makedirs(os.path.join(OUTDIR, "templates"), exist_ok=True)
    os.makedirs(os.path.dirname(PNG), exist_ok=True)
    openscad("cradle.scad", os.path.join(OUTDIR, "cradle.stl"))
    board = dict(board_w=pcb_parts.W, board_l=pcb_parts.H)
    openscad("case.scad", os.path.join(OUTDIR, "case_base.stl"), part="base", **board)
    openscad("case.scad", os.path.join(OUTDIR, "case_lid.stl"), part="lid", **board)
    pw, pl = cradle_body()
    panel_w, panel_l = gen_table.panel_mm(pm["eink"]["panel"])
    for seats in SEATS:
        r, d, _ = gen_table.geometry(seats)
        openscad("template.scad", os.path.join(OUTDIR, "templates", "table_%d.svg" % seats),
                 seats=seats, r=r, d=d, pocket_w=pw, pocket_l=pl,
                 led_from_reader=gen_table.LED_FROM_READER, led_pitch=gen_table.LED_PITCH,
                 panel_w=max(panel_w, panel_l), panel_l=min(panel_w, panel_l))
    import mesh_view
    mesh_view.png([os.path.join(OUTDIR, n) for n in ("cradle.stl", "case_base.stl", "case_lid.stl")],
                  ["reader cradle (RC522 40 x 60 mm)", "case: base (board 160 x 100 mm)",
                   "case: lid (4.2 inch panel, 3 buttons)"], PNG)
    mesh_view.svg_png(os.path.join(OUTDIR, "templates", "table_6.svg"),
                      os.path.join(os.path.dirname(PNG), "template_6.png"),
                      "table_6.svg: 6 seats, seen from above (print 1:1)")
    with open(STAMP, "w") as f:
        f.write(digest())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
