"""The log fold (rules/fold.py): inputs fed to a Match, undo by rebuilding from the
kept inputs, a refused input changing nothing but itself (docs/protocol.md 1.2)."""
import random

from game_rules.kit import TableError, games, playout

try:
    from tapete.rules import fold
except ImportError:     # MicroPython
    from rules import fold


def _match_log(name, seed):
    rng = random
    rng.seed(seed)
    log, derived, m = playout.random_match(name, rng=rng, max_hands=3)
    for i, ev in enumerate(log):
        ev["seq"] = i
    return log, derived, m


class Told(fold.Fold):
    """A fold that writes down what its hooks were told."""

    def __init__(self):
        fold.Fold.__init__(self)
        self.told = []
        self.restarts = 0
        self.rebuilds = 0

    def accepted(self, tag, event, derived, live):
        self.told.append(("accepted", tag, live, len(derived)))

    def refused(self, tag, event, error, live):
        self.told.append(("refused", tag, live, str(error)))

    def restarting(self):
        self.restarts += 1

    def rebuilt(self):
        self.rebuilds += 1
        assert not self.rebuilding


def test_the_fold_of_a_whole_match_is_the_match():
    for name in games.names():
        log, derived, m = _match_log(name, 1)
        f = fold.Fold()
        got = []
        for ev in log:
            status, out = f.feed(ev)
            assert status == "accepted", (name, ev, out)
            got.extend(out)
        assert got == derived, name
        assert f.match.totals == m.totals and f.match.over == m.over, name
        assert len(f.kept) == len(log)
        assert fold.replay(log).totals == m.totals, name


def test_derived_events_and_extensions_are_ignored():
    log, derived, m = _match_log("malilla", 2)
    f = fold.Fold()
    for ev in log[:1] + derived[:5] + [{"ev": "x-whatever"}, {"ev": "end"}]:
        status = f.feed(ev)[0]
        assert status == ("accepted" if ev is log[0] else "ignored"), ev
    assert len(f.kept) == 1


def test_a_refused_input_changes_nothing_but_itself():
    log, derived, m = _match_log("manille", 3)
    plays = [i for i, ev in enumerate(log) if ev.get("ev") == "play"]
    for at in plays[:12:3]:
        f = Told()
        bad = {"ev": "play", "seat": log[at]["seat"], "card": "ZZ"}
        for i, ev in enumerate(log[:at] + [bad] + log[at:]):
            f.feed(ev, i)
        assert f.match.totals == m.totals and len(f.kept) == len(log)
        refused = [t for t in f.told if t[0] == "refused"]
        assert len(refused) == 1 and refused[0][1] == at and refused[0][2] is True


def test_an_undo_rebuilds_without_the_play_and_the_hooks_say_it():
    log, derived, m = _match_log("malilla", 4)
    plays = [i for i, ev in enumerate(log) if ev.get("ev") == "play"]
    at = plays[5]
    f = Told()
    for i, ev in enumerate(log[:at + 1]):
        f.feed(ev, i)
    before = fold.replay(log[:at])
    status, taken = f.feed({"ev": "x-undo", "undo": log[at]["seq"]})
    assert status == "undone" and taken == (at, log[at])
    assert f.restarts == 1 and f.rebuilds == 1
    replayed = [t for t in f.told if not t[2]]      # the kept inputs, fed again
    assert [(t[0], t[1]) for t in replayed] == [("accepted", i) for i in range(at)]
    assert f.match.snapshot(True) == before.snapshot(True)
    # the play made again: the match goes on as if it had never been taken back
    for i, ev in enumerate(log[at:]):
        f.feed(ev, at + i)
    assert f.match.totals == m.totals and f.match.over == m.over


def test_an_undo_naming_no_kept_play_changes_nothing():
    log, derived, m = _match_log("tute", 5)
    f = fold.Fold()
    for ev in log[:20]:
        f.feed(ev)
    deal = [ev for ev in log if ev.get("ev") == "deal"][0]
    for seq in (None, 9999, deal["seq"]):
        assert f.feed({"ev": "x-undo", "undo": seq}) == ("refused", None)
    assert len(f.kept) == 20


def test_replay_skips_undone_plays_and_without_undone_lists_the_rest():
    log, derived, m = _match_log("botifarra", 6)
    plays = [ev for ev in log if ev.get("ev") == "play"]
    undo = {"ev": "x-undo", "undo": plays[0]["seq"]}
    events = log + [undo]
    kept = fold.without_undone(events)
    assert [ev for _i, ev in kept] == [ev for ev in log if ev is not plays[0]]
    assert kept[0] == (0, log[0])
    m2 = fold.replay(log, [plays[0]["seq"]])
    assert m2.hand_no >= 1      # the later plays were judged without it (some refused)


def test_a_refused_match_keeps_the_match_under_way():
    log, derived, m = _match_log("truc", 7)
    f = fold.Fold()
    for ev in log[:10]:
        f.feed(ev)
    status, err = f.feed({"ev": "match", "game": "nosuchgame"})
    assert status == "refused" and isinstance(err, TableError)
    assert len(f.kept) == 10 and f.match.game.name == "truc"
    status, _ = f.feed({"ev": "match", "game": "malilla"})
    assert status == "accepted" and len(f.kept) == 1 and f.match.game.name == "malilla"


class Faulty(fold.Fold):
    """Rules that fail half-way through one event (not a refusal: a fault)."""

    def __init__(self, bad):
        fold.Fold.__init__(self)
        self.bad = bad
        self.restarts = 0

    def step(self, event, m):
        if event is self.bad:
            m.totals[0] += 50       # the half-done change a fault leaves behind
            raise ValueError("a fault")
        return m.apply(event)

    def restarting(self):
        self.restarts += 1


def test_a_fault_in_the_rules_rebuilds_from_the_kept_inputs():
    log, derived, m = _match_log("malilla", 8)
    at = [i for i, ev in enumerate(log) if ev.get("ev") == "play"][3]
    f = Faulty(log[at])
    for ev in log[:at + 1]:
        status, err = f.feed(ev)
    assert status == "refused" and str(err) == "a fault" and f.restarts == 1
    assert f.match.snapshot(True) == fold.replay(log[:at]).snapshot(True)


def test_is_input():
    for name in fold.INPUTS + ("match",):
        assert fold.is_input({"ev": name})
    for name in ("trick", "hand_end", "x-undo", "end", "x-claim"):
        assert not fold.is_input({"ev": name})
