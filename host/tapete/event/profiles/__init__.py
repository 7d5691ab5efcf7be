"""House-rule profiles (issue 35, docs/profiles.md): a named set of a game's options and
the event's laws, one JSON file each.

JSON because the host reads it with the standard library and MicroPython's `json`
reads it too, should the table's menu ever offer profiles (today the laptop resolves a
profile and sends the table its options and name: no file on the Pico's flash, no
heap for it at boot). A profile file is checked whole before use: an unknown key, a
wrong type, an option or law the game does not take or a value it refuses is one
ProfileError naming the key and its line in the file.

The profiles shipped live beside this file (`<name>.json`); `named(name)` finds one,
`every()` lists them, `load(path)` reads any file.
"""
import json
import os

from ...errors import UsageError
from ...rules import games
from ...rules.errors import TableError
from ...rules.options import LAWS

HERE = os.path.dirname(os.path.abspath(__file__))

# Every key of a profile file, with what it holds; True when it must be there.
KEYS = {
    "profile": (True, "its name: lower-case words joined by '-', the file's name"),
    "game": (True, "the game (a name `tapete games` knows)"),
    "title": (True, "its name for people"),
    "version": (True, "a whole number, raised when the profile changes"),
    "options": (False, "the game's options it sets (`tapete games GAME`)"),
    "laws": (False, "the event's laws it sets (out_of_turn, revoke_penalty, ...)"),
    "about": (False, "what it is and where it is played"),
    "sources": (False, "where its rules come from: a list of texts (addresses, documents)"),
}
NAME_CHARS = "abcdefghijklmnopqrstuvwxyz0123456789-"
MAX_NAME = 40       # the `match` event carries it; the panel shows it


class ProfileError(UsageError):
    """A profile file that cannot be used: the message names the file, the line and the key."""


def _line_of(text, key, after=0):
    """The line (1-based) of the first `"key"` at or after offset `after`; 0 if absent."""
    i = text.find(json.dumps(key), after)
    return text.count("\n", 0, i) + 1 if i >= 0 else 0


def _no_duplicates(where, text):
    def hook(pairs):
        seen = set()
        for k, _ in pairs:
            if k in seen:
                raise ProfileError("%s: line %d: key %r given twice" % (where, _line_of(text, k), k))
            seen.add(k)
        return dict(pairs)
    return hook


def parse(text, where="profile"):
    """A profile from its JSON text, checked (ProfileError otherwise)."""
    def fail(key, message, section=None):
        after = text.find(json.dumps(section)) if section else 0
        line = _line_of(text, key, max(after, 0))
        raise ProfileError("%s: line %d: key %r: %s" % (where, line or 1, key, message))

    try:
        prof = json.loads(text, object_pairs_hook=_no_duplicates(where, text))
    except ValueError as err:
        if isinstance(err, ProfileError):
            raise
        line = getattr(err, "lineno", 1)
        raise ProfileError("%s: line %d: not JSON: %s" % (where, line, getattr(err, "msg", err)))
    if not isinstance(prof, dict):
        raise ProfileError("%s: line 1: a profile is a JSON object" % where)
    for key in prof:
        if key not in KEYS:
            fail(key, "unknown (the keys: %s)" % ", ".join(KEYS))
    for key, (needed, meaning) in KEYS.items():
        if needed and key not in prof:
            raise ProfileError("%s: line 1: no %r key (%s)" % (where, key, meaning))
    name = prof["profile"]
    if not isinstance(name, str) or not name or len(name) > MAX_NAME \
            or any(ch not in NAME_CHARS for ch in name):
        fail("profile", "must be lower-case letters, digits and '-', at most %d, got %r" % (MAX_NAME, name))
    for key in ("title", "about"):
        if key in prof and (not isinstance(prof[key], str) or not prof[key].strip()):
            fail(key, "must be a text, got %r" % (prof[key],))
    v = prof["version"]
    if not isinstance(v, int) or isinstance(v, bool) or v < 1:
        fail("version", "must be a whole number from 1, got %r" % (v,))
    sources = prof.get("sources", [])
    if not isinstance(sources, list) or not all(isinstance(s, str) and s for s in sources):
        fail("sources", "must be a list of texts, got %r" % (sources,))
    game = prof["game"]
    if game not in games.names():
        fail("game", "unknown game %r (the games: %s)" % (game, ", ".join(games.names())))
    options = prof.get("options", {})
    laws = prof.get("laws", {})
    for key, value, section in (("options", options, None), ("laws", laws, None)):
        if not isinstance(value, dict):
            fail(key, "must be an object, got %r" % (value,))
    for key in options:
        if key in LAWS:
            fail(key, "is a law: it goes under \"laws\"", "options")
    for key in laws:
        if key not in LAWS:
            fail(key, "is not a law (the laws: %s)" % ", ".join(sorted(LAWS)), "laws")
    merged = dict(options)
    merged.update(laws)
    try:
        games.get(game, merged, _seats(game, merged))
    except TableError as err:
        # one at a time, so that the error names the key at fault; a key that is only
        # wrong with the others (Manille's auction at three) is named first of them
        for key in merged:
            try:
                games.get(game, {key: merged[key]}, _seats(game, merged))
            except TableError as one:
                if key not in laws or not _with_laws(game, key, merged, laws):
                    fail(key, str(one), "laws" if key in laws else "options")
        fail(sorted(merged)[0] if merged else "options", str(err), "options")
    prof.setdefault("options", {})
    prof.setdefault("laws", {})
    prof.setdefault("sources", [])
    prof.setdefault("about", "")
    return prof


