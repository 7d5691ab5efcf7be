"""`tapete event`: an event as its organiser runs it: make the event file, register
the players, draw each round, enter the results (a director's correction says who
and why) and print the ranking. The work is the event layer's (tapete.event)."""
import json
import os
import secrets
import sys

from ..errors import UsageError
from ..i18n import _


def _load(path):
    from ..event import eventfile
    return eventfile.load(path)


def _print(lines):
    sys.stdout.write("\n".join(lines) + "\n")


def cmd_new(args):
    from ..event import eventfile
    from ..rules import games
    if os.path.exists(args.file) and not args.force:
        raise UsageError("%s exists (--force to write over it)" % args.file)
    if args.game not in games.names():
        raise UsageError("unknown game %r (the games: %s)" % (args.game, ", ".join(games.names())))
    settings = {}
    for item in args.set or []:
        key, sep, value = item.partition("=")
        if not sep:
            raise UsageError("--set %r: say KEY=VALUE" % item)
        try:
            settings[key] = json.loads(value)
        except ValueError:
            settings[key] = value
    if args.rounds is not None:
        settings["rounds"] = _whole(args.rounds)
    from ..event import formats
    if "seed" in formats.module(args.format).SETTINGS and "seed" not in settings:
        settings["seed"] = _whole(args.seed) if args.seed is not None else secrets.randbelow(10 ** 6)
    tiebreaks = args.tiebreaks.split(",") if args.tiebreaks else None
    event = eventfile.new(args.game, args.format, settings, args.name or "", args.profile, tiebreaks)
    if args.clock:
        from ..event import clock
        event["clock"] = clock.parse(args.clock)
    if args.season_points:
        event["season"] = {"name": args.name or "", "points": _numbers(args.season_points, "--season-points")}
    eventfile.save(event, args.file)
    print("%s: %s, %s" % (args.file, args.game, args.format))
    return 0


def _numbers(text, option):
    try:
        return [int(x) for x in text.split(",")]
    except ValueError:
        raise UsageError("%s %r: whole numbers apart by commas" % (option, text)) from None


def cmd_players(args):
    from ..event import eventfile, players
    event = _load(args.file)
    added = []
    if args.import_csv:
        try:
            with open(args.import_csv, encoding="utf-8-sig") as f:
                text = f.read()
        except OSError as err:
            raise UsageError("%s: %s" % (args.import_csv, err.strerror)) from None
        added += players.read_csv(text, args.import_csv)
    if args.add:
        added.append(players.entry(0, [players.player(n, args.club, args.fed_id) for n in args.add], args.entry))
    if added:
        eventfile.add_entries(event, added)
        eventfile.save(event, args.file)
    for e in event["entries"]:
        who = ", ".join(p["name"] + (" (%s)" % p["club"] if p.get("club") else "")
                        + (" [%s]" % p["fed_id"] if p.get("fed_id") else "") for p in e["players"])
        print("%3d  %s%s" % (e["id"], e["name"], "" if who == e["name"] else "  - " + who))
    return 0


def cmd_pair(args):
    from ..event import eventfile, formats, show
    event = _load(args.file)
    rnd = formats.next_round(event)
    event["rounds"].append(rnd)
    eventfile.save(event, args.file)
    _print(show.round_lines(event, rnd))
    return 0


def cmd_result(args):
    from ..event import eventfile, formats, show
    event = _load(args.file)
    before = len(event["corrections"])
    eventfile.enter_result(event, _whole(args.round), _whole(args.table), _whole(args.score_a),
                           _whole(args.score_b), args.by, args.why)
    eventfile.save(event, args.file)
    if len(event["corrections"]) > before:
        _print([show.correction_line(event["corrections"][-1])])
    _print(show.ranking_lines(event, formats.ranking_rows(event)))
    return 0


