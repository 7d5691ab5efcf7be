"""The panel's languages (runs under MicroPython): the menu offers exactly LINGUAS's
(table/lang_list.py), each by its own name; every word of every table drawable in
the panel's font, plurals in each language's forms, and the language chosen on the
menu kept on flash. Every screen in every language on every panel:
mpy_test_panel_languages.py (slow)."""
import os
import sys

for _p in sys.path:     # firmware/'s `table` before tests/table (as screens.py does)
    if _p.endswith("firmware"):
        sys.path.insert(0, _p)
        break

from table.panel import say  # noqa: E402
from table.panel.lang_list import LANGS, NAMES  # noqa: E402
from table.panel.letters import UNKNOWN, glyph  # noqa: E402

TABLES = tuple(lang for lang in LANGS if lang != "en")     # English: the messages themselves


def test_every_language_of_the_list_has_its_table_and_its_name():
    assert "en" in LANGS and len(NAMES) == len(LANGS) and len(set(LANGS)) == len(LANGS)
    for lang in LANGS:
        say.use(lang)               # a missing table: ImportError here, never a gap on the menu
        assert say.code() == lang and (say._words is None) == (lang == "en"), lang
    say.use("en")


def test_the_menu_offers_exactly_the_list_each_by_its_own_name():
    root = _flash()
    say.use("en")
    seen = []
    for _i in range(len(LANGS)):
        seen.append(say.choose_next(root))
        assert NAMES[LANGS.index(say.code())] in _idle_words(), say.code()
    assert sorted(seen) == sorted(LANGS) and seen[-1] == "en"
    assert "ESPAÑOL" in NAMES and "CATALÀ" in NAMES and "ENGLISH" in NAMES
    _unflash(root)


def _idle_words():
    """The texts the idle screen draws on the 4.2" panel, in the language of the moment."""
    import screens
    from mpy_test_screens import Boxed, M, Panel, canvas
    p = Panel("4.2")
    s = Boxed(p)
    screens.draw(s, screens.Table(), canvas(p.visible_width + 2 * M, p.height + 2 * M)[0], M, M)
    s.release()
    return " ".join(b[0] for b in s.boxes)


def test_every_word_and_every_name_has_its_letters():
    bad = []
    for lang in TABLES:
        say.use(lang)
        for line in say._words.split(b"\n"):
            if not line:
                continue
            english, *forms = line.decode().split("\t")
            assert say.say(english) == forms[0] or len(forms) > 1, (lang, english, forms)
            for word in forms:
                for ch in word:
                    if ord(ch) >= 128 and glyph(ord(ch)) is UNKNOWN:
                        bad.append("%s %r: %r has no glyph" % (lang, english, ch))
    say.use("en")
    for name in NAMES:
        for ch in name:
            if ord(ch) >= 128 and glyph(ord(ch)) is UNKNOWN:
                bad.append("the menu's %r: %r has no glyph" % (name, ch))
    assert not bad, "\n".join(bad)


def test_plurals_take_each_languages_form():
    one, many = "%(n)s tag not enrolled", "%(n)s tags not enrolled"
    said = {}
    for lang in ("en", "es", "fr", "nl", "ca"):
        if lang in LANGS:
            say.use(lang)
            said[lang] = [say.say_n(one, many, n) % {"n": n} for n in (0, 1, 2, 1000000)]
    say.use("en")
    assert said["en"] == ["0 tags not enrolled", "1 tag not enrolled", "2 tags not enrolled",
                          "1000000 tags not enrolled"]
    assert said["es"][1:3] == ["1 etiqueta sin registrar", "2 etiquetas sin registrar"]
    assert said["ca"][1:3] == ["1 etiqueta sense registrar", "2 etiquetes sense registrar"]
    assert said["fr"][:3] == ["0 étiquette non enregistrée", "1 étiquette non enregistrée",
                              "2 étiquettes non enregistrées"]          # French says 0 in the singular
    assert said["nl"][1:] == ["1 tag niet ingelezen", "2 tags niet ingelezen", "1000000 tags niet ingelezen"]
    assert said["es"][3] == "1000000 etiquetas sin registrar"            # CLDR's "many" form


