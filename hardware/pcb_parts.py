"""The carrier board's parts, footprints and nets, built from the pin map (gen_pcb.py).

Coordinates in mm, origin at the board's top-left corner, y downwards (KiCad's way).
Reader connectors follow the RC522 module's own header (SDA SCK MOSI MISO IRQ GND RST
3.3V) so a straight 8-way cable fits; the panel's follows the Waveshare/Good Display
adapter (VCC GND DIN CLK CS DC RST BUSY). All connectors are keyed JST-XH.
"""
import pinmap

W, H = 160.0, 100.0
READER_PINS = ("CS", "SCK", "MOSI", "MISO", "IRQ", "GND", "RST", "3V3")
PANEL_PINS = ("+3V3", "GND", "EPD_DIN", "EPD_CLK", "EPD_CS", "EPD_DC", "EPD_RST", "EPD_BUSY")
LOCAL_SUPPLY = 6            # seats 0..5 from the Pico's 3V3, 6..11 from the AMS1117 (ASSEMBLY.md 3)
GND_PINS = (3, 8, 13, 18, 23, 28, 33, 38)

# value -> (footprint name, manufacturer, part number)
PARTS = {
    "Pico": ("Pico_THT_2x20", "Raspberry Pi", "SC0915 (Pico) / SC0918 (Pico W) / SC1631 (Pico 2)"),
    "74HC125": ("SOIC-14_3.9x8.7mm_P1.27mm", "Nexperia", "74HC125D,653"),
    "74AHCT125": ("SOIC-14_3.9x8.7mm_P1.27mm", "Nexperia", "74AHCT125D,118"),
    "AMS1117-3.3": ("SOT-223-3_TabPin2", "Advanced Monolithic Systems", "AMS1117-3.3"),
    "SS14": ("D_SMA", "onsemi", "SS14"),
    "33R": ("R_0805_2012Metric", "Yageo", "RC0805FR-0733RL"),
    "330R": ("R_0805_2012Metric", "Yageo", "RC0805FR-07330RL"),
    "10k": ("R_0805_2012Metric", "Yageo", "RC0805FR-0710KL"),
    "100nF": ("C_0805_2012Metric", "Samsung", "CL21B104KBCNNNC"),
    "10uF": ("C_0805_2012Metric", "Samsung", "CL21A106KAYNNNE"),
    "1000uF 10V": ("CP_Radial_D10.0mm_P5.00mm", "Panasonic", "EEU-FR1A102"),
    "XH-8 reader": ("JST_XH_B8B-XH-A_1x08_P2.50mm_Vertical", "JST", "B8B-XH-A(LF)(SN)"),
    "XH-8 panel": ("JST_XH_B8B-XH-A_1x08_P2.50mm_Vertical", "JST", "B8B-XH-A(LF)(SN)"),
    "XH-3 LEDs": ("JST_XH_B3B-XH-A_1x03_P2.50mm_Vertical", "JST", "B3B-XH-A(LF)(SN)"),
    "XH-4 buttons": ("JST_XH_B4B-XH-A_1x04_P2.50mm_Vertical", "JST", "B4B-XH-A(LF)(SN)"),
    "XH-2 5V in": ("JST_XH_B2B-XH-A_1x02_P2.50mm_Vertical", "JST", "B2B-XH-A(LF)(SN)"),
}


