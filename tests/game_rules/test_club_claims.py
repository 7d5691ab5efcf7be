"""Claims by club law (rules/club.py) on hand-checked endings in every game that has
claims, through the match, and concessions the partner may cancel (rules/claims.py).

The endings are built from each game's own ranks (`top(game, suit)`: the suit's cards
strongest first), so one reasoning checks them all: trump is clubs, the claimer is
seat 0 on lead, seats 1 to 3 hidden, and the unseen cards are named in each test.
"""
from game_rules.kit import Trick, cards, games, hand_until, of, raises, start

try:
    from tapete.rules import club, claims
except ImportError:
    from rules import club, claims

GAMES = ("malilla", "manille", "botifarra", "tute")
S, H, D, CL = 0, 1, 2, 3


def top(game, suit):
    """The suit's cards in `game`, strongest first."""
    out = [c for c in range(suit * 16, suit * 16 + 16) if game.strength[c]]
    out.sort(key=lambda c: -game.strength[c])
    return out


def mask(codes):
    m = 0
    for c in codes:
        m |= 1 << c
    return m


def ending(name, mine, unseen, cant=None, order=None, budget=0):
    """Check seat 0's claim, on lead with `mine`, the `unseen` cards held by seats 1-3
    (equal shares): (sound, deal, line)."""
    game = games.get(name)
    t = Trick(game)
    t.start_hand(0, CL)
    hands = [cards.hand_of(mine), None, None, None]
    n = len(unseen) // 3
    return club.check(game, 0, hands, t, mask(unseen), {1: n, 2: n, 3: n},
                      cant or [0, 0, 0, 0], order, budget)


def replay(name, deal, line, claimer=0):
    """Play `line` from the refuting deal (every card legal from its seat's hand);
    the number of tricks the claimer's side did not take."""
    game = games.get(name)
    hands = [cards.hand_of(deal[s]) for s in range(4)]
    t = Trick(game)
    t.start_hand(claimer, CL)
    lost = 0
    for c in line:
        p = t.to_play
        assert cards.holds(game.legal(hands[p], t), c), (name, cards.name(c))
        hands[p][c >> 4] &= ~cards.bit(c)
        t.add(p, c)
        if t.done():
            lost += game.team_of[t.winner] != game.team_of[claimer]
            t.start(t.winner)
    return lost


def test_a_claim_with_the_top_cards_stands_in_every_game():
    for name in GAMES:
        g = games.get(name)
        s, h, d = top(g, S), top(g, H), top(g, D)
        # seat 0 holds the two top spades; nobody holds a trump
        sound, _, _ = ending(name, s[:2], s[2:4] + h[:2] + d[:2])
        assert sound is True, name


def test_a_claim_that_needs_the_second_spade_to_fall_is_refused_with_a_real_deal():
    for name in GAMES:
        g = games.get(name)
        s, h, d = top(g, S), top(g, H), top(g, D)
        # seat 0: the first and third spades; the second is out, and may be guarded
        sound, deal, line = ending(name, [s[0], s[2]], [s[1], s[3]] + h[:2] + d[:2])
        assert sound is False, name
        holder = [x for x in (1, 2, 3) if s[1] in deal[x]][0]
        assert s[3] in deal[holder] and g.team_of[holder] == 1, (name, deal)
        assert replay(name, deal, line) == 1


def test_what_the_table_knows_decides_a_guess():
    for name in GAMES:
        g = games.get(name)
        s, h, d = top(g, S), top(g, H), top(g, D)
        # as above, but the table knows seat 1 cannot hold the low spade, and seats 2
        # and 3 cannot hold the second: it sits alone with seat 1 and falls
        cant = [0, mask([s[3]]), mask([s[1]]), mask([s[1]])]
        sound, _, _ = ending(name, [s[0], s[2]], [s[1], s[3]] + h[:2] + d[:2], cant)
        assert sound is True, name


