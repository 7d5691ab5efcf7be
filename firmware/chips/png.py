"""A tiny PNG writer (1-bit greyscale) with stored deflate blocks: no zlib needed.

Runs under MicroPython and CPython. CRC-32 and Adler-32 are computed here.
"""
import struct

_table = None


def _crc_table():
    global _table
    if _table is None:
        _table = []
        for n in range(256):
            c = n
            for _ in range(8):
                c = (0xEDB88320 ^ (c >> 1)) if c & 1 else c >> 1
            _table.append(c)
    return _table


def crc32(data, crc=0):
    """CRC-32 as PNG and zlib define it."""
    t = _crc_table()
    crc ^= 0xFFFFFFFF
    for b in data:
        crc = t[(crc ^ b) & 0xFF] ^ (crc >> 8)
    return crc ^ 0xFFFFFFFF


def adler32(data):
    a, b = 1, 0
    for x in data:
        a = (a + x) % 65521
        b = (b + a) % 65521
    return (b << 16) | a


def _zlib_stored(raw):
    out = bytearray(b"\x78\x01")
    n = len(raw)
    pos = 0
    while True:
        chunk = raw[pos:pos + 65535]
        pos += len(chunk)
        final = 1 if pos >= n else 0
        ln = len(chunk)
        out += bytes((final,)) + struct.pack("<HH", ln, ln ^ 0xFFFF) + chunk
        if final:
            break
    out += struct.pack(">I", adler32(raw))
    return bytes(out)


def _chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", crc32(body))


def encode_mono(width, height, data, stride):
    """PNG bytes of a 1-bit image: `data` rows of `stride` bytes, MSB = leftmost, 1 = white."""
    raw = bytearray()
    rowbytes = (width + 7) // 8
    for y in range(height):
        raw.append(0)  # filter: none
        raw += data[y * stride:y * stride + rowbytes]
    ihdr = struct.pack(">IIBBBBB", width, height, 1, 0, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", ihdr) +
            _chunk(b"IDAT", _zlib_stored(bytes(raw))) + _chunk(b"IEND", b""))


def write_mono(path, width, height, data, stride):
    """Write a 1-bit PNG file."""
    with open(path, "wb") as f:
        f.write(encode_mono(width, height, data, stride))
