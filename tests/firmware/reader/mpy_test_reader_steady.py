"""The reader layer with steady fields (every antenna on for good: 12 seats), on a
simulated table (MicroPython). The tests of mpy_test_reader that hold for both ways
run here again with steady fields; then what only steady fields do."""
import gc
from chips.tags import ntag213, HALT, IDLE
from firmware.reader.simkit import table_with_readers, drain, uid7, ListDeck
from firmware.reader import mpy_test_reader as base


def _table(seats=4, seed=1, **kw):
    kw.setdefault("deck", ListDeck(80))
    kw.setdefault("steady", True)
    t, rd, sr = table_with_readers(seats, seed, **kw)
    sr.start()
    return t, rd, sr


def _every(seats=4, seed=1, **kw):
    # The shared tests count rounds: every seat confirmed every round, and a card laid
    # takes 2 ms (one laid into a field that is on answers after sim POWERUP_US; one
    # field at a time, it is powered when its field comes on, settled by the next look)
    kw.setdefault("confirm_every", 1)
    t, rd, sr = _table(seats, seed, **kw)
    place = t.place

    def laid(seat, tag):
        place(seat, tag)
        t.clock.advance_ms(2)
    t.place = laid
    return t, rd, sr


def _rounds(t, sr, n, gap_ms=40):
    """n rounds, the loop's other work taking gap_ms between them (the crosstalk
    draw of a field that stays on holds sim.table.COUPLING_US)."""
    out = []
    for _ in range(n):
        sr.scan()
        out += drain(sr)
        t.clock.advance_ms(gap_ms)
    return out


def _shared(name):
    was = base._table
    base._table = _every
    try:
        getattr(base, name)()
    finally:
        base._table = was


def test_placed_once_and_removed_once():
    _shared("test_a_card_laid_down_is_placed_once_and_removed_once")


def test_removal_needs_k_misses_in_a_row():
    _shared("test_removal_needs_k_misses_in_a_row")


def test_unknown_tags_are_reported_as_unknown():
    _shared("test_unknown_tags_are_reported_as_unknown")


def test_a_second_card_on_the_same_seat_is_placed_too():
    _shared("test_a_second_card_on_the_same_seat_is_placed_too")


def test_flicker_is_neither_a_removal_nor_a_second_play():
    _shared("test_flicker_is_neither_a_removal_nor_a_second_play")


def test_corrupted_replies_are_not_removals():
    _shared("test_corrupted_replies_are_not_removals")


def test_crosstalk_never_plays_a_card_twice_nor_at_the_wrong_seat():
    # mpy_test_reader's test, but its assertion that crosstalk was met holds over the
    # seeds together: a card HALTed on its reader answers no neighbour's REQA
    met = 0
    for seed in range(1, 6):
        t, rd, sr = _every(seed=seed)
        t.crosstalk = 600
        t.flicker = 100
        base.play_under_crosstalk(t, sr, lambda n: _rounds(t, sr, n, gap_ms=10))
        assert t.stats["coupled"] > 0
        met += sr.stats["crosstalk"] + sr.stats["weak"]
    assert met > 0


def test_a_card_seen_strongly_at_two_seats_is_flagged_once():
    _shared("test_a_card_seen_strongly_at_two_seats_is_flagged_once")


def test_a_card_moved_to_another_seat_is_removed_then_placed():
    _shared("test_a_card_moved_to_another_seat_is_removed_then_placed")


def test_steady_state_scans_allocate_nothing():
    _shared("test_steady_state_scans_allocate_nothing")


def test_visits_never_count_misses_a_flicker_is_still_no_removal():
    _shared("test_visits_never_count_misses_a_flicker_is_still_no_removal")


def test_every_field_stays_on_and_no_lying_card_is_powered_up_again():
    t, rd, sr = _table(12)
    for s in range(12):
        t.place(s, ntag213(uid7(s)))
    ev = _rounds(t, sr, 30)
    assert sorted(ev) == [("placed", s, s) for s in range(12)], ev
    assert all(c.antenna_on() for c in t.chips)
    assert [c.antenna_windows for c in t.chips] == [1] * 12
    # a card once placed is kept in HALT, out of every REQA's way
    assert all(c.tags[0].state == HALT for c in t.chips)


def test_a_lying_card_is_confirmed_at_its_seats_turn_one_round_in_three():
    t, rd, sr = _table(12)
    for s in range(12):
        t.place(s, ntag213(uid7(s)))
    _rounds(t, sr, 6)
    chip = t.chips[5]
    frames = []
    for _ in range(6):
        before = chip.frames
        _rounds(t, sr, 1)
        frames.append(chip.frames - before)
    # a REQA every round (nobody new answers it); WUPA, SELECT of both cascade levels
    # and HLTA in one round of three
    assert sorted(frames) == [1, 1, 1, 1, 5, 5], frames
    assert chip.requests >= 12


def test_a_round_of_twelve_seats_with_a_card_on_each_fits_20_hz_on_air():
    t, rd, sr = _table(12)
    for s in range(12):
        t.place(s, ntag213(uid7(s)))
    _rounds(t, sr, 6)
    t0 = t.clock.us
    for _ in range(3):
        sr.scan()
    # the frames' time on air and the chip's timeouts (register accesses take no time
    # here: bench_pico measures them on the emulated RP2040)
    assert (t.clock.us - t0) / 3 < 25000, (t.clock.us - t0) / 3


