"""docs/protocol.md 1.2: a refused input changes nothing but itself. One refused line
inserted anywhere into a valid log of any game leaves the audit's hands, totals and
winner as they were, and adds exactly one error, on that line."""
import json
import os

from tapete.judge.audit import audit_text
from tapete.rules import games

from host.fixtures import GOLDEN

LOGS = ("malilla_match", "manille_match", "botifarra_match", "tute_match", "envite_match",
        "truc_match", "mus_match")
PLACES = 3          # positions tried per log, spread over it (the test stays quick)
LINE_KEYS = ("line", "line_no", "lines", "play_line", "revised_line")


def without_lines(x):
    """The audit's hands with every log line number left out (they move by one)."""
    if isinstance(x, dict):
        return dict((k, without_lines(v)) for k, v in x.items() if k not in LINE_KEYS)
    if isinstance(x, list):
        return [without_lines(v) for v in x]
    return x


def candidates(game, seats):
    """Lines that are refused at most moments: every call word of the game by a seat
    of each side (those accepted where they land are skipped), a turn-up that is no
    card, a call by a seat that is not at the table, and a line that is not JSON."""
    out = []
    for word in games.info(game)["calls"]:
        for seat in (0, 1):
            out.append(json.dumps({"ev": "call", "seat": seat, "call": word}))
    out.append(json.dumps({"ev": "turnup", "card": "ZZ"}))
    out.append(json.dumps({"ev": "call", "seat": seats + 3, "call": "pass"}))
    out.append("{not json")
    return out


def test_one_refused_line_anywhere_leaves_hands_totals_and_winner_unchanged():
    for name in LOGS:
        with open(os.path.join(GOLDEN, name + ".jsonl")) as f:
            lines = f.read().splitlines()
        base = audit_text("\n".join(lines) + "\n")
        first = json.loads(lines[0])
        seats = first.get("seats", 4)
        step = max(1, (len(lines) - 1) // PLACES)
        tried = 0
        for pos in range(1, len(lines), step):
            for extra in candidates(first["game"], seats):
                text = "\n".join(lines[:pos] + [extra] + lines[pos:]) + "\n"
                result = audit_text(text)
                if not any(e["line"] == pos + 1 for e in result["errors"]):
                    continue        # accepted there: not a refused line
                tried += 1
                unchanged(base, result, (name, pos, extra))
        assert tried >= PLACES, name


def unchanged(base, result, where):
    """The audit `result` of a log with one refused line is `base` but for its error."""
    assert len(result["errors"]) == len(base["errors"]) + 1, (where, result["errors"])
    assert without_lines(result["hands"]) == without_lines(base["hands"]), where
    assert result["totals"] == base["totals"] and result["winner"] == base["winner"], where
    assert result["disagreements"] == base["disagreements"], where


SAMPLES = 30        # random places per log, each with the next candidate in turn


def test_a_refused_line_at_random_places_of_every_log_changes_nothing_else():
    import random
    rng = random.Random(15)
    for name in LOGS:
        with open(os.path.join(GOLDEN, name + ".jsonl")) as f:
            lines = f.read().splitlines()
        base = audit_text("\n".join(lines) + "\n")
        first = json.loads(lines[0])
        extras = candidates(first["game"], first.get("seats", 4))
        tried = 0
        for k in range(SAMPLES):
            pos = rng.randrange(1, len(lines) + 1)      # after the match line, up to the end
            extra = extras[k % len(extras)]
            result = audit_text("\n".join(lines[:pos] + [extra] + lines[pos:]) + "\n")
            if not any(e["line"] == pos + 1 for e in result["errors"]):
                continue        # accepted there: not a refused line
            tried += 1
            unchanged(base, result, (name, pos, extra))
        assert tried >= SAMPLES // 3, (name, tried)
