"""The room demo's fast simulated table: whole matches played by the rule module in
CPython (random legal cards, each game's random calls: rules/playout.py), logged as a
controller logs them (each input event, then what it derived, every line with the
next `seq` of the table, carried on from match to match as the firmware's journal
does).

The firmware on the simulated table (`tapete sim`) plays a Truc match in about a
minute of one core (readers scanned round by round under MicroPython); the room demo
puts tens of tables on two cores, so its tables skip the readers and play the rules
directly: the same rule module and the same log, without the hardware in between.
"""
import random

from ..rules import cards as C
from ..rules import playout
from ..rules.match import PLAY, Match

DEMO_GAMES = ("malilla", "manille", "botifarra", "tute", "envite", "truc", "mus")
DEMO_OPTIONS = {"malilla": {"target": 12}, "manille": {"target": 30}, "botifarra": {"target": 40},
                "mus": {"target": 15}, "envite": {"games": 1}}


def match_lines(game, seed, first_seq=0, options=None, names=None, max_hands=200, boards=None,
                head=None, cap=None, rnd=None):
    """The log lines (dicts, in order, seq from `first_seq`) of one whole random match;
    with `boards` (room_boards.load_boards's values, in order), one hand per board, each
    dealt as its board says (duplicate play; the match then ends with its last board).
    `head`: more keys of the `match` event (its `round`, `profile`); `cap(m, lines so far)`, asked
    between deals (a round with a clock): a cap's word ends the match there (`cap`);
    `rnd`: the round the `match` event names (room/store.py reads it), as `head`'s `round`."""
    rng = random.Random(seed)
    m = Match()
    seq = [first_seq]
    out = []

    def apply(ev):
        ev = dict(ev)
        ev["seq"] = seq[0]
        seq[0] += 1
        out.append(ev)
        for d in m.apply(ev):
            d = dict(d)
            d["seq"] = seq[0]
            seq[0] += 1
            out.append(d)

    first = {"ev": "match", "game": game}
    opts = options if options is not None else DEMO_OPTIONS.get(game)
    if opts:
        first["options"] = opts
    if names:
        first["names"] = names
    first.update(head or {})
    if rnd is not None:
        first["round"] = rnd
    apply(first)
    dealer = 0
    for k in range(len(boards) if boards is not None else max_hands):
        if m.over:
            break
        word = cap(m, len(out)) if cap is not None else None
        if word is not None:
            apply({"ev": "cap", "cap": word})
            break
        if boards is not None:
            board = boards[k]
            dealer = board["dealer"]
            hands = dict((seat, [C.parse(c) for c in cards]) for seat, cards in enumerate(board["hands"]))
            apply({"ev": "deal", "dealer": dealer, "board": board["board"]})
            if board.get("turnup"):
                apply({"ev": "turnup", "card": board["turnup"]})
        else:
            sizer = getattr(m.game, "random_deal_size", None)
            size = sizer(m, rng) if sizer is not None else None
            events, hands = playout.hand_events(m.game, dealer, rng, False, size)
            for ev in events:
                apply(ev)
        while playout.in_hand(m) and not m.over:
            caller = getattr(m.game, "random_call", None)
            ev = caller(m, hands, rng) if caller is not None else None
            if ev is None:
                if m.phase != PLAY:
                    break
                seat = m.turn
                held = playout.holding_of(m, hands[seat])
                c = playout.pick(m.game.legal(held, m.trick), rng)
                printed = m.game.outer[c] if m.game.outer is not None else c
                hands[seat].remove(printed)
                ev = {"ev": "play", "seat": seat, "card": C.name(printed)}
            apply(ev)
        dealer = m.next_dealers()[0]
    return out