def test_a_stated_line_that_draws_trumps_first_stands_where_the_normal_lines_fail():
    for name in GAMES:
        g = games.get(name)
        c, s, h, d = top(g, CL), top(g, S), top(g, H), top(g, D)
        mine = [c[0], c[1], s[0]]
        unseen = c[2:4] + s[1:2] + h[:3] + d[:3]
        # a normal line may lead the spade first: a seat void in spades ruffs it
        sound, deal, line = ending(name, mine, unseen)
        assert sound is False and line[0] == s[0], (name, [cards.name(x) for x in line])
        assert replay(name, deal, line) == 1
        # the trumps first, then the spade: every trump falls, whoever holds them
        assert ending(name, mine, unseen, order=[c[0], c[1], s[0]])[0] is True, name
        assert ending(name, mine, unseen, order=[s[0], c[0], c[1]])[0] is False, name


def test_club_law_is_never_kinder_than_double_dummy_and_its_refusals_are_real():
    """Random endings of every game: a claim sound by club law is sound double-dummy;
    each club refusal is a deal the table's knowledge allows and a legal losing line."""
    club_sound = refused = 0
    for name in GAMES:
        for seed in range(8):
            m, holding = hand_until(name, seed, 2 + seed % 2)
            seat = m.turn
            shown = [cards.name(c) for c in cards.cards_of(holding[seat])]
            ev = {"ev": "call", "seat": seat, "call": "claim", "cards": shown}
            before = m.snapshot()
            out = m.apply(dict(ev))
            x = of(out, "x-claim")[0]
            assert x["law"] == "club"
            if x["sound"] is True:
                club_sound += 1
                m2, _ = hand_until(name, seed, 2 + seed % 2, options={"claims": "double-dummy"})
                assert of(m2.apply(dict(ev)), "x-claim")[0]["sound"] is True, (name, seed)
            elif x["sound"] is False:
                refused += 1
                assert m.snapshot() == before      # play goes on, nothing changed
                deal = [cards.hand_of([cards.parse(c) for c in x["deal"][s]]) for s in range(4)]
                assert deal[seat] == holding[seat]
                know = m.knowledge
                for s in range(4):
                    ruled = know.ruled_out(s)
                    assert not any(deal[s][k] & ruled[k] for k in range(4)), (name, seed, s)
                t = Trick(m.game)
                t.copy_from(m.trick)
                lost = 0
                for code in x["line"]:
                    c = cards.parse(code)
                    p = t.to_play
                    assert cards.holds(m.game.legal(deal[p], t), c), (name, seed, code)
                    deal[p][c >> 4] &= ~cards.bit(c)
                    t.add(p, c)
                    if t.done():
                        lost += m.game.team_of[t.winner] != m.game.team_of[seat]
                        t.start(t.winner)
                assert lost == 1, (name, seed)
    assert refused >= 10 and club_sound >= 1, (refused, club_sound)


def test_a_stated_line_through_the_match_and_its_checks():
    m, holding = hand_until("manille", 3, 2)
    seat = m.turn
    mine = [cards.name(c) for c in cards.cards_of(holding[seat])]
    out = m.apply({"ev": "call", "seat": seat, "call": "claim", "order": mine})
    assert of(out, "x-claim")[0]["sound"] in (True, False, None)
    m, holding = hand_until("manille", 3, 2)
    err = raises(ValueError, m.apply, {"ev": "call", "seat": seat, "call": "claim",
                                        "order": mine[:1] + mine[:1]})
    assert "holds" in str(err)
    other = mine[:-1] + [x for x in ("7S", "8S", "9S", "7H") if x not in mine][:1]
    err = raises(ValueError, m.apply, {"ev": "call", "seat": seat, "call": "claim",
                                        "order": mine, "cards": other})
    assert "different" in str(err) or "played" in str(err)


def test_an_undecided_club_claim_changes_nothing():
    g = games.get("manille")
    s, h, d = top(g, S), top(g, H), top(g, D)
    try:
        ending("manille", [s[0], s[2]], [s[1], s[3]] + h[:2] + d[:2], budget=3)
    except claims.OutOfBudget:
        pass
    else:
        raise AssertionError("a 3-node budget settled a claim")


