"""Players' names on the host: `--names` / `--teams` read from the command line, the
`names` commands that give them to the table, and the labels the readers show.

A list is comma separated; a name holding a comma writes it `\\,` (`--teams
"Ana\\, Biel i cia,Sa Penya"`), an empty place leaves that seat unnamed (`--names
"Ana,,Carme,Dani"`). Each name is checked by the rule module's own check
(rules/names.py, the very one the table runs), so the host refuses what the table
would refuse, before anything is sent.
"""
from ..errors import UsageError
from .link import command
from ..rules import names as rules_names
from ..rules.errors import TableError

MAX_COMMAND = 299       # bytes of a command line the table takes (MAX_LINE 300, firmware/table/io/link.py)


def split_list(text):
    """A comma-separated list, `\\,` standing for a comma inside a name and `\\\\` for a
    backslash; each name stripped of spaces around it."""
    out, cur, i = [], [], 0
    while i < len(text):
        ch = text[i]
        if ch == "\\" and i + 1 < len(text) and text[i + 1] in ",\\":
            cur.append(text[i + 1])
            i += 2
            continue
        if ch == ",":
            out.append("".join(cur).strip())
            cur = []
        else:
            cur.append(ch)
        i += 1
    out.append("".join(cur).strip())
    return out


def from_options(seats_text=None, teams_text=None):
    """The `names` object of --names and --teams (None when neither is given);
    UsageError quoting what the table would refuse."""
    given = {}
    for key, text, flag in (("seats", seats_text, "--names"), ("teams", teams_text, "--teams")):
        if text is None:
            continue
        row = split_list(text)
        if not any(row):
            raise UsageError("%s %r names nobody; give names separated by commas, e.g. "
                             "%s \"%s\"" % (flag, text, flag, "Ana,Biel,Carme,Dani" if key == "seats"
                                             else "Els Cracs,Sa Penya"))
        given[key] = row
    if not given:
        return None
    try:
        return rules_names.check(given)
    except TableError as err:
        raise UsageError(str(err) + " (%s)" % " / ".join(
            f for k, f in (("seats", "--names"), ("teams", "--teams")) if k in given))


def check_for_game(names, seats, teams, flag="--names"):
    """UsageError when `names` has more names than the match has seats or teams."""
    for key, n, f in (("seats", seats, "--names"), ("teams", teams, "--teams")):
        row = (names or {}).get(key) or []
        if len(row) > n:
            raise UsageError("%s gives %d names but the match has %d %s" % (
                f, len(row), n, "seats" if key == "seats" else "teams"))


def commands(names, id_prefix="names"):
    """The `names` commands that give `names` to the table, each line short enough
    for it (a long list goes in pieces with `at`, docs/protocol.md)."""
    out = []
    for key in rules_names.KEYS:
        row = (names or {}).get(key)
        if not row:
            continue
        at = 0
        while at < len(row):       # a name alone always fits (24 characters, 6 bytes each)
            piece = []
            for name in row[at:]:
                cmd = {"cmd": "names", key: piece + [name], "at": at, "id": id_prefix}
                if len(command(cmd)) - 1 > MAX_COMMAND and piece:
                    break
                piece.append(name)
            out.append({"cmd": "names", key: piece, "at": at, "id": id_prefix})
            at += len(piece)
    return out


def of_match(ev):
    """The `names` of a `match` event, checked: {} when it has none or they are not
    names (a reader shows seats by number then; the audit says why)."""
    given = ev.get("names") if isinstance(ev, dict) else None
    if given is None:
        return {}
    try:
        return rules_names.check(given)
    except TableError:
        return {}


def seat_name(names, seat):
    """The player's name at `seat`, or None (unnamed)."""
    row = (names or {}).get("seats") or []
    if isinstance(seat, int) and 0 <= seat < len(row) and row[seat]:
        return row[seat]
    return None


def team_given_name(names, team):
    row = (names or {}).get("teams") or []
    if isinstance(team, int) and 0 <= team < len(row) and row[team]:
        return row[team]
    return None
