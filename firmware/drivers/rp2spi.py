"""The readers' SPI bus through the RP2040's own registers (viper), for the MFRC522
driver's register accesses on the rp2 port.

Through machine.SPI and machine.Pin one MFRC522 register access costs 60-70 us on
the Pico (Python calls to toggle the chip select and to transfer 2 bytes of 4 us on
the wire); a scan makes hundreds of them per round. These functions do the same
transfer with the PL022's data and status registers (RP2040 datasheet 4.4.4: SSPDR
at +0x08, SSPSR at +0x0C: TNF bit 1, RNE bit 2, BSY bit 4) and the SIO's GPIO set
and clear registers for the chip select, which machine.Pin(..., Pin.OUT) has handed
to SIO. machine.SPI still configures the bus (clock rate, mode 0, pins).

Addresses above 2**30 are built by a shift of a variable at run time: viper takes
a literal that large (even a folded constant expression) for a Python object.

`key` packs the bus and the chip select: (cs_gpio << 1) | spi_id (viper takes at
most four arguments). Never imported off the rp2 port: the addresses are the chip's.
"""
import micropython


def key(spi_id, cs_gpio):
    """The `key` of a reader: its bus (0 or 1) and chip-select GPIO."""
    if spi_id not in (0, 1) or not 0 <= cs_gpio < 30:
        raise ValueError("SPI %r, chip select GPIO %r" % (spi_id, cs_gpio))
    return (cs_gpio << 1) | spi_id


@micropython.viper
def read(key: int, reg: int) -> int:
    """One register: address byte (read bit set) then a dummy byte; the second reply."""
    page = 0x4003C                  # SPI0 >> 12 (SPI1 is 0x4000 above)
    spi = ptr32((page << 12) + (key & 1) * 0x4000)
    sio = 0xD0000                   # SIO >> 12
    clr = ptr32((sio << 12) + 0x18)  # GPIO_OUT_CLR
    st = ptr32((sio << 12) + 0x14)   # GPIO_OUT_SET
    cs = 1 << (key >> 1)
    x = 0
    while spi[3] & 4:               # RNE: drop what an earlier transfer left
        x = spi[2]
    clr[0] = cs       # SIO GPIO_OUT_CLR: select
    spi[2] = 0x80 | (reg << 1)
    spi[2] = 0
    while not spi[3] & 4:
        pass
    x = spi[2]
    while not spi[3] & 4:
        pass
    v = spi[2] & 0xFF
    while spi[3] & 0x10:            # BSY: the last bit is out
        pass
    st[0] = cs       # SIO GPIO_OUT_SET: deselect
    return v


@micropython.viper
def write(key: int, reg: int, value: int):
    """One register written."""
    page = 0x4003C                  # SPI0 >> 12 (SPI1 is 0x4000 above)
    spi = ptr32((page << 12) + (key & 1) * 0x4000)
    sio = 0xD0000                   # SIO >> 12
    clr = ptr32((sio << 12) + 0x18)  # GPIO_OUT_CLR
    st = ptr32((sio << 12) + 0x14)   # GPIO_OUT_SET
    cs = 1 << (key >> 1)
    clr[0] = cs
    spi[2] = reg << 1
    spi[2] = value
    while spi[3] & 0x10:
        pass
    x = 0
    while spi[3] & 4:               # the two bytes clocked in meanwhile
        x = spi[2]
    st[0] = cs


@micropython.viper
def transfer(key: int, tx, rx, n: int):
    """n bytes of tx out, the n bytes clocked in meanwhile into rx (rx may be tx)."""
    page = 0x4003C                  # SPI0 >> 12 (SPI1 is 0x4000 above)
    spi = ptr32((page << 12) + (key & 1) * 0x4000)
    sio = 0xD0000                   # SIO >> 12
    clr = ptr32((sio << 12) + 0x18)  # GPIO_OUT_CLR
    st = ptr32((sio << 12) + 0x14)   # GPIO_OUT_SET
    cs = 1 << (key >> 1)
    t = ptr8(tx)
    r = ptr8(rx)
    x = 0
    while spi[3] & 4:
        x = spi[2]
    clr[0] = cs
    i = 0
    j = 0
    while j < n:
        # never more bytes in flight than the 8-entry receive FIFO holds
        if i < n and i - j < 8 and spi[3] & 2:
            spi[2] = t[i]
            i += 1
        if spi[3] & 4:
            r[j] = spi[2]
            j += 1
    while spi[3] & 0x10:
        pass
    st[0] = cs


