"""Between matches: the setup menu, enrolment and the deck check (the controller's
parts not needed to play).

Loaded by the controller when a button is pressed outside a match, or enrolment
starts, and dropped when a match starts (controller._unload), so its code and the
enrolment module's take no heap during play.

Buttons (short / held):
  idle, match over   menu or confirm: set up a match / hold confirm: enrol a deck;
                     hold menu: the panel's next language (table/panel/say.py), kept on flash;
                     undo: switch the suit signs (French, Spanish), saved with the deck /
                     hold undo: write a deck (its tags carry their own names: no enrolment)
  setup              menu: next game / hold: next option preset; undo: next first
                     dealer / hold: check the deck; confirm: start
  enrolling          menu (before the first tag): next pack / hold: suit signs;
                     undo: back one tag; confirm: save
  writing a deck     menu (before the first tag): next pack; undo: back one tag;
                     confirm: done
  checking the deck  confirm or undo: done
"""
from reader import enrol
from micropython import const
from rules import games
from rules.errors import TableError
from . import phases as P
from .panel.say import say, say_n

# The button numbers of drivers.buttons (not imported: see controller.py).
_MENU = const(0)
_CONFIRM = const(1)
_UNDO = const(2)



def presets(name):
    """The option presets the menu cycles through for game `name`, from the rules'
    registry (each game's PRESETS; the host may send any options)."""
    from rules.games import game_class
    return game_class(name).PRESETS


def button(t, button, long):
    """A button in the idle, setup or over phase: walk the menu, start a match."""
    if t.phase != P.SETUP:
        if button == _CONFIRM and long:
            start_enrol(t)
        elif button == _MENU and long:          # the panel's language, kept on flash
            from .panel.say import choose_next
            choose_next(t.root)
        elif button == _UNDO and long:
            start_write(t)
        elif button == _UNDO:
            toggle_signs(t)
        elif button == _CONFIRM or button == _MENU:
            t.menu = P.SETUP
        return
    if button == _MENU and long:
        t.preset = (t.preset + 1) % len(presets(t.game_name))
    elif button == _MENU:
        from rules.games import NAMES      # the registry's games, in its order
        t.game_name = NAMES[(NAMES.index(t.game_name) + 1) % len(NAMES)]
        t.preset = 0
    elif button == _UNDO and long:
        start_check(t)
    elif button == _UNDO:
        t.first_dealer = (t.first_dealer + 1) % t.seats
    elif button == _CONFIRM:
        try:
            t.new_match(t.game_name, presets(t.game_name)[t.preset], t.first_dealer)
        except TableError as err:   # the enrolled deck lacks cards of this game
            t.message = str(err)


def toggle_signs(t):
    """French or Spanish suit signs on the panel: saved with the enrolled deck."""
    d = t.deck
    if d is None:
        t.message = say("enrol a deck first")
        return
    d.signs ^= 1
    enrol.rewrite(d, enrol.path_in(t.root))


def enrol_button(t, button, long=False):
    """A button during enrolment or the deck check."""
    en = t.enroller
    if getattr(en, "checking", False):
        if button == _CONFIRM or button == _UNDO:
            finish_check(t)
        return
    if getattr(en, "writing", False):
        write_button(t, en, button)
        return
    if en is not None and en.pos == 0 and button == _MENU:
        if long:
            en.deck.signs ^= 1
        else:
            names = enrol.PACK_ORDER
            start_enrol(t, names[(names.index(en.deck.name) + 1) % len(names)], en.deck.signs)
    elif button == _UNDO and en is not None:
        en.undo()
    elif button == _CONFIRM:
        enrol_finish(t)


def start_enrol(t, deck="spanish40", signs=None):
    """Teach the table a pack: present each card in order on any reader."""
    if signs is None:
        signs = t.deck.signs if t.deck is not None else 0
    t.enroller = enrol.Enroller(deck, signs=signs)
    t.menu = P.ENROL
    t.message = ""
    if t.reader is not None:
        t.reader.deck = t.enroller.deck
        t.reader.learning = False   # a deck written earlier is enrolled as it is laid,
        t.reader.learned = None     # not as what its records say
    t.changed = True


def start_write(t, deck="spanish40"):
    """Write a deck: each tag laid on any reader, in the order the panel shows,
    gets its card's (or control word's) name and the pack (reader/ndef.py)."""
    signs = t.deck.signs if t.deck is not None else 0
    w = t.enroller = enrol.Writer(deck, signs)
    t.menu = P.ENROL
    t.message = ""
    if t.reader is not None:
        t.reader.wrote = None
        t.reader.writing = w.record()
    t.changed = True


def write_command(t, cmd, out):
    """The host's `write` command (table/io/host.py): {"pack": name} starts the
    write-deck mode for that pack (or, before its first tag, switches the pack),
    {"stop": true} ends it. What it answers goes into `out`; the refusal's reason
    (changing nothing), or None. Progress follows as `write` replies: `written`,
    `duplicate`, `failed` (each with the card to lay next), `done`."""
    stop = cmd.get("stop", False)
    if stop is not True and stop is not False:
        return "'write' needs 'stop' to be true or false"
    w = t.enroller
    writing = getattr(w, "writing", False)
    if stop:
        if not writing:
            return "no deck is being written"
        out["result"] = "done"
        out["tags"] = w.pos
        write_finish(t, False)
        return None
    pack = cmd.get("pack", "spanish40")
    if pack not in enrol.DECKS:
        return ("unknown pack " + repr(pack) + " (one of " + ", ".join(enrol.PACK_ORDER) + ")")
    if t.reader is None:
        return "this table has no readers to write with"
    if writing and w.pos:
        return ("a " + w.deck.name + " deck is being written (" + str(w.pos) + " of "
                + str(len(w.order)) + " tags): stop it first")
    if not writing and t.phase not in (P.IDLE, P.SETUP, P.OVER):
        return ("the table is " + P.NAMES[t.phase] + ": a deck is written between matches, "
                "with no enrolment or deck check on")
    start_write(t, pack)
    w = t.enroller
    out["result"] = "started"
    out["pack"] = pack
    out["tags"] = len(w.order)
    out["next"] = _next(t)
    return None


