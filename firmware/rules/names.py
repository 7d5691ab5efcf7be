"""Players' names on a match (docs/protocol.md 1.2): `{"seats": [...], "teams": [...]}`.

Names are the players' own text, so they are checked before any log line carries
them: each a string of at most MAX_LEN characters, no control characters (a
newline or a NUL would break a log line or the panel), no leading or trailing
space; "" leaves that seat or team unnamed (shown as "seat N" / "team N"). Run by
CPython (the host's CLI and audit) and MicroPython (the table's `names` command),
so it uses no `unicodedata`: the control characters are those of Unicode's Cc
category (below U+0020, U+007F to U+009F) and the line and paragraph separators.
"""
from .errors import TableError

MAX_LEN = 24        # a name, in characters: "Maria del Mar Puigdomènech" is 26; a nickname fits
MAX_SEATS = 12      # Envite's largest table
MAX_TEAMS = 6
KEYS = ("seats", "teams")


def _bad_char(name):
    for ch in name:
        o = ord(ch)
        if o < 0x20 or 0x7F <= o <= 0x9F or o in (0x2028, 0x2029):
            return o
    return -1


def check_name(name, where):
    """`name` if it is a name players may give; TableError saying why not."""
    if not isinstance(name, str):
        raise TableError(where + " must be text, got " + repr(name))
    if len(name) > MAX_LEN:
        raise TableError(where + " is " + str(len(name)) + " characters long (at most "
                         + str(MAX_LEN) + "): " + repr(name))
    o = _bad_char(name)
    if o >= 0:
        raise TableError(where + " holds a control character (U+" + ("%04X" % o) + "): "
                         + repr(name))
    if name.strip() != name:
        raise TableError(where + " starts or ends with a space: " + repr(name))
    return name


def check(names):
    """A `names` object checked and copied (only its two lists); TableError otherwise.
    Either list may be missing; a list may be shorter than the seats or teams (the
    rest are unnamed) but not longer than the largest table."""
    if not isinstance(names, dict):
        raise TableError("'names' must be an object with 'seats' and/or 'teams', got "
                         + repr(names))
    out = {}
    for key in names:
        if key not in KEYS:
            raise TableError("'names' takes 'seats' and 'teams', not " + repr(key))
    for key, most in (("seats", MAX_SEATS), ("teams", MAX_TEAMS)):
        given = names.get(key)
        if given is None:
            continue
        if not isinstance(given, list):
            raise TableError("names '" + key + "' must be a list of names, got " + repr(given))
        if len(given) > most:
            raise TableError("names '" + key + "' has " + str(len(given)) + " names (at most "
                             + str(most) + ")")
        what = key[:-1]
        out[key] = [check_name(n, what + " " + str(i) + "'s name") for i, n in enumerate(given)]
    return out


def merge(held, cmd):
    """The names after the host's `names` command `cmd` (docs/protocol.md) on `held`
    (the table's names, or None): each list the command carries replaces the held
    one from index `at` on (default 0: the whole list), so a list too long for one
    command line is sent in pieces; a list it does not carry is kept; an empty list
    with `at` 0 clears it. `held` is untouched when the command is refused."""
    at = cmd.get("at", 0)
    if not isinstance(at, int) or isinstance(at, bool) or at < 0:
        raise TableError("'at' must be the index of the first name given (0 or more), got "
                         + repr(at))
    given = {}
    for key in cmd:
        if key in KEYS:
            given[key] = cmd[key]
        elif key not in ("cmd", "id", "crc", "at"):
            raise TableError("'names' takes 'seats', 'teams' and 'at', not " + repr(key))
    if not given:
        raise TableError("'names' needs 'seats' or 'teams' (a list of names)")
    out = {}
    for key in KEYS:
        row = list((held or {}).get(key) or [])
        if key in given:
            new = given[key]
            if at > len(row):
                raise TableError("names '" + key + "' from " + str(at) + ": the table holds "
                                 + str(len(row)) + " (send them in order)")
            if isinstance(new, list):
                new = row[:at] + new
            given[key] = new
        else:
            given[key] = row
    checked = check(given)
    for key in KEYS:
        if checked.get(key):
            out[key] = checked[key]
    return out or None


def fit(names, seats, teams):
    """`names` cut to a match of `seats` seats and `teams` teams, padded with "" (a
    table's names set for four players, then a three-handed game: the fourth goes);
    None when nothing is left to name."""
    if not names:
        return None
    out = {}
    for key, n in (("seats", seats), ("teams", teams)):
        given = names.get(key)
        if given:
            row = list(given[:n])
            while len(row) < n:
                row.append("")
            for name in row:
                if name:
                    out[key] = row
                    break
    return out or None
