"""`tapete report MATCH`: one printable HTML page per match, with every trick, the
violations with their proofs, the claims, the final score, a plot of the running
score and each hand's double-dummy value with the points each side left."""
import html
import json
import random
import re
import subprocess
import sys

import pytest

from tapete.judge import analysis
from tapete.rules import cards as C
from tapete.rules import games, native, playout
from tapete.rules.trick import Trick
from tapete.log.store import Store

from host.matchkit import controller_match, violating_match

TAPETE = [sys.executable, "-m", "tapete.cli"]


def write_log(path, events):
    path.write_text("".join(json.dumps(e) + "\n" for e in events))


def report(args):
    proc = subprocess.run(TAPETE + ["report"] + args, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    return proc


def test_the_report_of_a_simulated_match_holds_every_trick_violation_claim_score_and_plot(tmp_path):
    events = violating_match()
    write_log(tmp_path / "m.jsonl", events)
    # no time limit: the values below must be there however loaded the machine is
    report([str(tmp_path / "m.jsonl"), "--out", str(tmp_path / "m.html"), "--time-limit", "0"])
    page = (tmp_path / "m.html").read_text()
    text = html.unescape(re.sub(r"<[^>]+>", "", page))
    tricks = [e for e in events if e["ev"] == "trick"]
    assert page.count('<tr class="trick">') == len(tricks)
    for t in tricks:        # each trick's cards are on the page, in its hand's table
        row = re.search(r'id="hand-%d".*?<tr class="trick"><td>%d</td><td>%d</td>(.*?)</tr>'
                        % (t["hand"], t["n"], t["leader"]), page, re.S)
        cells = html.unescape(re.sub(r"<[^>]+>", "", row.group(1)))
        for card in t["cards"]:
            assert card[:-1] + {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[card[-1]] in cells
    violations = [e for e in events if e["ev"] == "violation"]
    final = violations[-1]
    assert "VIOLATION seat %d played" % final["seat"] in text
    assert "in trick %d: %s, proven in trick %d" % (final["trick"], final["rule"], final["proof"]["trick"]) in text
    claim = next(e for e in events if e["ev"] == "x-claim")
    ruling = {True: "sound", False: "REFUSED", None: "too large to settle"}[claim["sound"]]
    assert "seat %d claimed the last %d trick%s: %s" % (claim["seat"], claim["tricks"],
                                                       "" if claim["tricks"] == 1 else "s", ruling) in text
    end = events[-1]
    assert "totals %s (the target reached)" % " / ".join(map(str, end["totals"])) in text   # the reason in words
    assert "team 0 (seats 0+2) wins" in text
    # The running-score plot: inline SVG drawn by matplotlib, one line per team.
    svg = page[page.index("<svg"):page.index("</svg>")]
    assert svg.count('id="line2d_') >= 2 and "team 0" in svg
    # Hand 1 was played out: its double-dummy value; hand 2 ended by a claim.
    hand1 = page[page.index('id="hand-1"'):page.index('id="hand-2"')]
    value = re.search(r"double-dummy value</th><td>(\d+)</td><td>(\d+)</td>", hand1)
    made = re.search(r"made in play</th><td>(\d+)</td><td>(\d+)</td>", hand1)
    left = re.search(r"left on the table</th><td>(\d+)</td><td>(\d+)</td>", hand1)
    v0, v1 = map(int, value.groups())
    m0, m1 = map(int, made.groups())
    l0, l1 = map(int, left.groups())
    assert v0 + v1 == m0 + m1 == 70             # Malilla: 60 card points + 10 tricks
    assert v0 - l0 + l1 == m0                   # what each side gave away moves the value
    inputs = [e for e in events if e["ev"] in ("match", "deal", "turnup", "play", "call")]
    assert analysis.analyse(inputs)[1].value == [v0, v1]
    assert "double-dummy: not every card of the hand is known" in page[page.index('id="hand-2"'):]


def test_the_solver_function_agrees_with_the_pure_python_search():
    """solve_position goes through the C core when it is there; on the last tricks of
    random hands its value is the pure-Python search's."""
    if native.core is None:
        pytest.skip("no C core built (pip install -e .)")
    game = games.get("malilla")
    rng = random.Random(4)
    for _ in range(20):
        hands, _turnup = playout.deal(game, 0, rng)
        held = [C.hand_of(hands[s]) for s in range(4)]
        trick = Trick(game)
        trick.start_hand(1, rng.randrange(4))
        for _ in range(24 + rng.randrange(3)):     # 6 tricks and a card or two played
            seat = trick.to_play
            c = playout.pick(game.legal(held[seat], trick), rng)
            held[seat][c >> 4] &= ~C.bit(c)
            trick.add(seat, c)
            if trick.n == 4:
                trick.start(trick.winner)
        fast = analysis.solve_position(game, held, trick, 0)
        core, analysis.native.core = native.core, None
        try:
            slow = analysis.solve_position(game, held, trick, 0)
        finally:
            analysis.native.core = core
        assert fast == slow


def test_a_hand_solved_from_its_last_play_back_gives_every_position_its_own_value():
    """The report's first pass: the position before the last play first (the hand's
    deal given, which the later searches key positions by), then each earlier one
    keeping the table and bounded by the value after its play, as _plays_back does;
    every value is that of the position solved alone."""
    if native.core is None:
        pytest.skip("no C core built (pip install -e .)")
    rng = random.Random(11)
    for name in ("manille", "malilla", "manille"):
        game = games.get(name)
        hands, _turnup = playout.deal(game, 0, rng)
        held = [C.hand_of(hands[s]) for s in range(game.seats)]
        dealt = [list(x) for x in held]
        trick = Trick(game)
        trick.start_hand(1, rng.randrange(game.seats))
        positions, banked = [], [0, 0]
        while any(any(x) for x in held):
            t = Trick(game)
            t.copy_from(trick)
            positions.append((t, [list(x) for x in held], list(banked), trick.to_play))
            seat = trick.to_play
            c = playout.pick(game.legal(held[seat], trick), rng)
            held[seat][c >> 4] &= ~C.bit(c)
            trick.add(seat, c)
            if trick.n == game.seats:
                left = any(any(x) for x in held)
                banked[game.team_of[trick.winner]] += game.trick_point + (0 if left else game.last_trick) + sum(
                    game.points_of[x] for x in trick.cards[:trick.n])
                trick.start(trick.winner)
        alone = [b[0] + analysis.solve_position(game, h, t, 0) for t, h, b, _s in positions]
        q = [None] * len(positions) + [banked[0]]
        for k in range(len(positions) - 1, -1, -1):
            t, h, b, seat = positions[k]
            bound = q[k + 1] - b[0]
            lo, hi = (bound, None) if game.team_of[seat] == 0 else (0, bound)
            first = k == len(positions) - 1
            q[k] = b[0] + analysis.solve_position(game, h, t, 0, keep=not first, lo=lo, hi=hi,
                                                  deal=dealt if first else None)
        assert q[:-1] == alone, name


def test_report_from_the_database_and_one_line_errors(tmp_path):
    db = tmp_path / "t.sqlite"
    store = Store(str(db))
    for ev in controller_match("manille", 7, {"target": 30}):
        store.add(ev)
    store.close()
    proc = report(["last", "--db", str(db), "--out", str(tmp_path / "r.html")])
    assert "match 1 in" in proc.stdout
    page = (tmp_path / "r.html").read_text()
    assert "Manille" in page and "double-dummy value</th>" in page
    for args, words in ((["9", "--db", str(db)], "no match 9"),
                        ([str(tmp_path / "none.jsonl")], "no log file"),
                        (["1", "--db", str(tmp_path / "none.sqlite")], "no match database")):
        proc = subprocess.run(TAPETE + ["report"] + args, capture_output=True, text=True, timeout=60)
        assert proc.returncode == 2 and "Traceback" not in proc.stderr, proc.stderr
        assert words in proc.stderr and proc.stderr.count("\n") == 1


def test_a_time_limit_cuts_a_hand_short_and_says_so_with_progress_after_each_play(tmp_path):
    import os
    from tapete.judge.history import History
    log = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "golden", "botifarra_match.jsonl")
    with open(log) as f:
        events = [json.loads(line) for line in f if line.strip()]
    inputs = [ev for _i, ev in History(events)._inputs()]
    seen = []
    values = analysis.analyse(inputs, limit=0.01, progress=lambda done, total: seen.append((done, total)))
    plays = sum(1 for ev in inputs if ev.get("ev") == "play")
    assert seen == [(k, plays) for k in range(1, plays + 1)]
    assert values and all("cut short by the time limit (0.01 s a hand)" in v.why for v in values.values())
    both = analysis.analyse(inputs, limit=0.01, jobs=2)        # the report's processes: the same words
    assert list(both) == list(values) and all("cut short by the time limit" in v.why for v in both.values())
    proc = subprocess.run(TAPETE + ["report", log, "--time-limit", "soon", "--out", str(tmp_path / "x.html")],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and "not a number of seconds" in proc.stderr
    assert not (tmp_path / "x.html").exists()


def test_every_card_the_player_could_have_played_is_valued_and_the_best_is_the_hands_value():
    from tapete.judge.history import History
    events = controller_match("manille", 7, {"target": 30})
    inputs = [ev for _i, ev in History(events)._inputs()]
    deals = [i for i, ev in enumerate(inputs) if ev.get("ev") == "deal"]
    inputs = inputs[:deals[1]]                      # the first hand alone: seconds
    hv = analysis.analyse(inputs)[1]
    assert hv.why is None and hv.value is not None and hv.options
    if native.core is not None:     # the best of the first lead's cards: the whole hand solved alone
        from tapete.rules.fold import apply
        from tapete.rules.match import PLAY, Match
        m = Match()
        for ev in inputs:
            if ev.get("ev") == "play" and m.phase == PLAY:
                break
            apply(m, ev)
        dealt = analysis._dealt_by_hand(inputs)[1]
        held = [[0, 0, 0, 0] for _s in range(m.seats)]
        for s, printed in dealt.items():
            for name in printed:
                c = analysis._code(m.game, name)
                held[s][c >> 4] |= C.bit(c)
        assert analysis.solve_position(m.game, held, m.trick, 0) == hv.value[0]
    first_trick, first_seat, _card, got = hv.options[0]
    side = first_seat % 2
    assert first_trick == 1 and got[0][1] == hv.value[side]
    for trick, seat, card, got in hv.options:
        values = dict(got)
        assert card in values and len(got) >= 2 and [x for _c, x in got] == sorted(values.values(), reverse=True)
    # the points a side left are what its cards gave away against the best card
    for s in (0, 1):
        gave = sum(got[0][1] - dict(got)[card] for _t, seat, card, got in hv.options if seat % 2 == s)
        assert gave == hv.left[s]


def test_a_hand_cut_short_in_its_other_cards_keeps_its_plays_and_the_later_tricks(monkeypatch):
    """The other cards are weighed last, from the last trick back: when the time runs
    out there, the hand still has its value, the points made and left, and every later
    trick's other cards, in play order; the page says which tricks' are missing."""
    inputs = _first_hands("manille", 1)
    whole = analysis.analyse(inputs)[1]
    other_card = analysis._other_card
    asked = []

    def running_out(game, h, ev, before, c):
        asked.append(before[0].number)
        if before[0].number <= 2:
            raise analysis.TimeUp()
        return other_card(game, h, ev, before, c)
    monkeypatch.setattr(analysis, "_other_card", running_out)
    plays = sum(1 for ev in inputs if ev.get("ev") == "play")
    for jobs in (1, 2):     # one process, or the hand's searches shared with a helper's
        seen = []
        del asked[:]
        cut = analysis.analyse(inputs, progress=lambda done, total: seen.append(done), jobs=jobs)[1]
        if jobs == 1:       # back from the last, then stopped
            assert asked == sorted(asked, reverse=True) and asked[-1] == 2
        assert cut.why.endswith(": the other cards of tricks 1 to 2 are not weighed")
        assert (cut.value, cut.played, cut.left, cut.costly) == (whole.value, whole.played, whole.left, whole.costly)
        assert cut.options == [o for o in whole.options if o[0] > 2] and cut.options
        assert seen == list(range(1, plays + 1))


def test_the_time_limit_counts_the_searchs_own_work_not_the_clock(monkeypatch):
    """A hand's limit is CPU time: a machine busy with other work (here the hand's own
    thread asleep between two plays, as a process waiting for a core is) does not cut
    a hand that an idle machine weighs whole within it."""
    import time
    inputs = _first_hands("manille", 1)
    whole = analysis.analyse(inputs)[1]
    t0 = time.thread_time()
    analysis.analyse(inputs)
    spent = time.thread_time() - t0
    solve = analysis.solve_position
    slept = []

    def after_a_wait(*args, **kwargs):
        if not slept:
            slept.append(1)
            time.sleep(2 * spent + 1.0)     # past the limit on a wall clock
        return solve(*args, **kwargs)
    monkeypatch.setattr(analysis, "solve_position", after_a_wait)
    waited = analysis.analyse(inputs, limit=2 * spent + 0.5)[1]
    assert slept and waited.why is None and waited.as_dict() == whole.as_dict()
    h = analysis._Hand(None, None)
    h.limit = 5.0
    h.start_clock()
    time.sleep(0.2)
    assert h.seconds_left() > 4.9


def _first_hands(name, hands, options=None):
    from tapete.judge.history import History
    inputs = [ev for _i, ev in History(controller_match(name, 7, options or {"target": 30}))._inputs()]
    deals = [i for i, ev in enumerate(inputs) if ev.get("ev") == "deal"]
    return inputs[:deals[hands]] if len(deals) > hands else inputs


def test_equivalent_cards_share_one_solve_and_get_the_values_each_would_get_alone(monkeypatch):
    """_alike groups cards whose play leaves the same game; solving every card alone
    gives the same values (and the grouping did find cards to share)."""
    inputs = _first_hands("manille", 1)
    grouped = analysis.analyse(inputs)[1]
    shared = []
    alike = analysis._alike

    def counting(game, holdings, trick, cards):
        groups = alike(game, holdings, trick, cards)
        shared.extend(g for g in groups if len(g) > 1)
        return groups
    monkeypatch.setattr(analysis, "_alike", counting)
    analysis.analyse(inputs)
    monkeypatch.setattr(analysis, "_alike", lambda game, holdings, trick, cards: [[c] for c in cards])
    alone = analysis.analyse(inputs)[1]
    assert shared and grouped.as_dict() == alone.as_dict()


def test_hands_weighed_in_two_processes_give_the_same_values_and_progress():
    inputs = _first_hands("manille", 3)
    seen = []
    one = analysis.analyse(inputs)
    two = analysis.analyse(inputs, jobs=2, progress=lambda done, total: seen.append((done, total)))
    plays = sum(1 for ev in inputs if ev.get("ev") == "play")
    assert len(one) == 3 and {n: v.as_dict() for n, v in one.items()} == {n: v.as_dict() for n, v in two.items()}
    assert seen[-1] == (plays, plays) and [d for d, _t in seen] == sorted(d for d, _t in seen)


def test_jobs_must_be_a_whole_number_of_processes(tmp_path):
    log = str(tmp_path / "m.jsonl")
    write_log(tmp_path / "m.jsonl", controller_match("manille", 7, {"target": 30}))
    for bad in ("0", "two"):
        proc = subprocess.run(TAPETE + ["report", log, "--jobs", bad, "--out", str(tmp_path / "x.html")],
                              capture_output=True, text=True, timeout=60)
        assert proc.returncode == 2 and "not a number of processes" in proc.stderr
    assert not (tmp_path / "x.html").exists()
