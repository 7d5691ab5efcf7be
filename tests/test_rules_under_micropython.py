"""Every rule test runs again inside the MicroPython unix port."""
import os

import pytest

from mpy import assert_module_passes

HERE = os.path.dirname(os.path.abspath(__file__))
MODULES = sorted(f[:-3] for f in os.listdir(os.path.join(HERE, "game_rules"))
                 if f.startswith("test_") and f.endswith(".py"))


@pytest.mark.parametrize("module", MODULES)
def test_rule_tests_pass_under_micropython(module):
    assert_module_passes("game_rules." + module)
