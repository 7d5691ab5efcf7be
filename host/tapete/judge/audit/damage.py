"""Damage to the log told apart from what the players did (issue 35, item 8; a part of
Audit).

A log can be damaged on its way (a bad sector, a recorder killed mid-line, a line
sent twice): a line that cannot be read, a `seq` repeated or out of its place, a
card code that names no card. None of these is a player's act, so none may become
a violation: each is an error of the log, listed with `"damage": true`, and the
hand it touches is judged on the rest. The readings, in order:

- A `seq` seen before in this match is a repeated line: left out (the first counts).
- A `seq` ahead of the next one expected waits (up to `WINDOW` lines) for the ones
  before it: a reordered pair is judged in `seq` order. A `seq` behind the next one
  expected and never seen came later than `WINDOW` lines after its place: left out,
  its place already reported as a gap. Without `seq` the log's order is the order of
  play (nothing else says otherwise) and a repeat is seen only when the same `play`
  line comes again at once (a card once laid lies on the table: the same play twice
  in a row is the line twice; a call said twice may be the player's own error).
- A line that cannot be read while the controller owes a derived event (it writes them
  right after their input) is taken as that event: not reported as missing.
- A line that cannot be read, or a `play` whose card names no card, inside a hand
  under way is a hole: the lines after it are held until the hole can be filled, by
  the controller's `trick` that shows the card played there, or by the pack at the
  hand's end (the one card of the pack no play shows). A filling is used only when
  the rules take the held lines after it with fewer refusals than without it; when
  nothing is missing (a stray line) the lines are judged as they are. A hole left
  open marks its hand incomplete: in a controller's log the rest of the hand is the
  controller's word (as after a gap); in a log of inputs only, the rest of the hand
  is left out and the hand scores nothing (its score is unknown).
"""
import copy

from ...rules import cards
from ...rules.errors import TableError
from ...rules.fold import INPUTS, UNDO, Fold
from ...rules.phases import DEAL
from .common import DERIVED_ALL, _shown

# Lines the audit waits for a `seq` that is late before calling it missing (a gap).
WINDOW = 8
# Lines held behind a hole at most (a hand is shorter; past this the hole stays open).
HOLD = 400
# What closes a hand, for a hole waiting for the hand's end.
HAND_CLOSERS = ("deal", "match", "end", "hand_end", "match_end", "misdeal")
# The events that can settle a stray unreadable line (say whether it was the derived
# event the controller owed): an event name nobody knows is an error of its own line
# and says nothing of the line before it.
SETTLERS = frozenset(INPUTS + DERIVED_ALL + ("match", "end"))


