"""tapete_core (the CPython extension) agrees with the pure-Python rules."""
import pytest

from . import diffcheck as D

core = pytest.importorskip("tapete_core", reason="the C extension is not built (pip install -e .)")

GAMES = ("malilla", "manille")


@pytest.mark.parametrize("name", GAMES)
def test_legal_forbidden_verdict_winner_points_agree(name):
    assert D.check_rules(core, name, 10000, seed=11) == 10000


@pytest.mark.parametrize("name", GAMES)
def test_solver_agrees_on_small_endings(name):
    table = bytearray(1 << 16)
    assert D.check_solver(core, name, 10000, seed=23, table=table) == 10000


@pytest.mark.parametrize("name", GAMES)
def test_claims_agree(name):
    if D.reference is None:
        pytest.skip("the pure-Python claim check (rules/solver.py) is not there")
    assert D.check_claims(core, name, 1500, seed=37, table=bytearray(1 << 14)) == 1500
