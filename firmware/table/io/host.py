"""Host commands (docs/protocol.md): parse a command line, act, queue the reply.

Loaded by the controller when a line arrives and dropped after it (commands are
rare: a new match, a status, a resend, a notice), so it takes no heap during play.
A notice comes from a room (docs/room.md): over serial from `tapete record --mqtt`,
or from the room's notice topic on a Pico W (table/io/mqtt_pub.py); either way it is
a host line, handled between plays.
"""
import json

from rules.errors import TableError
from .. import phases as P
from .link import unseal


class CommandError(ValueError):
    """A command line the table cannot accept; the message goes back to the host."""


def parse_command(text):
    """A command line as a dict with a 'cmd' word; CommandError otherwise."""
    body, status = unseal(text)
    if status < 0:
        raise CommandError("bad crc")
    try:
        cmd = json.loads(body)
    except ValueError:
        raise CommandError("not JSON")
    if not isinstance(cmd, dict):
        raise CommandError("a command is a JSON object")
    word = cmd.get("cmd")
    if not isinstance(word, str):
        raise CommandError("missing 'cmd'")
    return cmd


def on_line(t, line):
    """One command line from the host for table `t`; the answer is queued as a reply.
    A line starting with NUL is the link's own complaint (too long, not UTF-8)."""
    rid = None
    try:
        if line.startswith("\x00"):
            raise CommandError(line[1:])
        cmd = parse_command(line)
        rid = cmd.get("id")
        _command(t, cmd)
    except (CommandError, TableError) as err:
        out = {"error": str(err), "line": line[:60]}
        if rid is not None:
            out["id"] = rid
        t.link.reply(out)


def _command(t, cmd):
    word = cmd["cmd"]
    out = {"reply": word, "ok": True}
    if cmd.get("id") is not None:
        out["id"] = cmd["id"]
    if word == "new":
        game = cmd.get("game")
        if game is None:
            raise CommandError("'new' needs 'game'")
        options = cmd.get("options", {})
        if not isinstance(options, dict):
            raise CommandError("'options' must be an object")
        t.new_match(game, options, cmd.get("dealer", 0), cmd.get("profile"),
                    cmd.get("profile_version"))
    elif word == "status":
        out.update(status(t))
    elif word == "resend":
        first = cmd.get("from")
        if not isinstance(first, int) or isinstance(first, bool):
            raise CommandError("'resend' needs 'from' (a seq)")
        link = t.link
        if not link.resend(first):
            # The oldest the host can still have: the journal's first (this match's
            # `match`), when the ring has nothing older.
            oldest = link.oldest()
            held = t.journal.first_seq()
            if held is not None and held < oldest:
                oldest = held
            raise CommandError("seq " + str(first) + " is not held (oldest "
                               + str(oldest) + ", next " + str(link.next_seq) + ")")
    elif word == "call":
        seat = cmd.get("seat")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < t.seats:
            raise CommandError("'call' needs 'seat' (0.." + str(t.seats - 1) + ")")
        said = cmd.get("call")
        if not isinstance(said, str):
            raise CommandError("'call' needs 'call' (the call word)")
        extra = {}
        for key in cmd:
            if key not in ("cmd", "seat", "call", "id", "crc"):
                extra[key] = cmd[key]
        if not t.call(seat, said, extra):
            raise CommandError(t.refusal or "call refused")
    elif word == "names":
        # The players' names for the next match and the ones after it, until changed
        # (a match under way keeps the names its `match` event carries).
        from rules import names
        t.names = names.merge(t.names, cmd)
        out["next_match"] = True
    elif word == "round":
        from . import clock         # a round with a clock (docs/tournaments.md)
        clock.take(t, cmd)
    elif word == "undo":
        if not t.undo():
            raise CommandError("nothing to undo")
    elif word == "override":
        # a director overrules a ruling: `ruling` (its seq, default the last),
        # `penalty` (default its other reading), `by`, `reason` (docs/referee.md)
        ruling = cmd.get("ruling")
        if ruling is not None and (not isinstance(ruling, int) or isinstance(ruling, bool)):
            raise CommandError("'override' needs 'ruling' to be the seq of an x-ruling")
        for key in ("penalty", "by", "reason"):
            if cmd.get(key) is not None and not isinstance(cmd.get(key), str):
                raise CommandError("'override' needs '" + key + "' to be a text")
        err = t.overrule(ruling, cmd.get("penalty"), cmd.get("by", "host"), cmd.get("reason"))
        if err is not None:
            raise CommandError(str(err))
    elif word == "notice":
        notice(t, cmd)
    elif word == "write":
        # the write-deck mode (docs/decks.md): its code is the menu's, loaded for it only
        err = t.write_deck(cmd, out)
        if err:
            raise CommandError(err)
    elif word == "enrol":
        from reader import enrol
        deck = cmd.get("deck", "spanish40")
        if deck not in enrol.DECKS:
            raise CommandError("unknown deck " + json.dumps(deck) + " (one of "
                               + ", ".join(enrol.PACK_ORDER) + ")")
        signs = cmd.get("signs")
        if signs is not None and signs not in enrol.SIGNS:
            raise CommandError("'signs' must be " + " or ".join(enrol.SIGNS))
        t.start_enrol(deck, None if signs is None else enrol.SIGNS.index(signs))
    else:
        raise CommandError("unknown command " + json.dumps(word))
    t.link.reply(out)


def notice(t, cmd):
    """A room's notice for the players, shown on the panel until the next deal (the
    controller clears it there). The one notice so far: the room found that the
    hand just ended was not its duplicate board, {"what": "misboard", "board": N}:
    the players call the director before the next board is dealt."""
    what = cmd.get("what")
    if what != "misboard":
        raise CommandError("unknown notice " + json.dumps(what) + " (one of: misboard)")
    board = cmd.get("board")
    if not isinstance(board, int) or isinstance(board, bool) or board < 0:
        raise CommandError("'notice' misboard needs 'board' (the board's number)")
    from ..panel.say import say
    t.notice = say("MISBOARD board") + " " + str(board)
    t.changed = True


def status(t):
    """What the `status` command answers."""
    m = t.match
    return {"phase": P.NAMES[t.phase], "next_seq": t.link.next_seq,
            "game": m.game.name if m.game else None, "hand": m.hand_no,
            "dealer": m.dealer, "turn": m.turn, "totals": list(m.totals)}
