"""The MFRC522 driver's rare parts: reset, identification, self-test.

Loaded by MFRC522's methods for the call and dropped after (drivers.once): a scan
never needs them, so their code takes no heap while the table plays.
"""
from micropython import const
import time

from . import ReaderError

# mfrc522.py's numbers, not imported from it: that module loads this one (drivers.once),
# and its hot path keeps them as constants (tests/firmware/drivers/mpy_test_mfrc522.py checks
# that both say the same).
OK = const(0)
ERROR = const(2)
CHIP_TIMEOUT = const(4)
SHORT_US = const(300)

_COMMAND = const(0x01)
_FIFO_LEVEL = const(0x0A)
_MODE = const(0x11)
_TX_MODE = const(0x12)
_RX_MODE = const(0x13)
_TX_ASK = const(0x15)
_T_MODE = const(0x2A)
_T_PRESCALER = const(0x2B)
_VERSION = const(0x37)
_CMD_IDLE = const(0x00)
_CMD_SOFT_RESET = const(0x0F)
# Timer: TPrescaler = 169 gives (2*169+1)/13.56 MHz = 25 us per tick (TAuto).
_PRESCALER = const(169)

VERSIONS = {0x91: "MFRC522 v1.0", 0x92: "MFRC522 v2.0",
            0x88: "FM17522 clone", 0xB2: "FM17522 clone", 0x12: "counterfeit MFRC522"}
GENUINE = (0x91, 0x92)


def hard_reset(reset, sleep_us=None):
    """Pulse the (shared) NRSTPD line: every reader on it restarts."""
    sl = sleep_us if sleep_us is not None else time.sleep_us
    reset.init(reset.OUT, value=1)
    reset(0)
    sl(100)
    reset(1)
    sl(50000)  # oscillator start-up (datasheet 8.8.2)


def init(r):
    """Soft-reset, identify and self-test the module, set timer and gain.

    Returns the chip's name. Raises ReaderError when no module answers
    (VersionReg 0x00 or 0xFF) or the FIFO does not read back what was written.
    """
    r.write(_COMMAND, _CMD_SOFT_RESET)
    r._sleep_us(50000)
    for _ in range(10):  # the PowerDown bit clears when the reset is over
        if not r.read(_COMMAND) & 0x10:
            break
        r._sleep_us(1000)
    v = r.read(_VERSION)
    r.version = v
    if v in (0x00, 0xFF):
        raise ReaderError("%s: no MFRC522 answers (VersionReg 0x%02x): check power, "
                          "wiring, chip select, or another module holding MISO" % (r.name, v))
    r.kind = VERSIONS.get(v, "unknown chip 0x%02x" % v)
    r.genuine = v in GENUINE
    self_test(r)
    r.write(_T_MODE, 0x80 | (_PRESCALER >> 8))  # TAuto: timer starts after TX
    r.write(_T_PRESCALER, _PRESCALER & 0xFF)
    r._reload = -1
    r._txc = -1              # the soft reset set TxControlReg back
    r.set_timeout(SHORT_US)
    r.write(_TX_ASK, 0x40)   # 100 % ASK, as type A needs
    r.write(_MODE, 0x3D)     # CRC preset 0x6363 (ISO 14443-3 CRC_A)
    r.write(_TX_MODE, 0x00)  # CRC by the coprocessor, never appended in TX
    r.write(_RX_MODE, 0x00)
    r.set_gain(False)
    r.antenna(False)
    r._ready = True
    return r.kind


def self_test(r):
    """FIFO loopback: write a pattern, read it back. Raises ReaderError on mismatch."""
    b = r._b
    r.write(_COMMAND, _CMD_IDLE)
    r.write(_FIFO_LEVEL, 0x80)
    for i in range(8):
        b.tx[i] = (0xA5 ^ (i * 0x3B)) & 0xFF
    r._fifo_write_tx(8)
    level = r.read(_FIFO_LEVEL) & 0x7F
    if level != 8:
        raise ReaderError("%s: FIFO level %d after writing 8 bytes (bus contention? "
                          "a module that does not release MISO needs a 74HC125)" % (r.name, level))
    r._fifo_read(8)
    for i in range(8):
        if b.rx[i] != (0xA5 ^ (i * 0x3B)) & 0xFF:
            raise ReaderError("%s: FIFO read back 0x%02x for 0x%02x: MISO disturbed" % (
                r.name, b.rx[i], (0xA5 ^ (i * 0x3B)) & 0xFF))
    r.write(_FIFO_LEVEL, 0x80)
    return True
