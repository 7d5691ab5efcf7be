"""The host package's imports: no cycle among the modules of host/tapete, counting
the imports inside functions too (issue 15, item 2). The layers: the model (the rule
module's fold, view.py, history.py, analysis.py, recording.py) -> the front-ends
(tui.py, web.py, the report) -> the commands (*_cli.py). A function-level import
that closes a circle still ties the layers together: whoever edits one end breaks
the other. CPython only: it reads the files with `ast`."""
import ast
import os

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
    done, path = set(), []

    def visit(name):
        if name in path:
            return path[path.index(name):] + [name]
        if name in done or name not in graph:
            return None
        path.append(name)
        for dep in sorted(graph[name]):
            found = visit(dep)
            if found:
                return found
        path.pop()
        done.add(name)
        return None

    for name in sorted(graph):
        found = visit(name)
        if found:
            return found
    return None


def test_no_import_cycle_in_the_host_package():
    cycle = find_cycle(import_graph())
    assert cycle is None, "import cycle: " + " -> ".join(cycle)


def test_the_graph_sees_imports_inside_functions():
    graph = import_graph()
    # host_cli picks the replay's front-ends inside cmd_replay, web imports the
    # recording inside a follower's method: both are edges of the graph
    assert {"replay", "tui", "web"} <= graph["host_cli"]
    assert "recording" in graph["web"]


def test_the_layers():
    graph = import_graph()
    model = ("view", "history", "analysis", "recording", "replay")
    front = ("tui", "web")
    for name in model:
        assert not graph[name] & set(front), (name, graph[name] & set(front))
    for name in model + front:
        assert not [d for d in graph[name] if d.endswith("_cli")], (name, graph[name])


def test_find_cycle_finds_one():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set(), "c": {"a", "b"}}) is None
