"""Debian's headless chromium driven by selenium (chromium-driver), for the tests of
the browser views; and a `tapete serve` / `tapete replay --web` process to point it at."""
import os
import shutil
import socket
import subprocess
import sys
import time

import pytest

TAPETE = [sys.executable, "-m", "tapete.cli"]
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")


def need_chromium():
    if not (CHROMIUM and DRIVER):
        pytest.skip("needs Debian's chromium and chromium-driver (apt-get install chromium "
                    "chromium-driver; .ci/run installs them)")


def browser(width=1280, height=760):
    """A headless chromium under selenium."""
    need_chromium()
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service
    opts = Options()
    for a in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
              "--window-size=%d,%d" % (width, height), "--hide-scrollbars"):
        opts.add_argument(a)
    opts.binary_location = CHROMIUM
    return webdriver.Chrome(options=opts, service=Service(DRIVER))


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


class Server:
    """`tapete ARGS --port P` until stopped; `url` once it listens."""

    def __init__(self, args, cwd=None):
        self.port = free_port()
        self.proc = subprocess.Popen(TAPETE + list(args) + ["--port", str(self.port)], cwd=cwd,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.url = "http://127.0.0.1:%d/" % self.port
        deadline = time.time() + 60
        while True:
            assert self.proc.poll() is None, self.proc.communicate()
            try:
                socket.create_connection(("127.0.0.1", self.port), 0.2).close()
                break
            except OSError:
                assert time.time() < deadline, "the server did not start"
                time.sleep(0.1)

    def stop(self):
        if self.proc.poll() is None:
            self.proc.terminate()
        try:
            return self.proc.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            return self.proc.communicate()


def wait_for(predicate, timeout=15.0, what="the page"):
    deadline = time.time() + timeout
    last = None
    while time.time() < deadline:
        try:
            last = predicate()
            if last:
                return last
        except Exception as err:      # an element between two redraws
            last = err
        time.sleep(0.03)
    raise AssertionError("%s did not show it within %g s (last: %r)" % (what, timeout, last))


DOCS = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "docs")
