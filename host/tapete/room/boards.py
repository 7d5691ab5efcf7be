"""Duplicate play's boards (docs/protocol.md 1.2, "Rooms"): the boards file, and each
table's hand checked against its board when the hand ends.

A boards file is JSON Lines, one `{"board": n, "dealer": s, "hands": [[cards of seat 0],
...], "turnup": card, "game": name}` per board (`game` optional: the hand records' title), as a dealing machine (Duplimate) or a dealer's sheet
gives them. A table says which board it plays with `"board": n` on its `deal`. At the
hand's end every card a seat played must be one the board gave that seat, and a seat
that played its whole hand must have played all of it: otherwise the hand was
misboarded (cards put back in the wrong pockets, a board turned round) and its result
is flagged on the room board and left out of the duplicate scores.
"""
import json
import random

from .lines import RoomError
from ..i18n import _
from ..rules import cards as C
from ..rules import games, playout


def load_boards(path):
    """{board number: {"dealer", "hands" (list of lists), "turnup"}}; RoomError naming
    the line of any board that is not one."""
    boards = {}
    try:
        f = open(path, encoding="utf-8")
    except OSError as err:
        raise RoomError("cannot read the boards file %s: %s" % (path, err.strerror))
    with f:
        for i, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                b = json.loads(line)
            except ValueError:
                raise RoomError("%s line %d: not JSON: %r" % (path, i, line.strip()[:60]))
            n = b.get("board") if isinstance(b, dict) else None
            hands = b.get("hands") if isinstance(b, dict) else None
            if not isinstance(n, int) or not isinstance(hands, list) or not all(
                    isinstance(h, list) for h in hands) or not isinstance(b.get("dealer"), int):
                raise RoomError('%s line %d: a board is {"board": n, "dealer": s, "hands": [[...], ...]}'
                                % (path, i))
            if n in boards:
                raise RoomError("%s line %d: board %d is given twice" % (path, i, n))
            seen = [c.upper() for h in hands for c in h]
            if len(set(seen)) != len(seen):
                raise RoomError("%s line %d: board %d deals a card twice" % (path, i, n))
            boards[n] = {"dealer": b["dealer"], "hands": [[c.upper() for c in h] for h in hands],
                         "turnup": b.get("turnup"), "game": b.get("game") if isinstance(b.get("game"), str) else None}
    if not boards:
        raise RoomError("the boards file %s holds no board" % path)
    return boards


def make_boards(game_name, count, seed=1):
    """`count` boards of random deals of a game, the deal passing as the game passes it
    (a round's boards are played in order at every table, so each table's dealers
    follow the rules' rotation)."""
    game = games.get(game_name, {})
    rng = random.Random(seed)
    out = []
    dealer = 0
    for n in range(1, count + 1):
        if n > 1:
            dealer = game.next_dealer(dealer)
        hands, turnup = playout.deal(game, dealer, rng)
        b = {"board": n, "game": game_name, "dealer": dealer,
             "hands": [[C.name(c) for c in hands[s]] for s in range(game.seats)]}
        if turnup is not None:
            b["turnup"] = C.name(turnup)
        out.append(b)
    return out


def misboard(board, dealer, played, shown=None, discarded=None):
    """What does not agree between a hand as played and its board: a list of
    sentences (empty: the hand was the board), in the current language (i18n: the
    room server's own for the board's flags, the browser's for a results sheet).
    `played`: {seat: [cards in order]}; `shown` {seat: [cards]}: the hands laid at a
    showdown (Mus's `hand` events) and `discarded` {seat: [cards, or None when only
    counted]}: Mus's discards.

    Mus reading: a seat that did not discard shows the board's four cards; one that
    drew may show cards the board gave nobody (the stock) or gave a seat that
    discarded (its discards reshuffled into the stock), never a card the board gave a
    seat that kept its whole hand."""
    problems = []
    if dealer != board["dealer"]:
        problems.append(_("dealt by seat %(seat)s, the board's dealer is seat %(dealer)s")
                        % {"seat": dealer, "dealer": board["dealer"]})
    owner = {}
    for seat, hand in enumerate(board["hands"]):
        for c in hand:
            owner[c] = seat
    discarded = discarded or {}
    for seat in sorted(played):
        for c in played[seat]:
            c = c.upper()
            if owner.get(c) != seat:
                where = _("no seat") if c not in owner else _("seat %(seat)s") % {"seat": owner[c]}
                problems.append(_("seat %(seat)s played %(card)s, which the board gives %(where)s")
                                % {"seat": seat, "card": c, "where": where})
    for seat in sorted(discarded or {}):
        for c in discarded[seat]:
            first = owner.get(c.upper()) if c is not None else seat
            # a card drawn at an earlier draw may be discarded again: from the stock (the
            # board gives it nobody) or from a seat that discarded (reshuffled), as shown below
            if first != seat and not (first is None or first in discarded):
                where = _("seat %(seat)s") % {"seat": first}
                problems.append(_("seat %(seat)s discarded %(card)s, which the board gives %(where)s")
                                % {"seat": seat, "card": c.upper(), "where": where})
    for seat in sorted(shown or {}):
        for c in shown[seat]:
            c = c.upper()
            first = owner.get(c)
            if first == seat:
                continue
            if seat in (discarded or {}) and (first is None or first in discarded):
                continue        # drawn from the stock
            where = _("no seat") if first is None else _("seat %(seat)s") % {"seat": first}
            problems.append(_("seat %(seat)s showed %(card)s, which the board gives %(where)s")
                            % {"seat": seat, "card": c, "where": where})
    return problems


