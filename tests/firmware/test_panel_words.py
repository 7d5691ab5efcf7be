"""The firmware's language tables (firmware/table/panel/lang_<xx>.py) and the panel menu's
list (lang_list.py): generated from host/tapete/locale/LINGUAS and the host's
catalogues by tools/panel_words.py and kept current; a panel message missing from
any language, or a language of LINGUAS without its catalogue, stops the generator;
a sixth language is one catalogue and one line of LINGUAS; under MicroPython every
word is drawable and every screen stays on every panel in every language."""
import gettext
import os
import shutil
import subprocess
import sys

import pytest

from mpy import assert_module_passes
from tapete import i18n

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import panel_words  # noqa: E402

TABLES = [lang for lang in i18n.LANGUAGES if lang != panel_words.SOURCE]


def test_the_tables_are_current():
    proc = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "panel_words.py"), "--check"],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr


def generated(name):
    scope = {}
    with open(os.path.join(panel_words.PANEL, name), encoding="utf-8") as f:
        exec(f.read(), scope)
    return scope


def test_the_panels_list_is_linguas_each_by_its_own_name():
    listed = generated(panel_words.LIST)
    assert listed["LANGS"] == i18n.LANGUAGES
    assert listed["NAMES"] == tuple(i18n.own_name(lang).upper() for lang in i18n.LANGUAGES)
    assert dict(zip(listed["LANGS"], listed["NAMES"]))["ca"] == "CATALÀ"
    tables = sorted(n[5:-3] for n in os.listdir(panel_words.PANEL)
                    if n.startswith("lang_") and n.endswith(".py") and n != panel_words.LIST)
    assert tables == sorted(TABLES)


@pytest.mark.parametrize("lang", TABLES)
def test_every_panel_message_is_in_the_table_of(lang):
    messages = panel_words.panel_messages()
    assert "TRUMP" in messages and "LAST TRICK" in messages and "revoke" in messages
    assert ("%(n)s tag not enrolled", "%(n)s tags not enrolled") in messages
    with open(os.path.join(panel_words.PANEL, "lang_%s.py" % lang), encoding="utf-8") as f:
        words = panel_words.parse(f.read())
    assert sorted(words) == sorted(m if isinstance(m, str) else m[0] for m in messages)
    assert all(words.values())
    forms = words["%(n)s tag not enrolled"]
    assert isinstance(forms, tuple) and len(forms) == i18n.catalogue(lang).num_plurals


@pytest.mark.parametrize("lang", TABLES)
def test_the_panels_plural_rule_is_the_catalogues(lang):
    rule = generated("lang_%s.py" % lang)["plural"]
    want = gettext.c2py(i18n.catalogue(lang).plural_expr)
    for n in list(range(3001)) + [1000000, 2000000, 1000001]:
        assert rule(n) == want(n), (lang, n)


def test_a_message_missing_from_a_catalogue_stops_the_generator(tmp_path, monkeypatch):
    shutil.copytree(panel_words.LOCALE, tmp_path / "locale")
    po = tmp_path / "locale" / "nl" / "LC_MESSAGES" / "tapete.po"
    text = po.read_text(encoding="utf-8")
    po.write_text(text.replace('msgid "LAST TRICK"\nmsgstr "LAATSTE SLAG"\n', ""), encoding="utf-8")
    monkeypatch.setattr(panel_words, "LOCALE", str(tmp_path / "locale"))
    with pytest.raises(ValueError, match="LAST TRICK"):
        panel_words.table_text("nl", panel_words.panel_messages())


def a_tree(tmp_path, monkeypatch):
    """A copy of the catalogues and of firmware/table/panel for the generator to write
    into (the panel's messages read from firmware/table as it is)."""
    shutil.copytree(panel_words.LOCALE, tmp_path / "locale")
    os.makedirs(tmp_path / "panel")
    for name in os.listdir(panel_words.PANEL):
        if name.endswith(".py"):
            shutil.copy(os.path.join(panel_words.PANEL, name), tmp_path / "panel" / name)
    monkeypatch.setattr(panel_words, "LOCALE", str(tmp_path / "locale"))
    monkeypatch.setattr(panel_words, "PANEL", str(tmp_path / "panel"))
    return tmp_path / "locale", tmp_path / "panel"


def test_a_sixth_language_is_one_catalogue_and_one_line(tmp_path, monkeypatch, capsys):
    """README's recipe: a line in LINGUAS, its catalogue (here Spanish's words under
    pt, enough for the machinery), and the generator gives the panel its table and
    its name on the menu."""
    locale, table = a_tree(tmp_path, monkeypatch)
    (locale / "pt" / "LC_MESSAGES").mkdir(parents=True)
    po = (locale / "es" / "LC_MESSAGES" / "tapete.po").read_text(encoding="utf-8")
    (locale / "pt" / "LC_MESSAGES" / "tapete.po").write_text(po.replace('"Language: es\\n"', '"Language: pt\\n"'),
                                                              encoding="utf-8")
    with open(locale / "LINGUAS", "a", encoding="utf-8") as f:
        f.write("pt\n")
    assert panel_words.main(["--check"]) == 1
    assert "lang_pt.py is missing" in capsys.readouterr().err
    assert panel_words.main([]) == 0
    assert panel_words.main(["--check"]) == 0
    scope = {}
    exec((table / "lang_list.py").read_text(encoding="utf-8"), scope)
    assert scope["LANGS"] == i18n.LANGUAGES + ("pt",) and scope["NAMES"][-1] == "PORTUGUÊS"
    assert panel_words.parse((table / "lang_pt.py").read_text(encoding="utf-8"))["TRUMP"] == "TRIUNFO"


def test_a_language_without_its_catalogue_or_its_line_is_an_error(tmp_path, monkeypatch, capsys):
    locale, table = a_tree(tmp_path, monkeypatch)
    linguas = (locale / "LINGUAS").read_text(encoding="utf-8")
    (locale / "LINGUAS").write_text(linguas + "de\n", encoding="utf-8")
    assert panel_words.main([]) == 1
    assert "de is in LINGUAS but has no catalogue" in capsys.readouterr().err
    (locale / "LINGUAS").write_text(linguas.replace("\nnl\n", "\n"), encoding="utf-8")
    assert panel_words.main(["--check"]) == 1       # nl's table is left over, the list stale
    err = capsys.readouterr().err
    assert "lang_nl.py: its language is not in LINGUAS" in err and "lang_list.py is stale" in err
    (locale / "LINGUAS").write_text(linguas.replace("\nen\n", "\n"), encoding="utf-8")
    assert panel_words.main(["--check"]) == 1
    assert "LINGUAS lacks en" in capsys.readouterr().err


def test_the_panel_words_under_micropython():
    here = os.path.join(ROOT, "tests", "table")
    assert_module_passes("mpy_test_panel_words", [here], heapsize="8M")


@pytest.mark.skipif(not os.environ.get("TAPETE_SLOW"), reason="about a minute: make test-slow")
def test_every_screen_in_every_language_stays_on_every_panel():
    here = os.path.join(ROOT, "tests", "table")
    assert_module_passes("mpy_test_panel_languages", [here], heapsize="8M")
