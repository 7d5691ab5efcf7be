"""Wiezen's contracts, calls, rule words and options in every language of LINGUAS
(host/tapete/views/words.py): the players read their own names, never a log word."""
import pytest

from tapete import i18n
from tapete.rules.games.wiezen import Wiezen, contracts
from tapete.rules.games.wiezen.auction import WORDS as CALL_WORDS
from tapete.views import words

S = {"game": "wiezen"}


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_contract_call_rule_and_option_is_said_in(lang):
    with i18n.using(lang):
        for w in contracts.WORDS[1:] + ("pass",):
            assert w in words.WIEZEN_CONTRACTS and words.contract_text(S, w), w
        for w in CALL_WORDS:
            assert w in words.CALLS and words.call_text(S, w) != w or w == "pass", w
        for r in ("troel-lead", "false-troel", "troel-partner", "troel-unannounced", "mee-suit"):
            assert words.rule_text(S, r) != r
        for key in Wiezen.OPTIONS:
            assert key in words.OPTIONS, key
        for key, values in Wiezen.OPTIONS.items():
            if not isinstance(values[1], tuple):
                continue
            for v in values[1]:
                assert (key, v) in words.OPTION_KEY_VALUES, (key, v)
                text = words.options_text({"game": "wiezen", "options": {key: v}})
                assert text == "%s %s" % (words.say(S, words.OPTIONS[key]),
                                          words.say(S, words.OPTION_KEY_VALUES[(key, v)])), (key, v, text)
                assert "_" not in text


def test_flemish_players_read_their_own_names():
    with i18n.using("nl"):
        assert words.contract_text(S, "vraag") == "vraag en mee"
        assert words.call_text(S, "mee") == "gaat mee" and words.call_text(S, "alleen") == "gaat alleen"
    with i18n.using("fr"):
        assert words.contract_text(S, "troel") == "trou" and words.contract_text(S, "open-miserie") == "misère étalée"


def test_the_contract_in_the_hand_context_in_words():
    s = {"game": "wiezen", "context": {"contract": "troel", "declarers": [1, 3], "partner": 3, "target": 8}}
    with i18n.using("es"):
        items = words.context_items(s)
    assert [k for k, _l, _v in items][:4] == ["contract", "declarers", "partner", "target"]
    assert items[0][1] == "contrato" and items[0][2] == "troel"
