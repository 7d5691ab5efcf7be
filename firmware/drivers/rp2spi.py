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
