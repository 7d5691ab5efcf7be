"""The panel's words in the table's language: one of host/tapete/locale/LINGUAS.

`say("TRUMP")` is the panel's word in the language chosen on the table's menu
(held menu button while idle: table/menu.py), kept on flash in the file `lang` of
the table's folder. The words come from the host's gettext catalogues
(host/tapete/locale/<lang>/LC_MESSAGES/tapete.po) through tools/panel_words.py,
which writes one small table module per language (table/panel/lang_<xx>.py, committed; a
test keeps them current) and the menu's list (table/panel/lang_list.py: LINGUAS's codes and
each language's own name). English is the messages themselves: no table at all.

A table is one bytes constant, b"\\nENGLISH\\tWORD\\n...", searched at each call: a
bytes constant is an object freed with its module, where a dict of strings would
intern every word as a qstr, kept for good (each language tried on the menu would
add ~10 KB that nothing frees). One language's table is in RAM at a time.

A plural message's line holds its forms apart by TABs, and the table's `plural(n)`
(generated from the catalogue's Plural-Forms) says which form `n` takes.
"""
FILE = "lang"

_words = None       # the loaded language's table (bytes), None for English
_plural = None      # the loaded language's plural rule, None for English
_code = None        # the loaded language, None before the flash is read


def say(text):
    """`text` (an English message of the panel) in the table's language."""
    w = _words
    if w is None:
        return text
    e = text.encode()
    k = w.find(b"\n" + e + b"\t")
    if k < 0:
        return text
    k += len(e) + 2
    return w[k:w.find(b"\n", k)].decode()


def say_n(one, many, n):
    """The message for `n` things (`one` and `many`: its English forms) in the table's
    language, in the form that language gives `n`."""
    w, rule = _words, _plural
    if w is None or rule is None:
        return one if n == 1 else many      # English: gettext's own rule
    e = one.encode()
    k = w.find(b"\n" + e + b"\t")
    if k < 0:
        return one if n == 1 else many
    k += len(e) + 2
    end = w.find(b"\n", k)
    for _i in range(rule(n)):               # the form's place among the TABs
        k = w.find(b"\t", k, end) + 1
    cut = w.find(b"\t", k, end)
    return w[k:end if cut < 0 else cut].decode()


def code():
    return _code or "en"


def langs():
    """The languages of the menu (table/panel/lang_list.py), loaded only when asked: a
    table that speaks English boots without them (the Pico's heap at boot is tight)."""
    from .lang_list import LANGS
    return LANGS


def use(lang):
    """Load `lang`'s table (English drops it); ValueError for a language we lack."""
    global _words, _plural, _code
    if lang != "en" and lang not in langs():
        raise ValueError("no panel words for language %r" % (lang,))
    if lang == "en":
        _words = _plural = None
    else:
        import sys
        name = "lang_" + lang
        mod = __import__("table.panel." + name, None, None, ("WORDS",))
        _words, _plural = mod.WORDS, mod.plural
        # The table stays; the module goes (and the last language's table with it).
        sys.modules.pop("table.panel." + name, None)
        pkg = sys.modules.get("table.panel")
        if pkg is not None and hasattr(pkg, name):
            delattr(pkg, name)
    _code = lang


def _path(root):
    return FILE if not root else root.rstrip("/") + "/" + FILE


def load(root=""):
    """The language kept on flash (once: later calls keep what is loaded). A
    missing or unreadable file is English."""
    if _code is not None:
        return
    lang = "en"
    try:
        with open(_path(root)) as f:
            lang = f.read().strip()
    except OSError:
        pass
    try:
        use(lang)
    except ValueError:
        use("en")


def choose_next(root=""):
    """The menu's next language, loaded and kept on flash (written beside, then
    renamed, so a power cut leaves the old file or the new one)."""
    order = langs()
    lang = order[(order.index(code()) + 1) % len(order)]
    use(lang)
    import os
    path = _path(root)
    with open(path + ".tmp", "w") as f:
        f.write(lang)
    os.rename(path + ".tmp", path)
    return lang
