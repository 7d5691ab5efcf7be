"""The players' languages: one list (locale/LINGUAS), every message in every catalogue,
plurals in each language's forms, the board in each language.

A message added to the code (Python `_()`/`N_()`/`NP_()`, or `_()` in the board's
pages) and missing from any language's tapete.po fails here, as does an empty, fuzzy
or misplaced-placeholder translation, so `make i18n` plus the translations must come
with every new word."""
import asyncio
import functools
import gettext
import json
import os
import re

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg

from tapete import i18n
from tapete.views.state import TableView, spoken, text_lines
from tapete.views.web import Board, board_app

from host.matchkit import controller_match

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
PLACEHOLDER = re.compile(r"%\((\w+)\)s")


@functools.lru_cache(maxsize=None)
def messages_in_the_code():
    """{(context, msgid)} extracted as `make i18n` extracts them (mk/i18n.mk)."""
    with open(os.path.join(ROOT, "host", "tapete", "locale", "babel.cfg")) as f:
        method_map, options_map = parse_mapping_cfg(f)
    keywords = dict(DEFAULT_KEYWORDS, N_=None, NP_=((1, "c"), 2), pgettext=((1, "c"), 2), say=None, say_n=(1, 2))
    found = set()
    for _file, _line, msg, _comments, context in extract_from_dir(ROOT, method_map, options_map, keywords):
        found.add((context, msg))
    return frozenset(found)


def test_the_code_has_messages_to_translate():
    found = messages_in_the_code()
    assert ("botifarra", "no trump") in found and (None, "seat %(seat)s") in found
    assert (None, "connecting…") in found          # from board.html's script
    assert (None, "step %(n)s/%(steps)s: %(title)s (seq %(seq)s)") in found   # replay.html
    assert (None, ("%(n)s tag not enrolled", "%(n)s tags not enrolled")) in found   # the panel's say_n


def test_the_languages_are_the_lines_of_linguas():
    with open(os.path.join(i18n.LOCALE_DIR, "LINGUAS"), encoding="utf-8") as f:
        lines = [line.strip() for line in f if line.strip() and not line.startswith("#")]
    assert i18n.LANGUAGES == tuple(lines) and i18n.DEFAULT in i18n.LANGUAGES
    assert len(set(lines)) == len(lines)


def test_linguas_is_read_as_gettext_reads_it(tmp_path):
    path = tmp_path / "LINGUAS"
    path.write_text("# a comment\nes ca   # two on a line\n\n  fr\n", encoding="utf-8")
    assert i18n.linguas(str(path)) == ("es", "ca", "fr")


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_each_language_has_its_catalogue_and_its_own_name(lang):
    assert os.path.exists(i18n.po_path(lang)), lang
    name = i18n.own_name(lang)
    assert name and name.lower() != lang
    assert i18n.own_name("ca") == "català" and i18n.own_name("nl") == "Nederlands"


def forms_used(cat):
    """{form: how many n in 0..2000 take it} under the catalogue's Plural-Forms."""
    rule = gettext.c2py(cat.plural_expr)
    used = {}
    for n in range(2001):
        used[rule(n)] = used.get(rule(n), 0) + 1
    return used


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_message_is_translated_in(lang):
    cat = i18n.catalogue(lang)
    have = dict(((m.context, m.id), m) for m in cat if m.id)
    missing = sorted(messages_in_the_code() - set(have), key=str)
    assert not missing, "%s lacks %d message(s) (run make i18n, then translate): %s" % (lang, len(missing), missing)
    used = forms_used(cat)
    for key, m in have.items():
        assert m.string and all(m.string), "%s: %r has no translation" % (lang, key)
        assert not m.fuzzy, "%s: %r is fuzzy" % (lang, key)
        if isinstance(m.id, str):
            assert sorted(PLACEHOLDER.findall(m.id)) == sorted(PLACEHOLDER.findall(m.string)), \
                "%s: %r and its translation %r name other values" % (lang, key, m.string)
            continue
        assert len(m.string) == cat.num_plurals, "%s: %r has not its %d forms" % (lang, key, cat.num_plurals)
        want = sorted(set(PLACEHOLDER.findall(m.id[1])))
        for i, form in enumerate(m.string):
            named = sorted(set(PLACEHOLDER.findall(form)))
            # as msgfmt -c: a form said of one number alone may leave that number out
            assert named == want or (used.get(i) == 1 and set(named) < set(want)), \
                "%s: %r: its form %d, %r, names other values" % (lang, key, i, form)


