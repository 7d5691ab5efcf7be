"""A claim the table's bounded search left undecided, decided by the host's audit
(judge/audit/claims.py): a note that the host decided what the table could not, never
a disagreement, and the rest of the log judged as the table ruled it (play went on).
A disagreement only where both decided and differ. Hand-made logs."""
import json
import random

from tapete.judge.audit import audit_text
from tapete.rules import cards, playout
from tapete.rules.match import Match
from tapete.views.report import render


def log_text(events):
    return "".join(json.dumps(e) + "\n" for e in events)


class Table:
    """A controller writing its log: each input, then what its rules derived."""

    def __init__(self, seed):
        random.seed(seed)
        self.m = Match()
        self.log = []
        self.put({"ev": "match", "game": "manille", "seats": 4, "options": {"target": 1000}})
        self.put({"ev": "deal", "dealer": 0})
        hands, turnup = playout.deal(self.m.game, 0, random)
        self.held = dict((s, list(hands[s])) for s in hands)     # printed card codes
        self.put({"ev": "turnup", "card": cards.name(turnup)})

    def put(self, ev):
        self.log.append(dict(ev, seq=len(self.log)))
        for d in self.m.apply(ev):
            self.log.append(dict(d, seq=len(self.log)))

    def play(self):
        m = self.m
        seat = m.turn
        c = playout.pick(m.game.legal(playout.holding_of(m, self.held[seat]), m.trick), random)
        printed = m.game.outer[c] if m.game.outer is not None else c
        self.held[seat].remove(printed)
        self.put({"ev": "play", "seat": seat, "card": cards.name(printed)})

    def claim(self, undecided):
        """The seat on play claims, its hand shown; `undecided`: the table's search gives
        up (as its node budget would on the Pico: match.verdicts, rules/claims.py)."""
        m = self.m
        seat = m.turn
        if undecided:
            m.verdicts = {(m.hand_no, m.trick.number, seat): {"sound": None}}
        self.put({"ev": "call", "seat": seat, "call": "claim",
                  "cards": [cards.name(c) for c in self.held[seat]]})
        return [e for e in self.log if e["ev"] == "x-claim"][-1]


def _undecided_hand(host_says, tricks_left=3):
    """A log whose claim the table left undecided and the host decides `host_says`
    (True: sound, False: refused), the hand played on to its end after it."""
    for seed in range(200):
        t = Table(seed)
        while t.m.trick.number < t.m.hand_cards - tricks_left + 1:
            t.play()
        probe = Table(seed)     # the same hand, the claim judged by the rules' own search
        while probe.m.trick.number < probe.m.hand_cards - tricks_left + 1:
            probe.play()
        if probe.claim(False)["sound"] is not host_says:
            continue
        said = t.claim(True)
        assert said["sound"] is None
        while playout.in_hand(t.m):
            t.play()
        return t
    raise AssertionError("no claim the host decides %s" % host_says)


def test_a_claim_the_table_left_undecided_and_the_host_decided_is_a_note_not_a_disagreement():
    for host_says in (True, False):
        t = _undecided_hand(host_says)
        result = audit_text(log_text(t.log))
        assert result["disagreements"] == [] and result["errors"] == [], host_says
        (note,) = result["notes"]
        line = next(n for n, e in enumerate(t.log, 1) if e["ev"] == "x-claim")
        assert note["line"] == line
        assert note["table"]["sound"] is None and note["host"]["sound"] is host_says
        assert "the host's search decided it: " + ("sound" if host_says else "refused") in note["message"]
        # the rest of the log judged as the table ruled it: the hand played on and scored
        hand = result["hands"][0]
        assert len(hand["tricks"]) == t.m.hand_cards and hand.get("ended") is None
        assert result["totals"] == t.m.totals
        (claim,) = hand["claims"]
        assert claim["sound"] is None and claim["host_sound"] is host_says
        text = render(result)
        assert ("the host's audit found it sound" if host_says else "the host's audit refuted it") in text
        assert "Decided by the host where the table could not" in text and note["message"] in text


def test_a_claim_both_decided_and_ruled_differently_is_still_a_disagreement():
    for seed in range(200):
        t = Table(seed)
        while t.m.trick.number < t.m.hand_cards - 2:
            t.play()
        said = t.claim(False)
        if said["sound"] is False:
            break
    i = t.log.index(said)
    t.log[i] = dict(said, sound=True)
    for k in ("deal", "line"):
        t.log[i].pop(k, None)
    result = audit_text(log_text(t.log))
    assert [d["line"] for d in result["disagreements"]] == [i + 1]
    assert "notes" not in result


def test_a_concession_waiting_for_the_partner_is_no_undecided_claim():
    from tapete.judge.audit.claims import undecided_by_one
    said = {"ev": "x-claim", "hand": 1, "trick": 5, "seat": 0, "call": "concede", "tricks": 4,
            "law": "club", "sound": None}
    assert not undecided_by_one(dict(said, sound=True), said)
    assert undecided_by_one(dict(said, call="claim", sound=True), dict(said, call="claim"))
    assert not undecided_by_one(dict(said, call="claim", sound=True), dict(said, call="claim", seat=2))