def _flash():
    root = "/tmp/tapete-lang-%d" % os.getpid() if hasattr(os, "getpid") else "/tmp/tapete-lang"
    try:
        os.mkdir(root)
    except OSError:
        pass
    return root


def _unflash(root):
    try:
        os.remove(root + "/lang")
    except OSError:
        pass
    os.rmdir(root)


def test_the_language_is_kept_on_flash():
    root = "/tmp/tapete-lang-%d" % os.getpid() if hasattr(os, "getpid") else "/tmp/tapete-lang"
    try:
        os.mkdir(root)
    except OSError:
        pass
    say.use(LANGS[LANGS.index("es") - 1])      # the menu's language before Spanish
    assert say.choose_next(root) == "es" and say.say("TRUMP") == "TRIUNFO"
    after = LANGS[(LANGS.index("es") + 1) % len(LANGS)]
    assert say.choose_next(root) == after
    hand = say.say("HAND")
    assert after != "ca" or hand == "MÀ"
    say._code = None        # a restart: the flash is read again
    say._words = None
    say.load(root)
    assert say.code() == after and say.say("HAND") == hand
    with open(root + "/lang", "w") as f:
        f.write("xx")       # a bad file: English, nothing lost
    say._code = None
    say.load(root)
    assert say.code() == "en" and say.say("TRUMP") == "TRUMP"
    os.remove(root + "/lang")
    os.rmdir(root)


def _context_module():
    """table/panel/screen_context.py imported anew (its words are the language of the moment)."""
    sys.modules.pop("table.panel.screen_context", None)
    pkg = sys.modules.get("table.panel")
    if pkg is not None and hasattr(pkg, "screen_context"):
        delattr(pkg, "screen_context")
    from table.panel import screen_context
    return screen_context


def test_why_a_hand_ended_is_said_in_the_panels_language():
    from table.panel.screen import reason_word
    # docs/protocol.md's `ended` words, and the rules' misdeal and abandoned hand
    reasons = ("claim", "concede", "reject", "fold", "tute", "trawl", "ordago", "misdeal", "abandoned")
    for lang in TABLES:
        say.use(lang)
        sc = _context_module()
        for r in reasons:
            known = reason_word(r)
            assert known is not None, r
            word = sc.value(None, "ended", r)
            assert word == known and word != r, (lang, r, word)
        assert sc.value(None, "ended", "fold") == say.say("FOLD") != "FOLD", lang
    say.use("en")
    sc = _context_module()
    assert sc.value(None, "ended", "misdeal") == "MISDEAL" and sc.value(None, "ended", "fold") == "FOLD"
    _context_module()


def test_wiezen_contracts_are_named_in_the_panels_language():
    # rules/games/wiezen/contracts.py WORDS, and "pass" when all passed
    words = ("vraag", "alleen", "abondance-9", "abondance-10", "abondance-11", "abondance-12", "miserie",
             "open-miserie", "troel", "troela", "solo", "solo-slim", "pass")
    for lang in TABLES:
        say.use(lang)
        sc = _context_module()
        for w in words:
            said = sc.value(None, "contract", w)
            assert said and said != w, (lang, w, said)
        assert sc.value(None, "contract", "miserie") == say.say("MISERY"), lang
    say.use("nl")
    sc = _context_module()
    assert sc.value(None, "contract", "vraag") == "VRAAG EN MEE"
    say.use("en")
    sc = _context_module()
    assert sc.value(None, "contract", "open-miserie") == "OPEN MISERY"
    assert sc.value(None, "contract", "grand-slam") == "GRAND-SLAM"      # unknown: the word itself
    _context_module()
