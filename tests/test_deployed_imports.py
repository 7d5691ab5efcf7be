"""What `make deploy` puts on the Pico can load there: every firmware file that a
deployed file imports (at load or inside a function, and by name through
drivers.once and the panel's languages) is itself deployed. A file left out of
mk/deploy.mk while a deployed one still imports it is an ImportError on the board
only, never on the host, whose rules see every file. CPython only: it reads the
files with `ast`, and the list from `make deploy-files`."""
import ast
import os
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")

# Imports inside a function that only what is not deployed ever calls: (the deployed
# file, the file it names) -> why the board never runs it.
OFF_THE_BOARD = {
    ("rules/games/mus/__init__.py", "rules/games/mus/random_play.py"):
        "Mus.random_call: random play, called by rules/playout.py (not deployed) alone",
    ("rules/games/wiezen/__init__.py", "rules/games/wiezen/random_play.py"):
        "Wiezen.random_call: random play, called by rules/playout.py (not deployed) alone",
    ("boards/factory.py", "boards/sim.py"):
        "factory.make: the simulated table, imported only where sys.platform is not rp2",
}


def deployed():
    """The firmware files `make deploy` copies, relative to firmware/."""
    out = subprocess.run(["make", "-s", "-C", ROOT, "--no-print-directory", "deploy-files"],
                         capture_output=True, text=True, check=True).stdout
    files = [line.strip() for line in out.splitlines() if line.strip()]
    assert files and all(f.startswith("firmware/") for f in files), out
    return set(os.path.relpath(os.path.join(ROOT, f), FIRMWARE) for f in files)


def source_of(module):
    """The firmware file of a dotted module name, or None (MicroPython's own modules,
    the native rule core, mqtt_as: nothing of firmware/)."""
    base = os.path.join(*module.split("."))
    for rel in (base + ".py", os.path.join(base, "__init__.py")):
        if os.path.exists(os.path.join(FIRMWARE, rel)):
            return rel
    return None


def _package(rel):
    """The dotted package a firmware file sits in ('' at the top)."""
    parts = rel[:-3].split(os.sep)
    return ".".join(parts[:-1])


def imported_modules(rel, tree):
    """Every dotted module a firmware file imports anywhere in it, with the line."""
    found = []
    package = _package(rel)

    def with_parents(name, line):
        parts = name.split(".")
        for i in range(1, len(parts) + 1):      # `import a.b` loads a, then a.b
            found.append((".".join(parts[:i]), line))

    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                with_parents(a.name, node.lineno)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                up = package.split(".") if package else []
                up = up[:len(up) - (node.level - 1)]
                base = ".".join(up + ([node.module] if node.module else []))
            else:
                base = node.module
            if base:
                with_parents(base, node.lineno)
            for a in node.names:         # `from pkg import mod`: a module, or a name in pkg
                whole = base + "." + a.name if base else a.name
                if source_of(whole) is not None:
                    found.append((whole, node.lineno))
        elif isinstance(node, ast.Call) and getattr(node.func, "id", None) == "once" \
                and node.args and isinstance(node.args[0], ast.Constant):
            found.append(("drivers." + node.args[0].value, node.lineno))    # drivers.once
    return found


def missing_imports(files):
    """[(deployed file, line, firmware file it imports that is not deployed)]."""
    missing = []
    for rel in sorted(files):
        with open(os.path.join(FIRMWARE, rel), encoding="utf-8") as f:
            tree = ast.parse(f.read(), rel)
        for module, line in imported_modules(rel, tree):
            src = source_of(module)
            if src is not None and src not in files and (rel, src) not in OFF_THE_BOARD:
                missing.append((rel, line, src))
    return missing


def test_every_import_of_a_deployed_file_is_deployed():
    files = deployed()
    missing = missing_imports(files)
    assert not missing, "deployed files import files that are not deployed:\n" + "\n".join(
        "firmware/%s:%d imports firmware/%s" % m for m in missing)


def test_the_panels_languages_are_deployed():
    # table/panel/say.py loads table/panel/lang_<xx>.py by name when a language of
    # table/panel/lang_list.py (LINGUAS's, generated) is chosen.
    with open(os.path.join(FIRMWARE, "table", "panel", "lang_list.py"), encoding="utf-8") as f:
        tree = ast.parse(f.read())
    langs = [ast.literal_eval(n.value) for n in tree.body if isinstance(n, ast.Assign)
             and any(getattr(t, "id", None) == "LANGS" for t in n.targets)][0]
    files = deployed()
    assert "table/panel/lang_list.py" in files and "en" in langs
    for lang in langs:
        if lang != "en":
            assert os.path.join("table", "panel", "lang_%s.py" % lang) in files, lang


def test_what_only_random_play_needs_stays_off_the_board():
    files = deployed()
    for rel in ("rules/playout.py", "rules/shuffle.py", "rules/games/mus/random_play.py",
                "rules/games/mus/playout.py", "boards/sim.py"):
        assert rel not in files, rel
    assert not [f for f in files if f.startswith("chips" + os.sep) or f.startswith("native" + os.sep)]
    for (rel, src), why in OFF_THE_BOARD.items():
        assert rel in files and src not in files, (rel, src, why)


def test_the_check_finds_an_import_left_out():
    # rules/games/mus/random_play.py imports rules/shuffle.py: deployed alone, it would
    # not load.
    files = deployed() | {"rules/games/mus/random_play.py"}
    found = [(rel, src) for rel, _line, src in missing_imports(files)]
    assert ("rules/games/mus/random_play.py", "rules/shuffle.py") in found


def test_no_deployed_file_asserts():
    # mk/deploy.mk compiles the Pico's bytecode with -O3 (no line-number tables: heap):
    # an assert or a __debug__ branch would silently vanish on the board only.
    found = []
    for rel in sorted(deployed()):
        with open(os.path.join(FIRMWARE, rel)) as f:
            tree = ast.parse(f.read(), rel)
        for node in ast.walk(tree):
            if isinstance(node, ast.Assert) or isinstance(node, ast.Name) and node.id == "__debug__":
                found.append("%s:%d" % (rel, node.lineno))
    assert found == [], "compiled away on the Pico (-O3): " + ", ".join(found)
