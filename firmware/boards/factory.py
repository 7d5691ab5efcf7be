"""The table's parts: the Pico's real ones (boards/pico.py), or their simulations
anywhere else (boards/sim.py).

`make()` returns a board with: seats, readers (MFRC522 drivers, initialised),
strip (WS2812 chain), eink (EInk driver), button_pins, serial_in/serial_out
(byte streams), root (the flash folder for the journal and the enrolment),
ticks_ms(), ticks_us(), sleep_us(us) (the scan round blocks through an antenna's
SETTLE_MS of settling: boards/seats.py, table/app.py), `await sleep_ms(ms)`, and
frame(screen) (called after each e-ink refresh).
"""
import sys


def on_pico():
    """True on the rp2 port (a Pico or Pico 2)."""
    return sys.platform == "rp2"


def make(**kw):
    """The real board on a Pico, the simulated table anywhere else."""
    if on_pico():
        from .pico import PicoBoard
        return PicoBoard()
    from .sim import SimBoard
    return SimBoard(**kw)
