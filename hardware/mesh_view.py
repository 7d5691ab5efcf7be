"""Read ASCII STL (OpenSCAD's) and draw meshes to a PNG with matplotlib: OpenSCAD's own
PNG export needs an OpenGL display, which CI has not."""


def read_stl(path):
    """Triangles as tuples of three (x, y, z) vertex tuples (text as written, parsed)."""
    tris, cur = [], []
    with open(path) as f:
        for line in f:
            w = line.split()
            if w and w[0] == "vertex":
                cur.append(tuple(float(v) for v in w[1:4]))
                if len(cur) == 3:
                    tris.append(tuple(cur))
                    cur = []
    return tris


def png(paths, titles, out):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from mpl_toolkits.mplot3d.art3d import Poly3DCollection
    fig = plt.figure(figsize=(12, 4.2), dpi=90)
    for i, (path, title) in enumerate(zip(paths, titles)):
        tris = read_stl(path)
        ax = fig.add_subplot(1, len(paths), i + 1, projection="3d")
        ax.add_collection3d(Poly3DCollection(tris, facecolor="#f0a040", edgecolor="#7a4a10",
                                             linewidths=0.2, alpha=1.0))
        xs = [v[0] for t in tris for v in t]
        ys = [v[1] for t in tris for v in t]
        zs = [v[2] for t in tris for v in t]
        ax.set_xlim(min(xs), max(xs))
        ax.set_ylim(min(ys), max(ys))
        ax.set_zlim(min(zs), max(zs))
        ax.set_box_aspect((max(xs) - min(xs), max(ys) - min(ys), max(zs) - min(zs)))
        ax.view_init(elev=35, azim=-60)
        ax.set_title(title, fontsize=10)
        ax.set_axis_off()
    fig.tight_layout()
    fig.savefig(out, metadata={"Software": None})
    plt.close(fig)


def svg_png(svg, out, title):
    """Draw an OpenSCAD 2D SVG export (paths of M/L/z) filled even-odd, as a PNG."""
    import re
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.path import Path
    from matplotlib.patches import PathPatch
    with open(svg) as f:
        text = f.read()
    verts, codes = [], []
    for d in re.findall(r'd="([^"]*)"', text):
        for cmd, x, y in re.findall(r"([ML])\s*([-0-9.e]+),([-0-9.e]+)", d):
            verts.append((float(x), float(y)))
            codes.append(Path.MOVETO if cmd == "M" else Path.LINETO)
    fig, ax = plt.subplots(figsize=(6, 6), dpi=90)
    ax.add_patch(PathPatch(Path(verts, codes), facecolor="#e8d5b0", edgecolor="black", lw=0.4))
    ax.autoscale_view()
    ax.set_aspect("equal")
    ax.set_title(title, fontsize=10)
    ax.invert_yaxis()             # as the SVG shows it
    ax.set_xlabel("mm")
    fig.tight_layout()
    fig.savefig(out, metadata={"Software": None})
    plt.close(fig)
