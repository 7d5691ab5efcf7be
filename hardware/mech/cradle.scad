// Reader cradle: holds one RC522 module (40 x 60 x 1.6 mm) under the table top, its flat
// back (no parts) toward the wood, in a pocket routed from below. The rim rests on the
// pocket's ceiling; the module's antenna copper then lies
//   skin + gap + pcb  below the playing surface  (ASSEMBLY.md 1: 2-5 mm; default 4).
// Flanges outside the antenna take nylon or wood screws into the underside.
// Parameters (openscad -D name=value; hardware/gen_mech.py passes them):
module_w = 40;     // mm, RC522 module (ASSEMBLY.md, table.svg)
module_l = 60;
pcb = 1.6;         // module's board thickness
skin = 2;          // wood left over the pocket
gap = 0.4;         // rim to the module's back
table = 10;        // table top thickness: pocket depth = table - skin
fit = 0.4;         // clearance around the module
wall = 2.4;
ledge = 2;         // the module rests on these ledges (components hang below, between them)
parts = 6;         // room under the module for its crystal, chip and header
screw = 3.4;       // screw holes in the flanges
flange = 10;

pocket = max(0, table - skin);
iw = module_w + 2 * fit; il = module_l + 2 * fit;
ow = iw + 2 * wall; ol = il + 2 * wall;
h = gap + pcb + parts + 2;                  // body height from the rim down
$fn = 32;

difference() {
    union() {
        translate([-ow / 2, -ol / 2, 0]) cube([ow, ol, h]);
        // flanges at the depth of the table's underside (rim at z = h is the ceiling)
        translate([-ow / 2 - flange, -ol / 2, h - pocket - 3]) cube([ow + 2 * flange, 16, 3]);
        translate([-ow / 2 - flange, ol / 2 - 16, h - pocket - 3]) cube([ow + 2 * flange, 16, 3]);
    }
    // the module's seat, from the rim down to the ledges
    translate([-iw / 2, -il / 2, h - gap - pcb]) cube([iw, il, gap + pcb + 1]);
    // between the ledges: room for the parts, open through the floor for air and the cable
    translate([-iw / 2 + ledge, -il / 2 + ledge, -1]) cube([iw - 2 * ledge, il - 2 * ledge, h]);
    // the header end (cable side): a slot through the wall
    translate([-iw / 2 + 6, -ol / 2 - 1, -1]) cube([iw - 12, wall + 2, h - gap - pcb + 1]);
    for (sx = [-1, 1], sy = [-1, 1])
        translate([sx * (ow / 2 + flange / 2), sy * (ol / 2 - 8), -50]) cylinder(d = screw, h = 100);
}