def test_a_lifted_card_is_removed_within_misses_times_confirm_every_rounds():
    for misses in (2, 4):
        t, rd, sr = _table(12, misses=misses)
        tag = ntag213(uid7(3))
        t.place(3, tag)
        _rounds(t, sr, 2)
        t.remove(tag)
        ev = _rounds(t, sr, misses * 3)
        assert ev == [("removed", 3, 3)], ev


def test_a_card_lifted_and_laid_back_is_a_lift_then_a_new_lay_however_short():
    # laid back it powers up in IDLE, and a HALTed card answers no REQA: one that
    # does was lifted, even between two of its confirmations. (Laid back so that its
    # power-up ends between a look's REQA and a confirmation's WUPA, ~0.7 ms of its
    # seat's confirmation visits, 0.5 % of the time, the WUPA HALTs it unseen: the
    # look's REQA is given the 1 ms the model's tags take to power up.)
    for seats in (4, 12):
        for away in (0, 1, 2, 3):
            for seat in (0, seats - 1):
                t, rd, sr = _table(seats)
                ev = base.lift_and_lay(t, sr, lambda n: _rounds(t, sr, n), seat, away,
                                       powered_ms=2)
                assert ev == [("removed", seat, 5), ("placed", seat, 5)], (seats, away, ev)
                assert sr.stats["relaid"] + (away >= 2) >= 1
                assert sr.still(seat, 5) and t.chips[seat].tags[0].state == HALT


def test_a_flaky_read_is_no_lift_and_no_lay():
    t, rd, sr = _table(12)
    tag = ntag213(uid7(4))
    t.place(6, tag)
    _rounds(t, sr, 4)
    base.drop_frames(t, tag, 1)         # one missed answer: retried, or in HALT still
    assert _rounds(t, sr, 3) == [] and sr.still(6, 4)
    base.drop_frames(t, tag, 12)        # one confirmation silent: no lift
    assert _rounds(t, sr, 12) == [] and sr.still(6, 4)
    assert sr.stats["relaid"] == 0


def test_halts_lost_after_the_placement_are_no_lay_back():
    # the first HLTAs the new card is sent are lost: after each, the REQA that
    # follows takes the tag to IDLE, a second REQA finds it and HALTs it again
    for seats in (4, 12):
        for lost in (1, 2, 3):
            t, rd, sr = _table(seats)
            tag = ntag213(uid7(6))
            orig = t.misses
            left = [lost]

            def lose_hlta(c, tg):
                if tg is tag and tg.state == 2 and left[0]:     # ACTIVE: a HLTA comes
                    left[0] -= 1
                    return True
                return orig(c, tg)
            t.misses = lose_hlta
            t.place(1, tag)
            t.clock.advance_ms(2)
            assert _rounds(t, sr, 20) == [("placed", 1, 6)], (seats, lost)
            assert left[0] == 0 and sr.stats["relaid"] == 0 and tag.state == HALT


def test_a_neighbours_tag_reached_by_crosstalk_is_never_halted_there():
    # seat 1 sees seat 0's new card first (its field reaches it, the round starts at
    # seat 1): it must leave it in IDLE, or seat 0's REQA would never find it
    for seed in range(1, 6):
        t, rd, sr = _table(4, seed=seed)
        t.crosstalk = 1000
        sr.last = 0                 # the round goes 1, 2, 3, 0
        tag = ntag213(uid7(7))
        t.place(0, tag)
        t.clock.advance_ms(60)      # powered up, and past the draw of crosstalk
        ev = _rounds(t, sr, 3)
        assert ev == [("placed", 0, 7)], (seed, ev)
        assert sr.stats["weak"] > 0, seed
        assert tag.state == HALT


def test_crosstalk_with_fields_left_on_never_misattributes_a_play():
    for seed in range(1, 6):
        t, rd, sr = _table(12, seed=seed)
        t.crosstalk = 500
        t.flicker = 80
        # now and then a card is lifted, its neighbours' cards lying on
        base.play_under_crosstalk(t, sr, lambda n: _rounds(t, sr, n, gap_ms=15), cards=24,
                                  lifted=lambda k: k % 3 == 2, stay=4, gone=14)
        assert t.stats["coupled"] > 0


def test_a_visit_only_looks_for_new_cards():
    t, rd, sr = _table(4)
    for s in range(4):
        t.place(s, ntag213(uid7(s)))
    _rounds(t, sr, 4)
    before = t.chips[2].frames
    for _ in range(5):
        sr.visit(2)
    assert t.chips[2].frames - before == 5      # one REQA each, nobody answers
    t.place(2, ntag213(uid7(40)))
    t.clock.advance_ms(2)                       # the new tag powers up
    sr.visit(2)
    assert drain(sr) == [("placed", 2, 40)] and sr.cards_at(2) == 2


def test_readers_reset_and_started_again_find_their_cards_lying():
    t, rd, sr = _table(4)
    for s in range(4):
        t.place(s, ntag213(uid7(s)))
    _rounds(t, sr, 4)
    drain(sr)
    t.rst.value(0)                              # the shared NRSTPD line pulsed
    t.rst.value(1)
    for r in rd:
        r.init()
        r._txc = -1
    sr.start()
    assert _rounds(t, sr, 12) == []
    assert all(sr.cards_at(s) == 1 for s in range(4))


def test_steady_scans_allocate_nothing_with_twelve_seats():
    t, rd, sr = _table(12)
    for s in range(12):
        t.place(s, ntag213(uid7(s)))
    _rounds(t, sr, 6)
    gc.collect()
    before = gc.mem_alloc()
    for _ in range(12):
        sr.scan()
    assert gc.mem_alloc() - before == 0, gc.mem_alloc() - before
