"""The SSD1680 / SSD1683 init sequence (eink.EInk.init): loaded for the call at
boot and dropped after (drivers.once), so it takes no heap while the table plays."""
from micropython import const

_DRIVER_OUTPUT = const(0x01)
_DATA_ENTRY = const(0x11)
_SW_RESET = const(0x12)
_TEMP_SENSOR = const(0x18)
_UPDATE_CONTROL_1 = const(0x21)
_BORDER = const(0x3C)
_RAM_X = const(0x44)
_RAM_Y = const(0x45)


def init(e):
    """Hardware reset and the SSD1680 init sequence (blocking, at boot only)."""
    e.rst(0)
    e._sleep_ms(10)
    e.rst(1)
    e._sleep_ms(10)
    e.wait_blocking(1000)
    e._command(_SW_RESET)
    e._sleep_ms(10)
    e.wait_blocking(1000)
    g = e.height - 1
    e._args(g & 0xFF, g >> 8, 0x00)
    e._command(_DRIVER_OUTPUT, 3)   # gate lines, scan order G0 first
    e._args(0x03)
    e._command(_DATA_ENTRY, 1)      # X increments, then Y
    e._args(0x00, e.width // 8 - 1)
    e._command(_RAM_X, 2)
    e._args(0x00, 0x00, g & 0xFF, g >> 8)
    e._command(_RAM_Y, 4)
    e._args(0x05)
    e._command(_BORDER, 1)          # border follows LUT1 (white)
    if e.controller == 0:           # SSD1680: sources S8..S167 (the SSD1683 sets it per refresh)
        e._args(0x00, 0x80)
        e._command(_UPDATE_CONTROL_1, 2)
    e._args(0x80)
    e._command(_TEMP_SENSOR, 1)     # internal temperature sensor
