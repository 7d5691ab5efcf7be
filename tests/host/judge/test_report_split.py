"""A hand's independent searches shared among processes forked from the hand's own
(judge/split.py): the same page as one process, whatever a helper does."""
import faulthandler
import fcntl
import json
import os
import time

import pytest

from tapete.judge import analysis, split
from tapete.judge.history import History

GOLDEN = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "golden")


def _botifarra():
    """The golden Botifarra match (a real match, its first-trick searches whole-hand
    ones), as the report reads it."""
    with open(os.path.join(GOLDEN, "botifarra_match.jsonl")) as f:
        return [ev for _i, ev in History([json.loads(line) for line in f if line.strip()])._inputs()]


def _page(values):
    return {n: v.as_dict() for n, v in values.items()}


def _counting_forks(monkeypatch):
    forks = []
    fork = split._fork

    def counted(*args):
        forks.append(1)         # in this process: a helper's copy never returns here
        return fork(*args)
    monkeypatch.setattr(split, "_fork", counted)
    return forks


def test_a_botifarra_match_weighed_in_one_process_two_or_split_gives_one_page(monkeypatch):
    inputs = _botifarra()
    hands = (5, 6)          # two of its cheaper hands (1.4 and 0.9 s of CPU): a test's seconds
    one = {n: analysis._analyse(inputs, only=n)[n] for n in hands}
    assert all(v.value is not None and v.why is None for v in one.values())
    assert all(v.options[0][0] == 1 for v in one.values())     # the first lead's cards are on it
    forks = _counting_forks(monkeypatch)
    for n in hands:         # one hand alone: it splits, no pool
        assert _page(analysis._analyse(inputs, only=n, jobs=2)) == {n: _page(one)[n]}
    assert forks
    assert _page(analysis._analyse(inputs, only=5, jobs=3)) == {5: _page(one)[5]}     # two helpers
    plays = sum(1 for ev in inputs if ev.get("ev") == "play")
    for cap in (True, False):   # two workers, a hand's helpers capped by the idle cores or not
        seen = []
        two = analysis._analyse_in_parallel(inputs, 0, lambda done, total: seen.append((done, total)), 2,
                                            {n: 0 for n in hands}, cap)
        assert _page(two) == _page(one)
        assert seen[-1] == (plays, plays) and [d for d, _t in seen] == sorted(d for d, _t in seen)


def _first_hand():
    from host.matchkit import controller_match
    inputs = [ev for _i, ev in History(controller_match("manille", 7, {"target": 30}))._inputs()]
    deals = [i for i, ev in enumerate(inputs) if ev.get("ev") == "deal"]
    return inputs[:deals[1]]


def test_a_helper_that_dies_leaves_its_cards_to_the_hands_own_process(monkeypatch):
    inputs = _first_hand()
    whole = analysis.analyse(inputs)[1]
    me = os.getpid()
    value_after = analysis._value_after

    def dying(*args):
        if os.getpid() != me:
            os._exit(3)         # a helper's first search kills it
        return value_after(*args)
    monkeypatch.setattr(analysis, "_value_after", dying)
    forks = _counting_forks(monkeypatch)
    seen = []
    got = analysis.analyse(inputs, jobs=2, progress=lambda done, total: seen.append(done))[1]
    assert forks and got.as_dict() == whole.as_dict()
    assert seen == list(range(1, sum(1 for ev in inputs if ev.get("ev") == "play") + 1))
    with pytest.raises(ChildProcessError):
        os.waitpid(-1, os.WNOHANG)      # every helper reaped


def test_a_helper_that_hangs_is_ended_and_its_cards_weighed_all_the_same(monkeypatch):
    inputs = _first_hand()
    whole = analysis.analyse(inputs)[1]
    me = os.getpid()
    value_after = analysis._value_after

    def hanging(*args):
        if os.getpid() != me:
            time.sleep(3600)    # blocked: no CPU used
        return value_after(*args)
    monkeypatch.setattr(analysis, "_value_after", hanging)
    monkeypatch.setattr(split, "STALL", 0.5)
    forks = _counting_forks(monkeypatch)
    faulthandler.dump_traceback_later(120, exit=True)   # a hang is a failure, not a stuck run
    try:
        got = analysis.analyse(inputs, jobs=2)[1]
    finally:
        faulthandler.cancel_dump_traceback_later()
    assert forks and got.as_dict() == whole.as_dict()
    with pytest.raises(ChildProcessError):
        os.waitpid(-1, os.WNOHANG)


def test_a_split_hand_is_still_cut_by_the_time_limit_and_says_so(monkeypatch):
    inputs = _botifarra()
    deals = [i for i, ev in enumerate(inputs) if ev.get("ev") == "deal"]
    inputs = inputs[:deals[1]]      # its first hand: 4.7 s of CPU in one process
    forks = _counting_forks(monkeypatch)
    for limit, words in ((0.01, ": no value for this hand"), (1.0, "")):
        seen = []
        got = analysis.analyse(inputs, limit=limit, jobs=2, progress=lambda done, total: seen.append(done))[1]
        assert got.why.startswith("cut short by the time limit (%g s a hand)%s" % (limit, words))
        assert seen == list(range(1, sum(1 for ev in inputs if ev.get("ev") == "play") + 1))
    assert forks


def test_searches_shared_are_each_made_once_and_reported_once():
    noted = []
    got = split.share(40, lambda i: i * i, 2, on_result=lambda i, v: noted.append(i))
    assert got == {i: i * i for i in range(40)} and sorted(noted) == list(range(40))


def test_a_process_whose_time_ran_out_takes_no_more_and_the_rest_are_cut():
    got = split.share(30, lambda i: split.CUT if i >= 10 else -i, 1)
    assert got == {i: (split.CUT if i >= 10 else -i) for i in range(30)}
    alone = []
    got = split.share(30, lambda i: alone.append(i) or (split.CUT if i >= 10 else -i), 0)
    assert alone == list(range(11)) and got == {i: (split.CUT if i >= 10 else -i) for i in range(30)}


def test_an_error_in_a_search_is_raised_in_the_hands_process_as_without_helpers():
    def work(i):
        if i == 7:
            raise ValueError("card 7")
        return i
    with pytest.raises(ValueError, match="card 7"):
        split.share(12, work, 2)
    with pytest.raises(ChildProcessError):
        os.waitpid(-1, os.WNOHANG)


def test_idle_cores_are_counted_across_processes():
    import multiprocessing
    cores = split.Cores(multiprocessing.get_context("fork"), 2)
    assert cores.take() and cores.take() and not cores.take()
    cores.give()
    got = split.share(10, lambda i: i, 3, cores)        # one idle core: one helper at most
    assert got == {i: i for i in range(10)} and cores.take() and not cores.take()


def test_a_helper_killed_while_it_holds_the_lock_of_the_runs_holds_up_nothing(monkeypatch):
    me = os.getpid()
    take = split._Runs.take
    waited = []

    def dying(runs, slot):
        if os.getpid() != me:
            fcntl.lockf(runs.file, fcntl.LOCK_EX)       # the lock taken, never given back
            os._exit(3)
        if not waited:
            waited.append(time.sleep(0.5))      # the helper first
        return take(runs, slot)
    monkeypatch.setattr(split._Runs, "take", dying)
    faulthandler.dump_traceback_later(60, exit=True)
    try:
        got = split.share(10, lambda i: i + 1, 1)
    finally:
        faulthandler.cancel_dump_traceback_later()
    assert got == {i: i + 1 for i in range(10)}
