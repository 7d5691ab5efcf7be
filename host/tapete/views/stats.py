"""`tapete stats`: what the match database says over a season, per game.

Matches and hands, results per team, per seat (a seat wins when its team does)
and per player (a named player is one whatever seat they sat in, across matches;
a seat without a name stays "seat N"), violations per seat, per player and per rule, points per hand, claims made and
refused. It reads the small tables the store keeps as events arrive (hands,
violations, claims, matches), never the events themselves, so it stays fast over
thousands of matches (bench/bench_stats.py).
"""
import json

from ..errors import UsageError
from ..i18n import _, ngettext


def gather(store, game=None):
    """{game: figures} from a Store; `game` keeps one game only."""
    f = _Figures(store.db, game)
    f.results()
    f.hands()
    f.violations()
    f.claims()
    return f.out


class _Figures:
    """The season's figures per game, one query of the match database at a time."""

    def __init__(self, db, game):
        self.db = db
        self.where = " WHERE m.game = ?" if game else ""
        self.args = (game,) if game else ()
        self.out = {}

    def rows(self, select, group):
        return self.db.execute(select + self.where + " GROUP BY " + group, self.args)

    def of(self, name):
        """The figures of one game, made on first use."""
        g = self.out.get(name or "?")
        if g is None:
            g = self.out[name or "?"] = {
                "matches": 0, "finished": 0, "hands": 0, "wins_by_team": {}, "wins_by_seat": {},
                "seats": None, "points_per_hand": [], "violations_by_seat": {}, "violations_by_rule": {},
                "claims": 0, "claims_refused": 0, "claims_unsettled": 0, "concessions": 0, "players": {}}
        return g

    @staticmethod
    def player(g, names, seat):
        key = player_key(names, seat)
        p = g["players"].get(key)
        if p is None:
            p = g["players"][key] = {"matches": 0, "finished": 0, "won": 0, "violations": 0}
        return p

    def results(self):
        """Matches played and finished, wins per team, seat and player."""
        for name, seats, winner, names, n in self.rows(
                "SELECT m.game, m.seats, m.winner, m.names, COUNT(*) FROM matches m",
                "m.game, m.seats, m.winner, m.names"):
            g = self.of(name)
            g["matches"] += n
            seats = seats or 4
            g["seats"] = max(seats, g["seats"] or 0)
            team_of = _teams(name, seats)
            if winner is not None:
                g["finished"] += n
                key = str(winner)
                g["wins_by_team"][key] = g["wins_by_team"].get(key, 0) + n
                for seat in range(seats):
                    if team_of[seat] == winner:
                        g["wins_by_seat"][str(seat)] = g["wins_by_seat"].get(str(seat), 0) + n
            names = _names(names)
            for seat in range(seats):
                p = self.player(g, names, seat)
                p["matches"] += n
                if winner is not None:
                    p["finished"] += n
                    p["won"] += n if team_of[seat] == winner else 0

    def hands(self):
        """Hands played, and each side's points per hand on average."""
        sums = {}
        for name, points, n in self.rows(
                "SELECT m.game, h.points, COUNT(*) FROM hands h JOIN matches m ON m.id = h.match",
                "m.game, h.points"):
            self.of(name)["hands"] += n
            if points:
                pts = json.loads(points)
                s = sums.setdefault(name or "?", [0] * len(pts) + [0])
                for i, p in enumerate(pts[:len(s) - 1]):
                    s[i] += p * n
                s[-1] += n
        for name, s in sums.items():
            self.out[name]["points_per_hand"] = [round(x / s[-1], 2) for x in s[:-1]] if s[-1] else []

    def violations(self):
        """Violations per seat, per rule and per player."""
        for name, seat, rule, names, n in self.rows(
                "SELECT m.game, v.seat, v.rule, m.names, COUNT(*) FROM violations v JOIN matches m"
                " ON m.id = v.match", "m.game, v.seat, v.rule, m.names"):
            g = self.of(name)
            g["violations_by_seat"][str(seat)] = g["violations_by_seat"].get(str(seat), 0) + n
            g["violations_by_rule"][rule] = g["violations_by_rule"].get(rule, 0) + n
            self.player(g, _names(names), seat)["violations"] += n

    def claims(self):
        """Claims made, refused and unsettled; concessions."""
        for name, call, sound, n in self.rows(
                "SELECT m.game, c.call, c.sound, COUNT(*) FROM claims c JOIN matches m ON m.id = c.match",
                "m.game, c.call, c.sound"):
            g = self.of(name)
            if call == "concede":
                if sound == 1:      # stood (null: waiting for the partner; 0: cancelled)
                    g["concessions"] += n
                continue
            g["claims"] += n
            if sound == 0:
                g["claims_refused"] += n
            elif sound is None:
                g["claims_unsettled"] += n


def player_key(names, seat):
    """Who sat at `seat`: the player's name, or "seat N" when the seat had none (the
    key of --json, in English whatever the language: a program reads it)."""
    from ..log.names import seat_name
    return seat_name(names, seat) or "seat %s" % seat


