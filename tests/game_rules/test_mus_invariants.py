"""Mus invariants over thousands of random hands with real cards (órdagos, false
declarations and reshuffles included), and the showdown keys against an independent
statement of the seed's comparisons."""
import random

try:
    from tapete.rules import cards
    from tapete.rules.games.mus import hands as H, playout as P, random_play as R
    from tapete.rules.games.mus import hand_alone
    from tapete.rules.games.mus.hand import DISCARD
except ImportError:     # MicroPython: the rule module is the package `rules`
    from rules import cards
    from rules.games.mus import hands as H, playout as P, random_play as R
    from rules.games.mus import hand_alone
    from rules.games.mus.hand import DISCARD

HANDS = 2000        # random hands in the invariant run
PAIRS = 3000        # random pairs of hands compared by key and by the reference

RANK = {1: 1, 2: 1, 3: 10, 4: 4, 5: 5, 6: 6, 7: 7, 11: 8, 12: 9, 13: 10}
VALUE = {1: 1, 2: 1, 3: 10, 4: 4, 5: 5, 6: 6, 7: 7, 11: 10, 12: 10, 13: 10}
JUEGO_ORDER = [33, 34, 35, 36, 37, 40, 32, 31]      # worst to best, the seed's list


# -- An independent statement of the seed's comparisons (tuples, Python's ordering) ----
def ranks(hand):
    return [RANK[cards.face_of(c)] for c in hand]


def ref_total(hand):
    return sum(VALUE[cards.face_of(c)] for c in hand)


def ref_grande(hand):
    return tuple(sorted(ranks(hand), reverse=True))


def ref_chica(hand):
    return tuple(-r for r in sorted(ranks(hand)))


def ref_pares(hand):
    count = {}
    for r in ranks(hand):
        count[r] = count.get(r, 0) + 1
    groups = sorted(((n, r) for r, n in count.items()), reverse=True)
    if groups[0][0] == 4:
        return (3, groups[0][1], groups[0][1])
    if groups[0][0] == 2 and groups[1][0] == 2:
        return (3, groups[0][1], groups[1][1])
    if groups[0][0] == 3:
        return (2, groups[0][1], groups[1][1])
    if groups[0][0] == 2:
        return (1, groups[0][1], groups[1][1], groups[2][1])
    return (0,)


def ref_juego(hand):
    t = ref_total(hand)
    return (0,) if t < 31 else (1, JUEGO_ORDER.index(t))


def ref_punto(hand):
    t = ref_total(hand)
    return (t if t < 31 else 0,)


REFS = (ref_grande, ref_chica, ref_pares, ref_juego, ref_punto)


def sign(x):
    return (x > 0) - (x < 0)


def cmp(a, b):
    return (a > b) - (a < b)


def random_hand(rng, pack):
    """Four distinct random cards of the Mus pack."""
    out = []
    while len(out) < 4:
        c = pack[rng.getrandbits(8) % 40]
        if c not in out:
            out.append(c)
    return out


def test_showdown_keys_agree_with_an_independent_statement_of_the_seed():
    rng = random.Random(7) if hasattr(random, "Random") else random
    rng.seed(7)
    pack = R.pack()
    for _ in range(PAIRS):
        a, b = random_hand(rng, pack), random_hand(rng, pack)
        ka, kb = H.keys(a), H.keys(b)
        for r in range(5):
            assert sign(ka[r] - kb[r]) == cmp(REFS[r](a), REFS[r](b)), (r, a, b, ka[r], kb[r])
            assert (ka[r] > 0) == (REFS[r](a) > (0,)) or r < 2
        assert ka[H.PARES] >> 12 == ref_pares(a)[0]
        assert H.juego_bonus(ka[H.JUEGO]) == (0 if ref_total(a) < 31 else 3 if ref_total(a) == 31 else 2)


def test_round_winner_is_the_best_key_ties_to_the_first_in_turn():
    rng = random.Random(8) if hasattr(random, "Random") else random
    rng.seed(8)
    for n in range(PAIRS):
        dealer = n % 4
        order = [(dealer - 1 - i) % 4 for i in range(4)]
        table = R.Table(order, rng)
        for r in range(5):
            refs = [REFS[r](table.hands[s]) for s in range(4)]
            top = max(refs)
            want = None if top <= (0,) and r >= 2 else [s for s in order if refs[s] == top][0]
            got = H.round_winner(r, table.hands, dealer)
            assert got == want, (r, table.hands, dealer)


# -- Whole hands ----------------------------------------------------------------------------
def check_cards(h, table):
    """The MusHand's counting against the real cards, after every event."""
    if h.stage == DISCARD:
        return      # discards are counted as they are made; the dealer serves after the last
    where = {}
    for s in range(4):
        assert len(table.hands[s]) == 4
        for c in table.hands[s]:
            where[c] = "hand"
    for c in table.stock:
        where[c] = "stock"
    for c in table.pile:
        where[c] = "pile"
    assert len(where) == 40 and len(table.stock) + len(table.pile) + 16 == 40
    assert h.stock == len(table.stock) and h.pile == len(table.pile)
    for c in cards.cards_of(h.pile_known):
        assert where[c] == "pile", cards.name(c)