def cmd_start(args):
    """The director's word: the last round's clock starts now (the room tells its tables
    the time left)."""
    import time
    from ..event import clock, eventfile
    event = _load(args.file)
    if not event["rounds"]:
        raise UsageError("no round drawn yet: `tapete event pair %s` first" % args.file)
    rnd = event["rounds"][-1]
    if rnd.get("started") is not None and not args.again:
        raise UsageError("round %d started already (--again to start its clock again)" % rnd["round"])
    rnd["started"] = time.time()
    eventfile.save(event, args.file)
    end = clock.ends(event, rnd)
    if end is None:
        print(_("Round %(round)s started (no time cap)") % {"round": rnd["round"]})
    else:
        print(_("Round %(round)s started: it ends at %(time)s") % {
            "round": rnd["round"], "time": time.strftime("%H:%M", time.localtime(end))})
    return 0


def cmd_collect(args):
    """The results that landed in the room's database, entered (never over one already
    there); the ranking, recomputed."""
    from ..event import eventfile, formats, live, show
    from ..room.store import RoomStore
    if not os.path.exists(args.db):
        raise UsageError("%s: no such room database (tapete room serve makes it)" % args.db)
    event = _load(args.file)
    store = RoomStore(args.db)
    try:
        entered = live.collect(event, store.matches())
    finally:
        store.close()
    eventfile.save(event, args.file)
    for rnd, table, score in entered:
        print(_("round %(round)s, table %(table)s: %(a)s-%(b)s") % {
            "round": rnd, "table": table, "a": score[0], "b": score[1]})
    left = eventfile.unfinished(event)
    if left:
        print(_("still playing: table(s) %(tables)s") % {"tables": ", ".join(str(t) for t in left)})
    _print(show.ranking_lines(event, formats.ranking_rows(event)))
    return 0


def cmd_ranking(args):
    from ..event import eventfile, formats, rotating, show
    event = _load(args.file)
    rows = formats.ranking_rows(event)
    names = eventfile.names(event)
    if args.json:
        out = {"event": event["name"], "format": event["format"], "tiebreaks": event["tiebreaks"],
               "rounds": len(event["rounds"]), "ranking": [dict(r, name=names[r["id"]]) for r in rows]}
        if event["format"] == "rotating":
            out["clubs"] = rotating.club_ranking(event)
        json.dump(out, sys.stdout, indent=1, ensure_ascii=False)
        sys.stdout.write("\n")
        return 0
    _print(show.ranking_lines(event, rows))
    if event["format"] == "rotating":
        _print([""] + show.club_lines(rotating.club_ranking(event)))
    for c in event["corrections"]:
        _print([show.correction_line(c)])
    return 0