class Board:
    """Collects footprints, nets and the placement list."""

    def __init__(self, pcbnew):
        self.p = pcbnew
        self.board = pcbnew.BOARD()
        self.nets = {}
        self.placed = []
        ds = self.board.GetDesignSettings()
        ds.SetCopperLayerCount(2)
        self.board.SetCopperLayerCount(2)

    def mm(self, x, y):
        return self.p.wxPointMM(float(x), float(y))

    def net(self, name):
        if not name:
            return None
        if name not in self.nets:
            ni = self.p.NETINFO_ITEM(self.board, name)
            self.board.Add(ni)
            self.nets[name] = ni
        return self.nets[name]

    def footprint(self, ref, value, x, y, pads, outline, rot=0, label=None):
        """pads: (number, dx, dy, kind, w, h, drill, net) with kind 'rect', 'oval',
        'circle' (through-hole), 'smd' or 'hole' (unplated)."""
        p = self.p
        fp = p.FOOTPRINT(self.board)
        fp.SetReference(ref)
        fp.SetValue(value)
        fpname = PARTS[value][0] if value in PARTS else value
        fp.SetFPID(p.LIB_ID("tapete", fpname))
        self.board.Add(fp)
        smd = all(k == "smd" for _, _, _, k, _, _, _, _ in pads)
        fp.SetAttributes(p.FP_SMD if smd else p.FP_THROUGH_HOLE)
        for num, dx, dy, kind, w, h, drill, net in pads:
            pad = p.PAD(fp)
            pad.SetNumber(str(num))
            pad.SetSize(p.wxSizeMM(w, h))
            if kind == "smd":
                pad.SetAttribute(p.PAD_ATTRIB_SMD)
                pad.SetShape(p.PAD_SHAPE_RECT)
                pad.SetLayerSet(pad.SMDMask())
            elif kind == "hole":
                pad.SetAttribute(p.PAD_ATTRIB_NPTH)
                pad.SetShape(p.PAD_SHAPE_CIRCLE)
                pad.SetDrillSize(p.wxSizeMM(drill, drill))
                pad.SetLayerSet(pad.UnplatedHoleMask())
            else:
                pad.SetAttribute(p.PAD_ATTRIB_PTH)
                pad.SetShape({"rect": p.PAD_SHAPE_RECT, "oval": p.PAD_SHAPE_OVAL,
                              "circle": p.PAD_SHAPE_CIRCLE}[kind])
                pad.SetDrillSize(p.wxSizeMM(drill, drill))
                pad.SetLayerSet(pad.PTHMask())
            pad.SetPos0(self.mm(dx, dy))
            pad.SetPosition(self.mm(dx, dy))
            if net:
                pad.SetNet(self.net(net))
            fp.Add(pad)
        x0, y0, x1, y1 = outline
        for layer, grow, width in ((p.F_SilkS, 0.1, 0.12), (p.F_CrtYd, 0.3, 0.05)):
            for a, b in (((x0, y0), (x1, y0)), ((x1, y0), (x1, y1)), ((x1, y1), (x0, y1)),
                         ((x0, y1), (x0, y0))):
                s = p.FP_SHAPE(fp)
                s.SetShape(p.SHAPE_T_SEGMENT)
                s.SetLayer(layer)
                s.SetWidth(p.FromMM(width))
                gx = lambda v, lo, hi: v - grow if v == lo else v + grow  # noqa: E731
                s.SetStart0(self.mm(gx(a[0], x0, x1), gx(a[1], y0, y1)))
                s.SetEnd0(self.mm(gx(b[0], x0, x1), gx(b[1], y0, y1)))
                fp.Add(s)
        ref_t = fp.Reference()
        ref_t.SetTextSize(p.wxSizeMM(1.0, 1.0))
        ref_t.SetTextThickness(p.FromMM(0.15))
        ref_t.SetPos0(self.mm((x0 + x1) / 2, y0 - 1.2 if y0 > -3 else (y0 + y1) / 2))
        fp.Value().SetVisible(False)
        fp.Value().SetLayer(p.F_Fab)
        if label:
            t = p.FP_TEXT(fp)
            t.SetText(label)
            t.SetLayer(p.F_SilkS)
            t.SetTextSize(p.wxSizeMM(1.4, 1.4))
            t.SetTextThickness(p.FromMM(0.22))
            t.SetPos0(self.mm((x0 + x1) / 2, y1 + 1.6))
            fp.Add(t)
        fp.SetPosition(self.mm(x, y))
        if rot:
            fp.SetOrientationDegrees(rot)
        fp.Reference().SetTextAngle(0)
        if value in PARTS:
            self.placed.append({"ref": ref, "value": value, "footprint": PARTS[value][0],
                                "mfr": PARTS[value][1], "mpn": PARTS[value][2],
                                "x": x, "y": y, "rot": rot})
        return fp


def header(nets, pitch=2.5, drill=1.0, size=(1.7, 2.0)):
    """A row of through-hole pins along x (JST-XH: pad 1 square)."""
    return [(i + 1, i * pitch, 0, "rect" if i == 0 else "oval", size[0], size[1], drill, n)
            for i, n in enumerate(nets)]


def xh(b, ref, value, x, y, nets, label, flip=False):
    """A JST-XH connector centred on (x, y); `flip` turns it to face the bottom edge."""
    n = len(nets)
    span = (n - 1) * 2.5
    pads = [(num, dx - span / 2, dy, k, w, h, d, net)
            for num, dx, dy, k, w, h, d, net in header(nets)]
    return b.footprint(ref, value, x, y, pads, (-span / 2 - 2.45, -2.35, span / 2 + 2.45, 3.4),
                       rot=180 if flip else 0, label=label)


