// 1:1 drilling and routing template of the table top, seen from above as table.svg draws
// it (print it mirrored to mark the underside): the outline, one pocket per reader (the
// cradle's body), the LED holes, the panel's window and the buttons. Seat 0 at the
// bottom, seats clockwise. The SVG is in mm (OpenSCAD writes width="...mm").
seats = 4;
r = 300; d = 900;                // from hardware/gen_table.py geometry(seats)
pocket_w = 45.6; pocket_l = 65.6; // the cradle's body (cradle.scad ow x ol)
led_from_reader = 90; led_pitch = 16; led_hole = 5;
panel_w = 84.8; panel_l = 63.6;
button = 12;
$fn = 64;

difference() {
    circle(d = d);
    for (s = [0:seats - 1]) {
        a = -90 - 360 * s / seats;   // SVG's y runs down: this is table.svg's clockwise
        rotate(a) translate([r, 0]) square([pocket_l, pocket_w], center = true);
        rotate(a) for (j = [-1:1]) translate([r + led_from_reader, j * led_pitch]) circle(d = led_hole);
        rotate(a) translate([r - pocket_l / 2 - 14, 0]) rotate(-90)
            rotate(180) text(str("S", s), size = 10, halign = "center", valign = "center");
    }
    square([panel_w, panel_l], center = true);
    for (j = [0:2]) translate([panel_w / 2 + 12 + 14 * j, -panel_l / 2]) circle(d = button);  // SVG y down
    circle(d = 2);    // the centre mark
}
