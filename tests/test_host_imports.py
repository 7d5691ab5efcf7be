"""The host package's imports: no cycle among the modules of host/tapete, counting
the imports inside functions too, and no import against its layers (the folders):
cli -> event -> room -> views -> sim -> judge -> log -> the foundation (errors, i18n) -> the
rule module. A function-level import that closes a circle or reaches up still ties
the layers together: whoever edits one end breaks the other. CPython only: it reads
the files with `ast`."""
import ast
import os

from import_graph import first_circle

HOST = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "host", "tapete")


def _modules():
    """{dotted name inside tapete: path} of every .py file of the host package."""
    found = {}
    for folder, _dirs, files in os.walk(HOST):
        for name in files:
            if name.endswith(".py"):
                path = os.path.join(folder, name)
                parts = os.path.relpath(path, HOST)[:-3].split(os.sep)
                if parts[-1] == "__init__":
                    parts = parts[:-1]
                found[".".join(parts)] = path
    return found


def _targets(module, is_package, node, known):
    """The host modules an import statement names (tapete.rules is not one: it is
    firmware/rules, checked by test_rule_imports.py)."""
    if isinstance(node, ast.Import):
        names = [a.name[len("tapete."):] for a in node.names if a.name.startswith("tapete.")]
        return [n for n in names if n in known]
    if not isinstance(node, ast.ImportFrom):
        return []
    if node.level == 0:
        if node.module == "tapete":
            base = ""
        elif node.module and node.module.startswith("tapete."):
            base = node.module[len("tapete."):]
        else:
            return []
    else:
        package = module.split(".") if is_package else module.split(".")[:-1]
        package = package[:len(package) - (node.level - 1)]
        base = ".".join([p for p in package if p] + ([node.module] if node.module else []))
    out = []
    for alias in node.names:
        whole = base + "." + alias.name if base else alias.name
        if whole in known:
            out.append(whole)       # `from . import web`: the module itself
        elif base in known:
            out.append(base)
    return out


def import_graph():
    """{module: set of host modules it imports anywhere in its file}."""
    known = _modules()
    graph = {}
    for module, path in known.items():
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read(), path)
        is_package = path.endswith("__init__.py")
        deps = set()
        for node in ast.walk(tree):     # every statement: module level and in functions
            deps.update(_targets(module, is_package, node, known))
        deps.discard(module)
        graph[module] = deps
    return graph


def find_cycle(graph):
    """One import cycle of `graph` as a list of modules (the first repeated at its
    end), or None."""
    return first_circle(graph)


def test_no_import_cycle_in_the_host_package():
    cycle = find_cycle(import_graph())
    assert cycle is None, "import cycle: " + " -> ".join(cycle)


def test_the_graph_sees_imports_inside_functions():
    graph = import_graph()
    # the replay verb picks the front-ends inside cmd_replay, the web board imports the
    # recording inside a follower's method: both are edges of the graph
    assert {"views.replay", "views.terminal", "views.web"} <= graph["cli.replay"]
    assert "log.recording" in graph["views.web"]


# The host's layers, top to bottom: a module may import its own layer and those
# below it, never one above. The top-level modules (the package itself, errors,
# i18n) are the foundation every layer may use; the rule module (tapete.rules,
# firmware/rules) is below them all and is checked by test_rule_imports.py. An entry
# point (`python -m tapete.sim`'s __main__) stands outside the layers, as the console
# script does.
LAYERS = ("cli", "event", "room", "views", "sim", "judge", "log")


def layer_of(module):
    """The index of a module's layer in LAYERS (len(LAYERS): the foundation), or None
    for an entry point."""
    if module.split(".")[-1] == "__main__":
        return None
    top = module.split(".")[0]
    return LAYERS.index(top) if top in LAYERS else len(LAYERS)


def against_the_layers(graph):
    """Every import that reaches up: [(module, imported)]."""
    wrong = []
    for module, deps in sorted(graph.items()):
        here = layer_of(module)
        if here is None:
            continue
        wrong += [(module, d) for d in sorted(deps) if layer_of(d) is not None and layer_of(d) < here]
    return wrong


def test_every_module_is_in_a_layer_or_the_foundation():
    foundation = sorted(m for m in import_graph() if layer_of(m) == len(LAYERS))
    assert foundation == ["", "errors", "i18n"], foundation


def test_the_layers():
    wrong = against_the_layers(import_graph())
    assert not wrong, "imports against the layer order %s: %s" % (
        " -> ".join(LAYERS), ", ".join("%s imports %s" % w for w in wrong))


def test_the_layer_check_catches_an_import_upwards():
    graph = {"log.store": {"views.state"}, "views.state": {"log.store"}, "cli.sim": {"views.state"},
             "sim.__main__": {"cli"}, "cli": set(), "i18n": set(), "judge.audit": {"i18n"}}
    assert against_the_layers(graph) == [("log.store", "views.state")]


def test_find_cycle_finds_one():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set(), "c": {"a", "b"}}) is None
