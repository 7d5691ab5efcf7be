"""Decks that carry their own names at the table: written by one table in the menu's
write-deck mode, played on another with no enrolment (MicroPython)."""
import scratch
import tablekit   # first: it puts firmware/ ahead of tests/ on the path
from drivers.buttons import CONFIRM, MENU, UNDO
from chips.tags import ntag213
from reader import enrol, ndef
from table import phases as P


def _blank(i):
    """A blank NTAG213 whose UID says nothing of the card it will carry."""
    return ntag213(bytes((0x04, 0x77, i & 0xFF, 0x31, 0x07, 0x9C, (i * 37) & 0xFF)))


def _lay(k, seat, tag):
    k.sim.place(seat, tag)
    k.rounds(2)
    k.sim.remove(tag)
    k.rounds(tablekit.MISSES + 1)


def _write_deck(k, pack="spanish40"):
    """Hold undo at the idle table, lay a blank tag per item in the panel's order."""
    k.press(UNDO, long=True)
    assert k.table.phase == P.ENROL and k.table.enroller.view()[0] == "write"
    k.app.draw()
    order = enrol.order(pack)
    tags = {}
    for i, code in enumerate(order):
        assert k.table.enroller.expected() == code
        tag = tags[code] = _blank(i)
        _lay(k, i % 4, tag)
        assert ndef.decode(tag.pages[16:48]) == (pack, code), enrol.name(code)
    return tags


def test_a_deck_written_on_one_table_plays_a_match_on_another_with_no_enrolment():
    a = tablekit.Kit(scratch.path("tapete-deck-a"), deck=False)
    tags = _write_deck(a)
    n = len(enrol.order("spanish40"))       # 40 cards and the control tags
    assert a.table.phase == P.SETUP and a.table.message == "wrote %d tags" % n
    replies = [e for e in a.log() if e.get("reply") == "write"]
    assert [r["result"] for r in replies].count("written") == n and replies[-1]["result"] == "done"
    b = tablekit.Kit(scratch.path("tapete-deck-b"), deck=False)
    assert b.table.deck is None
    b.tags = tags                           # the players bring the written deck
    b.command('{"cmd": "new", "game": "malilla", "options": {"irregularity": "report"}}')
    p = tablekit.Players(b, seed=5)
    p.play_hand()
    plays = [e for e in b.events() if e["ev"] == "play"]
    assert len(plays) == 40 and not [e for e in b.events() if e["ev"] == "violation"]
    assert b.table.phase == P.TURNUP
    assert b.app.reader.stats["read"] == 40 and b.app.reader.stats["written"] == 0
    p.play_match()                          # each card read once: known at every next lay
    assert b.table.phase == P.OVER and b.events()[-1]["ev"] == "match_end"
    assert b.app.reader.stats["read"] == 40
    assert not [e for e in b.events() if e["ev"] == "violation"]


def test_writing_goes_back_one_tag_skips_a_tag_laid_again_and_says_so():
    k = tablekit.Kit(scratch.path("tapete-deck-w"), deck=False)
    k.press(UNDO, long=True)
    k.press(MENU)                           # before the first tag: the next pack
    assert k.table.enroller.deck.name == "spanish48"
    first = _blank(1)
    _lay(k, 2, first)
    assert k.table.enroller.pos == 1
    _lay(k, 1, first)                       # laid again: not written over
    assert k.table.enroller.pos == 1 and k.table.message.startswith("already written: A")
    k.press(UNDO)                           # back one: the same tag written again
    _lay(k, 3, first)
    assert k.table.enroller.pos == 1 and first.writes >= 7
    classic = tablekit.ntag213(tablekit.uid7(200))
    classic.pages = None                    # a tag without pages (MIFARE-like)
    k.sim.place(0, classic)
    k.rounds(3)
    assert k.table.enroller.pos == 1
    k.press(CONFIRM)
    assert k.table.phase == P.SETUP and k.table.message == "wrote 1 tags"
    assert k.app.reader.writing is None
