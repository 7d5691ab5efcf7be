"""`tapete stats`: what the match database says, per game, as a table and as JSON,
figures checked against the logs they were stored from."""
import json
import subprocess
import sys

from tapete.log.store import Store

from host.matchkit import controller_match

TAPETE = [sys.executable, "-m", "tapete.cli"]


def run(args):
    return subprocess.run(TAPETE + args, capture_output=True, text=True, timeout=120)


def season(path):
    """A small season: Malilla and Manille matches, revokes and claims among them."""
    logs = []
    for i in range(6):
        name = ("malilla", "manille")[i % 2]
        options = {"irregularity": "report", "target": 20} if name == "malilla" else {"target": 40}
        logs.append(controller_match(name, 100 + i, options, revoke_at=(1, 2) if i < 4 else None,
                                     claim_at=(1, 2) if i % 3 == 0 else None))
    store = Store(str(path))
    store.start("test")
    for log in logs:
        for ev in log:
            store.add(ev)
    store.close()
    return logs


def expected(logs, game):
    mine = [log for log in logs if log[0]["game"] == game]
    ends = [e for log in mine for e in log if e["ev"] == "match_end"]
    hands = [e for log in mine for e in log if e["ev"] == "hand_end"]
    violations = {}
    for log in mine:
        seen = {}
        for e in log:
            if e["ev"] == "violation":      # a revision replaces the first word
                seen[(e["hand"], e["trick"], e["seat"], e["card"])] = e["rule"]
        for rule in seen.values():
            violations[rule] = violations.get(rule, 0) + 1
    claims = [e for log in mine for e in log if e["ev"] == "x-claim" and e["call"] == "claim"]
    wins = {}
    for e in ends:
        if e["winner"] is not None:
            wins[str(e["winner"])] = wins.get(str(e["winner"]), 0) + 1
    return {"matches": len(mine), "hands": len(hands), "wins_by_team": wins,
            "violations_by_rule": violations, "claims": len(claims),
            "claims_refused": sum(1 for c in claims if c["sound"] is False),
            "points_per_hand": [round(sum(h["points"][t] for h in hands) / len(hands), 2)
                                for t in range(2)]}


def test_stats_per_game_agree_with_the_logs(tmp_path):
    db = tmp_path / "season.sqlite"
    logs = season(db)
    proc = run(["stats", "--db", str(db), "--json"])
    assert proc.returncode == 0, proc.stderr
    figs = json.loads(proc.stdout)
    assert sorted(figs) == ["malilla", "manille"]
    for game in figs:
        want = expected(logs, game)
        got = figs[game]
        for key in want:
            assert got[key] == want[key], (game, key)
        # a seat wins when its team does
        for team, n in got["wins_by_team"].items():
            assert got["wins_by_seat"][team] == n and got["wins_by_seat"][str(int(team) + 2)] == n
    assert sum(figs["malilla"]["violations_by_seat"].values()) >= 1
    table = run(["stats", "--db", str(db)])
    assert table.returncode == 0
    assert "malilla: 3 matches" in table.stdout and "manille: 3 matches" in table.stdout
    assert "wins by team" in table.stdout and "by rule" in table.stdout and "claims:" in table.stdout


def test_stats_lists_matches_and_filters_by_game(tmp_path):
    db = tmp_path / "season.sqlite"
    season(db)
    proc = run(["stats", "--db", str(db), "--list", "--game", "manille"])
    assert proc.returncode == 0
    lines = proc.stdout.strip().splitlines()
    assert len(lines) == 3 and all("manille" in x for x in lines)
    proc = run(["stats", "--db", str(db), "--json", "--game", "malilla"])
    assert list(json.loads(proc.stdout)) == ["malilla"]


def test_stats_without_a_database_is_one_line(tmp_path):
    proc = run(["stats", "--db", str(tmp_path / "none.sqlite")])
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert proc.stderr.count("\n") == 1 and "no match database" in proc.stderr