def _player(key):
    """A player's key as the text says it: a name as it is, "seat N" in the language."""
    if key.startswith("seat ") and key[5:].isdigit():
        return _("seat %(seat)s") % {"seat": key[5:]}
    return key


def _names(text):
    """A match row's names (the store keeps them checked), {} when it has none."""
    try:
        names = json.loads(text) if text else {}
    except ValueError:
        return {}
    return names if isinstance(names, dict) else {}


_TEAMS = {}


def _teams(name, seats):
    """Each seat's team (a seat is its own team in a game played each for themselves)."""
    from ..rules import games
    if (name, seats) not in _TEAMS:
        try:
            _TEAMS[name, seats] = list(games.get(name, None, seats).team_of)
        except Exception:       # a game this host does not know: partners are seat % 2
            _TEAMS[name, seats] = [s % 2 for s in range(seats)]
    return _TEAMS[name, seats]


def render(figs):
    """The figures as text tables, one block per game."""
    if not figs:
        return _("no matches in the database yet") + "\n"
    from .words import rule_text
    lines = []
    for name in sorted(figs):
        g = figs[name]
        game = {"game": name}
        lines.append(ngettext("%(game)s: %(n)s match (%(finished)s finished), %(hands)s hands",
                              "%(game)s: %(n)s matches (%(finished)s finished), %(hands)s hands", g["matches"])
                     % {"game": name, "n": g["matches"], "finished": g["finished"], "hands": g["hands"]})
        teams = sorted(g["wins_by_team"])
        if teams:
            lines.append("  " + _("wins by team:") + "  " + "   ".join(
                _("team %(team)s") % {"team": t} + " %d (%.0f%%)" % (
                    g["wins_by_team"][t], 100.0 * g["wins_by_team"][t] / max(1, g["finished"]))
                for t in teams))
            lines.append("  " + _("wins by seat:") + "  " + "   ".join(
                _("seat %(seat)s") % {"seat": s} + " %d" % g["wins_by_seat"].get(s, 0)
                for s in map(str, range(g["seats"] or 4))))
        if any(not k.startswith("seat ") for k in g["players"]):
            # named players, most matches first; the seats without a name after them
            order = sorted(g["players"].items(), key=lambda kv: (kv[0].startswith("seat "), -kv[1]["matches"], kv[0]))
            lines.append("  " + _("players:") + "       " + "   ".join(
                _player(k) + " " + _("%(played)s played, %(won)s won") % {"played": p["matches"], "won": p["won"]}
                + (", " + ngettext("%(n)s violation", "%(n)s violations", p["violations"]) % {"n": p["violations"]}
                   if p["violations"] else "")
                for k, p in order))
        if g["points_per_hand"]:
            lines.append("  " + _("points per hand:") + " " + " / ".join(
                _("team %(team)s") % {"team": i} + " %.1f" % p for i, p in enumerate(g["points_per_hand"])))
        lines.append("  " + _("violations: %(n)s") % {"n": sum(g["violations_by_seat"].values())})
        if g["violations_by_seat"]:
            lines.append("    " + _("by seat:") + " " + "   ".join(
                _("seat %(seat)s") % {"seat": k} + " %d" % v for k, v in sorted(g["violations_by_seat"].items())))
            lines.append("    " + _("by rule:") + " " + "   ".join(
                "%s %d" % (rule_text(game, k), v) for k, v in sorted(g["violations_by_rule"].items())))
        lines.append("  " + _("claims: %(made)s made, %(refused)s refused, %(unsettled)s too large to settle; "
                              "%(conceded)s concessions")
                     % {"made": g["claims"], "refused": g["claims_refused"], "unsettled": g["claims_unsettled"],
                        "conceded": g["concessions"]})
        lines.append("")
    return "\n".join(lines)


def listing(store, game=None):
    """One line per match: id, game, when, where from, result."""
    lines = []
    for m in store.matches():
        if game and m["game"] != game:
            continue
        result = (_("team %(team)s won %(totals)s") % {"team": m["winner"], "totals": "/".join(map(str, m["totals"] or []))}
                  if m["winner"] is not None else _("not finished"))
        lines.append("%5d  %-9s  %s  %-28s  %s (%s)" % (
            m["id"], m["game"] or "?", m["recorded"], (m["source"] or "")[-28:], result,
            ngettext("%(n)s event", "%(n)s events", m["events"]) % {"n": m["events"]}))
    return lines


def cmd_stats(args):
    from ..log.store import Store
    store = Store(args.db, create=False)
    try:
        if args.list:
            lines = listing(store, args.game)
            print("\n".join(lines) if lines else _("no matches in %(db)s") % {"db": store.path})
            return 0
        figs = gather(store, args.game)
    finally:
        store.close()
    if args.game and not figs:
        raise UsageError(_("no %(game)s matches in %(db)s") % {"game": args.game, "db": store.path})
    if args.json:
        print(json.dumps(figs, indent=1, sort_keys=True))
    else:
        print(render(figs), end="")
    return 0
