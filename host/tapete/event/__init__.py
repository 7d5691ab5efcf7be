"""The organiser's layer: an event (its players, pairs or teams, its format and
tie-breaks, the results round by round) and the formats clubs run.

It sits between the command line (cli/event.py) and the room: the room will show
what it computes, the command line edits its file. Each format is a module with the
same three names (formats.py lists them): SETTINGS, the keys of its settings with
their defaults; next_round(event), the next round's tables; ranking(event), the rows.
"""
