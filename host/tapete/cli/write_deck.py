"""`tapete write-deck PORT`: the table writes a deck that carries its own names.

The table's write-deck mode (docs/decks.md), started from the host: the `write`
command (docs/protocol.md, host commands) names the pack, and the table answers with
the pass's progress as reply lines, printed here one a line: the card whose tag to
lay next, each tag written, a tag that could not be written. It runs until the pass
is done (every tag written, or the table's confirm button), or Ctrl-C here stops it
(the command's `stop`). `--stop` stops a pass under way (started at the table's menu
or by another `write-deck`). Exit status 0 when the pass ended, 2 when the table
refused the command (the reason printed: a match under way, an unknown pack) or could
not be reached.
"""
import json
import sys
import time

from ..i18n import _
from ..log.link import command, unseal

# The packs a table can write (firmware/reader/enrol.py PACK_ORDER, which the host
# cannot import: tests/host/cli/test_write_deck.py keeps the two equal).
PACKS = ("spanish40", "spanish48", "piquet32", "french52")
ANSWER_S = 5.0      # the table answers a command between two scan rounds: well within this


class NoAnswer(RuntimeError):
    """The table did not answer the command."""


def replies(port, first_s=ANSWER_S):
    """The table's reply objects (event lines and damaged lines skipped), as they come;
    NoAnswer when nothing at all comes within `first_s` seconds. After the first line
    it waits as long as the players take to lay their tags."""
    end = time.monotonic() + first_s
    heard = False
    while True:
        raw = port.readline()
        if not raw:
            if not heard and time.monotonic() > end:
                raise NoAnswer(_("no answer from the table in %(s)g s (is it the table's port, "
                                 "and is its controller running?)") % {"s": first_s})
            continue
        heard = True
        body, status = unseal(raw.decode("utf-8", "replace"))
        if status < 0:
            continue        # a damaged line: not the table's word
        try:
            obj = json.loads(body)
        except ValueError:
            continue
        if isinstance(obj, dict) and "ev" not in obj:
            yield obj


def describe(obj, pack=None):
    """One line for a `write` reply, in the players' language, each card as it is
    printed in `pack` (the pass's: the `started` reply names it too)."""
    from ..views.words import pack_card_text
    result = obj.get("result")
    pack = obj.get("pack") or pack
    nxt = obj.get("next")
    due = (_("lay a tag for %(card)s on any reader") % {"card": pack_card_text(nxt, pack)}) if nxt \
        else _("every tag is written")
    card = pack_card_text(obj.get("card"), pack)
    if result == "started":
        return _("writing a %(pack)s deck: %(tags)s tags; %(due)s") % {
            "pack": obj.get("pack"), "tags": obj.get("tags"), "due": due}
    if result == "written":
        return _("written: %(card)s; %(due)s") % {"card": card, "due": due}
    if result == "duplicate":
        return _("already written in this pass: %(card)s (lay another tag); %(due)s") % {"card": card, "due": due}
    if result == "failed":
        return _("a tag could not be written (%(why)s): lay it flat on its reader again, or another tag; "
                 "%(due)s") % {"why": obj.get("why"), "due": due}
    if result == "done":
        return _("done: %(tags)s tags written; such a deck plays on any table with no enrolment") % {
            "tags": obj.get("tags")}
    return None


def write_deck(port, pack, stop=False, out=sys.stdout, err=sys.stderr, first_s=ANSWER_S):
    """Start (or, with `stop`, stop) the table's write-deck pass on an open port and
    print its progress until it is done. The exit status."""
    cmd = {"cmd": "write", "stop": True} if stop else {"cmd": "write", "pack": pack}
    cmd["id"] = "write-deck"
    port.write(command(cmd))
    stopping = stop
    try:
        for obj in replies(port, first_s):
            if "error" in obj and obj.get("id") in ("write-deck", "stop"):
                err.write("tapete write-deck: %s\n" % (_("the table refused: %(why)s") % {"why": obj["error"]}))
                return 2
            if obj.get("reply") != "write":
                continue
            text = describe(obj, pack)
            if text:
                out.write(text + "\n")
                out.flush()
            if obj.get("result") == "done" or stopping and obj.get("ok"):
                return 0
    except KeyboardInterrupt:
        if stopping:
            raise
        port.write(command({"cmd": "write", "stop": True, "id": "stop"}))
        return write_deck_stopped(port, out, err, first_s, pack)
    except NoAnswer as e:
        err.write("tapete write-deck: %s\n" % e)
        return 2


def write_deck_stopped(port, out, err, first_s, pack=None):
    """After Ctrl-C: the table's answer to the `stop` sent."""
    try:
        for obj in replies(port, first_s):
            if obj.get("id") == "stop":
                if "error" in obj:
                    err.write("tapete write-deck: %s\n" % obj["error"])
                    return 2
                out.write(describe(obj, pack) + "\n")
                return 0
    except NoAnswer as e:
        err.write("tapete write-deck: %s\n" % e)
        return 2


def cmd_write_deck(args):
    from ..log.port import PortError, open_serial
    try:
        port = open_serial(args.port, args.baud, timeout=0.2)
    except PortError as e:
        print("tapete write-deck: %s" % e, file=sys.stderr)
        return 2
    try:
        return write_deck(port, args.pack, args.stop)
    finally:
        port.close()


def register(sub):
    """Add `write-deck` to the tapete command."""
    p = sub.add_parser("write-deck", help="write a deck that carries its own names: the table writes "
                                          "each tag laid on a reader (docs/decks.md)")
    p.add_argument("port", help="the table's serial port, e.g. /dev/ttyACM0 (not while `tapete "
                                "record` holds it)")
    p.add_argument("--pack", choices=PACKS, default="spanish40",
                   help="the pack to write (default spanish40): its cards, then the control tags, "
                        "in the order the table asks for them")
    p.add_argument("--stop", action="store_true", help="stop a pass under way, and say how many tags it wrote")
    p.add_argument("--baud", type=int, default=115200)
    p.set_defaults(run=cmd_write_deck)
