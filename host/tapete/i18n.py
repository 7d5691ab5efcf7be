"""The players' language: one gettext catalogue per language for every text a player reads.

The languages are the lines of host/tapete/locale/LINGUAS (the one list, which the
panel's tables and the Makefile read too); each has its catalogue,
host/tapete/locale/<lang>/LC_MESSAGES/tapete.po, extracted from
the code and kept with Babel (`make i18n`). They are read with Babel and compiled
in memory to the standard library's gettext on first use, so there is no .mo file
to go stale beside its .po.

The language of a process (the terminal views, the report, the simulator's
summary) comes from --lang, else TAPETE_LANG, LANGUAGE, LC_ALL, LC_MESSAGES, LANG;
a web request picks its own (`?lang=`, else Accept-Language) and `using(lang)`
sets it for the code that answers it, without touching other requests.
"""
import contextlib
import contextvars
import gettext
import io
import os

DEFAULT = "en"
DOMAIN = "tapete"
LOCALE_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "locale")


def linguas(path=os.path.join(LOCALE_DIR, "LINGUAS")):
    """The language codes of a LINGUAS file, in its order (gettext's convention: codes
    apart by spaces or lines, '#' to the end of a line a comment)."""
    codes = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            codes += line.split("#")[0].split()
    return tuple(codes)


LANGUAGES = linguas()

_default = [DEFAULT]
_current = contextvars.ContextVar("tapete_language", default=None)
_translations = {}
_catalogues = {}


def own_name(lang):
    """`lang`'s name in itself, from Babel's CLDR data ('ca' -> 'català')."""
    from babel import Locale
    return Locale.parse(lang).get_display_name(lang)


def po_path(lang):
    return os.path.join(LOCALE_DIR, lang, "LC_MESSAGES", DOMAIN + ".po")


def catalogue(lang):
    """The Babel catalogue of `lang` (read once)."""
    cat = _catalogues.get(lang)
    if cat is None:
        from babel.messages.pofile import read_po
        with open(po_path(lang), "rb") as f:
            cat = read_po(f, locale=lang, domain=DOMAIN)
        _catalogues[lang] = cat
    return cat


def translations(lang):
    """gettext translations of `lang`, compiled from its .po (English: the msgids)."""
    tr = _translations.get(lang)
    if tr is None:
        if lang == DEFAULT and not os.path.exists(po_path(lang)):
            tr = gettext.NullTranslations()
        else:
            from babel.messages.mofile import write_mo
            buf = io.BytesIO()
            write_mo(buf, catalogue(lang), use_fuzzy=False)
            buf.seek(0)
            tr = gettext.GNUTranslations(buf)
        _translations[lang] = tr
    return tr


def known(lang):
    """The supported language of a tag ('ca-ES' -> 'ca', 'va' -> 'ca'), or None."""
    if not isinstance(lang, str) or not lang:
        return None
    tag = lang.strip().replace("_", "-").split("-")[0].split(".")[0].lower()
    if tag == "va":         # Valencian: the Catalan catalogue (AVL and IEC share these words)
        tag = "ca"
    return tag if tag in LANGUAGES else None


def from_accept(header):
    """The best supported language of an Accept-Language header, or None."""
    best, best_q = None, 0.0
    for i, part in enumerate((header or "").split(",")):
        bits = part.strip().split(";")
        lang = known(bits[0])
        q = 1.0
        for b in bits[1:]:
            b = b.strip()
            if b.startswith("q="):
                try:
                    q = float(b[2:])
                except ValueError:
                    q = 0.0
        q -= i * 1e-6           # equal weights: the first listed wins
        if lang and q > best_q:
            best, best_q = lang, q
    return best


def choose(query=None, accept=None):
    """A request's language: `?lang=` when it names one we have, else Accept-Language,
    else the process's own."""
    return known(query) or from_accept(accept) or language()


def from_environment(environ=None):
    env = os.environ if environ is None else environ
    for name in ("TAPETE_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        for tag in (env.get(name) or "").split(":"):
            lang = known(tag)
            if lang:
                return lang
    return DEFAULT


def set_language(lang):
    """The process's language; ValueError naming the choices for one we do not have."""
    code = known(lang)
    if code is None:
        raise ValueError("no catalogue for language %r (we have %s)" % (lang, ", ".join(LANGUAGES)))
    _default[0] = code
    return code


def language():
    return _current.get() or _default[0]


@contextlib.contextmanager
def using(lang):
    """Code inside speaks `lang` (this thread or task only)."""
    token = _current.set(known(lang) or language())
    try:
        yield
    finally:
        _current.reset(token)


def _(msgid):
    """`msgid` in the current language."""
    return translations(language()).gettext(msgid)


def ngettext(singular, plural, n):
    """The form of a message for `n` things in the current language (its catalogue's
    Plural-Forms choose it)."""
    return translations(language()).ngettext(singular, plural, n)


def pgettext(context, msgid):
    """`msgid` said as the game (or place) `context` says it, else as everywhere."""
    tr = translations(language())
    said = tr.pgettext(context, msgid)
    return said if said != msgid else tr.gettext(msgid)


def N_(msgid):
    """Marks a word for the catalogue where it is defined; translated where it is shown."""
    return msgid


def NP_(context, msgid):
    """As N_, for a word of one game (or place)."""
    return msgid


def words(lang):
    """Every translated message of `lang` as {msgid: text} ('context\\x04msgid' for a
    game's own word): what the browser's board and replay read (no plural message)."""
    out = {}
    if lang == DEFAULT and not os.path.exists(po_path(lang)):
        return out
    for m in catalogue(lang):
        if not m.id or not m.string or m.fuzzy or not isinstance(m.id, str):
            continue        # a plural message is said by the host (ngettext), not the pages
        key = m.id if m.context is None else m.context + "\x04" + m.id
        out[key] = m.string
    return out
