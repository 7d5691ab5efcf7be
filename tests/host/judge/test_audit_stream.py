"""The audit streams: memory does not grow with the log, and a progress line shows on
a terminal (and only there)."""
import io
import json
import os
import pty
import select
import subprocess
import sys
import tracemalloc

from tapete.judge.audit import audit_matches
from tapete.log.read import LogFile, Progress
from tapete.views.report import JsonOut, TextOut, write

from host.fixtures import controller_log, whole_match

TAPETE = [sys.executable, "-m", "tapete.cli"]


def _match_text(seed=3):
    return "".join(json.dumps(e) + "\n" for e in controller_log(whole_match("malilla", seed)))


def _log_of(path, matches, text):
    with open(path, "w") as f:
        for _ in range(matches):
            f.write(text)
    return path


def _peak_while_auditing(path):
    """Peak Python memory (tracemalloc) while the CLI's path audits `path`, writing
    the text report to a sink."""
    tracemalloc.start()
    try:
        write(audit_matches(LogFile(path)), TextOut(_Sink()))
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


class _Sink:
    """A stream that forgets what is written (the report is not what is measured)."""

    def write(self, text):
        return len(text)

    def flush(self):
        pass


def test_memory_does_not_grow_with_the_size_of_the_log(tmp_path):
    text = _match_text()
    small = _peak_while_auditing(_log_of(str(tmp_path / "small.jsonl"), 4, text))
    large = _peak_while_auditing(_log_of(str(tmp_path / "large.jsonl"), 32, text))
    # eight times the log, not eight times the memory (before: ~1 GB for 50 MB)
    assert large < 1.5 * small, (small, large)


def test_each_match_is_handed_out_when_the_next_begins():
    text = _match_text()
    lines = enumerate((text * 3).split("\n"), 1)
    got = audit_matches(lines)
    first = next(got)
    assert first["lines"][0] == 1 and first["winner"] is not None
    n = text.count("\n")
    assert first["lines"][1] == n        # handed out at the next 'match', before the rest
    assert [r["lines"][0] for r in got] == [n + 1, 2 * n + 1]


def test_json_of_several_matches_is_one_document_written_as_they_come(tmp_path):
    text = _match_text()
    path = _log_of(str(tmp_path / "log.jsonl"), 3, text)
    out = io.StringIO()
    assert write(audit_matches(LogFile(path)), JsonOut(out)) == 3
    doc = json.loads(out.getvalue())
    assert doc["count"] == 3 and [m["lines"][0] for m in doc["matches"]] == [1, 219, 437]


class _Tty(io.StringIO):
    def isatty(self):
        return True


def test_progress_is_drawn_while_reading_and_cleared_before_the_report(tmp_path):
    path = _log_of(str(tmp_path / "log.jsonl"), 20, _match_text())
    screen = _Tty()
    progress = Progress(screen)
    progress.start -= 10         # as if the audit had been running for a while
    results = audit_matches(LogFile(path, progress))
    out = io.StringIO()
    write(results, TextOut(out), progress.clear)
    shown = screen.getvalue()
    size = os.path.getsize(path) / 1e6
    assert "tapete audit: " in shown and "of %.1f MB" % size in shown and "MB/s" in shown
    assert shown.endswith("\r\033[K") and not progress.shown


def _run_on_a_terminal(args, tmp_path):
    """Run `tapete` with stderr on a pseudo-terminal; (stdout, what the terminal got)."""
    master, slave = pty.openpty()
    out = open(str(tmp_path / "stdout"), "w+b")     # a file: a full pipe would block it
    proc = subprocess.Popen(TAPETE + args, stdout=out, stderr=slave)
    os.close(slave)
    screen = b""
    while True:
        ready, _, _ = select.select([master], [], [], 0.1)
        if ready:
            try:
                chunk = os.read(master, 4096)
            except OSError:
                break
            if not chunk:
                break
            screen += chunk
        elif proc.poll() is not None:
            break
    proc.wait()
    os.close(master)
    out.seek(0)
    text = out.read().decode()
    out.close()
    return text, screen.decode(errors="replace"), proc.returncode


def test_a_long_audit_shows_progress_on_a_terminal_and_not_in_a_pipe(tmp_path):
    path = _log_of(str(tmp_path / "log.jsonl"), 250, _match_text())     # ~2.8 MB: seconds
    out, screen, code = _run_on_a_terminal(["audit", path], tmp_path)
    assert code == 0 and "250 matches audited" in out
    assert "tapete audit: " in screen and "MB/s" in screen
    run = subprocess.run(TAPETE + ["audit", path], capture_output=True, text=True)
    assert run.returncode == 0 and run.stderr == ""
