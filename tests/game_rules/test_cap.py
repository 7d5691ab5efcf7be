"""A round with a clock (docs/protocol.md `cap`): when the round's cap is reached the
table finishes the deal in play, then logs `cap`; the match ends there, won by the
team ahead, a tie a draw, with the reason `cap`."""
import random

from game_rules.kit import Match, errors, games, of, playout, raises

OrderError, EventError = errors.OrderError, errors.EventError
from game_rules.test_misdeal import hand_under_way


def finish_hand(m, hands, rng):
    """Play the hand in progress out with random legal cards and calls."""
    caller = getattr(m.game, "random_call", None)
    out = []
    while playout.in_hand(m) and not m.over:
        playout.refill(m, hands, rng)       # a game with a stock: the draws
        ev = caller(m, hands, rng) if caller is not None else None
        if ev is None:
            seat = m.turn
            c = playout.pick(m.game.legal(playout.holding_of(m, hands[seat]), m.trick), rng)
            printed = m.game.outer[c] if m.game.outer is not None else c
            hands[seat].remove(printed)
            ev = {"ev": "play", "seat": seat, "card": playout.C.name(printed)}
        out.extend(m.apply(ev))
    return out


def test_a_cap_ends_the_match_between_deals_in_every_game():
    for name in games.names():
        m, hands = hand_under_way(name, 1)
        random.seed(1)
        finish_hand(m, hands, random)
        if m.over:
            continue        # the first hand already ended the match (an órdago)
        totals = list(m.totals)
        out = m.apply({"ev": "cap", "cap": "minutes"})
        end = of(out, "match_end")[0]
        assert end["reason"] == "cap" and end["cap"] == "minutes", name
        assert end["totals"] == totals, name
        best = max(totals)
        ahead = [t for t, v in enumerate(totals) if v == best]
        assert end["winner"] == (ahead[0] if len(ahead) == 1 else None), name
        assert m.over


def test_the_deal_in_play_is_finished_before_a_cap_ends_the_match():
    m, _ = hand_under_way("botifarra", 2)
    phase, totals = m.phase, list(m.totals)
    raises(OrderError, m.apply, {"ev": "cap", "cap": "deals"})
    assert m.phase == phase and m.totals == totals and not m.over


def test_a_tie_at_the_cap_is_a_draw():
    m = Match()
    m.apply({"ev": "match", "game": "malilla"})
    end = of(m.apply({"ev": "cap", "cap": "points"}), "match_end")[0]
    assert end["winner"] is None and end["totals"] == [0, 0] and end["reason"] == "cap"


def test_a_cap_names_which_cap_and_nothing_else():
    m = Match()
    m.apply({"ev": "match", "game": "malilla"})
    raises(EventError, m.apply, {"ev": "cap"})
    raises(EventError, m.apply, {"ev": "cap", "cap": "hours"})
    assert not m.over
    m.apply({"ev": "cap", "cap": "deals"})
    raises(OrderError, m.apply, {"ev": "cap", "cap": "deals"})
    raises(OrderError, m.apply, {"ev": "deal", "dealer": 0})
