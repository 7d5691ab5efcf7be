"""Build hook for the C rule core as a CPython extension (see firmware/native/)."""
from setuptools import setup

setup()
