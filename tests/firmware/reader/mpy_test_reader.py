"""The reader layer on a simulated table: presence, faults, crosstalk (MicroPython)."""
import gc
from chips.tags import ntag213, mifare_classic
from reader.seats import SeatReaders, PLACED, REMOVED
from firmware.reader.simkit import table_with_readers, drain, uid7, ListDeck


def _table(seats=4, seed=1, **kw):
    kw.setdefault("deck", ListDeck(52))
    return table_with_readers(seats, seed, **kw)


def _rounds(sr, n):
    out = []
    for _ in range(n):
        sr.scan()
        out += drain(sr)
    return out


def test_a_card_laid_down_is_placed_once_and_removed_once():
    t, rd, sr = _table()
    tag = ntag213(uid7(7))
    t.place(2, tag)
    assert _rounds(sr, 1) == [("placed", 2, 7)]
    assert _rounds(sr, 10) == []
    assert sr.cards_at(2) == 1 and sr.card_at(2).card == 7
    t.remove(tag)
    assert _rounds(sr, 1) == []         # one silent round may be a flaky read
    assert _rounds(sr, 1) == [("removed", 2, 7)]
    assert sr.cards_at(2) == 0


def test_removal_needs_k_misses_in_a_row():
    t, rd, sr = _table(misses=5)
    tag = ntag213(uid7(1))
    t.place(0, tag)
    _rounds(sr, 1)
    t.remove(tag)
    assert _rounds(sr, 4) == []
    assert _rounds(sr, 1) == [("removed", 0, 1)]


def test_only_one_antenna_is_on_at_a_time():
    t, rd, sr = _table()
    on = []
    for chip in t.chips:
        chip.scenario_hook = None
    orig = t.field_on

    def watch(chip):
        on.append(sum(1 for c in t.chips if c.antenna_on()))
        orig(chip)
    t.field_on = watch
    t.place(1, ntag213(uid7(3)))
    _rounds(sr, 3)
    assert on and max(on) == 1
    assert not any(c.antenna_on() for c in t.chips)


def test_unknown_tags_are_reported_as_unknown():
    t, rd, sr = _table()
    t.place(3, mifare_classic(b"\x01\x02\x03\x04"))
    assert _rounds(sr, 1) == [("unknown", 3, "01020304")]
    t.clear(3)
    assert _rounds(sr, 4) == [("removed", 3, "01020304")]


def test_a_second_card_on_the_same_seat_is_placed_too():
    t, rd, sr = _table()
    t.place(1, ntag213(uid7(4)))
    _rounds(sr, 1)
    t.chips[1].tags.append(ntag213(uid7(5)))
    assert _rounds(sr, 2) == [("placed", 1, 5)]
    assert sr.cards_at(1) == 2


def test_flicker_is_neither_a_removal_nor_a_second_play():
    t, rd, sr = _table(seed=7)
    for s in range(4):
        t.place(s, ntag213(uid7(10 + s)))
    t.flicker = 150   # 15 % of frames lost
    ev = _rounds(sr, 300)
    assert sorted(ev) == sorted([("placed", s, 10 + s) for s in range(4)]), ev
    assert t.stats["missed"] > 100


def test_corrupted_replies_are_not_removals():
    t, rd, sr = _table(seed=3)
    for s in range(4):
        t.place(s, ntag213(uid7(20 + s)))
    _rounds(sr, 1)
    t.corruption = 300  # 30 % of replies damaged
    assert _rounds(sr, 200) == []
    assert sr.stats["unclear"] > 0
    t.corrupt_parity = False  # bad CRC / BCC instead of parity
    assert _rounds(sr, 200) == []


def play_under_crosstalk(t, sr, rounds, cards=8, lifted=lambda k: True, stay=6, gone=6):
    """Lay card k on seat k % seats (k < cards), `stay` rounds, lift it when
    lifted(k) and give it `gone` rounds; assert each card was placed once at its seat
    and each lifted one removed once from it. rounds(n): n rounds' events."""
    seats = sr.seats
    ev = []
    for k in range(cards):
        tag = ntag213(uid7(k))
        t.place(k % seats, tag)
        ev += rounds(stay)
        if lifted(k):
            t.remove(tag)
            ev += rounds(gone)
    placed = [e for e in ev if e[0] == "placed"]
    assert placed == [("placed", k % seats, k) for k in range(cards)], placed
    removed = [e for e in ev if e[0] == "removed"]
    assert removed == [("removed", k % seats, k) for k in range(cards) if lifted(k)], removed


def test_crosstalk_never_plays_a_card_twice_nor_at_the_wrong_seat():
    for seed in range(1, 6):
        t, rd, sr = _table(seed=seed)
        t.crosstalk = 600
        t.flicker = 100
        play_under_crosstalk(t, sr, lambda n: _rounds(sr, n))
        assert t.stats["coupled"] > 0 and sr.stats["crosstalk"] + sr.stats["weak"] > 0


