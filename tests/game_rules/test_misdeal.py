"""Misdeals and abandoned hands (docs/protocol.md 1.2) in every registered game: the hand
in progress is void, nothing is scored from it, and the match goes on."""
import random

from game_rules.kit import Match, TableError, games, of, playout, raises


def hand_under_way(name, seed, moves=3, options=None):
    """A match of `name` whose first hand (dealt by seat 0 to a table that knows no
    hands) has had a few random calls or plays: (match, dealer)."""
    random.seed(seed)
    rng = random
    m = Match()
    m.apply({"ev": "match", "game": name, "options": options or {}})
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
            # late_misdeal void: a misdeal voids the hand at any moment (before play
            # it always does, whatever the law)
            m, _ = hand_under_way(name, seed, options={"late_misdeal": "void"})
            if m.phase not in (2, 3, 4, 5):
                continue        # the few moves ended the hand (a fold, a rejected raise)
            voided += 1
            before = list(m.totals)
            if name == "malilla":
                before = [before[0] - m.ctx.bonus[0], before[1] - m.ctx.bonus[1]]
            late = m.game.play_begun(m)
            out = m.apply({"ev": "misdeal", "reason": "a card face up"})
            assert [r["penalty"] for r in of(out, "x-ruling")] == (["void"] if late else []), (name, out)
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


# -- Misdeals before play (issue 35): clubs allow them until the hand's first card ----------
def first_card_played(name, options=None):
    """A match of `name` whose first hand has had its first card (or, in Mus, whose
    betting has begun), by random legal calls and cards: (match, hands)."""
    for seed in range(40):
        random.seed(seed)
        m = Match()
        m.apply({"ev": "match", "game": name, "options": options or {}})
        events, hands = playout.hand_events(m.game, 0, random, False)
        for ev in events:
            m.apply(ev)
        caller = getattr(m.game, "random_call", None)
        while playout.in_hand(m) and not m.game.play_begun(m):
            ev = caller(m, hands, random) if caller is not None else None
            if ev is None:
                if m.phase != 4:
                    break
                seat = m.turn
                c = playout.pick(m.game.legal(playout.holding_of(m, hands[seat]), m.trick), random)
                printed = m.game.outer[c] if m.game.outer is not None else c
                hands[seat].remove(printed)
                ev = {"ev": "play", "seat": seat, "card": playout.C.name(printed)}
            m.apply(ev)
        if playout.in_hand(m) and m.game.play_begun(m):
            return m, hands
    raise AssertionError("no hand under way with a card played: " + name)


def test_a_misdeal_before_the_first_card_voids_the_hand_whatever_the_law():
    for law in ("stands", "void"):
        m = Match()
        m.apply({"ev": "match", "game": "botifarra", "options": {"late_misdeal": law}})
        m.apply({"ev": "deal", "dealer": 0})
        assert not m.game.play_begun(m)
        out = m.apply({"ev": "misdeal"})
        assert not of(out, "x-ruling") and of(out, "hand_end")[0]["ended"] == "misdeal"


def test_a_misdeal_after_the_first_card_stands_by_default_and_play_goes_on_in_every_game():
    for name in games.names():
        m, hands = first_card_played(name)
        hand_no, phase, totals = m.hand_no, m.phase, list(m.totals)
        out = m.apply({"ev": "misdeal", "seat": 1, "reason": "a card face up"})
        assert [e["ev"] for e in out] == ["x-ruling"], (name, out)
        r = out[0]
        assert (r["rule"], r["penalty"], r["seat"], r["team"], r["hand"]) == \
            ("misdeal", "stands", 1, m.team_of(1), hand_no), name
        assert m.hand_no == hand_no and m.phase == phase and m.totals == totals, name
        derived = playout.play_hand(m, hands, random)
        ends = of(derived, "hand_end")
        assert ends and ends[0]["hand"] == hand_no and ends[0].get("ended") != "misdeal", name


def test_late_misdeal_void_voids_the_hand_after_the_first_card_with_a_ruling():
    m, _ = first_card_played("tute", {"late_misdeal": "void"})
    out = m.apply({"ev": "misdeal"})
    assert [e["ev"] for e in out] == ["x-ruling", "hand_end"]
    assert out[0]["penalty"] == "void" and out[1]["ended"] == "misdeal" and m.phase == 1


def test_mus_takes_a_misdeal_during_the_draw_and_rules_it_once_the_betting_begins():
    m = Match()
    m.apply({"ev": "match", "game": "mus"})
    m.apply({"ev": "deal", "dealer": 0})
    assert not m.game.play_begun(m)         # the draw: the hands may still change
    assert of(m.apply({"ev": "misdeal"}), "hand_end")
    m.apply({"ev": "deal", "dealer": 0})
    m.apply({"ev": "call", "seat": 3, "call": "no-mus"})
    assert m.game.play_begun(m)             # grande's betting
    assert of(m.apply({"ev": "misdeal"}), "x-ruling")[0]["penalty"] == "stands"


def test_a_short_hands_missing_trick_counts_for_the_opponents():
    for name in ("tute", "botifarra", "manille", "malilla"):
        m, hands = first_card_played(name)
        tricks = m.game.tricks
        out = m.apply({"ev": "misdeal", "short": 2, "reason": "seat 2 has a card too few"})
        assert out[0]["short"] == 2 and m.hand_cards == tricks - 1, name
        other = 1 - m.team_of(2)
        derived = playout.play_hand(m, hands, random)
        end = of(derived, "hand_end")[0]
        assert sum(end["tricks"]) == tricks, (name, end)
        assert len(of(derived, "trick")) <= tricks - 1, name
        # every card point of the pack is won: the missing trick holds the cards left
        assert sum(m.card_points) == sum(m.game.points_of[c] for c in playout.C.cards_of(m.game.deck)), name
        assert m.last_team == other, name


def test_a_short_hand_is_refused_where_it_cannot_be_ruled_and_changes_nothing():
    m = Match()
    m.apply({"ev": "match", "game": "tute"})
    m.apply({"ev": "deal", "dealer": 0})
    phase = m.phase
    raises(TableError, m.apply, {"ev": "misdeal", "short": 1})      # before play: the hand is void
    assert m.hand_no == 1 and m.phase == phase
    m2, _ = first_card_played("tute", {"late_misdeal": "void"})
    raises(TableError, m2.apply, {"ev": "misdeal", "short": 1})
    assert m2.phase == 4
    m3, _ = first_card_played("truc")
    raises(TableError, m3.apply, {"ev": "misdeal", "short": 1})       # three tricks, drawn ones
    m4, _ = first_card_played("tute")
    raises(TableError, m4.apply, {"ev": "misdeal", "short": 7})
    assert m4.hand_cards == m4.game.tricks
