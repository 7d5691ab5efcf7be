"""The rule module's imports: no cycle among the files of firmware/rules, and the
games name the match's phases from the leaf rules/phases.py, never by importing
rules/match.py inside a function (issue 15, item 2). CPython only: it reads the
files with `ast`."""
import ast
import os

from test_host_imports import find_cycle

RULES = os.path.join(os.path.dirname(__file__), "..", "firmware", "rules")


def _modules():
    """(dotted name inside rules, tree) of every file of firmware/rules and its
    packages (games, games.mus: a package is its __init__.py)."""
    for here, dirs, names in os.walk(RULES):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        package = os.path.relpath(here, RULES).replace(os.sep, ".").strip(".")
        for name in sorted(names):
            if name.endswith(".py"):
                with open(os.path.join(here, name)) as f:
                    tree = ast.parse(f.read(), name)
                dotted = package if name == "__init__.py" else ".".join(p for p in (package, name[:-3]) if p)
                tree.package = package      # what its relative imports start from
                yield dotted, tree


def _relative(node, package=""):
    """The rules modules a relative import statement names (dotted inside rules)."""
    if not isinstance(node, ast.ImportFrom) or not node.level:
        return []
    up = package.split(".") if package else []
    up = up[:len(up) - (node.level - 1)]
    if node.module:
        return [".".join(up + node.module.split("."))]
    return [".".join(up + [a.name]) for a in node.names]


def _top_level_imports(tree):
    """Imports run when the module loads (module level, and inside its if/try)."""
    found = []
    todo = list(tree.body)
    while todo:
        node = todo.pop()
        found += _relative(node, tree.package)
        if isinstance(node, (ast.If, ast.Try)):
            todo += node.body + node.orelse + getattr(node, "finalbody", [])
            for h in getattr(node, "handlers", []):
                todo += h.body
    return found


def test_no_import_cycle_in_the_rules():
    graph = {name: set(_top_level_imports(tree)) for name, tree in _modules()}
    found = find_cycle(graph)
    assert found is None, "import cycle: " + " -> ".join(found)


def _all_imports(tree):
    """Every rules module a file imports, at load or inside a function."""
    found = []
    for node in ast.walk(tree):
        found += _relative(node, tree.package)
    return found


def test_no_import_cycle_in_the_rules_counting_imports_inside_functions():
    # No exception: a Mus hand alone gets its description from rules/games/mus's
    # hand_alone, so rules/games/mus/hand.py never imports the Mus game back.
    graph = {name: set(_all_imports(tree)) for name, tree in _modules()}
    found = find_cycle(graph)
    assert found is None, "import cycle: " + " -> ".join(found)


def test_the_cycle_finder_finds_one():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def test_phases_is_a_leaf_and_nobody_imports_match_for_a_phase():
    trees = dict(_modules())
    assert not [n for n in ast.walk(trees["phases"]) if isinstance(n, (ast.Import, ast.ImportFrom))]
    late = []
    for name, tree in trees.items():
        for fn in ast.walk(tree):
            if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                for node in ast.walk(fn):
                    if "match" in _relative(node, tree.package):
                        late.append(name + ":" + str(node.lineno))
    assert late == [], "rules/match.py imported inside functions at " + ", ".join(late)


def test_match_still_answers_for_its_phases():
    # Readers outside the rules (the table, the host) say match.PLAY: the same numbers.
    from tapete.rules import match, phases
    for word in phases.PHASE_WORDS:
        assert getattr(match, word.upper()) == getattr(phases, word.upper())
    assert match.PHASE_WORDS is phases.PHASE_WORDS