def test_a_card_seen_strongly_at_two_seats_is_flagged_once():
    t, rd, sr = _table(conflict_rounds=3)
    tag = ntag213(uid7(9))
    # The same UID lying on two readers (a cloned tag) cannot be resolved.
    t.chips[0].tags.append(tag)
    t.chips[1].tags.append(ntag213(uid7(9)))
    ev = _rounds(sr, 6)
    assert len(ev) == 1 and ev[0][0] == "conflict" and ev[0][1] in (0, 1), ev
    assert sr.cards_at(0) == 0 and sr.cards_at(1) == 0


def test_a_card_moved_to_another_seat_is_removed_then_placed():
    t, rd, sr = _table()
    tag = ntag213(uid7(2))
    t.place(0, tag)
    _rounds(sr, 1)
    t.place(2, tag)
    ev = _rounds(sr, 6)
    assert ev == [("removed", 0, 2), ("placed", 2, 2)], ev


def drop_frames(t, tag, n):
    """The next n frames `tag` hears are lost (a flaky read, as many as wanted)."""
    left = [n]
    orig = t.misses

    def misses(chip, tg):
        if tg is tag and left[0]:
            left[0] -= 1
            t.stats["missed"] += 1
            return True
        return orig(chip, tg)
    t.misses = misses
    return left


def lift_and_lay(t, sr, rounds, seat, away, card=5, powered_ms=0):
    """A card lying on `seat` is lifted for `away` rounds, then laid back (and given
    powered_ms to power up, if its field is on): the events of the lift, and of the
    next 12 rounds."""
    tag = ntag213(uid7(card))
    t.place(seat, tag)
    assert rounds(8) == [("placed", seat, card)]
    t.remove(tag)
    ev = rounds(away)
    t.place(seat, tag)
    t.clock.advance_ms(powered_ms)
    return ev + rounds(12)


def test_a_card_lifted_is_seen_gone_after_two_silent_rounds():
    for seats in (4, 12):
        t, rd, sr = _table(seats, steady=False)
        tag = ntag213(uid7(3))
        t.place(seats - 1, tag)
        _rounds(sr, 4)
        t.remove(tag)
        assert _rounds(sr, 1) == []
        assert _rounds(sr, 1) == [("removed", seats - 1, 3)]
        assert sr.still(seats - 1, 3) is False


def test_a_card_left_lying_is_still_there_and_never_an_event():
    for seats in (4, 12):
        t, rd, sr = _table(seats)
        t.place(1, ntag213(uid7(8)))
        assert _rounds(sr, 200) == [("placed", 1, 8)]
        assert sr.still(1, 8) and not sr.still(1, 9) and not sr.still(2, 8)


def test_a_card_lifted_and_laid_back_is_a_lift_then_a_new_lay_from_two_rounds():
    # One field at a time every tag starts from IDLE at its visit: a card away for
    # one visit looks exactly like one silent round of a flaky read (no lift); away
    # for two or three rounds it is lifted, then laid anew
    for seats in (4, 12):
        for away, want in ((1, []), (2, [("removed", 2, 5), ("placed", 2, 5)]),
                           (3, [("removed", 2, 5), ("placed", 2, 5)])):
            t, rd, sr = _table(seats)
            ev = lift_and_lay(t, sr, lambda n: _rounds(sr, n), 2, away)
            assert ev == want, (seats, away, ev)


def test_a_flaky_read_is_no_lift():
    t, rd, sr = _table()
    tag = ntag213(uid7(4))
    t.place(0, tag)
    _rounds(sr, 2)
    drop_frames(t, tag, 1)              # one missed answer: retried in the visit
    assert _rounds(sr, 1) == [] and sr.still(0, 4)
    left = drop_frames(t, tag, 7)       # a whole round silent: one miss, no lift
                                        # (6 tries' WUPAs, and the REQA after them)
    assert _rounds(sr, 1) == [] and left[0] == 0 and not sr.still(0, 4)
    assert _rounds(sr, 1) == [] and sr.still(0, 4)
    assert _rounds(sr, 30) == []


def test_a_module_that_holds_miso_is_found_by_init():
    from drivers.mfrc522 import MFRC522, ReaderError
    from chips.table import SimTable
    t = SimTable(4)
    t.chips[2].holds_miso = True
    failed = []
    for s in range(4):
        try:
            MFRC522(t.spi, t.cs[s], t.rst, sleep_us=t.clock.sleep_us).init()
        except ReaderError:
            failed.append(s)
    assert failed == [0, 1, 3]


def test_steady_state_scans_allocate_nothing():
    t, rd, sr = _table()
    for s in range(4):
        t.place(s, ntag213(uid7(30 + s)))
    _rounds(sr, 3)
    gc.collect()
    before = gc.mem_alloc()
    for _ in range(20):
        sr.scan()
    assert gc.mem_alloc() - before == 0, gc.mem_alloc() - before


def test_a_round_of_four_seats_fits_20_hz():
    t, rd, sr = _table()
    for s in range(4):
        t.place(s, ntag213(uid7(40 + s)))
    _rounds(sr, 2)
    t0 = t.clock.us
    sr.scan()
    assert t.clock.us - t0 < 50000, t.clock.us - t0


