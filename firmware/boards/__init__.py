"""The boards the table runs on: the pin map (pins.py, generated), the Pico's buses
and drivers built from it (wiring.py), the Pico as a board (pico.py), the simulated
table as a board (sim.py, on chips/'s models), what both share (seats.py), and the
factory that picks one (factory.py)."""