def _with_laws(game, key, merged, laws):
    """True when law `key`, wrong alone, is right with the profile's other laws (the laws
    are read together: `revoke_penalty` score needs its `revoke_score`); only the other
    laws right alone count, so that a wrong one is named for itself."""
    given = {key: merged[key]}
    for other in laws:
        if other != key and _right_alone(game, other, merged):
            given[other] = laws[other]
    try:
        games.get(game, given, _seats(game, merged))
    except TableError:
        return False
    return True


def _right_alone(game, key, merged):
    try:
        games.get(game, {key: merged[key]}, _seats(game, merged))
    except TableError:
        return False
    return True


def _seats(game, options):
    """The seat count the options are checked with: the game's usual one."""
    return games.game_class(game).seats


def load(path):
    """The profile in the file at `path`, checked."""
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except (OSError, UnicodeDecodeError) as err:
        raise ProfileError("%s: cannot be read: %s" % (path, err))
    prof = parse(text, path)
    stem = os.path.splitext(os.path.basename(path))[0]
    if os.path.dirname(os.path.abspath(path)) == HERE and stem != prof["profile"]:
        raise ProfileError("%s: line %d: key 'profile': %r is not the file's name %r"
                           % (path, _line_of(text, "profile"), prof["profile"], stem))
    return prof


def every():
    """Every profile shipped, checked, by game then name."""
    out = []
    for f in sorted(os.listdir(HERE)):
        if f.endswith(".json"):
            out.append(load(os.path.join(HERE, f)))
    order = games.names()
    out.sort(key=lambda p: (order.index(p["game"]), p["game"] != p["profile"], p["profile"]))
    return out


def named(name, game=None):
    """The profile `name`: a profile shipped, or a file's path; `game`: the game it
    must be for. ProfileError when there is none."""
    if isinstance(name, str) and (name.endswith(".json") or os.sep in name):
        prof = load(name)
    else:
        path = os.path.join(HERE, "%s.json" % name)
        if not isinstance(name, str) or any(ch not in NAME_CHARS for ch in name) or not os.path.exists(path):
            known = ", ".join(p["profile"] for p in every() if game is None or p["game"] == game)
            raise ProfileError("no profile %r (the profiles%s: %s)"
                               % (name, "" if game is None else " of " + game, known))
        prof = load(path)
    if game is not None and prof["game"] != game:
        raise ProfileError("profile %r is for %s, not %s" % (prof["profile"], prof["game"], game))
    return prof


def match_options(prof):
    """The `match` event's `options` a profile gives: its options and laws in one."""
    out = dict(prof["options"])
    out.update(prof["laws"])
    return out
