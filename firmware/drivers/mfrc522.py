"""NXP MFRC522 (ISO/IEC 14443A reader) over SPI, for one seat's card reader.

Written from the NXP MFRC522 datasheet (rev 3.9): register map (section 9), commands
(section 10) and the ISO/IEC 14443-3 type A frames (REQA, WUPA, anticollision and
SELECT through cascade levels, HLTA) plus the NTAG21x READ and WRITE commands.

Set-up and self-test are in mfrc522_setup.py, loaded for the call and dropped
after (they are not needed while scanning); NTAG page reads and writes in ntag.py,
loaded when a tag no enrolled deck knows is met.
Hot-path methods return a status code (OK, NO_TAG, ERROR, COLLISION, CHIP_TIMEOUT)
instead of raising: a scan allocates nothing and never waits longer than the chip's
own timer plus a bounded number of polls. Misuse and a missing module raise.
Results live in preallocated buffers: `uid[:uid_len]`, `sak`, `atqa`, `rx`.
"""
from micropython import const
import time

from . import ReaderError, once  # noqa: F401 (ReaderError: drivers.mfrc522's, for its callers)

# Registers (datasheet 9.2).
_COMMAND = const(0x01)
_COM_IRQ = const(0x04)
_DIV_IRQ = const(0x05)
_ERROR = const(0x06)
_FIFO_DATA = const(0x09)
_FIFO_LEVEL = const(0x0A)
_CONTROL = const(0x0C)
_BIT_FRAMING = const(0x0D)
_COLL = const(0x0E)
_MODE = const(0x11)
_TX_MODE = const(0x12)
_RX_MODE = const(0x13)
_TX_CONTROL = const(0x14)
_TX_ASK = const(0x15)
_CRC_RESULT_H = const(0x21)
_CRC_RESULT_L = const(0x22)
_RF_CFG = const(0x26)
_T_MODE = const(0x2A)
_T_PRESCALER = const(0x2B)
_T_RELOAD_H = const(0x2C)
_T_RELOAD_L = const(0x2D)
_VERSION = const(0x37)

# Commands (datasheet 10.3).
_CMD_IDLE = const(0x00)
_CMD_CALC_CRC = const(0x03)
_CMD_TRANSCEIVE = const(0x0C)
_CMD_SOFT_RESET = const(0x0F)

# ISO/IEC 14443-3 type A and NTAG21x.
REQA = const(0x26)
WUPA = const(0x52)
_SEL = (0x93, 0x95, 0x97)
_CASCADE_TAG = const(0x88)
_HLTA = const(0x50)
NTAG_READ = const(0x30)

# Status codes of the hot path.
OK = const(0)
NO_TAG = const(1)        # the chip's timer ran out: nobody answered
ERROR = const(2)         # parity, protocol, CRC or BCC error: a corrupted reply
COLLISION = const(3)     # two tags answered differently
CHIP_TIMEOUT = const(4)  # the chip never raised an interrupt (bounded poll count ran out)
STATUS_NAMES = ("OK", "NO_TAG", "ERROR", "COLLISION", "CHIP_TIMEOUT")

# Timer: TPrescaler = 169 gives (2*169+1)/13.56 MHz = 25 us per tick (TAuto).
_TICK_US = const(25)
# Reply deadlines: answers come ~90 us after a frame plus their own length on air.
# With TAuto the chip's timer starts at the end of the frame sent and stops at the
# 5th bit received (datasheet 9.3.3.10, TModeReg), so a deadline need only cover the
# tag's frame delay and 5 bits: 91 + 47 us for REQA and WUPA. Twice that: an empty
# seat's look costs 300 us less than with 600 (12 seats: 3.6 ms of every round).
SHORT_US = 300     # REQA, WUPA (2-byte ATQA)
FRAME_US = 1500    # anticollision, SELECT
HALT_US = 300      # HLTA has no answer; a NAK would come within ~100 us

_MAXFRAME = const(20)


def crc_a(buf, n):
    """CRC_A (ISO/IEC 14443-3: x^16 + x^12 + x^5 + 1, preset 0x6363) of buf[:n], low
    byte first, computed here: asking the chip's coprocessor costs about ten register
    accesses (~0.7 ms on the RP2040), and a card's confirmation needs five."""
    crc = 0x6363
    for i in range(n):
        b = (buf[i] ^ crc) & 0xFF
        b = (b ^ (b << 4)) & 0xFF
        crc = (crc >> 8) ^ (b << 8) ^ (b << 3) ^ (b >> 4)
    return crc


