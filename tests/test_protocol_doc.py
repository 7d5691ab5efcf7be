"""docs/protocol.md names every event, command, reply and room topic the code knows.

The names come from the rules' own registries (rules.fold, rules.match, each game's
call words) and from reading every .py file under firmware/ and host/ (walked, so a
file moved between folders is still read): dict literals with an "ev", "cmd" or
"reply" key, comparisons of an event's or a command's name with a word, the tables a
name is looked up in (a command dispatch table), and MQTT topic templates. A new one
anywhere fails here until the page names it: in a heading, or in the first column of
a table row, in a section about it (events, commands, replies, topics; call words
anywhere in a row of the Calls section).
"""
import ast
import os
import re

import pytest

from tapete import room_topics
from tapete.rules import fold, games, match

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DOC = os.path.join(ROOT, "docs", "protocol.md")
KEYS = ("ev", "cmd", "reply")
# a room topic: tapete/<room>/<table>/<kind>, its parts as %s, {name}, <name> or +
PART = r"(?:%s|\{\w*\}|<\w+>|\+|\w+)"
TOPIC = re.compile(r"(?:^|\s)(?:tapete|%s|\{\w*\})/" + PART + "/" + PART + r"/([a-z][a-z-]*)$")


def sources():
    """Every .py file under firmware/ and host/, wherever it sits."""
    for top in ("firmware", "host"):
        for folder, dirs, files in os.walk(os.path.join(ROOT, top)):
            dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d != "__pycache__")
            for name in sorted(files):
                if name.endswith(".py"):
                    yield os.path.join(folder, name)


def _word(node):
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _words(node):
    """The words of a constant or a tuple, list or set of constants."""
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return [w for w in map(_word, node.elts) if w is not None]
    w = _word(node)
    return [] if w is None else [w]


def _key(subscript):
    """The key of `x[key]` (Python 3.8 wraps it in an Index)."""
    key = subscript.slice
    return key.value if isinstance(key, getattr(ast, "Index", ())) else key


