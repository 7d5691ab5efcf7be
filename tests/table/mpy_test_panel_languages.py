"""Every screen of tests/table/screens.py in every language, inside every panel
(runs under MicroPython; about a minute: `make test-slow`, and tests/firmware/
test_panel_words.py with TAPETE_SLOW=1)."""
import screens
from drivers.eink import PANELS
from table.panel import say
from table.panel.screen import Screen, PAPER
from mpy_test_screens import M, Panel, canvas, ink_outside
from table.panel.lang_list import LANGS       # LINGUAS's, as tools/panel_words.py wrote them


def test_every_screen_in_every_language_inside_every_panel():
    bad = []
    for lang in LANGS:
        say.use(lang)
        for name in sorted(PANELS):
            p = Panel(name)
            w, h = p.visible_width, p.height
            s = Screen(p)
            fb, buf, stride = canvas(w + 2 * M, h + 2 * M)
            for title, table, _texts in screens.catalogue():
                fb.fill(PAPER)
                screens.draw(s, table, fb, M, M)
                s.release()
                where = ink_outside(buf, stride, w, h)
                if where is not None:
                    bad.append("%s %s %s: ink outside the panel at %s" % (lang, name, title, where))
    say.use("en")
    assert not bad, "\n".join(bad)
