"""Misdeals and abandoned hands (docs/protocol.md 1.2) in every registered game: the hand
in progress is void, nothing is scored from it, and the match goes on."""
import random

from game_rules.kit import Match, TableError, games, of, playout, raises


def hand_under_way(name, seed, moves=3):
    """A match of `name` whose first hand (dealt by seat 0 to a table that knows no
    hands) has had a few random calls or plays: (match, dealer)."""
    random.seed(seed)
    rng = random
    m = Match()
    m.apply({"ev": "match", "game": name})
    events, hands = playout.hand_events(m.game, 0, rng, False)
    for ev in events:
        m.apply(ev)
    caller = getattr(m.game, "random_call", None)
    for _ in range(moves):
        if m.phase == 4:        # PLAY: a random legal card of the seat to play
            seat = m.turn
            c = playout.pick(m.game.legal(playout.holding_of(m, hands[seat]), m.trick), rng)
            printed = m.game.outer[c] if m.game.outer is not None else c
            hands[seat].remove(printed)
            m.apply({"ev": "play", "seat": seat, "card": playout.C.name(printed)})
        elif caller is not None:
            ev = caller(m, hands, rng)
            if ev is None:
                break
            m.apply(ev)
        if m.phase not in (2, 3, 4, 5):
            break
    return m, hands


def test_a_misdeal_voids_the_hand_in_every_game_and_the_match_goes_on():
    for name in games.names():
        voided = 0
        for seed in range(4):
            m, _ = hand_under_way(name, seed)
            if m.phase not in (2, 3, 4, 5):
                continue        # the few moves ended the hand (a fold, a rejected raise)
            voided += 1
            before = list(m.totals)
            if name == "malilla":
                before = [before[0] - m.ctx.bonus[0], before[1] - m.ctx.bonus[1]]
            out = m.apply({"ev": "misdeal", "reason": "a card face up"})
            end = of(out, "hand_end")
            assert len(end) == 1 and end[0]["ended"] == "misdeal", (name, out)
            assert end[0]["score"] == [0] * m.teams and m.totals == before, (name, end)
            assert end[0]["misdeal"]["seat"] == 0 and m.phase == 1
            nxt = end[0]["misdeal"]["next_dealer"]
            assert nxt == (m.game.next_dealer(0) if name == "malilla" else 0), (name, nxt)
            wrong = m.game.next_dealer(nxt)
            raises(TableError, m.apply, {"ev": "deal", "dealer": wrong})
            assert m.hand_no == 1
            events, hands = playout.hand_events(m.game, nxt, random, True)
            for ev in events:
                m.apply(ev)
            assert m.hand_no == 2
            derived = playout.play_hand(m, hands, random)
            assert of(derived, "hand_end")[-1]["hand"] == 2, name
        assert voided >= 2, name


def test_malillas_turn_up_bonus_is_taken_back_by_a_misdeal():
    m = Match()
    m.apply({"ev": "match", "game": "malilla"})
    m.apply({"ev": "deal", "dealer": 0})
    m.apply({"ev": "turnup", "card": "7H"})
    assert m.totals == [5, 0]
    end = of(m.apply({"ev": "misdeal"}), "hand_end")[0]
    assert m.totals == [0, 0] and end["totals"] == [0, 0] and end["score"] == [0, 0]
    raises(TableError, m.apply, {"ev": "deal", "dealer": 0})     # the next dealer deals
    m.apply({"ev": "deal", "dealer": 1})


def test_option_misdeal_pass_or_redeal_names_the_next_dealer():
    for name, option, dealer in (("tute", "pass", 3), ("malilla", "redeal", 0)):
        m = Match()
        m.apply({"ev": "match", "game": name, "options": {"misdeal": option}})
        m.apply({"ev": "deal", "dealer": 0})
        end = of(m.apply({"ev": "misdeal"}), "hand_end")[0]
        assert end["misdeal"]["next_dealer"] == dealer
        m.apply({"ev": "deal", "dealer": dealer})


def test_a_misdeal_needs_a_hand_in_progress_and_a_refused_one_changes_nothing():
    m = Match()
    m.apply({"ev": "match", "game": "botifarra"})
    raises(TableError, m.apply, {"ev": "misdeal"})
    m.apply({"ev": "deal", "dealer": 0})
    raises(TableError, m.apply, {"ev": "misdeal", "seat": 9})
    raises(TableError, m.apply, {"ev": "misdeal", "reason": 3})
    assert m.phase == 3 and m.hand_no == 1


def test_a_deal_while_a_hand_is_unfinished_closes_it_as_abandoned_in_every_game():
    for name in games.names():
        for seed in range(10):      # a hand the random moves left unfinished
            m, _ = hand_under_way(name, seed, 2)
            if m.phase in (2, 3, 4, 5):
                break
        assert m.phase in (2, 3, 4, 5), name
        before = list(m.totals)
        if name == "malilla":
            before = [before[0] - m.ctx.bonus[0], before[1] - m.ctx.bonus[1]]
        nxt = m.game.next_dealer(0)
        events, hands = playout.hand_events(m.game, nxt, random, True)
        out = m.apply(events[0])
        end = of(out, "hand_end")
        assert len(end) == 1 and end[0]["ended"] == "abandoned" and end[0]["hand"] == 1, name
        assert m.totals == before and m.hand_no == 2, name
        for ev in events[1:]:
            m.apply(ev)
        derived = playout.play_hand(m, hands, random)
        assert of(derived, "hand_end")[-1]["hand"] == 2, name