@micropython.viper
def exchange(key: int, tx, nf: int, wait_us: int) -> int:
    """A frame's start and the wait for its end in one call (a transceive made of single
    register accesses cost ~36 us of Python each, and its wait polled every 100 us):
    ComIrqReg cleared, the FIFO flushed and loaded with tx[1:n + 1] (tx[0] is the FIFO's
    address byte), Transceive, StartSend with the frame's bit framing; then ComIrqReg
    polled (every ~20 us) until RxIRq, IdleIRq or TimerIRq. nf = n | framing << 8.
    Returns ComIrqReg, or -1 when the chip raised nothing within wait_us. The register
    writes are spelt out one by one: a call from viper to another function goes through
    the Python call machinery, which is the cost this function is here to save."""
    page = 0x4003C                  # SPI0 >> 12 (SPI1 is 0x4000 above)
    spi = ptr32((page << 12) + (key & 1) * 0x4000)
    sio = 0xD0000                   # SIO >> 12
    clr = ptr32((sio << 12) + 0x18)  # GPIO_OUT_CLR
    st = ptr32((sio << 12) + 0x14)   # GPIO_OUT_SET
    tpage = 0x40054                 # TIMER >> 12
    timer = ptr32((tpage << 12) + 0x28)  # TIMERAWL: microseconds
    cs = 1 << (key >> 1)
    n = (nf & 0xFF) + 1
    t = ptr8(tx)
    x = 0
    while spi[3] & 4:               # RNE: drop what an earlier transfer left
        x = spi[2]
    # ComIrqReg (0x04) = 0x7F: every interrupt request cleared
    clr[0] = cs
    spi[2] = 0x04 << 1
    spi[2] = 0x7F
    while spi[3] & 0x10:
        pass
    while spi[3] & 4:
        x = spi[2]
    st[0] = cs
    # FIFOLevelReg (0x0A) = 0x80: flush
    clr[0] = cs
    spi[2] = 0x0A << 1
    spi[2] = 0x80
    while spi[3] & 0x10:
        pass
    while spi[3] & 4:
        x = spi[2]
    st[0] = cs
    # the frame into the FIFO: one burst
    clr[0] = cs
    i = 0
    j = 0
    while j < n:
        if i < n and i - j < 8 and spi[3] & 2:
            spi[2] = t[i]
            i += 1
        if spi[3] & 4:
            x = spi[2]
            j += 1
    while spi[3] & 0x10:
        pass
    st[0] = cs
    # CommandReg (0x01) = Transceive (0x0C)
    clr[0] = cs
    spi[2] = 0x01 << 1
    spi[2] = 0x0C
    while spi[3] & 0x10:
        pass
    while spi[3] & 4:
        x = spi[2]
    st[0] = cs
    # BitFramingReg (0x0D) = StartSend | the frame's bit framing
    clr[0] = cs
    spi[2] = 0x0D << 1
    spi[2] = 0x80 | (nf >> 8)
    while spi[3] & 0x10:
        pass
    while spi[3] & 4:
        x = spi[2]
    st[0] = cs
    t0 = int(timer[0])
    while True:
        tp = int(timer[0])
        while int(timer[0]) - tp < 20:
            pass
        clr[0] = cs                 # ComIrqReg read
        spi[2] = 0x80 | (0x04 << 1)
        spi[2] = 0
        while not spi[3] & 4:
            pass
        x = spi[2]
        while not spi[3] & 4:
            pass
        irq = spi[2] & 0xFF
        while spi[3] & 0x10:
            pass
        st[0] = cs
        if irq & 0x31:              # RxIRq, IdleIRq, TimerIRq
            return irq
        if int(timer[0]) - t0 > wait_us:
            return -1
