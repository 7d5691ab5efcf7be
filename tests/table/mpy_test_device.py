"""The whole device firmware on the simulated table in its smallest heap (MicroPython)."""
import scratch
import device


def test_whole_app_plays_a_match_on_the_simulated_table():
    app = device.play_match(scratch.path("tapete-device-test"))
    assert app.table.match.over, "the match did not end"
    assert app.reader.stats["rounds"] > 1000
    assert app.draw_failures == 0, "pictures put off for want of heap: %d" % app.draw_failures
