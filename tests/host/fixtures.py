"""Table logs for the host tests, made deterministically from seeds.

`python tests/host/fixtures.py` rewrites the golden files in tests/host/golden/;
the tests then diff the audit against them, so a change in any verdict shows up.
"""
import json
import os
import random

from tapete.rules import cards, playout
from tapete.rules.match import Match

GOLDEN = os.path.join(os.path.dirname(os.path.abspath(__file__)), "golden")


def controller_log(inputs):
    """The log a controller writes: each input event followed by what it derived."""
    m = Match()
    out = []
    for ev in inputs:
        out.append(ev)
        out.extend(m.apply(ev))
    return out


def whole_match(name, seed, options=None, seats=None):
    """The input events of a whole random match played legally."""
    random.seed(seed)
    log, _derived, _m = playout.random_match(name, options, random, with_hands=False, seats=seats)
    return log


# A whole match of each game whose calls include every call word of the game: (game,
# options, seats, seed). The seeds were found by trying seeds in order until every
# word appeared (see tests/host/judge/test_audit.py, which checks it still does).
EVERY_CALL = {
    "botifarra_match": ("botifarra", None, None, 256),
    "tute_match": ("tute", {"hands": 3}, None, 0),
    "envite_match": ("envite", None, 4, 242),
    "truc_match": ("truc", None, None, 122),
    "mus_match": ("mus", None, None, 157),
    "manille3_match": ("manille", None, 3, 2),
    "manille_auction_match": ("manille", {"auction": True}, None, 4),
}


def revoke_proven_in_trick(target_trick, game="malilla", first_seed=0):
    """A one-hand log (hidden hands) in which a seat revokes early and the revoke
    becomes provable exactly in trick `target_trick`. Returns (inputs, seed)."""
    for seed in range(first_seed, first_seed + 20000):
        random.seed(seed)
        m = Match()
        inputs = [{"ev": "match", "game": game, "seats": 4}]
        m.apply(inputs[0])
        hand_events, hands = playout.hand_events(m.game, 0, random, with_hands=False)
        for ev in hand_events:
            inputs.append(ev)
            m.apply(ev)
        holding = dict((s, cards.hand_of(hands[s])) for s in hands)
        revoked = None
        proven = None
        while m.turn is not None:
            seat = m.turn
            legal = m.game.legal(holding[seat], m.trick)
            c = playout.pick(legal, random)
            if revoked is None and m.trick.number <= 3:
                wrong = playout.revoke_card(m, holding[seat])
                if wrong is not None:
                    c = wrong
                    revoked = (m.trick.number, seat)
            holding[seat][c >> 4] &= ~cards.bit(c)
            ev = {"ev": "play", "seat": seat, "card": cards.name(c)}
            inputs.append(ev)
            for d in m.apply(ev):
                if d["ev"] == "violation" and proven is None:
                    proven = d["proven"]
        if revoked and proven == target_trick:
            return inputs, seed
    raise RuntimeError("no seed found")


def revoke_and_play_on(game="malilla", first_seed=0):
    """A one-hand log in which a revoke is proven mid-hand and the table plays the hand
    out anyway (a table without tapete's rules, or a hand-written log). Returns (the
    input events, the index of the play that proves the revoke)."""
    for seed in range(first_seed, first_seed + 2000):
        random.seed(seed)
        shadow = Match()        # only reports, so the hand can be played to its end
        first = {"ev": "match", "game": game, "seats": 4}
        shadow.apply(dict(first, options={"irregularity": "report"}))
        inputs = [first]
        hand_events, hands = playout.hand_events(shadow.game, 0, random, with_hands=False)
        for ev in hand_events:
            inputs.append(ev)
            shadow.apply(ev)
        holding = dict((s, cards.hand_of(hands[s])) for s in hands)
        revoked = False
        proof = None
        while shadow.turn is not None:
            seat = shadow.turn
            c = playout.pick(shadow.game.legal(holding[seat], shadow.trick), random)
            if not revoked and shadow.trick.number <= 3:
                wrong = playout.revoke_card(shadow, holding[seat])
                if wrong is not None:
                    c, revoked = wrong, True
            holding[seat][c >> 4] &= ~cards.bit(c)
            ev = {"ev": "play", "seat": seat, "card": cards.name(c)}
            inputs.append(ev)
            if any(d["ev"] == "violation" for d in shadow.apply(ev)) and proof is None:
                proof = len(inputs) - 1
        if proof is not None and proof < len(inputs) - 8:
            return inputs, proof
    raise RuntimeError("no seed found")


def write_jsonl(path, events):
    with open(path, "w") as f:
        for ev in events:
            f.write(json.dumps(ev) + "\n")


def main():
    from tapete.judge.audit import audit_file
    os.makedirs(GOLDEN, exist_ok=True)
    logs = {
        "malilla_match": controller_log(whole_match("malilla", 3)),
        "manille_match": controller_log(whole_match("manille", 5)),
        "revoke_trick7": controller_log(revoke_proven_in_trick(7)[0]),
    }
    for name, (game, options, seats, seed) in EVERY_CALL.items():
        logs[name] = controller_log(whole_match(game, seed, options, seats))
    for name, events in logs.items():
        path = os.path.join(GOLDEN, name + ".jsonl")
        write_jsonl(path, events)
        with open(os.path.join(GOLDEN, name + ".audit.json"), "w") as f:
            json.dump(audit_file(path), f, indent=1, sort_keys=True)
            f.write("\n")


if __name__ == "__main__":
    main()
