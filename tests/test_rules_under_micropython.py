"""Every rule test runs again inside the MicroPython unix port."""
import os

import pytest

from mpy import assert_module_passes, natmod_x64, run_script

HERE = os.path.dirname(os.path.abspath(__file__))
MODULES = sorted(f[:-3] for f in os.listdir(os.path.join(HERE, "game_rules"))
                 if f.startswith("test_") and f.endswith(".py"))


@pytest.mark.parametrize("module", MODULES)
def test_rule_tests_pass_under_micropython(module):
    assert_module_passes("game_rules." + module)


@pytest.fixture(scope="module")
def native_path():
    path, reason = natmod_x64()
    if path is None:
        pytest.skip(reason)
    return path


@pytest.mark.parametrize("module", MODULES)
def test_rule_tests_pass_under_micropython_with_the_native_module(module, native_path):
    proc = run_script(["-c", "from rules import games; print(type(games.get('malilla').hot).__name__)"],
                      [native_path])
    assert proc.stdout.split() == ["Native"], proc.stdout + proc.stderr
    assert_module_passes("game_rules." + module, [native_path], heapsize="8M")