class _Shared:
    """Buffers shared by every reader: one transaction at a time on the bus."""

    def __init__(self):
        self.w2 = bytearray(2)
        self.r2 = bytearray(2)
        # FIFO burst write: address byte then data.
        self.txraw = bytearray(_MAXFRAME + 1)
        self.txraw[0] = _FIFO_DATA << 1
        self.tx = memoryview(self.txraw)[1:]
        self.txv = tuple(memoryview(self.txraw)[:n + 1] for n in range(_MAXFRAME + 1))
        # FIFO burst read: the FIFO address n times, then 0 to end the read.
        self.rdaddr = bytearray(_MAXFRAME + 1)
        for i in range(_MAXFRAME + 1):
            self.rdaddr[i] = 0x80 | (_FIFO_DATA << 1)
        self.rdv = tuple(memoryview(self.rdaddr)[:n + 1] for n in range(_MAXFRAME + 1))
        self.rxraw = bytearray(_MAXFRAME + 1)
        self.rx = memoryview(self.rxraw)[1:]
        self.rxv = tuple(memoryview(self.rxraw)[:n + 1] for n in range(_MAXFRAME + 1))
        # ErrorReg, FIFOLevelReg, ControlReg read in one burst after a frame
        self.status_rd = bytes((0x80 | (_ERROR << 1), 0x80 | (_FIFO_LEVEL << 1),
                                0x80 | (_CONTROL << 1), 0))
        self.status = bytearray(4)
        self.scratch = bytearray(_MAXFRAME + 1)    # what a FIFO write clocks in
        self.crcraw = bytearray(_MAXFRAME + 1)
        self.crcraw[0] = _FIFO_DATA << 1
        self.crcv = tuple(memoryview(self.crcraw)[:n + 1] for n in range(_MAXFRAME + 1))


_shared = None
_fast = None        # drivers.rp2spi once a reader uses the RP2040's registers


