"""The firmware's language tables (firmware/table/panel/lang_<xx>.py): generated from the
host's catalogues by tools/panel_words.py and kept current; a panel message missing
from any language stops the generator; under MicroPython every word is drawable and
every screen stays on every panel in every language."""
import os
import shutil
import subprocess
import sys

import pytest

from mpy import assert_module_passes

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import panel_words  # noqa: E402


def test_the_tables_are_current():
    proc = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "panel_words.py"), "--check"],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr


def test_every_panel_message_is_in_every_table():
    messages = panel_words.panel_messages()
    assert "TRUMP" in messages and "LAST TRICK" in messages and "revoke" in messages
    for lang in panel_words.LANGS:
        with open(os.path.join(panel_words.PANEL, "lang_%s.py" % lang), encoding="utf-8") as f:
            words = panel_words.parse(f.read())
        assert sorted(words) == messages, lang
        assert all(words.values()), lang


def test_a_message_missing_from_a_catalogue_stops_the_generator(tmp_path, monkeypatch):
    shutil.copytree(panel_words.LOCALE, tmp_path / "locale")
    po = tmp_path / "locale" / "nl" / "LC_MESSAGES" / "tapete.po"
    text = po.read_text(encoding="utf-8")
    po.write_text(text.replace('msgid "LAST TRICK"\nmsgstr "LAATSTE SLAG"\n', ""), encoding="utf-8")
    monkeypatch.setattr(panel_words, "LOCALE", str(tmp_path / "locale"))
    with pytest.raises(ValueError, match="LAST TRICK"):
        panel_words.table_text("nl", panel_words.panel_messages())


def test_the_panel_words_under_micropython():
    here = os.path.join(ROOT, "tests", "table")
    assert_module_passes("mpy_test_panel_words", [here], heapsize="8M")


@pytest.mark.skipif(not os.environ.get("TAPETE_SLOW"), reason="about a minute: make test-slow")
def test_every_screen_in_every_language_stays_on_every_panel():
    here = os.path.join(ROOT, "tests", "table")
    assert_module_passes("mpy_test_panel_languages", [here], heapsize="8M")
