"""Wiezen's hand score (../shared/rules/wiezen.md §10): every contract made and down by
1..n in each named table, zero-sum, several miserie players, all 13 tricks, and the IWWA
table against an open-source scorer's, read by hand (tests/game_rules/wiezen_scorers.py)."""
from game_rules.wiezen_scorers import MARTIJNCKX, team_points

try:
    from tapete.rules.games.wiezen import contracts as K, score as S
except ImportError:     # MicroPython
    from rules.games.wiezen import contracts as K, score as S


def seats(declarers, side_tricks, contract=None):
    """Tricks per seat giving the declaring side `side_tricks` (the first declarer takes
    them; miserie: each declarer takes the trick count named)."""
    t = [0, 0, 0, 0]
    rest = 13 - side_tricks
    first = True
    for s in range(4):
        if (declarers >> s) & 1 and first:
            t[s] = side_tricks
            first = False
    for s in range(4):
        if not (declarers >> s) & 1 and rest:
            t[s] = rest
            rest = 0
    return t


def score(contract, declarers, tricks, table="iwwa", target=0, multiplier=1):
    out = [0, 0, 0, 0]
    return S.score_into(table, contract, declarers, tricks, out, target, multiplier)


PAIR = 0b0101       # seats 0 and 2
LONE = 0b0010       # seat 1


# -- 10.1 zero-sum ------------------------------------------------------------------------
def test_every_score_of_every_table_adds_up_to_zero():
    for table in S.TABLES:
        for c in range(1, len(K.WORDS)):
            if K.is_miserie(c):
                sides = (LONE, 0b0110, 0b1111)
            else:
                sides = (PAIR,) if K.is_pair(c) else (LONE,)
            for d in sides:
                for t in range(14):
                    tricks = [t if (d >> s) & 1 else 0 for s in range(4)] if K.is_miserie(c) else seats(d, t)
                    assert sum(score(c, d, tricks, table)) == 0, (table, c, d, t)


def test_a_pair_moves_v_to_each_declarer_from_each_defender():
    assert score(K.VRAAG, PAIR, seats(PAIR, 10)) == [4, -4, 4, -4]


def test_a_lone_declarer_moves_v_from_each_defender_and_3v_to_himself():
    assert score(K.ABONDANCE_10, LONE, seats(LONE, 10)) == [-6, 18, -6, -6]


# -- 10.2 the IWWA table, made and down by 1..n ----------------------------------------------
def test_vraag_made_two_plus_one_a_trick_over_eight():
    for t in range(8, 13):
        assert S.value("iwwa", K.VRAAG, t) == 2 + (t - 8)


def test_vraag_all_thirteen_doubles_to_fourteen():
    assert S.value("iwwa", K.VRAAG, 13) == 14


def test_vraag_failed_six_then_two_a_further_undertrick():
    for t in range(0, 8):
        assert S.value("iwwa", K.VRAAG, t) == -(6 + 2 * (7 - t))
    assert score(K.VRAAG, PAIR, seats(PAIR, 6)) == [-8, 8, -8, 8]      # the sheet's example


def test_alleen_made_two_plus_one_a_trick_per_defender():
    for t in range(5, 13):
        assert S.value("iwwa", K.ALLEEN, t) == 2 + (t - 5)
    assert score(K.ALLEEN, LONE, seats(LONE, 13)) == [-20, 60, -20, -20]


def test_alleen_failed_four_then_two_a_further_undertrick():
    for t in range(0, 5):
        assert S.value("iwwa", K.ALLEEN, t) == -(4 + 2 * (4 - t))
    assert score(K.ALLEEN, LONE, seats(LONE, 4)) == [4, -12, 4, 4]     # the sheet's example


def test_troel_four_plus_two_a_trick_failed_six_plus_two():
    for t in range(8, 13):
        assert S.value("iwwa", K.TROEL, t) == 4 + 2 * (t - 8)
    assert S.value("iwwa", K.TROEL, 13) == 28
    for t in range(0, 8):
        assert S.value("iwwa", K.TROEL, t) == -(6 + 2 * (7 - t))


def test_troela_nine_tricks_four_plus_two_failed_six_plus_two():
    for t in range(9, 13):
        assert S.value("iwwa", K.TROELA, t) == 4 + 2 * (t - 9)
    assert S.value("iwwa", K.TROELA, 13) == 24
    for t in range(0, 9):
        assert S.value("iwwa", K.TROELA, t) == -(6 + 2 * (8 - t))


def test_abondance_five_six_eight_nine_without_overtricks():
    for c, v in ((K.ABONDANCE_9, 5), (K.ABONDANCE_10, 6), (K.ABONDANCE_11, 8), (K.ABONDANCE_12, 9)):
        target = K.TARGET[c]
        for t in range(target, 14):
            assert S.value("iwwa", c, t) == v
        for t in range(0, target):
            assert S.value("iwwa", c, t) == -v