# -- concessions ------------------------------------------------------------------------
def _conceded(name="malilla", seed=2, left=4, t=1000):
    m, _ = hand_until(name, seed, left)
    seat = m.turn
    out = m.apply({"ev": "call", "seat": seat, "call": "concede", "t": t})
    return m, seat, out


def test_a_concession_waits_for_the_partner_and_an_objection_cancels_it():
    for name in GAMES:
        m, seat, out = _conceded(name)
        x = of(out, "x-claim")[0]
        assert x["sound"] is None and x["wait"] == 10 and x["until"] == 11000
        assert not of(out, "hand_end")
        turn = m.trick.to_play
        # cards wait too: refused, nothing changed
        raises(ValueError, m.apply, {"ev": "play", "seat": turn, "card": "AS", "t": 2000})
        # an opponent cannot object; the partner can
        raises(ValueError, m.apply, {"ev": "call", "seat": (seat + 1) % 4, "call": "object", "t": 3000})
        out = m.apply({"ev": "call", "seat": (seat + 2) % 4, "call": "object", "t": 3000})
        x = of(out, "x-claim")[0]
        assert x["sound"] is False and x["objected"] == (seat + 2) % 4
        assert m.conceding is None and m.turn == turn and not of(out, "hand_end")
        raises(ValueError, m.apply, {"ev": "call", "seat": (seat + 2) % 4, "call": "object"})


def test_a_concession_stands_when_the_wait_passes():
    m, seat, out = _conceded()
    tricks = list(m.tricks_won)
    # the conceder's word again before the wait is over: refused
    raises(ValueError, m.apply, {"ev": "call", "seat": seat, "call": "concede", "t": 5000})
    out = m.apply({"ev": "call", "seat": seat, "call": "concede", "t": 11000})
    x = of(out, "x-claim")[0]
    assert x["sound"] is True and x["stood"] == "wait"
    end = of(out, "hand_end")[0]
    assert end["tricks"][1 - seat % 2] == tricks[1 - seat % 2] + 4


def test_a_late_objection_and_the_next_deal_let_it_stand():
    m, seat, _ = _conceded()
    out = m.apply({"ev": "call", "seat": (seat + 2) % 4, "call": "object", "t": 12000})
    assert of(out, "x-claim")[0]["stood"] == "wait" and of(out, "hand_end")
    m, seat, _ = _conceded()
    out = m.apply({"ev": "deal", "dealer": m.next_dealers()[0], "t": 20000})
    assert of(out, "x-claim")[0]["stood"] == "wait" and of(out, "hand_end")
    assert m.hand_no == 2 and m.conceding is None


def test_the_wait_is_the_events_law():
    m, _ = start("botifarra", options={"concession_wait": 30})
    assert claims.concession_wait(m.game) == 30


def test_at_a_table_of_six_every_partner_concedes_or_one_objects():
    m, _ = start("envite", seats=6, turnup="AD")
    seat = m.turn
    m.apply({"ev": "call", "seat": seat, "call": "concede", "t": 0})
    assert m.apply({"ev": "call", "seat": (seat + 2) % 6, "call": "concede", "t": 100}) == []
    out = m.apply({"ev": "call", "seat": (seat + 4) % 6, "call": "concede", "t": 200})
    assert of(out, "x-claim")[0]["stood"] == "agreed" and of(out, "hand_end")
    m, _ = start("envite", seats=6, turnup="AD")
    seat = m.turn
    m.apply({"ev": "call", "seat": seat, "call": "concede", "t": 0})
    m.apply({"ev": "call", "seat": (seat + 2) % 6, "call": "concede", "t": 100})
    out = m.apply({"ev": "call", "seat": (seat + 4) % 6, "call": "object", "t": 200})
    assert of(out, "x-claim")[0]["objected"] == (seat + 4) % 6 and m.conceding is None


def test_three_handed_each_for_himself_plays_it_out():
    m, _ = start("manille", seats=3, turnup="AD")
    err = raises(ValueError, m.apply, {"ev": "call", "seat": m.turn, "call": "concede"})
    assert "play it out" in str(err) and m.conceding is None
