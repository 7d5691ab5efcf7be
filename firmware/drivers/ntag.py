"""NTAG21x page commands through an MFRC522 (drivers/mfrc522.py), for the tag just
selected: READ (0x30, 4 pages back, CRC checked) and WRITE (0xA2, one page, a 4-bit
ACK once the EEPROM is programmed: 4.1 ms, NTAG213 datasheet).

Imported only when a table meets a tag no enrolled deck knows (reader/record.py: a
deck that carries its own names), or writes one (reader/ndef.py), and kept then: a table that plays
an enrolled deck never holds this code, and one that reads tags does not import it
again at every card (drivers.once would: milliseconds on the verdict).
"""
from micropython import const

# mfrc522.py's numbers, not imported from it: that module loads this one (tests/
# firmware/drivers/mpy_test_mfrc522.py checks that both say the same)
OK = const(0)
ERROR = const(2)
FRAME_US = const(1500)

_READ = const(0x30)
_WRITE = const(0xA2)
WRITE_US = 10000    # the ACK after the EEPROM's 4.1 ms, and its frame delay


def read_page(r, page, into):
    """16 bytes (4 pages from `page`) into `into[:16]`, CRC checked."""
    if len(into) < 16:
        raise ValueError("read_page needs a 16-byte buffer")
    if page < 0 or page > 255:
        raise ValueError("page out of range: %d" % page)
    tx = r._b.tx
    tx[0] = _READ
    tx[1] = page
    r._append_crc(2)
    # the chip's timer stops at the answer's 5th bit (TAuto): the deadline covers
    # the tag's frame delay, as for SELECT
    r.set_timeout(FRAME_US)
    st = r.transceive(4)
    if st != OK:
        return st
    if r.rx_len == 1 and r.rx_lastbits == 4:
        return ERROR  # a 4-bit NAK
    if not r._rx_crc_ok(18):
        return ERROR
    rx = r.rx
    for i in range(16):
        into[i] = rx[i]
    return OK


def write_page(r, page, data):
    """data[:4] into `page` (the NTAG213's user memory, 4..39). OK, or ERROR on a
    NAK or a damaged answer."""
    if len(data) < 4:
        raise ValueError("write_page writes 4 bytes")
    if page < 4 or page > 39:
        raise ValueError("page out of the NTAG213's user memory (4..39): %d" % page)
    tx = r._b.tx
    tx[0] = _WRITE
    tx[1] = page
    for i in range(4):
        tx[2 + i] = data[i]
    r._append_crc(6)
    r.set_timeout(WRITE_US)
    st = r.transceive(8)
    if st != OK:
        return st
    if r.rx_len == 1 and r.rx_lastbits == 4 and r.rx[0] & 0x0F == 0x0A:
        return OK
    return ERROR
