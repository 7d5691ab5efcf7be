"""The printable mechanics (hardware/gen_mech.py): closed meshes, the sizes of the parts
they hold, templates at 1:1 for 3 to 12 seats matching table.svg's geometry."""
import os
import re
import shutil
import subprocess
import sys
from collections import Counter

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "hardware"))
import gen_mech  # noqa: E402
import gen_table  # noqa: E402
import mesh_view  # noqa: E402
import pcb_parts  # noqa: E402

MECH = os.path.join(ROOT, "hardware", "mech")
STL = ("cradle.stl", "case_base.stl", "case_lid.stl")


def _closed(tris):
    """Every edge is shared by exactly two triangles, walked once each way."""
    edges = Counter()
    for t in tris:
        for a, b in ((t[0], t[1]), (t[1], t[2]), (t[2], t[0])):
            edges[(a, b)] += 1
    return all(n == 1 and edges[(b, a)] == 1 for (a, b), n in edges.items())


def _bbox(tris):
    vs = [v for t in tris for v in t]
    return [max(v[i] for v in vs) - min(v[i] for v in vs) for i in range(3)]


@pytest.mark.parametrize("name", STL)
def test_meshes_are_closed(name):
    tris = mesh_view.read_stl(os.path.join(MECH, name))
    assert len(tris) > 12
    assert _closed(tris)


def test_cradle_holds_an_rc522_at_the_read_depth():
    v = lambda k: gen_mech.scad_value("cradle.scad", k)  # noqa: E731
    assert (v("module_w"), v("module_l")) == gen_table.MODULE      # RC522: 40 x 60 mm
    depth = v("skin") + v("gap") + v("pcb")                          # surface to antenna copper
    assert 2 <= depth <= 5                                           # ASSEMBLY.md 1
    w, l = gen_mech.cradle_body()
    x, y, _ = _bbox(mesh_view.read_stl(os.path.join(MECH, "cradle.stl")))
    assert abs(x - (w + 2 * v("flange"))) < 0.01 and abs(y - l) < 0.01
    assert w > v("module_w") and l > v("module_l")


def test_case_holds_the_board():
    v = lambda k: gen_mech.scad_value("case.scad", k)  # noqa: E731
    x, y, _ = _bbox(mesh_view.read_stl(os.path.join(MECH, "case_base.stl")))
    assert abs(x - (pcb_parts.W + 2 * v("fit") + 2 * v("wall"))) < 0.01
    assert abs(y - (pcb_parts.H + 2 * v("fit") + 2 * v("wall"))) < 0.01
    lx, ly, _ = _bbox(mesh_view.read_stl(os.path.join(MECH, "case_lid.stl")))
    assert (lx, ly) == (x, y)


@pytest.mark.parametrize("seats", range(3, 13))
def test_templates_are_one_to_one(seats):
    with open(os.path.join(MECH, "templates", "table_%d.svg" % seats)) as f:
        head = f.read(600)
    _, d, _ = gen_table.geometry(seats)
    m = re.search(r'width="([0-9.]+)mm" height="([0-9.]+)mm"', head)
    assert m and abs(float(m.group(1)) - d) < 0.5 and abs(float(m.group(2)) - d) < 0.5


def test_mechanics_are_current():
    assert gen_mech.main(["--check"]) == 0


@pytest.mark.skipif(not shutil.which("openscad"), reason="openscad is not installed")
def test_a_fresh_build_gives_closed_meshes(tmp_path):
    subprocess.run([sys.executable, os.path.join(ROOT, "hardware", "gen_mech.py"), "--out",
                    str(tmp_path)], check=True)
    for name in STL:
        assert _closed(mesh_view.read_stl(str(tmp_path / name)))