def test_miserie_seven_open_miserie_fourteen_solo_25_solo_slim_30():
    assert S.value("iwwa", K.MISERIE, 0) == 7 and S.value("iwwa", K.MISERIE, 1) == -7
    assert S.value("iwwa", K.OPEN_MISERIE, 0) == 14 and S.value("iwwa", K.OPEN_MISERIE, 3) == -14
    assert S.value("iwwa", K.SOLO, 13) == 25 and S.value("iwwa", K.SOLO, 12) == -25
    assert S.value("iwwa", K.SOLO_SLIM, 13) == 30 and S.value("iwwa", K.SOLO_SLIM, 0) == -30


# -- 10.3 several miserie players ----------------------------------------------------------------
def test_a_lone_miserie_made_is_three_b_against_b_each():
    assert score(K.MISERIE, LONE, [4, 0, 4, 5]) == [-7, 21, -7, -7]


def test_two_miserie_players_who_both_succeed_win_two_b_each():
    assert score(K.MISERIE, 0b0011, [0, 0, 6, 7]) == [14, 14, -14, -14]


def test_one_miserie_succeeds_one_fails_four_b_each_the_others_nothing():
    assert score(K.MISERIE, 0b0011, [0, 2, 6, 5]) == [28, -28, 0, 0]


def test_open_miserie_several_players_the_same_way_with_fourteen():
    assert score(K.OPEN_MISERIE, 0b1010, [5, 0, 8, 0]) == [-28, 28, -28, 28]


# -- W1, W2: the other tables ----------------------------------------------------------------------
def test_kleuren_table_samen_two_alleen_three_troel_four_plus_one():
    assert S.value("kleuren", K.VRAAG, 9) == 3 and S.value("kleuren", K.ALLEEN, 6) == 4
    assert S.value("kleuren", K.TROEL, 10) == 6 and S.value("kleuren", K.VRAAG, 13) == 14
    assert S.value("kleuren", K.VRAAG, 6) == -3
    for c in (K.ABONDANCE_9, K.ABONDANCE_12):
        assert S.value("kleuren", c, 12) == 6
    assert S.value("kleuren", K.MISERIE, 0) == 7 and S.value("kleuren", K.SOLO_SLIM, 13) == 25


def test_light_table_vraag_fails_by_two_then_one_a_trick():
    assert [S.value("light", K.VRAAG, t) for t in (7, 6, 5)] == [-2, -3, -4]
    assert S.value("light", K.VRAAG, 9) == 3 and S.value("light", K.ALLEEN, 3) == -6


def test_an_ask_bid_above_eight_is_scored_against_its_own_target():
    assert score(K.VRAAG, PAIR, seats(PAIR, 9), "kleuren", target=10) == [-2, 2, -2, 2]     # down 1


def test_the_deal_after_an_all_pass_counts_double_by_option():
    assert score(K.VRAAG, PAIR, seats(PAIR, 8), multiplier=2) == [4, -4, 4, -4]


# -- the IWWA table against an open-source scorer ---------------------------------------------
def test_the_iwwa_table_agrees_with_martijnckx_wiezen_for_every_contract_and_trick_count():
    for word in MARTIJNCKX:
        n = MARTIJNCKX[word][0]
        c = K.of_word(word)
        for t in range(14):
            p = team_points(word, t)
            v = S.value("iwwa", c, t)
            if n == 2:
                assert v * 2 == p, (word, t, v, p)     # each of two declarers has P / 2
            else:
                assert v * 3 == p, (word, t, v, p)     # each of three defenders pays P / 3


def test_several_miserie_players_agree_with_kimdebroye_wiezen_scores_iwwa_matrix():
    from game_rules.wiezen_scorers import KIMDEBROYE_MISERIE
    for contract, b in ((K.MISERIE, 7), (K.OPEN_MISERIE, 14)):
        for (wins, losses), (win, lose, other) in KIMDEBROYE_MISERIE.items():
            declarers = (1 << (wins + losses)) - 1          # seats 0.. are the miserie players
            tricks = [0] * wins + [1] * losses + [12 - losses] + [0] * (3 - wins - losses)
            out = score(contract, declarers, tricks[:4])
            for s in range(4):
                want = win if s < wins else lose if s < wins + losses else other
                assert out[s] == want * b, (wins, losses, s, out)


def test_fixed_values_agree_with_kimdebroye_wiezen_score():
    from game_rules.wiezen_scorers import KIMDEBROYE_FIXED
    for word, v in KIMDEBROYE_FIXED.items():
        c = K.of_word(word)
        made = 0 if K.is_miserie(c) else K.TARGET[c]
        assert S.value("iwwa", c, made) == v and S.value("iwwa", c, 1 if K.is_miserie(c) else made - 1) == -v