class Mending:
    """Audit's part that takes the log's damage out before the rules judge it."""

    def init_mending(self):
        self.seqs = {}              # seq -> the event seen with it in this match
        self.next_seq = None        # the seq the stream owes next
        self.waiting = {}           # seq -> (line, event): ahead of a late seq
        self.unread = 0             # unreadable lines since the last seq (each may hold one)
        self.hole = None            # {"line", "seat", "seq", "held"}: a lost or unreadable play
        self.dropping = None        # {"line", "count"}: a hand's rest left out
        self.previous = None        # the last event passed on (a line repeated at once)
        self.stray = None           # (entry, derived event owed): an unreadable line that may be it

    def damage(self, number, message):
        """An error of the log, not of the players (listed with the errors)."""
        entry = {"line": number, "message": message, "damage": True}
        self._list("errors", entry)
        return entry

    # -- the doors: every line of the log comes in here ------------------------------------
    def feed(self, number, event):
        """Audit one parsed event from line `number` (the log's order mended first)."""
        self.seen(number)
        seq = event.get("seq")
        name = event.get("ev")
        if self.stray is not None and type(name) is str and (name in SETTLERS or name.startswith("x-")):
            self.settle_stray(event)
        if event.get("ev") == "match":
            self.release_waiting()
            self.seqs = {}
            self.next_seq = None
        if type(seq) is not int or event.get("ev") == "x-gap":
            self.release_waiting()
            if event.get("ev") == "x-gap" and type(event.get("to")) is int:
                self.next_seq = event["to"] + 1
            self.in_order(number, event)
            return
        if seq in self.seqs:
            self.damage(number, "seq %d again: a repeated line, left out" % seq
                        if self.seqs[seq] == event else
                        "seq %d again, saying something else: left out (the first counts)" % seq)
            return
        expected = self.next_seq
        if expected is not None and seq == expected + 1 and self.unread:
            # an unreadable line since the last seq held the one missing
            self.unread = 0
            if self.hole is not None and self.hole["seq"] is None:
                self.hole["seq"] = expected
            self.seqs[expected] = None      # unreadable
            expected = self.next_seq = expected + 1
        self.unread = 0
        if expected is not None and seq < expected:
            self.damage(number, "seq %d comes after seq %d, more than %d lines after its place "
                        "(reported there as missing): left out" % (seq, expected - 1, WINDOW))
            return
        self.seqs[seq] = event
        if expected is not None and seq > expected:
            self.waiting[seq] = (number, event)     # a late line may still come
            if len(self.waiting) > WINDOW:
                self.release_waiting()
            return
        late = bool(self.waiting)
        self.next_seq = seq + 1
        if late:
            self.damage(number, "seq %d comes after seq %d: the lines are judged in seq order"
                        % (seq, max(self.waiting)))
        self.in_order(number, event)
        self.drain_waiting()

    def bad_line(self, number, message):
        """A line that is not an event at all: damage, and maybe a hole in a hand."""
        self.seen(number)
        if self.stray is not None:      # the next event settles both
            self.damage(number, message)
            return
        self.release_waiting()
        self.unread += 1
        if self.hole is not None:
            self.damage(number, message)
            self.hole["held"].append((number, None))
            return
        if self.dropping is not None:
            self.damage(number, message)
            return
        if self.pending and self.blind is None:
            # the controller owes a derived event: the next line says whether this was it
            self.stray = self.damage(number, message)
            return
        self.damage(number, message)
        if self.hand_open():
            self.hole = {"line": number, "seat": None, "seq": None, "held": [], "lost": False}

    def settle_stray(self, event):
        """An unreadable line met while a derived event was owed: it held that event when
        the next line's seq jumps over one, or when the next line is not the event owed
        (or there is none)."""
        entry, self.stray = self.stray, None
        seq = event.get("seq") if event is not None else None
        if event is None:
            lost = True
        elif type(seq) is int and self.next_seq is not None:
            lost = seq > self.next_seq
        else:
            lost = not self.pending or event.get("ev") != self.pending[0]["ev"]
        if lost and self.pending:
            owed = self.pending.pop(0)
            entry["message"] += "; taken as the controller's " + owed["ev"] + " that the rules derive here"

    # -- the order of the log ----------------------------------------------------------------
    def drain_waiting(self):
        while self.next_seq in self.waiting:
            number, event = self.waiting.pop(self.next_seq)
            self.next_seq += 1
            self.in_order(number, event)

    def release_waiting(self):
        """The late seqs are not coming: the lines held for them go on in seq order (the
        rules see the seqs missing as a gap)."""
        while self.waiting:
            self.next_seq = min(self.waiting)
            self.drain_waiting()

    # -- holes: a play the log lost ------------------------------------------------------------
    def hand_open(self):
        m = self.match
        return (m.game is not None and not m.over and self.blind is None and bool(self.hands)
                and self.hands[-1].get("points") is None and not self.hands[-1].get("incomplete"))

    def in_order(self, number, event):
        """One event in the log's order: held behind a hole, left out, or judged."""
        name = event.get("ev")
        if self.hole is not None:
            self.hole["held"].append((number, event))
            if name == "trick" or name in HAND_CLOSERS or len(self.hole["held"]) >= HOLD:
                self.mend_hole(name == "trick")
            return
        if self.dropping is not None:
            if name not in ("deal", "match", "end"):
                self.dropping["count"] += 1
                if type(event.get("seq")) is int:
                    self.last_seq = event["seq"]    # left out, not missing
                return
            self.damage(self.dropping["line"], "%d events of hand %d after this line are not judged"
                        % (self.dropping["count"], self.hands[-1]["hand"]))
            self.dropping = None
        if "seq" not in event and name == "play" and self.previous is not None \
                and self.previous[1] == event and self.fold.kept \
                and self.fold.kept[-1][1] is self.previous[1]:     # and the rules took it
            self.damage(number, "the same line as line %d again: a repeated line, left out"
                        % self.previous[0])
            return
        self.previous = (number, event)
        if name == "play" and not _is_card(event.get("card")) and self.hand_open():
            seat = event.get("seat")
            self.damage(number, "the card of this play names no card (" + _shown(event.get("card"))
                        + "): the log lost it")
            self.hole = {"line": number, "seat": seat if type(seat) is int else None,
                         "seq": event["seq"] if type(event.get("seq")) is int else None,
                         "held": [], "lost": True}
            return
        self.judge(number, event)

    def mend_hole(self, at_trick=False):
        """Fill the hole when the log says what it held, then judge the held lines."""
        hole = self.hole
        held = hole["held"]
        filled = self.filling(hole, held[-1][1] if at_trick else None)
        if filled is None and at_trick and len(held) < HOLD:
            return                              # wait for a later trick or the hand's end
        self.hole = None
        plain = self.trial(None, held)
        if filled is not None:
            # a play surely lost is filled when the rules take the rest as well with it;
            # an unreadable line only when they take the rest better
            with_it = self.trial(filled[0], held)
            if with_it > plain or (with_it == plain and not hole["lost"]):
                filled = None
        if filled is not None:
            play, how = filled
            self.damage(hole["line"], "judged as seat %d's play of %s (%s)"
                        % (play["seat"], play["card"], how))
            self.judge(hole["line"], play)
        elif plain:
            hand = self.hands[-1]
            hand["incomplete"] = True
            if self.derives or any(e is not None and e.get("ev") in DERIVED_ALL for _n, e in held):
                self.blind = {"hand": self.match.hand_no, "totals": None, "known": False,
                              "damage": True}
                self.pending = []
                self.damage(hole["line"], "what this line held cannot be known: hand %d is "
                            "incomplete, the controller's word is taken for the rest of it"
                            % hand["hand"])
            else:
                self.dropping = {"line": hole["line"], "count": 0}
        if hole["seq"] is not None and self.last_seq is not None and filled is None:
            self.last_seq = max(self.last_seq, hole["seq"])     # its seq is not missing
        for number, event in held:
            if event is not None:
                self.in_order(number, event)

    def filling(self, hole, trick):
        """(the lost play, how it is known), or None."""
        game = self.match.game
        hand_no = self.match.hand_no
        known = set(c for (h, c) in self.play_lines if h == hand_no)
        for _n, e in hole["held"]:
            if e is not None and e.get("ev") == "play" and _is_card(e.get("card")):
                known.add(cards.parse(e["card"]))
        if trick is not None:
            shown = trick.get("cards")
            if not isinstance(shown, list) or not all(_is_card(c) for c in shown):
                return None
            lost = [i for i, c in enumerate(shown) if cards.parse(c) not in known]
            if len(lost) != 1:
                return None
            seat = hole["seat"]
            if seat is None and type(trick.get("leader")) is int:
                seat = (trick["leader"] + game.direction * lost[0]) % game.seats
            card = cards.name(cards.parse(shown[lost[0]]))
            how = "the controller's trick %s shows it" % trick.get("n")
        else:
            unplayed = [c for c in cards.cards_of(game.pack_set) if c not in known]
            if len(unplayed) != 1:
                return None
            seat = hole["seat"]
            card = cards.name(unplayed[0])
            how = "the one card of the pack no play of the hand shows"
            if seat is None:
                seat = self.seat_for(card, hole["held"])
        if seat is None:
            return None
        play = {"ev": "play", "seat": seat, "card": card}
        if hole["seq"] is not None:
            play["seq"] = hole["seq"]
        return play, how

    def seat_for(self, card, held):
        """The seat whose play of `card` lets the rules take the held lines best."""
        best = None
        for seat in range(self.match.seats):
            refused = self.trial({"ev": "play", "seat": seat, "card": card}, held)
            if best is None or refused < best[0]:
                best = (refused, seat)
        return best[1]

    def trial(self, play, held):
        """How many of the held inputs the rules refuse after `play` (or without it), on
        a copy of the match; a hand left unfinished counts as one."""
        fold = Fold()       # a plain fold on a copy: an undo among the held lines rebuilds it
        fold.match = copy.deepcopy(self.match)
        fold.kept = list(self.fold.kept)
        hand_no = self.match.hand_no
        refused = 0
        events = ([play] if play else []) + [e for _n, e in held if e is not None]
        for event in events:
            if event.get("ev") not in INPUTS and event.get("ev") != UNDO:
                continue
            try:
                status, derived = fold.feed(event)
            except Exception:       # a fault in the rules: the audit reports it later
                return refused + len(events)
            if status == "refused":
                refused += 1
                continue
            if status != "accepted":
                continue
            # a play refused at once, or a hand left unfinished (abandoned at the next deal)
            refused += sum(1 for d in derived if (d.get("ev") == "violation"
                                                  and d.get("proven") == "at-play")
                           or (d.get("ev") == "hand_end" and d.get("ended") == "abandoned"))
        m = fold.match
        # a hand left open at the log's end counts too (the lost line was its last card)
        return refused + (0 if m.over or m.phase == DEAL or m.hand_no != hand_no else 1)

    def close_damage(self):
        """The log ends: what waits for a late line or a hole is judged now."""
        if self.stray is not None:
            self.settle_stray(None)
        self.release_waiting()
        if self.hole is not None:
            self.mend_hole()
        if self.dropping is not None:
            self.damage(self.dropping["line"], "%d events of hand %d after this line are not "
                        "judged" % (self.dropping["count"], self.hands[-1]["hand"]))
            self.dropping = None


_CARD_CODES = set()     # the codes seen to name a card (a log spells few; bounded)


def _is_card(text):
    """True when `text` names a card (in any pack): asked of every play, so remembered."""
    if not isinstance(text, str):
        return False
    if text in _CARD_CODES:
        return True
    try:
        cards.parse(text)
    except (TableError, ValueError):
        return False
    if len(_CARD_CODES) < 512:
        _CARD_CODES.add(text)
    return True