def test_a_missing_message_is_caught(tmp_path, monkeypatch):
    """The check above fails on a catalogue that lost one message."""
    from babel.messages.pofile import read_po, write_po
    with open(i18n.po_path("ca"), "rb") as f:
        cat = read_po(f, locale="ca")
    cat.delete("seat %(seat)s")
    os.makedirs(tmp_path / "ca" / "LC_MESSAGES")
    with open(tmp_path / "ca" / "LC_MESSAGES" / "tapete.po", "wb") as f:
        write_po(f, cat)
    monkeypatch.setattr(i18n, "LOCALE_DIR", str(tmp_path))
    monkeypatch.setattr(i18n, "_catalogues", {})
    with pytest.raises(AssertionError, match="seat %"):
        test_every_message_is_translated_in("ca")


def test_the_language_of_a_request():
    assert i18n.choose("ca", "fr-FR,fr;q=0.9") == "ca"
    assert i18n.choose(None, "fr-BE,fr;q=0.9,en;q=0.8") == "fr"
    assert i18n.choose(None, "de-DE,nl;q=0.5,es;q=0.7") == "es"
    assert i18n.choose(None, "ca-ES-valencia") == "ca"
    assert i18n.choose("xx", "de") == i18n.language()       # nothing we have: the process's own
    assert i18n.from_environment({"LANG": "es_ES.UTF-8"}) == "es"
    assert i18n.from_environment({"LANG": "C.UTF-8"}) == "en"
    with pytest.raises(ValueError, match="we have es, ca"):
        i18n.set_language("de")


PLURALS = {"es": ("%(n)s etiqueta sin registrar", "%(n)s etiquetas sin registrar"),
           "ca": ("%(n)s etiqueta sense registrar", "%(n)s etiquetes sense registrar"),
           "fr": ("%(n)s étiquette non enregistrée", "%(n)s étiquettes non enregistrées"),
           "nl": ("%(n)s tag niet ingelezen", "%(n)s tags niet ingelezen"),
           "en": ("%(n)s tag not enrolled", "%(n)s tags not enrolled"),
           "eu": ("etiketa %(n)s erregistratu gabe", "%(n)s etiketa erregistratu gabe"),
           "gl": ("%(n)s etiqueta sen rexistrar", "%(n)s etiquetas sen rexistrar")}


def test_plurals_take_each_languages_form():
    for lang, (one, many) in PLURALS.items():
        with i18n.using(lang):
            said = [i18n.ngettext("%(n)s tag not enrolled", "%(n)s tags not enrolled", n) for n in (0, 1, 2, 7)]
        zero = one if lang == "fr" else many        # French says 0 in the singular
        assert said == [zero, one, many, many], lang


def state_of(game, seed, upto):
    view = TableView()
    events = controller_match(game, seed)
    for ev in events[:int(len(events) * upto)]:
        view.feed(ev)
    return view.state()


def botifarra_without_trumps():
    """A Botifarra hand being played, botifarra (no trumps) named and doubled."""
    for seed in range(1, 40):
        view = TableView()
        for ev in controller_match("botifarra", seed):
            view.feed(ev)
            s = view.state()
            if s["trump"] == "none" and s.get("trick") and s["context"].get("multiplier", 1) > 1:
                return s
    raise AssertionError("no doubled botifarra hand in 40 seeds")


