"""Generate the carrier board (KiCad 6) from hardware/pinmap.json: the one source of truth.

    /usr/bin/python3 hardware/gen_pcb.py          write hardware/pcb/* and docs/hardware/pcb.png
    /usr/bin/python3 hardware/gen_pcb.py --check  exit 1 when they are out of date
    /usr/bin/python3 hardware/gen_pcb.py --out DIR  write them all into DIR (tests)

Runs under Debian's python3 with the `pcbnew` module of the `kicad` package (6.0; no
kicad-cli there). Footprints are drawn here, not taken from KiCad's libraries, so
`apt-get install --no-install-recommends kicad` is enough (no 1 GB footprint package).
Written: tapete.kicad_pcb (placed parts, nets, outline, and the tracks of the
maze router in pcb_route.py), gerbers.zip (copper, mask, silk, outline and the
Excellon drill file), bom.csv and cpl.csv (JLCPCB columns), drc.txt and docs/hardware/pcb.png.
The check compares a digest of the inputs (pinmap.json and these generators) with the
one written beside the outputs: gerbers carry dates, so bytes would not do.
"""
import os
import re
import sys
import zipfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import stamps  # noqa: E402
import pinmap  # noqa: E402
import pcb_parts as parts  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
OUT = os.path.join(HERE, "pcb")
PNG = os.path.join(ROOT, "docs", "hardware", "pcb.png")
SOURCES = ("pinmap.json", "pinmap.py", "gen_pcb.py", "pcb_parts.py", "pcb_route.py",
           "pcb_render.py")
STAMP = os.path.join(OUT, "SOURCES.sha256")


def digest():
    return stamps.digest(HERE, SOURCES)


def main(argv):
    global OUT, PNG, STAMP
    if "--check" in argv:
        return stamps.check(STAMP, digest(), "hardware/pcb")
    if "--out" in argv:                    # tests: build a fresh copy elsewhere
        OUT = argv[argv.index("--out") + 1]
        PNG, STAMP = os.path.join(OUT, "pcb.png"), os.path.join(OUT, "SOURCES.sha256")
    import pcbnew  # Debian's kicad: only needed to write
    import pcb_render
    import pcb_route
    pm = pinmap.load()
    problems = pinmap.check(pm)
    if problems:
        raise SystemExit("pinmap.json: " + "; ".join(problems))
    os.makedirs(OUT, exist_ok=True)
    pcbnew.KIID.SeedGenerator(40)          # the same UUIDs every run
    board, placed = parts.build(pcbnew, pm)
    left = pcb_route.route(pcbnew, board)
    print("routed; connections left unrouted: %d" % left)
    path = os.path.join(OUT, "tapete.kicad_pcb")
    pcbnew.SaveBoard(path, board)
    board = pcbnew.LoadBoard(path)
    pcbnew.WriteDRCReport(board, os.path.join(OUT, "drc.txt"), pcbnew.EDA_UNITS_MILLIMETRES, True)
    _plot(pcbnew, board)
    _bom_cpl(placed)
    pcb_render.png(board, PNG)
    with open(STAMP, "w") as f:
        f.write(digest())
    return 0


LAYERS = (("F_Cu", "GTL"), ("B_Cu", "GBL"), ("F_Mask", "GTS"), ("B_Mask", "GBS"),
          ("F_SilkS", "GTO"), ("B_SilkS", "GBO"), ("F_Paste", "GTP"), ("Edge_Cuts", "GKO"))


def _plot(pcbnew, board):
    """Gerbers (Protel extensions, as JLCPCB asks) and the Excellon drill file, zipped."""
    tmp = os.path.join(OUT, "gerbers")
    os.makedirs(tmp, exist_ok=True)
    pc = pcbnew.PLOT_CONTROLLER(board)
    po = pc.GetPlotOptions()
    po.SetOutputDirectory(tmp)
    po.SetPlotFrameRef(False)
    po.SetUseGerberProtelExtensions(True)
    po.SetCreateGerberJobFile(False)
    po.SetSubtractMaskFromSilk(True)
    po.SetUseAuxOrigin(False)
    names = []
    for layer, ext in LAYERS:
        pc.SetLayer(getattr(pcbnew, layer))
        pc.OpenPlotfile(layer, pcbnew.PLOT_FORMAT_GERBER, layer)
        pc.PlotLayer()
        names.append(pc.GetPlotFileName())
    pc.ClosePlot()
    drill = pcbnew.EXCELLON_WRITER(board)
    drill.SetOptions(False, False, board.GetDesignSettings().GetAuxOrigin(), True)  # PTH+NPTH merged
    drill.SetFormat(True)
    drill.CreateDrillandMapFilesSet(tmp, True, False)
    zpath = os.path.join(OUT, "gerbers.zip")
    with zipfile.ZipFile(zpath, "w", zipfile.ZIP_DEFLATED) as z:
        for name in sorted(os.listdir(tmp)):
            info = zipfile.ZipInfo(name, date_time=(2026, 1, 1, 0, 0, 0))
            with open(os.path.join(tmp, name), "rb") as f:
                data = re.sub(rb"(?m)^.*(CreationDate|Created by|DRILL file).*\n", b"",
                              f.read())     # no dates: the same board zips the same
                z.writestr(info, data, zipfile.ZIP_DEFLATED)
            os.remove(os.path.join(tmp, name))
    os.rmdir(tmp)


def _bom_cpl(placed):
    """bom.csv (grouped by part) and cpl.csv in JLCPCB's column names."""
    groups = {}
    for p in placed:
        key = (p["value"], p["footprint"], p["mfr"], p["mpn"])
        groups.setdefault(key, []).append(p["ref"])
    rows = ["Comment,Designator,Footprint,Manufacturer,Manufacturer Part Number,Quantity"]
    for (value, fp, mfr, mpn), refs in sorted(groups.items(), key=lambda kv: _refkey(kv[1][0])):
        refs.sort(key=_refkey)
        rows.append('"%s","%s","%s","%s","%s",%d' % (value, ",".join(refs), fp, mfr, mpn, len(refs)))
    with open(os.path.join(OUT, "bom.csv"), "w") as f:
        f.write("\n".join(rows) + "\n")
    rows = ["Designator,Mid X,Mid Y,Layer,Rotation"]
    for p in sorted(placed, key=lambda p: _refkey(p["ref"])):
        rows.append("%s,%.3fmm,%.3fmm,Top,%d" % (p["ref"], p["x"], -p["y"], p["rot"]))
    with open(os.path.join(OUT, "cpl.csv"), "w") as f:
        f.write("\n".join(rows) + "\n")


def _refkey(ref):
    head = ref.rstrip("0123456789")
    return head, int(ref[len(head):] or 0)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
