"""The enrolled deck during play: which tag UID is which card (or control tag).

All that playing needs of enrolment: the UID -> code table, read from flash at
boot, and the control tags' words. Writing the file, enrolling and checking a deck
are in enrol.py, loaded only for that (see docs/serial.md, "Budgets").
Card codes follow docs/rules-api.md (suit * 16 + face - 1); control tags get
codes CONTROL_BASE + their index in CONTROLS.
"""
import json
from micropython import const

# The control tags' words: the table's own (confirm, undo, misdeal: docs/protocol.md 1.2's
# event, the hand in progress void) and the calls of every game (rules' `tag_call`
# turns a word into a call; docs/protocol.md 1.1's call words).
CONTROLS = ("claim", "concede", "confirm", "undo", "trump-S", "trump-H", "trump-D",
            "trump-C", "no-trump", "double", "delegate", "pass", "declare", "raise", "accept",
            "reject", "play", "fold", "truc", "retruc", "mus", "no-mus", "discard", "yes", "no",
            "bid", "see", "ordago", "misdeal", "object",
            "overrule", "exchange")     # new words go last: enrolled codes stay
CONTROL_BASE = const(64)
PATH = "enrol.json"
SIGNS = ("french", "spanish")   # the suit signs printed on the enrolled cards
_REC = const(12)


class Deck:
    """UID -> code table in one flat bytearray; lookup() allocates nothing.

    Record: uid length, 10 uid bytes, code.
    """

    REC = _REC

    def __init__(self, capacity=80):
        self.table = bytearray(capacity * _REC)
        self.capacity = capacity
        self.count = 0
        self.name = ""
        self.signs = 0      # index in SIGNS

    def lookup(self, uid, n):
        """The code of uid[:n], or -1 when the tag is not enrolled."""
        t = self.table
        for r in range(0, self.count * _REC, _REC):
            if t[r] != n:
                continue
            for i in range(n):
                if t[r + 1 + i] != uid[i]:
                    break
            else:
                return t[r + 11]
        return -1

    def add(self, uid, n, code):
        """Enrol uid[:n] as `code`; ValueError when full or the uid is taken."""
        if n < 1 or n > 10:
            raise ValueError("a UID has 1..10 bytes")
        taken = self.lookup(uid, n)
        if taken >= 0:
            raise ValueError("tag already enrolled as code %d" % taken)
        if self.count >= self.capacity:
            raise ValueError("deck table full (%d tags)" % self.capacity)
        r = self.count * _REC
        self.table[r] = n
        for i in range(n):
            self.table[r + 1 + i] = uid[i]
        self.table[r + 11] = code
        self.count += 1

    def lacks(self, pack):
        """The card codes of `pack` (four suit sets of bit face-1, as the rules'
        Game.deck) that no enrolled tag stands for; allocates."""
        have = [0, 0, 0, 0]
        t = self.table
        for r in range(0, self.count * _REC, _REC):
            c = t[r + 11]
            if c < CONTROL_BASE:
                have[c >> 4] |= 1 << (c & 15)
        out = []
        for s in range(4):
            gone = pack[s] & ~have[s]
            for f in range(13):
                if gone >> f & 1:
                    out.append(s * 16 + f)
        return out

    @classmethod
    def load(cls, path=PATH, capacity=0):
        """Read an enrolment file (or its temp file after an interrupted save)."""
        try:
            f = open(path)
        except OSError:
            f = open(path + ".tmp")
        with f:
            data = json.loads(f.read())
        if not isinstance(data, dict) or data.get("version") != 1:
            raise ValueError("%s: not a version 1 enrolment file" % path)
        d = cls(max(capacity, len(data["tags"])))
        d.name = data.get("deck", "")
        d.signs = 1 if data.get("signs") == SIGNS[1] else 0
        uid = bytearray(10)
        for hexuid, code in data["tags"].items():
            n = len(hexuid) // 2
            for i in range(n):
                uid[i] = int(hexuid[2 * i:2 * i + 2], 16)
            d.add(uid, n, code)
        return d


def path_in(root):
    """The enrolment file's path in the flash folder `root` ("" = the current one)."""
    return PATH if not root else root.rstrip("/") + "/" + PATH
