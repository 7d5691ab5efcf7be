"""ISO/IEC 14443A tags as the chip model sees them: state machine and memory.

A tag receives a frame (bytes plus the bit count of the last byte) and answers
with a reply the reader model assembles. Anticollision replies are given as bits
of the cascade-level field (4 UID bytes + BCC = 40 bits, bit k is bit k%8 of byte
k//8, which is also the order on air).
"""
from .crc import crc_a

IDLE = 0
READY = 1
ACTIVE = 2
HALT = 3
STATE_NAMES = ("IDLE", "READY", "ACTIVE", "HALT")

REQA = 0x26
WUPA = 0x52
SEL = (0x93, 0x95, 0x97)
CASCADE_TAG = 0x88
READ = 0x30
WRITE = 0xA2
HLTA = 0x50
USER_PAGES = (4, 39)    # NTAG213 user memory (pages 40..44: lock and configuration)
# NTAG213 datasheet (NTAG213/215/216 rev 3.2, EEPROM characteristics): a WRITE's
# page is programmed in t_cy = 4.1 ms, and the tag's ACK comes after it
WRITE_US = 4100

NAK_INVALID_ARG = 0x0
ACK = 0xA
NAK_CRC = 0x1


NONE = 0
BYTES = 1
FIELD = 2


class Tag:
    """A tag with a 4- or 7-byte UID (NTAG213 when it has 7 bytes and pages)."""

    def __init__(self, uid, sak=None, pages=None):
        uid = bytes(uid)
        if len(uid) not in (4, 7):
            raise ValueError("a UID has 4 or 7 bytes here, not %d" % len(uid))
        self.uid = uid
        self.atqa = b"\x44\x00" if len(uid) == 7 else b"\x04\x00"
        if sak is None:
            sak = 0x00 if len(uid) == 7 else 0x08
        self.sak = sak
        self.levels = 2 if len(uid) == 7 else 1
        # Each cascade level's 40-bit field: 4 bytes + BCC, as an int (bit k on air).
        self.fields = []
        for lv in range(self.levels):
            if len(uid) == 7 and lv == 0:
                part = bytes((CASCADE_TAG,)) + uid[:3]
            elif len(uid) == 7:
                part = uid[3:7]
            else:
                part = uid
            bcc = part[0] ^ part[1] ^ part[2] ^ part[3]
            v = 0
            for i, b in enumerate(part + bytes((bcc,))):
                v |= b << (8 * i)
            self.fields.append(v)
        self.pages = pages
        self.state = IDLE
        self.level = 0
        self.from_halt = False
        self.r_n = 0
        self.r_bits = 8
        self.r_known = 0
        self.busy_us = 0        # how long the last answer waited beyond its frame delay
                                # (a WRITE's EEPROM programming: FakeMFRC522 adds it)
        self.reads = 0          # READ and WRITE commands heard (tests, the bench)
        self.writes = 0
        self.powered_us = 0     # when it came into a field (it answers POWERUP_US later)
        self.heard_us = -1      # when a reader first heard it answer (the bench's split
                                # of a verdict's time: set by FakeMFRC522, reset by whoever
                                # lays the card)

    def field(self):
        """The 40-bit field of the current cascade level."""
        return self.fields[self.level]

    def _bytes(self, n, bits):
        self.r_n = n
        self.r_bits = bits
        return BYTES

    def power_up(self, us):
        """The tag enters a field at `us`: every tag starts in IDLE."""
        self.powered_us = us
        self.state = IDLE
        self.level = 0
        self.from_halt = False

    def locked(self, page):
        """Is `page` write-protected by the static lock bytes (page 2, bytes 2 and 3:
        bit k of byte 2 locks page k for k >= 3, bit k of byte 3 page 8 + k; NTAG213
        datasheet 8.5.2)? A phone app can set them; the tag then answers a WRITE
        there with a NAK."""
        p = self.pages
        if page < 3 or page > 15:
            return False
        if page < 8:
            return bool(p[10] >> page & 1)
        return bool(p[11] >> (page - 8) & 1)

    def _drop(self):
        # Anything unexpected sends the tag back where it came from (ISO 14443-3).
        self.state = HALT if self.from_halt else IDLE
        self.level = 0

    def receive(self, frame, n, lastbits, reply):
        """Handle one frame; return None (silent), or a reply description.

        Returns NONE (silent), BYTES (reply[:r_n], r_bits valid bits in the last
        byte) or FIELD (an anticollision answer: bits r_known.. of self.field()).
        Results stay in attributes so a frame allocates nothing.
        """
        self.busy_us = 0
        if n == 1 and lastbits == 7:
            cmd = frame[0]
            if cmd == REQA and self.state == IDLE or cmd == WUPA and (self.state == IDLE or self.state == HALT):
                self.from_halt = self.state == HALT
                self.state = READY
                self.level = 0
                reply[0] = self.atqa[0]
                reply[1] = self.atqa[1]
                return self._bytes(2, 8)
            if self.state == READY or self.state == ACTIVE:
                self._drop()
            return NONE
        if self.state == READY:
            return self._anticollision(frame, n, lastbits, reply)
        if self.state == ACTIVE:
            return self._active(frame, n, lastbits, reply)
        return NONE

    def _anticollision(self, frame, n, lastbits, reply):
        if lastbits == 8 and n >= 1 and frame[0] != SEL[self.level]:
            self._drop()
            return NONE
        if n < 2:
            return NONE
        nvb = frame[1]
        if nvb == 0x70 and n == 9 and lastbits == 8:
            if crc_a(frame, 7) != frame[7] | frame[8] << 8:
                return NONE  # a corrupted SELECT is ignored
            field = self.fields[self.level]
            for i in range(5):
                if frame[2 + i] != (field >> (8 * i)) & 0xFF:
                    self._drop()
                    return NONE
            self.level += 1
            if self.level < self.levels:
                sak = 0x04  # cascade bit: UID not complete
            else:
                self.state = ACTIVE
                sak = self.sak
            reply[0] = sak
            c = crc_a(reply, 1)
            reply[1] = c & 0xFF
            reply[2] = c >> 8
            return self._bytes(3, 8)
        known = ((nvb >> 4) - 2) * 8 + (nvb & 0x0F)
        if known < 0 or known >= 40:
            self._drop()
            return NONE
        field = self.fields[self.level]
        for k in range(known):
            sent = (frame[2 + k // 8] >> (k % 8)) & 1
            if sent != (field >> k) & 1:
                return NONE  # not our prefix: stay silent, stay READY
        self.r_known = known
        return FIELD

    def _active(self, frame, n, lastbits, reply):
        cmd = frame[0]
        if lastbits != 8 or n < 3 or crc_a(frame, n - 2) != frame[n - 2] | frame[n - 1] << 8:
            reply[0] = NAK_CRC
            return self._bytes(1, 4)
        if cmd == HLTA and n == 4 and frame[1] == 0:
            self.state = HALT
            self.level = 0
            return NONE
        if cmd == WRITE and n == 8 and self.pages is not None:
            self.writes += 1
            page = frame[1]
            if page < USER_PAGES[0] or page > USER_PAGES[1] or self.locked(page):
                self._drop()
                reply[0] = NAK_INVALID_ARG
                return self._bytes(1, 4)
            for i in range(4):
                self.pages[page * 4 + i] = frame[2 + i]
            self.busy_us = WRITE_US
            reply[0] = ACK
            return self._bytes(1, 4)
        if cmd == READ and n == 4 and self.pages is not None:
            self.reads += 1
            page = frame[1]
            count = len(self.pages) // 4
            if page >= count:
                reply[0] = NAK_INVALID_ARG
                return self._bytes(1, 4)
            for i in range(16):
                # Reading past the last page rolls over to page 0 (NTAG21x).
                reply[i] = self.pages[(page * 4 + i) % len(self.pages)]
            c = crc_a(reply, 16)
            reply[16] = c & 0xFF
            reply[17] = c >> 8
            return self._bytes(18, 8)
        self._drop()
        reply[0] = NAK_INVALID_ARG
        return self._bytes(1, 4)


def ntag213(uid, user=b""):
    """An NTAG213 (45 pages) with a 7-byte UID and optional user bytes from page 4."""
    uid = bytes(uid)
    if len(uid) != 7:
        raise ValueError("an NTAG213 has a 7-byte UID")
    pages = bytearray(45 * 4)
    pages[0:3] = uid[0:3]
    pages[3] = CASCADE_TAG ^ uid[0] ^ uid[1] ^ uid[2]
    pages[4:8] = uid[3:7]
    pages[8] = uid[3] ^ uid[4] ^ uid[5] ^ uid[6]
    pages[9] = 0x48
    pages[12:16] = b"\xe1\x10\x12\x00"  # capability container: NDEF, 144 bytes
    user = bytes(user)[:144]
    pages[16:16 + len(user)] = user
    return Tag(uid, 0x00, pages)


def mifare_classic(uid):
    """A 4-byte-UID tag (MIFARE Classic 1K style: SAK 0x08, no NTAG READ)."""
    return Tag(uid, 0x08, None)
