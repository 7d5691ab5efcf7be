"""Who plays: players (name, club, an optional federation ID) and the entries they
form (a player alone, a pair, a team), registered one by one or read from CSV."""
import csv
import io

from ..errors import UsageError

# The columns a players CSV may have; `name` is the one it must have. Players who
# share an `entry` (a pair's or team's name) form that entry; without the column
# each player is an entry of their own.
COLUMNS = ("name", "club", "fed_id", "entry")


def player(name, club="", fed_id=None):
    """One player as the event file keeps them."""
    name = (name or "").strip()
    if not name:
        raise UsageError("a player needs a name")
    out = {"name": name, "club": (club or "").strip()}
    if fed_id:
        out["fed_id"] = str(fed_id).strip()
    return out


def entry(number, players, name=None):
    """An entry: a number (its id in the event), its players, and a name (the
    players' names joined when none is given)."""
    return {"id": number, "name": name or " / ".join(p["name"] for p in players), "players": players}


def club_of(ent):
    """The club an entry plays for: its players' club when they share one, else ''."""
    clubs = {p.get("club", "") for p in ent["players"]}
    return clubs.pop() if len(clubs) == 1 else ""


def read_csv(text, where="players.csv", first_id=1):
    """The entries of a players CSV (a header line naming its columns, then one
    player a line), numbered from `first_id`. A bad row is one UsageError naming
    its line."""
    rows = csv.reader(io.StringIO(text))
    try:
        header = [h.strip().lower() for h in next(rows)]
    except StopIteration:
        raise UsageError("%s: empty (it needs a header line: %s)" % (where, ",".join(COLUMNS))) from None
    unknown = [h for h in header if h not in COLUMNS]
    if unknown or "name" not in header:
        raise UsageError("%s line 1: the header must name columns among %s, `name` among them (found %s)"
                         % (where, ", ".join(COLUMNS), ", ".join(header)))
    groups, order = {}, []
    for row in rows:
        line = rows.line_num
        if not any(cell.strip() for cell in row):
            continue
        if len(row) != len(header):
            raise UsageError("%s line %d: %d fields, the header has %d" % (where, line, len(row), len(header)))
        cells = dict(zip(header, row))
        if not cells["name"].strip():
            raise UsageError("%s line %d: no name" % (where, line))
        one = player(cells["name"], cells.get("club", ""), cells.get("fed_id"))
        key = cells.get("entry", "").strip() or ("\0line", line)
        if key not in groups:
            groups[key] = []
            order.append(key)
        groups[key].append(one)
    out = []
    for i, key in enumerate(order):
        out.append(entry(first_id + i, groups[key], key if isinstance(key, str) else None))
    return out
