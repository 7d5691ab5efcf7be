"""FakeMFRC522: the NXP MFRC522 at register and SPI-byte level, with its RF field.

SPI framing as in the datasheet (8.1.2): the first byte after chip select is the
address byte, bit 7 = read, bits 6..1 = register; in a read each further byte sent
is the next address and the byte returned is the previous register's value; in a
write each further byte is written to the same register (FIFO bursts).

Modelled: FIFO (64 bytes, level, flush), CommandReg (Idle, CalcCRC, Transceive,
SoftReset), BitFramingReg (StartSend, RxAlign, TxLastBits), ComIrqReg/DivIrqReg with
their Set bits, ErrorReg, ControlReg RxLastBits, CollReg, the timer (TAuto,
TPrescaler, TReload, in simulated time), CRC coprocessor, VersionReg, TxControlReg
antenna bits, the shared NRSTPD reset line, and the RF exchange's times on air
(frame lengths, the tag's frame delay, the guard before the next frame: below). Faults: a dead module, a module that
never releases MISO, and per-frame tag faults set by the scenario (sim.table).
"""
from .bus import SPIDevice
from .crc import crc_a
from .tags import BYTES, NONE

COMMAND = 0x01
COM_IRQ = 0x04
DIV_IRQ = 0x05
ERROR = 0x06
STATUS1 = 0x07
STATUS2 = 0x08
FIFO_DATA = 0x09
FIFO_LEVEL = 0x0A
CONTROL = 0x0C
BIT_FRAMING = 0x0D
COLL = 0x0E
MODE = 0x11
TX_CONTROL = 0x14
CRC_RESULT_H = 0x21
CRC_RESULT_L = 0x22
T_MODE = 0x2A
T_PRESCALER = 0x2B
T_RELOAD_H = 0x2C
T_RELOAD_L = 0x2D
T_COUNTER_H = 0x2E
T_COUNTER_L = 0x2F
VERSION = 0x37

CMD_IDLE = 0x00
CMD_CALC_CRC = 0x03
CMD_TRANSCEIVE = 0x0C
CMD_SOFT_RESET = 0x0F

IRQ_TIMER = 0x01
IRQ_ERR = 0x02
IRQ_IDLE = 0x10
IRQ_RX = 0x20
IRQ_TX = 0x40
DIV_CRC = 0x04

ERR_PROTOCOL = 0x01
ERR_PARITY = 0x02
ERR_CRC = 0x04
ERR_COLL = 0x08
ERR_BUFFER_OVFL = 0x10

# Power-on values of the registers the model cares about (datasheet section 9).
_RESET = {COMMAND: 0x20, 0x02: 0x80, COM_IRQ: 0x14, STATUS1: 0x21, 0x0B: 0x08,
          CONTROL: 0x10, COLL: 0x80, MODE: 0x3F, TX_CONTROL: 0x80, 0x16: 0x10,
          0x17: 0x84, 0x18: 0x84, 0x19: 0x4D, 0x1D: 0x62, 0x26: 0x48, 0x27: 0x88,
          0x28: 0x20, 0x29: 0x20}

# RF timing, ISO/IEC 14443-2 and -3 type A at 106 kbit/s (fc = 13.56 MHz):
ETU_CENTI_US = 944  # one bit (elementary time unit) = 128 / fc = 9.44 us
# Frame delay time PCD -> PICC (ISO/IEC 14443-3, 6.2.1.1): a tag's answer starts
# (n * 128 + 84) / fc after the end of the reader's frame (last bit 1), n = 9 for
# REQA, WUPA, ANTICOLLISION and SELECT: 1236 / fc = 91.2 us.
FDT_CENTI_US = 9115
# Frame delay time PICC -> PCD: the reader's next frame starts at least 1172 / fc =
# 86.4 us after the end of the tag's answer; a frame sent sooner is not heard. Only
# where the CPU's time is real (`guard`: tools/pico/rig.py sets it): in the unix
# simulator register accesses take no time, so every next frame would be too soon.
GUARD_CENTI_US = 8643
# A tag in a field (one that has just come on, or laid into one that is on) answers
# after this long: a model choice
# (ISO/IEC 14443-3, 5: a PICC accepts a request within 5 ms of the unmodulated field
# at the latest; NTAG21x are much quicker); the firmware settles 3 ms.
POWERUP_US = 1000


