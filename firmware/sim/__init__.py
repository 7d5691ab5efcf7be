"""Simulated hardware for tapete: fake buses, pins and chip models.

Runs under the MicroPython unix port (and CPython). The drivers talk to these
objects exactly as they talk to machine.SPI / machine.Pin on the Pico.
"""
