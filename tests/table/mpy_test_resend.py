"""Resends from the journal (table/io/resend.py), under MicroPython: a host that asks
for events older than the 64-line ring gets them again, the very lines the
controller sent (same seq, same text), and one that stops reading loses nothing."""
import scratch
import tablekit   # first: it puts firmware/ ahead of tests/ on the path
import gc

ROOT = scratch.path("tapete-resend")


def _played(hands=2, undo_at=None):
    """A Malilla match of `hands` hands at the kit's table; the lines it sent."""
    k = tablekit.Kit(ROOT)
    k.command('{"cmd": "new", "game": "malilla", "options": {"target": 200, "irregularity": "report"}}')
    p = tablekit.Players(k)
    p.misplay = (1, 3)          # a revoke: violation lines among the derived ones
    for h in range(hands):
        p.deal()
        p.turn_up()
        for n in range(10):
            if k.table.match.over:
                break
            if undo_at == (h, n):
                p.play_card()
                seat, c = p.choose()        # a misread card, taken back
                k.place(seat, c)
                k.press(2)
                k.remove(c)
                p.play_card()
                p.play_card()
                p.play_card()
                k.collect()
            else:
                p.play_trick()
    return k


def _event_lines(lines):
    return [x for x in lines if '"ev": ' in x]


def _resent(k, first):
    before = len(k.out.lines())
    k.table.on_line('{"cmd": "resend", "from": %d}' % first)
    k.app.link.drain()
    return _event_lines(k.out.lines()[before:])


def test_a_resend_from_the_match_start_is_every_line_as_it_was_sent():
    k = _played()
    sent = _event_lines(k.out.lines())
    assert len(sent) > 64 + 40, len(sent)       # more than the ring holds
    again = _resent(k, 0)
    assert again == sent        # the same text: same seq, same content, same crc


def test_a_resend_from_the_middle_of_the_journal_carries_on_into_the_ring():
    k = _played()
    sent = _event_lines(k.out.lines())
    first = len(sent) - 64 - 30         # 30 lines older than the ring
    assert k.app.link.oldest() == len(sent) - 64
    again = _resent(k, first)
    assert again == sent[first:]
    assert k.app.link.behind is None    # the replay's Match is gone once at the ring


def test_lines_taken_back_by_an_undo_are_resent_as_they_were():
    k = _played(hands=2, undo_at=(0, 4))
    sent = _event_lines(k.out.lines())
    assert any('"x-undo"' in x for x in sent)
    assert _resent(k, 0) == sent


def test_a_misdeal_and_a_refused_call_are_resent_as_they_were():
    from drivers.buttons import MENU
    k = tablekit.Kit(ROOT)
    k.command('{"cmd": "new", "game": "malilla", "options": {"target": 200, "late_misdeal": "void"}}')
    p = tablekit.Players(k)
    p.deal()
    p.turn_up()
    p.play_trick()
    p.play_trick()
    r = k.command('{"cmd": "call", "seat": 0, "call": "truc"}')     # no call of Malilla's
    assert "error" in r[0], r
    k.press(MENU, long=True)            # a misdeal: the hand is void and dealt again
    p.play_hand()
    sent = _event_lines(k.out.lines())
    names = [tablekit.parse(x)["ev"] for x in sent]
    assert "misdeal" in names and names.count("deal") == 3 and '"truc"' not in "".join(sent), names
    assert len(sent) > 64, len(sent)    # the misdeal is older than the ring
    assert _resent(k, 0) == sent


def test_a_host_that_stops_reading_loses_nothing():
    k = _played(hands=1)
    link = k.app.link
    before = len(k.out.lines())
    link.drain = lambda: None   # the host stopped reading: nothing is written
    p = tablekit.Players(k, seed=3)
    for _ in range(2):
        p.deal()
        p.turn_up()
        for _ in range(10):
            p.play_trick()
    assert link.next_seq - link.sent > 64   # the unsent lines left the ring
    del link.drain
    link.drain()
    got = [tablekit.parse(x)["seq"] for x in _event_lines(k.out.lines()[before:])]
    assert got == list(range(got[0], link.next_seq)) and link.lost == 0


def test_a_seq_of_the_last_match_is_refused_naming_this_matchs_first():
    k = _played(hands=2)
    first = k.table.journal.first_seq()
    k.command('{"cmd": "new", "game": "malilla"}')
    again = k.table.journal.first_seq()
    assert again > first
    r = k.command('{"cmd": "resend", "from": %d}' % first)
    # The ring still holds the end of the last match; its start is gone.
    assert k.app.link.oldest() < again
    assert r[0]["error"] == "seq %d is not held (oldest %d, next %d)" % (
        first, k.app.link.oldest(), k.app.link.next_seq), r


class _Sink:
    """A host that reads everything and keeps nothing (no heap of its own)."""

    def write(self, b):
        return len(b)


def test_the_replay_holds_one_match_while_it_streams_and_nothing_after():
    from table import controller
    k = _played(hands=2)
    link = k.app.link
    link.out = _Sink()
    # imported once before the count and forgotten: the names its source interns
    # (MicroPython keeps interned strings for good, in pools it grows a block at a
    # time) are not the replay's heap; a pool grown by whatever code came before
    # made "after" jump by a whole block (96 bytes with the write command's names)
    from table.io import resend     # noqa: F401
    controller._unload()
    gc.collect()
    base = gc.mem_alloc()
    assert link.resend(0)
    while link.sent < 30:
        link.pump()
    controller._unload()        # as after the command: the option checks' code goes
    gc.collect()
    during = gc.mem_alloc() - base
    link.drain()
    assert link.behind is None
    controller._unload()
    gc.collect()
    after = gc.mem_alloc() - base
    print("replay heap: %d bytes while streaming, %d after" % (during, after))
    # Measured on the 64-bit unix port: 13,600 bytes while streaming (the replay's
    # Match, this module's code, the rule module's log fold that it reads the journal
    # by, the open file; 11,104 when it read the journal by a loop of its own),
    # nothing after. 13,984 before the event's laws; 14,944 with them (the Match's
    # and the game's law state, verdicts.py, the fold's ruling hook; the rulings
    # themselves load only for a ruling's line): the bound moved by 1 KB. The
    # RP2040's own figure is bench-pico's heap low-water (docs/referee.md). 15,552 with
    # a director's override replayed as the table logged it (the x-ruling seqs noted,
    # the match rebuilt under the override, its hand_end / x-reopen said again): 416
    # more than before it (15,136, this count), the bound moved by half a KB.
    assert during < 15 * 1024 + 512 and after <= 64
