"""The room board in a browser (read-only: GET only, nothing on it changes the room):
every table at a glance, a click into one table's board (the very board of
`tapete serve`, views/web/board.js), standings per round.

  /                     the room (views/web/room.html): pushed by server-sent events
  /events, /state       the room's summary (RoomBoard.summary)
  /standings            each round's results, from the room database (with --event: the
                        event's pairings, results as they land, the ranking)
  /director             with --event: the director's page (event/board.py)
  /sheet/N, /records    duplicate play: round N's results sheet, the boards' hand records
  /table/NAME           one table's board; /table/NAME/events its pushes
Pushes are at most one per PUSH_S per browser: with a hundred tables an event every
few milliseconds would otherwise mean a page redraw as often.
Every page speaks the browser's language (`?lang=`, else Accept-Language: i18n.choose),
and the pages' own requests (/events, /standings) carry the page's `?lang=`.
"""
import asyncio
import json
import sqlite3

from .duplicate import _html, _team_names, board_results, score, sheet_html
from .. import i18n
from ..i18n import _
from ..views.web import KEEPALIVE_S, _asset, _page, _static_routes, request_language

PUSH_S = 0.05


def standings(db_path, room, boards=None):
    """Per round: each table's match (game, teams, totals, winner); and per team name
    over the rounds: matches played and won (a team is named by the match's `names`,
    else by its table and seats). With the session's `boards` (duplicate play), a
    match that has played every board is over (its reason `boards`: the round ends
    though the table logs no match_end), each round links its results sheet, and the
    hand records are linked."""
    db = sqlite3.connect("file:%s?mode=ro" % db_path, uri=True, timeout=5)
    try:
        rows = db.execute(
            "SELECT r.round, r.tbl, r.match, m.game, m.winner, m.totals, m.reason,"
            " (SELECT body FROM events e WHERE e.match = r.match AND e.n = 0),"
            " (SELECT h.totals FROM hands h WHERE h.match = r.match AND h.totals IS NOT NULL"
            "  ORDER BY h.hand DESC LIMIT 1)"
            " FROM room_matches r JOIN matches m ON m.id = r.match WHERE r.room = ?"
            " ORDER BY r.round, r.tbl", (room,)).fetchall()
    except sqlite3.Error:
        rows = []
    finally:
        db.close()
    rounds, teams = {}, {}
    for rnd, table, match, game, winner, totals, reason, first, running in rows:
        names = _team_names(table, first)
        totals = totals or running      # a match being played: its score after the last hand
        if reason is None and boards and boards_played(db_path, match, boards):
            reason = "boards"
        entry = {"table": table, "match": match, "game": game, "winner": winner,
                 "totals": json.loads(totals) if totals else None, "reason": reason,
                 "teams": names, "over": reason is not None,
                 "ended": _("every board played") if reason == "boards" else None}
        rounds.setdefault(rnd, []).append(entry)
        for t, name in enumerate(names):
            row = teams.setdefault(name, {"team": name, "played": 0, "won": 0})
            if entry["over"]:
                row["played"] += 1
                row["won"] += 1 if winner == t else 0
    table = sorted(teams.values(), key=lambda r: (-r["won"], r["played"], r["team"]))
    out = {"room": room, "rounds": [{"round": r, "matches": rounds[r]} for r in sorted(rounds, key=_order)],
           "teams": table}
    if boards:
        for r in out["rounds"]:
            if r["round"] is not None:
                r["sheet"] = {"href": "/sheet/%d" % r["round"], "text": _("results sheet of round %(round)s")
                              % {"round": r["round"]}}
        out["records"] = {"href": "/records", "text": _("hand records of the session's boards")}
    return out


def boards_played(db_path, match, boards):
    """Has the match played every board of the session (room/boards.py HandWatch)?"""
    from .boards import HandWatch
    db = sqlite3.connect("file:%s?mode=ro" % db_path, uri=True, timeout=5)
    try:
        watch = HandWatch(boards)
        for (body,) in db.execute("SELECT body FROM events WHERE match = ? ORDER BY n", (match,)):
            watch.feed(json.loads(body))
            if watch.done:
                return True
    finally:
        db.close()
    return False


def _order(r):
    return (r is None, r or 0)


