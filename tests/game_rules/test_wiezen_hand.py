"""Whole Wiezen deals made by hand, played through the stage hooks a driver calls
(docs/wiezen.md, "The stages"): the bidding, the first lead, the open hand, the tricks
and the score. A deterministic player: the declarers of a miserie play their lowest
legal card, everyone else their highest."""
from game_rules.kit import cards

try:
    from tapete.rules.games.wiezen import Wiezen, contracts as K
    from tapete.rules.games.wiezen.score import score_into
    from tapete.rules.trick import Trick
except ImportError:     # MicroPython
    from rules.games.wiezen import Wiezen, contracts as K
    from rules.games.wiezen.score import score_into
    from rules.trick import Trick

G = Wiezen()


def hands_of(spec):
    return dict((s, [cards.parse(t) for t in spec[s].split()]) for s in spec)


def choose(game, hand, trick, low):
    legal = game.legal(cards.hand_of(hand), trick)
    options = [c for c in hand if (legal[c >> 4] >> (c & 15)) & 1]
    best = options[0]
    for c in options:
        if (game.strength[c] < game.strength[best]) if low else (game.strength[c] > game.strength[best]):
            best = c
    return best


def play_out(game, a, hands):
    """Play the deal to its end; (tricks per seat, first-lead rulings, hands shown,
    the card count at which the result was settled)."""
    t = Trick(game)
    t.start_hand(game.leader(a), a.trump)
    won = [0, 0, 0, 0]
    rulings, shown, settled_at = [], [], None
    played = 0
    for n in range(1, 14):
        seat = t.leader
        for order in range(4):
            due = game.shown_due(a, played)
            for s in range(4):
                if (due >> s) & 1:
                    shown.append((s, played, len(hands[s])))
            low = K.is_miserie(a.high) and (a.declarers >> seat) & 1
            c = choose(game, hands[seat], t, low)
            r = game.first_lead_rule(a, seat, c, n, order)
            if r:
                rulings.append(r)
            hands[seat].remove(c)
            t.add(seat, c)
            played += 1
            seat = game.next_seat(seat)
        won[t.winner] += 1
        if settled_at is None and game.settled(a, won, n):
            settled_at = n
        t.start(t.winner)
    return won, rulings, shown, settled_at


def test_troel_with_the_fourth_ace_holding_every_trump_takes_all_thirteen():
    hands = hands_of({1: "AS AH AD KS KH KD QS QH QD JS JH JD 10S",
                      3: "AC KC QC JC 10C 9C 8C 7C 6C 5C 4C 3C 2C",
                      0: "9S 8S 7S 6S 5S 4S 3S 2S 10H 9H 8H 7H 6H",
                      2: "5H 4H 3H 2H 10D 9D 8D 7D 6D 5D 4D 3D 2D"})
    a = G.new_auction(0, cards.suit_of(cards.parse("6H")))
    a.call(1, "troel", {"card": "AC"})
    for s in (2, 3, 0):
        a.call(s, "pass", {})
    a.call(3, "partner", {})
    assert a.done and a.trump == 3 and G.leader(a) == 3
    won, rulings, shown, settled_at = play_out(G, a, hands)
    assert won == [0, 0, 0, 13] and rulings == [] and shown == [] and settled_at == 13
    assert score(a, won) == [-28, 28, -28, 28]


def test_open_miserie_declarer_with_the_lowest_cards_takes_nothing_and_shows_his_hand():
    hands = hands_of({1: "2S 3S 4S 2H 3H 4H 2D 3D 4D 2C 3C 4C 5C",
                      2: "AS KS QS JS AH KH QH AD KD QD AC KC QC",
                      3: "10S 9S 8S 7S JH 10H 9H JD 10D 9D JC 10C 9C",
                      0: "6S 5S 8H 7H 6H 5H 8D 7D 6D 5D 8C 7C 6C"})
    a = G.new_auction(0, 1)
    a.call(1, "open-miserie", {})
    for s in (2, 3, 0):
        a.call(s, "pass", {})
    assert a.done and a.trump == cards.NO_TRUMP and G.leader(a) == 1
    won, rulings, shown, settled_at = play_out(G, a, hands)
    assert won[1] == 0 and sum(won) == 13 and settled_at is None
    assert shown == [(1, 1, 12)]        # laid open after the first lead, 12 cards left
    assert score(a, won) == [-14, 42, -14, -14]


def test_a_troel_partner_who_leads_another_card_is_ruled():
    a = G.new_auction(0, 1)
    a.call(1, "troel", {"card": "AC"})
    for s in (2, 3, 0):
        a.call(s, "pass", {})
    a.call(3, "partner", {})
    assert G.first_lead_rule(a, 3, cards.parse("KC"), 1, 0) == "troel-lead"


def score(a, won):
    return score_into(G.table, a.high, a.declarers, won, [0, 0, 0, 0], a.target)


def test_the_per_card_hooks_allocate_nothing_under_micropython():
    import gc
    if not hasattr(gc, "mem_alloc"):
        return      # CPython: the budget is the Pico's (this test runs in the port too)
    try:
        from tapete.rules.games.wiezen.proofs import Proofs
    except ImportError:
        from rules.games.wiezen.proofs import Proofs
    a = G.new_auction(0, 1)
    a.call(1, "troel", {"card": "AC"})
    for s in (2, 3, 0):
        a.call(s, "pass", {})
    a.call(3, "partner", {})
    p = Proofs()
    won = [0, 3, 0, 4]
    out = [0, 0, 0, 0]
    ac, kc, ah = cards.parse("AC"), cards.parse("KC"), cards.parse("AH")
    for _ in range(2):      # the second round is measured (the first warms up)
        gc.collect()
        before = gc.mem_alloc()
        p.play(a, 3, ac)
        p.play(a, 0, ah)
        p.play(a, 1, kc)
        G.settled(a, won, 7)
        G.shown_due(a, 5)
        G.first_lead_rule(a, 3, kc, 1, 0)
        score_into(G.table, a.high, a.declarers, won, out, a.target)
        used = gc.mem_alloc() - before
    assert used == 0, "allocated %d bytes" % used
