"""The table application: seat readers -> rules -> lights, e-ink, journal, serial.

Files: phases (the phase words: the match's and the table's own), controller (the
phase machine, its phase read from the match; its rare parts,
loaded when needed: menu for setup and enrolment, host for commands, restore for
undo and resume), signals (LEDs per verdict), screen (e-ink layouts), link (serial
framing), journal (power loss), board / simboard (the Pico's parts or their
simulations), app (asyncio tasks).
"""