def _push(source, board):
    """A server-sent event stream of `source()` -> (version, text) or None; `board`
    wakes it (RoomBoard.wakers)."""
    from starlette.responses import StreamingResponse

    async def stream(wake):
        sent = -1
        try:
            while True:
                got = source()
                if got is not None and got[0] != sent:
                    sent = got[0]
                    yield "data: %s\n\n" % got[1]
                try:
                    await asyncio.wait_for(wake.wait(), KEEPALIVE_S)
                except asyncio.TimeoutError:
                    yield ": still here\n\n"
                wake.clear()
                await asyncio.sleep(PUSH_S)
        finally:
            board.wakers.discard(wake)

    wake = asyncio.Event()
    board.loop = asyncio.get_running_loop()
    board.wakers.add(wake)
    return StreamingResponse(stream(wake), media_type="text/event-stream",
                             headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})


def room_app(board, db_path, boards=None, scoring="matchpoints", event=None):
    """The Starlette app of the room board (GET only); with `boards`, the duplicate
    results sheet of each round at /sheet/N; with `event` (the organiser's view of an
    event file: tapete.event.board.EventView), the event's pairings, results and
    ranking in /standings and the director's page at /director."""
    from starlette.applications import Starlette
    from starlette.responses import HTMLResponse, JSONResponse, Response
    from starlette.routing import Route

    async def page(request):
        return HTMLResponse(_page("room.html", request_language(request)))

    async def state(request):
        return Response(board.summary(request_language(request))[1], media_type="application/json")

    async def events(request):
        lang = request_language(request)
        return _push(lambda: board.summary(lang), board)

    async def standing(request):
        lang = request_language(request)
        with i18n.using(lang):
            st = standings(db_path, board.room, boards)
        if event is not None:
            try:
                st["event"] = event.standing(st["rounds"], lang)
            except Exception as err:        # a half-written event file: said, read again next time
                st["event_error"] = str(err)
        return JSONResponse(st)

    def missing(lang, text):
        return HTMLResponse("<!DOCTYPE html><html lang='%s'><meta charset='utf-8'><p>%s</p></html>"
                            % (lang, _html(text)), status_code=404)

    async def director(request):
        lang = request_language(request)
        if event is None:
            with i18n.using(lang):
                return missing(lang, _("no event: start tapete room serve with --event FILE"))
        try:
            page = event.director(standings(db_path, board.room, boards)["rounds"], lang)
        except Exception as err:
            return HTMLResponse("<p>%s</p>" % _html(err), status_code=503)
        return HTMLResponse(page)

    async def table_page(request):
        name = request.path_params["name"]
        lang = request_language(request)
        if board.table_state(name) is None:
            with i18n.using(lang):
                return missing(lang, _("no table %(table)s in room %(room)s") % {"table": name, "room": board.room})
        return HTMLResponse(_page("room_table.html", lang))

    async def table_events(request):
        name = request.path_params["name"]
        lang = request_language(request)
        return _push(lambda: board.table_state(name, lang), board)

    async def sheet(request):
        lang = request_language(request)
        with i18n.using(lang):
            if boards is None:
                return missing(lang, _("no boards file: start tapete room serve with --boards FILE"))
            try:
                rnd = int(request.path_params["round"])
            except ValueError:
                return missing(lang, _("a round is a number"))
            results = score(board_results(db_path, board.room, boards), scoring)
            return HTMLResponse(sheet_html(board.room, rnd, results, scoring))

    async def records(request):
        lang = request_language(request)
        with i18n.using(lang):
            if boards is None:
                return missing(lang, _("no boards file: start tapete room serve with --boards FILE"))
            from .records import game_of, records_html
            return HTMLResponse(records_html(boards, game_of(boards), board.room))

    def asset(name, kind):
        async def handler(request):
            return Response(_asset(name), media_type=kind)
        return handler

    return Starlette(routes=[Route("/", page), Route("/state", state), Route("/events", events),
                             Route("/standings", standing), Route("/director", director),
                             Route("/sheet/{round}", sheet), Route("/records", records),
                             Route("/room.css", asset("room.css", "text/css")),
                             Route("/room.js", asset("room.js", "text/javascript")),
                             Route("/room_table.css", asset("room_table.css", "text/css")),
                             Route("/table/{name}", table_page),
                             Route("/table/{name}/events", table_events)] + _static_routes())
