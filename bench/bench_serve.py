"""How long the live board takes to show an event: from the moment it is appended to
the log (or stored in the database, as `tapete record` does) to the moment the page
in a real browser has redrawn it (budget: 200 ms, issue 11).

    .venv/bin/python bench/bench_serve.py [EVENTS]

It runs `tapete serve` on a log file and on a database, opens the page in Debian's
headless chromium (selenium), writes a simulated match's events one by one, 100 ms
apart, and reads back in the page when each seq was drawn (a MutationObserver notes
Date.now(); the same clock as the writer's time.time()).
"""
import json
import os
import statistics
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "tests"))

from host.browser import Server, browser, wait_for  # noqa: E402
from host.matchkit import controller_match  # noqa: E402
from tapete.log.store import Store  # noqa: E402

WATCH = """
window.__drawn = {};
const b = document.getElementById('board');
new MutationObserver(() => { const s = b.getAttribute('data-seq');
  if (s && !(s in window.__drawn)) window.__drawn[s] = Date.now(); })
  .observe(b, {attributes: true, attributeFilter: ['data-seq']});
"""


def measure(driver, url, write, events):
    driver.get(url)
    wait_for(lambda: driver.find_element("id", "board").get_attribute("data-seq") is not None)
    time.sleep(0.5)
    driver.execute_script(WATCH)
    written = {}
    for ev in events:
        written[str(ev["seq"])] = time.time() * 1000
        write(ev)
        time.sleep(0.1)
    time.sleep(0.5)
    drawn = driver.execute_script("return window.__drawn;")
    lat = [drawn[s] - t for s, t in written.items() if s in drawn]
    return lat, sorted(int(s) for s in written if s not in drawn)


def report(name, lat, missed):
    lat.sort()
    print("%s: %d events, latency median %.0f ms, 95th %.0f ms, max %.0f ms (budget 200 ms); "
          "seqs drawn only with the next one: %s" % (name, len(lat), statistics.median(lat),
                                                     lat[int(len(lat) * .95) - 1], lat[-1], missed or "none"))


def main():
    from host.browser import CHROMIUM, DRIVER
    if not (CHROMIUM and DRIVER):
        print("bench_serve: skipped, needs Debian's chromium and chromium-driver (.ci/run installs them)")
        return
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 80
    events = controller_match("malilla", 1, {"target": 35})[:count]
    driver = browser()
    try:
        with tempfile.TemporaryDirectory() as d:
            log = os.path.join(d, "live.jsonl")
            open(log, "w").close()
            server = Server(["serve", log])
            try:
                f = open(log, "a")

                def to_file(ev):
                    f.write(json.dumps(ev) + "\n")
                    f.flush()
                report("log file -> page", *measure(driver, server.url, to_file, events))
                f.close()
            finally:
                server.stop()
            db = os.path.join(d, "t.sqlite")
            store = Store(db)
            store.add(events[0])
            server = Server(["serve", "--db", db])
            try:
                report("database -> page", *measure(driver, server.url, store.add, events[1:]))
            finally:
                server.stop()
                store.close()
    finally:
        driver.quit()


if __name__ == "__main__":
    main()
