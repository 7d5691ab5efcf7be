"""Simulated hardware for tapete at register level: the chips (MFRC522, SSD1680,
WS2812), the tags they read, the fake buses and pins they hang on, the simulated
clock they keep time by, and the simulated card table that puts them together.

Runs under the MicroPython unix port (and CPython). The drivers talk to these
objects exactly as they talk to machine.SPI / machine.Pin on the Pico. Only the
simulated board (boards/sim.py), the tests and the tools use them; never deployed.
"""
