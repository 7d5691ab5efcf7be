"""The log's numbering: seqs checked, and the hands that events missing from the
log leave unknown (a part of Audit)."""
from ...rules.fold import INPUTS
from .common import DERIVED_ALL, HANDS_IN_A_GAP, _shown


class Gaps:
    """Audit's part that follows the log's seq and judges around what is missing."""

    # -- input hygiene --------------------------------------------------------------------
    def check_seq(self, number, event):
        seq = event.get("seq")
        if seq is None:
            return
        if not isinstance(seq, int) or isinstance(seq, bool):
            self.error(number, "'seq' must be a whole number, got " + _shown((seq)))
            return
        if self.last_seq is not None and seq > self.last_seq + 1:
            self.open_gap(number, self.last_seq + 1, seq - 1)   # events missing: not errors
        elif self.last_seq is not None and seq != self.last_seq + 1:
            self.damage(number, "seq jumps from " + str(self.last_seq) + " to " + str(seq)
                        + ": repeated or reordered events")
        self.last_seq = seq

    # -- gaps: events missing from the log ---------------------------------------------------
    # A recorder that could not have some events (`x-gap`, or a jump in `seq`) leaves
    # the hand they fall in unknown: its cards, calls and verdicts cannot be judged.
    # The audit marks that hand (and any hand wholly inside the gap) `incomplete`,
    # takes what the controller said about it as it is (tricks, violations, scores:
    # nothing recomputed, nothing invented), and judges again from the next `deal`,
    # from the totals the controller gave last (a hand whose starting totals are in
    # the gap is not judged either). A match that ends inside a gap has the
    # controller's winner and totals. The rules take up the match from its hand
    # number, dealer, totals and games won in a series (Envite), as the last
    # `hand_end` before the deal said them.
    # Only derived events missing (the rules have them) touch no hand.
    def gap_line(self, number, event):
        """An `x-gap` line: the recorder's word for the events it could not have."""
        first, last = event.get("from"), event.get("to")
        if not all(isinstance(x, int) and not isinstance(x, bool) for x in (first, last)) \
                or last < first:
            self.error(number, "x-gap needs whole numbers 'from' <= 'to', got "
                       + _shown({"from": first, "to": last}))
            return
        self.open_gap(number, first, last)
        self.last_seq = last        # the jump it explains is not a second gap

    def open_gap(self, number, first, last):
        """Events `first`..`last` (seqs) are missing before line `number`."""
        gap = {"line": number, "from": first, "to": last, "hands": []}
        self.gaps.append(gap)
        if self.blind is None and self.pending and last - first < len(self.pending):
            # Only derived events are missing (the controller numbers them right
            # after their input): the rules have them; nothing else is unknown.
            del self.pending[:last - first + 1]
            return
        self.pending = []           # what the rules expected may be in the gap
        if self.match.game is None or (self.match.over and self.blind is None):
            return
        finished = not self.hands or self.hands[-1].get("points") is not None
        if not finished:
            self.hands[-1]["incomplete"] = True
            gap["hands"].append(self.hands[-1]["hand"])
        if self.blind is None:
            # known: the audit's totals are the controller's (no hand ended unseen)
            self.blind = {"hand": self.match.hand_no, "totals": None, "known": finished}
        else:
            self.blind["known"] = False

    def blind_event(self, number, event):
        """An event while the gap's hand goes on; True when it is dealt with here."""
        name = event.get("ev")
        blind = self.blind
        if name in DERIVED_ALL:
            hand = event.get("hand")
            last = self.hands[-1]["hand"] if self.hands else 0
            if isinstance(hand, int) and hand > last + HANDS_IN_A_GAP:
                # a damaged hand number, not hands missed: never a million empty hands
                self.error(number, "this %s says hand %d, after hand %d: hand numbers do not "
                           "jump so far; left out" % (name, hand, last))
                return True
            if isinstance(hand, int) and hand > last:
                self._unknown_hand(hand)
            if self.hands or name == "match_end":
                self.record_unjudged(number, event)
            if isinstance(hand, int) and hand > blind["hand"]:
                blind["hand"] = hand
                blind["known"] = False      # a hand ended in the gap: its score unseen
            if name == "hand_end" and isinstance(event.get("totals"), list):
                blind["totals"] = list(event["totals"])
                blind["known"] = True
                if isinstance(event.get("games"), list):
                    blind["games"] = list(event["games"])   # Envite's series so far
            return True
        if name == "deal" and not blind["known"]:
            # The totals this hand starts from are unknown: it is not judged either.
            self._unknown_hand(blind["hand"] + 1)
            self.hands[-1]["dealer"] = event.get("dealer")
            blind["hand"] += 1
            blind["known"] = False
            return True
        if name == "deal":
            return not self.resync(number, event)
        # a card, call or undo of a hand that cannot be judged
        return name in INPUTS or name == "x-undo"

    def _unknown_hand(self, number):
        """A hand whose deal is in a gap: known only by what the controller said."""
        # blind after a damaged line (damage.py), not a gap: no gap lists the hand
        gap = self.gaps[-1] if self.gaps and not self.blind.get("damage") else {"hands": []}
        last = self.hands[-1]["hand"] if self.hands else 0
        for h in range(last + 1, number + 1):
            self.hands.append({"hand": h, "dealer": None, "trump": None, "turnup": None,
                               "tricks": [], "points": None, "score": None, "violations": [],
                               "claims": [], "undone": [], "calls": [], "incomplete": True})
            gap["hands"].append(h)

    def resync(self, number, event):
        """The first `deal` after a gap: the rules take up the match again between
        hands, at the hand number and totals the controller gave. True when they do."""
        blind = self.blind
        resume = {"ev": "x-resync", "hand": blind["hand"], "totals": blind["totals"],
                  "dealer": event.get("dealer")}
        if blind.get("games") is not None:
            resume["games"] = blind["games"]
        self.blind = None
        if self.fold.take(resume, number)[0] != "accepted":     # kept: a rebuild replays it
            self.error(number, "after the events missing from the log, this deal cannot be "
                       "placed; the rest of the match is not judged")
            self.blind = blind
            return False
        self.resumed = True                     # its hand number checked on the next event
        self.resumed_after_damage = bool(blind.get("damage"))
        return True

    def check_resumed(self, number, event):
        """The first derived event after a resync: a hand number other than the rules'
        says whole hands were in the gap (their scores unseen): blind again."""
        hand = event.get("hand")
        if not isinstance(hand, int):
            return False
        self.resumed = False
        if hand == self.match.hand_no or not self.hands:
            return False
        self.hands[-1]["incomplete"] = True
        self.hands[-1]["hand"] = hand
        damage = self.resumed_after_damage
        if self.gaps and not damage:
            self.gaps[-1]["hands"].append(hand)
        self.pending = []
        self.blind = {"hand": hand, "totals": None, "known": False, "damage": damage}
        return self.blind_event(number, event)

    def _resync(self, resume):
        from ...rules import match as M
        m = self.match
        game = m.game
        if game is None or m.over:
            return False
        dealer = resume.get("dealer")
        before = [s for s in range(m.seats) if game.next_dealer(s) == dealer]
        if not before:
            return False
        m.phase = M.DEAL
        m.trick.n = 0
        m.dealer = before[0]
        m.hand_no = max(m.hand_no, resume["hand"] or 0)
        if resume.get("totals") and len(resume["totals"]) == len(m.totals):
            m.totals[:] = resume["totals"]
            self.totals = list(resume["totals"])
        games = resume.get("games")
        if isinstance(games, list) and len(games) == len(m.games_won) \
                and all(isinstance(g, int) and not isinstance(g, bool) for g in games):
            m.games_won[:] = games      # the series so far, as the controller said it
        return True