class HandWatch:
    """Follows one table's events; `feed(ev)` returns a finished board hand (dict with
    board, dealer, played, shown, score, points, hand, misboard, unchecked) at each
    hand_end of a board's hand, else None.

    A deal names its board (`"board": n`). A table that cannot say it (no way to enter
    a board number at a table of readers) plays the session's boards in order, as
    every table of a round does here (make_boards): its match's first hand is the
    lowest board, each hand that ends the next one; a misdealt hand is dealt again
    from the same board, so a misdeal does not move on. A table that plays on past
    the session's last board (its deals naming none) plays no board: those hands are
    not the session's, and are neither flagged nor scored. `done` is True once the
    match has played every board of the session (the round is over for that table).

    A hand in which no card was seen (Truc or Envite ended by the calls before a card
    was played; Mus ended before the showdown) cannot be checked against its board:
    its `unchecked` says so (its dealer alone is checked).

    A director's override that reopens the hand a ruling had ended (`x-reopen`,
    docs/referee.md) takes its board up again: the hand goes on, and its next
    `hand_end` is the board's result."""

    def __init__(self, boards):
        self.boards = boards
        self.last = max(boards) if boards else None
        self.hand = None
        self.next_board = None      # the board of the next deal that names none
        self.played_boards = set()  # boards of this match whose hand ended
        self.ended = None           # the board hand that ended last (an override may reopen it)

    @property
    def done(self):
        return bool(self.boards) and self.played_boards >= set(self.boards)

    def feed(self, ev):
        name = ev.get("ev")
        hand = self.hand
        if name == "match":
            self.hand = None
            self.ended = None
            self.next_board = min(self.boards) if self.boards else None
            self.played_boards = set()
        elif name == "deal":
            n = ev.get("board")
            if not isinstance(n, int) or isinstance(n, bool):
                n = self.next_board
                if n is not None and self.last is not None and n > self.last:
                    n = None        # past the session's boards: no board's hand
            self.hand = ({"board": n, "dealer": ev.get("dealer"), "played": {}, "shown": {}, "discarded": {}}
                         if isinstance(n, int) else None)
        elif name == "x-reopen":
            back = self.ended
            if back is not None and back.get("hand") == ev.get("hand") \
                    and "hand_end" in (ev.get("withdraws") or ()):
                self.hand = back        # the board's hand goes on
                self.ended = None
                self.played_boards.discard(back["board"])
                self.next_board = back["board"]
        elif hand is None or not isinstance(ev.get("seat"), int) or isinstance(ev.get("seat"), bool):
            pass
        elif name == "play":
            hand["played"].setdefault(ev["seat"], []).append(str(ev.get("card")))
        elif name == "hand" and isinstance(ev.get("cards"), list):
            hand["shown"][ev["seat"]] = [str(c) for c in ev["cards"]]
        elif name == "call" and ev.get("call") == "discard":
            listed = ev.get("cards")
            hand["discarded"].setdefault(ev["seat"], []).extend(
                [str(c) for c in listed] if isinstance(listed, list) else [None])
        if name == "hand_end" and hand is not None:
            self.hand = None
            if ev.get("misdeal"):
                return None         # void: the same board is dealt again
            self.next_board = hand["board"] + 1
            self.played_boards.add(hand["board"])
            board = self.boards.get(hand["board"])
            hand["score"] = ev.get("score")
            hand["points"] = ev.get("points")
            hand["hand"] = ev.get("hand")
            hand["misboard"] = ([_("board %(board)s is not in the boards file") % {"board": hand["board"]}]
                                if board is None
                                else misboard(board, hand["dealer"], hand["played"], hand["shown"],
                                              hand["discarded"]))
            hand["unchecked"] = None if hand["played"] or hand["shown"] else "no card of it was seen"
            self.ended = hand
            return hand
        return None
