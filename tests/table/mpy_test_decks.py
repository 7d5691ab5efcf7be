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


# -- the write-deck mode from the host (the `write` command, docs/serial.md) ----------------------
def _replies(k, before):
    return [e for e in k.log()[before:] if e.get("reply") == "write" or "error" in e]


def test_the_host_starts_the_write_mode_for_a_pack_and_hears_each_tag_written():
    k = tablekit.Kit(scratch.path("tapete-deck-h"), deck=False)
    r = k.command('{"cmd": "write", "pack": "piquet32", "id": 7}')
    assert r == [{"reply": "write", "ok": True, "id": 7, "result": "started", "pack": "piquet32",
                  "tags": len(enrol.order("piquet32")), "next": enrol.name(enrol.order("piquet32")[0])}]
    assert k.table.phase == P.ENROL and k.table.enroller.deck.name == "piquet32"
    order = enrol.order("piquet32")
    for i, code in enumerate(order[:3]):
        n = len(k.log())
        tag = _blank(100 + i)
        _lay(k, i % 4, tag)
        said = _replies(k, n)
        assert said == [{"reply": "write", "result": "written", "card": enrol.name(code),
                         "next": enrol.name(order[i + 1])}], said
        assert ndef.decode(tag.pages[16:48]) == ("piquet32", code)
    r = k.command('{"cmd": "write", "stop": true}')
    assert r == [{"reply": "write", "ok": True, "result": "done", "tags": 3}]
    assert k.table.phase == P.SETUP and k.app.reader.writing is None and k.table.enroller is None


def test_a_tag_that_will_not_take_the_record_is_told_as_failed_and_the_next_stays_due():
    k = tablekit.Kit(scratch.path("tapete-deck-f"), deck=False)
    k.command('{"cmd": "write", "pack": "spanish40"}')
    locked = _blank(150)
    locked.pages[10] |= 0x10                # page 4 locked (a phone app's lock bits)
    n = len(k.log())
    k.sim.place(2, locked)
    k.rounds(6)                             # tried at each look: told once, at the 3rd failure
    said = _replies(k, n)
    first = enrol.name(enrol.order("spanish40")[0])
    assert said == [{"reply": "write", "result": "failed", "why": "not written: locked, or it moved",
                     "next": first}], said
    assert k.table.enroller.pos == 0 and k.table.message == "this tag cannot be written"
    k.sim.remove(locked)
    k.rounds(tablekit.MISSES + 1)
    good = _blank(151)
    _lay(k, 2, good)                        # another tag: written as the same card
    assert ndef.decode(good.pages[16:48]) == ("spanish40", enrol.order("spanish40")[0])


def test_bad_write_commands_are_refused_and_change_nothing():
    k = tablekit.Kit(scratch.path("tapete-deck-e"), deck=False)
    for cmd, words in (('{"cmd": "write", "pack": "tarot78"}', "unknown pack 'tarot78' (one of spanish40"),
                       ('{"cmd": "write", "pack": 5}', "unknown pack 5"),
                       ('{"cmd": "write", "stop": "yes"}', "'stop' to be true or false"),
                       ('{"cmd": "write", "stop": true}', "no deck is being written")):
        r = k.command(cmd)
        assert len(r) == 1 and words in r[0]["error"], r
        assert k.table.phase == P.IDLE and k.table.enroller is None
    k.command('{"cmd": "write", "pack": "spanish40"}')
    _lay(k, 0, _blank(160))
    r = k.command('{"cmd": "write", "pack": "french52"}')     # a pass under way keeps its pack
    assert "is being written (1 of" in r[0]["error"] and k.table.enroller.deck.name == "spanish40"
    k.command('{"cmd": "write", "stop": true}')
    k.command('{"cmd": "new", "game": "malilla"}')
    r = k.command('{"cmd": "write", "pack": "spanish40"}')     # a match under way: not now
    assert "between matches" in r[0]["error"] and k.table.enroller is None
