"""Knowing what players hold: violations proven the moment they are certain."""
from game_rules.kit import cards, explain, games, judged_hand, of, play, start

GAMES = ("malilla", "manille", "botifarra", "tute")      # whole-pack games: decidable at hand end


def test_revoke_proven_later_names_the_earlier_play_and_the_proving_one():
    # Malilla, dealer 0, trump spades. Trick 1: seat 2 discards the 2C on a heart lead.
    m, _ = start("malilla", dealer=0, turnup="2S", options={"irregularity": "report"})
    out = play(m, "1:AH 2:2C 3:3H 0:4H")          # seat 1 wins with the ace
    assert not of(out, "violation")                # not provable yet: seat 2 may be void
    out = play(m, "1:5D 2:6D 3:KD 0:7D")          # seat 0 wins with the 7
    out = play(m, "0:6C 1:3C 2:5H")               # seat 2 plays a heart: it had one in trick 1
    v = of(out, "violation")
    assert v == [{"ev": "violation", "hand": 1, "trick": 1, "seat": 2, "card": "2C",
                  "rule": "revoke", "proven": 3, "proof": {"trick": 3, "card": "5H"}}]


def test_same_violation_is_reported_once():
    m, _ = start("malilla", dealer=0, turnup="2S", options={"irregularity": "report"})
    play(m, "1:AH 2:2C 3:3H 0:4H 1:5D 2:6D 3:KD 0:7D")
    first = of(play(m, "0:6C 1:3C 2:5H 3:4C"), "violation")
    again = of(play(m, "0:QH 1:KH 2:6H"), "violation")   # seat 2 plays hearts again
    assert len(first) == 1 and again == []


def test_failing_to_beat_proven_when_the_higher_card_appears():
    # seat 1 leads 5H; seat 2 (opponent) plays 2H though holding the 6H.
    m, _ = start("malilla", dealer=0, turnup="2S", options={"irregularity": "report"})
    assert not of(play(m, "1:5H 2:2H 3:3H 0:4H"), "violation")
    out = play(m, "1:AD 2:6H")     # seat 2 cannot follow diamonds... and shows the 6H
    rules = [(v["rule"], v["trick"], v["card"]) for v in of(out, "violation")]
    assert ("must-beat", 1, "2H") in rules


def test_known_hands_are_judged_at_the_play():
    for name in GAMES:
        for seed in range(40):
            plays, violations = judged_hand(name, seed, with_hands=True)
            illegal = [(t, s, c) for (t, s, c, ok) in plays if not ok]
            assert [(v["trick"], v["seat"], v["card"]) for v in violations] == illegal
            for v in violations:
                assert v["proven"] == "at-play"


def test_hidden_hands_every_illegal_play_proven_by_hand_end_and_nothing_else():
    for name in GAMES:
        for seed in range(150):
            plays, violations = judged_hand(name, seed, with_hands=False)
            violations = [v for v in violations if "revises" not in v]   # see the next test
            illegal = sorted((t, s, c) for (t, s, c, ok) in plays if not ok)
            reported = sorted((v["trick"], v["seat"], v["card"]) for v in violations)
            assert reported == illegal, (name, seed)
            for v in violations:
                proof = v["proof"]
                assert proof["trick"] == v["proven"] >= v["trick"]
                # the proving card was played later by the same seat
                later = [p for p in plays if p[1] == v["seat"] and p[2] == proof["card"]]
                assert later and later[0][0] == proof["trick"]


def test_at_hand_end_every_violation_names_the_rule_actually_broken():
    # docs/protocol.md 1.1: once every card is played, all hands are known; a proof that
    # could only name a weaker rule is revised (`revises`) to the rule broken.
    revised = 0
    for name in GAMES:
        for seed in range(150):
            truth = {}
            plays, violations = judged_hand(name, seed, with_hands=False, truth=truth)
            final = {}
            for v in violations:
                key = (v["trick"], v["seat"], v["card"])
                if "revises" in v:
                    assert final[key] == v["revises"] != v["rule"] and v["proven"] == "hand-end"
                    revised += 1
                final[key] = v["rule"]
            assert final == truth, (name, seed)
    assert revised > 0      # the corpus does contain weaker first proofs


def test_legal_play_is_never_reported():
    for name in GAMES:
        for seed in range(60):
            plays, violations = judged_hand(name, seed, illegal_one_in=1000)
            if all(ok for (_t, _s, _c, ok) in plays):
                assert violations == []


def test_legal_cards_and_forbidden_holdings_agree():
    import random
    from game_rules.kit import Trick, playout
    for name, options, seats in (("malilla", None, 4), ("manille", None, 4),
                                 ("manille", {"partner_exemption": True}, 4),
                                 ("manille", {"deck": "spanish40"}, 4), ("manille", None, 3),
                                 ("botifarra", None, 4), ("tute", None, 4), ("truc", None, 4),
                                 ("envite", None, 4), ("envite", None, 8), ("envite", None, 12)):
        game = games.get(name, options, seats)
        random.seed(99)
        for _ in range(400):
            pack = cards.cards_of(game.deck)
            playout.shuffle(pack, random)
            trump = 4 if game.suitless else random.getrandbits(2)
            game.set_trump(trump)           # Envite: the trump suit takes the added cards
            pack = cards.cards_of(game.deck)
            playout.shuffle(pack, random)
            trick = Trick(game)
            trick.start_hand(random.getrandbits(8) % game.seats, trump)
            trick.led_suits = random.getrandbits(4)
            n = random.getrandbits(4) % game.seats
            seat = trick.leader
            for c in pack[:n]:
                trick.add(seat, c)
                seat = game.next_seat(seat)
            held = cards.hand_of(pack[n:n + 1 + random.getrandbits(3)])
            ok = game.legal(held, trick)
            for c in cards.cards_of(held):
                clash = False
                for _rule, sets in explain.forbidden(game, c, trick):
                    for s in range(4):
                        if sets[s] & held[s]:
                            clash = True
                assert cards.holds(ok, c) == (not clash), (name, cards.name(c))


def test_a_draw_from_the_stock_expires_what_earlier_plays_ruled_out():
    # The same revoke as above, but a draw between: the heart may have been drawn since.
    m, _ = start("malilla", dealer=0, turnup="2S", options={"irregularity": "report"})
    play(m, "1:AH 2:2C 3:3H 0:4H")
    assert m.knowledge.ruled_out(2)[1]            # seat 2 showed no heart
    m.knowledge.expire()                          # rules/stock.py draw: the hands changed unseen
    assert m.knowledge.ruled_out(2) == [0, 0, 0, 0]
    play(m, "1:5D 2:6D 3:KD 0:7D")
    assert not of(play(m, "0:6C 1:3C 2:5H"), "violation")
    assert m.knowledge.since == 4                 # the hand's end revises only the plays after it