def cmd_season(args):
    from ..event import eventfile, formats, season, show
    events = []
    for path in args.files:
        event = eventfile.load(path)
        events.append((event, formats.ranking_rows(event)))
    points = _numbers(args.points, "--points") if args.points else None
    rows = season.season(events, points, None if args.qualify is None else _whole(args.qualify))
    if args.json:
        json.dump(rows, sys.stdout, indent=1, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        _print(show.season_lines(rows))
    return 0


def _whole(text):
    try:
        value = int(text)
    except ValueError:
        raise UsageError("%r is not a whole number" % text) from None
    return value


def register(sub):
    """Add `event` and its own verbs to the tapete command."""
    from ..event.eventfile import TIEBREAKS
    from ..event.formats import FORMATS
    p = sub.add_parser("event", help="a tournament: players, rounds drawn, results, the ranking",
                       description="A tournament as clubs run it, kept in one event file (JSON; "
                       "docs/tournaments.md): its players, pairs or teams, its format (%s), each "
                       "round's tables and results, and the ranking by its tie-breaks."
                       % ", ".join(FORMATS))
    verbs = p.add_subparsers(dest="event_verb", required=True)

    n = verbs.add_parser("new", help="make an event file", description="Make an event file: the game, "
                         "the format and its settings, the tie-breaks.")
    n.add_argument("file", help="the event file to write (JSON)")
    n.add_argument("--game", required=True, help="the game played (see `tapete games`)")
    n.add_argument("--format", required=True, choices=list(FORMATS), help="the tournament's format")
    n.add_argument("--name", help="the event's name")
    n.add_argument("--profile", help="the house-rule profile (a name)")
    n.add_argument("--rounds", help="how many rounds (swiss, rotating)")
    n.add_argument("--seed", help="the seed of the draws (default: a random one, kept in the file)")
    n.add_argument("--tiebreaks", help="the ranking's order, apart by commas, among %s (default: "
                   "won,difference,points)" % ", ".join(TIEBREAKS))
    n.add_argument("--set", action="append", metavar="KEY=VALUE",
                   help="a setting of the format (VALUE as JSON: --set groups=4 --set consolation=false)")
    n.add_argument("--clock", metavar="POINTS,DEALS,MINUTES", help="every round's caps, e.g. 101,12,60 "
                   "(a part left empty: no such cap); the room tells the tables")
    n.add_argument("--season-points", metavar="P1,P2,...", help="season points per placing, 1st first")
    n.add_argument("--force", action="store_true", help="write over an existing file")
    n.set_defaults(run=cmd_new)

    pl = verbs.add_parser("players", help="register players, or list them",
                          description="Register players (from a CSV with a header line: name, and any "
                          "of club, fed_id, entry: players sharing an entry form a pair or team), "
                          "or one entry with --add; then list the entries.")
    pl.add_argument("file", help="the event file")
    pl.add_argument("--import", dest="import_csv", metavar="CSV", help="a players CSV")
    pl.add_argument("--add", nargs="+", metavar="NAME", help="one entry: its players' names")
    pl.add_argument("--club", default="", help="with --add: the players' club")
    pl.add_argument("--fed-id", help="with --add: the federation ID (one player)")
    pl.add_argument("--entry", help="with --add: the pair's or team's name")
    pl.set_defaults(run=cmd_players)

    pa = verbs.add_parser("pair", help="draw the next round", description="Draw the next round once "
                          "the last one has every result: print its tables and write them into the file.")
    pa.add_argument("file", help="the event file")
    pa.set_defaults(run=cmd_pair)

    r = verbs.add_parser("result", help="enter a table's result (or correct one)",
                         description="Enter a table's result; over a result already entered it is a "
                         "director's correction, which needs --by and --why and is kept in the file. "
                         "Prints the ranking, recomputed.")
    r.add_argument("file", help="the event file")
    r.add_argument("round", help="the round")
    r.add_argument("table", help="the table")
    r.add_argument("score_a", help="the first side's score")
    r.add_argument("score_b", help="the second side's score")
    r.add_argument("--by", metavar="NAME", help="a correction: who made it")
    r.add_argument("--why", metavar="TEXT", help="a correction: why")
    r.set_defaults(run=cmd_result)

    st = verbs.add_parser("start", help="start the last round's clock",
                          description="Start the clock of the round last drawn: its end is now plus "
                          "the event's clock minutes; `tapete room serve --event` tells each table.")
    st.add_argument("file", help="the event file")
    st.add_argument("--again", action="store_true", help="start a started round's clock again")
    st.set_defaults(run=cmd_start)

    co = verbs.add_parser("collect", help="enter the results that landed in the room",
                          description="Enter each table's result from the room's database (its "
                          "match of the round, ended); a result already entered is kept (correct one "
                          "with `result --by --why`).")
    co.add_argument("file", help="the event file")
    co.add_argument("--db", required=True, help="the room's database (room.sqlite)")
    co.set_defaults(run=cmd_collect)

    k = verbs.add_parser("ranking", help="the ranking", description="The ranking by the event's "
                         "tie-breaks (a rotating event adds its clubs), then the corrections made.")
    k.add_argument("file", help="the event file")
    k.add_argument("--json", action="store_true", help="as JSON")
    k.set_defaults(run=cmd_ranking)

    s = verbs.add_parser("season", help="season points over several events",
                         description="Season points over events: each placing earns the points the "
                         "first event file's `season` key sets (or --points); the first QUALIFY qualify.")
    s.add_argument("files", nargs="+", metavar="FILE", help="the events' files")
    s.add_argument("--points", metavar="P1,P2,...", help="points per placing, 1st first")
    s.add_argument("--qualify", help="how many qualify")
    s.add_argument("--json", action="store_true", help="as JSON")
    s.set_defaults(run=cmd_season)
