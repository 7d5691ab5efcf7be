"""The panel's languages (runs under MicroPython): every word of every table drawable
in the panel's font, and the language chosen on the menu kept on flash. Every
screen in every language on every panel: mpy_test_panel_languages.py (slow)."""
import os
import sys

for _p in sys.path:     # firmware/'s `table` before tests/table (as screens.py does)
    if _p.endswith("firmware"):
        sys.path.insert(0, _p)
        break

from table.panel import say  # noqa: E402
from table.panel.letters import UNKNOWN, glyph  # noqa: E402

LANGS = ("es", "ca", "fr", "nl")


def test_every_word_has_its_letters():
    bad = []
    for lang in LANGS:
        say.use(lang)
        for line in say._words.split(b"\n"):
            if not line:
                continue
            english, word = line.decode().split("\t")
            assert say.say(english) == word, (lang, english, word)
            for ch in word:
                if ord(ch) >= 128 and glyph(ord(ch)) is UNKNOWN:
                    bad.append("%s %r: %r has no glyph" % (lang, english, ch))
    say.use("en")
    assert not bad, "\n".join(bad)


def test_the_language_is_kept_on_flash():
    root = "/tmp/tapete-lang-%d" % os.getpid() if hasattr(os, "getpid") else "/tmp/tapete-lang"
    try:
        os.mkdir(root)
    except OSError:
        pass
    say.use("en")
    assert say.choose_next(root) == "es" and say.say("TRUMP") == "TRIUNFO"
    assert say.choose_next(root) == "ca" and say.say("TRUMP") == "TRUMFO"
    say._code = None        # a restart: the flash is read again
    say._words = None
    say.load(root)
    assert say.code() == "ca" and say.say("HAND") == "MÀ"
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
    # PROTOCOL.md's `ended` words, and the rules' misdeal and abandoned hand
    reasons = ("claim", "concede", "reject", "fold", "tute", "trawl", "ordago", "misdeal", "abandoned")
    for lang in LANGS:
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