def test_botifarra_in_its_own_words():
    s = botifarra_without_trumps()
    with i18n.using("ca"):
        text = "\n".join(text_lines(s))
    assert "trumfo: botifarra" in text and "NONE" not in text.upper().replace("NONE ", "")
    assert "contro" in text and "lloc" in text
    with i18n.using("es"):
        said = spoken(s)
    assert said["trump_label"] == "triunfo" and said["trump"] == "botifarra"
    assert all(code[-1] in "SHDC" for code in said["cards"])
    assert all(re.search(r"(oros|copas|espadas|bastos)$", t) for t in said["cards"].values())
    with i18n.using("en"):
        assert spoken(s)["trump"] == "botifarra (no trumps)"


def test_no_raw_key_where_a_player_reads():
    """Every context key of every game is said in words, in every language."""
    for game in ("malilla", "manille", "botifarra", "tute", "envite", "truc", "mus"):
        for upto in (0.2, 0.5, 0.8):
            s = state_of(game, 5, upto)
            for lang in i18n.LANGUAGES:
                with i18n.using(lang):
                    said = spoken(s)
                    lines = text_lines(s)
                for key, label, value in said["context"]:
                    assert "_" not in label, (game, lang, key, label)
                    assert not re.search(r"\b(True|False|None)\b|[{}\[\]=]", value), (game, lang, key, value)
                joined = "\n".join(lines)
                assert not re.search(r"\w+_\w+|=|\bNONE\b", joined), (game, lang, joined)


def asgi_get(app, path, headers=()):
    """GET `path` from an ASGI app in-process: (status, body text)."""
    raw_path, _q, query = path.partition("?")
    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "GET",
             "scheme": "http", "path": raw_path, "raw_path": raw_path.encode(), "query_string": query.encode(),
             "root_path": "", "headers": [(k.lower().encode(), v.encode()) for k, v in headers],
             "client": ("127.0.0.1", 1), "server": ("127.0.0.1", 80)}
    out = {"status": None, "body": b""}

    async def receive():
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(msg):
        if msg["type"] == "http.response.start":
            out["status"] = msg["status"]
        elif msg["type"] == "http.response.body":
            out["body"] += msg.get("body", b"")
    asyncio.run(app(scope, receive, send))
    return out["status"], out["body"].decode("utf-8")


GAME_WORDS = {"es": ("triunfo", "puesto ", "contro", "equipo 0"), "ca": ("trumfo", "lloc ", "contro", "equip 0"),
              "fr": ("atout", "place ", "contre", "équipe 0"), "nl": ("troef", "plaats ", "gedubbeld", "team 0"),
              "en": ("trump", "seat ", "doubled", "team 0"),
              "eu": ("triunfoa", "eserleku ", "contro", "talde 0"), "gl": ("triunfo", "posto ", "contro", "equipo 0")}


def test_the_board_answers_in_each_language():
    board = Board("test")
    for ev in controller_match("botifarra", 3)[:60]:
        board.feed(ev)
    app = board_app(board)
    for lang, words in GAME_WORDS.items():
        status, page = asgi_get(app, "/?lang=" + lang)
        assert status == 200 and '<html lang="%s"' % lang in page
        words_json = json.loads(re.search(r"const WORDS = (\{.*?\});</script>", page).group(1))
        assert lang == "en" or words_json["seat %(seat)s"] != "seat %(seat)s"
        status, body = asgi_get(app, "/state?lang=" + lang)
        said = json.loads(body)["state"]["said"]
        shown = json.dumps(said, ensure_ascii=False)
        for w in words:
            assert w in shown, (lang, w, shown)
    # no ?lang=: the browser's own language
    _status, page = asgi_get(app, "/", [("Accept-Language", "ca-ES,ca;q=0.9,es;q=0.8")])
    assert '<html lang="ca"' in page
    _status, body = asgi_get(app, "/state", [("Accept-Language", "nl-BE")])
    assert json.loads(body)["state"]["said"]["trump_label"] == "troef"
    _status, page = asgi_get(app, "/", [("Accept-Language", "eu-ES,eu;q=0.9,es;q=0.8")])
    assert '<html lang="eu"' in page
    _status, body = asgi_get(app, "/state", [("Accept-Language", "gl-ES,gl;q=0.9")])
    assert json.loads(body)["state"]["said"]["trump_label"] == "triunfo"


