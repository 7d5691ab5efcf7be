"""`tapete games`: the games the table knows, from the rule module's one registry
(rules/games/): pack, seats, call words, options with defaults and meaning, and
the presets the table's menu offers. `--markdown` writes the README's options
table, `--json` the same as data."""
import json
import sys

from ..rules import games
from ..rules.options import LAWS


def table_of(name, laws=False):
    """Markdown rows of one game's options (`laws`: the event's laws, which every game
    has, instead of the game's own options)."""
    info = games.info(name)
    rows = []
    for key in sorted(info["options"]):
        if (key in LAWS) != laws:
            continue
        o = info["options"][key]
        allowed = o["allowed"]
        if isinstance(allowed, list):
            allowed = ", ".join("`%s`" % a for a in allowed)
        title = "every game" if laws else info["title"]
        rows.append("| %s | `%s` | %s | %s | %s |" % (title, key, _default(o["default"]),
                                                     allowed, o["meaning"]))
    return rows


def _default(value):
    return "from the rule text" if value is None else "`%s`" % json.dumps(value)


def markdown():
    """The README's table of every game's options."""
    lines = ["| game | option | default | values | meaning |", "| --- | --- | --- | --- | --- |"]
    for name in games.names():
        lines += table_of(name)
    lines += table_of(games.names()[0], laws=True)
    return "\n".join(lines) + "\n"


def text(name):
    """One game, for people."""
    info = games.info(name)
    out = ["%s (%s): %s pack, %s seats" % (info["title"], info["name"], info["pack"],
                                           " or ".join(str(s) for s in info["seats"]))]
    out.append("  calls: " + ", ".join(info["calls"]))
    out.append("  options:")
    for key in sorted(info["options"]):
        o = info["options"][key]
        out.append("    %-18s default %-20s %s" % (key, _default(o["default"]).strip("`"), o["meaning"]))
    presets = [p for p in info["presets"] if p]
    if presets:
        out.append("  presets on the table's menu: " + "; ".join(json.dumps(p) for p in presets))
    return "\n".join(out)


def profiles_text(game=None):
    """The house-rule profiles shipped (docs/profiles.md), of one game or all: name,
    title, what they set."""
    from ..event import profiles
    out = []
    for p in profiles.every():
        if game is not None and p["game"] != game:
            continue
        sets = profiles.match_options(p)
        what = ", ".join("%s=%s" % (k, json.dumps(v)) for k, v in sorted(sets.items())) or "the rule text"
        out.append("%-10s %-24s %s\n%-35s sets: %s" % (p["game"], p["profile"], p["title"], "", what))
    return "\n".join(out) + "\n"


def cmd_games(args):
    if getattr(args, "profiles", False):
        from ..event import profiles
        if args.game and args.game not in games.names():
            print("tapete games: unknown game %r (the games: %s)" % (args.game, ", ".join(games.names())),
                  file=sys.stderr)
            return 2
        try:
            if args.json:
                found = [p for p in profiles.every() if not args.game or p["game"] == args.game]
                json.dump(found, sys.stdout, indent=1)
                sys.stdout.write("\n")
            else:
                sys.stdout.write(profiles_text(args.game))
        except profiles.ProfileError as err:
            print("tapete games: " + str(err), file=sys.stderr)
            return 2
        return 0
    names = [args.game] if args.game else games.names()
    try:
        infos = [games.info(n) for n in names]
    except ValueError as err:
        print("tapete games: " + str(err), file=sys.stderr)
        return 2
    if args.json:
        json.dump(infos if not args.game else infos[0], sys.stdout, indent=1)
        sys.stdout.write("\n")
    elif args.markdown:
        sys.stdout.write(markdown())
    else:
        sys.stdout.write("\n\n".join(text(i["name"]) for i in infos) + "\n")
    return 0


def register(sub):
    """Add `games` to the tapete command."""
    p = sub.add_parser("games", help="the games the table knows: seats, calls, options",
                       description="The games the table knows, read from the rule module's "
                       "registry: pack, seats, call words, options (default and meaning) and "
                       "the menu's presets.")
    p.add_argument("game", nargs="?", help="one game (malilla, manille, botifarra, tute, envite, "
                   "truc, mus)")
    p.add_argument("--json", action="store_true", help="as JSON")
    p.add_argument("--markdown", action="store_true", help="every game's options as a Markdown table")
    p.add_argument("--profiles", action="store_true", help="the house-rule profiles shipped (of GAME, "
                   "or every game): name, title and the options and laws each sets")
    p.set_defaults(run=cmd_games)
