"""Between matches: the setup menu and enrolment (the controller's parts not needed
to play).

Loaded by the controller when a button is pressed outside a match, or enrolment
starts, and dropped when a match starts (controller._unload), so its code and the
enrolment module's take no heap during play.
"""
import enrol
from micropython import const
from . import phases as P

# The button numbers of drivers.buttons (not imported: see controller.py).
_MENU = const(0)
_CONFIRM = const(1)
_UNDO = const(2)

# Option presets the menu button cycles through, per game (the host may send any).
PRESETS = {
    "malilla": ({}, {"irregularity": "report"}),
    "manille": ({}, {"last_trick_bonus": True}, {"partner_exemption": True}),
}
GAME_ORDER = ("malilla", "manille")


def button(t, button, long):
    """A button in the idle, setup or over phase: walk the menu, start a match."""
    if t.phase != P.SETUP:
        if button == _CONFIRM and long:
            start_enrol(t)
        elif button == _CONFIRM or button == _MENU:
            t.phase = P.SETUP
        return
    if button == _MENU and long:
        t.preset = (t.preset + 1) % len(PRESETS[t.game_name])
    elif button == _MENU:
        i = GAME_ORDER.index(t.game_name)
        t.game_name = GAME_ORDER[(i + 1) % len(GAME_ORDER)]
        t.preset = 0
    elif button == _UNDO:
        t.first_dealer = (t.first_dealer + 1) % t.seats
    elif button == _CONFIRM:
        t.new_match(t.game_name, PRESETS[t.game_name][t.preset], t.first_dealer)


def enrol_button(t, button):
    """A button during enrolment: undo steps back, confirm saves."""
    if button == _UNDO and t.enroller is not None:
        t.enroller.undo()
    elif button == _CONFIRM:
        enrol_finish(t)


def start_enrol(t, deck="spanish40"):
    """Teach the table a deck: present each card in order on any reader."""
    t.enroller = enrol.Enroller(deck)
    t.phase = P.ENROL
    if t.reader is not None:
        t.reader.deck = t.enroller.deck
    t.changed = True


def enrol_offer(t, uid, n):
    """An unknown tag during enrolment: it becomes the next card in order."""
    en = t.enroller
    if en is None:
        return
    result = en.offer(uid, n)
    t.link.reply({"reply": "enrol", "result": enrol.RESULT_NAMES[result],
                  "next": _next(t)})
    if en.done():
        enrol_finish(t)
    t.changed = True


def enrol_known(t, card):
    """A tag already enrolled, presented again."""
    t.link.reply({"reply": "enrol", "result": "duplicate", "card": enrol.name(card),
                  "next": _next(t)})


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
    t.link.reply({"reply": "enrol", "result": "saved", "tags": deck.count})
    t.enroller = None
    t.phase = P.SETUP
    t.changed = True