def test_mus_in_basque_in_its_own_words():
    """Basque is Mus's own language: its rounds and calls as Basque players say them
    (handia, txikia, pareak, jokoa, puntua; inbido, iduki, hordago), never Spanish."""
    from tapete.views.words import CALLS, MUS_ROUNDS, say
    mus = {"game": "mus"}
    with i18n.using("eu"):
        rounds = [say(mus, MUS_ROUNDS[r]) for r in ("grande", "chica", "pares", "juego", "punto")]
        calls = dict((c, say(mus, CALLS[c])) for c in ("mus", "no-mus", "see", "ordago", "raise"))
        assert rounds == ["handia", "txikia", "pareak", "jokoa", "puntua"]
        assert calls["mus"] == "mus" and calls["no-mus"] == "ez dago mus" and calls["see"] == "iduki"
        assert "hordago" in calls["ordago"] and "inbidatzen" in calls["raise"]
        text = "\n".join(text_lines(state_of("mus", 5, 0.9)))
    assert "jokaldia: handia" in text and "discard" not in text and "bonus side" not in text
    with i18n.using("gl"):
        assert [say(mus, MUS_ROUNDS[r]) for r in ("grande", "chica", "pares", "juego")] == \
            ["grande", "chica", "pares", "xogo"]
        assert say(mus, CALLS["see"]) == "quero" and say(mus, CALLS["no-mus"]) == "corta o mus"


def test_the_audit_and_the_stats_in_the_players_language(tmp_path):
    """`tapete --lang eu audit` and `stats` (and LANG): the report's frame and words in
    the language; the English report unchanged in its words."""
    import subprocess
    import sys
    from host.matchkit import violating_match
    log = tmp_path / "m.jsonl"
    log.write_text("\n".join(json.dumps(ev) for ev in controller_match("botifarra", 3)) + "\n")
    run = lambda *a, **env: subprocess.run([sys.executable, "-m", "tapete.cli"] + list(a), capture_output=True,
                                          text=True, env=dict(os.environ, **env), timeout=120)
    eu = run("--lang", "eu", "audit", str(log))
    assert eu.returncode == 0 and "botifarra partida baten ikuskaritza" in eu.stdout
    assert "Guztira:" in eu.stdout and "eserleku 0" in eu.stdout and "Totals:" not in eu.stdout
    gl = run("audit", str(log), LANG="gl_ES.UTF-8", TAPETE_LANG="")
    assert "Auditoría dunha partida de botifarra" in gl.stdout and "Totais:" in gl.stdout
    en = run("--lang", "en", "audit", str(log))
    assert "Audit of a botifarra match" in en.stdout and "Totals:" in en.stdout
    from tapete.log.store import Store
    db = str(tmp_path / "m.sqlite")
    store = Store(db)
    store.start("test")
    for ev in violating_match():
        store.add(ev)
    store.close()
    eu = run("--lang", "eu", "stats", "--db", db)
    assert eu.returncode == 0, eu.stderr
    assert "garaipenak taldeka:" in eu.stdout and "hutsegiteak:" in eu.stdout and "errenuntzioa" in eu.stdout
    assert "wins by team" not in eu.stdout and "violations" not in eu.stdout
    gl = run("--lang", "gl", "stats", "--db", db, "--list")
    assert "sen rematar" in gl.stdout or "gañou o equipo" in gl.stdout
    assert "eventos" in gl.stdout
