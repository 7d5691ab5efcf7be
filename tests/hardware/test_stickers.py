"""Face stickers (hardware/gen_stickers.py): one PDF per language the table speaks, each
with every card of the Spanish 40, Spanish 48 and French 52 and every control tag, in
enrolment's order."""
import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "hardware"))
import gen_stickers  # noqa: E402


@pytest.mark.parametrize("lang", gen_stickers.languages())
def test_every_card_and_control_tag_has_a_sticker(lang):
    pages = gen_stickers.stickers(lang)
    counts = {}
    for title, items in pages:
        key = title.split(" (")[0]
        counts[key] = counts.get(key, 0) + len(items)
    assert counts == {"Spanish 40": 40, "Spanish 48": 48, "French 52": 52,
                      "control tags": len(gen_stickers.controls())}
    assert os.path.getsize(os.path.join(gen_stickers.OUT, "stickers_%s.pdf" % lang)) > 1000


def test_control_stickers_carry_the_tables_word():
    controls = gen_stickers.controls()
    for lang in gen_stickers.languages():
        items = gen_stickers.stickers(lang)[-1][1]
        assert [small.split()[0] for _, small, _, _ in items] == list(controls)


def test_french_cards_in_enrolment_order():
    items = [big for title, page in gen_stickers.stickers("en") if title.startswith("French")
             for big, _, _, _ in page]
    assert items[:2] == ["A\u2660", "2\u2660"] and items[13] == "A\u2665" and items[-1] == "K\u2663"


def test_stickers_are_current():
    assert gen_stickers.main(["--check"]) == 0
