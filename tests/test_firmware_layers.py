"""The firmware's folders are its layers: no import circle anywhere in firmware/,
and no import against the layer order (issue 34). CPython only: it reads every
firmware file with `ast`, imports at load and inside functions alike (the table
imports its rare parts late), MicroPython's top-level names (`from rules.games
import truc`, `from boards import factory`), relative imports, and the two imports
by name (drivers.once, the panel's language tables).

The layers, from the top; a file imports its own layer or those below it:

    main, selftest      the entries: the table on its board; the bring-up self-test
    table               the controller: app, controller, menu, journal, restore, ...
    table.io            the serial link, the host's commands, the room's MQTT client
    table.panel         the e-ink pictures and their words: a leaf of the table, it
                        reads nothing of it but the phase numbers below
    table.phases        the table's phase numbers (the match's and its own three)
    boards              the pin map, the Pico's wiring, the Pico or the simulated
                        table as a board, and the factory that picks one
    reader              the seats' readers scanned into events, the deck, enrolment
    drivers             MFRC522, e-ink, LEDs, buttons: each on the bus it is given
    chips               the register-level chip models, imported by the simulated
                        board alone (and the tests and tools, outside firmware/)
    room_topics         the room's MQTT topic templates (the host reads them too)
    rules               the rule module, the bottom: it imports nothing of the others

firmware/native/ holds C, no Python: nothing of it is imported by name here.
"""
import ast
import os

from import_graph import first_circle

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")

# (layer, the dotted prefixes that are in it), top first. The longest prefix wins:
# table.io is its own layer, not the table's.
LAYERS = (
    ("entries", ("main", "selftest")),
    ("table", ("table",)),
    ("table.io", ("table.io",)),
    ("table.panel", ("table.panel",)),
    ("table.phases", ("table.phases",)),
    ("boards", ("boards",)),
    ("reader", ("reader",)),
    ("drivers", ("drivers",)),
    ("chips", ("chips",)),
    ("room_topics", ("room_topics",)),
    ("rules", ("rules",)),
)

# The chip models are the simulation: on the board only through the simulated one.
CHIPS_USED_BY = ("boards.sim",)


def firmware_files():
    """{dotted module: firmware-relative path} of every .py of firmware/ (a package
    is its __init__.py)."""
    found = {}
    for here, dirs, names in os.walk(FIRMWARE):
        dirs[:] = sorted(d for d in dirs if d not in ("__pycache__", "native"))
        for name in sorted(names):
            if name.endswith(".py"):
                rel = os.path.relpath(os.path.join(here, name), FIRMWARE)
                parts = rel[:-3].split(os.sep)
                if parts[-1] == "__init__":
                    parts = parts[:-1]
                found[".".join(parts)] = rel
    return found


def _package(module, rel):
    """The package a module's relative imports start from."""
    if rel.endswith("__init__.py"):
        return module
    return module.rpartition(".")[0]


def _text(node, known):
    """(the constant start of a string expression, whether that is all of it), or
    None: "table.panel." + name, with name = "lang_" + lang, starts "table.panel.lang_"."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value, True
    if isinstance(node, ast.Name):
        return known.get(node.id)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left = _text(node.left, known)
        if left is None or not left[1]:
            return left
        right = _text(node.right, known)
        return (left[0], False) if right is None else (left[0] + right[0], right[1])
    return None


def imports(module, rel, tree, modules):
    """[(line, firmware module imported)] of one file: what each import statement
    loads that the file's own packages have not loaded already."""
    package = _package(module, rel)
    mine = module.split(".")
    found = []
    known = {}                                  # names given a string expression
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            text = _text(node.value, {})
            if text is not None:
                known[node.targets[0].id] = text

    def add(name, line):
        # `import a.b.c` runs a, a.b and a.b.c; the packages above the importer are
        # loaded before it runs, so they are no new import.
        parts = name.split(".")
        for i in range(1, len(parts) + 1):
            whole = ".".join(parts[:i])
            if whole in modules and whole != module and not (parts[:i] == mine[:i] and i < len(mine)):
                found.append((line, whole))

    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                add(a.name, node.lineno)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                up = package.split(".") if package else []
                up = up[:len(up) - (node.level - 1)]
                base = ".".join(up + ([node.module] if node.module else []))
            else:
                base = node.module
            named = [base + "." + a.name if base else a.name for a in node.names]
            subs = [n for n in named if n in modules]
            if len(subs) < len(named):          # a name the module (or package) defines
                add(base, node.lineno)
                if base in mine[:-1] or base == package and base in modules and base != module:
                    found.append((node.lineno, base))   # even from its own package
            for n in subs:
                add(n, node.lineno)
        elif isinstance(node, ast.Call) and node.args:
            fn = getattr(node.func, "id", None)
            text = _text(node.args[0], known) if fn in ("once", "__import__") else None
            if text is None or text == (module + ".", False):
                continue        # drivers.once itself: any driver, counted where it is called
            name = ("drivers." if fn == "once" else "") + text[0]   # drivers.once("eink_setup")
            for m in [name] if text[1] else [m for m in modules if m.startswith(name)]:
                add(m, node.lineno)         # __import__: the panel's language tables by name
    return found


