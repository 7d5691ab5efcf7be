"""A director's override that ends a hand or reopens one, at the simulated table
(runs under MicroPython): the table logs the hand's end as it now stands (the
`hand_end` of a hand it ended, an `x-reopen` of one it reopened: docs/referee.md),
a resend from the journal gives the same lines, and a restart the same state."""
import scratch
import tablekit   # first: it puts firmware/ ahead of tests/ on the path
from table import phases as P

ROOT = scratch.path("tapete-override-ends")


def _ruled():
    """Malilla under `report`; a revoke of hand 1 ruled while the hand is played.
    The kit and the ruling's seq."""
    for seed in range(1, 30):
        k = tablekit.Kit(ROOT)
        k.command('{"cmd": "new", "game": "malilla", "options": {"target": 200, '
                  '"revoke_penalty": "report"}}')
        p = tablekit.Players(k, seed)
        p.misplay = (1, 2)
        p.deal()
        p.turn_up()
        for _ in range(9):
            for _ in range(4):      # card by card: the proving card still lies on its reader
                p.play_card()
                rulings = [e for e in k.events() if e["ev"] == "x-ruling"]
                if rulings and k.table.match.hand_no == 1 and k.table.match.trick.n:
                    return k, rulings[-1]["seq"], p
            k.collect()
    raise AssertionError("no revoke ruled inside the hand")


def _override(k, ruling, penalty):
    before = len(k.events())
    r = k.command('{"cmd": "override", "ruling": %d, "penalty": "%s"}' % (ruling, penalty))
    assert r[0].get("reply") == "override" and r[0].get("ok"), r
    return k.events()[before:]


def _sent(k):
    return [x for x in k.out.lines() if '"ev": ' in x]


def test_an_override_that_ends_the_hand_logs_its_hand_end_and_a_waiver_its_reopening():
    k, ruling, p = _ruled()
    ended = _override(k, ruling, "hand")
    assert [e["ev"] for e in ended] == ["x-override", "hand_end"]
    assert ended[1]["ended"] == "revoke" and ended[1]["hand"] == 1
    assert k.table.match.phase != P.PLAY
    reopened = _override(k, ruling, "report")
    assert [e["ev"] for e in reopened] == ["x-override", "x-reopen"]
    assert reopened[1]["hand"] == 1 and reopened[1]["withdraws"] == ["hand_end"]
    assert k.table.match.phase == P.PLAY and k.table.match.hand_no == 1
    # the journal gives the very lines again (table/io/resend.py)
    sent = _sent(k)
    before = len(k.out.lines())
    k.table.on_line('{"cmd": "resend", "from": 0}')
    k.app.link.drain()
    assert [x for x in k.out.lines()[before:] if '"ev": ' in x] == sent
    # and a restart the same match, numbered on from the same seq
    state = k.table.match.snapshot()
    nxt = k.app.link.next_seq
    k2 = tablekit.Kit(ROOT, fresh=False)
    assert k2.app.link.next_seq == nxt
    assert k2.table.match.snapshot() == state


def test_a_ruling_of_a_hand_before_the_last_cannot_be_overruled():
    k, ruling, p = _ruled()
    while k.table.match.trick.n:
        p.play_card()
    k.collect()
    while k.table.match.phase == P.PLAY and k.table.match.hand_no == 1:
        p.play_trick()
    p.deal()
    p.turn_up()
    assert k.table.match.hand_no == 2
    r = k.command('{"cmd": "override", "ruling": %d, "penalty": "hand"}' % ruling)
    assert "final" in r[-1]["error"], r
    assert not k.table.overrides
