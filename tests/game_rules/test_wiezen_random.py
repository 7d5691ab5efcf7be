"""Wiezen's invariants over random deals (rules/games/wiezen/random_play.py's honest
players): what `allowed` lists is exactly what `call` accepts; every bidding ends; each
card is played once; the tricks add up; the score is zero-sum; honest players are
never ruled against (no false troel, no wrong partner, no unannounced troel)."""
import random

from game_rules.kit import cards

try:
    from tapete.rules.games.wiezen import Wiezen, auction as A, contracts as K
    from tapete.rules.games.wiezen.proofs import Proofs
    from tapete.rules.games.wiezen.random_play import speak, _colour_ask
    from tapete.rules.games.wiezen.score import score_into
    from tapete.rules.shuffle import shuffle
    from tapete.rules.trick import Trick
except ImportError:     # MicroPython
    from rules.games.wiezen import Wiezen, auction as A, contracts as K
    from rules.games.wiezen.proofs import Proofs
    from rules.games.wiezen.random_play import speak, _colour_ask
    from rules.games.wiezen.score import score_into
    from rules.shuffle import shuffle
    from rules.trick import Trick

PACK = [s * 16 + f for s in range(4) for f in range(13)]
OPTION_SETS = ({}, {"bid_trump": True}, {"ladder": "miserie-low", "trump_with_bid": True},
               {"solo_slim": "choice", "abondance_lead": "declarer"})


def deal(rng):
    pack = list(PACK)
    shuffle(pack, rng)
    return dict((s, pack[13 * s:13 * s + 13]) for s in range(4))


def keys_for(a, word, seat):
    """Keys that make `word` right whenever the word itself is allowed."""
    if word == "abondance":
        for t in (9, 10, 11, 12):
            if a.rank[K.abondance(t)] > a.rank[a.high]:
                out = {"tricks": t}
                break
        else:
            out = {"tricks": 12}
        if a.options.get("trump_with_bid"):
            out["suit"] = "S"
        return out
    if word in ("troel", "troela"):
        return {"card": "AH" if word == "troel" else "KH"}
    if word == "vraag" and a.kleuren:
        return _colour_ask(a, 1)
    if word == "trump":
        return {"suit": "S"}
    if word == "solo" and a.options.get("trump_with_bid"):
        return {"suit": "S"}
    return {}


def bidding(game, dealer, hands, rng, check=False):
    """The bidding of one deal by honest players; with `check`, at every state each
    word is tried on a replayed copy, against `allowed`."""
    a = game.new_auction(dealer, rng.getrandbits(2) if game.turnup else None)
    said = []
    for _ in range(80):
        step = speak(a, hands, rng)
        if step is None:
            break
        if check:
            for seat in range(4):
                allowed = a.allowed(seat)
                for word in A.WORDS:
                    b = replay(game, a, said)
                    try:
                        b.call(seat, word, keys_for(b, word, seat))
                        ok = True
                    except ValueError:
                        ok = False
                    assert ok == (word in allowed), (said, seat, word, allowed)
        a.call(step[0], step[1], step[2])
        said.append(step)
    assert a.done or a.stage == A.PASSED, said
    return a, said


def replay(game, a, said):
    b = game.new_auction(a.dealer, a.turnup)
    for s in said:
        b.call(s[0], s[1], s[2])
    return b


def seeded(n):
    """A seeded generator (MicroPython's random has no Random: the module, seeded)."""
    if hasattr(random, "Random"):
        return random.Random(n)
    random.seed(n)
    return random


def test_allowed_is_exactly_what_the_bidding_accepts():
    rng = seeded(7)
    for i in range(24):
        game = Wiezen(OPTION_SETS[i % len(OPTION_SETS)])
        bidding(game, i % 4, deal(rng), rng, check=True)


def test_random_deals_keep_every_invariant():
    rng = seeded(11)
    contracts = set()
    for i in range(160):
        game = Wiezen(OPTION_SETS[i % len(OPTION_SETS)])
        dealer = i % 4
        hands = deal(rng)
        dealt = dict((s, list(hands[s])) for s in hands)
        a, said = bidding(game, dealer, hands, rng)
        if a.stage == A.PASSED:
            contracts.add("pass")
            continue
        contracts.add(K.word(a.high))
        n = bin(a.declarers).count("1")
        assert n == 2 if K.is_pair(a.high) else (n >= 1 if K.is_miserie(a.high) else n == 1), said
        if a.high in (K.TROEL, K.TROELA):
            assert a.card in dealt[a.partner]
        won, played = play(game, a, hands, rng)
        assert len(set(played)) == len(played) and sum(won) == len(played) // 4
        out = score_into(game.table, a.high, a.declarers, won, [0, 0, 0, 0], a.target)
        assert sum(out) == 0, (said, won, out)
    # the honest players reach the common contracts
    for c in ("pass", "vraag", "miserie", "troel"):
        assert c in contracts, contracts


def play(game, a, hands, rng):
    """Random legal cards from the contract's leader until settled or 13 tricks;
    the proofs of honest play must stay silent."""
    t = Trick(game)
    t.start_hand(game.leader(a), a.trump)
    won = [0, 0, 0, 0]
    proofs = Proofs()
    played = []
    for n in range(1, 14):
        seat = t.leader
        for order in range(4):
            hand = hands[seat]
            legal = game.legal(cards.hand_of(hand), t)
            options = [c for c in hand if (legal[c >> 4] >> (c & 15)) & 1]
            c = options[rng.getrandbits(8) % len(options)]
            if n == 1 and order == 0 and a.first_lead() >= 0:
                c = a.first_lead()          # troel: the partner leads the fourth ace
            assert game.first_lead_rule(a, seat, c, n, order) is None
            assert proofs.play(a, seat, c) is None, (K.word(a.high), seat, cards.name(c))
            hand.remove(c)
            played.append(c)
            t.add(seat, c)
            seat = game.next_seat(seat)
        won[t.winner] += 1
        t.start(t.winner)
        if game.settled(a, won, n):
            break
    if len(played) == 52:
        assert proofs.hand_end(a) is None
    return won, played