def _reads_key(node):
    """'ev' for `x.get("ev")` or `x["ev"]` (and so for "cmd", "reply"), else None."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get" \
            and node.args and _word(node.args[0]) in KEYS:
        return _word(node.args[0])
    if isinstance(node, ast.Subscript):
        key = _word(_key(node))
        if key in KEYS:
            return key
    return None


class Names(ast.NodeVisitor):
    """What one module knows: kind ('ev', 'cmd', 'reply', 'topic') -> {name: where}."""

    def __init__(self, path, tree):
        self.path = os.path.relpath(path, ROOT)
        self.found = {}
        self.tables = {}                # module-level dict literals by name: dispatch tables
        for node in tree.body:
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Dict):
                for target in node.targets:
                    if isinstance(target, ast.Name):
                        self.tables[target.id] = node.value
        self.held = {}                  # variable -> the key it was read from (`word = cmd["cmd"]`)
        self.visit(tree)

    def add(self, kind, name, node):
        self.found.setdefault(kind, {}).setdefault(name, "%s:%d" % (self.path, node.lineno))

    def kind_of(self, node):
        if isinstance(node, ast.Name):
            return self.held.get(node.id)
        return _reads_key(node)

    def visit_Assign(self, node):
        kind = _reads_key(node.value)
        for target in node.targets:
            if isinstance(target, ast.Name):
                if kind:
                    self.held[target.id] = kind
                else:
                    self.held.pop(target.id, None)
        self.generic_visit(node)

    def visit_Dict(self, node):
        for key, value in zip(node.keys, node.values):
            if key is not None and _word(key) in KEYS and _word(value):
                self.add(_word(key), _word(value), node)
        self.generic_visit(node)

    def visit_Call(self, node):
        # dict(ev="...") and a name looked up in a table: TABLE.get(name)
        if isinstance(node.func, ast.Name) and node.func.id == "dict":
            for kw in node.keywords:
                if kw.arg in KEYS and _word(kw.value):
                    self.add(kw.arg, _word(kw.value), node)
        if isinstance(node.func, ast.Attribute) and node.func.attr == "get" and node.args:
            self.lookup(node.func.value, node.args[0], node)
        self.generic_visit(node)

    def visit_Subscript(self, node):
        self.lookup(node.value, _key(node), node)
        self.generic_visit(node)

    def lookup(self, table, key, node):
        kind = self.kind_of(key)
        if kind and isinstance(table, ast.Name) and table.id in self.tables:
            for word in map(_word, self.tables[table.id].keys):
                if word:
                    self.add(kind, word, node)

    def visit_Compare(self, node):
        sides = [node.left] + list(node.comparators)
        for i, op in enumerate(node.ops):
            if isinstance(op, (ast.Eq, ast.NotEq, ast.In, ast.NotIn)):
                for this, other in ((sides[i], sides[i + 1]), (sides[i + 1], sides[i])):
                    kind = self.kind_of(this)
                    if kind:
                        for word in _words(other):
                            self.add(kind, word, node)
        self.generic_visit(node)

    def visit_Constant(self, node):
        if isinstance(node.value, str):
            m = TOPIC.search(node.value)
            if m:
                self.add("topic", m.group(1), node)


def known():
    """kind -> {name: where it was found}, over the registries and every source file."""
    found = {"ev": {}, "cmd": {}, "reply": {}, "topic": {}, "call": {}}
    for name in ("match", "end") + tuple(fold.INPUTS) + (fold.UNDO,):
        found["ev"].setdefault(name, "tapete.rules.fold")
    for name in tuple(match.DERIVED) + tuple(match.DERIVED_X):
        found["ev"].setdefault(name, "tapete.rules.match")
    for kind in room_topics.KINDS:      # the topics' one list (firmware/room_topics)
        found["topic"].setdefault(kind, "tapete.room_topics")
    for game in games.names():
        cls = games.game_class(game)
        for word in tuple(cls.calls) + tuple(cls.CALL_WORDS) + ("claim", "concede"):
            found["call"].setdefault(word, "tapete.rules " + game)
    for path in sources():
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read(), path)
        for kind, names in Names(path, tree).found.items():
            for name, where in names.items():
                found[kind].setdefault(name, where)
    return found


def documented(text):
    """kind -> the names the page gives: backticked in a heading, in a table row's
    first cell (events, commands, replies, topics), or anywhere in a row (calls)."""
    out = {"ev": set(), "cmd": set(), "reply": set(), "topic": set(), "call": set()}
    heading = ""
    for line in text.splitlines():
        if line.startswith("#"):
            heading = line.lower()
        if line.startswith("|"):
            cells = line.split("|")
            first = set(re.findall(r"`([^`]+)`", cells[1] if len(cells) > 1 else ""))
            anywhere = set(re.findall(r"`([^`]+)`", line))
        elif line.startswith("#"):
            first = anywhere = set(re.findall(r"`([^`]+)`", line))
        else:
            continue
        for kind, words in (("ev", ("event",)), ("cmd", ("command",)), ("reply", ("repl",)),
                            ("topic", ("topic",))):
            if any(w in heading for w in words):
                out[kind] |= first
        if "calls" in heading:
            out["call"] |= anywhere
    out["topic"] = set(m.group(1) for t in out["topic"] for m in [TOPIC.search(t)] if m)
    return out


WHERE = {"ev": "an events section (a row of its table, first column)",
         "cmd": "the commands section", "reply": "the replies section",
         "topic": "the topics section", "call": "the Calls section"}


@pytest.fixture(scope="module")
def names():
    return known()


@pytest.fixture(scope="module")
def doc():
    with open(DOC, encoding="utf-8") as f:
        return documented(f.read())


@pytest.mark.parametrize("kind", sorted(WHERE))
def test_every_name_the_code_knows_is_documented(names, doc, kind):
    missing = ["%s (%s)" % (n, where) for n, where in sorted(names[kind].items()) if n not in doc[kind]]
    assert not missing, "docs/protocol.md lacks, in %s: %s" % (WHERE[kind], ", ".join(missing))


def test_the_scan_finds_what_the_code_says():
    """The scan itself: the emitters, the dispatch of commands and the topics are read
    (a scan that finds nothing would pass the test above)."""
    found = known()
    assert {"x-held", "x-gap", "x-undo", "x-claim", "end", "misdeal"} <= set(found["ev"])
    assert {"new", "status", "resend", "names", "undo", "call", "notice", "enrol"} <= set(found["cmd"])
    assert found["cmd"]["enrol"].startswith(os.path.join("firmware", ""))   # the dispatch's own words
    assert {"boot", "check", "enrol"} <= set(found["reply"])
    assert {"log", "resend", "notice"} <= set(found["topic"])


def test_an_undocumented_event_is_caught(tmp_path):
    """A module that emits an event the page does not name is found by the scan."""
    path = tmp_path / "emitter.py"
    path.write_text('def f(t):\n    t.send({"ev": "x-not-documented", "seq": 1})\n'
                    'def g(cmd):\n    word = cmd["cmd"]\n    if word == "not-documented":\n        pass\n'
                    'TABLE = {"tabled": g}\ndef h(cmd):\n    return TABLE[cmd.get("cmd")](cmd)\n')
    found = Names(str(path), ast.parse(path.read_text())).found
    assert "x-not-documented" in found["ev"] and "not-documented" in found["cmd"]
    assert "tabled" in found["cmd"]         # a dispatch table's words
    with open(DOC, encoding="utf-8") as f:
        doc = documented(f.read())
    assert "x-not-documented" not in doc["ev"] and "not-documented" not in doc["cmd"]