def import_graph(files=None):
    """{module: [(line, module imported)]} of the whole firmware."""
    files = files or firmware_files()
    graph = {}
    for module, rel in files.items():
        with open(os.path.join(FIRMWARE, rel), encoding="utf-8") as f:
            tree = ast.parse(f.read(), rel)
        graph[module] = imports(module, rel, tree, files)
    return graph


def find_circle(graph):
    """One circle of `graph` ({module: [(line, module)]}) as a list of modules, the
    first repeated at its end; None when there is none."""
    return first_circle(dict((name, [m for _line, m in edges]) for name, edges in graph.items()))


def layer_of(module):
    """(rank from the top, layer name) of a firmware module; None when no layer has it."""
    best = None
    for rank, (name, prefixes) in enumerate(LAYERS):
        for p in prefixes:
            if module == p or module.startswith(p + "."):
                if best is None or len(p) > best[2]:
                    best = (rank, name, len(p))
    return best[:2] if best else None


def against_the_order(graph):
    """[(module, line, module imported, why)] of every import that goes up a layer,
    or reaches the chip models from anywhere but the simulated board."""
    bad = []
    for module in sorted(graph):
        here = layer_of(module)
        for line, dep in graph[module]:
            there = layer_of(dep)
            if here and there and there[0] < here[0]:
                bad.append((module, line, dep, "%s imports %s, a layer above it" % (here[1], there[1])))
            elif there and there[1] == "chips" and here[1] != "chips" and module not in CHIPS_USED_BY:
                bad.append((module, line, dep, "the chip models are for the simulated board alone"))
    return bad


def _say(bad):
    files = firmware_files()
    return "\n".join("firmware/%s:%d imports %s: %s" % (files.get(m, m), line, dep, why)
                     for m, line, dep, why in bad)


def test_every_firmware_file_has_a_layer():
    assert [m for m in firmware_files() if layer_of(m) is None] == []


def test_no_import_circle_in_the_firmware():
    found = find_circle(import_graph())
    assert found is None, "import circle: " + " -> ".join(found)


def test_every_import_follows_the_layer_order():
    bad = against_the_order(import_graph())
    assert not bad, "imports against the layer order:\n" + _say(bad)


def test_the_panel_is_a_leaf_of_the_table():
    # Of the table, the screens read only the phase numbers: never the controller,
    # the menu or the link (the order says so too; this names it).
    graph = import_graph()
    out = [(m, dep) for m in graph if m.startswith("table.panel") for _line, dep in graph[m]
           if dep.startswith("table") and not dep.startswith("table.panel") and dep != "table.phases"]
    assert out == []


def test_the_graph_sees_every_kind_of_import():
    graph = import_graph()
    deps = dict((m, set(d for _line, d in graph[m])) for m in graph)
    assert "rules.games.truc" in deps["rules.games"]                # lazy, relative, in a function
    assert "rules.games" in deps["table.menu"]                      # `from rules import games`
    assert "table.panel.lang_es" in deps["table.panel.say"]         # __import__ by name
    assert "drivers.eink_setup" in deps["drivers.eink"]             # drivers.once
    assert "reader.enrol" in deps["table.controller"] or "reader.enrol" in deps["table.menu"]
    assert "boards.sim" in deps["boards.factory"]                   # lazy, elsewhere than rp2
    assert "rules.errors" in deps["rules.games.mus"]                # `from ...errors import`


def test_the_checks_fail_on_a_forbidden_import_and_on_a_circle():
    graph = import_graph()
    # rules, the bottom, importing the controller: against the order, and a circle
    # (the controller imports rules.match).
    graph["rules.cards"] = graph["rules.cards"] + [(1, "table.controller")]
    bad = against_the_order(graph)
    assert [(m, dep) for m, _line, dep, _why in bad] == [("rules.cards", "table.controller")]
    assert find_circle(graph) is not None
    # a screen importing the menu, the driver importing a chip model
    graph = import_graph()
    graph["table.panel.screen_menu"] = graph["table.panel.screen_menu"] + [(1, "table.menu")]
    graph["drivers.mfrc522"] = graph["drivers.mfrc522"] + [(1, "chips.mfrc522")]
    assert sorted((m, dep) for m, _line, dep, _why in against_the_order(graph)) == [
        ("drivers.mfrc522", "chips.mfrc522"), ("table.panel.screen_menu", "table.menu")]
