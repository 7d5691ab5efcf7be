"""CRC_A of ISO/IEC 14443-3 as the chip models compute it (independent of the drivers).

Polynomial x^16 + x^12 + x^5 + 1, preset 0x6363, bits least significant first;
sent low byte first.
"""


def crc_a(buf, n=None, start=0):
    """CRC_A over buf[start:n] as an int (low byte is sent first)."""
    if n is None:
        n = len(buf)
    crc = 0x6363
    for i in range(start, n):
        crc ^= buf[i]
        for _ in range(8):
            if crc & 1:
                crc = (crc >> 1) ^ 0x8408
            else:
                crc >>= 1
    return crc
