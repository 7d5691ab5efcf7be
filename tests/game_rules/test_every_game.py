"""Invariants of every registered game over random matches played legally: each card
played once a hand, trick winners as an independent reading of the ranks says, the
points of a hand played out add up to the game's total, and the totals are the sum
of the hand scores; and the description is read-only: what a match accumulates (the
totals, Envite's series of games, Mus's hand) lives on the match."""
import random

from game_rules.kit import Match, cards, games, of, playout

MATCHES = 3     # per game, each several hands


def trick_winner(game, leader, printed, trump):
    """Who takes a trick, read from the card tables only: the highest trump, else
    the highest card of the suit led (by rank alone in a suitless game); two
    opponents' equal best cards draw it (None) where the game draws."""
    inner = game.inner
    codes = [inner[c] if inner is not None else c for c in printed]
    best, best_seat, drawn = codes[0], leader, False
    seat = leader
    for i in range(1, len(codes)):
        seat = game.next_seat(seat)
        c = codes[i]
        if game.suitless:
            if game.strength[c] > game.strength[best]:
                best, best_seat, drawn = c, seat, False
            elif game.draws and game.strength[c] == game.strength[best] \
                    and game.team_of[seat] != game.team_of[best_seat]:
                drawn = True
            continue
        higher = c >> 4 == best >> 4 and game.strength[c] > game.strength[best]
        if higher or (c >> 4 == trump and best >> 4 != trump):
            best, best_seat = c, seat
    return None if drawn else best_seat


# The card tables a hand's trump rewrites (Envite's set_trump) and the C core's handle.
TABLES = ("strength", "points_of", "above", "below", "deck", "inner", "outer", "hot")


def description_of(game):
    """The description's own values, besides the card tables of the hand."""
    return {k: repr(v) for k, v in game.__dict__.items() if k not in TABLES}


def check_hand_end(name, game, ev, tricks, prev, declared, out_of_play=0):
    """One `hand_end` against the tricks of its hand and the totals before it."""
    points, score, totals = ev["points"], ev["score"], ev["totals"]
    if not ev.get("ended") and name not in ("truc", "envite", "mus"):    # whole-pack games
        assert len(tricks) == game.tricks, (name, ev)
        seen = set()
        for t in tricks:
            seen.update(t["cards"])
        assert len(seen) == game.tricks * game.seats, (name, "each card once")
        assert sum(points) == game.total_points + declared - out_of_play, (name, ev)
    if game.each_for_self and name == "wiezen":
        assert sum(score) == 0, (name, "a Wiezen deal's scores are zero-sum", ev)
    if name == "envite" and max(prev) >= 12:
        prev = [0, 0]       # a game of the series was won: the next starts from 0
    want = [prev[t] + score[t] for t in range(len(prev))]
    assert totals == want, (name, "totals are the sum of hand scores", prev, ev)


# Seat counts played besides each game's default, each with its own description file.
OTHER_SEATS = (("tute", 2, None), ("tute", 3, None), ("tute", 3, {"subastado": True}))


def test_every_registered_game_keeps_its_invariants_over_random_matches():
    for name in games.names():
        for seed in range(MATCHES):
            check_random_match(name, None, seed)


def test_the_other_seat_counts_keep_the_invariants_over_random_matches():
    for name, seats, options in OTHER_SEATS:
        for seed in range(MATCHES):
            check_random_match(name, seats, seed, options)


def check_random_match(name, seats, seed, options=None):
    random.seed(100 + seed)
    m = Match()
    start = {"ev": "match", "game": name}
    if seats is not None:
        start["seats"] = seats
    if options:
        start["options"] = options
    m.apply(start)
    game = m.game
    made = description_of(game)
    dealer = random.getrandbits(8) % m.seats
    prev = [0] * m.teams
    hands_played = 0
    while not m.over and hands_played < 60:
        sizer = getattr(game, "random_deal_size", None)
        size = sizer(m, random) if sizer is not None else None
        events, hands = playout.hand_events(game, dealer, random, seed % 2 == 0, size)
        derived = []
        for ev in events:
            derived += m.apply(ev)
        derived += playout.play_hand(m, hands, random)
        tricks = of(derived, "trick")
        for t in tricks:
            printed = [cards.parse(c) for c in t["cards"]]
            assert len(printed) == game.seats and all(game.in_deck(c) for c in printed)
            assert t["winner"] == trick_winner(game, t["leader"], printed, m.trick.trump), \
                (name, t)
        assert not of(derived, "violation"), (name, of(derived, "violation"))
        end = of(derived, "hand_end")
        assert len(end) == 1, (name, derived)
        declared = sum(d["points"] for d in end[0].get("declarations", []) if d["valid"])
            # a turn-up left on the table out of play (Tute for three) takes its points away
        aside = m.turnup is not None and not game.turnup_held and "draw" not in game.stages
        check_hand_end(name, game, end[0], tricks, prev, declared,
                       game.points(m.turnup) if aside else 0)
        prev = list(end[0]["totals"])
        hands_played += 1
        dealer = m.next_dealers()[0]       # the game's rule (Guiñote: the last trick's winner)
    assert m.over, name
    final = of(derived, "match_end")[0]
    assert final["totals"] == prev and final["totals"] == m.totals
    assert description_of(game) == made, (name, "the match changed its description")
