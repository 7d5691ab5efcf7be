"""The loop's time shared between the readers and the panel.

On the Pico the panel's picture is two bands of half the frame (boards/wiring.py), each some
30-60 ms of drawing on the RP2040 (more with the awaited seat's visits between its
texts: app.py, between); a scan round of 4 seats with a card on each ~37 ms, of 12 seats ~108 ms. The scan
task asks the pacer after each round (its verdicts lit) whether the panel may draw
one band now:

  * yes while the panel's credit is not negative: every turn of the loop adds what
    it left of PERIOD_MS, so over a picture the rounds and the bands together keep
    one round per PERIOD_MS wherever the rounds alone are faster than that. A turn
    is timed from one ask to the next: the round, the band drawn after it, and the
    other tasks' work in between (the host's lines, the lights, the picture's
    layout), none of which the readers can skip;
  * yes, whatever the credit, once GAP_MS have passed since the panel's last band
    (12 seats: a round alone is slower than PERIOD_MS; the panel still advances,
    one band every third round or so);
  * never in the middle of a round (a band there delays the seats after it and the
    verdict of the seat to play, visited last).

The credit saved while nothing waits is capped at one band, so a picture that
follows a quiet spell does not take many bands in a row right after a trick, when
the next card is about to land. And a picture still unfinished PICTURE_MS after it
began is drawn out without waiting for turns (app.py: band_wait): the panel must
catch up with the table in bounded time even where the rounds are slow for reasons
of their own (measured in tests/pico's hand: rounds of 75-790 ms, in which one band
per round left the panel two pictures behind a hand). Pure arithmetic on
milliseconds: no clock inside.
"""
PERIOD_MS = 45      # a round every 45 ms (22 Hz per seat): the budget's 20 Hz with room
                    # for the whole milliseconds of ticks_ms and a band's overrun
GAP_MS = 250        # the panel gets a band at least this often, however slow the rounds
BAND_MS = 40        # a band's cost until one is measured (the longest seen: ~38 ms)
PICTURE_MS = 3000   # a picture older than this is drawn out without waiting for turns


class Pacer:
    """When the panel may draw a band: `due(round_ms, since_ms)` after each round."""

    def __init__(self, period_ms=PERIOD_MS, gap_ms=GAP_MS, band_ms=BAND_MS):
        self.period_ms = period_ms
        self.gap_ms = gap_ms
        self.band_ms = band_ms      # the last band's cost, the cap of the credit
        self.credit = 0
        self.waiting = False        # the panel has a band to draw (display_task says)

    def due(self, turn_ms, since_ms):
        """After a round, `turn_ms` after the last ask (the loop's whole turn: the round,
        the band before it, the other tasks) and `since_ms` after the panel's last band:
        True when the panel draws a band now."""
        c = self.credit + self.period_ms - turn_ms
        if c > self.band_ms:
            c = self.band_ms
        if c < -self.period_ms - self.band_ms:
            c = -self.period_ms - self.band_ms   # slow rounds owe nothing more
        self.credit = c
        return self.waiting and (c >= 0 or since_ms >= self.gap_ms)

    def drawn(self, band_ms):
        """The panel drew a band in `band_ms` ms (its cost is in the next turn's time;
        kept as the cap of the credit)."""
        self.band_ms = band_ms if band_ms > 0 else 1
