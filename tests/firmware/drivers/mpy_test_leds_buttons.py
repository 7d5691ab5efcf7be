"""WS2812 lights and the buttons (runs under MicroPython)."""
import gc
from chips.ws2812 import FakeWS2812
from chips.bus import FakePin
from drivers.leds import Lights, TURN, ACCEPTED, ILLEGAL, WINNER, STATUS, OFF
from drivers.buttons import Buttons, MENU, CONFIRM, UNDO, SHORT, LONG, event_name


def _lights():
    strip = FakeWS2812(13)
    return strip, Lights(strip, seats=4, per_seat=3, brightness=255, blink_ms=250)


def test_seat_groups_show_colours_by_meaning():
    strip, l = _lights()
    l.seat(1, ACCEPTED)
    l.seat(2, ILLEGAL)
    l.status(STATUS)
    assert l.tick(0)
    assert strip.shown[3:6] == [(0, 255, 0)] * 3
    assert strip.shown[6:9] == [(255, 0, 0)] * 3
    assert strip.shown[0] == (0, 0, 0) and strip.shown[12] == (0, 64, 255)


def test_nothing_is_written_when_nothing_changed():
    strip, l = _lights()
    l.seat(0, TURN)
    l.tick(0)
    w = strip.writes
    l.seat(0, TURN)
    assert not l.tick(10) and strip.writes == w


def test_blinking_follows_the_ticks():
    strip, l = _lights()
    l.seat(3, WINNER, blink=True)
    l.tick(0)
    assert strip.shown[9] == (255, 170, 0)
    l.tick(100)
    assert strip.shown[9] == (255, 170, 0)
    l.tick(250)
    assert strip.shown[9] == (0, 0, 0)
    l.tick(500)
    assert strip.shown[9] == (255, 170, 0)


def test_brightness_scales_and_updates_allocate_nothing():
    strip = FakeWS2812(13)
    l = Lights(strip, brightness=32)
    l.seat(0, ILLEGAL, blink=True)
    l.tick(0)
    assert strip.shown[0] == (32, 0, 0)
    gc.collect()
    a = gc.mem_alloc()
    for t in range(0, 5000, 10):
        l.seat(t % 4, ACCEPTED if t % 20 else TURN)
        l.tick(t)
    assert gc.mem_alloc() - a == 0


def test_misuse_is_refused():
    strip, l = _lights()
    for fn, args in ((l.seat, (4, TURN)), (l.seat, (0, 99)), (Lights, (FakeWS2812(5),))):
        try:
            fn(*args)
        except ValueError:
            continue
        raise AssertionError("accepted %s" % (args,))
    l.clear()
    l.tick(0)
    assert strip.shown == [(0, 0, 0)] * 13 and OFF == 0


def _buttons():
    pins = [FakePin(i, FakePin.IN, FakePin.PULL_UP) for i in range(3)]
    return pins, Buttons(pins, debounce_ms=30, long_ms=800)


def _events(b):
    out = []
    while True:
        e = b.get()
        if e < 0:
            return out
        out.append(event_name(e))


def test_a_short_press_after_debounce():
    pins, b = _buttons()
    pins[CONFIRM].value(0)
    for t in range(0, 100, 5):
        b.poll(t)
    pins[CONFIRM].value(1)
    for t in range(100, 200, 5):
        b.poll(t)
    assert _events(b) == ["confirm-short"]


def test_bounces_are_not_presses():
    pins, b = _buttons()
    for t in range(0, 200, 5):
        pins[MENU].value(0 if (t // 5) % 2 else 1)  # chatter every 5 ms
        b.poll(t)
    pins[MENU].value(1)
    for t in range(200, 300, 5):
        b.poll(t)
    assert _events(b) == []


def test_a_long_press_fires_once_while_held():
    pins, b = _buttons()
    pins[UNDO].value(0)
    for t in range(0, 2000, 10):
        b.poll(t)
    assert _events(b) == ["undo-long"]
    pins[UNDO].value(1)
    for t in range(2000, 2100, 10):
        b.poll(t)
    assert _events(b) == []
    assert SHORT == 0 and LONG == 1


def test_button_arguments_checked():
    try:
        Buttons([], 30, 800)
    except ValueError:
        return
    raise AssertionError("accepted")
