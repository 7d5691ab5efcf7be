// Case for the carrier board (hardware/pcb) with the e-ink panel and the three buttons in
// its lid. part = "base" or "lid" (openscad -D 'part="lid"'); sizes from gen_mech.py.
part = "base";
board_w = 160; board_l = 100;      // hardware/pcb_parts.py W, H
hole = 4;                          // M3 holes this far in from each corner
panel_w = 103; panel_l = 78.5;     // Waveshare 4.2" module outline
view_w = 84.8; view_l = 63.6;      // its active area (the lid's window)
button = 12;                       // 12 mm push buttons
wall = 2.4; floor_ = 2; standoff = 5; inner_h = 22;
fit = 0.5;
$fn = 40;

iw = board_w + 2 * fit; il = board_l + 2 * fit;
ow = iw + 2 * wall; ol = il + 2 * wall;

module base() {
    difference() {
        translate([-ow / 2, -ol / 2, 0]) cube([ow, ol, floor_ + inner_h]);
        translate([-iw / 2, -il / 2, floor_]) cube([iw, il, inner_h + 1]);
        // cable slots above the reader connectors (top and bottom edges) and the right edge
        z = floor_ + standoff + 1.6;
        for (sy = [-1, 1]) translate([-board_w / 2 + 8, sy * (ol / 2) - wall, z])
            cube([board_w - 16, 2 * wall, 12]);
        translate([ow / 2 - 2 * wall, -il / 2 + 15, z]) cube([3 * wall, il - 30, 12]);
        translate([-ow / 2 - wall, il / 2 - 22, z]) cube([3 * wall, 14, 12]);   // 5 V in
    }
    for (sx = [-1, 1], sy = [-1, 1])
        translate([sx * (board_w / 2 - hole), sy * (board_l / 2 - hole), floor_ - 0.01])
            difference() { cylinder(d = 7, h = standoff); cylinder(d = 2.6, h = standoff + 1); }
}

module lid() {
    difference() {
        union() {
            translate([-ow / 2, -ol / 2, 0]) cube([ow, ol, 2]);
            translate([-iw / 2 + 0.2, -il / 2 + 0.2, 2]) difference() {   // a lip into the base
                cube([iw - 0.4, il - 0.4, 3]);
                translate([1.6, 1.6, -1]) cube([iw - 3.6, il - 3.6, 5]);
            }
        }
        translate([-25 - view_w / 2, -view_l / 2, -1]) cube([view_w, view_l, 4]);
        for (j = [0:2]) translate([42 + 14 * j, -20, -1]) cylinder(d = button, h = 4);
    }
    // the panel's pocket: a frame it drops into from inside
    translate([-25, 0, 2]) difference() {
        translate([-panel_w / 2 - 1.6, -panel_l / 2 - 1.6, 0]) cube([panel_w + 3.2, panel_l + 3.2, 3]);
        translate([-panel_w / 2 - fit, -panel_l / 2 - fit, -1]) cube([panel_w + 2 * fit, panel_l + 2 * fit, 5]);
    }
}

if (part == "base") base(); else lid();
