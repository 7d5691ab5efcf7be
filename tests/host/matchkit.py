"""Simulated matches as a controller logs them, for the host tools' tests and benches.

`controller_match(game, seed)` plays a whole random match through the rules (the
rules' own `playout`: random legal cards, and each game's random calls) and returns
the log a controller streams: every input event followed by what it derived, each
with its `seq`. Optionally one seat revokes on purpose (`revoke_at=(hand, trick)`,
proven later: the hands are hidden) and a seat claims the rest of a hand
(`claim_at=(hand, tricks_left)`), so violations and claims show up in the views.
Fast (no table simulator): the stats bench stores thousands of these.
"""
import random

from tapete.rules import cards as C
from tapete.rules import playout
from tapete.rules.match import PLAY, Match


def controller_match(name, seed, options=None, revoke_at=None, claim_at=None, with_hands=False,
                     seats=None, max_hands=60):
    """The controller's log of a whole random match (a list of event dicts)."""
    rng = random.Random(seed)
    m = Match()
    log = []

    def apply(ev):
        ev = dict(ev)
        ev["seq"] = len(log)
        log.append(ev)
        for d in m.apply(ev):
            d = dict(d)
            d["seq"] = len(log)
            log.append(d)

    first = {"ev": "match", "game": name}
    if seats is not None:
        first["seats"] = seats
    if options:
        first["options"] = options
    apply(first)
    dealer = 0
    for _ in range(max_hands):
        if m.over:
            break
        sizer = getattr(m.game, "random_deal_size", None)
        size = sizer(m, rng) if sizer is not None else None
        events, hands = playout.hand_events(m.game, dealer, rng, with_hands, size)
        for ev in events:
            apply(ev)
        if _play_hand(m, hands, rng, apply, revoke_at, claim_at):
            revoke_at = None        # one revoke per match
        dealer = m.next_dealers()[0]
    return log


def _play_hand(m, hands, rng, apply, revoke_at, claim_at):
    """Play the hand out; True when the seat revoked on purpose in it."""
    game = m.game
    revoked = False
    while playout.in_hand(m) and not m.over:
        caller = getattr(game, "random_call", None)
        ev = caller(m, hands, rng) if caller is not None else None
        if ev is None:
            if m.phase != PLAY:
                return revoked
            ev, by_design = _card(m, hands, rng, None if revoked else revoke_at, claim_at)
            revoked = revoked or by_design
            if ev.get("call") == "claim":
                claim_at = None     # one claim a hand, sound or refused
        apply(ev)
    return revoked


def _card(m, hands, rng, revoke_at, claim_at):
    game = m.game
    seat = m.turn
    held = playout.holding_of(m, hands[seat])
    left = m.hand_cards - m.trick.number + 1
    if claim_at == (m.hand_no, left) and m.trick.n == 0 and game.claims:
        return {"ev": "call", "seat": seat, "call": "claim",
                "cards": [C.name(game.outer[c] if game.outer is not None else c)
                          for c in C.cards_of(held)]}, False
    c = None
    if revoke_at == (m.hand_no, m.trick.number):
        c = playout.revoke_card(m, held)
    revoked = c is not None
    if c is None:
        c = playout.pick(game.legal(held, m.trick), rng)
    printed = game.outer[c] if game.outer is not None else c
    hands[seat].remove(printed)
    return {"ev": "play", "seat": seat, "card": C.name(printed)}, revoked


def violating_match(name="malilla", seed=3, given=None):
    """A short match with a revoke proven later and a claim: the first seed from
    `seed` on whose log has both a violation and an x-claim. Claims are judged double
    dummy (the friendly law): the views' tests want the claim to end its hand, which a
    claim made blind at 3 tricks left seldom does by club law (docs/claims.md)."""
    options = dict({"target": 12, "irregularity": "report"} if name == "malilla" else {},
                   claims="double-dummy")
    options.update(given or {})
    for s in range(seed, seed + 500):
        log = controller_match(name, s, options, revoke_at=(1, 2), claim_at=(2, 3))
        kinds = set(e["ev"] for e in log)
        if "violation" in kinds and "x-claim" in kinds and "match_end" in kinds:
            return log
    raise AssertionError("no seed gave a violation and a claim")
