"""Claims ("the rest are ours") and concessions, and the solver behind them."""

from game_rules.kit import Trick, cards, hand_until, of, start

try:
    from tapete.rules import solver
except ImportError:
    from rules import solver

DOUBLE_DUMMY = {"claims": "double-dummy"}   # the friendly law: the solver's reading


def _brute(game, hands, trick, team):
    """Tricks `team` takes with perfect play on both sides: plain minimax, no pruning."""
    if trick.done():
        won = 1 if trick.winner % 2 == team else 0
        if not any(cards.count(h) for h in hands):
            return won
        nxt = Trick(game)
        nxt.copy_from(trick)
        nxt.start(trick.winner)
        return won + _brute(game, hands, nxt, team)
    seat = trick.to_play
    values = []
    for c in cards.cards_of(game.legal(hands[seat], trick)):
        hands[seat][c >> 4] &= ~cards.bit(c)
        t = Trick(game)
        t.copy_from(trick)
        t.add(seat, c)
        values.append(_brute(game, hands, t, team))
        hands[seat][c >> 4] |= cards.bit(c)
    return max(values) if seat % 2 == team else min(values)


def test_solver_agrees_with_brute_force_on_endings_of_up_to_three_tricks():
    for name in ("malilla", "manille"):
        for seed in range(30):
            left = 1 + seed % 3
            m, holding = hand_until(name, seed, left)
            hands = [holding[s] for s in range(4)]
            team = m.turn % 2
            v, line = solver.solve(m.game, hands, m.trick, team, solver.TRICKS)
            assert v == _brute(m.game, [list(h) for h in hands], m.trick, team), (name, seed)
            assert len(line) == 4 * left - m.trick.n


def test_a_sound_double_dummy_claim_ends_the_hand_with_every_remaining_trick_to_the_claimer():
    found = 0
    for seed in range(200):
        m, holding = hand_until("malilla", seed, 2, with_hands=True, options=DOUBLE_DUMMY)
        seat = m.turn
        hands = [holding[s] for s in range(4)]
        best = _brute(m.game, [list(h) for h in hands], m.trick, seat % 2)
        before = list(m.tricks_won)
        out = m.apply({"ev": "call", "seat": seat, "call": "claim"})
        claim = of(out, "x-claim")[0]
        assert claim["sound"] == (best == 2), seed
        if claim["sound"]:
            found += 1
            end = of(out, "hand_end")[0]
            assert sum(end["tricks"]) == 10 and end["tricks"][seat % 2] == before[seat % 2] + 2
            assert sum(end["points"]) == 70
    assert found >= 3


def test_an_unsound_double_dummy_claim_is_refused_with_a_deal_and_a_line_that_defeat_it():
    refused = 0
    for seed in range(40):
        m, holding = hand_until("manille", seed, 3, options=DOUBLE_DUMMY)
        seat = m.turn
        shown = [cards.name(c) for c in cards.cards_of(holding[seat])]
        out = m.apply({"ev": "call", "seat": seat, "call": "claim", "cards": shown})
        claim = of(out, "x-claim")[0]
        if claim["sound"] is False:
            refused += 1
            assert not of(out, "hand_end") and m.turn == seat      # play goes on
            # replay the defeating line on the refuting deal: the claimer's side loses a trick
            deal = [cards.hand_of([cards.parse(x) for x in claim["deal"][s]]) for s in range(4)]
            assert deal[seat] == holding[seat]
            t = Trick(m.game)
            t.copy_from(m.trick)
            lost = 0
            for code in claim["line"]:
                c = cards.parse(code)
                p = t.to_play
                assert cards.holds(m.game.legal(deal[p], t), c)
                deal[p][c >> 4] &= ~cards.bit(c)
                t.add(p, c)
                if t.done():
                    lost += t.winner % 2 != seat % 2
                    w = t.winner
                    t.start(w)
            assert lost >= 1
    assert refused >= 10


def test_a_claim_must_show_the_right_number_of_cards():
    m, holding = hand_until("malilla", 1, 3)
    seat = m.turn
    try:
        one = cards.name(cards.cards_of(holding[seat])[0])
        m.apply({"ev": "call", "seat": seat, "call": "claim", "cards": [one]})
    except ValueError as err:
        assert "holds" in str(err)
    else:
        raise AssertionError("accepted a claim showing one card")


def test_a_concession_the_partner_joins_gives_the_rest_to_the_other_side():
    m, holding = hand_until("malilla", 2, 4)
    seat = m.turn
    before = list(m.tricks_won)
    assert not of(m.apply({"ev": "call", "seat": seat, "call": "concede"}), "hand_end")
    out = m.apply({"ev": "call", "seat": (seat + 2) % 4, "call": "concede"})
    assert of(out, "x-claim")[0]["stood"] == "agreed"
    end = of(out, "hand_end")[0]
    assert end["tricks"][1 - seat % 2] == before[1 - seat % 2] + 4
    assert sum(end["points"]) == 70


def test_a_shown_card_the_table_had_ruled_out_proves_the_earlier_play():
    m, _ = start("malilla", dealer=0, turnup="2S", options={"irregularity": "report"})
    for item in "1:AH 2:2C 3:3H 0:4H".split():          # seat 2 does not follow hearts
        s, c = item.split(":")
        m.apply({"ev": "play", "seat": int(s), "card": c})
    # seat 1 won and leads; then seat 2, on play, claims and shows its hand
    m.apply({"ev": "play", "seat": 1, "card": "5D"})
    shown = "5H 6H 7H JH QH KH 2D 3D 4D".split()
    out = m.apply({"ev": "call", "seat": 2, "call": "claim", "cards": shown})
    v = of(out, "violation")
    assert v and v[0]["card"] == "2C" and v[0]["rule"] == "revoke" and v[0]["proof"]["shown"]