def frame_bits(n, lastbits):
    """Bits on air of a frame of n bytes, `lastbits` valid bits in the last (8: all):
    start of frame, 8 data bits + odd parity per whole byte, the bits of a partial
    last byte (no parity: anticollision, short frames), end of frame."""
    return 2 + (n - 1) * 9 + (9 if lastbits == 8 else lastbits)


class FakeMFRC522(SPIDevice):
    """One MFRC522 module on a FakeSPI, with the tags in its field."""

    def __init__(self, cs, clock, reset=None, version=0x92, dead=False,
                 holds_miso=False, buffered=False, name="reader"):
        SPIDevice.__init__(self, cs)
        self.clock = clock
        self.version = version
        self.dead = dead
        self.holds_miso = holds_miso
        self.buffered = buffered  # a 74HC125 gated by CS fixes holds_miso
        self.name = name
        self.regs = bytearray(64)
        self.fifo = bytearray(64)
        self.fifo_len = 0
        self.reply = bytearray(64)
        self._acc = bytearray(64)   # several tags' byte answers, ORed as on air
        self.tags = []         # tags lying on this reader
        self.coupled = []      # neighbours' tags reached this window (crosstalk)
        self.scenario = None   # sim.table.SimTable sets faults and crosstalk
        self.powered = True
        self.coupled_at = 0     # when crosstalk was last drawn (sim.table.request)
        self.powerup_us = POWERUP_US  # a tag answers only after this long in the field
        self._heard_us = 0      # the earliest a next frame is heard (GUARD after an answer)
        self.guard = False      # enforce the guard (see GUARD_CENTI_US)
        self.frames = 0
        self.requests = 0       # REQA frames sent: each a look for a new card
        self.wakes = 0          # WUPA frames sent: each the start of a lying card's confirmation
        self.antenna_windows = 0
        self._pending = 0       # 0 none, 1 reply waiting, 2 timeout waiting
        self._due_us = 0
        self._rx_len = 0
        self._rx_lastbits = 0
        self._rx_error = 0
        self._rx_coll = 0
        self._first = True
        self._read = False
        self._addr = 0
        if reset is not None:
            reset.listeners.append(self._reset_edge)
            self.powered = reset.value() == 1
        self.soft_reset()

    # -- bus -------------------------------------------------------------
    def selected(self):
        return self.cs.value() == 0 and self.powered and not self.dead

    def drives_miso(self):
        return self.holds_miso and not self.buffered and self.powered

    def idle_miso(self):
        return 0x00  # a stuck module pulls MISO low: everyone else reads zeros

    def begin(self):
        self._first = True

    def exchange(self, b):
        if self._first:
            self._first = False
            self._read = b & 0x80
            self._addr = (b >> 1) & 0x3F
            return 0x00
        if self._read:
            out = self.read_reg(self._addr)
            self._addr = (b >> 1) & 0x3F
            return out
        self.write_reg(self._addr, b)
        return 0x00

    def _reset_edge(self, v):
        if v == 0:
            self.powered = False
            self._antenna(False)
        else:
            self.powered = True
            self.soft_reset()

    # -- registers -------------------------------------------------------
    def soft_reset(self):
        """Registers back to their reset values; FIFO empty; antenna off."""
        for i in range(64):
            self.regs[i] = _RESET.get(i, 0)
        self.regs[VERSION] = self.version
        self.fifo_len = 0
        self._pending = 0
        self._antenna(False)

    def _timer_us(self):
        pre = ((self.regs[T_MODE] & 0x0F) << 8) | self.regs[T_PRESCALER]
        reload = (self.regs[T_RELOAD_H] << 8) | self.regs[T_RELOAD_L]
        # t = (2 * TPrescaler + 1) * (TReload + 1) / 13.56 MHz
        return ((2 * pre + 1) * (reload + 1) * 100) // 1356

    def _update(self):
        """Let simulated time deliver a reply or fire the timer."""
        if self._pending and self.clock.us >= self._due_us:
            if self._pending == 1:
                for i in range(self._rx_len):
                    self._push(self.reply[i])
                self.regs[CONTROL] = (self.regs[CONTROL] & 0xF8) | (self._rx_lastbits & 7)
                self.regs[ERROR] |= self._rx_error
                self.regs[COLL] = self._rx_coll
                irq = IRQ_RX
                if self._rx_error:
                    irq |= IRQ_ERR
                self.regs[COM_IRQ] |= irq
            else:
                self.regs[COM_IRQ] |= IRQ_TIMER
            self._pending = 0

    def read_reg(self, a):
        """The value a read of register `a` returns (FIFO reads pop)."""
        self._update()
        if a == FIFO_DATA:
            if self.fifo_len == 0:
                return 0x00
            v = self.fifo[0]
            self.fifo_len -= 1
            for i in range(self.fifo_len):
                self.fifo[i] = self.fifo[i + 1]
            return v
        if a == FIFO_LEVEL:
            return self.fifo_len
        if a == VERSION:
            return self.version
        return self.regs[a]

    def _push(self, v):
        if self.fifo_len >= 64:
            self.regs[ERROR] |= ERR_BUFFER_OVFL
            return
        self.fifo[self.fifo_len] = v
        self.fifo_len += 1

    def write_reg(self, a, v):
        """A write of `v` to register `a`, with the chip's side effects."""
        self._update()
        if a == FIFO_DATA:
            self._push(v)
        elif a == FIFO_LEVEL:
            if v & 0x80:
                self.fifo_len = 0
                self.regs[ERROR] &= ~ERR_BUFFER_OVFL & 0xFF
        elif a == COM_IRQ or a == DIV_IRQ:
            # Bit 7 (Set1/Set2) says whether the marked bits are set or cleared.
            if v & 0x80:
                self.regs[a] |= v & 0x7F
            else:
                self.regs[a] &= ~v & 0x7F
        elif a == COMMAND:
            self.regs[COMMAND] = (self.regs[COMMAND] & 0xF0) | (v & 0x30) | (v & 0x0F)
            self._command(v & 0x0F)
        elif a == BIT_FRAMING:
            self.regs[a] = v
            if v & 0x80 and self.regs[COMMAND] & 0x0F == CMD_TRANSCEIVE:
                self._transceive()
        elif a == TX_CONTROL:
            was = self.regs[a] & 0x03
            self.regs[a] = v
            now = v & 0x03
            if was != now:
                self._antenna(now != 0)
        elif a == VERSION or a == ERROR or a == STATUS1:
            pass  # read-only
        else:
            self.regs[a] = v

    def _command(self, cmd):
        if cmd == CMD_SOFT_RESET:
            self.soft_reset()
        elif cmd == CMD_IDLE:
            self._pending = 0
        elif cmd == CMD_CALC_CRC:
            # The coprocessor consumes the FIFO and raises CRCIRq when done.
            c = crc_a(self.fifo, self.fifo_len)
            self.fifo_len = 0
            self.regs[CRC_RESULT_L] = c & 0xFF
            self.regs[CRC_RESULT_H] = c >> 8
            self.regs[DIV_IRQ] |= DIV_CRC
        elif cmd == CMD_TRANSCEIVE:
            self.regs[ERROR] = 0
            if self.regs[BIT_FRAMING] & 0x80:
                self._transceive()

    # -- RF ----------------------------------------------------------------
    def _antenna(self, on):
        if on:
            self.antenna_windows += 1
            for i in range(len(self.tags)):
                self.tags[i].power_up(self.clock.us)
            if self.scenario is not None:
                self.scenario.field_on(self)
        else:
            while self.coupled:
                self.coupled.pop()
            if self.scenario is not None:
                self.scenario.field_off(self)

    def antenna_on(self):
        """True when the chip drives its antenna (TX1 or TX2 enabled)."""
        return self.regs[TX_CONTROL] & 0x03 != 0

    def _transceive(self):
        self.frames += 1
        self.regs[BIT_FRAMING] &= 0x7F
        self.regs[ERROR] = 0
        n = self.fifo_len
        lastbits = self.regs[BIT_FRAMING] & 0x07 or 8
        rxalign = (self.regs[BIT_FRAMING] >> 4) & 0x07
        frame = self.fifo
        self.regs[COM_IRQ] |= IRQ_TX
        tx_us = frame_bits(n, lastbits) * ETU_CENTI_US // 100
        answer = None
        combined = 0
        anded = -1
        first = 0
        count = 0
        busy = 0
        differ = False
        ready = self.antenna_on() and (not self.guard or self.clock.us >= self._heard_us)
        short = n == 1 and lastbits == 7    # REQA or WUPA
        if short:
            if frame[0] == 0x26:
                self.requests += 1
            elif frame[0] == 0x52:
                self.wakes += 1
        if ready:
            sc = self.scenario
            if sc is not None and short:
                sc.request(self)
            # At reduced receiver gain (RFCfgReg RxGain < 33 dB) only well-coupled
            # tags are heard: the neighbours' tags (crosstalk) fall below threshold.
            nt = len(self.tags)
            total = nt if (self.regs[0x26] >> 4) & 7 < 4 else nt + len(self.coupled)
            for i in range(total):
                t = self.tags[i] if i < nt else self.coupled[i - nt]
                if self.clock.us - t.powered_us < self.powerup_us:
                    continue    # still powering up
                if sc is not None and sc.misses(self, t):
                    continue
                r = t.receive(frame, n, lastbits, self.reply)
                if r == NONE:
                    continue
                count += 1
                if t.busy_us > busy:
                    busy = t.busy_us    # a WRITE answers once its page is programmed
                if t.heard_us < 0:
                    t.heard_us = self.clock.us
                if r == BYTES:
                    acc = self._acc
                    if answer is None:
                        for j in range(t.r_n):
                            acc[j] = self.reply[j]
                    else:
                        for j in range(t.r_n):
                            if acc[j] != self.reply[j]:
                                differ = True
                            acc[j] |= self.reply[j]
                    answer = t
                else:
                    f = t.field()
                    combined |= f
                    anded &= f
                    first = t.r_known
        self.fifo_len = 0
        self._rx_error = 0
        self._rx_coll = 0x80 | 0x20  # CollPosNotValid unless a collision is seen
        if count == 0:
            self._pending = 2 if self.regs[T_MODE] & 0x80 else 0
            self._due_us = self.clock.us + tx_us + self._timer_us()
            return
        if answer is not None:
            self._rx_len = answer.r_n
            self._rx_lastbits = answer.r_bits & 7
            rx_bits = frame_bits(answer.r_n, answer.r_bits)
            for j in range(answer.r_n):
                self.reply[j] = self._acc[j]
            if differ:
                self._rx_error |= ERR_COLL
        else:
            self._frame_field(combined, combined ^ anded, first, rxalign)
            # the rest of the 40-bit field, a parity bit per byte, start and end
            rx_bits = 40 - first + (40 - first + 7) // 8 + 2
        if self.scenario is not None:
            self._rx_error |= self.scenario.corrupt(self, self.reply, self._rx_len)
        self._pending = 1
        self._due_us = self.clock.us + busy + \
            (tx_us * 100 + FDT_CENTI_US + rx_bits * ETU_CENTI_US) // 100
        self._heard_us = self._due_us + GUARD_CENTI_US // 100

    def _frame_field(self, combined, diff, first, rxalign):
        """Lay an anticollision answer into reply bytes as RxAlign stores it."""
        base = first - rxalign  # field bit stored at bit 0 of reply[0]
        nbits = 40 - base
        nbytes = (nbits + 7) // 8
        for i in range(nbytes):
            v = 0
            for b in range(8):
                k = base + 8 * i + b
                if k >= first and k < 40:
                    v |= ((combined >> k) & 1) << b
            self.reply[i] = v
        self._rx_len = nbytes
        self._rx_lastbits = nbits % 8
        d = diff >> first
        if d:
            pos = first
            while not (diff >> pos) & 1:
                pos += 1
            # CollPos counts from bit 1 of the received frame's first byte.
            cp = pos - base + 1
            self._rx_coll = cp & 0x1F
            self._rx_error |= ERR_COLL