def soic14(b, ref, value, x, y, nets):
    """SOIC-14: pins 1..7 down the left, 8..14 up the right."""
    pads = []
    for i in range(7):
        pads.append((i + 1, -2.475, -3.81 + i * 1.27, "smd", 1.95, 0.6, 0, nets[i]))
        pads.append((14 - i, 2.475, -3.81 + i * 1.27, "smd", 1.95, 0.6, 0, nets[13 - i]))
    return b.footprint(ref, value, x, y, pads, (-3.7, -4.6, 3.7, 4.6))


def two_pin(b, ref, value, x, y, a, c, rot=0):
    """0805 resistor or capacitor (pad 1 left)."""
    pads = [(1, -0.95, 0, "smd", 1.0, 1.45, 0, a), (2, 0.95, 0, "smd", 1.0, 1.45, 0, c)]
    return b.footprint(ref, value, x, y, pads, (-1.7, -1.0, 1.7, 1.0), rot=rot)


def build(pcbnew, pm):
    """The whole board: (BOARD, list of placed parts for the BOM and CPL)."""
    b = Board(pcbnew)
    p = pcbnew
    r, e, led, btn = pm["rfid"], pm["eink"], pm["leds"], pm["buttons"]
    cs = pinmap.chip_selects(pm, 12)
    hp = pinmap.HEADER_PIN
    # Pico net of each header pin, from the pin map
    pico = {n: "GND" for n in GND_PINS}
    pico.update({36: "+3V3", 39: "VSYS"})
    role = {r["spi"]["sck"]: "RD_SCK_PICO", r["spi"]["mosi"]: "RD_MOSI_PICO",
            r["spi"]["miso"]: "RD_MISO", r["reset"]: "RD_RST",
            e["spi"]["sck"]: "EPD_CLK", e["spi"]["mosi"]: "EPD_DIN", e["cs"]: "EPD_CS",
            e["dc"]: "EPD_DC", e["rst"]: "EPD_RST", e["busy"]: "EPD_BUSY",
            led["data"]: "LED_3V3", btn["menu"]: "BTN_MENU", btn["confirm"]: "BTN_CONFIRM",
            btn["undo"]: "BTN_UNDO"}
    for seat, g in enumerate(cs):
        role[g] = "S%d_CS" % seat
    for g, name in role.items():
        pico[hp[g]] = name
    # Pico: two rows 17.78 mm apart, pin 1 top-left, 1..20 down, 21..40 up.
    pads = []
    for n in range(1, 41):
        col, row = (0, n - 1) if n <= 20 else (1, 40 - n)
        pads.append((n, col * 17.78, row * 2.54, "rect" if n == 1 else "circle", 1.6, 1.6, 1.0,
                     pico.get(n)))
    b.footprint("U1", "Pico", 14, 26, pads, (-1.6, -1.4, 19.38, 49.66), label="Pico / Pico W / Pico 2")
    # bus resistors by the Pico
    two_pin(b, "R1", "33R", 44, 30, "RD_SCK_PICO", "RD_SCK")
    two_pin(b, "R2", "33R", 44, 34, "RD_MOSI_PICO", "RD_MOSI")
    two_pin(b, "R3", "10k", 44, 38, "RD_MISO", "+3V3")
    # MISO buffers: one 74HC125 gate per reader, /OE = that reader's CS
    for u in range(3):
        nets = [None] * 14
        for k in range(4):
            seat = 4 * u + k
            oe, a, y = ((1, 2, 3), (4, 5, 6), (10, 9, 8), (13, 12, 11))[k]
            nets[oe - 1], nets[a - 1], nets[y - 1] = "S%d_CS" % seat, "S%d_MISO" % seat, "RD_MISO"
        nets[6], nets[13] = "GND", "+3V3"
        ux, uy = 56 + 22 * u, 50
        soic14(b, "U%d" % (2 + u), "74HC125", ux, uy, nets)
        two_pin(b, "C%d" % (1 + u), "100nF", ux, uy - 7, "+3V3", "GND")
    # LED level shifter: gate 1 used, gates 2..4 disabled with inputs to GND
    nets = ["GND", "LED_3V3", "LED_5V", "+5V", "GND", None, "GND", None, "GND", "+5V",
            None, "GND", "+5V", "+5V"]
    soic14(b, "U5", "74AHCT125", 124, 50, nets)
    two_pin(b, "C4", "100nF", 124, 43, "+5V", "GND")
    two_pin(b, "R4", "330R", 136, 50, "LED_5V", "LED_DIN", rot=90)
    cp = [(1, 0, 0, "rect", 2.0, 2.0, 1.0, "+5V"), (2, 5.0, 0, "circle", 2.0, 2.0, 1.0, "GND")]
    b.footprint("C5", "1000uF 10V", 138, 66, cp, (-2.5, -5.2, 7.5, 5.2))
    # the readers' own supply above six seats: AMS1117-3.3 from 5 V
    reg = [(1, -2.3, 3.15, "smd", 1.0, 2.0, 0, "GND"), (2, 0, 3.15, "smd", 1.0, 2.0, 0, "+3V3_READERS"),
           (3, 2.3, 3.15, "smd", 1.0, 2.0, 0, "+5V"), (2, 0, -3.15, "smd", 3.6, 2.0, 0, "+3V3_READERS")]
    b.footprint("U6", "AMS1117-3.3", 56, 70, reg, (-3.4, -4.3, 3.4, 4.3), label="readers S6-S11")
    two_pin(b, "C6", "10uF", 64, 68, "+5V", "GND", rot=90)
    two_pin(b, "C7", "10uF", 68, 68, "+3V3_READERS", "GND", rot=90)
    # 5 V in -> VSYS through a Schottky diode (Pico datasheet: VSYS from an external supply)
    xh(b, "J13", "XH-2 5V in", 5.5, 86, ["+5V", "GND"], "5V IN", flip=False)
    dio = [(1, -2.0, 0, "smd", 1.5, 1.7, 0, "VSYS"), (2, 2.0, 0, "smd", 1.5, 1.7, 0, "+5V")]
    b.footprint("D1", "SS14", 36, 80, dio, (-3.0, -1.5, 3.0, 1.5), label="K-VSYS")
    # reader connectors: S0..S5 along the top edge, S6..S11 along the bottom
    for seat in range(12):
        top = seat < 6
        x = 20 + (seat % 6) * 24
        y = 5.0 if top else H - 5.0
        vcc = "+3V3" if seat < LOCAL_SUPPLY else "+3V3_READERS"
        nets = {"CS": "S%d_CS" % seat, "SCK": "RD_SCK", "MOSI": "RD_MOSI",
                "MISO": "S%d_MISO" % seat, "IRQ": None, "GND": "GND", "RST": "RD_RST",
                "3V3": vcc}
        xh(b, "J%d" % (1 + seat), "XH-8 reader", x, y, [nets[k] for k in READER_PINS],
           "S%d" % seat, flip=not top)
        cy = y + 8 if top else y - 8
        two_pin(b, "C%d" % (10 + 2 * seat), "10uF", x - 3, cy, vcc, "GND")
        two_pin(b, "C%d" % (11 + 2 * seat), "100nF", x + 3, cy, vcc, "GND")
    # panel, LEDs, buttons along the right edge (connectors turned to face outwards)
    xh(b, "J14", "XH-8 panel", W - 5.0, 30, list(PANEL_PINS), "PANEL")
    b.board.FindFootprintByReference("J14").SetOrientationDegrees(270)
    xh(b, "J15", "XH-3 LEDs", W - 5.0, 58, ["+5V", "LED_DIN", "GND"], "LEDS")
    b.board.FindFootprintByReference("J15").SetOrientationDegrees(270)
    xh(b, "J16", "XH-4 buttons", W - 5.0, 78, ["BTN_MENU", "BTN_CONFIRM", "BTN_UNDO", "GND"],
       "BUTTONS")
    b.board.FindFootprintByReference("J16").SetOrientationDegrees(270)
    for pl in b.placed:
        if pl["ref"] in ("J14", "J15", "J16"):
            pl["rot"] = 270
    # M3 mounting holes in the corners
    for i, (hx, hy) in enumerate(((4, 4), (W - 4, 4), (4, H - 4), (W - 4, H - 4))):
        b.footprint("H%d" % (i + 1), "MountingHole_3.2mm_M3", hx, hy,
                    [(1, 0, 0, "hole", 3.2, 3.2, 3.2, None)], (-3.2, -3.2, 3.2, 3.2))
    # outline
    for a, c in (((0, 0), (W, 0)), ((W, 0), (W, H)), ((W, H), (0, H)), ((0, H), (0, 0))):
        s = p.PCB_SHAPE(b.board)
        s.SetShape(p.SHAPE_T_SEGMENT)
        s.SetLayer(p.Edge_Cuts)
        s.SetWidth(p.FromMM(0.1))
        s.SetStart(b.mm(*a))
        s.SetEnd(b.mm(*c))
        b.board.Add(s)
    t = p.PCB_TEXT(b.board)
    t.SetText("tapete carrier - issue 40 - pins from hardware/pinmap.json")
    t.SetLayer(p.F_SilkS)
    t.SetTextSize(p.wxSizeMM(1.5, 1.5))
    t.SetTextThickness(p.FromMM(0.25))
    t.SetPosition(b.mm(W / 2 + 10, H / 2 + 14))
    b.board.Add(t)
    return b.board, b.placed

