"""Screenshots for docs/host-tools.md (`make docs-shots`), in Debian's headless chromium.

The live board (docs/board.png) and the terminal views (docs/record-live.txt,
docs/replay.txt, captured from tmux) come from their tests run with
TAPETE_SCREENSHOTS=1; this script draws those captures as pictures, and takes the
replay in the browser and a report page.
"""
import html
import json
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

from host.browser import DOCS, Server, browser  # noqa: E402
from host.matchkit import violating_match  # noqa: E402

TERMINAL = """<!DOCTYPE html><html><head><meta charset="utf-8"><style>
body { margin: 0; background: #1e1e1e; }
pre { margin: 0; padding: 12px; color: #e8e8e8; font: 14px/1.25 "DejaVu Sans Mono", monospace; }
</style></head><body><pre>%s</pre></body></html>"""


def terminal_png(driver, txt, png):
    with open(txt, encoding="utf-8") as f:
        text = f.read()
    lines = text.rstrip().splitlines()
    with tempfile.NamedTemporaryFile("w", suffix=".html", delete=False, encoding="utf-8") as f:
        f.write(TERMINAL % html.escape(text.rstrip()))
        page = f.name
    driver.set_window_size(max(len(x) for x in lines) * 9 + 40, len(lines) * 18 + 40)
    driver.get("file://" + page)
    time.sleep(0.3)
    driver.save_screenshot(png)
    os.remove(page)


def main():
    d = browser(1280, 800)
    try:
        for name in ("record-live", "replay"):
            txt = os.path.join(DOCS, name + ".txt")
            if os.path.exists(txt):
                terminal_png(d, txt, os.path.join(DOCS, name + ".png"))
        with tempfile.TemporaryDirectory() as tmp:
            log = os.path.join(tmp, "match.jsonl")
            with open(log, "w") as f:
                for ev in violating_match():
                    f.write(json.dumps(ev) + "\n")
            d.set_window_size(1280, 800)
            server = Server(["replay", log, "--web"])
            try:
                d.get(server.url)
                time.sleep(1.5)
                for _ in range(5):
                    d.find_element("id", "next").click()
                time.sleep(0.5)
                d.save_screenshot(os.path.join(DOCS, "replay-web.png"))
            finally:
                server.stop()
            page = os.path.join(tmp, "match.html")
            subprocess.run([sys.executable, "-m", "tapete.cli", "report", log, "--out", page], check=True)
            d.set_window_size(1000, 1500)
            d.get("file://" + page)
            time.sleep(0.5)
            d.save_screenshot(os.path.join(DOCS, "report.png"))
    finally:
        d.quit()


if __name__ == "__main__":
    main()
