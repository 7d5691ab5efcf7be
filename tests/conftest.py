"""Shared pytest setup: the test folder and firmware/ are importable."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

# The tests read English words: a developer's own LANG (es_ES, ca_ES, ...) must not
# change what `tapete` prints under them (tests/host/views/test_i18n.py asks for the others).
os.environ["TAPETE_LANG"] = "en"