def check_hand(h, start, target, table):
    assert h.done
    for t in range(2):
        assert h.score[t] >= 0
        assert h.totals[t] == start[t] + h.score[t]
    paid = [0, 0]
    for rec in h.rounds:
        if rec["winner"] is not None:
            paid[rec["winner"]] += rec["points"]
        else:
            assert rec["points"] == 0
    assert paid == h.score
    names = [rec["name"] for rec in h.rounds]
    assert names == ["grande", "chica", "pares", "juego"][:len(names)] or \
        names == ["grande", "chica", "pares", "punto"][:len(names)]
    lying = set()
    for v in h.violations:
        assert v["rule"] == "false-declaration"
        r = H.PARES if v["declaration"] == "pares" else H.JUEGO
        shown = [cards.parse(x) for x in v["cards"]]
        assert sorted(shown) == sorted(table.hands[v["seat"]])
        assert (H.keys(shown)[r] > 0) != v["said"]
        if v["said"]:
            lying.add((v["declaration"], v["seat"] % 2))
    for rec in h.rounds:
        how = rec["how"]
        if how == "fold":
            assert rec["winner"] in (0, 1) and rec["stake"] >= 1
        elif how == "skip":
            assert rec["winner"] is None
        elif rec["paid"]:       # see, pass, only, ordago: exactly one winner, unless both sides lied
            void = (rec["name"], 0) in lying and (rec["name"], 1) in lying
            if rec["name"] == "punto":      # every hand hid a juego: nobody holds punto
                void = min(ref_total(table.hands[s]) for s in range(4)) >= 31
            assert (rec["winner"] is None) == void, rec
    if h.ended == "ordago":
        assert h.rounds[-1]["how"] == "ordago"
        assert h.game_over == (h.winner is not None)
    elif h.ended == "fold":
        assert h.game_over and h.totals[h.winner] >= target
    if h.ended != "ordago":
        assert h.game_over == (max(h.totals) >= target)
        if h.game_over:
            assert h.totals[h.winner] >= target > h.totals[1 - h.winner]
            # nothing was paid after the round that reached the target
            unpaid = [rec["paid"] for rec in h.rounds if rec["how"] != "skip"]
            assert unpaid == sorted(unpaid, reverse=True)
        else:
            assert all(rec["paid"] for rec in h.rounds) and len(h.rounds) == 4


def test_random_hands_keep_every_invariant():
    rng = random.Random(11) if hasattr(random, "Random") else random
    rng.seed(11)
    seen = {}
    ended = {}
    for n in range(HANDS):
        start = (rng.getrandbits(8) % 40, rng.getrandbits(8) % 40)
        target = 40
        options = {"direction": "cw"} if n % 7 == 0 else None
        if n % 3 == 0:      # Mus practice too: rounds one side alone declared ("only")
            options = dict(options or {}, lone_side="only", bonus="side")
        events, h, table = P.play_hand(n % 4, start, rng, target, options, lie=12, check=check_cards)
        check_hand(h, start, target, table)
        for rec in h.rounds:
            seen[rec["how"]] = seen.get(rec["how"], 0) + 1
        ended[h.ended] = ended.get(h.ended, 0) + 1
        ended["lies"] = ended.get("lies", 0) + len(h.violations)
        ended["game"] = ended.get("game", 0) + h.game_over
    for key in ("see", "fold", "pass", "ordago", "only", "skip"):
        assert seen.get(key, 0) > 10, (key, seen)
    for key in ("ordago", "fold", None, "lies", "game"):
        assert ended.get(key, 0) > 10, (key, ended)


def test_random_hands_reshuffle_the_stock_without_losing_a_card():
    rng = random.Random(12) if hasattr(random, "Random") else random
    rng.seed(12)
    reshuffles = 0
    for n in range(HANDS // 4):
        events, h, table = P.play_hand(n % 4, (0, 0), rng, mus=40, check=check_cards)
        draws = [e for e in events if e.get("call") == "discard"]
        assert len(draws) == 4 * h.draws
        thrown = sum(e.get("count", len(e.get("cards", []))) for e in draws)
        assert (h.reshuffles > 0) == (thrown > 24)     # the stock of 24 lasts until it cannot
        reshuffles += h.reshuffles
    assert reshuffles > 50


def test_random_matches_end_when_a_side_wins_and_replay_through_apply():
    rng = random.Random(13) if hasattr(random, "Random") else random
    rng.seed(13)
    for n in range(20):
        events, played = P.match_events(rng, lie=20, dealer=n % 4)
        assert events[0]["game"] == "mus" and events[0]["options"]["target"] == 40
        last = played[-1]
        assert last.game_over and last.winner in (0, 1)
        for h in played[:-1]:
            assert not h.game_over and max(h.totals) < 40
        # replay: the same input events give the same hands
        h = None
        i = 0
        for ev in events[1:]:
            if ev["ev"] == "deal":
                totals = (0, 0) if h is None else (h.totals[0], h.totals[1])
                assert ev["dealer"] == (n - i) % 4
                h = hand_alone(ev["dealer"], totals, options=events[0]["options"])
                i += 1
            else:
                h.apply(ev)
            if h.done:
                assert h.totals == played[i - 1].totals and h.rounds == played[i - 1].rounds
        assert i == len(played)
