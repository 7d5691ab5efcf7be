"""The report's table of every card a player could have played is said in the
players' language, its column words and its verdicts (best, illegal) too."""
import pytest

from tapete import i18n
from tapete.judge.analysis import HandValue
from tapete.views import sheet


def _hand():
    v = HandValue(1)
    v.value = [40, 32]
    v.played = [38, 34]
    v.left = [2, 0]
    v.options = [(1, 0, "AS", [("AS", 40), ("2S", 37)]),       # the best card played
                 (2, 1, "3H", [("KH", 34), ("3H", 32)]),       # two points given away
                 (3, 2, "5C", [("KD", 35)])]                  # a revoke: none of the legal cards
    return v


@pytest.fixture
def spanish():
    before = i18n.language()
    i18n.set_language("es")
    yield
    i18n.set_language(before)


def test_the_options_table_in_spanish(spanish):
    page = sheet._dd_html(_hand())
    for said in ("cada carta que el jugador podía jugar", "(3 jugadas con elección)", "<th>baza</th>",
                 "<th>jugada</th>", "valores, el mejor primero", "<td>la mejor</td>", "<td>-2</td>",
                 "<td>ilegal</td>"):
        assert said in page, said
    for english in ("every card", "best first", ">best<", ">illegal<", ">played<"):
        assert english not in page, english


def test_the_options_table_in_english():
    before = i18n.language()
    i18n.set_language("en")
    try:
        page = sheet._dd_html(_hand())
    finally:
        i18n.set_language(before)
    assert "every card the player could have played" in page and "<td>best</td>" in page
    assert "<td>illegal</td>" in page and "<th>played</th>" in page


def test_why_a_hand_has_no_value_is_said_in_the_language(spanish):
    """The analysis says why a hand has no value in the language the report is made in
    (hand 2 of the match ended by a claim with hidden hands)."""
    from host.matchkit import violating_match
    from tapete.judge import analysis
    inputs = [e for e in violating_match() if e["ev"] in ("match", "deal", "turnup", "play", "call")]
    values = analysis.analyse(inputs)
    assert values[2].why.startswith("no se conocen todas las cartas de la mano")
    assert "no se conocen" in sheet._dd_html(values[2])


def test_the_events_house_rule_laws_are_said_in_the_language(spanish):
    """The options line of every page names the event's laws (rules/options.py LAWS) in
    words: no law's key or value left in English."""
    from tapete.rules.options import LAWS
    from tapete.views.words import options_text
    laws = {"out_of_turn": "take-back", "revoke_penalty": "hand", "revoke_score": 3, "revoke_correct": True,
            "late_misdeal": "void", "claims": "club", "concession_wait": 10}
    assert set(laws) == set(LAWS)
    said = options_text({"game": "manille", "options": laws})
    for words in ("una carta fuera de turno se retira", "un renuncio probado pierde la mano",
                  "un renuncio cuesta 3", "una carta ilegal se puede corregir sí",
                  "un mal reparto cantado tras la primera carta anula la mano",
                  "reclamaciones juzgadas por la norma del club", "segundos para objetar a un abandono 10"):
        assert words in said, (words, said)
    assert "_" not in said and "revoke" not in said and "take-back" not in said
