"""`tapete games`: the registry's metadata, and the README's options table kept current."""
import json
import os
import subprocess
import sys

from tapete.cli.games import markdown
from tapete.rules import games

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
TAPETE = [sys.executable, "-m", "tapete.cli"]


def test_the_readme_options_table_is_the_registrys():
    with open(os.path.join(ROOT, "README.md")) as f:
        text = f.read()
    start = text.index("<!-- options table: tapete games --markdown -->\n") + len(
        "<!-- options table: tapete games --markdown -->\n")
    end = text.index("<!-- end of options table -->")
    assert text[start:end] == markdown(), "run: tapete games --markdown, and paste it into README.md"


def test_every_game_lists_its_seats_calls_and_options():
    run = subprocess.run(TAPETE + ["games", "--json"], capture_output=True, text=True)
    infos = json.loads(run.stdout)
    assert [i["name"] for i in infos] == games.names()
    envite = [i for i in infos if i["name"] == "envite"][0]
    assert envite["seats"] == [4, 6, 8, 10, 12] and "raise" in envite["calls"]
    assert envite["options"]["games"]["default"] == 3


def test_an_unknown_game_is_one_line_and_exit_2():
    run = subprocess.run(TAPETE + ["games", "whist"], capture_output=True, text=True)
    assert run.returncode == 2 and run.stderr.count("\n") == 1 and "unknown game" in run.stderr
