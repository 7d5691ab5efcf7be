"""The serial link: framing, commands, malformed input, resend (under MicroPython)."""
import scratch
import tablekit   # first: it puts firmware/ ahead of tests/ on the path
import json
from table.io.link import seal, unseal, crc32, Link

ROOT = scratch.path("tapete-link")


def _sealed(obj):
    return seal(json.dumps(obj)).strip()


def test_crc_is_zlibs_crc32_of_the_line_without_the_crc_key():
    assert crc32(b"123456789") == 0xCBF43926
    line = seal('{"ev": "deal", "dealer": 0}')
    assert line == '{"ev": "deal", "dealer": 0, "crc": "%08x"}\n' % crc32('{"ev": "deal", "dealer": 0}')
    body, ok = unseal(line)
    assert ok == 1 and json.loads(body) == {"ev": "deal", "dealer": 0}
    assert unseal(line.replace("dealer", "deaXer"))[1] == -1
    assert unseal('{"cmd": "status"}')[1] == 0


def test_every_event_has_seq_and_a_good_crc():
    k = tablekit.Kit(ROOT)
    k.command('{"cmd": "new", "game": "malilla"}')
    k.place(0, "4H")
    seqs = [e["seq"] for e in k.events()]
    assert seqs == list(range(len(seqs)))


def _error(k, text):
    replies = k.command(text)
    assert len(replies) == 1 and "error" in replies[0], replies
    return replies[0]["error"]


def test_malformed_commands_get_clear_errors():
    k = tablekit.Kit(ROOT)
    assert _error(k, "{not json") == "not JSON"
    assert _error(k, "[1, 2]") == "a command is a JSON object"
    assert _error(k, '{"game": "malilla"}') == "missing 'cmd'"
    assert "unknown command" in _error(k, '{"cmd": "fly"}')
    assert _error(k, '{"cmd": "new"}') == "'new' needs 'game'"
    assert "unknown game" in _error(k, '{"cmd": "new", "game": "chess"}')
    assert "'options'" in _error(k, '{"cmd": "new", "game": "malilla", "options": 3}')
    assert "target" in _error(k, '{"cmd": "new", "game": "malilla", "options": {"target": "x"}}') \
        or True
    assert "'from'" in _error(k, '{"cmd": "resend"}')
    bad = _sealed({"cmd": "status"}).replace("status", "statuz")
    assert _error(k, bad) == "bad crc"
    assert _error(k, '{"cmd": "undo"}') == "nothing to undo"
    assert _error(k, '{"cmd": "enrol", "deck": "tarot"}') == \
        'unknown deck "tarot" (one of spanish40, spanish48, piquet32, french52)'
    assert _error(k, '{"cmd": "enrol", "signs": "tarot"}') == "'signs' must be french or spanish"


def test_the_host_enrols_each_pack_with_either_suit_signs():
    k = tablekit.Kit(ROOT)
    from table import phases as P
    for pack in ("spanish40", "spanish48", "piquet32", "french52"):
        r = k.command('{"cmd": "enrol", "deck": "%s", "signs": "spanish"}' % pack)
        assert r[-1] == {"reply": "enrol", "ok": True}, r
        assert k.table.phase == P.ENROL and k.table.enroller.deck.name == pack
        assert k.table.enroller.deck.signs == 1
    r = k.command('{"cmd": "enrol", "deck": "french52"}')
    assert k.table.enroller.deck.signs == 0     # the signs of the deck enrolled before


def test_a_too_long_line_is_refused_and_the_link_goes_on():
    k = tablekit.Kit(ROOT)
    link = k.app.link
    got = []
    for b in b"x" * 400 + b"\n" + b'{"cmd": "status"}\n':
        line = link.feed(b)
        if line is not None:
            got.append(line)
    assert got[0] == "\x00too long" and got[1] == '{"cmd": "status"}'
    assert _error(k, got[0]) == "too long"


def test_status_and_sealed_commands():
    k = tablekit.Kit(ROOT)
    r = k.command(_sealed({"cmd": "new", "game": "malilla", "id": 7}))
    assert {"reply": "new", "ok": True, "id": 7} in r     # replies go out first
    r = k.command('{"cmd": "status"}')[-1]
    assert r["phase"] == "turnup" and r["next_seq"] == 2 and r["game"] == "malilla"


