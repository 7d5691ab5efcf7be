"""Scratch paths for the tests that run inside micropython: under $TAPETE_TMP, a
folder tests/mpy.py makes for each run, so test runs side by side (CI, several
checkouts) never share files."""
import os


def path(name):
    """`name` inside this run's scratch folder (/tmp when run by hand)."""
    return (os.getenv("TAPETE_TMP") or "/tmp") + "/" + name
