"""Shared pytest setup: the test folder and firmware/ are importable."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
