"""The score sheet (views/score_sheet.py): a whole Botifarra match on one printed A4 page,
counted in the PDF headless chromium prints; what it lists; `tapete report --sheet`."""
import json
import re
import subprocess
import sys

import pytest

from tapete.views import score_sheet
from tapete.log.source import Loaded

from host.browser import CHROMIUM
from host.matchkit import controller_match

LONG_NAMES = ["Maria del Mar Puigdomè", "Bartomeu Riera-Ferrer", "Carme Vilanova i Soler",
              "Daniel Ñúñez de l'Horta"]


def botifarra(seed=8, revoke_at=(1, 2)):
    """A long Botifarra match (seed 8: 17 hands, as many as a usual match has),
    its players given the longest names, with a revoke."""
    log = controller_match("botifarra", seed, {"irregularity": "report"}, revoke_at=revoke_at)
    log[0] = dict(log[0], names={"seats": LONG_NAMES, "teams": ["Els Cracs de Sa Pobla", "Sa Penya del Born"]})
    return log


def pdf_pages(html_path, pdf_path):
    subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer",
                    "--print-to-pdf=" + str(pdf_path), "file://" + str(html_path)],
                   capture_output=True, timeout=120, check=True)
    return len(re.findall(rb"/Type\s*/Page[^s]", pdf_path.read_bytes()))


def test_a_whole_botifarra_match_prints_on_one_a4_page(tmp_path):
    if not CHROMIUM:
        pytest.skip("needs Debian's chromium (apt-get install chromium)")
    log = botifarra()
    hands = sum(1 for e in log if e["ev"] == "hand_end")
    assert hands >= 17
    page = tmp_path / "sheet.html"
    score_sheet.write(Loaded(log, "test"), str(page), "full.html")
    assert pdf_pages(page, tmp_path / "sheet.pdf") == 1
    # the full report of the same match does not: the page counter can fail
    from tapete.views import sheet
    full = tmp_path / "full.html"
    sheet.write(Loaded(log, "test"), str(full), solve=False)
    assert pdf_pages(full, tmp_path / "full.pdf") > 1


def test_the_sheet_holds_every_hand_the_scores_the_players_and_the_violation():
    log = botifarra()
    html = score_sheet.render(Loaded(log, "test"))
    ends = [e for e in log if e["ev"] == "hand_end"]
    rows = re.findall(r'<tr(?: class="bad")?><td class="n">(\d+)</td>', html)
    assert rows == [str(e["hand"]) for e in ends]
    final = ends[-1]["totals"]
    assert ('<td class="n">%d</td><td class="n">%d</td><td class="n">' % tuple(final)) in html
    for name in LONG_NAMES:
        assert name.replace("'", "&#x27;") in html
    assert "revoke" in html and 'class="bad"' in html


def test_violations_past_the_cap_are_counted_not_listed(monkeypatch):
    monkeypatch.setattr(score_sheet, "MAX_LISTED", 0)
    html = score_sheet.render(Loaded(botifarra(), "test"))
    assert "1 more in the full report" in html and "revoke" not in html.split('id="incidents"')[1]


def test_report_sheet_writes_the_one_page_beside_the_full_report(tmp_path):
    log = tmp_path / "m.jsonl"
    log.write_text("".join(json.dumps(e, ensure_ascii=False) + "\n" for e in botifarra(revoke_at=None)),
                   encoding="utf-8")
    r = subprocess.run([sys.executable, "-m", "tapete.cli", "report", str(log), "--sheet",
                        "--out", str(tmp_path / "m.html")], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert (tmp_path / "m.sheet.html").exists() and not (tmp_path / "m.html").exists()
    assert LONG_NAMES[0] in (tmp_path / "m.sheet.html").read_text(encoding="utf-8")
