"""Input the audit met in real logs that the rules must refuse or judge, never crash on."""
from game_rules.kit import Match, errors, raises


def test_options_of_the_wrong_type_are_refused_with_an_event_error():
    for name in ("manille", "malilla"):
        for options in ([1], "x", 5, True, []):
            err = raises(errors.EventError, Match().apply,
                         {"ev": "match", "game": name, "seats": 4, "options": options})
            assert "options" in str(err), (name, options)


def test_a_deck_option_of_the_wrong_type_is_refused_with_an_event_error():
    for deck in ([1], {}, 40):
        err = raises(errors.EventError, Match().apply,
                     {"ev": "match", "game": "manille", "seats": 4, "options": {"deck": deck}})
        assert "deck" in str(err)