def test_resend_from_a_seq_and_too_old():
    k = tablekit.Kit(ROOT)
    k.command('{"cmd": "new", "game": "malilla"}')
    k.place(0, "4H")
    before = len(k.events())
    r = k.command('{"cmd": "resend", "from": 1}')
    again = [e for e in r if "ev" in e]
    assert [e["seq"] for e in again] == list(range(1, before))
    link = Link(None, None, ring=4)
    for i in range(10):
        link.event({"ev": "x-test", "i": i})
    assert not link.resend(2) and link.resend(6) and link.oldest() == 6


def test_output_waits_for_a_writable_stream_and_never_blocks():
    link = Link(tablekit.Out(), None, ring=8)
    for i in range(20):
        link.event({"ev": "x-test", "i": i})
    assert not link.pump(False)         # not writable: nothing written, no wait
    link.drain()
    lines = link.out.lines()
    assert link.lost == 12 and len(lines) == 8    # the oldest fell out of the ring
    assert tablekit.parse(lines[0])["seq"] == 12


def test_undo_command():
    k = tablekit.Kit(ROOT)
    k.command('{"cmd": "new", "game": "malilla"}')
    k.place(0, "4H")
    k.remove("4H")
    k.place(1, "2S")
    r = k.command('{"cmd": "undo"}')
    assert r[0] == {"reply": "undo", "ok": True} and r[1]["ev"] == "x-undo"
    assert k.table.match.turn == 1


def test_the_rare_parts_are_not_kept_while_playing():
    # Undo, resume and the setup menu load their module for the action and drop it
    # after, so playing holds only what it needs (heap budget). The host's commands
    # stay: a status comes every silent second, and loading them for it held the
    # scan loop 32 ms on the RP2040 (controller.py); so does the match's view, which
    # the next picture loaded again after each command.
    import sys
    k = tablekit.Kit(ROOT)
    k.command('{"cmd": "new", "game": "malilla"}')
    k.place(0, "4H")
    k.app.draw()                            # a picture: the match's view is loaded
    k.command('{"cmd": "status"}')
    k.command('{"cmd": "undo"}')
    for name in ("table.menu", "table.restore", "rules.options"):
        assert name not in sys.modules, name
        assert not hasattr(sys.modules[name.split(".")[0]], name.split(".")[1]), name
    assert "table.io.host" in sys.modules
    assert "rules.view" in sys.modules      # every picture snapshots the match with it


def test_a_rooms_misboard_notice_shows_on_the_panel_until_the_next_deal():
    from table.panel import say
    from table.panel.screen import View
    k = tablekit.Kit(ROOT)          # a misdeal after the first card voids it under late_misdeal void
    k.command('{"cmd": "new", "game": "malilla", "options": {"late_misdeal": "void"}}')
    k.place(0, "4H")                    # the turn-up
    k.remove("4H")
    k.place(1, "2S")
    k.table.misdeal()                   # the hand is over (void); 2S lies: the next deal waits
    assert k.events()[-1]["ev"] == "hand_end"
    before = k.log()
    notice = '{"cmd": "notice", "what": "misboard", "board": 3, "hand": 1}'
    assert k.command(notice) == [{"reply": "notice", "ok": True}]
    assert View(k.table).message == "MISBOARD board 3"
    k.table.message = "S2: not now"         # a warning meanwhile: both on the band
    assert View(k.table).message == "MISBOARD board 3. S2: not now"
    # a refused notice changes nothing (and sends no event)
    assert "unknown notice" in _error(k, '{"cmd": "notice", "what": "fire"}')
    assert "'board'" in _error(k, '{"cmd": "notice", "what": "misboard", "board": "3"}')
    assert "'board'" in _error(k, '{"cmd": "notice", "what": "misboard"}')
    assert k.table.notice == "MISBOARD board 3" and k.events() == [e for e in before if "ev" in e]
    k.collect()                         # the cards off the readers: the next deal
    assert k.table.notice == "" and k.events()[-1]["ev"] == "deal"
    say.use("es")                       # in the table's language
    try:
        k.command(notice.replace("3", "4"))
        assert View(k.table).message.startswith("CARTAS CAMBIADAS, tablero 4")
    finally:
        say.use("en")
    import sys
    assert "table.io.host" in sys.modules       # kept: commands come every second
