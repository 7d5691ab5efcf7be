"""The pacer: the loop's time shared between the readers and the panel (MicroPython)."""
import scratch  # noqa: F401 (the tests' path)
import tablekit  # noqa: F401 (firmware/ first on the path)
from table.pacing import Pacer


def _run(pacer, round_ms, band_ms, rounds, waiting=True, other_ms=0):
    """`rounds` scan rounds of round_ms, a band of band_ms drawn whenever due, and
    other_ms of the other tasks' work in each turn of the loop: (bands drawn, the
    loop's ms in all, the longest stretch without a band)."""
    t = 0
    asked = 0
    last = 0
    bands = 0
    longest = 0
    for _ in range(rounds):
        t += round_ms + other_ms
        pacer.waiting = waiting
        due = pacer.due(t - asked, t - last)
        asked = t
        if due:
            pacer.waiting = False
            t += band_ms
            pacer.drawn(band_ms)
            longest = max(longest, t - last)
            last = t
            bands += 1
    return bands, t, longest


def test_at_four_seats_the_bands_fill_what_the_rounds_leave_of_the_period():
    # a round of 35 ms leaves 10 of 45: a band of 38 ms every fourth round or so,
    # and the readers keep a round every 45 ms (22 Hz per seat) on average
    p = Pacer()
    assert p.period_ms == 45
    bands, t, _ = _run(p, 35, 38, 200)
    assert 45 <= bands <= 60, bands
    assert t <= 200 * 45 + 38, t


def test_the_other_tasks_work_is_the_readers_time_too():
    # 4 ms of host lines and layout in each turn are counted: a band every sixth
    # round instead of every fourth,
    # and the rounds still come every 45 ms (a pacer counting only the rounds and the
    # bands let the loop run 4 ms a turn late: 19 Hz for a 20 Hz budget)
    bands, t, _ = _run(Pacer(), 35, 38, 200, other_ms=4)
    assert 26 <= bands <= 36, bands
    assert t <= 200 * 45 + 38, t


def test_at_twelve_seats_the_panel_still_gets_a_band_every_gap():
    # a round of 110 ms alone is slower than the period: no credit, but a band once
    # 250 ms have passed since the last (every third round)
    bands, t, longest = _run(Pacer(), 110, 38, 90)
    assert bands == 30, bands
    assert longest <= 250 + 110 + 38, longest


def test_an_empty_fast_table_draws_a_band_after_almost_every_round():
    bands, t, _ = _run(Pacer(), 18, 38, 100)
    assert bands >= 35, bands
    assert t <= 100 * 45 + 38, t


def test_nothing_is_due_while_the_panel_has_nothing_to_draw():
    p = Pacer()
    assert _run(p, 10, 38, 50, waiting=False)[0] == 0
    # the quiet spell's credit is capped at one band: a picture after it shares the
    # period as ever (eight rounds of 35 ms leave 80 ms, and the cap adds 40: three
    # bands of 38 ms), not a burst of bands paid from the quiet spell
    assert p.credit == p.band_ms
    assert _run(p, 35, 38, 8)[0] == 3


def _awaiting_kit():
    """A Malilla hand turned up: the table awaits the first lead's card."""
    k = tablekit.Kit()
    k.table.new_match("malilla")
    k.app.link.drain()
    p = tablekit.Players(k, seed=3)
    p.deal()
    p.turn_up()
    return k, p


def test_the_awaited_card_is_judged_while_the_panel_draws():
    # the picture's drawing visits the awaited seat between its texts (app.between):
    # a card laid as the drawing begins is judged and lit before the first band is
    # drawn to its end
    k, p = _awaiting_kit()
    seat, c = p.choose()
    assert k.app.awaiting == seat
    k.sim.place(seat, k.tag(c))
    k.board.clock.advance_ms(20)        # longer than VISIT_MS since the seat's last visit
    judged = []
    paint = k.app.screen.paint

    def watched(*a):
        paint(*a)
        judged.append(k.table.match.trick.n)
    k.app.screen.paint = watched
    k.table.changed = True
    k.app.draw()
    assert judged == [1] * k.board.eink.bands() and k.table.match.trick.seats[0] == seat
    assert k.app.awaiting == k.table.match.turn != seat
    assert [e["ev"] for e in k.events()][-1] == "play"      # journalled and sent too


def test_nothing_visits_a_seat_while_no_card_is_awaited():
    k = tablekit.Kit()
    assert k.app.awaiting == -1
    k.board.clock.advance_ms(100)
    before = [c.antenna_windows for c in k.sim.chips]
    k.app.between()
    assert [c.antenna_windows for c in k.sim.chips] == before
