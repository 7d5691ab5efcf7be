"""Cards and packs: the codes of docs/protocol.md, Spanish aliases, and the pack tables."""
from game_rules.kit import cards, errors, raises

try:
    from tapete.rules import packs
except ImportError:
    from rules import packs


def test_card_codes_are_rank_then_suit():
    assert cards.name(cards.parse("7H")) == "7H"
    assert cards.parse("10s") == cards.card(0, 10)
    assert cards.parse("qd") == cards.card(2, 12)
    for c in range(64):
        if cards.is_card(c):
            assert cards.parse(cards.name(c)) == c


def test_bad_card_codes_are_refused_quoting_the_input():
    for bad in ("", "1H", "11H", "7X", "H7", "7", "10", "AHH", 7, None):
        err = raises(errors.CardError, cards.parse, bad)
        assert repr(bad) in str(err)


def test_spanish_names_map_onto_the_codes():
    assert cards.parse("1 oros") == cards.parse("AD")
    assert cards.parse("rey de bastos") == cards.parse("KC")
    assert cards.parse("sota copas") == cards.parse("JH")
    assert cards.parse("caballo espadas") == cards.parse("QS")
    assert cards.parse("7 oros") == cards.parse("7D")
    raises(errors.CardError, cards.parse, "rey de nada")


def test_suits_parse_and_none_is_no_trump():
    assert cards.parse_suit("h") == 1 and cards.parse_suit("none") == cards.NO_TRUMP
    assert cards.suit_name(cards.NO_TRUMP) == "none"
    raises(errors.CardError, cards.parse_suit, "X")


def test_pack_sizes():
    sizes = dict((k, 4 * len(v)) for k, v in packs.PACKS.items())
    assert sizes == {"spanish40": 40, "spanish48": 48, "piquet32": 32, "mexican40": 40, "french52": 52}


def test_every_game_orders_exactly_its_pack_and_scores_only_its_cards():
    from game_rules.kit import games
    for name in games.names():
        try:
            g = games.get(name)
        except ImportError:     # a game not written yet
            continue
        faces = sorted(g.faces)
        assert len(set(g.faces)) == len(g.faces), name
        assert faces == sorted(packs.PACKS[g.pack]), name
        for face in g.face_points:
            assert face in g.faces, name


def test_hand_helpers():
    h = cards.hand_of([cards.parse(x) for x in ("7H", "AH", "2S")])
    assert cards.count(h) == 3 and cards.holds(h, cards.parse("AH"))
    assert sorted(cards.name(c) for c in cards.cards_of(h)) == ["2S", "7H", "AH"]
    assert cards.is_empty(cards.empty_hand())
