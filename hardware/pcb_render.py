"""A PNG picture of the board (docs/hardware/pcb.png), drawn with Pillow from the board itself:
KiCad 6 has no headless 3D render."""
from PIL import Image, ImageDraw

SCALE = 8  # pixels per mm


def png(board, path):
    import pcbnew as p
    box = board.GetBoardEdgesBoundingBox()
    x0, y0 = p.ToMM(box.GetX()), p.ToMM(box.GetY())
    w, h = p.ToMM(box.GetWidth()), p.ToMM(box.GetHeight())
    img = Image.new("RGB", (int(w * SCALE) + 20, int(h * SCALE) + 20), (250, 250, 250))
    d = ImageDraw.Draw(img)

    def px(pt):
        return (10 + (p.ToMM(pt.x) - x0) * SCALE, 10 + (p.ToMM(pt.y) - y0) * SCALE)

    d.rectangle([10, 10, 10 + w * SCALE, 10 + h * SCALE], fill=(20, 90, 50), outline=(200, 200, 0))
    for t in board.GetTracks():
        colour = (200, 120, 60) if t.GetLayer() == p.F_Cu else (70, 110, 200)
        if t.GetClass() == "PCB_VIA":
            c = px(t.GetPosition())
            rr = p.ToMM(t.GetWidth()) * SCALE / 2
            d.ellipse([c[0] - rr, c[1] - rr, c[0] + rr, c[1] + rr], fill=(210, 210, 210))
        else:
            d.line([px(t.GetStart()), px(t.GetEnd())], fill=colour,
                   width=max(1, int(p.ToMM(t.GetWidth()) * SCALE)))
    for fp in board.GetFootprints():
        for it in fp.GraphicalItems():
            if it.GetClass() == "MGRAPHIC" and it.GetLayer() == p.F_SilkS:
                d.line([px(it.GetStart()), px(it.GetEnd())], fill=(255, 255, 255), width=1)
        for pad in fp.Pads():
            bb = pad.GetBoundingBox()
            a = px(p.wxPoint(bb.GetX(), bb.GetY()))
            c = px(p.wxPoint(bb.GetRight(), bb.GetBottom()))
            if pad.GetAttribute() == p.PAD_ATTRIB_NPTH:
                d.ellipse([a, c], fill=(0, 0, 0))
                continue
            if pad.GetShape() == p.PAD_SHAPE_RECT:
                d.rectangle([a, c], fill=(215, 180, 60))
            else:
                d.ellipse([a, c], fill=(215, 180, 60))
            if pad.GetDrillSize().x:
                m = px(pad.GetPosition())
                rr = p.ToMM(pad.GetDrillSize().x) * SCALE / 2
                d.ellipse([m[0] - rr, m[1] - rr, m[0] + rr, m[1] + rr], fill=(30, 30, 30))
        for t in (fp.Reference(),) + tuple(i for i in fp.GraphicalItems() if i.GetClass() == "MTEXT"):
            if t.GetLayer() == p.F_SilkS and t.IsVisible():
                c = px(t.GetPosition())
                s = t.GetShownText()
                d.text((c[0] - 3 * len(s), c[1] - 5), s, fill=(255, 255, 255))
    for it in board.GetDrawings():
        if it.GetClass() == "PTEXT":
            c = px(it.GetPosition())
            s = it.GetShownText()
            d.text((c[0] - 3 * len(s), c[1] - 5), s, fill=(255, 255, 255))
    img.save(path, optimize=True)