def test_bad_arguments_are_refused():
    for kw in ({"misses": 0}, {"max_cards": 0}, {"confirm_tries": 0}):
        try:
            SeatReaders([object()], **kw)
        except ValueError:
            continue
        raise AssertionError("accepted %s" % kw)
    try:
        SeatReaders([])
    except ValueError:
        return
    raise AssertionError("accepted no readers")


_ = (PLACED, REMOVED)


def test_the_asyncio_task_scans_and_yields():
    import asyncio
    t, rd, sr = _table()
    ticks = [0]

    async def sim_sleep(ms):
        t.clock.advance_ms(ms)
        ticks[0] += 1
        await asyncio.sleep_ms(0)
    sr._sleep_ms_async = sim_sleep
    sr._ticks_ms = t.clock.ticks_ms
    t.place(1, ntag213(uid7(6)))
    asyncio.run(sr.run(period_ms=50, rounds=3))
    assert drain(sr) == [("placed", 1, 6)]
    assert sr.round == 3 and ticks[0] == 3 * 5


def test_the_seat_set_last_is_visited_last_in_a_round():
    t, rd, sr = _table()
    assert [sr.order(k) for k in range(4)] == [0, 1, 2, 3]
    sr.last = 1
    assert [sr.order(k) for k in range(4)] == [2, 3, 0, 1]
    on = []
    orig = t.field_on
    t.field_on = lambda chip: (on.append(t.chips.index(chip)), orig(chip))
    sr.scan()
    assert on == [2, 3, 0, 1]


def test_a_card_lying_still_is_confirmed_without_a_halt():
    t, rd, sr = _table()
    t.place(2, ntag213(uid7(6)))
    _rounds(sr, 1)
    before = t.chips[2].frames
    assert _rounds(sr, 1) == []
    # WUPA and SELECT of both cascade levels, then the REQA that finds nobody new
    assert t.chips[2].frames - before == 4, t.chips[2].frames - before


def test_a_new_card_is_selected_and_probed_in_one_pass_at_low_gain():
    # REQA, then anticollision and SELECT of both cascade levels at low receiver gain
    # and HLTA (the crosstalk probe and the selection at once), then the REQA that
    # finds nobody new: 7 frames, where selecting and then probing took 11
    t, rd, sr = _table()
    _rounds(sr, 1)
    t.place(1, ntag213(uid7(5)))
    before = t.chips[1].frames
    assert _rounds(sr, 1) == [("placed", 1, 5)]
    assert t.chips[1].frames - before == 7, t.chips[1].frames - before


def test_a_new_card_not_heard_at_low_gain_is_selected_again_and_probed_once_more():
    # a lost frame of the low-gain selection is the probe's first try: the tag is
    # asked again at normal gain, selected and probed once more, and placed as ever
    t, rd, sr = _table()
    _rounds(sr, 1)
    r = rd[2]
    plain = r.select
    lost = []

    def select():
        if r._gain == 0x38 and not lost:    # the first low-gain selection: lost
            lost.append(1)
            return 2                        # ERROR, as a corrupted reply
        return plain()
    r.select = select
    t.place(2, ntag213(uid7(8)))
    ev = _rounds(sr, 1)
    assert lost and ev == [("placed", 2, 8)], ev
    assert _rounds(sr, 3) == [] and sr.cards_at(2) == 1


def test_a_visit_between_rounds_places_the_awaited_card_at_once():
    # the seat to play, visited again between the others (table/app.py: between): its
    # card is placed by that visit, not at the end of the round
    t, rd, sr = _table()
    _rounds(sr, 2)
    t.place(3, ntag213(uid7(9)))
    sr.visit(3)
    assert drain(sr) == [("placed", 3, 9)] and sr.cards_at(3) == 1
    assert not any(c.antenna_on() for c in t.chips)
    assert _rounds(sr, 3) == []             # placed once


def test_visits_never_count_misses_a_flicker_is_still_no_removal():
    # extra visits confirm a card but only rounds count its misses: many visits in a
    # round while it does not answer are one miss, not a lifted card
    t, rd, sr = _table(misses=4)
    tag = ntag213(uid7(5))
    t.place(1, tag)
    _rounds(sr, 1)
    t.remove(tag)
    for _ in range(10):
        sr.visit(1)
    assert drain(sr) == []
    t.place(1, tag)
    assert _rounds(sr, 6) == [] and sr.cards_at(1) == 1


def test_a_visit_never_places_a_neighbours_card_reached_by_crosstalk():
    t, rd, sr = _table(seed=5)
    t.crosstalk = 1000          # seat k's tag answers at seat k + 1 in every window
    t.place(0, ntag213(uid7(4)))
    for _ in range(6):
        sr.visit(1)
    assert sr.cards_at(1) == 0 and drain(sr) == []
    assert ("placed", 0, 4) in _rounds(sr, 2) and sr.cards_at(1) == 0
