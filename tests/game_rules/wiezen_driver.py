"""A stage driver for Wiezen in a few lines, for the tests only: it reads a log in the
shape docs/protocol.md gives Wiezen (match, deal, turnup, call, hand, play) and calls
the description's hooks in the order docs/wiezen.md lists, deriving what the real
driver will log (trump, violation rule words, hand_end's contract keys and score).
It is the executable form of that list; the real driver is rules/match.py's (issue 37)."""
try:
    from tapete.rules import cards as C
    from tapete.rules.errors import OrderError
    from tapete.rules.games.wiezen import Wiezen
    from tapete.rules.games.wiezen.auction import DONE, PASSED
    from tapete.rules.games.wiezen.proofs import Proofs
    from tapete.rules.games.wiezen.score import score_into
    from tapete.rules.trick import Trick
except ImportError:     # MicroPython
    from rules import cards as C
    from rules.errors import OrderError
    from rules.games.wiezen import Wiezen
    from rules.games.wiezen.auction import DONE, PASSED
    from rules.games.wiezen.proofs import Proofs
    from rules.games.wiezen.score import score_into
    from rules.trick import Trick


class Driver:
    def __init__(self):
        self.out = []
        self.multiplier = 1
        self.passed_before = False

    def apply(self, ev):
        kind = ev["ev"]
        getattr(self, "on_" + kind)(ev)

    def on_match(self, ev):
        self.game = Wiezen(ev.get("options") or {})
        self.totals = [0, 0, 0, 0]
        self.proofs = Proofs()

    def on_deal(self, ev):
        self.dealer = ev["dealer"]
        self.auction = None
        self.proofs.reset()
        self.won = [0, 0, 0, 0]
        self.played = 0
        self.trick = None
        self.shown = 0
        self.over = False
        if not self.game.turnup:
            self.auction = self.game.new_auction(self.dealer, None)

    def on_turnup(self, ev):
        self.turnup = C.suit_of(C.parse(ev["card"]))
        self.auction = self.game.new_auction(self.dealer, self.turnup)

    def on_call(self, ev):
        a = self.auction
        a.call(ev["seat"], ev["call"], ev)
        if a.stage == PASSED:
            self.hand_end({"contract": "pass"}, [0, 0, 0, 0])
            self.passed_before = self.game.all_pass() == "double"
        elif a.stage == DONE:
            if a.trump != getattr(self, "turnup", None):
                self.out.append({"ev": "trump", "suit": C.suit_name(a.trump)})
            self.trick = Trick(self.game)
            self.trick.start_hand(self.game.leader(a), a.trump)

    def on_hand(self, ev):
        self.shown |= 1 << ev["seat"]

    def on_play(self, ev):
        a, t, game = self.auction, self.trick, self.game
        seat, c = ev["seat"], C.parse(ev["card"])
        if t is None or self.over or seat != t.to_play:
            raise OrderError("not seat %d's card" % seat)
        due = game.shown_due(a, self.played)
        if due & ~self.shown:
            raise OrderError("the open miserie hand is not laid open yet")
        for rule in (game.first_lead_rule(a, seat, c, t.number, t.n), self.proofs.play(a, seat, c)):
            if rule:
                self.out.append({"ev": "violation", "seat": seat, "card": ev["card"], "rule": rule})
        t.add(seat, c)
        self.played += 1
        if t.n == 4:
            self.won[t.winner] += 1
            tricks = self.played // 4
            self.out.append({"ev": "trick", "n": tricks, "winner": t.winner})
            if tricks == 13 or game.settled(a, self.won, tricks):     # a kept miserie plays to the end
                if tricks == 13:
                    rule = self.proofs.hand_end(a)
                    if rule:
                        self.out.append({"ev": "violation", "rule": rule})
                score = [0, 0, 0, 0]
                mult = game.multiplier_after(self.passed_before)
                score_into(game.table, a.high, a.declarers, self.won, score, a.target, mult)
                self.passed_before = False
                extra = game.describe(a)
                if tricks < 13:
                    extra["ended"] = "decided"
                self.hand_end(extra, score)
            else:
                t.start(t.winner)

    def hand_end(self, extra, score):
        for s in range(4):
            self.totals[s] += score[s]
        ev = {"ev": "hand_end", "tricks": list(self.won), "score": score, "totals": list(self.totals)}
        ev.update(extra)
        self.out.append(ev)
        self.over = True


def run(lines):
    """Derived events of a log written as short lines: 'deal 0', 'turnup 2S',
    '1 vraag', '2 abondance tricks=10', '1 troel card=AC', '3 hand ...', 'play 1:AH 2:2D ...'."""
    d = Driver()
    d.apply({"ev": "match", "game": "wiezen", "seats": 4})
    for line in lines:
        words = line.split()
        if words[0] == "options":
            opts = {}
            for w in words[1:]:
                k, v = w.split("=")
                opts[k] = True if v == "true" else v
            d.apply({"ev": "match", "game": "wiezen", "seats": 4, "options": opts})
        elif words[0] == "deal":
            d.apply({"ev": "deal", "dealer": int(words[1])})
        elif words[0] == "turnup":
            d.apply({"ev": "turnup", "card": words[1]})
        elif words[0] == "play":
            for w in words[1:]:
                seat, card = w.split(":")
                d.apply({"ev": "play", "seat": int(seat), "card": card})
        elif words[1] == "hand":
            d.apply({"ev": "hand", "seat": int(words[0]), "cards": words[2:]})
        else:
            ev = {"ev": "call", "seat": int(words[0]), "call": words[1]}
            for w in words[2:]:
                k, v = w.split("=")
                ev[k] = int(v) if v.isdigit() else v
            d.apply(ev)
    return d.out