class MFRC522:
    """One MFRC522 on a shared SPI bus (mode 0, MSB first, up to 10 MHz).

    spi: machine.SPI; cs: machine.Pin (output, chip select, active low);
    reset: the NRSTPD pin (may be shared by every reader, or None);
    sleep_us / ticks_us: time functions (the simulator passes its clock's).
    """

    def __init__(self, spi, cs, reset=None, sleep_us=None, poll_us=100, name="reader"):
        global _shared
        if not hasattr(spi, "write_readinto"):
            raise ValueError("spi must be a machine.SPI-like bus")
        if _shared is None:
            _shared = _Shared()
        self._b = _shared
        self.spi = spi
        self.cs = cs
        self.reset = reset
        self.name = name
        self._sleep_us = sleep_us if sleep_us is not None else time.sleep_us
        self.poll_us = poll_us
        cs.init(cs.OUT, value=1)
        self.version = 0
        self.kind = "unknown"
        self.genuine = False
        self.uid = bytearray(10)
        self.uid_len = 0
        self.sak = 0
        self.atqa = bytearray(2)
        self.rx = self._b.rx
        self.rx_len = 0
        self.rx_lastbits = 0
        self.coll = 0
        self._reload = -1
        self._txc = -1          # TxControlReg as last written (-1: read it first)
        self._gain = 0x48
        self._ready = False
        self._field = bytearray(5)
        self._key = -1          # rp2spi key once use_registers() is called

    def use_registers(self, spi_id, cs_gpio):
        """On the rp2 port: reach this chip through the RP2040's SPI and SIO registers
        (drivers/rp2spi.py, ~5x faster per access); `spi` stays the configured bus."""
        global _fast
        if _fast is None:
            from . import rp2spi
            _fast = rp2spi
        self._key = _fast.key(spi_id, cs_gpio)

    # -- register access -------------------------------------------------
    def read(self, reg):
        """Read one register."""
        if self._key >= 0:
            return _fast.read(self._key, reg)
        b = self._b
        b.w2[0] = 0x80 | (reg << 1)
        b.w2[1] = 0
        self.cs(0)
        self.spi.write_readinto(b.w2, b.r2)
        self.cs(1)
        return b.r2[1]

    def write(self, reg, value):
        """Write one register."""
        if self._key >= 0:
            _fast.write(self._key, reg, value)
            return
        b = self._b
        b.w2[0] = reg << 1
        b.w2[1] = value
        self.cs(0)
        self.spi.write(b.w2)
        self.cs(1)

    def _set_bits(self, reg, mask):
        self.write(reg, self.read(reg) | mask)

    def _clear_bits(self, reg, mask):
        self.write(reg, self.read(reg) & ~mask & 0xFF)

    def _fifo_write_tx(self, n):
        if self._key >= 0:
            _fast.transfer(self._key, self._b.txraw, self._b.scratch, n + 1)
            return
        self.cs(0)
        self.spi.write(self._b.txv[n])
        self.cs(1)

    def _fifo_read(self, n):
        b = self._b
        b.rdaddr[n] = 0
        if self._key >= 0:
            _fast.transfer(self._key, b.rdaddr, b.rxraw, n + 1)
        else:
            self.cs(0)
            self.spi.write_readinto(b.rdv[n], b.rxv[n])
            self.cs(1)
        b.rdaddr[n] = 0x80 | (_FIFO_DATA << 1)

    def _status(self):
        """ErrorReg, FIFOLevelReg and ControlReg in one burst read (datasheet
        8.1.2.1) into status[1:4]."""
        b = self._b
        if self._key >= 0:
            _fast.transfer(self._key, b.status_rd, b.status, 4)
            return
        self.cs(0)
        self.spi.write_readinto(b.status_rd, b.status)
        self.cs(1)

    # -- set-up (the code in mfrc522_setup.py, loaded for the call) ------------
    @staticmethod
    def hard_reset(reset, sleep_us=None):
        """Pulse the (shared) NRSTPD line: every reader on it restarts."""
        once("mfrc522_setup").hard_reset(reset, sleep_us)

    def init(self):
        """Soft-reset, identify and self-test the module, set timer and gain.

        Returns the chip's name. Raises ReaderError when no module answers
        (VersionReg 0x00 or 0xFF) or the FIFO does not read back what was written.
        """
        return once("mfrc522_setup").init(self)

    def self_test(self):
        """FIFO loopback: write a pattern, read it back. Raises ReaderError on mismatch."""
        return once("mfrc522_setup").self_test(self)

    def set_timeout(self, us):
        """Reply deadline of the next frames, through the chip's own timer."""
        reload = us // _TICK_US
        if reload < 1 or reload > 0xFFFF:
            raise ValueError("timeout out of range: %d us" % us)
        was = self._reload
        if reload != was:
            # only the bytes that change: the scan's deadlines share the high byte
            if was < 0 or reload >> 8 != was >> 8:
                self.write(_T_RELOAD_H, reload >> 8)
            if was < 0 or reload & 0xFF != was & 0xFF:
                self.write(_T_RELOAD_L, reload & 0xFF)
            self._reload = reload

    def set_gain(self, low):
        """Receiver gain: normal (33 dB) or low (23 dB) for the coupling-strength probe."""
        g = 0x38 if low else 0x48
        if g != self._gain:
            self.write(_RF_CFG, g)
            self._gain = g

    def antenna(self, on):
        """Switch the RF field (TX1 and TX2) on or off (one write: the register is
        read once after init, then remembered)."""
        if self._txc < 0:
            self._txc = self.read(_TX_CONTROL)
        v = self._txc | 0x03 if on else self._txc & ~0x03 & 0xFF
        self.write(_TX_CONTROL, v)
        self._txc = v

    # -- frames --------------------------------------------------------------
    def transceive(self, n, lastbits=0, rxalign=0):
        """Send tx[:n] (lastbits valid bits in the last byte, 0 = 8) and receive.

        The answer is in rx[:rx_len] (rx_lastbits valid bits in its last byte).
        """
        if not self._ready:
            raise RuntimeError("%s: call init() first" % self.name)
        if n < 1 or n > _MAXFRAME:
            raise ValueError("frame length %d out of range" % n)
        framing = (rxalign << 4) | lastbits
        # The chip is idle here: every way out of this method (and of crc(), init())
        # leaves it in Idle, so no Idle command first.
        if self._key >= 0:
            # the same steps in one call through the RP2040's registers (rp2spi.exchange)
            irq = _fast.exchange(self._key, self._b.txraw, n | framing << 8,
                                 self._reload * _TICK_US + 5000)
            if irq < 0 or not irq & 0x30:
                self.write(_COMMAND, _CMD_IDLE)
                return CHIP_TIMEOUT if irq < 0 else NO_TAG
        else:
            self.write(_COM_IRQ, 0x7F)       # clear every interrupt request
            self.write(_FIFO_LEVEL, 0x80)    # flush
            self._fifo_write_tx(n)
            self.write(_COMMAND, _CMD_TRANSCEIVE)
            self.write(_BIT_FRAMING, 0x80 | framing)  # StartSend, with the frame's bit framing
            limit = (self._reload * _TICK_US) // self.poll_us + 50
            irq = 0
            for _ in range(limit):
                # no answer can come before the frame and the tag's frame delay (> 100 us)
                self._sleep_us(self.poll_us)
                irq = self.read(_COM_IRQ)
                if irq & 0x30:      # RxIRq or IdleIRq
                    break
                if irq & 0x01:      # TimerIRq: nobody answered in time
                    self.write(_COMMAND, _CMD_IDLE)
                    return NO_TAG
            else:
                self.write(_COMMAND, _CMD_IDLE)
                return CHIP_TIMEOUT
        b = self._b
        self._status()
        err = b.status[1]
        level = b.status[2] & 0x7F
        if level > _MAXFRAME:
            level = _MAXFRAME
        self.rx_len = level
        if level:
            self._fifo_read(level)
        self.write(_COMMAND, _CMD_IDLE)
        self.rx_lastbits = b.status[3] & 0x07
        if err & 0x13:          # BufferOvfl, ParityErr, ProtocolErr
            return ERROR
        if err & 0x08:          # CollErr
            self.coll = self.read(_COLL)
            return COLLISION
        return OK

    def crc(self, src, n):
        """CRC_A of src[:n] from the chip's CRC coprocessor (low byte first), or -1."""
        b = self._b
        for i in range(n):
            b.crcraw[i + 1] = src[i]
        self.write(_COMMAND, _CMD_IDLE)
        self.write(_DIV_IRQ, 0x04)       # clear CRCIRq
        self.write(_FIFO_LEVEL, 0x80)
        self.cs(0)
        self.spi.write(b.crcv[n])
        self.cs(1)
        self.write(_COMMAND, _CMD_CALC_CRC)
        for _ in range(50):
            if self.read(_DIV_IRQ) & 0x04:
                self.write(_COMMAND, _CMD_IDLE)
                return self.read(_CRC_RESULT_L) | (self.read(_CRC_RESULT_H) << 8)
            self._sleep_us(10)
        self.write(_COMMAND, _CMD_IDLE)
        return -1

    def _append_crc(self, n):
        c = crc_a(self._b.tx, n)
        self._b.tx[n] = c & 0xFF
        self._b.tx[n + 1] = c >> 8
        return True

    def _rx_crc_ok(self, n):
        """True when rx[:n] ends with a valid CRC_A over its first n-2 bytes."""
        if self.rx_len != n or self.rx_lastbits:
            return False
        c = crc_a(self.rx, n - 2)
        return self.rx[n - 2] == c & 0xFF and self.rx[n - 1] == c >> 8

    # -- ISO 14443-3 type A --------------------------------------------------
    def request(self, wake=False):
        """REQA (tags in IDLE) or, with wake, WUPA (IDLE and HALT). ATQA in `atqa`."""
        self.set_timeout(SHORT_US)
        self._b.tx[0] = WUPA if wake else REQA
        st = self.transceive(1, 7)
        if st == OK and (self.rx_len != 2 or self.rx_lastbits):
            return ERROR
        if st == OK or st == COLLISION:
            # Tags of different kinds answer with different ATQAs: still "a tag".
            self.atqa[0] = self.rx[0]
            self.atqa[1] = self.rx[1]
            return OK
        return st

    def _anticollision(self, level):
        """Find one full cascade-level field (4 bytes + BCC) into self._field."""
        tx = self._b.tx
        f = self._field
        known = 0
        self.set_timeout(FRAME_US)
        for _ in range(33):
            nb = known >> 3
            bits = known & 7
            tx[0] = _SEL[level]
            tx[1] = ((2 + nb) << 4) | bits
            for i in range(nb + (1 if bits else 0)):
                tx[2 + i] = f[i]
            st = self.transceive(2 + nb + (1 if bits else 0), bits, bits)
            if st != OK and st != COLLISION:
                return st
            rx = self.rx
            for i in range(self.rx_len):
                j = nb + i
                if j > 4:
                    return ERROR
                if i == 0 and bits:
                    keep = (1 << bits) - 1
                    f[j] = (f[j] & keep) | (rx[0] & ~keep & 0xFF)
                else:
                    f[j] = rx[i]
            if st == OK:
                if nb + self.rx_len != 5 or self.rx_lastbits:
                    return ERROR
                if f[0] ^ f[1] ^ f[2] ^ f[3] != f[4]:
                    return ERROR  # BCC check: a corrupted answer
                return OK
            if self.coll & 0x20:
                return ERROR      # CollPosNotValid
            pos = self.coll & 0x1F or 32
            k = nb * 8 + pos - 1  # the first collided bit, from the field's start
            if k < known or k >= 40:
                return ERROR
            # Take the branch where the collided bit is 1; forget what follows.
            f[k >> 3] = (f[k >> 3] | (1 << (k & 7))) & ((2 << (k & 7)) - 1)
            known = k + 1
        return ERROR

    def _select_field(self, level):
        """SELECT with self._field at `level`; SAK into self.sak."""
        tx = self._b.tx
        tx[0] = _SEL[level]
        tx[1] = 0x70
        for i in range(5):
            tx[2 + i] = self._field[i]
        if not self._append_crc(7):
            return CHIP_TIMEOUT
        self.set_timeout(FRAME_US)
        st = self.transceive(9)
        if st != OK:
            return st
        if not self._rx_crc_ok(3):
            return ERROR
        self.sak = self.rx[0]
        return OK

    def select(self):
        """Anticollision and SELECT through the cascade levels, after request().

        The tag's UID lands in uid[:uid_len] (4, 7 or 10 bytes), its SAK in `sak`.
        """
        n = 0
        f = self._field
        for level in range(3):
            st = self._anticollision(level)
            if st != OK:
                return st
            st = self._select_field(level)
            if st != OK:
                return st
            if self.sak & 0x04:
                if f[0] != _CASCADE_TAG:
                    return ERROR
                for i in range(3):
                    self.uid[n + i] = f[1 + i]
                n += 3
                continue
            for i in range(4):
                self.uid[n + i] = f[i]
            self.uid_len = n + 4
            return OK
        return ERROR

    def select_uid(self, uid, n):
        """SELECT a tag whose UID is known (uid[:n], 4 or 7 bytes), skipping anticollision."""
        f = self._field
        if n == 4:
            for i in range(4):
                f[i] = uid[i]
            f[4] = uid[0] ^ uid[1] ^ uid[2] ^ uid[3]
            return self._select_field(0)
        if n != 7:
            raise ValueError("select_uid takes a 4- or 7-byte UID, not %d" % n)
        f[0] = _CASCADE_TAG
        f[1] = uid[0]
        f[2] = uid[1]
        f[3] = uid[2]
        f[4] = _CASCADE_TAG ^ uid[0] ^ uid[1] ^ uid[2]
        st = self._select_field(0)
        if st != OK:
            return st
        if not self.sak & 0x04:
            return ERROR
        for i in range(4):
            f[i] = uid[3 + i]
        f[4] = uid[3] ^ uid[4] ^ uid[5] ^ uid[6]
        return self._select_field(1)

    def halt(self):
        """HLTA: the selected tag goes to HALT. Silence is success; a NAK is an error."""
        tx = self._b.tx
        tx[0] = _HLTA
        tx[1] = 0
        if not self._append_crc(2):
            return CHIP_TIMEOUT
        self.set_timeout(HALT_US)
        st = self.transceive(4)
        return OK if st == NO_TAG else ERROR

    def read_page(self, page, into):
        """NTAG READ of the selected tag: 16 bytes (4 pages from `page`) into
        `into[:16]`, CRC checked (drivers/ntag.py)."""
        from . import ntag
        return ntag.read_page(self, page, into)

    def write_page(self, page, data):
        """NTAG WRITE of the selected tag: data[:4] into `page` (drivers/ntag.py)."""
        from . import ntag
        return ntag.write_page(self, page, data)