def write_button(t, w, button):
    """A button while writing a deck: menu (before the first tag) the next pack,
    undo back one tag, confirm done."""
    if button == _MENU and w.pos == 0:
        names = enrol.PACK_ORDER
        start_write(t, names[(names.index(w.deck.name) + 1) % len(names)])
    elif button == _UNDO:
        code = w.undo()
        if code >= 0 and t.reader is not None:
            t.reader.unwrite(code)
            t.reader.writing = w.record()
        t.changed = True
    elif button == _CONFIRM:
        write_finish(t)


def write_known(t, card):
    """Writing a deck: a tag reported as `card`, the one just written or another."""
    w = t.enroller
    if w.written(card):
        t.message = ""
        t.link.reply({"reply": "write", "result": "written", "card": enrol.name(card),
                      "next": _next(t)})
        if t.reader is not None:
            t.reader.writing = w.record()
        if w.done():
            write_finish(t)
    else:
        t.message = say("already written: %(card)s") % {"card": enrol.name(card)}
        t.link.reply({"reply": "write", "result": "duplicate", "card": enrol.name(card),
                      "next": _next(t)})
    t.changed = True


def write_finish(t, tell=True):
    """The pass is over: the tags written are read as cards on any table (`tell`:
    the host is told, unless the host's own `stop` answers it)."""
    w = t.enroller
    if t.reader is not None:
        t.reader.writing = None
        t.reader.wrote = None
    if tell:
        t.link.reply({"reply": "write", "result": "done", "tags": w.pos})
    t.message = say("wrote %(n)s tags") % {"n": w.pos}
    t.enroller = None
    t.menu = P.SETUP
    t.changed = True


def start_check(t):
    """Check the deck: lay every card of the chosen game's pack on any reader."""
    if t.deck is None:
        t.message = say("enrol a deck first")
        return
    game = games.get(t.game_name, presets(t.game_name)[t.preset])
    t.enroller = enrol.DeckCheck(game.name, enrol.pack_codes(game.deck))
    t.menu = P.ENROL
    t.message = ""
    t.changed = True


def finish_check(t):
    """The check's result: as the table's message and as a reply to the host."""
    ch = t.enroller
    rep = ch.report()
    t.link.reply({"reply": "check", "ok": ch.ok(), "missing": rep["missing"],
                  "foreign": len(rep["foreign"])})
    if ch.ok():
        t.message = say("deck complete: %(n)s cards") % {"n": len(ch.expected)}
    else:
        words = []
        if rep["missing"]:
            words.append(say("missing %(cards)s") % {"cards": " ".join(rep["missing"])})
        if rep["foreign"]:
            n = len(rep["foreign"])
            words.append(say_n("%(n)s tag not enrolled", "%(n)s tags not enrolled", n) % {"n": n})
        t.message = "; ".join(words)
    t.enroller = None
    t.menu = P.SETUP
    t.changed = True


def enrol_offer(t, uid, n, card=-1):
    """An unknown tag during enrolment (the next item in order) or the check; while
    writing a deck, a tag that could not be written (`card`: the code it was to get,
    reader/ndef.py, or -1 for a tag that is no NTAG21x)."""
    en = t.enroller
    if en is None:
        return
    if getattr(en, "checking", False):
        en.foreign_tag(uid, n)
        t.changed = True
        return
    if getattr(en, "writing", False):
        t.message = say("this tag cannot be written")
        t.link.reply({"reply": "write", "result": "failed",
                      "why": "not written: locked, or it moved" if card >= 0 else "not an NTAG21x tag",
                      "next": _next(t)})
        t.changed = True
        return
    result = en.offer(uid, n)
    if result == enrol.ACCEPTED:
        t.message = ""
    elif result == enrol.DUPLICATE:
        t.message = say("tag already enrolled")
    t.link.reply({"reply": "enrol", "result": enrol.RESULT_NAMES[result],
                  "next": _next(t)})
    if en.done():
        enrol_finish(t)
    t.changed = True


def enrol_known(t, card):
    """A tag already enrolled, laid on a reader: counted by the check; refused by
    enrolment (the expected item is laid again)."""
    en = t.enroller
    if getattr(en, "checking", False):
        en.seen(card)
        t.changed = True
        return
    if getattr(en, "writing", False):
        write_known(t, card)
        return
    t.message = say("already enrolled: %(card)s") % {"card": enrol.name(card)}
    t.link.reply({"reply": "enrol", "result": "duplicate", "card": enrol.name(card),
                  "next": _next(t)})
    t.changed = True


def _next(t):
    en = t.enroller
    code = en.expected() if en is not None else -1
    return enrol.name(code) if code >= 0 else None


def enrol_finish(t):
    """Save the enrolled deck to flash and use it."""
    en = t.enroller
    if en is None:
        return
    deck = en.deck
    deck.save(enrol.path_in(t.root))
    deck = deck.plain()     # the enrolment code can go (controller._unload)
    t.deck = deck
    if t.reader is not None:
        t.reader.deck = deck
        t.reader.learning = True
    t.link.reply({"reply": "enrol", "result": "saved", "tags": deck.count})
    t.message = say("enrolled %(n)s tags") % {"n": deck.count}
    t.enroller = None
    t.menu = P.SETUP
    t.changed = True

