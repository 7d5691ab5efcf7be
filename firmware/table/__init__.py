"""The table application: seat readers -> rules -> lights, e-ink, journal, serial.

Files: phases (the phase words: the match's and the table's own), controller (the
phase machine, its phase read from the match; its rare parts, loaded when needed:
menu for setup and enrolment, restore for undo and resume, showing for the
showdown), signals (LEDs per verdict), journal (power loss), pacing, crash, app
(asyncio tasks). Folders: io/ (the serial link's framing, the host's commands,
resends, the room's MQTT client) and panel/ (the e-ink pictures and their words, a
leaf: it imports nothing of the table but the phase numbers). The board the table
runs on comes from firmware/boards/ (the Pico's parts or their simulations).
"""
