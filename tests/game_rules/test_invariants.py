"""Invariants over many random matches played legally, for every game and pack."""
import random

from game_rules.kit import cards, games, of, playout

VARIANTS = (("malilla", None), ("manille", None), ("manille", {"last_trick_bonus": True}),
            ("manille", {"deck": "spanish40"}), ("manille", {"deck": "mexican40", "target": 50}))
MATCHES = 40        # each match is several hands: thousands of random deals in all


def winner_of(game, leader, played, trump):
    """An independent statement of who wins a trick: the highest trump, else the
    highest card of the suit led."""
    led = played[0] >> 4
    best_seat, best = leader, played[0]
    seat = leader
    for c in played:
        s, b = c >> 4, best >> 4
        if (s == trump and b != trump) or (s == b and game.strength[c] > game.strength[best]):
            best_seat, best = seat, c
        seat = game.next_seat(seat)
    assert best >> 4 in (led, trump)
    return best_seat


def check_match(name, options, seed, with_hands):
    random.seed(seed)
    log, derived, m = playout.random_match(name, options, random, with_hands)
    game = m.game
    hand_no = 0
    totals = [0, 0]
    seen = set()
    trump = None
    points = [0, 0]
    last_winner = 0
    for ev in derived:
        if ev["ev"] == "trump":
            hand_no = ev["hand"]
            seen = set()
            trump = cards.parse_suit(ev["suit"])
            points = [0, 0]
        elif ev["ev"] == "trick":
            played = [cards.parse(t) for t in ev["cards"]]
            assert len(played) == game.seats
            for c in played:
                assert c not in seen, "card played twice in a hand"
                assert game.in_deck(c)
                seen.add(c)
            assert ev["winner"] == winner_of(game, ev["leader"], played, trump)
            points[ev["winner"] % 2] += sum(game.points(c) for c in played) + game.trick_point
            last_winner = ev["winner"]
        elif ev["ev"] == "hand_end":
            assert ev["hand"] == hand_no
            assert len(seen) == len(cards.cards_of(game.deck)), "every card played once"
            assert sum(ev["points"]) == game.total_points
            points[last_winner % 2] += game.last_trick
            assert ev["points"] == points
            for t in (0, 1):
                totals[t] += ev["score"][t]
            assert ev["totals"] == totals, "totals are the sum of hand scores"
        elif ev["ev"] == "violation":
            raise AssertionError("a legal game reported " + repr(ev))
    end = of(derived, "match_end")
    assert len(end) == 1 and m.over
    assert end[0]["totals"] == totals
    w = end[0]["winner"]
    assert totals[w] >= game.target and totals[w] > totals[1 - w]


def test_random_matches_keep_every_invariant():
    seed = 0
    for name, options in VARIANTS:
        for i in range(MATCHES):
            seed += 1
            check_match(name, options, seed, with_hands=(i % 2 == 0))
